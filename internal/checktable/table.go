package checktable

import (
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
)

// checkFacts is the table; [checkFact] describes its fields. A row holds
// what it names, and the Go name of the function of each form of each
// step the rows' path calls. It holds the rows its check follows, and the
// kinds of state the check reads, from which rules.go makes the skip
// policy's rules. It holds the words `assertgen explain` prints, a
// violation's message and hint, and what its Want and Got hold. It says
// how the fast plan batches the check's rows.
//
// plan reads the shapes and forms (to validate a plan), the rows a check
// follows (to plan them), the words and the rules. gen/steps reads the
// forms and batches; asserts the messages (Violation.Error);
// internal/engine the steps' flags, the batches, hints and rules. docs'
// TestCheckTables makes the tables of checks of docs/plan.md,
// docs/asserts.md and asserts' documentation from it.
var checkFacts = [checks.NumPlanChecks]checkFact{
	checks.SameImpl: {
		shape: OnArg,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "SameImpl", FormArgList: "SameImpl"}}},
		words: func(w Words) string { return "after the call, " + w.Each + " is still the same TensorImpl" },
		hint:  always("a kernel must not point an argument's handle at another TensorImpl; write into the tensor (copy_, resize_) instead of replacing it"),
		message: func(v *Report) string {
			return fmt.Sprintf("kernel replaced the TensorImpl (before %v, after %v)", id(v.Want), id(v.Got))
		},
		learned: LearnedListUnchanged,
		batch:   BatchUnchanged,
		values:  "TensorImpl before / after the kernel",
	},
	checks.SameStorage: {
		shape: OnArg,
		props: readsStorage | movesConcurrently | readsAnchor,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "SameStorage", FormArgList: "SameStorage"}}},
		words: func(w Words) string {
			return w.Each + " keeps its StorageImpl (the contents and size may change, the storage object may not)"
		},
		hint:       always("in-place and out= kernels may change a storage's contents and size (resize_ keeps the StorageImpl) but never swap the StorageImpl; only set_ may, and it is allowlisted"),
		message:    sameStorageMessage,
		learned:    LearnedListUnchanged,
		batch:      BatchUnchanged,
		storageIDs: true,
		values:     "StorageImpl before / after the kernel",
	},
	checks.ImplUseCountLE1: {
		shape:   OnRet,
		props:   readsUseCounts | readsImplUseCount,
		steps:   []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "ImplUseCountLE1", FormRetList: "ImplUseCountLE1"}}},
		words:   func(w Words) string { return w.Ret + " is a TensorImpl nothing else holds (use count <= 1)" },
		hint:    implUseCountLE1Hint,
		message: implUseCountLE1Message,
		batch:   BatchUncounted,
		values: "1 / the TensorImpl use count; for a return that is an argument's handle (Other set, see Call.NotArg): " +
			"the argument's TensorImpl / the return's",
	},
	checks.StorageUseCountEq1: {
		shape:   OnRet,
		props:   readsUseCounts | readsStorage | readsHiddenRefs,
		steps:   []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "StorageUseCountEq1", FormRetList: "StorageUseCountEq1"}}},
		words:   func(w Words) string { return w.Ret + " has a storage of its own (StorageImpl use count == 1)" },
		hint:    always("a fresh return must own its storage alone: allocate new storage; if the op really returns a view, annotate the return Tensor(a) in the schema or add a views allowlist entry"),
		message: func(v *Report) string { return fmt.Sprintf("StorageImpl use count is %d, want 1", v.Got) },
		batch:   BatchUncounted,
		values:  "1 / the StorageImpl use count",
	},
	checks.SharesStorage: {
		shape: OnRetArg,
		props: readsStorage,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "SharesStorage", FormRetList: "SharesStorage",
			FormArgList: "SharesStorageOf", FormLists: "SharesStorageOf"}}},
		words: func(w Words) string { return w.Ret + " is a view: it shares " + w.Arg + "'s StorageImpl" },
		hint:  sharesStorageHint,
		message: func(v *Report) string {
			if v.OtherIsList {
				return fmt.Sprintf("does not share the StorageImpl of any element of %s (got %v)", v.Other, id(v.Got))
			}
			return fmt.Sprintf("does not share the StorageImpl of %s (want %v, got %v)", v.Other, id(v.Want), id(v.Got))
		},
		learned: LearnedAnchorSame,
		values:  "the argument's StorageImpl / the return's",
	},
	checks.FreshOrAlias: {
		shape: OnRetArg,
		props: readsHiddenRefs,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "FreshOrAlias", FormRetList: "FreshOrAlias",
			FormArgList: "FreshOrAliasOf", FormLists: "FreshOrAliasOf"}}},
		words:   func(w Words) string { return w.Ret + " is " + w.Arg + " itself, a view of it, or a fresh tensor" },
		hint:    freshOrAliasHint,
		message: freshOrAliasMessage,
		learned: LearnedAliasOrFresh,
		values: "the argument's TensorImpl / the return's (storages in WantStorage/GotStorage, use counts too); " +
			"equal when the return is the argument's handle itself",
	},
	checks.ReturnsArg: {
		shape: OnRetArg,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "ReturnsArg", FormLists: "ReturnsArgList"}}},
		words: func(w Words) string { return w.Ret + " is " + w.Arg + " itself, the tensor the op wrote" },
		hint: func(v *Report) string {
			return fmt.Sprintf("an in-place or out= kernel must return the tensor it mutated (%s), not a new one", otherArg(v))
		},
		message: func(v *Report) string {
			return fmt.Sprintf("is not %s (want TensorImpl %v, got %v)", v.Other, id(v.Want), id(v.Got))
		},
		learned: LearnedHandleSame,
		values:  "the argument's TensorImpl / the return's",
	},
	checks.NoMutation: {
		shape: OnArg,
		props: movesWithWrites | movesConcurrently | readsVersion,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "NoMutation", FormArgList: "NoMutation"}}},
		words: func(w Words) string {
			return w.Each + " is not written (its version counter is unchanged)" + unlessWritten(w, "it shares storage with %s, which the op writes")
		},
		hint: always("write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist"),
		message: func(v *Report) string {
			return fmt.Sprintf("kernel wrote an argument the schema does not mark mutable (version %d before, %d after)", v.Want, v.Got)
		},
		learned: LearnedListUnchanged,
		moving:  "versions",
		batch:   BatchUnchanged,
		values:  "version counter before / after the kernel",
	},
	checks.DistinctOutputs: {
		shape:   OnRets,
		props:   readsStorage,
		steps:   []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "DistinctPair"}}},
		words:   func(Words) string { return "the fresh outputs share no storage with each other" },
		hint:    always("each fresh return needs its own storage: allocate separate tensors instead of views of one buffer"),
		message: func(v *Report) string { return fmt.Sprintf("shares StorageImpl %v with %s", id(v.Got), v.Other) },
		values:  "0 / the StorageImpl two returns share",
	},
	checks.BindingContext: {
		shape: OnArg,
		props: readsStorage | movesConcurrently | readsBinding,
		steps: []Step{
			{Phase: BeforeCall, Tensor: true, Funcs: [NumForms]string{FormOne: "BindingContext", FormArgList: "BindingContext"}},
			{Phase: AfterCall, Tensor: true, Funcs: [NumForms]string{FormOne: "BindingContextAfter", FormArgList: "BindingContextAfter"}},
		},
		words: func(w Words) string {
			return "in a hermetic context, the storage of " + w.Each + " carries no binding made outside it, and the kernel binds none (checked before and after the call)"
		},
		hint: func(v *Report) string {
			if v.WhileCalled {
				return "a kernel running in a hermetic context must not bind foreign objects to (or unbind) its inputs' storages: the objects die with the context while the inputs live on"
			}
			return "the storage's foreign object was made outside this hermetic context and must not be used or freed here; copy the tensor into the context first (the PyObject-preservation bug of torch::deploy)"
		},
		message: bindingContextMessage,
		moving:  "contexts",
		batch:   BatchPlain,
		values:  "the call's context / the binding's context; with WhileCalled, the binding's context before / after",
	},
	checks.FreshNoAlias: {
		shape: OnRetArg,
		props: readsStorage | readsAnchor,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "FreshNoAlias", FormRetList: "FreshNoAliasList",
			FormArgList: "FreshNoAliasOf", FormLists: "FreshNoAliasOf"}}},
		words: func(w Words) string {
			return w.Ret + " shares no StorageImpl with " + w.Each + " (holds under modes too: it needs no use counts)"
		},
		hint: func(v *Report) string {
			return fmt.Sprintf("a fresh return must not share memory with %s: allocate new storage, or annotate the return Tensor(a) in the schema if the op really returns a view (then shares_storage checks it)", otherArg(v))
		},
		message:    freshNoAliasMessage,
		learned:    LearnedListApart,
		batch:      BatchPairsStorage,
		storageIDs: true,
		values:     "the argument's StorageImpl / the return's (equal)",
	},
	checks.SameContent: {
		shape: OnArg,
		props: readsStorage | movesWithWrites | movesConcurrently | readsContent,
		steps: []Step{
			{Phase: BeforeCall, Tensor: true, Funcs: [NumForms]string{FormOne: "SameContent", FormArgList: "SameContent"}},
			{Phase: AfterResult, Tensor: true, Funcs: [NumForms]string{FormOne: "SameContentAfter", FormArgList: "SameContentAfter"}},
		},
		words: func(w Words) string {
			return "the bytes " + w.Each + " can reach are unchanged, even by writes that bump no version counter" + unlessWritten(w, "it shares storage with %s, which the op writes") +
				" (opt-in, O(bytes): on with ASSERTGEN_CONTENT=on or a list of ops, or asserts.SetContentCheck; off, it counts as skipped under content_check_off)"
		},
		hint: always("a kernel must not write an input the schema marks read-only, even through its data pointer (no_mutation cannot see writes that bump no version counter): write to a new tensor, or mark the argument mutable in the schema (Tensor(a!)); an intended unannotated write (batch_norm's running stats) needs a same_content skip with its reason in the allowlist"),
		message: func(v *Report) string {
			return fmt.Sprintf("kernel wrote the bytes of an argument the schema does not mark mutable (StorageImpl %v, digest %#x before, %#x after) without a version bump", id(v.GotStorage), v.Want, v.Got)
		},
		learned: LearnedListUnchanged,
		batch:   BatchContent,
		values:  "the digest of the argument's bytes before / after the kernel",
	},
	checks.ImplUseCountEqFresh: {
		shape: OnRet,
		props: readsUseCounts | readsImplUseCount,
		steps: []Step{{Phase: AfterResult, Tensor: true, Funcs: [NumForms]string{FormOne: "ImplUseCountEqFresh", FormRetList: "ImplUseCountEqFresh"}}},
		words: func(w Words) string {
			return w.Ret + " is a TensorImpl held only by the returned handle, and by the foreign object bound to it (a PyObject) if it has one: use count 1, or 2 with such an object (PyTorch 2.14's expected_fresh_use_count)"
		},
		hint:    implUseCountEqFreshHint,
		message: implUseCountEqFreshMessage,
		learned: LearnedFixed,
		values: "the use count of a fresh tensor (1, or 2 with a bound foreign object, in Binding) / the TensorImpl use count; " +
			"for a return that is an argument's handle, as impl_use_count_le_1",
	},
	checks.FreshNotHeld: {
		shape: OnRetMayArg,
		props: readsStorage | readsHandOuts | readsAnchor,
		steps: []Step{
			// The hand-out sequence when the call began, once per call: the
			// outputs of checked calls the kernel makes are told from the
			// storages handed out before.
			{Phase: BeforeCall, Once: true, Funcs: [NumForms]string{FormOne: "BeginFresh"}},
			{Phase: AfterResult, Tensor: true, Funcs: [NumForms]string{FormOne: "FreshNotHeld", FormRetList: "FreshNotHeld",
				FormAnchor: "FreshNotHeldAnchor", FormOf: "FreshNotHeldOf"}},
		},
		words: func(w Words) string {
			if w.Arg != "" {
				return "where " + w.Ret + " is neither " + w.Each + " nor a view of it, it is fresh: its storage is not one an earlier call returned fresh that is still alive (a cached copy): the fresh branch of fresh_or_alias, for runtimes without use counts"
			}
			return w.Ret + "'s storage is not one an earlier call returned fresh that is still alive (a cached output, a global buffer): freshness for runtimes without use counts; with use counts it is skipped under use_counted"
		},
		hint: always("a fresh return must be a storage nobody else holds: do not return a cached output, a global buffer or a buffer kept from an earlier call; allocate a new one (a pool the runtime owns must take buffers back explicitly and say so: asserts.Released(t) for a tensor with identities, asserts.ReleasedMemory(m) with the memory of a library's type, from the config's memory: function)"),
		message: func(v *Report) string {
			return "StorageImpl " + id(v.Got).String() + " came out fresh before, from " + v.Other + ": the kernel returned a storage somebody else holds"
		},
		learned: LearnedHeld,
		values:  "0 / the return's StorageImpl; Other names the earlier call's op and return that got it first",
	},
	checks.SameMetadata: {
		shape: OnArg,
		props: movesWithWrites | movesConcurrently | readsMetadata,
		steps: []Step{
			// The fingerprint before the kernel: it can fail, so no Loc.
			{Phase: BeforeCall, Tensor: true, NoLoc: true, Funcs: [NumForms]string{FormOne: "SaveMetadata", FormArgList: "SaveMetadataList"}},
			{Phase: AfterResult, Tensor: true, Funcs: [NumForms]string{FormOne: "SameMetadata", FormArgList: "SameMetadataList"}},
		},
		words: func(w Words) string {
			return "the sizes, strides and storage offset of " + w.Each + " are unchanged (a view made by rewriting the input in place)" + unlessWritten(w, "it is (a handle of) %s, which the op may change") +
				"; runtimes without asserts.Metadata skip it under no_metadata_access"
		},
		hint: always("a kernel must not change the geometry of an input the schema marks read-only (a view op that transposes or narrows self in place and returns self): make a new TensorImpl over the same storage for a view, or mark the argument mutable in the schema (Tensor(a!)) for an in-place metadata op such as t_ or as_strided_"),
		message: func(v *Report) string {
			return fmt.Sprintf("kernel changed the sizes, strides or storage offset of an argument the schema does not mark mutable (metadata fingerprint %#x before, %#x after)", v.Want, v.Got)
		},
		learned: LearnedListUnchanged,
		batch:   BatchMetadata,
		values:  "the argument's metadata fingerprint (Metadata) before / after the kernel",
	},
	checks.ViewHoldsStorage: {
		shape:   OnRetArg,
		follows: []checks.Check{checks.SharesStorage},
		props:   readsUseCounts | readsStorage | readsHolds,
		steps: []Step{
			// The storage's use count before the kernel, kept in the
			// return's snapshot: the Frame's read (Frame.ViewBase,
			// Frame.ViewBaseList), which the rows take.
			{Phase: BeforeCall, Tensor: true, NoLoc: true, Counts: true, Funcs: [NumForms]string{FormOne: "ViewBase", FormRetList: "ViewBaseList"}},
			{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "ViewHoldsStorage", FormRetList: "ViewHoldsStorageList"}},
		},
		words: func(w Words) string {
			return w.Ret + " holds the StorageImpl it shares with " + w.Arg + ": its use count after the call exceeds the count before it by the view's hold (for a list, one per element with a TensorImpl of its own); runtimes without use counts skip it under no_use_counts"
		},
		hint: always("a view kernel must take a hold on the storage it shares, as every tensor on a storage does (retain it): a view that takes none leaves the count one short, and the storage is freed, or its buffer given back to a pool, while the view still uses it"),
		message: func(v *Report) string {
			return fmt.Sprintf("StorageImpl %v, shared with %s, has use count %d after the call, want at least %d (its count before the call and the view's hold): the view does not hold it", id(v.GotStorage), v.Other, v.Got, v.Want)
		},
		learned: LearnedFixed,
		values:  "the StorageImpl's use count before the kernel plus the holds of the views / its use count after the kernel",
	},
	checks.NotArgHandle: {
		shape: OnRetArg,
		steps: []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "NotArg", FormRetList: "NotArgElems",
			FormArgList: "NotArgList", FormLists: "NotArgElemsList"}}},
		words: func(w Words) string {
			return fmt.Sprintf("%s is not %s's handle: a Go kernel can return an argument itself without raising its use count (part of %s)", w.Ret, w.Each, w.ImplCheck)
		},
		// Reported as the TensorImpl use-count check it is part of,
		// whose hint speaks of it.
		hint:    always(""),
		learned: LearnedListApart,
		batch:   BatchPairsHandle,
		values:  "reported as the return's TensorImpl use-count check",
	},
}

// FreshImplCheck is the form of the TensorImpl use-count check of a fresh
// return that a PyTorch release asserts: impl_use_count_le_1, or, where
// the release expects expected_fresh_use_count (2.14 on),
// impl_use_count_eq_fresh.
func FreshImplCheck(expectedFresh bool) checks.Check {
	if expectedFresh {
		return checks.ImplUseCountEqFresh
	}
	return checks.ImplUseCountLE1
}

// FreshReturnCheck reports whether k is one of the checks of a fresh
// return that one returned argument (its handle, or a tensor on its
// storage) trips together: the TensorImpl and StorageImpl use counts,
// fresh_no_alias, fresh_not_held.
func FreshReturnCheck(k checks.Check) bool {
	switch k {
	case checks.ImplUseCountLE1, checks.ImplUseCountEqFresh, checks.StorageUseCountEq1, checks.FreshNoAlias, checks.FreshNotHeld:
		return true
	}
	return false
}

// ArgumentIdentity reports whether k checks that an argument keeps an
// identity (its TensorImpl or its StorageImpl): same_impl, same_storage.
// One tensor passed as two arguments trips it on each (package sweep
// reports them once).
func ArgumentIdentity(k checks.Check) bool {
	return k == checks.SameImpl || k == checks.SameStorage
}

// NamesArgument reports whether a violation of k on a return, its Other
// an argument ("argument self"), says what the return is: an argument's
// own TensorImpl (not_arg_handle, reported as the TensorImpl use-count
// checks) or storage (fresh_no_alias). The other fresh-return checks of
// the same return in the same calls have that cause (package sweep
// reports them once, under it).
func NamesArgument(k checks.Check, other string) bool {
	if !strings.HasPrefix(other, "argument ") {
		return false
	}
	return k == checks.ImplUseCountLE1 || k == checks.ImplUseCountEqFresh || k == checks.FreshNoAlias
}

// notArgUncountedHint is the hint of not_arg_handle on a runtime without
// use counts.
const notArgUncountedHint = "a fresh or view return needs a tensor of its own: returning an argument's handle itself (return self) lets a later in-place or metadata change (t_, resize_, set_) through either reach the other; return a new tensor, or a new view object on the same storage"

// notArgHint is the hint of not_arg_handle on a runtime with use counts.
const notArgHint = "a fresh or view return needs its own TensorImpl: returning an argument's *Tensor (return self) gives the caller a handle it already holds, and it will be released twice; return a new tensor, or Share() the argument for an op that may alias"

// implUseCountLE1Hint is impl_use_count_le_1's hint; a violation with
// Other set is of not_arg_handle, reported as it.
func implUseCountLE1Hint(v *Report) string {
	switch {
	case v.Other != "" && v.ImplUses == 0:
		return notArgUncountedHint
	case v.Other != "":
		return notArgHint
	case v.DirectSubclass:
		return "a subclass output is held elsewhere; with the pytorch profile this check is skipped for subclasses"
	}
	return "a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles"
}

// implUseCountEqFreshHint is impl_use_count_eq_fresh's hint; a violation
// with Other set is of not_arg_handle, reported as it.
func implUseCountEqFreshHint(v *Report) string {
	switch {
	case v.Other != "" && v.ImplUses == 0:
		return notArgUncountedHint
	case v.Other != "":
		return notArgHint
	case v.Got < v.Want:
		return "a defined return's use count counts its own handle (and a bound object's reference): the runtime reports fewer owners than the tensor has"
	case v.Bound:
		return "a kernel that is neither in-place nor out= must return a new tensor held only by the returned handle and its bound foreign object: do not return an input or a cached tensor, and release the kernel's own extra handles"
	}
	return "a kernel that is neither in-place nor out= must return a new tensor held only by the returned handle: do not return an input or a cached tensor, and release the kernel's own extra handles"
}

func sharesStorageHint(v *Report) string {
	// set_ is the way for a wrapper subclass only: say it to those.
	wrapper := ""
	if v.WrapperSubclass {
		wrapper = "; a wrapper subclass can propagate it with set_"
	}
	if v.OtherIsList {
		return fmt.Sprintf("a view kernel must return a tensor sharing the storage of an element of %s%s", otherArg(v), wrapper)
	}
	return fmt.Sprintf("a view kernel must return a tensor sharing %s's storage%s", otherArg(v), wrapper)
}

func freshOrAliasHint(v *Report) string {
	arg := otherArg(v)
	switch {
	case v.Want == v.Got && v.Got != 0:
		return fmt.Sprintf("returning %s as is hands the caller a handle it already holds, and it will be released twice; return a new handle of the same tensor, a view of it, or a new tensor", arg)
	case v.OtherIsList:
		return fmt.Sprintf("a may-alias op must return an element of %s, a view of one, or a fresh tensor nobody else holds", arg)
	}
	return fmt.Sprintf("a may-alias op must return %s itself, a view of it, or a fresh tensor nobody else holds", arg)
}

func sameStorageMessage(v *Report) string {
	if v.Recycled {
		return fmt.Sprintf("kernel gave the memory of StorageImpl %v back to the runtime's pool (asserts.Recycled) while the argument still points at it: the next fresh output can take it", id(v.Got))
	}
	if v.AnchorMoved {
		return fmt.Sprintf("kernel rebound the tensor to other memory (its storage anchor moved) and kept StorageImpl %v", id(v.Got))
	}
	return fmt.Sprintf("kernel replaced the StorageImpl (before %v, after %v)", id(v.Want), id(v.Got))
}

// notArgMessage is the message of a violation of not_arg_handle, which
// the TensorImpl use-count checks report (Other set); ok is false for
// one of their own.
func notArgMessage(v *Report) (msg string, ok bool) {
	switch {
	case v.Other != "" && v.ImplUses == 0:
		return fmt.Sprintf("is the TensorImpl of %s (%v) itself: the kernel returned the argument's handle (not_arg_handle, checked without use counts)", v.Other, id(v.Got)), true
	case v.Other != "":
		return fmt.Sprintf("is the TensorImpl of %s (%v) with use count %d: the kernel returned the argument's handle itself", v.Other, id(v.Got), v.ImplUses), true
	}
	return "", false
}

func implUseCountLE1Message(v *Report) string {
	if msg, ok := notArgMessage(v); ok {
		return msg
	}
	return fmt.Sprintf("TensorImpl use count is %d, want <= 1", v.Got)
}

func implUseCountEqFreshMessage(v *Report) string {
	if msg, ok := notArgMessage(v); ok {
		return msg
	}
	if v.Bound {
		return fmt.Sprintf("TensorImpl use count is %d, want 2: a fresh tensor's handle and the foreign object bound to it (made in context %d)", v.Got, v.BindingContext)
	}
	return fmt.Sprintf("TensorImpl use count is %d, want %d for a fresh tensor with no foreign object bound to it", v.Got, v.Want)
}

func freshOrAliasMessage(v *Report) string {
	if v.Want == v.Got && v.Got != 0 {
		return fmt.Sprintf("is the handle of %s itself (TensorImpl %v, use count %d), not a new handle of it", v.Other, id(v.Got), v.ImplUses)
	}
	got := fmt.Sprintf("TensorImpl %v use count %d, StorageImpl %v use count %d", id(v.Got), v.ImplUses, id(v.GotStorage), v.StorageUses)
	if v.ImplUses == 0 && v.StorageUses == 0 { // no use counts to show
		got = fmt.Sprintf("TensorImpl %v, StorageImpl %v", id(v.Got), id(v.GotStorage))
	}
	if v.OtherIsList {
		return fmt.Sprintf("is neither an element of %s, a view of one, nor fresh (%s)", v.Other, got)
	}
	return fmt.Sprintf("is neither %s (TensorImpl %v), a view of it (StorageImpl %v) nor fresh (%s)",
		v.Other, id(v.Want), id(v.WantStorage), got)
}

func freshNoAliasMessage(v *Report) string {
	switch {
	case v.SameMemory:
		return fmt.Sprintf("is on the memory of %s (its storage anchor) under StorageImpl %v, %s's being %v: one buffer under two storages, but the schema says the return is fresh", v.Other, id(v.Got), v.Other, id(v.Want))
	case v.StorageUses == 0: // a runtime without use counts: none to show
		return fmt.Sprintf("shares StorageImpl %v with %s, but the schema says the return is fresh", id(v.Got), v.Other)
	}
	return fmt.Sprintf("shares StorageImpl %v with %s (storage use count %d), but the schema says the return is fresh", id(v.Got), v.Other, v.StorageUses)
}

func bindingContextMessage(v *Report) string {
	switch {
	case v.WhileCalled && !v.Bound:
		return fmt.Sprintf("kernel removed the binding of StorageImpl %v (made in context %d) inside hermetic context %d", id(v.GotStorage), v.Want, v.EnvContext)
	case v.WhileCalled:
		return fmt.Sprintf("kernel bound StorageImpl %v in context %d during the call (hermetic context %d); the binding dangles once the context ends", id(v.GotStorage), v.Got, v.EnvContext)
	}
	h := "not hermetic"
	if v.Bound && v.BindingHermetic {
		h = "hermetic"
	}
	return fmt.Sprintf("StorageImpl %v is bound in context %d (%s), but the call runs in hermetic context %d",
		id(v.GotStorage), v.Got, h, v.Want)
}
