package bench

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// BenchmarkBindingCall is the cost of one call through the bindings on a
// 2x2 float tensor, where the kernel's own work is small and the shim's
// (decoding the arguments, the dispatcher call, encoding the returns) is
// a large part: transpose (a view), add.Tensor (a fresh tensor) and
// add_.Tensor (in place). The shim's C++ is built at -O1 without debug
// info (cmd/shimgen); this benchmark is what that choice was measured
// with: -O0 builds faster but makes each call about a quarter slower
// (docs/benchmarks.md, "libtorch build").
func BenchmarkBindingCall(b *testing.B) {
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4}, 2, 2)
	defer x.Release()
	one := torch.Float(1)
	b.Run("transpose", func(b *testing.B) {
		for b.Loop() {
			aten.TransposeInt(x, 0, 1).Release()
		}
	})
	b.Run("add", func(b *testing.B) {
		for b.Loop() {
			aten.AddTensor(x, x, one).Release()
		}
	})
	b.Run("add_", func(b *testing.B) {
		y := torch.FromFloat64s(torch.Float32, []float64{0, 0, 0, 0}, 2, 2)
		defer y.Release()
		for b.Loop() {
			aten.Add_Tensor(y, x, one).Release()
		}
	})
}
