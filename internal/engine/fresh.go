package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// impl_use_count_eq_fresh's steps on the rows' path (rowrun.go).
func init() {
	rowSteps[checks.ImplUseCountEqFresh].after = forms{checktable.FormOne: stepImplUseCountEqFresh, checktable.FormRetList: stepImplUseCountEqFresh | stepEach}
}

// This file holds impl_use_count_eq_fresh: the TensorImpl use-count check
// of a fresh (or view) return as PyTorch 2.14 writes it, where a tensor's
// Python object holds one of the references its TensorImpl counts.

// markEqFresh is what ImplUseCountEqFresh leaves in a return snapshot's
// after.Version (unused for returns), for NotArg.
const markEqFresh = 1

// ExpectedFreshUseCount returns the TensorImpl use count a fresh tensor
// has: 0 for an undefined tensor, 2 when a foreign object is bound to its
// TensorImpl ([ImplBound], for a Python runtime a PyObject), 1 otherwise:
// PyTorch 2.14's expected_fresh_use_count, in terms of the contract.
func ExpectedFreshUseCount(t asserts.Tensor) int {
	n, _, _ := expectedFresh(t)
	return n
}

func expectedFresh(t asserts.Identity) (n int, b asserts.Binding, bound bool) {
	if t.Ident().Impl == 0 {
		return 0, asserts.Binding{}, false
	}
	if bt, ok := t.(asserts.ImplBound); ok {
		if b, ok := bt.ImplBinding(); ok {
			return 2, b, true
		}
	}
	return 1, asserts.Binding{}, false
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
func (c *Call) ImplUseCountEqFresh(l Loc, r *Slot, t asserts.Identity) {
	const k = checks.ImplUseCountEqFresh
	c.t[k]++
	r.after.Version = markEqFresh
	if c.resultSkipped(k, l, r) {
		return
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
	v := &violation{Violation: asserts.Violation{Check: k, Want: uint64(want), Got: uint64(got), Traits: r.traits(), ImplUses: got, StorageUses: r.storageUses()}, loc: l, anchor: uintptr(r.anchor)}
	if bound {
		v.Binding = &b
	}
	c.report(v)
}
