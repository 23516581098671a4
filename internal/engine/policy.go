package engine

import (
	"math/bits"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// A Rule of a skip policy: when Reason holds for a tensor (or for the
// call), the checks in Skips are skipped for that tensor.
type Rule = checktable.Rule

// Rules returns the policy as data: one rule per reason, in the order a
// skip's reason is chosen; nil for a value that is no policy.
func Rules(p checks.Policy) []Rule { return checktable.Rules(p) }

// subclassConds are the conditions of a tensor subclass (PyTorch's
// Python key).
const subclassConds = 1<<checks.ReasonDirectSubclass | 1<<checks.ReasonWrapperStub | 1<<checks.ReasonWrapperPropagating

// conds is a set of Reasons that hold for a tensor or a call.
type conds uint32

// policyTable is a policy's rules in the form the hot path uses.
type policyTable struct {
	guards checktable.Guard
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
// of its own): a return read without use counts (RetIdent or memRet) and
// an argument completed after the kernel, both defined, with storage, without
// traits (see uncountedPair). Their skip decision is the same on every
// call, so the policy is asked once, here, not by classify on each.
const uncountedConds = 1<<checks.ReasonNoVersion | 1<<checks.ReasonNoUseCounts | // the return
	1<<checks.ReasonNoVersion | 1<<checks.ReasonCounted // the argument

var policies = func() (ps [checks.NumPolicies]policyTable) {
	for p := range ps {
		ps[p].guards = checktable.Guards(checks.Policy(p))
		if len(checktable.Rules(checks.Policy(p))) != checks.NumReasons {
			panic("asserts: a policy must have one rule per reason")
		}
		for i, r := range checktable.Rules(checks.Policy(p)) {
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
func (r *Slot) hiddenStorageRefs() bool {
	return r.traits()&asserts.HiddenStorageRefs != 0 && r.storageUses() > 1
}
