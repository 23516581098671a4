package asserts

import (
	"fmt"
	"math/bits"
	"strings"
)

// String returns the check's name, e.g. "same_impl".
func (k Check) String() string {
	if int(k) < len(checkFacts) {
		return checkFacts[k].name
	}
	return fmt.Sprintf("check(%d)", uint8(k))
}

// MarshalText encodes the check by name.
func (k Check) MarshalText() ([]byte, error) {
	if int(k) >= NumPlanChecks {
		return nil, fmt.Errorf("asserts: invalid check %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a check name.
func (k *Check) UnmarshalText(b []byte) error {
	x, ok := ParseCheck(string(b))
	if !ok {
		return fmt.Errorf("asserts: unknown check %q", b)
	}
	*k = x
	return nil
}

// ParseCheck returns the check with the given name (not_arg_handle
// included).
func ParseCheck(name string) (Check, bool) {
	for k := range checkFacts {
		if checkFacts[k].name == name {
			return Check(k), true
		}
	}
	return 0, false
}

// nameOf returns the name of v in names, or what(v) outside the table.
func nameOf[T ~uint8](names []string, v T, what string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", what, uint8(v))
}

// parseName returns the value named name in names.
func parseName[T ~uint8](names []string, name string) (T, bool) {
	for i, n := range names {
		if n == name {
			return T(i), true
		}
	}
	return 0, false
}

// unmarshalName decodes a name of names into *v.
func unmarshalName[T ~uint8](names []string, v *T, b []byte, what string) error {
	x, ok := parseName[T](names, string(b))
	if !ok {
		return fmt.Errorf("asserts: unknown %s %q", what, b)
	}
	*v = x
	return nil
}

// A CheckSet is a set of checks.
type CheckSet uint16

// AllChecks holds every check.
const AllChecks CheckSet = 1<<NumChecks - 1

// SetOf returns the set holding the given checks.
func SetOf(ks ...Check) CheckSet {
	var s CheckSet
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Has reports whether the set holds k.
func (s CheckSet) Has(k Check) bool { return s&(1<<k) != 0 }

// Checks lists the checks in the set, in Check order.
func (s CheckSet) Checks() []Check {
	var ks []Check
	for k := Check(0); k < NumChecks; k++ {
		if s.Has(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// String lists the checks' names separated by commas, "all" for AllChecks and
// "none" for the empty set.
func (s CheckSet) String() string {
	switch s & AllChecks {
	case 0:
		return "none"
	case AllChecks:
		return "all"
	}
	var names []string
	for _, k := range s.Checks() {
		names = append(names, k.String())
	}
	return strings.Join(names, ",")
}

// A Policy is the skip policy a generated wrapper runs under: which
// checks each [Reason] turns off, and the row guards of PyTorch's
// generated code. Its rules are data ([Policy.Rules]). The zero value is
// Strict. (Not to be confused with a plan's profile, strict or pytorch,
// which decides the rows a wrapper has: a plan names the policy its
// wrappers run under, and the wrappers' [Op] carries it in the field
// Profile.)
//
// The pytorch profile has one Policy per group of PyTorch releases whose
// generated code guards its asserts alike: [PyTorch] for 2.x (checked
// against 2.6.0), [PyTorch113] for 1.13. A generated wrapper names the
// one of the release its plan was made for.
type Policy uint8

const (
	// Strict skips only what cannot be checked (the table in DESIGN.md).
	Strict Policy = iota
	// PyTorch skips what PyTorch 2.x's debug asserts skip: everything
	// under a dispatch mode and for tensor subclasses (the Python key),
	// storage checks for tensors without storage. Like PyTorch's
	// generated code, it skips a list argument's check as a whole when
	// one element is a subclass (tensorlist_has_dispatch), does not skip
	// same_impl on a Tensor?[] argument for subclasses (PyTorch puts no
	// such guard there), and skips the view check (shares_storage) when
	// either the viewed argument or the return is a subclass.
	PyTorch
	// PyTorch113 is PyTorch with the guards of PyTorch 1.13: the view
	// check is skipped for a subclass argument only, not for a subclass
	// return.
	PyTorch113

	numPolicies = iota
)

// policyNames are each policy's name (in plans, reports and violations)
// and the name of its constant, which generated code uses.
var policyNames = [numPolicies]struct{ name, constant string }{
	Strict:     {"strict", "Strict"},
	PyTorch:    {"pytorch", "PyTorch"},
	PyTorch113: {"pytorch-1.13", "PyTorch113"},
}

// String returns "strict", "pytorch" or "pytorch-1.13".
func (p Policy) String() string {
	if p < numPolicies {
		return policyNames[p].name
	}
	return fmt.Sprintf("policy(%d)", uint8(p))
}

// GoName returns the name of the policy's constant in this package, e.g.
// "PyTorch113": generated code names the policy by it. It is empty for a
// value that is no policy.
func (p Policy) GoName() string {
	if p < numPolicies {
		return policyNames[p].constant
	}
	return ""
}

// ParsePolicy returns the policy with the given name.
func ParsePolicy(name string) (Policy, bool) {
	for p, n := range policyNames {
		if n.name == name {
			return Policy(p), true
		}
	}
	return 0, false
}

// MarshalText encodes the policy by name.
func (p Policy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a policy name.
func (p *Policy) UnmarshalText(b []byte) error {
	x, ok := ParsePolicy(string(b))
	if !ok {
		return fmt.Errorf("asserts: unknown policy %q", b)
	}
	*p = x
	return nil
}

// A Reason is why a check was skipped: a condition of the call or of a
// tensor. Every skip is counted under its reason (see [ReadStats]).
type Reason uint8

const (
	ReasonUndefined          Reason = iota // undefined: the tensor is undefined
	ReasonAbsent                           // absent: an optional tensor (Tensor?, Tensor?[] element) is absent
	ReasonModeActive                       // mode_active: a dispatch mode is active
	ReasonDirectSubclass                   // direct_subclass: a direct subclass tensor
	ReasonWrapperStub                      // wrapper_subclass: a wrapper subclass whose storage is a stub
	ReasonWrapperPropagating               // wrapper_propagating_storage: a wrapper subclass that propagates storage
	ReasonNoStorage                        // no_storage: a tensor without storage (sparse, nested)
	ReasonMeta                             // meta: a meta-device tensor (skips nothing)
	ReasonFunctional                       // functional_wrapper: a functional wrapper (skips nothing)
	ReasonNoVersion                        // no_version_counter: the runtime keeps no version counter
	ReasonNoBinding                        // no_binding_support: the tensor does not implement Bound
	ReasonAliasesMutable                   // aliases_mutable_arg: the argument shares storage with an argument the call may write
	ReasonPlan                             // plan: skipped when the wrapper was generated (see [Call.PlanSkip])
	ReasonContentOff                       // content_check_off: same_content is switched off for the call (the default, see [SetContentCheck])
	ReasonNoContent                        // no_content_access: the tensor does not implement Contents, or its bytes cannot be read
	ReasonNoUseCounts                      // no_use_counts: the runtime keeps no use counts (the return was snapshot with [Call.ResultIdent])
	ReasonCounted                          // use_counted: the runtime keeps use counts, and storage_use_count_eq_1 checks what fresh_not_held would
	ReasonNoAnchor                         // no_storage_anchor: the tensor does not implement Anchored, or has no anchor
	ReasonConcurrentWrite                  // concurrent_write: another goroutine's checked call declared a write to the tensor's storage while the call ran
	ReasonNoEnv                            // no_env: the runtime registered no Env, so no call runs in a hermetic context
	ReasonHiddenStorageRefs                // hidden_storage_refs: a return's storage use count is above 1, and may include references the runtime holds for it (trait [HiddenStorageRefs])
	ReasonNoMetadata                       // no_metadata_access: the tensor does not implement Metadata, or cannot report its metadata
	ReasonOtherHolders                     // other_holders: a view's storage had holders besides its argument before the call, and its use count did not rise by the view's hold (see [Call.ViewHoldsStorage])

	// NumReasons is the number of reasons.
	NumReasons = iota
)

var reasonNames = [NumReasons]string{
	"undefined", "absent", "mode_active", "direct_subclass", "wrapper_subclass",
	"wrapper_propagating_storage", "no_storage", "meta", "functional_wrapper",
	"no_version_counter", "no_binding_support", "aliases_mutable_arg", "plan",
	"content_check_off", "no_content_access", "no_use_counts", "use_counted", "no_storage_anchor", "concurrent_write", "no_env",
	"hidden_storage_refs",
	"no_metadata_access",
	"other_holders",
}

// String returns the reason's name, e.g. "mode_active".
func (r Reason) String() string { return nameOf(reasonNames[:], r, "reason") }

// MarshalText encodes the reason by name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name.
func (r *Reason) UnmarshalText(b []byte) error { return unmarshalName(reasonNames[:], r, b, "reason") }

// A Rule of a skip policy: when Reason holds for a tensor (or for the call),
// the checks in Skips are skipped for that tensor.
type Rule struct {
	Reason Reason
	Skips  CheckSet
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
var rules = [numPolicies][]Rule{
	Strict: {
		{ReasonUndefined, AllChecks, "nothing to check"},
		{ReasonAbsent, AllChecks, "nothing to check"},
		{ReasonModeActive, useCountChecks, "a mode may keep references"},
		{ReasonDirectSubclass, implUseChecks, "user code may keep the output"},
		{ReasonWrapperStub, storageChecks | useCountChecks, "storage is a stub"},
		{ReasonWrapperPropagating, useCountChecks, "views checked via storage"},
		{ReasonNoStorage, storageChecks, "nothing to compare"},
		{ReasonMeta, 0, "meta tensors share storage for views"},
		{ReasonFunctional, 0, "functional wrappers share storage for views"},
		{ReasonNoVersion, SetOf(CheckNoMutation), "the runtime keeps no version counter"},
		{ReasonNoBinding, SetOf(CheckBindingContext), "the runtime binds no foreign objects"},
		{ReasonAliasesMutable, aliasChecks, aliasWhy},
		{ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
		{ReasonContentOff, SetOf(CheckSameContent), "same_content reads every byte an argument can reach: off unless switched on (ASSERTGEN_CONTENT, SetContentCheck)"},
		{ReasonNoContent, SetOf(CheckSameContent), "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
		{ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime): fresh_not_held checks freshness instead, and not_arg_handle still compares handles"},
		{ReasonCounted, SetOf(CheckFreshNotHeld), "the runtime keeps use counts: storage_use_count_eq_1 checks that a fresh return's storage is held by nobody else"},
		{ReasonNoAnchor, SetOf(CheckFreshNotHeld), "the runtime gives no storage anchor (Anchored) to tell a live earlier output from a collected one"},
		{ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
		{ReasonNoEnv, SetOf(CheckBindingContext), "the runtime registered no Env: no call runs in a hermetic context"},
		{ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
		{ReasonNoMetadata, SetOf(CheckSameMetadata), noMetadataWhy},
		{ReasonOtherHolders, SetOf(CheckViewHoldsStorage), otherHoldersWhy},
	},
	PyTorch:    pytorchRules,
	PyTorch113: pytorchRules,
}

// pytorchRules are the per-tensor rules of every pytorch profile.
var pytorchRules = []Rule{
	{ReasonUndefined, AllChecks, "nothing to check"},
	{ReasonAbsent, AllChecks, "nothing to check"},
	{ReasonModeActive, AllChecks, "PyTorch skips every check under a Python mode"},
	{ReasonDirectSubclass, AllChecks, "PyTorch skips every check for tensor subclasses"},
	{ReasonWrapperStub, AllChecks, "PyTorch skips every check for tensor subclasses"},
	{ReasonWrapperPropagating, AllChecks, "PyTorch skips every check for tensor subclasses"},
	{ReasonNoStorage, storageChecks, "nothing to compare"},
	{ReasonMeta, 0, "PyTorch checks meta tensors"},
	{ReasonFunctional, 0, "PyTorch checks functional wrappers"},
	{ReasonNoVersion, SetOf(CheckNoMutation), "the runtime keeps no version counter"},
	{ReasonNoBinding, SetOf(CheckBindingContext), "the runtime binds no foreign objects"},
	{ReasonAliasesMutable, aliasChecks, aliasWhy},
	{ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
	{ReasonContentOff, SetOf(CheckSameContent), "PyTorch has no content check (the pytorch profile plans none)"},
	{ReasonNoContent, SetOf(CheckSameContent), "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
	{ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime)"},
	{ReasonCounted, SetOf(CheckFreshNotHeld), "the runtime keeps use counts: storage_use_count_eq_1 checks what fresh_not_held would (PyTorch plans no fresh_not_held)"},
	{ReasonNoAnchor, SetOf(CheckFreshNotHeld), "the runtime gives no storage anchor (Anchored)"},
	{ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
	{ReasonNoEnv, SetOf(CheckBindingContext), "the runtime registered no Env: no call runs in a hermetic context"},
	{ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
	{ReasonNoMetadata, SetOf(CheckSameMetadata), noMetadataWhy},
	{ReasonOtherHolders, SetOf(CheckViewHoldsStorage), otherHoldersWhy},
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

var policyGuards = [numPolicies]guards{
	PyTorch:    guardListWhole | guardOptListImplOpen,
	PyTorch113: guardListWhole | guardOptListImplOpen | guardViewArgOnly,
}

// subclassConds are the conditions of a tensor subclass (PyTorch's
// Python key).
const subclassConds = 1<<ReasonDirectSubclass | 1<<ReasonWrapperStub | 1<<ReasonWrapperPropagating

// Rules returns the policy as data: one rule per reason, in the order a
// skip's reason is chosen; nil for a value that is no policy.
func (p Policy) Rules() []Rule {
	if p >= numPolicies {
		return nil
	}
	return append([]Rule(nil), rules[p]...)
}

// conds is a set of Reasons that hold for a tensor or a call.
type conds uint32

// policyTable is a policy's rules in the form the hot path uses.
type policyTable struct {
	guards guards
	skips  [NumReasons]CheckSet // by reason
	order  [NumReasons]Reason   // the rules' order
}

var policies = func() (ps [numPolicies]policyTable) {
	for p := range ps {
		ps[p].guards = policyGuards[p]
		if len(rules[p]) != NumReasons {
			panic("asserts: a policy must have one rule per reason")
		}
		for i, r := range rules[p] {
			ps[p].skips[r.Reason] = r.Skips
			ps[p].order[i] = r.Reason
		}
	}
	return ps
}()

// mask returns the checks skipped when cs hold.
func (p *policyTable) mask(cs conds) CheckSet {
	var m CheckSet
	for ; cs != 0; cs &= cs - 1 {
		m |= p.skips[bits.TrailingZeros32(uint32(cs))]
	}
	return m
}

// reason returns the reason k is skipped when cs hold.
func (p *policyTable) reason(k Check, cs conds) Reason {
	for _, r := range p.order {
		if cs&(1<<r) != 0 && p.skips[r].Has(k) {
			return r
		}
	}
	return ReasonPlan // unreachable when k is in mask(cs)
}

// traitConds returns the conditions that hold for a tensor with the given
// identity, before the call's own conditions are added.
func traitConds(id Ident) conds {
	if id.Impl == 0 {
		return 1 << ReasonUndefined
	}
	var cs conds
	t := id.Traits
	if t&DirectSubclass != 0 {
		cs |= 1 << ReasonDirectSubclass
	}
	if t&WrapperSubclass != 0 {
		if t&PropagatesStorage != 0 {
			cs |= 1 << ReasonWrapperPropagating
		} else {
			cs |= 1 << ReasonWrapperStub
		}
	}
	if id.Storage == 0 {
		cs |= 1 << ReasonNoStorage
	}
	if t&Meta != 0 {
		cs |= 1 << ReasonMeta
	}
	if t&FunctionalWrapper != 0 {
		cs |= 1 << ReasonFunctional
	}
	if t&Versioned == 0 {
		cs |= 1 << ReasonNoVersion
	}
	return cs
}

// hiddenStorageRefs reports whether return r's storage use count is above
// 1 on a tensor whose runtime may hold references to the storage for it
// ([HiddenStorageRefs]): the count then cannot tell an owner from the
// runtime's own reference, and storage_use_count_eq_1 is inconclusive.
func (r *Saved) hiddenStorageRefs() bool {
	return r.traits()&HiddenStorageRefs != 0 && r.storageUses() > 1
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
	c.skip(CheckFreshOrAlias, ReasonHiddenStorageRefs)
	return true
}
