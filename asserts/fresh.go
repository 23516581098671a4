package asserts

// This file holds impl_use_count_eq_fresh: the TensorImpl use-count check
// of a fresh (or view) return as PyTorch 2.14 writes it, where a tensor's
// Python object holds one of the references its TensorImpl counts.

// ImplBound is the optional contract of runtimes that bind a foreign
// object to a TensorImpl, the way PyTorch binds a tensor's PyObject: an
// object of another runtime (an interpreter's wrapper of the tensor) that
// holds one of the references [Tensor.UseCounts] counts for the TensorImpl,
// as PyTorch 2.14's PyObject holds one of its TensorImpl's (c10's
// intrusive_ptr, "PyObject preservation for Tensor and Storages").
//
// This is what "has a PyObject" means in Go: ImplBinding reports ok. A
// fresh TensorImpl is then held by two owners, the handle the kernel
// returns and the object, so its use count is 2 instead of 1; see
// [ExpectedFreshUseCount]. A runtime whose tensors do not implement
// ImplBound binds no objects to TensorImpls: every fresh tensor expects 1.
//
// The contract: while ImplBinding reports ok, the impl use count includes
// the object's reference (so a bound TensorImpl that has a handle has a
// use count of at least 2). assertstest checks it.
type ImplBound interface {
	Tensor
	// ImplBinding reports the foreign object bound to the tensor's
	// TensorImpl, if any: the context it was made in.
	ImplBinding() (b Binding, ok bool)
}

// markEqFresh is what ImplUseCountEqFresh leaves in a return snapshot's
// after.Version (unused for returns), for NotArg.
const markEqFresh = 1

// ExpectedFreshUseCount returns the TensorImpl use count a fresh tensor
// has: 0 for an undefined tensor, 2 when a foreign object is bound to its
// TensorImpl ([ImplBound], for a Python runtime a PyObject), 1 otherwise:
// PyTorch 2.14's expected_fresh_use_count, in terms of the contract.
func ExpectedFreshUseCount(t Tensor) int {
	n, _, _ := expectedFresh(t)
	return n
}

func expectedFresh(t Identity) (n int, b Binding, bound bool) {
	if t.Ident().Impl == 0 {
		return 0, Binding{}, false
	}
	if bt, ok := t.(ImplBound); ok {
		if b, ok := bt.ImplBinding(); ok {
			return 2, b, true
		}
	}
	return 1, Binding{}, false
}

// ImplUseCountEqFresh checks that a return's TensorImpl use count is the
// one a fresh tensor has, [ExpectedFreshUseCount] of t
// (impl_use_count_eq_fresh): 1, or 2 when a foreign object is bound to it.
// It is the form of impl_use_count_le_1 that PyTorch 2.14's generated code
// asserts; a plan has one or the other. t is the returned handle that r
// snapshots (Result), read for its binding only when the use count is not
// 1: a bound TensorImpl's object holds a counted reference, so a use count
// of 1 means no object is bound. Call [Call.NotArg] after it, as after
// ImplUseCountLE1.
func (c *Call) ImplUseCountEqFresh(l Loc, r *Saved, t Identity) {
	c.t[laneImplEqFresh/4] += 1 << (16 * (laneImplEqFresh % 4))
	r.after.Version = markEqFresh
	if r.meta != Versioned|fResult || r.after.Impl != 1 {
		c.slowImplUseCountEqFresh(l, r, t)
	}
}

//go:noinline
func (c *Call) slowImplUseCountEqFresh(l Loc, r *Saved, t Identity) {
	const k = CheckImplUseCountEqFresh
	if r.plainUncounted() && c.t.lane(laneImplEqFresh) > 0 && c.t.lane(laneNoUseCounts) < 0xffff {
		// skipNoUseCounts(k), its lanes known
		c.t[laneImplEqFresh/4] -= 1 << (16 * (laneImplEqFresh % 4))
		c.t[laneNoUseCounts/4] += 1 << (16 * (laneNoUseCounts % 4))
		return
	}
	if r.plainUncounted() {
		c.skipNoUseCounts(k)
		return
	}
	if c.skipped(k, r) {
		return
	}
	if r.meta&fResult == 0 {
		c.misuse(k, l, "needs a Result snapshot of the return")
	}
	got := r.implUses()
	if got == 1 {
		return
	}
	want, b, bound := expectedFresh(t)
	if got == want {
		return
	}
	r.meta |= fImplReported
	v := &Violation{Check: k, loc: l, Want: uint64(want), Got: uint64(got), Traits: r.traits(),
		ImplUses: got, StorageUses: r.storageUses(), anchor: uintptr(r.anchor)}
	if bound {
		v.Binding = &b
	}
	c.report(v)
}

// ImplUseCountEqFreshList runs impl_use_count_eq_fresh on each element of
// a list return; ts is the returned slice that l snapshots (ResultList).
func ImplUseCountEqFreshList[T Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if l.ok&okImplOne == 0 || len(ts) != l.n {
		implEqFreshListSlow(c, loc, l, ts)
		return
	}
	c.t[laneImplEqFresh/4] += uint64(l.n) << (16 * (laneImplEqFresh % 4))
	inl, more := l.parts()
	for i := range inl {
		inl[i].after.Version = markEqFresh
	}
	for i := range more {
		more[i].after.Version = markEqFresh
	}
}

func implEqFreshListSlow[T Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if len(ts) != l.n {
		c.misuse(CheckImplUseCountEqFresh, loc, "ImplUseCountEqFreshList with another list than ResultList")
	}
	c.count(CheckImplUseCountEqFresh, l.n)
	for i := range l.n {
		r := l.at(i)
		r.after.Version = markEqFresh
		if r.meta != Versioned|fResult || r.after.Impl != 1 {
			c.slowImplUseCountEqFresh(loc.Elem(i), r, ts[i])
		}
	}
}
