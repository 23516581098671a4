//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/checked"
	"github.com/assertgen/assertgen/runtimes/libtorch/internal/layoutrepro"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// TestLayoutsAndAutograd: clone of a conj or neg tensor (SchemaCheckMode's
// false alarm) and the autograd path raise no violation; a kernel that
// returns its input is still caught with requires_grad on.
func TestLayoutsAndAutograd(t *testing.T) {
	layoutrepro.Run(t, layoutrepro.Ops{
		Clone: checked.Clone, ResolveConj: checked.ResolveConj, Exp: checked.Exp, MaxDim: checked.MaxDim,
		Sin_: checked.Sin_, TransposeInt: checked.TransposeInt, Dropout: checked.Dropout,
	})
}

// The kernel verdicts the layout, dtype and autograd samples (11-20)
// brought on 1.13.1; the smallest call of each.
func init() {
	q := func(x *torch.Tensor) *torch.Tensor { return x.QuantizePerTensor(0.1, 10, torch.QUInt8) }
	outRebound := func(call func(self, out *torch.Tensor)) func() {
		return func() {
			x := f32(2, 3)
			self, out := q(x), q(x)
			call(self, out)
			rel(out, self, x)
		}
	}
	repros = append(repros,
		repro{"hardtanh.out", "same_impl", "checked.HardtanhOut(q, torch.Float(0), torch.Float(1), out) // q, out quantized: the kernel rebinds out", outRebound(func(s, o *torch.Tensor) {
			checked.HardtanhOut(s, torch.Float(0), torch.Float(1), o).Release()
		})},
		repro{"mean.out", "same_impl", "checked.MeanOut(q, []int64{0}, false, nil, out) // q, out quantized", outRebound(func(s, o *torch.Tensor) {
			checked.MeanOut(s, []int64{0}, false, nil, o).Release()
		})},
		repro{"std.out", "same_impl", "checked.StdOut(q, []int64{0}, true, false, out) // q, out quantized", outRebound(func(s, o *torch.Tensor) {
			checked.StdOut(s, []int64{0}, true, false, o).Release()
		})},
		repro{"std.correction_out", "same_impl", "checked.StdCorrectionOut(q, []int64{0}, nil, false, out) // q, out quantized", outRebound(func(s, o *torch.Tensor) {
			checked.StdCorrectionOut(s, []int64{0}, nil, false, o).Release()
		})},
		repro{"resize_as_sparse.out", "returns_arg", "checked.ResizeAsSparseOut(s, s2, out) // sparse COO: returns self, not out", func() {
			x := f32(2, 3)
			s, t, o := x.ToSparse(), x.ToSparse(), x.ToSparse()
			checked.ResizeAsSparseOut(s, t, o).Release()
			rel(o, t, s, x)
		}},
		repro{"native_channel_shuffle", "storage_use_count_eq_1", "checked.NativeChannelShuffle(q, 1) // q quantized [1,2,2,2]", func() {
			x := f32(1, 2, 2, 2)
			s := q(x)
			rel(checked.NativeChannelShuffle(s, 1), s, x)
		}},
		repro{"pixel_shuffle", "storage_use_count_eq_1", "checked.PixelShuffle(q, 1) // q quantized [1,2,4,4]", func() {
			x := f32(1, 2, 4, 4)
			s := q(x)
			rel(checked.PixelShuffle(s, 1), s, x)
		}},
		repro{"pixel_unshuffle", "storage_use_count_eq_1", "checked.PixelUnshuffle(q, 1) // q quantized [1,2,4,4]", func() {
			x := f32(1, 2, 4, 4)
			s := q(x)
			rel(checked.PixelUnshuffle(s, 1), s, x)
		}},
		repro{"unsafe_split.Tensor", "fresh_or_alias", "checked.UnsafeSplitTensor(c.Conj(), 1, 0) // the conj bit resolved into one copy: views of it", func() {
			c := torch.FromFloat64s(torch.Complex64, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
			v := c.Conj()
			rel(append(checked.UnsafeSplitTensor(v, 1, 0), v, c)...)
		}},
	)
}
