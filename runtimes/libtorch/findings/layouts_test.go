//go:build debugasserts

package findings

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// The repros of the kernel verdicts the layout, dtype and autograd samples
// (11-20) brought: out= kernels that rebind a quantized out, sparse
// returns of self, quantized returns on the input's storage, and
// unsafe_split on a conj input. Each makes the sample's tensor kind with
// the constructors of torch/layouts.go.

// quint8 returns x quantized per tensor (scale 0.1, zero point 10).
func quint8(x tensor) tensor { return x.QuantizePerTensor(0.1, 10, torch.QUInt8) }

// complex64s returns a complex [2,3] tensor.
func complex64s() tensor {
	return torch.FromFloat64s(torch.Complex64, []float64{0.5, 0.75, 1, 1.25, 1.5, 1.75}, 2, 3)
}

// outRebound is the repro of an out= op whose kernel, for a quantized
// out, rebinds the out reference to its result instead of writing into
// out: call gets a quantized self and out.
func outRebound(op, code string, call func(t *testing.T, self, out tensor) tensor) repro {
	return repro{op: op, name: "quantized", shows: []string{"same_impl arg out", "same_storage arg out"},
		code: code,
		run: func(t *testing.T) {
			x := f32(2, 3)
			self, out := quint8(x), quint8(x)
			defer rel(out, self, x)
			rel(call(t, self, out))
		}}
}

// quantizedView is the repro of an op that returns a tensor on a quantized
// input's storage where the schema promises a fresh one. The sweep reached
// the op with a quantized input on samples 16 and, after the repair to a
// backend the kernel has, 14, 15 and 17.
func quantizedView(op, goName string, arg int64, sizes ...int64) repro {
	return repro{op: op, name: "quantized", shows: []string{"storage_use_count_eq_1 ret 0"}, samples: []int{14, 15, 16, 17},
		code: fmt.Sprintf("checked.%s(q, %d) // q quantized %s: a tensor on q's storage", goName, arg, strings.ReplaceAll(fmt.Sprint(sizes), " ", ",")),
		run: func(t *testing.T) {
			x := f32(sizes...)
			q := quint8(x)
			rel(wrapper[func(tensor, int64) tensor](t, op)(q, arg), q, x)
		}}
}

func init() {
	add(
		outRebound("hardtanh.out", "checked.HardtanhOut(q, torch.Float(0), torch.Float(1), out) // q, out quantized: the kernel rebinds out",
			func(t *testing.T, s, o tensor) tensor {
				return wrapper[func(tensor, torch.Scalar, torch.Scalar, tensor) tensor](t, "hardtanh.out")(s, torch.Float(0), torch.Float(1), o)
			}),
		outRebound("mean.out", "checked.MeanOut(q, []int64{0}, false, nil, out) // q, out quantized: the kernel rebinds out",
			func(t *testing.T, s, o tensor) tensor {
				return wrapper[func(tensor, []int64, bool, *int, tensor) tensor](t, "mean.out")(s, []int64{0}, false, nil, o)
			}),
		outRebound("mean.dtype_out", "checked.MeanDtypeOut(q, nil, out) // q, out quantized: the kernel rebinds out",
			func(t *testing.T, s, o tensor) tensor {
				return wrapper[func(tensor, *int, tensor) tensor](t, "mean.dtype_out")(s, nil, o)
			}),
		outRebound("std.out", "checked.StdOut(q, []int64{0}, true, false, out) // q, out quantized: the kernel rebinds out",
			func(t *testing.T, s, o tensor) tensor {
				return wrapper[func(tensor, []int64, bool, bool, tensor) tensor](t, "std.out")(s, []int64{0}, true, false, o)
			}),
		outRebound("std.correction_out", "checked.StdCorrectionOut(q, []int64{0}, nil, false, out) // q, out quantized: the kernel rebinds out",
			func(t *testing.T, s, o tensor) tensor {
				// correction is an int up to 1.13, a Scalar from 2.0.
				switch f := sweepops.Checked["std.correction_out"].(type) {
				case func(tensor, []int64, *int64, bool, tensor) tensor:
					return f(s, []int64{0}, nil, false, o)
				default:
					return wrapper[func(tensor, []int64, *torch.Scalar, bool, tensor) tensor](t, "std.correction_out")(s, []int64{0}, nil, false, o)
				}
			}),
		repro{op: "resize_as_sparse.out", shows: []string{"returns_arg ret 0"},
			code: "checked.ResizeAsSparseOut(s, s2, out) // s, s2, out sparse COO: returns self, not out",
			run: func(t *testing.T) {
				x := f32(2, 3)
				s, s2, out := x.ToSparse(), x.ToSparse(), x.ToSparse()
				defer rel(out, s2, s, x)
				rel(wrapper[func(tensor, tensor, tensor) tensor](t, "resize_as_sparse.out")(s, s2, out))
			}},
		repro{op: "to_sparse", name: "coo", shows: []string{"impl ret 0"},
			code: "checked.ToSparse(s, nil, nil, nil) // s sparse COO: returns s itself",
			run: func(t *testing.T) {
				x := f32(2, 3)
				s := x.ToSparse()
				defer rel(s, x)
				// 1.13's to_sparse has no layout, blocksize or dense_dim.
				switch f := sweepops.Checked["to_sparse"].(type) {
				case func(tensor) tensor:
					rel(f(s))
				default:
					rel(wrapper[func(tensor, *int, []int64, *int64) tensor](t, "to_sparse")(s, nil, nil, nil))
				}
			}},
		repro{op: "to_sparse_csr", name: "csr", shows: []string{"impl ret 0"},
			code: "checked.ToSparseCsr(c, nil) // c sparse CSR: returns c itself",
			run: func(t *testing.T) {
				x := f32(2, 3)
				c := x.ToSparseCSR()
				defer rel(c, x)
				// 1.13's to_sparse_csr has no dense_dim.
				switch f := sweepops.Checked["to_sparse_csr"].(type) {
				case func(tensor) tensor:
					rel(f(c))
				default:
					rel(wrapper[func(tensor, *int64) tensor](t, "to_sparse_csr")(c, nil))
				}
			}},
		quantizedView("native_channel_shuffle", "NativeChannelShuffle", 1, 2, 3, 4),
		quantizedView("pixel_shuffle", "PixelShuffle", 1, 1, 2, 4, 4),
		quantizedView("pixel_unshuffle", "PixelUnshuffle", 1, 1, 2, 4, 4),
		repro{op: "unsafe_split.Tensor", name: "conj", shows: []string{"fresh_or_alias ret 0"},
			code: "checked.UnsafeSplitTensor(c.Conj(), 1, 0) // the conj bit resolved into one copy: views of it",
			run: func(t *testing.T) {
				c := complex64s()
				v := c.Conj()
				rel(append(wrapper[func(tensor, int64, int64) tensors](t, "unsafe_split.Tensor")(v, 1, 0), v, c)...)
			}},
		repro{op: "_mkldnn_reshape", shows: []string{"impl ret 0"},
			code: "checked.XMkldnnReshape(m, []int64{2, 3}) // m mkldnn [2,3]: returns m itself",
			run: func(t *testing.T) {
				if !torch.HasMkldnn() {
					t.Fatalf("libtorch %s is built without mkldnn", aten.SchemaVersion)
				}
				d := f32(2, 3)
				m := d.ToMkldnn()
				rel(wrapper[func(tensor, []int64) tensor](t, "_mkldnn_reshape")(m, []int64{2, 3}), m, d)
			}},
	)
}

// A layoutCall is a checked call on a layout or the autograd path where a
// checker could raise a false alarm and assertgen must not, or where it
// must still catch a kernel.
type layoutCall struct {
	name string
	run  func(t *testing.T)
	// ran are checks that must have run (not been skipped); impl, when
	// set, requires the release's fresh-return TensorImpl check to fire.
	ran  []checks.Check
	impl bool
}

func leaf() tensor {
	x := f32(2, 3)
	x.SetRequiresGrad(true)
	return x
}

var layoutCalls = []layoutCall{
	{name: "clone of a conj view", run: func(t *testing.T) {
		c := complex64s()
		v := c.Conj()
		out := wrapper[func(tensor, *int) tensor](t, "clone")(v, nil)
		defer rel(out, v, c)
		if out.Info().Conj {
			t.Error("clone kept the conj bit")
		}
	}, ran: []checks.Check{checks.NoMutation, checks.StorageUseCountEq1, checks.SameContent}},
	{name: "clone of a neg view", run: func(t *testing.T) {
		c := complex64s()
		v := c.NegView()
		rel(wrapper[func(tensor, *int) tensor](t, "clone")(v, nil), v, c)
	}, ran: []checks.Check{checks.NoMutation, checks.StorageUseCountEq1, checks.SameContent}},
	{name: "resolve_conj of a conj view (a fresh tensor)", run: func(t *testing.T) {
		c := complex64s()
		v := c.Conj()
		rel(wrapper[func(tensor) tensor](t, "resolve_conj")(v), v, c)
	}, ran: []checks.Check{checks.NoMutation, checks.SameContent}},
	{name: "resolve_conj of a plain tensor (self itself, as its schema allows)", run: func(t *testing.T) {
		c := complex64s()
		rel(wrapper[func(tensor) tensor](t, "resolve_conj")(c), c)
	}, ran: []checks.Check{checks.NoMutation}},
	{name: "clone of a conj view of a requires_grad leaf", run: func(t *testing.T) {
		c := complex64s()
		c.SetRequiresGrad(true)
		v := c.Conj()
		rel(wrapper[func(tensor, *int) tensor](t, "clone")(v, nil), v, c)
	}, ran: []checks.Check{checks.StorageUseCountEq1}},
	{name: "exp of a requires_grad leaf (ExpBackward0 saves the result)", run: func(t *testing.T) {
		x := leaf()
		rel(wrapper[func(tensor) tensor](t, "exp")(x), x)
	}, ran: []checks.Check{checks.StorageUseCountEq1}},
	{name: "max.dim of a requires_grad leaf (MaxBackward0 saves the indices)", run: func(t *testing.T) {
		x := leaf()
		a, b := wrapper[func(tensor, int64, bool) (tensor, tensor)](t, "max.dim")(x, 0, false)
		rel(a, b, x)
	}, ran: []checks.Check{checks.StorageUseCountEq1}},
	{name: "transpose of a requires_grad leaf", run: func(t *testing.T) {
		x := leaf()
		rel(wrapper[func(tensor, int64, int64) tensor](t, "transpose.int")(x, 0, 1), x)
	}, ran: []checks.Check{checks.SharesStorage}},
	{name: "sin_ of a view of a non-leaf (CopySlices)", run: func(t *testing.T) {
		x := leaf()
		n := x.Clone()
		v := n.Select(0, 1)
		defer rel(v, n, x)
		ver := n.Ident().Version
		rel(wrapper[func(tensor) tensor](t, "sin_")(v))
		if n.Ident().Version == ver {
			t.Error("sin_ of a view left its base's version")
		}
	}, ran: []checks.Check{checks.ReturnsArg, checks.SameImpl}},
	{name: "dropout in eval mode of a requires_grad leaf returns it (still caught)", run: func(t *testing.T) {
		x := leaf()
		rel(wrapper[func(tensor, float64, bool) tensor](t, "dropout")(x, 0.5, false), x)
	}, impl: true},
}

// TestLayoutsAndAutograd: clone of a conj or neg tensor (SchemaCheckMode's
// false alarm) and the autograd path raise no violation; a kernel that
// returns its input is still caught with requires_grad on. In-place on a
// view of a leaf that requires grad is refused by libtorch before any
// kernel runs, and the refusal is an error, not a violation.
func TestLayoutsAndAutograd(t *testing.T) {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	impl := implCheck(t)
	for _, c := range layoutCalls {
		t.Run(c.name, func(t *testing.T) {
			col.Reset()
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%v", e)
					}
				}()
				c.run(t)
			}()
			rep := col.Report()
			for _, k := range c.ran {
				if rep.ChecksRun[k.String()] == 0 {
					t.Errorf("%s did not run (checks run: %v, skipped: %v)", k, rep.ChecksRun, rep.Skipped)
				}
			}
			var got []string
			fired := false
			for _, v := range col.Violations() {
				if c.impl && v.Check.String() == impl {
					fired = true
					continue
				}
				got = append(got, v.Error())
			}
			sort.Strings(got)
			if len(got) > 0 {
				t.Errorf("violations: %s", strings.Join(got, "; "))
			}
			if c.impl && !fired {
				t.Errorf("want a %s violation, got none", impl)
			}
		})
	}
	t.Run("sin_ of a view of a requires_grad leaf is refused", func(t *testing.T) {
		x := leaf()
		v := x.Select(0, 1)
		defer rel(v, x)
		sin := wrapper[func(tensor) tensor](t, "sin_")
		defer func() {
			e, ok := recover().(*torch.Error)
			if !ok || !strings.Contains(e.Msg, "a view of a leaf Variable that requires grad") {
				t.Errorf("recovered %v, want libtorch's refusal", e)
			}
			if vs := col.Violations(); len(vs) > 0 {
				t.Errorf("a refused call reported %v", vs)
			}
		}()
		col.Reset()
		sin(v)
	})
}
