package gonum

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMemoryInPlace: Memory reads gonum v0.17's Dense in place, and what
// it reads is what RawMatrix's copy says (init's AssertgenMemory), for a
// matrix, a view, a column, a reused and an empty Dense.
func TestMemoryInPlace(t *testing.T) {
	if !rawInPlace {
		t.Fatal("Dense no longer begins with its RawMatrix: Memory copies it")
	}
	base := mat.NewDense(4, 5, nil)
	var reused mat.Dense
	reused.Mul(base, base.T())
	for i, m := range []*mat.Dense{base, base.Slice(1, 3, 2, 5).(*mat.Dense), base.Slice(0, 4, 4, 5).(*mat.Dense), &reused, {}} {
		if got, want := Memory(m), AssertgenMemory(m); got != want {
			t.Errorf("%d: Memory %+v, from RawMatrix %+v", i, got, want)
		}
	}
}

// TestSlice: slice.Tensor's bounds as PyTorch reads them in init's
// AssertgenSlice (assertgen_views.go), on a 4x5
// matrix whose element (i, j) is 10i+j: defaults, negative bounds from
// the end, bounds clamped to the size and an end before the start (an
// empty view), by rows and by columns; each result a view of m.
func TestSlice(t *testing.T) {
	m := mat.NewDense(4, 5, nil)
	m.Apply(func(i, j int, _ float64) float64 { return float64(10*i + j) }, m)
	p := func(v int64) *int64 { return &v }
	for _, tc := range []struct {
		dim        int64
		start, end *int64
		rows, cols int
		first      float64 // the view's element (0, 0), if any
	}{
		{0, nil, nil, 4, 5, 0},
		{0, p(1), p(3), 2, 5, 10},
		{0, p(-1), nil, 1, 5, 30},
		{-2, p(-3), p(-1), 2, 5, 10},
		{0, p(-9), p(9), 4, 5, 0},
		{1, p(2), nil, 4, 3, 2},
		{-1, nil, p(-2), 4, 3, 0},
		{1, p(4), p(2), 4, 0, 0},
	} {
		v := AssertgenSlice(m, tc.dim, tc.start, tc.end, 1)
		r, c := v.Dims()
		if r != tc.rows || c != tc.cols || r*c > 0 && v.At(0, 0) != tc.first {
			t.Errorf("dim %d [%v:%v]: %dx%d, want %dx%d from %v", tc.dim, tc.start, tc.end, r, c, tc.rows, tc.cols, tc.first)
		}
		if r*c > 0 && Memory(v).Anchor() != Memory(m).Anchor() {
			t.Errorf("dim %d [%v:%v]: not a view of m", tc.dim, tc.start, tc.end)
		}
	}
}
