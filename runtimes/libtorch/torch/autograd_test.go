package torch_test

import (
	"math"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func leaf(sizes ...int64) *torch.Tensor {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = 0.5 + float64(i)/4
	}
	x := torch.FromFloat64s(torch.Float32, v, sizes...)
	x.SetRequiresGrad(true)
	return x
}

func mustPanic(t *testing.T, what, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		e, ok := recover().(*torch.Error)
		if !ok || !strings.Contains(e.Msg, want) {
			t.Errorf("%s: recovered %v, want a *torch.Error containing %q", what, e, want)
		}
	}()
	f()
}

// TestSavedTensorsAreNotOwners: with autograd on, a kernel's grad_fn saves
// tensors for backward (exp its result, max.dim its indices), which adds
// owners the user cannot reach: exp's result has storage use count 2 and
// max's indices TensorImpl use count 2 in libtorch's own counts. PyTorch's
// debug asserts check the result before those saves; UseCounts leaves them
// out the same way (TrackSavedTensors), and backward still gets them.
func TestSavedTensorsAreNotOwners(t *testing.T) {
	torch.TrackSavedTensors()
	x := leaf(2, 3)
	defer x.Release()

	y := torch.Call("aten::exp", "", []*torch.Tensor{x})[0]
	if fn := y.GradFn(); fn != "ExpBackward0" {
		t.Fatalf("exp of a leaf that requires grad: grad_fn %q, want ExpBackward0", fn)
	}
	if i, s := y.UseCounts(); i != 1 || s != 1 {
		t.Errorf("exp's result: use counts [%d %d], want [1 1]", i, s)
	}
	// asserts reads a checked call's returns through IdentCounts (one cgo
	// call): the same counts as UseCounts.
	if _, i, s := y.IdentCounts(); i != 1 || s != 1 {
		t.Errorf("exp's result: IdentCounts use counts [%d %d], want [1 1], as UseCounts", i, s)
	}
	if n := y.SavedTensorRefs(); n != 1 {
		t.Errorf("exp's result: %d storage references held by saved tensors, want 1 (ExpBackward0 saves result)", n)
	}

	r := torch.Call("aten::max", "dim", []*torch.Tensor{x}, 0)
	vals, idx := r[0], r[1]
	if i, s := idx.UseCounts(); i != 1 || s != 1 {
		t.Errorf("max.dim's indices: use counts [%d %d], want [1 1] (without the saved-tensor hooks MaxBackward0 holds the TensorImpl itself)", i, s)
	}
	if _, i, s := idx.IdentCounts(); i != 1 || s != 1 {
		t.Errorf("max.dim's indices: IdentCounts use counts [%d %d], want [1 1], as UseCounts", i, s)
	}
	if i, s := vals.UseCounts(); i != 1 || s != 1 {
		t.Errorf("max.dim's values: use counts [%d %d], want [1 1]", i, s)
	}
	rel(vals, idx)

	// backward unpacks the saved result: d/dx sum(exp(x)) = exp(x).
	y.BackwardSum()
	g := x.Grad()
	want := x.Float64s()
	for i, v := range g.Float64s() {
		if e := math.Exp(want[i]); math.Abs(v-e) > 1e-5*e {
			t.Errorf("grad[%d] = %v, want exp(%v) = %v", i, v, want[i], e)
		}
	}
	g.Release()
	if n := y.SavedTensorRefs(); n != 0 {
		t.Errorf("after backward (which releases the graph's saved tensors) %d references remain", n)
	}
	y.Release()

	// An in-place write to a saved tensor is caught when backward unpacks it.
	z := torch.Call("aten::exp", "", []*torch.Tensor{x})[0]
	defer z.Release()
	z.Fill(1)
	mustPanic(t, "backward through a saved result written in place", "modified by an inplace operation", z.BackwardSum)
}

// TestAutogradViews: what reads differently on the autograd path. A view
// of a leaf is an autograd view whose base the user holds (counted); an
// in-place write to a view of a leaf that requires grad is refused, and to
// a view of a non-leaf is legal: it bumps the version counter the view
// shares with its base and rebases the view's history.
func TestAutogradViews(t *testing.T) {
	torch.TrackSavedTensors()
	x := leaf(2, 3)
	defer x.Release()
	if got := x.Info(); got != (torch.Info{RequiresGrad: true, Leaf: true}) {
		t.Errorf("leaf: Info %+v", got)
	}
	v := x.Transpose(0, 1)
	if got := v.Info(); got != (torch.Info{RequiresGrad: true, View: true}) {
		t.Errorf("view of a leaf: Info %+v", got)
	}
	if i, s := v.UseCounts(); i != 1 || s != 2 {
		t.Errorf("view of a live leaf: use counts [%d %d], want [1 2]", i, s)
	}
	mustPanic(t, "fill_ of a view of a leaf", "a view of a leaf Variable that requires grad", func() { v.Fill(1) })
	mustPanic(t, "fill_ of a leaf", "a leaf Variable that requires grad", func() { x.Fill(1) })
	v.Release()

	n := x.Clone()
	defer n.Release()
	nv := n.Select(0, 1)
	defer nv.Release()
	if got := nv.Info(); got != (torch.Info{RequiresGrad: true, View: true}) {
		t.Errorf("view of a non-leaf: Info %+v", got)
	}
	before, vid := n.Ident(), nv.Ident()
	nv.Fill(2)
	after := nv.Ident()
	if after.Impl != vid.Impl || after.Storage != vid.Storage || after.Version == vid.Version {
		t.Errorf("fill_ of a view of a non-leaf: Ident %+v -> %+v, want the same TensorImpl and StorageImpl, a new version", vid, after)
	}
	if got := n.Ident(); got.Version != after.Version || got.Storage != before.Storage {
		t.Errorf("base after a write through its view: %+v, view %+v: they share storage and version counter", got, after)
	}
	if fn := n.GradFn(); fn != "torch::autograd::CopySlices" {
		t.Errorf("base of a view written in place: grad_fn %q, want CopySlices", fn)
	}
	if i, s := nv.UseCounts(); i != 1 || s != 2 {
		t.Errorf("view of a live non-leaf after an in-place write: use counts [%d %d], want [1 2]", i, s)
	}
}

// TestViewOfReleasedLeaf: a view of a leaf that requires grad keeps the
// leaf alive twice, as its autograd base and through the AccumulateGrad
// node of its own grad_fn's graph. Once the user releases the leaf, it is
// reachable only through the view's metadata and is not counted (as a
// temporary base without autograd is not: TestTemporaryBaseIsNotAnOwner);
// a view of that view, once the first view is gone too, the same.
func TestViewOfReleasedLeaf(t *testing.T) {
	x := leaf(2, 3)
	v := x.Transpose(0, 1)
	if _, s := v.UseCounts(); s != 2 {
		t.Errorf("view of a live leaf: storage use count %d, want 2", s)
	}
	x.Release()
	if _, s := v.UseCounts(); s != 1 {
		t.Errorf("view of a leaf only it holds: storage use count %d, want 1", s)
	}
	w := v.Select(0, 1)
	defer w.Release()
	// While v lives the leaf has a second view holding it, so it counts,
	// with or without autograd: x, v and w.
	if _, s := w.UseCounts(); s != 3 {
		t.Errorf("view of that view while it lives: storage use count %d, want 3", s)
	}
	v.Release()
	if _, s := w.UseCounts(); s != 1 {
		t.Errorf("view of a view of a leaf only it holds: storage use count %d, want 1", s)
	}
}
