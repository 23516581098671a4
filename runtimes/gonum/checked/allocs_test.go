//go:build debugasserts

package checked

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCheckedAllocatesNothing: once an op is calibrated, its checked call
// allocates what its kernel does and nothing more, on the one path's fast
// plan (add, neg, narrow, mm, cat; add_ and mm.out, which declare a
// write): the Frame stays on the wrapper's stack.
func TestCheckedAllocatesNothing(t *testing.T) {
	for _, c := range checkedCases() {
		for range 3 { // the calls that calibrate the op
			c.checked()
		}
		direct, checked := testing.AllocsPerRun(200, c.direct), testing.AllocsPerRun(200, c.checked)
		if checked != direct {
			t.Errorf("%s: %v allocations a checked call, %v a direct one", c.name, checked, direct)
		}
	}
}

// checkedCase is an op's checked wrapper and its bound kernel called
// directly, on 4x4 matrices.
type checkedCase struct {
	name            string
	direct, checked func()
}

// checkedCases are the ops BenchmarkChecked and
// TestCheckedAllocatesNothing call.
func checkedCases() []checkedCase {
	vs := make([]float64, 16)
	for i := range vs {
		vs[i] = float64(i + 1)
	}
	x, y := mat.NewDense(4, 4, vs), mat.NewDense(4, 4, append([]float64(nil), vs...))
	out := mat.NewDense(4, 4, nil)
	list := []*mat.Dense{x, y}
	return []checkedCase{
		{"add", func() { boundAddTensor(x, y, 1) }, func() { AddTensor(x, y, 1) }},
		{"neg", func() { boundNeg(x) }, func() { Neg(x) }},
		{"add_", func() { boundAdd_Tensor(x, y, 1) }, func() { Add_Tensor(x, y, 1) }},
		{"narrow", func() { boundNarrow(x, 1, 1, 2) }, func() { Narrow(x, 1, 1, 2) }},
		{"mm", func() { boundMm(x, y) }, func() { Mm(x, y) }},
		{"mm.out", func() { boundMmOut(x, y, out) }, func() { MmOut(x, y, out) }},
		{"cat", func() { boundCat(list, 0) }, func() { Cat(list, 0) }},
	}
}
