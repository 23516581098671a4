package wrap

import (
	"fmt"
	"math/bits"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// nameOf returns the name of v in names, or what(v) outside the table.
func nameOf[T ~uint8](names []string, v T, what string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", what, uint8(v))
}

// A Rule of a skip policy: when Reason holds for a tensor (or for the call),
// the checks in Skips are skipped for that tensor.
type Rule struct {
	Reason checks.Reason
	Skips  checks.Set
	Why    string
}

// The sets of checks the rules below turn off, made from the props of the
// checks' rows (facts.go).
var (
	// useCountChecks read use counts (readsUseCounts).
	useCountChecks = checksThat(readsUseCounts)
	// implUseChecks read a return's TensorImpl use count: the two forms
	// of the TensorImpl use-count check of a fresh return, a release's
	// plan has one or the other (readsImplUseCount).
	implUseChecks = checksThat(readsImplUseCount)
	// storageChecks compare StorageImpls (readsStorage).
	storageChecks = checksThat(readsStorage)
	// aliasChecks are the checks an argument sharing storage with an
	// argument the call may write cannot pass: its version, its bytes and
	// its geometry move with the legal write (movesWithWrites).
	aliasChecks = checksThat(movesWithWrites)
	// concurrentChecks compare a state before the kernel with the state
	// after it that a legal call on another goroutine can move (see
	// concurrent.go; movesConcurrently).
	concurrentChecks = checksThat(movesConcurrently)
	// hiddenRefChecks read a return's storage use count, which the
	// runtime's own hidden references may raise (see [HiddenStorageRefs];
	// readsHiddenRefs).
	hiddenRefChecks = checksThat(readsHiddenRefs)
)

const otherHoldersWhy = "the view's storage had holders besides the argument before the call, and its use count did not rise by the view's hold: one of them released on another goroutine during the call looks the same as a view that takes no hold; inconclusive, not blamed (a view of a storage only its argument held, or a count below what the argument and the view hold, is judged)"

const noMetadataWhy = "the runtime cannot report the tensor's sizes, strides and storage offset (no Metadata, or not for this tensor)"

const aliasWhy = "the argument shares storage with an argument the call may write (x.add_(x), add(a, b, out=a)): its version and bytes move with the write; for same_metadata, it shares the TensorImpl of an argument the call may write (x.t_() seen through another argument x): its sizes and strides move with the write"

const hiddenRefWhy = "the return's storage use count is above 1 and may include references the runtime holds for it (a view of a view whose view function captured the intermediate, libtorch 2.x): inconclusive, not blamed on the kernel; a count of 1 passes"

// The rules, in the order a skip's reason is chosen: a check skipped for
// several reasons is counted under the first.
var rules = [checks.NumPolicies][]Rule{
	checks.Strict: {
		{checks.ReasonUndefined, checks.All, "nothing to check"},
		{checks.ReasonAbsent, checks.All, "nothing to check"},
		{checks.ReasonModeActive, useCountChecks, "a mode may keep references"},
		{checks.ReasonDirectSubclass, implUseChecks, "user code may keep the output"},
		{checks.ReasonWrapperStub, storageChecks | useCountChecks, "storage is a stub"},
		{checks.ReasonWrapperPropagating, useCountChecks, "views checked via storage"},
		{checks.ReasonNoStorage, storageChecks, "nothing to compare"},
		{checks.ReasonMeta, 0, "meta tensors share storage for views"},
		{checks.ReasonFunctional, 0, "functional wrappers share storage for views"},
		{checks.ReasonNoVersion, checks.SetOf(checks.NoMutation), "the runtime keeps no version counter"},
		{checks.ReasonNoBinding, checks.SetOf(checks.BindingContext), "the runtime binds no foreign objects"},
		{checks.ReasonAliasesMutable, aliasChecks, aliasWhy},
		{checks.ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
		{checks.ReasonContentOff, checks.SetOf(checks.SameContent), "same_content reads every byte an argument can reach: off unless switched on (ASSERTGEN_CONTENT, SetContentCheck)"},
		{checks.ReasonNoContent, checks.SetOf(checks.SameContent), "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
		{checks.ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime): fresh_not_held checks freshness instead, and not_arg_handle still compares handles"},
		{checks.ReasonCounted, checks.SetOf(checks.FreshNotHeld), "the runtime keeps use counts: storage_use_count_eq_1 checks that a fresh return's storage is held by nobody else"},
		{checks.ReasonNoAnchor, checks.SetOf(checks.FreshNotHeld), "the runtime gives no storage anchor (Anchored) to tell a live earlier output from a collected one"},
		{checks.ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
		{checks.ReasonNoEnv, checks.SetOf(checks.BindingContext), "the runtime registered no Env: no call runs in a hermetic context"},
		{checks.ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
		{checks.ReasonNoMetadata, checks.SetOf(checks.SameMetadata), noMetadataWhy},
		{checks.ReasonOtherHolders, checks.SetOf(checks.ViewHoldsStorage), otherHoldersWhy},
	},
	checks.PyTorch:    pytorchRules,
	checks.PyTorch113: pytorchRules,
}

// pytorchRules are the per-tensor rules of every pytorch profile.
var pytorchRules = []Rule{
	{checks.ReasonUndefined, checks.All, "nothing to check"},
	{checks.ReasonAbsent, checks.All, "nothing to check"},
	{checks.ReasonModeActive, checks.All, "PyTorch skips every check under a Python mode"},
	{checks.ReasonDirectSubclass, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonWrapperStub, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonWrapperPropagating, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonNoStorage, storageChecks, "nothing to compare"},
	{checks.ReasonMeta, 0, "PyTorch checks meta tensors"},
	{checks.ReasonFunctional, 0, "PyTorch checks functional wrappers"},
	{checks.ReasonNoVersion, checks.SetOf(checks.NoMutation), "the runtime keeps no version counter"},
	{checks.ReasonNoBinding, checks.SetOf(checks.BindingContext), "the runtime binds no foreign objects"},
	{checks.ReasonAliasesMutable, aliasChecks, aliasWhy},
	{checks.ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
	{checks.ReasonContentOff, checks.SetOf(checks.SameContent), "PyTorch has no content check (the pytorch profile plans none)"},
	{checks.ReasonNoContent, checks.SetOf(checks.SameContent), "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
	{checks.ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime)"},
	{checks.ReasonCounted, checks.SetOf(checks.FreshNotHeld), "the runtime keeps use counts: storage_use_count_eq_1 checks what fresh_not_held would (PyTorch plans no fresh_not_held)"},
	{checks.ReasonNoAnchor, checks.SetOf(checks.FreshNotHeld), "the runtime gives no storage anchor (Anchored)"},
	{checks.ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
	{checks.ReasonNoEnv, checks.SetOf(checks.BindingContext), "the runtime registered no Env: no call runs in a hermetic context"},
	{checks.ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
	{checks.ReasonNoMetadata, checks.SetOf(checks.SameMetadata), noMetadataWhy},
	{checks.ReasonOtherHolders, checks.SetOf(checks.ViewHoldsStorage), otherHoldersWhy},
}

// guards are the skip conditions of PyTorch's generated code that are not
// per tensor: they depend on the row (see [PyTorch]).
type guards uint8

const (
	// guardListWhole: a list argument's check is skipped for every
	// element when one element is a subclass.
	guardListWhole guards = 1 << iota
	// guardOptListImplOpen: same_impl on a Tensor?[] argument is not
	// skipped for subclasses.
	guardOptListImplOpen
	// guardViewArgOnly: shares_storage is skipped for a subclass argument
	// but not for a subclass return.
	guardViewArgOnly
)

var policyGuards = [checks.NumPolicies]guards{
	checks.PyTorch:    guardListWhole | guardOptListImplOpen,
	checks.PyTorch113: guardListWhole | guardOptListImplOpen | guardViewArgOnly,
}

// Guards reports the row guards of PyTorch's generated code that p
// follows beyond its rules (see [PyTorch]): listWhole, a list argument's
// check is skipped for every element when one element is a subclass;
// optListImplOpen, same_impl on a Tensor?[] argument is not skipped for
// subclasses; viewArgOnly, shares_storage is skipped for a subclass
// argument but not for a subclass return. A plan's guards (explain's
// words) are made from them and the rules.
func Guards(p checks.Policy) (listWhole, optListImplOpen, viewArgOnly bool) {
	if p >= checks.NumPolicies {
		return false, false, false
	}
	g := policyGuards[p]
	return g&guardListWhole != 0, g&guardOptListImplOpen != 0, g&guardViewArgOnly != 0
}

// subclassConds are the conditions of a tensor subclass (PyTorch's
// Python key).
const subclassConds = 1<<checks.ReasonDirectSubclass | 1<<checks.ReasonWrapperStub | 1<<checks.ReasonWrapperPropagating

// Rules returns the policy as data: one rule per reason, in the order a
// skip's reason is chosen; nil for a value that is no policy.
func Rules(p checks.Policy) []Rule {
	if p >= checks.NumPolicies {
		return nil
	}
	return append([]Rule(nil), rules[p]...)
}

// conds is a set of Reasons that hold for a tensor or a call.
type conds uint32

// policyTable is a policy's rules in the form the hot path uses.
type policyTable struct {
	guards guards
	skips  [checks.NumReasons]checks.Set    // by reason
	order  [checks.NumReasons]checks.Reason // the rules' order
	// unc is the decision for a return of a runtime without use counts
	// and an argument, both plain (see uncountedPair): by check, the
	// reason it is skipped for, noSkip if it runs.
	unc [checks.NumChecks]checks.Reason
}

// noSkip in policyTable.unc: the check runs.
const noSkip = checks.Reason(checks.NumReasons)

// uncountedConds are the conditions of the commonest pair of a runtime
// without use counts or version counters (a library's type without ids
// of its own): a return snapshotted by ResultIdent or ResultMemory and an
// argument completed by After, both defined, with storage, without
// traits (see uncountedPair). Their skip decision is the same on every
// call, so the policy is asked once, here, not by classify on each.
const uncountedConds = 1<<checks.ReasonNoVersion | 1<<checks.ReasonNoUseCounts | // the return
	1<<checks.ReasonNoVersion | 1<<checks.ReasonCounted // the argument

var policies = func() (ps [checks.NumPolicies]policyTable) {
	for p := range ps {
		ps[p].guards = policyGuards[p]
		if len(rules[p]) != checks.NumReasons {
			panic("asserts: a policy must have one rule per reason")
		}
		for i, r := range rules[p] {
			ps[p].skips[r.Reason] = r.Skips
			ps[p].order[i] = r.Reason
		}
		for k := range checks.Check(checks.NumChecks) {
			ps[p].unc[k] = noSkip
			if ps[p].mask(uncountedConds).Has(k) {
				ps[p].unc[k] = ps[p].reason(k, uncountedConds)
			}
		}
	}
	return ps
}()

// mask returns the checks skipped when cs hold.
func (p *policyTable) mask(cs conds) checks.Set {
	var m checks.Set
	for ; cs != 0; cs &= cs - 1 {
		m |= p.skips[bits.TrailingZeros32(uint32(cs))]
	}
	return m
}

// reason returns the reason k is skipped when cs hold.
func (p *policyTable) reason(k checks.Check, cs conds) checks.Reason {
	for _, r := range p.order {
		if cs&(1<<r) != 0 && p.skips[r].Has(k) {
			return r
		}
	}
	return checks.ReasonPlan // unreachable when k is in mask(cs)
}

// traitConds returns the conditions that hold for a tensor with the given
// identity, before the call's own conditions are added.
func traitConds(id asserts.Ident) conds {
	if id.Impl == 0 {
		return 1 << checks.ReasonUndefined
	}
	var cs conds
	t := id.Traits
	if t&asserts.DirectSubclass != 0 {
		cs |= 1 << checks.ReasonDirectSubclass
	}
	if t&asserts.WrapperSubclass != 0 {
		if t&asserts.PropagatesStorage != 0 {
			cs |= 1 << checks.ReasonWrapperPropagating
		} else {
			cs |= 1 << checks.ReasonWrapperStub
		}
	}
	if id.Storage == 0 {
		cs |= 1 << checks.ReasonNoStorage
	}
	if t&asserts.Meta != 0 {
		cs |= 1 << checks.ReasonMeta
	}
	if t&asserts.FunctionalWrapper != 0 {
		cs |= 1 << checks.ReasonFunctional
	}
	if t&asserts.Versioned == 0 {
		cs |= 1 << checks.ReasonNoVersion
	}
	return cs
}

// hiddenStorageRefs reports whether return r's storage use count is above
// 1 on a tensor whose runtime may hold references to the storage for it
// ([HiddenStorageRefs]): the count then cannot tell an owner from the
// runtime's own reference, and storage_use_count_eq_1 is inconclusive.
func (r *Saved) hiddenStorageRefs() bool {
	return r.traits()&asserts.HiddenStorageRefs != 0 && r.storageUses() > 1
}

// hiddenRefsDecide finishes fresh_or_alias for a return that is neither
// the argument nor a view of it when the storage count would decide and
// [Saved.hiddenStorageRefs] holds: it skips the row under
// hidden_storage_refs and reports true, unless the TensorImpl count alone
// already shows the return is not fresh (then the caller reports it).
func (c *Call) hiddenRefsDecide(r *Saved, implKnown, storKnown bool) bool {
	if !storKnown || !r.hiddenStorageRefs() || implKnown && r.implUses() > 1 {
		return false
	}
	c.skip(checks.FreshOrAlias, checks.ReasonHiddenStorageRefs)
	return true
}
