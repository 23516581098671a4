package engine

import (
	"slices"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The reads of a Frame for a runtime whose tensors have ids and no use
// counts (asserts.Identity; the config's use_counts: false), whose Shape
// says NoUseCounts: the arguments' storage anchors with their identities
// (nil for a type that reports none: asserts.Anchored), the returns
// without use counts. The slots hold the anchors, which the rows'
// Call.AfterAnchor compares.

// ArgIdent reads single argument i (its identities id, its storage
// anchor, its handle h) before the kernel.
func (f *Frame[S, L]) ArgIdent(i int, id asserts.Ident, anchor, h unsafe.Pointer) {
	p := &f.s[i]
	p.id = id
	p.meta = id.Traits &^ asserts.AddressIdentity
	p.anchor = anchor
	p.h = h
	f.frame.odd |= uint64(p.meta) // plain: no trait, no version counter
	if id.Storage == 0 || id.Impl == 0 {
		f.frame.odd |= 1
	}
}

// ElemIdent reads element j of list argument i before the kernel.
func (f *Frame[S, L]) ElemIdent(i, j int, id asserts.Ident) {
	e := f.l[i].at(j)
	e.id = id
	f.frame.odd |= uint64(id.Traits &^ asserts.AddressIdentity)
	if id.Storage == 0 || id.Impl == 0 {
		f.frame.odd |= 1
	}
}

// AfterIdent reads argument i's identities and storage anchor after the
// kernel. An anchor that moved leaves the fast plan; the rows then compare
// it as AfterAnchor does (frame.complete).
func (f *Frame[S, L]) AfterIdent(i int, id asserts.Ident, anchor unsafe.Pointer) {
	p := &f.s[i]
	p.after = id
	f.frame.diff |= (uint64((id.Impl^p.id.Impl)|(id.Storage^p.id.Storage))|uint64(uintptr(anchor)^uintptr(p.anchor)))&-(f.frame.p.kept>>i&1) |
		uint64(id.Traits^p.id.Traits)&-(f.frame.p.whole>>i&1)
}

// RetIdent reads single return i: its identities and storage anchor.
func (f *Frame[S, L]) RetIdent(i int, id asserts.Ident, anchor, h unsafe.Pointer) {
	p := &f.s[i]
	p.id = id
	p.meta = id.Traits&^asserts.AddressIdentity | fResult | fUncounted | f.frame.mode
	p.anchor = anchor
	p.h = h
}

// RetElemIdent reads element j of list return i (begun by [Frame.List])
// and its storage anchor (nil for a type that reports none).
func (f *Frame[S, L]) RetElemIdent(i, j int, id asserts.Ident, anchor unsafe.Pointer) {
	e := f.l[i].at(j)
	e.id = id
	e.anchor = anchor
}

// mayAlias reports whether a row of k of form f is on a may-alias return
// whose alias branch (the argument's handle, or on its storage) passes
// it on a runtime without use counts: fresh_or_alias's (FormOne), and
// fresh_not_held's of form FormOf.
func mayAlias(k checks.Check, f Form) bool {
	return f == FormOne && checktable.LearnedBy(k, FormOne) == checktable.LearnedAliasOrFresh ||
		f == FormOf && checktable.LearnedBy(k, FormOf) == checktable.LearnedAliasOf
}

// checkLearnedBy returns the check whose single-tensor rows pass by l.
func checkLearnedBy(l checktable.Learned) checks.Check {
	for k := range checks.Check(checks.NumPlanChecks) {
		if checktable.LearnedBy(k, FormOne) == l {
			return k
		}
	}
	return checks.NumPlanChecks
}

// identPolicies returns the policies (bit P for policy P) under which a
// plain call of a runtime without use counts skips what addIdent counts
// as skipped, for the reason it counts: no_mutation under
// no_version_counter, the rows fixed by the op (LearnedFixed) under
// no_use_counts. (The use-count checks skip a plain return under
// no_use_counts whatever the policy.)
func identPolicies(sh *Shape) uint32 {
	const argConds = 1<<checks.ReasonNoVersion | 1<<checks.ReasonCounted // a plain argument's
	var pols uint32
	for pol := range checks.Policy(checks.NumPolicies) {
		pt := &policies[pol]
		ok := true
		for i := range sh.Rows {
			r := &sh.Rows[i]
			switch {
			case r.Skip:
			case checktable.BatchOf(r.Check) == checktable.BatchUnchanged && !slices.Contains(checktable.Unchanged(true), r.Check):
				ok = ok && pt.mask(argConds).Has(r.Check) && pt.reason(r.Check, argConds) == checks.ReasonNoVersion
			case checktable.LearnedBy(r.Check, FormOne) == checktable.LearnedFixed && !checktable.ImplUseCount(r.Check):
				ok = ok && pt.unc[r.Check] == checks.ReasonNoUseCounts
			case r.Form == FormOne && checktable.LearnedBy(r.Check, FormOne) == checktable.LearnedAliasOrFresh:
				// the alias branch passes: the pair not skipped, the
				// TensorImpl's count skipped (a return that is the
				// argument's handle), the view check not (one on its
				// storage)
				m := pt.mask(uncountedConds)
				ok = ok && pt.unc[r.Check] == noSkip && m.Has(checktable.FreshImplCheck(false)) && !m.Has(checkLearnedBy(checktable.LearnedAnchorSame))
			}
		}
		if ok {
			pols |= 1 << pol
		}
	}
	return pols
}

// endIdent is end for a call of a runtime without use counts that began
// on the fast plan and whose reads found nothing that differs: it tests
// the returns (plain, without use counts; against the arguments, their
// storage anchors too), hands out the fresh returns' storages
// (fresh_not_held), then ends the call as a passing one.
func (f *frame) endIdent(p *fastPlan) {
	base := unsafe.Pointer(f)
	for i := range p.rets {
		n := &p.rets[i]
		r := (*Slot)(unsafe.Add(base, n.off))
		if r.meta != fResult|fUncounted || r.id.Storage == 0 || r.id.Impl == 0 || n.held && r.anchor == nil {
			f.endRows()
			return
		}
		for j := range n.terms {
			t := &n.terms[j]
			a := (*Slot)(unsafe.Add(base, t.a))
			if t.k&kApart != 0 && a.id.Impl == r.id.Impl ||
				t.k&kFresh != 0 && (a.id.Storage == r.id.Storage || r.anchor == a.anchor && r.anchor != nil) ||
				t.k&kShares != 0 && a.id.Storage != r.id.Storage || t.k&kReturns != 0 && a.after.Impl != r.id.Impl ||
				t.k&kAlias != 0 && a.id.Impl != r.id.Impl && a.id.Storage != r.id.Storage {
				f.endRows()
				return
			}
		}
	}
	if p.more && !f.passesMore(p) {
		f.endRows()
		return
	}
	if p.fresh && f.handOuts(p) {
		return // fresh_not_held reported: the call ended with its report
	}
	f.endPassed(p)
}

// handOuts runs fresh_not_held on the fresh returns of a call that passed
// the plan's tests, handing their storages out; it reports whether one
// was handed out before (a storage somebody else holds), which it
// reports and ends the call, its counts those of a passing call (the row
// ran).
func (f *frame) handOuts(p *fastPlan) (reported bool) {
	st := &f.op.st
	if !st.registered.Load() {
		f.op.register()
	}
	base := unsafe.Pointer(f)
	var c *Call
	for i := range p.rets {
		n := &p.rets[i]
		if !n.held {
			continue
		}
		r := (*Slot)(unsafe.Add(base, n.off))
		var prev handout
		l := p.sh.Locs[n.slot]
		if fresh.handOut(r.id.Storage, uintptr(r.anchor), r.id.Traits&asserts.AddressIdentity != 0, false, st.idx, l, f.fresh, &prev) {
			if c == nil {
				c = f.passedSlow(p)
			}
			sv := Slot{id: r.id, meta: r.meta, anchor: r.anchor}
			c.heldReport(l, &sv, &prev)
		}
	}
	if c == nil {
		return false
	}
	f.slow = nil
	c.End()
	slowCalls.Put(c)
	return true
}

// passedSlow makes the rows' state of a call that passed the fast plan
// and has something to report: the counts of a passing call, the writes
// it declared.
//
//go:noinline
func (f *frame) passedSlow(p *fastPlan) *Call {
	c := f.slowOfFast(p)
	c.t = p.full[f.bindNo]
	if p.nl != 0 {
		_, ls := f.slots(p)
		addLists(&c.t, p, ls, c.bind, true)
	}
	return c
}
