package asserts

import (
	"fmt"
	"strings"
)

// checkFacts is assertgen's one table of what it says about each check,
// one row per plan check: the name plans, allowlists and reports use, the
// Go names generated code uses (the constant and the [Call] method), the
// plain words `assertgen explain` prints for a row, and the hint a
// violation gives the op author. asserts reads the names and hints; plan
// reads them through [Check.String], [ParseCheck] and [Check.Describe];
// gen through [Check.GoName] and [Check.Method]. A new check is one row
// here and its constant in policy.go.
var checkFacts = [NumPlanChecks]checkFact{
	CheckSameImpl: {
		name: "same_impl", constant: "CheckSameImpl", method: "SameImpl",
		words: func(w Words) string { return "after the call, " + w.Each + " is still the same TensorImpl" },
		hint:  always("a kernel must not point an argument's handle at another TensorImpl; write into the tensor (copy_, resize_) instead of replacing it"),
	},
	CheckSameStorage: {
		name: "same_storage", constant: "CheckSameStorage", method: "SameStorage",
		words: func(w Words) string {
			return w.Each + " keeps its StorageImpl (the contents and size may change, the storage object may not)"
		},
		hint: always("in-place and out= kernels may change a storage's contents and size (resize_ keeps the StorageImpl) but never swap the StorageImpl; only set_ may, and it is allowlisted"),
	},
	CheckImplUseCountLE1: {
		name: "impl_use_count_le_1", constant: "CheckImplUseCountLE1", method: "ImplUseCountLE1",
		words: func(w Words) string { return w.Ret + " is a TensorImpl nothing else holds (use count <= 1)" },
		hint:  implUseCountLE1Hint,
	},
	CheckStorageUseCountEq1: {
		name: "storage_use_count_eq_1", constant: "CheckStorageUseCountEq1", method: "StorageUseCountEq1",
		words: func(w Words) string { return w.Ret + " has a storage of its own (StorageImpl use count == 1)" },
		hint:  always("a fresh return must own its storage alone: allocate new storage; if the op really returns a view, annotate the return Tensor(a) in the schema or add a views allowlist entry"),
	},
	CheckSharesStorage: {
		name: "shares_storage", constant: "CheckSharesStorage", method: "SharesStorage",
		words: func(w Words) string { return w.Ret + " is a view: it shares " + w.Arg + "'s StorageImpl" },
		hint:  sharesStorageHint,
	},
	CheckFreshOrAlias: {
		name: "fresh_or_alias", constant: "CheckFreshOrAlias", method: "FreshOrAlias",
		words: func(w Words) string { return w.Ret + " is " + w.Arg + " itself, a view of it, or a fresh tensor" },
		hint:  freshOrAliasHint,
	},
	CheckReturnsArg: {
		name: "returns_arg", constant: "CheckReturnsArg", method: "ReturnsArg",
		words: func(w Words) string { return w.Ret + " is " + w.Arg + " itself, the tensor the op wrote" },
		hint: func(v *Violation) string {
			return fmt.Sprintf("an in-place or out= kernel must return the tensor it mutated (%s), not a new one", v.otherArg())
		},
	},
	CheckNoMutation: {
		name: "no_mutation", constant: "CheckNoMutation", method: "NoMutation",
		words: func(w Words) string {
			return w.Each + " is not written (its version counter is unchanged)" + unlessWritten(w, "it shares storage with %s, which the op writes")
		},
		hint: always("write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist"),
	},
	CheckDistinctOutputs: {
		name: "distinct_outputs", constant: "CheckDistinctOutputs", method: "DistinctOutputs",
		words: func(Words) string { return "the fresh outputs share no storage with each other" },
		hint:  always("each fresh return needs its own storage: allocate separate tensors instead of views of one buffer"),
	},
	CheckBindingContext: {
		name: "binding_context", constant: "CheckBindingContext", method: "BindingContext",
		words: func(w Words) string {
			return "in a hermetic context, the storage of " + w.Each + " carries no binding made outside it, and the kernel binds none (checked before and after the call)"
		},
		hint: func(v *Violation) string {
			if v.WhileCalled {
				return "a kernel running in a hermetic context must not bind foreign objects to (or unbind) its inputs' storages: the objects die with the context while the inputs live on"
			}
			return "the storage's foreign object was made outside this hermetic context and must not be used or freed here; copy the tensor into the context first (the PyObject-preservation bug of torch::deploy)"
		},
	},
	CheckFreshNoAlias: {
		name: "fresh_no_alias", constant: "CheckFreshNoAlias", method: "FreshNoAlias",
		words: func(w Words) string {
			return w.Ret + " shares no StorageImpl with " + w.Each + " (holds under modes too: it needs no use counts)"
		},
		hint: func(v *Violation) string {
			return fmt.Sprintf("a fresh return must not share memory with %s: allocate new storage, or annotate the return Tensor(a) in the schema if the op really returns a view (then shares_storage checks it)", v.otherArg())
		},
	},
	CheckSameContent: {
		name: "same_content", constant: "CheckSameContent", method: "SameContent", // SameContent before the kernel, SameContentAfter after it
		words: func(w Words) string {
			return "the bytes " + w.Each + " can reach are unchanged, even by writes that bump no version counter" + unlessWritten(w, "it shares storage with %s, which the op writes") +
				" (opt-in, O(bytes): on with ASSERTGEN_CONTENT=on or a list of ops, or asserts.SetContentCheck; off, it counts as skipped under content_check_off)"
		},
		hint: always("a kernel must not write an input the schema marks read-only, even through its data pointer (no_mutation cannot see writes that bump no version counter): write to a new tensor, or mark the argument mutable in the schema (Tensor(a!)); an intended unannotated write (batch_norm's running stats) needs a same_content skip with its reason in the allowlist"),
	},
	CheckImplUseCountEqFresh: {
		name: "impl_use_count_eq_fresh", constant: "CheckImplUseCountEqFresh", method: "ImplUseCountEqFresh", // with the returned tensor; a list: ImplUseCountEqFreshList
		words: func(w Words) string {
			return w.Ret + " is a TensorImpl held only by the returned handle, and by the foreign object bound to it (a PyObject) if it has one: use count 1, or 2 with such an object (PyTorch 2.14's expected_fresh_use_count)"
		},
		hint: implUseCountEqFreshHint,
	},
	CheckFreshNotHeld: {
		name: "fresh_not_held", constant: "CheckFreshNotHeld", method: "FreshNotHeld",
		words: func(w Words) string {
			if w.Arg != "" {
				return "where " + w.Ret + " is neither " + w.Each + " nor a view of it, it is fresh: its storage is not one an earlier call returned fresh that is still alive (a cached copy): the fresh branch of fresh_or_alias, for runtimes without use counts"
			}
			return w.Ret + "'s storage is not one an earlier call returned fresh that is still alive (a cached output, a global buffer): freshness for runtimes without use counts; with use counts it is skipped under use_counted"
		},
		hint: always("a fresh return must be a storage nobody else holds: do not return a cached output, a global buffer or a buffer kept from an earlier call; allocate a new one (a pool the runtime owns must take buffers back explicitly and call asserts.Released)"),
	},
	CheckSameMetadata: {
		name: "same_metadata", constant: "CheckSameMetadata", method: "SameMetadata", // SaveMetadata before the kernel, SameMetadata after it
		words: func(w Words) string {
			return "the sizes, strides and storage offset of " + w.Each + " are unchanged (a view made by rewriting the input in place)" + unlessWritten(w, "it is (a handle of) %s, which the op may change") +
				"; runtimes without asserts.Metadata skip it under no_metadata_access"
		},
		hint: always("a kernel must not change the geometry of an input the schema marks read-only (a view op that transposes or narrows self in place and returns self): make a new TensorImpl over the same storage for a view, or mark the argument mutable in the schema (Tensor(a!)) for an in-place metadata op such as t_ or as_strided_"),
	},
	CheckNotArgHandle: {
		name: "not_arg_handle", constant: "CheckNotArgHandle", method: "NotArg", // NotArg, NotArgList, NotArgElems, NotArgElemsList
		words: func(w Words) string {
			return fmt.Sprintf("%s is not %s's handle: a Go kernel can return an argument itself without raising its use count (part of %s)", w.Ret, w.Each, w.ImplCheck)
		},
		// Reported as the TensorImpl use-count check it is part of,
		// whose hint speaks of it.
		hint: always(""),
	},
}

// A checkFact is a row of [checkFacts].
type checkFact struct {
	// name is the check's name: "same_impl".
	name string
	// constant is the name of its constant in package asserts:
	// "CheckSameImpl"; generated code passes it to [Call.PlanSkip].
	constant string
	// method is the [Call] method that runs it on one tensor:
	// "SameImpl"; the method for a list adds "List".
	method string
	// words says what a row of the check verifies, for explain.
	words func(Words) string
	// hint tells the op author what to fix, for a violation of the
	// check on an argument the kernel did not release.
	hint func(*Violation) string
}

// Words are the plain words a check's description is made of, for one
// row of a plan: plan fills them in from the row and its op (see
// [Check.Describe]).
type Words struct {
	// Arg is the row's argument, "self"; Each is the same as its tensors:
	// "self", or "each tensor of tensors" for a list argument.
	Arg, Each string
	// Ret is the row's return, "return 0", or "each tensor of return 0"
	// for a list return; empty when the row has none.
	Ret string
	// Written names the tensor arguments the op marks written: "self",
	// "self and out", "a, b and c"; empty for none.
	Written string
	// ImplCheck is the TensorImpl use-count check of the plan's release
	// ([CheckImplUseCountLE1] or [CheckImplUseCountEqFresh]), which
	// not_arg_handle is part of.
	ImplCheck Check
}

// Describe says in plain words what a row of the check verifies, the way
// `assertgen explain` prints it: for example, for same_impl on self,
// "after the call, self is still the same TensorImpl". It is empty for a
// value that is no check.
func (k Check) Describe(w Words) string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].words(w)
}

// GoName returns the name of the check's constant in this package, e.g.
// "CheckSameImpl": generated code names a check by it. It is empty for a
// value that is no check.
func (k Check) GoName() string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].constant
}

// Method returns the name of the [Call] method generated code calls to
// run the check on one tensor, e.g. "SameImpl"; the method for a list
// adds "List". Of a check that also saves a state before the kernel, it
// names one of its methods (SameContent, then SameContentAfter;
// SaveMetadata, then SameMetadata). It is empty for a value that is no
// check.
func (k Check) Method() string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].method
}

// always returns a hint that is the same for every violation.
func always(h string) func(*Violation) string { return func(*Violation) string { return h } }

// unlessWritten is the clause that ends the description of a check on an
// argument the op does not mark written, when the op writes others that
// the argument may alias at run time: ", unless at run time " and clause
// with the written arguments in place of its %s; empty when the op writes
// none.
func unlessWritten(w Words, clause string) string {
	if w.Written == "" {
		return ""
	}
	return ", unless at run time " + fmt.Sprintf(clause, w.Written)
}

// otherArg is the argument Other names, without "argument ".
func (v *Violation) otherArg() string { return strings.TrimPrefix(v.Other, "argument ") }

// notArgUncountedHint is the hint of not_arg_handle on a runtime without
// use counts.
const notArgUncountedHint = "a fresh or view return needs a tensor of its own: returning an argument's handle itself (return self) lets a later in-place or metadata change (t_, resize_, set_) through either reach the other; return a new tensor, or a new view object on the same storage"

// notArgHint is the hint of not_arg_handle on a runtime with use counts.
const notArgHint = "a fresh or view return needs its own TensorImpl: returning an argument's *Tensor (return self) gives the caller a handle it already holds, and it will be released twice; return a new tensor, or Share() the argument for an op that may alias"

// implUseCountLE1Hint is impl_use_count_le_1's hint; a violation with
// Other set is of not_arg_handle, reported as it.
func implUseCountLE1Hint(v *Violation) string {
	switch {
	case v.Other != "" && v.ImplUses == 0:
		return notArgUncountedHint
	case v.Other != "":
		return notArgHint
	case v.Traits&DirectSubclass != 0:
		return "a subclass output is held elsewhere; with the pytorch profile this check is skipped for subclasses"
	}
	return "a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles"
}

// implUseCountEqFreshHint is impl_use_count_eq_fresh's hint; a violation
// with Other set is of not_arg_handle, reported as it.
func implUseCountEqFreshHint(v *Violation) string {
	switch {
	case v.Other != "" && v.ImplUses == 0:
		return notArgUncountedHint
	case v.Other != "":
		return notArgHint
	case v.Got < v.Want:
		return "a defined return's use count counts its own handle (and a bound object's reference): the runtime reports fewer owners than the tensor has"
	case v.Binding != nil:
		return "a kernel that is neither in-place nor out= must return a new tensor held only by the returned handle and its bound foreign object: do not return an input or a cached tensor, and release the kernel's own extra handles"
	}
	return "a kernel that is neither in-place nor out= must return a new tensor held only by the returned handle: do not return an input or a cached tensor, and release the kernel's own extra handles"
}

func sharesStorageHint(v *Violation) string {
	// set_ is the way for a wrapper subclass only: say it to those.
	wrapper := ""
	if v.Traits&WrapperSubclass != 0 {
		wrapper = "; a wrapper subclass can propagate it with set_"
	}
	if v.OtherIsList {
		return fmt.Sprintf("a view kernel must return a tensor sharing the storage of an element of %s%s", v.otherArg(), wrapper)
	}
	return fmt.Sprintf("a view kernel must return a tensor sharing %s's storage%s", v.otherArg(), wrapper)
}

func freshOrAliasHint(v *Violation) string {
	arg := v.otherArg()
	switch {
	case v.Want == v.Got && v.Got != 0:
		return fmt.Sprintf("returning %s as is hands the caller a handle it already holds, and it will be released twice; return a new handle of the same tensor, a view of it, or a new tensor", arg)
	case v.OtherIsList:
		return fmt.Sprintf("a may-alias op must return an element of %s, a view of one, or a fresh tensor nobody else holds", arg)
	}
	return fmt.Sprintf("a may-alias op must return %s itself, a view of it, or a fresh tensor nobody else holds", arg)
}
