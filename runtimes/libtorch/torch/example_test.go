package torch_test

import (
	"fmt"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// What asserts reads from a libtorch tensor (its TensorImpl, its
// StorageImpl and its version counter), after each thing a kernel may do
// to it: a second handle, a detached view, an in-place write, a write
// through the data pointer, set_ and resize_.
func Example() {
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4}, 2, 2)
	defer x.Release()
	show := func(what string, t *torch.Tensor) {
		id, xid := t.Ident(), x.Ident()
		fmt.Printf("%-9s same TensorImpl %-5v same StorageImpl %v\n", what, id.Impl == xid.Impl, id.Storage == xid.Storage)
	}

	s := x.Share()
	defer s.Release()
	show("share", s)
	d := x.Detach()
	defer d.Release()
	show("detach", d)

	v := x.Ident().Version
	x.Fill(7)
	fmt.Println("fill_:", x.Float64s(), "version moved:", x.Ident().Version != v)
	v = x.Ident().Version
	before, _ := x.ContentDigest()
	x.RawWrite()
	after, _ := x.ContentDigest()
	fmt.Println("raw write: version moved:", x.Ident().Version != v, "contents changed:", after != before)

	y := torch.Zeros(torch.Float32, torch.CPU, 3)
	defer y.Release()
	impl := y.Ident().Impl
	y.SetStorage(x)
	fmt.Println("set_: keeps its TensorImpl:", y.Ident().Impl == impl, "takes x's StorageImpl:", y.Ident().Storage == x.Ident().Storage)
	x.Resize(3, 3)
	show("resize_", x)
	fmt.Println("sizes after resize_:", x.Sizes())

	u := torch.Undefined()
	fmt.Println("defined:", x.Defined(), u.Defined())
	// Output:
	// share     same TensorImpl true  same StorageImpl true
	// detach    same TensorImpl false same StorageImpl true
	// fill_: [7 7 7 7] version moved: true
	// raw write: version moved: false contents changed: true
	// set_: keeps its TensorImpl: true takes x's StorageImpl: true
	// resize_   same TensorImpl true  same StorageImpl true
	// sizes after resize_: [3 3]
	// defined: true false
}

// The other kinds of tensors the sweep feeds kernels, each turned back into
// an ordinary one: a sparse tensor and ToDense, a quantized one and
// Dequantize, a functionalization wrapper, and a meta tensor (a shape and
// no data). ScalarType gives the c10 number a schema's ScalarType argument
// takes.
func ExampleTensor_ToDense() {
	x := torch.FromFloat64s(torch.Float32, []float64{0, 2, 0, 3}, 2, 2)
	sp := x.ToSparse()
	fmt.Println(sp.Info().Layout, "->", sp.ToDense().Info().Layout, sp.ToDense().Float64s())
	q := x.QuantizePerTensor(0.5, 0, torch.QUInt8)
	fmt.Println("quantized:", q.Info().Quantized, "->", q.Dequantize().Float64s())
	f := x.ToFunctional()
	fmt.Println("functional wrapper:", f.Describe().Sizes, f.Ident().Impl != x.Ident().Impl)
	m := torch.Zeros(torch.Float32, torch.Meta, 2, 3)
	fmt.Println("meta:", m.Describe().Device == torch.Meta, m.Sizes())
	fmt.Println("ScalarType:", torch.Float32.ScalarType(), torch.Int64.ScalarType(), torch.Boolean.ScalarType())
	// Output:
	// sparse_coo -> strided [0 2 0 3]
	// quantized: true -> [0 2 0 3]
	// functional wrapper: [2 2] true
	// meta: true [2 3]
	// ScalarType: 6 4 11
}

// Call runs any op through the dispatcher, boxed, without a release's
// bindings; with autograd on, its result has a grad_fn, and a backward
// fills the leaf's grad: d/dx sum(exp(x)) = exp(x), 1 at x = 0.
func ExampleCall() {
	x := torch.Zeros(torch.Float32, torch.CPU, 2)
	x.SetRequiresGrad(true)
	y := torch.Call("aten::exp", "", []*torch.Tensor{x})[0]
	fmt.Printf("grad_fn: %q, of the leaf: %q\n", y.GradFn(), x.GradFn())
	y.BackwardSum()
	fmt.Println("grad:", x.Grad().Float64s())
	// Output:
	// grad_fn: "ExpBackward0", of the leaf: ""
	// grad: [1 1]
}

// A sample of a Dimname overload names its tensors' dims, as
// x.refine_names("N", "C") would, where the release has named tensors
// (1.13.1 and 2.6.0; 2.14.1 has none, and the example prints nothing there).
func ExampleTensor_Names() {
	if !torch.HasNames() {
		return
	}
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer x.Release()
	x.SetNames("N", "C")
	fmt.Println(x.Names())
}

// A tensor made in inference mode is an inference tensor: it has no
// version counter, so the asserts skip the checks that read one.
func ExampleInference() {
	_ = torch.Inference(func() error {
		x := torch.FromFloat64s(torch.Float32, []float64{1, 2}, 2)
		defer x.Release()
		fmt.Println("inside:", x.IsInference())
		return nil
	})
	y := torch.FromFloat64s(torch.Float32, []float64{1, 2}, 2)
	defer y.Release()
	fmt.Println("after:", y.IsInference())
	// Output:
	// inside: true
	// after: false
}

// A forward-AD level is open while f runs; its index is the level
// argument of _make_dual and _fw_primal.
func ExampleDualLevel() {
	err := torch.DualLevel(func(level int64) error {
		fmt.Println("level", level)
		return nil
	})
	fmt.Println("err", err)
	// Output:
	// level 0
	// err <nil>
}
