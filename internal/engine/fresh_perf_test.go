package engine_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// AddFresh is Add as gen emits it for a PyTorch 2.14 plan:
// impl_use_count_eq_fresh, with the returned tensor, in place of
// impl_use_count_le_1.
func AddFresh(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var f frame3
	before2(&f, &opAddFresh, &shapeAddFresh, self, other)
	ret := k.add(self, other, alpha)
	after2r(&f, self, other, ret)
	return ret
}

var opAddFresh = engine.Op{Name: "add", Overload: "Tensor"}

var shapeAddFresh = engine.Shape{
	Args: 2, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.BindingContext, 1, -1), row(checks.SameContent, 0, -1), row(checks.SameContent, 1, -1)},
		unchanged(0), unchanged(1),
		[]engine.Row{row(checks.ImplUseCountEqFresh, 2, -1), row(checks.NotArgHandle, 2, 0), row(checks.NotArgHandle, 2, 1),
			row(checks.StorageUseCountEq1, 2, -1), row(checks.FreshNoAlias, 2, 0), row(checks.FreshNoAlias, 2, 1)}),
	Locs:   locsAdd[:],
	Tensor: rtTensor, Elem: rtElem,
}

// The 2.14 form checks what Add checks, and passes a bound output.
func TestAddFresh(t *testing.T) {
	x, y := rt.Ones(2), rt.Ones(2)
	defer x.Release()
	defer y.Release()
	vs := asserts.Collect(func() {
		out := AddFresh(x, y, 1)
		out.Release()
	})
	if len(vs) != 0 {
		t.Fatalf("a correct add is flagged: %v", vs)
	}
	out := rt.Zeros(2)
	out.TensorObject()
	defer out.Release()
	defer out.ReleaseTensorObject()
	prev := k
	k = stubKernels(out)
	defer func() { k = prev }()
	vs = asserts.Collect(func() { AddFresh(x, y, 1) })
	if len(vs) != 0 {
		t.Errorf("a fresh output with a bound object is flagged by the 2.14 form: %v", vs)
	}
	vs = asserts.Collect(func() { Add(x, y, 1) })
	if len(vs) != 1 || vs[0].Check != checks.ImplUseCountLE1 {
		t.Errorf("the le_1 form: %v, want one impl_use_count_le_1 violation (use count 2)", vs)
	}
}

// BenchmarkOverheadFresh runs the add wrapper with impl_use_count_le_1
// (Add, the shape of 1.13 and 2.6 plans) and with impl_use_count_eq_fresh
// (AddFresh, 2.14's) on the same stub kernel, side by side; "bound" returns
// a tensor with a bound object, which takes the check's slow path (the
// type assertion to ImplBound).
func BenchmarkOverheadFresh(b *testing.B) {
	out := rt.Zeros(2)
	defer out.Release()
	prev := k
	defer func() { k = prev }()
	x, y := rt.Ones(2), rt.Ones(2)
	defer x.Release()
	defer y.Release()
	var sink *rt.Tensor
	k = stubKernels(out)
	b.Run("add/checked-le1", func(b *testing.B) {
		for b.Loop() {
			sink = Add(x, y, 1)
		}
	})
	b.Run("add/checked-eq-fresh", func(b *testing.B) {
		for b.Loop() {
			sink = AddFresh(x, y, 1)
		}
	})
	bound := rt.Zeros(2)
	bound.TensorObject()
	defer bound.Release()
	defer bound.ReleaseTensorObject()
	k = stubKernels(bound)
	b.Run("add/checked-eq-fresh-bound", func(b *testing.B) {
		for b.Loop() {
			sink = AddFresh(x, y, 1)
		}
	})
	_ = sink
}
