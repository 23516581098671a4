// Reproducer written by assertgen's sweep (docs/sweep.md, "Reproducers"): it imports
// neither assertgen nor its checks, and fails until the bug is fixed.

package repro

import (
	"testing"

	"github.com/assertgen/assertgen/examples/reftensor"
)

// TestRepro: add_.Tensor returns a new tensor, not its argument self on float32 [] and float32 [].
//
// Op add_.Tensor, sample: self=float32[] other=float32[] alpha=[1].
// Minimized from: contiguous float [2,3], optionals absent: self=float32[2,3] other=float32[2,3] alpha=[1].
func TestRepro(t *testing.T) {
	x0 := reftensor.FromSlice([]float64{0.5})
	x1 := reftensor.FromSlice([]float64{0.5})
	self := x1
	other := x0
	alpha := float64(1)
	r0 := Add_Tensor(self, other, alpha)
	_ = r0
	if r0 != self {
		t.Error("add_.Tensor returns a new tensor, not its argument self on float32 [] and float32 []")
	}
}

func Add_Tensor(self, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
	return reftensor.Add(self, other, alpha)
}

func tensorValues(x *reftensor.Tensor) []float64 { return x.ToSlice() }

func tensorSizes(x *reftensor.Tensor) []int { return x.Sizes() }

func tensorFill(x *reftensor.Tensor, v float64) { x.Fill(v) }
