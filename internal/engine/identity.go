package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The run-time functions of the checks the engine (call.go) began with,
// single tensors and lists side by side: same_impl,
// same_storage, no_mutation, impl_use_count_le_1, storage_use_count_eq_1,
// shares_storage, fresh_or_alias, returns_arg, not_arg_handle,
// fresh_no_alias and distinct_outputs. binding_context's are binding.go's;
// the later checks' are their own files' (content.go, fresh.go, held.go,
// metadata.go, viewhold.go).

// SameImpl checks that an argument's handle still points to the TensorImpl
// it pointed to before the kernel (same_impl).
func (c *Call) SameImpl(l Loc, s *Slot) {
	c.t[checks.SameImpl]++
	if s.meta != asserts.Versioned || s.after.Impl != s.id.Impl {
		c.input(checks.SameImpl, l, s, 0, 0)
	}
}

// SameStorage checks that an argument keeps its StorageImpl (same_storage).
// Its contents and size may change (in-place and out= kernels, resize_).
func (c *Call) SameStorage(l Loc, s *Slot) {
	c.t[checks.SameStorage]++
	if s.meta != asserts.Versioned || s.after.Storage != s.id.Storage {
		c.input(checks.SameStorage, l, s, 0, 0)
	}
}

// NoMutation checks that an argument the schema does not mark mutable was
// not written: its version counter did not move (no_mutation).
func (c *Call) NoMutation(l Loc, s *Slot) {
	c.t[checks.NoMutation]++
	if s.meta != asserts.Versioned || s.after.Version != s.id.Version {
		c.input(checks.NoMutation, l, s, 0, 0)
	}
}

// ImplUseCountLE1 checks that a return's TensorImpl has use count <= 1: the
// kernel returned a tensor nobody else holds (impl_use_count_le_1).
func (c *Call) ImplUseCountLE1(l Loc, r *Slot) {
	c.t[checks.ImplUseCountLE1]++
	if r.meta != asserts.Versioned|fResult || r.after.Impl > 1 {
		c.result(checks.ImplUseCountLE1, l, r)
	}
}

// NotArg completes impl_use_count_le_1 for Go: a fresh or view return
// has its own TensorImpl, so it is not an argument's. In C++, returning an
// input copies its handle and raises the use count, which ImplUseCountLE1
// sees; in Go a kernel can hand back the argument's handle itself (return
// self) and leave the count at 1. The rows' path calls NotArg after
// ImplUseCountLE1 for each tensor argument; it counts as part of that
// check and is skipped with it. After [Call.ImplUseCountEqFresh] it
// completes that check instead, and is reported as it: there an argument
// with a bound foreign object, returned as is, has the use count 2 a
// fresh bound tensor has.
func (c *Call) NotArg(ret Loc, r *Slot, arg Loc, s *Slot) {
	if r.id.Impl != s.id.Impl || r.id.Impl == 0 {
		return
	}
	k := checks.ImplUseCountLE1
	reported := r.implUses() > 1
	if r.after.Version == markEqFresh {
		k, reported = checks.ImplUseCountEqFresh, r.meta&fImplReported != 0
	}
	if reported {
		return // already reported by the use-count check
	}
	// skipped (and counted) with the use-count check, unless only for the
	// lack of use counts: comparing a handle with an argument's needs none
	const noCounts = 1 << checks.ReasonNoUseCounts
	if m, cs := c.classify(r); m.Has(k) && (cs&noCounts == 0 || c.pol().mask(cs&^noCounts).Has(k)) {
		return
	}
	r.meta |= fImplReported
	c.report(&violation{Violation: asserts.Violation{Check: k, Want: uint64(s.id.Impl), Got: uint64(r.id.Impl), Traits: r.traits(), ImplUses: r.implUses(), StorageUses: r.storageUses()}, loc: ret, other: arg})
}

// StorageUseCountEq1 checks that a return's StorageImpl has use count 1: the
// kernel returned fresh storage (storage_use_count_eq_1).
func (c *Call) StorageUseCountEq1(l Loc, r *Slot) {
	c.t[checks.StorageUseCountEq1]++
	if r.meta != asserts.Versioned|fResult || r.after.Storage != 1 {
		c.result(checks.StorageUseCountEq1, l, r)
	}
}

// SharesStorage checks that a view return shares the StorageImpl of the
// argument it views (shares_storage).
//
// Under [PyTorch113] a subclass return does not skip it (PyTorch 1.13
// guards the view check with the viewed argument only).
func (c *Call) SharesStorage(ret Loc, r *Slot, arg Loc, s *Slot) {
	c.t[checks.SharesStorage]++
	if r.id.Storage == s.id.Storage && r.id.Storage != 0 && plainPair(r, s) {
		return // no profile skips shares_storage on a plain pair with storage
	}
	var drop conds
	if c.pol().guards&checktable.GuardViewArgOnly != 0 {
		drop = subclassConds
	}
	if !c.pairSkipped(checks.SharesStorage, r, s, drop) && r.id.Storage != s.id.Storage {
		c.report(&violation{Violation: asserts.Violation{Check: checks.SharesStorage, Want: uint64(s.id.Storage), Got: uint64(r.id.Storage), Traits: r.traits()}, loc: ret, other: arg})
	}
}

// ReturnsArg checks that an in-place or out= return is the argument the
// kernel mutated: the same TensorImpl as the argument's handle after the
// kernel (returns_arg). A kernel that rebinds the argument's handle and
// returns it is reported once, by same_impl, not twice.
func (c *Call) ReturnsArg(ret Loc, r *Slot, arg Loc, s *Slot) {
	c.t[checks.ReturnsArg]++
	if r.id.Impl == s.after.Impl && plainPair(r, s) {
		return // every profile runs returns_arg on a plain pair
	}
	if c.pairSkipped(checks.ReturnsArg, r, s, 0) {
		return
	}
	want := s.id.Impl
	if s.meta&fPending == 0 {
		want = s.after.Impl
	}
	if r.id.Impl != want {
		c.report(&violation{Violation: asserts.Violation{Check: checks.ReturnsArg, Want: uint64(want), Got: uint64(r.id.Impl), Traits: r.traits()}, loc: ret, other: arg})
	}
}

// FreshOrAlias checks a may-alias return (fresh_or_alias): it is the
// argument itself (same TensorImpl), a view of it (same StorageImpl), or a
// fresh tensor (use counts 1). Parts the skip policy turns off for the
// tensors (shares_storage, the use counts) are left out of the evidence; if
// nothing is left to decide with, the check is skipped.
func (c *Call) FreshOrAlias(ret Loc, r *Slot, arg Loc, s *Slot) {
	const k = checks.FreshOrAlias
	c.t[k]++
	if r.meta == asserts.Versioned|fResult && s.meta == asserts.Versioned && r.id.Impl != s.id.Impl &&
		(r.id.Storage == s.id.Storage && r.id.Storage != 0 || r.implUses() <= 1 && r.storageUses() == 1) {
		return // a plain pair, a view or fresh: no profile skips any part of it
	}
	if c.pairSkipped(k, r, s, 0) {
		return
	}
	c.needResult(k, ret, r)
	rm, rc := c.classify(r)
	sm, sc := c.classify(s)
	m := rm | sm
	if r.id.Impl == s.id.Impl {
		c.sameHandle(ret, r, arg, s, m)
		return
	}
	if !m.Has(checks.SharesStorage) && r.id.Storage == s.id.Storage {
		return
	}
	c.freshByCounts(ret, r, arg, s, m, rc|sc)
}

// sameHandle finishes fresh_or_alias for a return with the TensorImpl of
// argument s: legal when it is a new handle of it (the use count is then
// at least 2, the caller's and the return's), not when the kernel handed
// back the argument's handle itself (use count 1), which the caller would
// release twice. m is the checks skipped for the pair; with the TensorImpl
// use count skipped it cannot tell and passes.
func (c *Call) sameHandle(ret Loc, r *Slot, arg Loc, s *Slot, m checks.Set) {
	if !m.Has(checks.ImplUseCountLE1) && r.implUses() <= 1 {
		c.freshOrAliasReport(ret, r, arg, s)
	}
}

// freshByCounts finishes fresh_or_alias for a return that is neither
// argument s (nil: any element of list argument arg) nor a view of it:
// the use counts the skipped checks m leave must show it fresh. With
// neither count left, the row is skipped (for conditions cs); where the
// storage count would decide and [Slot.hiddenStorageRefs] holds, it is
// skipped under hidden_storage_refs, unless the TensorImpl count alone
// already shows the return is not fresh.
func (c *Call) freshByCounts(ret Loc, r *Slot, arg Loc, s *Slot, m checks.Set, cs conds) {
	implKnown, storKnown := !m.Has(checks.ImplUseCountLE1), !m.Has(checks.StorageUseCountEq1)
	implHeld := implKnown && r.implUses() > 1
	switch {
	case !implKnown && !storKnown:
		c.skip(checks.FreshOrAlias, c.pol().reason(checks.ImplUseCountLE1, cs))
	case storKnown && r.hiddenStorageRefs() && !implHeld:
		c.skip(checks.FreshOrAlias, checks.ReasonHiddenStorageRefs)
	case implHeld || storKnown && r.storageUses() != 1:
		c.freshOrAliasReport(ret, r, arg, s)
	}
}

// freshOrAliasReport reports fresh_or_alias on return r against argument
// s (nil: list argument arg).
func (c *Call) freshOrAliasReport(ret Loc, r *Slot, arg Loc, s *Slot) {
	v := asserts.Violation{Check: checks.FreshOrAlias, OtherIsList: s == nil, Got: uint64(r.id.Impl), GotStorage: uint64(r.id.Storage), ImplUses: r.implUses(), StorageUses: r.storageUses(), Traits: r.traits()}
	if s != nil {
		v.Want, v.WantStorage = uint64(s.id.Impl), uint64(s.id.Storage)
	}
	c.report(&violation{Violation: v, loc: ret, other: arg})
}

// FreshNoAlias checks that a fresh return shares no StorageImpl with
// argument s (fresh_no_alias): the output/input aliasing check of
// PyTorch's SchemaCheckMode. It needs no use counts, so it holds under
// modes and for subclasses, where impl_use_count_le_1 and
// storage_use_count_eq_1 are skipped. Call it after StorageUseCountEq1 on
// the return. A bug is reported once: where storage_use_count_eq_1
// reported the return, or the return is the argument itself and
// impl_use_count_le_1 runs on it, fresh_no_alias stays silent.
func (c *Call) FreshNoAlias(ret Loc, r *Slot, arg Loc, s *Slot) {
	c.t[checks.FreshNoAlias]++
	c.freshNoAlias(ret, r, arg, s)
}

// freshNoAlias runs fresh_no_alias on return r and argument s, its row
// counted by the caller.
func (c *Call) freshNoAlias(ret Loc, r *Slot, arg Loc, s *Slot) {
	const k = checks.FreshNoAlias
	if plainPair(r, s) && r.id.Storage != s.id.Storage && (r.anchor == nil || r.anchor != s.anchor) {
		return // storages and memory apart, no skip decision to make
	}
	if c.pairSkipped(k, r, s, 0) {
		return
	}
	c.needResult(k, ret, r)
	if r.id.Storage != s.id.Storage && r.anchor != nil && r.anchor == s.anchor && r.meta&fStorageReported == 0 {
		// another StorageImpl ID on the argument's memory
		c.report(&violation{Violation: asserts.Violation{Check: k, Want: uint64(s.id.Storage), Got: uint64(r.id.Storage), SameMemory: true, Traits: r.traits()}, loc: ret, other: arg, anchor: uintptr(r.anchor)})
		return
	}
	if r.id.Storage != s.id.Storage || r.meta&fStorageReported != 0 {
		return
	}
	if r.id.Impl == s.id.Impl {
		// The argument itself (or its handle): impl_use_count_le_1 reports
		// it where it runs (the use count, or NotArg for the same handle).
		if m, _ := c.classify(r); !m.Has(checks.ImplUseCountLE1) || r.meta&fImplReported != 0 {
			return
		}
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Want: uint64(s.id.Storage), Got: uint64(r.id.Storage), StorageUses: r.storageUses(), Traits: r.traits()}, loc: ret, other: arg, anchor: uintptr(r.anchor), otherAnchor: uintptr(s.anchor)})
}

// DistinctPair checks that fresh returns a and b share no StorageImpl
// (distinct_outputs; the rows' step, frameslow.go, runs it on each pair
// of a row's returns, list elements included): each pair counts as one
// check.
func (c *Call) DistinctPair(la Loc, a *Slot, lb Loc, b *Slot) {
	c.count(checks.DistinctOutputs, 1)
	if c.pairSkipped(checks.DistinctOutputs, a, b, 0) {
		return
	}
	if a.id.Storage == b.id.Storage {
		c.report(&violation{Violation: asserts.Violation{Check: checks.DistinctOutputs, Want: 0, Got: uint64(a.id.Storage), Traits: a.traits()}, loc: la, other: lb})
	}
}

// input runs check k (same_impl, same_storage or no_mutation) on argument
// s, its row counted by the caller, under the extra guards add and drop
// (see classifyWith). A plain snapshot needs no skip decision: a
// versioned tensor, or, but for no_mutation, one with storage of a
// runtime without version counters (After done, no mode, no guards).
func (c *Call) input(k checks.Check, l Loc, s *Slot, add, drop conds) {
	if add|drop != 0 || s.meta != asserts.Versioned && (s.meta != 0 || s.id.Storage == 0 || k == checks.NoMutation) {
		if m, cs := c.classifyWith(s, add, drop); m.Has(k) {
			c.skip(k, c.pol().reason(k, cs))
			return
		}
		if s.meta&fResult != 0 {
			c.misuse(k, l, "needs a Save snapshot of the argument")
		}
		if s.meta&fPending != 0 {
			c.misuse(k, l, "checked before After")
		}
	}
	var want, got uint64
	switch k {
	case checks.SameImpl:
		want, got = uint64(s.id.Impl), uint64(s.after.Impl)
	case checks.SameStorage:
		want, got = uint64(s.id.Storage), uint64(s.after.Storage)
	case checks.NoMutation:
		want, got = s.id.Version, s.after.Version
	}
	moved := k == checks.SameStorage && want == got && s.meta&fAnchorMoved != 0
	recycled := k == checks.SameStorage && s.meta&fRecycled != 0
	if want == got && !moved && !recycled {
		return
	}
	if k == checks.NoMutation && c.mutHas(writeKey(s.id), &c.mut, c.mutMore) {
		c.skip(k, checks.ReasonAliasesMutable)
		return
	}
	if k != checks.SameImpl && c.concurrentWrite(writeKey(s.id)) {
		// Another goroutine's call declared a write to this storage while
		// this one ran: its version (or, for set_, its StorageImpl) may
		// have moved with that legal write.
		c.skip(k, checks.ReasonConcurrentWrite)
		return
	}
	if k == checks.NoMutation {
		s.meta |= fMutationReported
	}
	v := &violation{Violation: asserts.Violation{Check: k, Traits: s.traits(), Want: want, Got: got, AnchorMoved: moved, Recycled: recycled}, loc: l, anchor: uintptr(s.anchor)}
	if s.after.Impl == 0 {
		// Not a swap but a released (or reset) handle: say so.
		v.Released, v.Want, v.Got = true, uint64(s.id.Impl), 0
	}
	c.report(v)
}

// result runs use-count check k (impl_use_count_le_1 or
// storage_use_count_eq_1) on return r, its row counted by the caller.
func (c *Call) result(k checks.Check, l Loc, r *Slot) {
	if c.resultSkipped(k, l, r) {
		return
	}
	if k == checks.ImplUseCountLE1 && r.implUses() >= 0 && r.implUses() <= 1 || k == checks.StorageUseCountEq1 && r.storageUses() == 1 {
		return
	}
	if k == checks.StorageUseCountEq1 && r.hiddenStorageRefs() {
		c.skip(k, checks.ReasonHiddenStorageRefs)
		return
	}
	v := &violation{Violation: asserts.Violation{Check: k, Want: 1, Traits: r.traits(), ImplUses: r.implUses(), StorageUses: r.storageUses()}, loc: l}
	if k == checks.ImplUseCountLE1 {
		v.Got = uint64(r.implUses())
	} else {
		v.Got = uint64(r.storageUses())
		r.meta |= fStorageReported
	}
	c.report(v)
}

// resultSkipped reports whether use-count check k is skipped for return
// r, counting the skip (a plain versioned return needs no decision; one
// of a runtime without use counts is skipped under no_use_counts), and
// reports a misuse for a snapshot not taken of a return.
func (c *Call) resultSkipped(k checks.Check, l Loc, r *Slot) bool {
	if r.meta == asserts.Versioned|fResult {
		return false
	}
	if r.plainUncounted() {
		c.skip(k, checks.ReasonNoUseCounts)
		return true
	}
	if c.skipped(k, r) {
		return true
	}
	c.needResult(k, l, r)
	return false
}

// List runs check k on each element of a list: same_impl, same_storage
// and no_mutation on a list argument, impl_use_count_le_1 and
// storage_use_count_eq_1 on a list return. The rows' path calls it for
// their list rows, as do tests. It counts and reports as the single
// tensor's entry called on each element would, but for the list's own
// rules: under a pytorch profile's list guards (listGuards) same_impl and
// same_storage are decided for the list as a whole, and when the list's
// summary (SummarizeAfter, SummarizeResult) says every element passes it
// counts them without a loop.
func (c *Call) List(k checks.Check, loc Loc, l *ListSlot) {
	if l.ok&listOK[k] != 0 {
		c.t[k] += uint64(l.n)
		return
	}
	if k == checks.NoMutation && l.ok&(okPlain|okImpl|okStorage) == okPlain|okImpl|okStorage {
		// plain unversioned elements, kept: skipped under
		// no_version_counter, as NoMutation does for one
		c.t[skipAt(checks.ReasonNoVersion)] += uint64(l.n)
		return
	}
	c.count(k, l.n)
	var add, drop conds
	if (k == checks.SameImpl || k == checks.SameStorage) && c.pol().guards != 0 {
		add, drop = c.listGuards(k, l)
	}
	for i := range l.n {
		switch k {
		case checks.SameImpl, checks.SameStorage, checks.NoMutation:
			c.input(k, loc.Elem(i), l.at(i), add, drop)
		case checks.ImplUseCountLE1, checks.StorageUseCountEq1:
			c.result(k, loc.Elem(i), l.at(i))
		}
	}
}

// listOK is the summary bit of a ListSlot by which [Call.List] passes
// every element of check k.
var listOK = [checks.NumPlanChecks]uint8{checks.SameImpl: okImpl, checks.SameStorage: okStorage, checks.NoMutation: okVersion,
	checks.ImplUseCountLE1: okImplUses, checks.StorageUseCountEq1: okStorUses}

// listGuards returns the conditions a pytorch profile adds to, and drops
// from, each element of list argument l for check k: PyTorch skips a
// list's check as a whole when an element is a subclass
// (tensorlist_has_dispatch), and puts no subclass guard around same_impl
// on a Tensor?[].
func (c *Call) listGuards(k checks.Check, l *ListSlot) (add, drop conds) {
	g := c.pol().guards
	if k == checks.SameImpl && l.opt && g&checktable.GuardOptListImplOpen != 0 {
		return 0, subclassConds
	}
	if g&checktable.GuardListWhole == 0 {
		return 0, 0
	}
	for i := range l.n {
		if s := l.at(i); s.meta&fAbsent == 0 && s.id.Impl != 0 {
			add |= traitConds(asserts.Ident{Impl: s.id.Impl, Storage: s.id.Storage, Traits: s.traits()}) & subclassConds
		}
	}
	return add, 0
}

// SharesStorageOf runs shares_storage for a view return of a list argument
// (Tensor[]): the return shares the StorageImpl of one of its elements.
func (c *Call) SharesStorageOf(ret Loc, r *Slot, arg Loc, sl *ListSlot) {
	const k = checks.SharesStorage
	c.count(k, 1)
	if c.skipped(k, r) {
		return
	}
	var firstSkip conds
	compared := false
	for i := range sl.n {
		e := sl.at(i)
		em, ec := c.classify(e)
		if em.Has(k) {
			if firstSkip == 0 {
				firstSkip = ec
			}
			continue
		}
		compared = true
		if e.id.Storage == r.id.Storage {
			return
		}
	}
	if !compared && firstSkip != 0 {
		c.skip(k, c.pol().reason(k, firstSkip))
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, OtherIsList: true, Got: uint64(r.id.Storage), Traits: r.traits()}, loc: ret, other: arg})
}

// FreshOrAliasOf runs fresh_or_alias for a may-alias return of a list
// argument (Tensor[], e.g. _flatten_dense_tensors): the return is one of its
// elements, a view of one, or fresh.
func (c *Call) FreshOrAliasOf(ret Loc, r *Slot, arg Loc, sl *ListSlot) {
	const k = checks.FreshOrAlias
	c.count(k, 1)
	rm, rc := c.classify(r)
	if rm.Has(k) {
		c.skip(k, c.pol().reason(k, rc))
		return
	}
	c.needResult(k, ret, r)
	for i := range sl.n {
		e := sl.at(i)
		em, _ := c.classify(e)
		if em.Has(k) { // an undefined or absent element
			continue
		}
		if e.id.Impl == r.id.Impl {
			c.sameHandle(ret, r, arg.Elem(i), e, rm|em)
			return
		}
		if !(rm | em).Has(checks.SharesStorage) && e.id.Storage == r.id.Storage {
			return
		}
	}
	c.freshByCounts(ret, r, arg, nil, rm, rc)
}

// ReturnsArgList runs returns_arg element by element on a list return and
// the mutated list argument (an out= overload with a Tensor(a!)[] out). If
// the lengths differ, the first unmatched element is a violation.
func (c *Call) ReturnsArgList(ret Loc, rl *ListSlot, arg Loc, sl *ListSlot) {
	n := min(rl.n, sl.n)
	for i := range n {
		c.ReturnsArg(ret.Elem(i), rl.at(i), arg.Elem(i), sl.at(i))
	}
	if rl.n != sl.n {
		c.count(checks.ReturnsArg, 1)
		v := &violation{Violation: asserts.Violation{Check: checks.ReturnsArg}, loc: ret.Elem(n), other: arg.Elem(n)}
		if n < rl.n {
			v.Got = uint64(rl.at(n).id.Impl)
		} else {
			v.Want = uint64(sl.at(n).id.Impl)
		}
		c.report(v)
	}
}

// NotArgList runs NotArg against each element of a list argument: a fresh
// or view return is none of them.
func (c *Call) NotArgList(ret Loc, r *Slot, arg Loc, l *ListSlot) {
	if r.id.Impl == 0 || !l.holdsImpl(r.id.Impl) {
		return
	}
	for i := range l.n {
		c.NotArg(ret, r, arg.Elem(i), l.at(i))
	}
}

// NotArgElems runs NotArg on each element of a list return against an
// argument: no element of a fresh or view list (split, unbind) is the
// argument's handle itself.
func (c *Call) NotArgElems(ret Loc, rl *ListSlot, arg Loc, s *Slot) {
	if s.id.Impl == 0 || !rl.holdsImpl(s.id.Impl) {
		return
	}
	for i := range rl.n {
		c.NotArg(ret.Elem(i), rl.at(i), arg, s)
	}
}

// holdsImpl reports whether an element's saved TensorImpl is id: a loop
// that calls nothing, so that the list checks that compare one tensor
// with every element look at the elements one by one only on a match.
func (l *ListSlot) holdsImpl(id asserts.ID) bool {
	inl, more := l.parts()
	for i := range inl {
		if inl[i].id.Impl == id {
			return true
		}
	}
	for i := range more {
		if more[i].id.Impl == id {
			return true
		}
	}
	return false
}

// NotArgElemsList runs NotArg on each element of a list return against
// each element of a list argument.
func (c *Call) NotArgElemsList(ret Loc, rl *ListSlot, arg Loc, sl *ListSlot) {
	for j := range sl.n {
		c.NotArgElems(ret, rl, arg.Elem(j), sl.at(j))
	}
}

// FreshNoAliasList runs fresh_no_alias on each element of a fresh list
// return against an argument.
func (c *Call) FreshNoAliasList(ret Loc, rl *ListSlot, arg Loc, s *Slot) {
	c.count(checks.FreshNoAlias, rl.n)
	for i := range rl.n {
		if r := rl.at(i); r.meta != asserts.Versioned|fResult || s.meta != asserts.Versioned || r.id.Storage == s.id.Storage {
			c.freshNoAlias(ret.Elem(i), r, arg, s)
		}
	}
}

// FreshNoAliasOf runs fresh_no_alias for a fresh return against each
// element of a list argument (Tensor[], Tensor?[]): one check per element.
// When no element needs a skip decision, only those on the return's
// StorageImpl are looked at.
func (c *Call) FreshNoAliasOf(ret Loc, r *Slot, arg Loc, sl *ListSlot) {
	c.count(checks.FreshNoAlias, sl.n)
	plain := sl.ok&okRegular != 0 && r.meta == asserts.Versioned|fResult || sl.ok&okPlain != 0 && r.plainUncounted()
	for i := range sl.n {
		if e := sl.at(i); !plain || e.id.Storage == r.id.Storage {
			c.freshNoAlias(ret, r, arg.Elem(i), e)
		}
	}
}

// The steps of this file's checks on the rows' path (rowrun.go).
func init() {
	rowSteps[checks.SameImpl].after = forms{checktable.FormOne: stepSameImpl, checktable.FormArgList: stepList}
	rowSteps[checks.SameStorage].after = forms{checktable.FormOne: stepSameStorage, checktable.FormArgList: stepList}
	rowSteps[checks.NoMutation].after = forms{checktable.FormOne: stepNoMutation, checktable.FormArgList: stepList}
	rowSteps[checks.ImplUseCountLE1].after = forms{checktable.FormOne: stepImplUseCountLE1, checktable.FormRetList: stepList}
	rowSteps[checks.StorageUseCountEq1].after = forms{checktable.FormOne: stepStorageUseCountEq1, checktable.FormRetList: stepList}
	rowSteps[checks.SharesStorage].after = forms{checktable.FormOne: stepSharesStorage, checktable.FormRetList: stepSharesStorage | stepEach,
		checktable.FormArgList: stepSharesStorageOf, checktable.FormLists: stepSharesStorageOf | stepEach}
	rowSteps[checks.FreshOrAlias].after = forms{checktable.FormOne: stepFreshOrAlias, checktable.FormRetList: stepFreshOrAlias | stepEach,
		checktable.FormArgList: stepFreshOrAliasOf, checktable.FormLists: stepFreshOrAliasOf | stepEach}
	rowSteps[checks.ReturnsArg].after = forms{checktable.FormOne: stepReturnsArg, checktable.FormLists: stepReturnsArgList}
	rowSteps[checks.FreshNoAlias].after = forms{checktable.FormOne: stepFreshNoAlias, checktable.FormRetList: stepFreshNoAliasList,
		checktable.FormArgList: stepFreshNoAliasOf, checktable.FormLists: stepFreshNoAliasOf | stepEach}
	rowSteps[checks.DistinctOutputs].after[checktable.FormOne] = stepDistinctOutputs
	// not_arg_handle, the check of the pairs batched by handle
	for k := range checks.Check(checks.NumPlanChecks) {
		if checktable.BatchOf(k) == checktable.BatchPairsHandle {
			rowSteps[k].after = forms{checktable.FormOne: stepNotArg, checktable.FormRetList: stepNotArgElems,
				checktable.FormArgList: stepNotArgList, checktable.FormLists: stepNotArgElemsList}
		}
	}
}
