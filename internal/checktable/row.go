package checktable

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
)

// The model of a row of the table of checks (table.go), and what plan,
// gen, asserts and internal/engine read of it.

// A checkFact is a row of [checkFacts]: one plan check.
type checkFact struct {
	// shape is what each of its plan rows names.
	shape Shape
	// steps are the calls the rows' path makes to run a row, in the
	// order of their phases.
	steps []Step
	// follows, if set, are the checks each of whose rows a row of this
	// one follows in the strict profile (see [Follows]).
	follows []checks.Check
	// props say which skip conditions apply to it: the sets of checks of
	// the skip policy's rules are made from them (rules.go).
	props props
	// words says what a row of the check verifies, for explain.
	words func(Words) string
	// hint tells the op author what to fix, for a violation of the
	// check on an argument the kernel did not release.
	hint func(*Report) string
	// message is the message of a violation of the check, after the op,
	// the check and the tensor (asserts.Violation.Error).
	message func(*Report) string
	// learned is what the fast plan tests in place of a row of the
	// check, where it can (internal/engine's shape.go).
	learned Learned
	// batch is how the fast plan passes the check's rows with others by
	// one test, where it does.
	batch Batch
	// values says what a violation's Want and Got hold.
	values string
	// storageIDs: a violation's Want and Got are StorageImpl IDs whose
	// history the violation's provenance tells (internal/engine).
	storageIDs bool
	// moving names what a violation's Want and Got hold that moves from
	// call to call beyond identities ("versions", "contexts"), which
	// asserts.Deduplicate masks; empty for identities alone.
	moving string
}

// props are the kinds of state a check reads, which decide the skip
// conditions that apply to it (the sets of rules.go).
type props uint16

const (
	// readsUseCounts: it reads use counts, which a mode may raise, which a
	// wrapper subclass does not keep, and which a runtime without them
	// lacks (useCountChecks).
	readsUseCounts props = 1 << iota
	// readsImplUseCount: it reads a return's TensorImpl use count, which
	// user code of a direct subclass may raise (implUseChecks).
	readsImplUseCount
	// readsStorage: it compares StorageImpls, which a tensor without
	// storage lacks and a wrapper subclass stubs (storageChecks).
	readsStorage
	// movesWithWrites: it compares an argument's state that a legal write
	// to an argument it shares storage with moves (aliasChecks).
	movesWithWrites
	// movesConcurrently: it compares a state before the kernel with the
	// state after it that a legal call on another goroutine can move
	// (concurrentChecks).
	movesConcurrently
	// readsHiddenRefs: it reads a return's storage use count, which the
	// runtime's own hidden references may raise (hiddenRefChecks).
	readsHiddenRefs
	// readsVersion: it reads version counters, which a runtime may not
	// keep (no_version_counter).
	readsVersion
	// readsBinding: it reads storages' bindings and the call's context,
	// which a runtime may not have (no_binding_support, no_env).
	readsBinding
	// readsContent: it reads every byte a tensor can reach: off unless
	// switched on, and only where the runtime gives them
	// (content_check_off, no_content_access).
	readsContent
	// readsHandOuts: it tells a fresh storage by the registry of earlier
	// fresh hand-outs and storage anchors: for runtimes without use
	// counts, with an anchor (use_counted, no_storage_anchor).
	readsHandOuts
	// readsMetadata: it reads sizes, strides and storage offset, which a
	// runtime may not report (no_metadata_access).
	readsMetadata
	// readsHolds: it compares a storage's use count before and after the
	// call, which another goroutine's release moves when the storage has
	// other holders (other_holders).
	readsHolds
	// readsAnchor: it compares memory through the storage anchors the
	// helpers read (asserts.Anchored); without them it compares storage
	// IDs only, or is skipped (no_storage_anchor).
	readsAnchor
)

// checksThat returns the checks whose rows have any of the props p.
func checksThat(p props) checks.Set {
	var s checks.Set
	for k := range checks.Check(checks.NumChecks) {
		if checkFacts[k].props&p != 0 {
			s |= 1 << k
		}
	}
	return s
}

// A Shape is what each plan row of a check names.
type Shape uint8

const (
	OnArg       Shape = iota // an argument
	OnRet                    // a return
	OnRetArg                 // a return and an argument
	OnRetMayArg              // a return, and for a may-alias return the argument it may alias
	OnRets                   // the returns it compares (the row's rets)

	numShapes = iota
)

var shapeWords = [numShapes]string{
	"an argument", "a return", "a return and an argument",
	"a return (and the argument a may-alias return may alias)", "the returns it compares (rets)",
}

// String says what a row of the shape names: "a return and an argument".
func (s Shape) String() string { return nameOf(shapeWords[:], s, "shape") }

// A Phase is when a step of a check runs in a checked call.
type Phase uint8

const (
	// BeforeCall: before the kernel, once the arguments are saved and the
	// ones the op writes declared (Call.Mutable).
	BeforeCall Phase = iota
	// AfterCall: after the kernel, before the arguments' snapshots are
	// completed.
	AfterCall
	// AfterResult: after the kernel, once the arguments' snapshots are
	// completed and the returns' taken.
	AfterResult

	numPhases = iota
)

var phaseWords = [numPhases]string{"before the call", "after the call", "after the result"}

// String returns "before the call", "after the call" or "after the
// result".
func (p Phase) String() string { return nameOf(phaseWords[:], p, "phase") }

// A Form is the form of a row's tensors that decides the function a step
// calls: which of them are lists, or a kind of tensor type for which the
// check has a function of its own.
type Form uint8

const (
	// FormOne: single tensors.
	FormOne Form = iota
	// FormRetList: the return is a list (Tensor[]); of a row that names an
	// argument, a single one.
	FormRetList
	// FormArgList: the argument is a list (Tensor[], Tensor?[]); of a row
	// that names a return, a single one.
	FormArgList
	// FormLists: the return and the argument are lists.
	FormLists
	// FormAnchor: a single return of a type that implements asserts.Anchored,
	// whose storage anchor the wrapper passes in place of the tensor
	// (where the step has this form; FormOne otherwise).
	FormAnchor
	// FormIface: a single argument held as an asserts.Tensor (interface mode
	// without a type map), passed as one (where the step has this form;
	// FormOne otherwise).
	FormIface
	// FormOf: a row of a check of shape [OnRetMayArg] that names the
	// argument, on single tensors.
	FormOf

	// NumForms is the number of forms.
	NumForms = iota
)

var formWords = [NumForms]string{"one", "ret list", "arg list", "lists", "anchor", "iface", "of"}

// String returns the form's name in the docs' table of checks: "one",
// "ret list", "arg list", "lists", "anchor", "iface" or "of".
func (f Form) String() string { return nameOf(formWords[:], f, "form") }

// A Step is one call the rows' path (internal/engine's rowrun.go) makes to
// run a row of a check. What the call takes follows from the check's shape
// and the step's flags:
//
//   - OnArg or OnRet: the Loc and the snapshot of the row's argument or
//     return, then the tensor ([Step.Tensor]).
//   - A return and an argument: the return's Loc, its snapshot and (after
//     the call) its tensor, then the argument's Loc, its snapshot and
//     (before the call) its tensor.
//   - OnRets: the Loc and the snapshot of each of two returns. The rows'
//     path runs it on each pair of the row's returns, list elements
//     included.
//
// A function that takes the tensors of a list is a generic function of
// internal/engine that takes the Call first: Go has no generic methods.
// A step that reads use counts before the call (Step.Counts,
// view_holds_storage's) names a method of internal/engine's Frame: the
// read the one path's helpers make. Every other function is a method of
// internal/engine's Call.
type Step struct {
	Phase Phase
	// Funcs are the names of the functions of each form: "SameImpl"; ""
	// for a form the check does not have. A list form that names the
	// function of the form of its elements (a list return's FormRetList
	// or a list argument's FormArgList naming FormOne's, FormLists naming
	// FormArgList's) runs that function on each element of its list: the
	// rows' path loops (internal/engine's rowrun.go; same_impl, same_storage,
	// no_mutation and the use counts by Call.List, under the list's rules).
	Funcs [NumForms]string
	// Tensor: the call takes the tensor after its snapshot: the
	// argument's, or for a row that names a return, the return's after
	// the call and the argument's before it.
	Tensor bool
	// NoLoc: the call takes no Loc (a state saved before the kernel,
	// whose failure is reported after it).
	NoLoc bool
	// Counts: the call reads use counts. A runtime without them does
	// not make it: the check's other steps skip the row under
	// no_use_counts.
	Counts bool
	// Once: a call that takes nothing, made once per checked call of an
	// op that has rows of the check, whatever their number.
	Once bool
}

// Shape returns what each plan row of the check names; OnArg for a value
// that is no check.
func ShapeOf(k checks.Check) Shape {
	if int(k) >= len(checkFacts) {
		return OnArg
	}
	return checkFacts[k].shape
}

// StepsOf returns the calls the rows' path makes to run a row of the check,
// in the order of their phases; nil for a value that is no check.
func StepsOf(k checks.Check) []Step {
	if int(k) >= len(checkFacts) {
		return nil
	}
	return append([]Step(nil), checkFacts[k].steps...)
}

// ReadsBase reports whether the check's rows read, before the kernel, the
// use count of the storage a view return will share (a step before the
// call that reads counts: view_holds_storage's ViewBase): a passing
// call's view holds it once more than before.
func ReadsBase(k checks.Check) bool {
	return slices.ContainsFunc(StepsOf(k), func(st Step) bool { return st.Phase == BeforeCall && st.Counts })
}

// BeginsOnce reports whether the check has a step made once per call,
// before the kernel (Step.Once: fresh_not_held's hand-out sequence,
// BeginFresh).
func BeginsOnce(k checks.Check) bool {
	return slices.ContainsFunc(StepsOf(k), func(st Step) bool { return st.Once })
}

// HasForm reports whether every step of the check has a function of form
// f (or, for FormAnchor and FormIface, of FormOne, which stands in for
// them), so that a row of that form can be run.
func HasForm(k checks.Check, f Form) bool {
	if int(k) >= len(checkFacts) || f >= NumForms {
		return false
	}
	for _, st := range checkFacts[k].steps {
		if st.Once || st.Funcs[f] != "" {
			continue
		}
		if (f == FormAnchor || f == FormIface) && st.Funcs[FormOne] != "" {
			continue
		}
		return false
	}
	return true
}

// FormFor returns the form of a row of k by its tensors: whether its
// return and its argument are lists, and whether it names an argument
// (which a row of shape OnRetMayArg may or may not). ok is false when the
// check has no function for that form in some step (a row plan.Validate
// rejects). FormAnchor and FormIface are the generator's choice for
// tensor types that allow them, in place of FormOne.
func FormFor(k checks.Check, hasArg, retList, argList bool) (f Form, ok bool) {
	switch {
	case ShapeOf(k) == OnRetMayArg && hasArg:
		if retList || argList {
			return FormOf, false
		}
		f = FormOf
	case retList && argList:
		f = FormLists
	case retList:
		f = FormRetList
	case argList:
		f = FormArgList
	}
	return f, HasForm(k, f)
}

// Follows returns the checks each of whose rows a row of k follows in the
// strict profile: plan adds, after each row of one of them, a row of k
// naming the same return and argument, skipped when that row is (for the
// same reason). Empty for a check the plan decides by rules of its own.
func Follows(k checks.Check) []checks.Check {
	if int(k) >= len(checkFacts) {
		return nil
	}
	return append([]checks.Check(nil), checkFacts[k].follows...)
}

// Values says what a violation of the check holds in Want and Got, e.g.
// "TensorImpl before / after the kernel"; empty for a value that is no
// check.
func Values(k checks.Check) string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].values
}

// Words are the plain words a check's description is made of, for one
// row of a plan: plan fills them in from the row and its op (see
// [Describe]).
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
	// ([checks.ImplUseCountLE1] or [checks.ImplUseCountEqFresh]), which
	// not_arg_handle is part of.
	ImplCheck checks.Check
}

// Describe says in plain words what a row of the check verifies, the way
// `assertgen explain` prints it: for example, for same_impl on self,
// "after the call, self is still the same TensorImpl". It is empty for a
// value that is no check.
func Describe(k checks.Check, w Words) string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].words(w)
}

// always returns a hint that is the same for every violation.
func always(h string) func(*Report) string {
	return func(*Report) string { return h }
}

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
func otherArg(v *Report) string { return strings.TrimPrefix(v.Other, "argument ") }

// A Report is what a check's message and hint read of a violation: the
// fields of asserts.Violation of the same names (asserts fills it in), the
// located tensor's subclass traits and the bindings' contexts.
type Report struct {
	Other                              string
	OtherIsList                        bool
	Want, Got, WantStorage, GotStorage uint64
	ImplUses, StorageUses              int
	WhileCalled, AnchorMoved           bool
	SameMemory, Recycled               bool
	// DirectSubclass and WrapperSubclass are the located tensor's traits.
	DirectSubclass, WrapperSubclass bool
	// Bound reports that the violation has a Binding, whose context is
	// BindingContext; BindingHermetic, whether it is hermetic.
	Bound, BindingHermetic bool
	BindingContext         uint64
	// EnvContext is the context of the call (Violation.Env), 0 without.
	EnvContext uint64
}

// id formats an identity as asserts prints it (asserts.ID), e.g. 0x2a.
type id uint64

func (i id) String() string { return fmt.Sprintf("%#x", uint64(i)) }

// JoinAnd joins words as the check's texts list them: "", "a", "a and
// b", "a, b and c".
func JoinAnd(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// ComparesMemory reports whether k compares memory through the storage
// anchors a wrapper reads (same_storage, fresh_no_alias, fresh_not_held).
func ComparesMemory(k checks.Check) bool {
	return int(k) < len(checkFacts) && checkFacts[k].props&readsAnchor != 0
}

// ImplUseCount reports whether k is the TensorImpl use-count check of a
// fresh return, in either of its forms (impl_use_count_le_1,
// impl_use_count_eq_fresh; see [FreshImplCheck]).
func ImplUseCount(k checks.Check) bool {
	return int(k) < len(checkFacts) && checkFacts[k].props&readsImplUseCount != 0
}

// Moving names what a violation of k holds in Want and Got that moves
// from call to call beyond identities: "versions" (no_mutation),
// "contexts" (binding_context); empty for a check whose Want and Got are
// identities or counts alone.
func Moving(k checks.Check) string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].moving
}

// StorageIDs reports whether a violation of k holds in Want and Got the
// StorageImpl IDs whose history its provenance tells.
func StorageIDs(k checks.Check) bool {
	return int(k) < len(checkFacts) && checkFacts[k].storageIDs
}

// Message returns the message of a violation of k (after the op, the
// check and the tensor); ok is false for a check whose row has none.
func Message(k checks.Check, r *Report) (msg string, ok bool) {
	if int(k) >= len(checkFacts) || checkFacts[k].message == nil {
		return "", false
	}
	return checkFacts[k].message(r), true
}

// Hint tells the op author what to fix for a violation of k on a tensor
// the kernel did not release; empty for a value that is no check.
func Hint(k checks.Check, r *Report) string {
	if int(k) >= len(checkFacts) {
		return ""
	}
	return checkFacts[k].hint(r)
}

// A Learned is what the one path's fast plan (internal/engine) tests in
// place of a row of a check: one test of the call's tensors instead of
// the row.
type Learned uint8

const (
	// LearnedNot: the fast plan cannot stand in for the row.
	LearnedNot Learned = iota
	// LearnedListUnchanged: on a list argument (FormArgList), the list's
	// elements unchanged.
	LearnedListUnchanged
	// LearnedListApart: on a list argument (FormArgList), its elements
	// unchanged and none the return or on its anchor.
	LearnedListApart
	// LearnedHeld: on an anchored return (FormAnchor), the fast plan's own
	// fresh_not_held test of the anchor.
	LearnedHeld
	// LearnedHandleSame: on single tensors, the return's handle is the
	// argument's.
	LearnedHandleSame
	// LearnedAnchorSame: on single tensors, the return's storage anchor is
	// the argument's.
	LearnedAnchorSame
	// LearnedFixed: on single tensors, skipped on a plain call of a
	// runtime without use counts, whatever the call: fixed by the op.
	LearnedFixed
	// LearnedAliasOrFresh: on single tensors, the return is not the
	// argument's handle, and shares its storage anchor or holds its
	// TensorImpl and StorageImpl alone (internal/engine's shape.go).
	LearnedAliasOrFresh
	// LearnedAliasOf: on a may-alias return of a runtime without use
	// counts (FormOf, fresh_not_held's form beside fresh_or_alias): a
	// return that is the argument's handle or on its StorageImpl passes
	// the row, counted as run (the alias branch; the fresh branch
	// decides by other means). Only the one path's fast plan reads it.
	LearnedAliasOf
)

// A Batch is how the fast plan passes a check's rows together with
// others: by one test, without running them one by one.
type Batch uint8

const (
	// BatchNone: each row runs by its own steps.
	BatchNone Batch = iota
	// BatchUnchanged: one of the rows that compare an argument's state
	// before and after the kernel, which the fast plan tests at once for a
	// single argument (an argument unchanged): the checks of this
	// batch in the table's order; of an argument the op writes, those that
	// read no version counter.
	BatchUnchanged
	// BatchUncounted: a use-count row of a single return of a runtime
	// without use counts, which a plain call skips under no_use_counts
	// (the fast plan counts it with the call's signature).
	BatchUncounted
	// BatchPlain: the rows of single arguments before the call pass on
	// plain tensors outside hermetic contexts, by one test and one count.
	BatchPlain
	// BatchPairsHandle: the rows of one return against several single
	// arguments pass by one test that the return's TensorImpl is none of
	// theirs (CondImplApart).
	BatchPairsHandle
	// BatchPairsStorage: the rows of one return against several single
	// arguments pass by one test that every pair is plain and apart, and
	// one count.
	BatchPairsStorage
	// BatchContent: the rows of single arguments, off by default, are
	// counted as skipped by one test.
	BatchContent
	// BatchMetadata: the rows of single arguments read their fingerprints
	// in the one path's helpers (gen/steps' onepath.go).
	BatchMetadata
)

// BatchOf returns how the rows of k are batched.
func BatchOf(k checks.Check) Batch {
	if int(k) >= len(checkFacts) {
		return BatchNone
	}
	return checkFacts[k].batch
}

// Unchanged returns the checks of [BatchUnchanged] in the table's order;
// with written, for an argument the op writes, those that read no version
// counter.
func Unchanged(written bool) []checks.Check {
	var ks []checks.Check
	for k := range checks.Check(checks.NumPlanChecks) {
		if f := &checkFacts[k]; f.batch == BatchUnchanged && !(written && f.props&readsVersion != 0) {
			ks = append(ks, k)
		}
	}
	return ks
}

// LearnedBy returns what the fast plan tests in place of a row of k of
// form f; LearnedNot where it cannot.
func LearnedBy(k checks.Check, f Form) Learned {
	if int(k) >= len(checkFacts) {
		return LearnedNot
	}
	l := checkFacts[k].learned
	switch {
	case l == LearnedListUnchanged || l == LearnedListApart:
		if f == FormArgList {
			return l
		}
	case l == LearnedHeld:
		if f == FormAnchor {
			return l
		}
		if f == FormOf {
			return LearnedAliasOf
		}
	case f == FormOne:
		return l
	}
	return LearnedNot
}
