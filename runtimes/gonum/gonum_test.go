package gonum

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

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
		if r*c > 0 && !sameArray(v, m) {
			t.Errorf("dim %d [%v:%v]: not a view of m", tc.dim, tc.start, tc.end)
		}
	}
}

// sameArray reports whether a's and b's elements are in one backing
// array: both slices end at its last element (the anchor of
// asserts.SliceMemory, which Memory gives the debug build).
func sameArray(a, b *mat.Dense) bool {
	x, y := a.RawMatrix().Data, b.RawMatrix().Data
	return cap(x) > 0 && cap(y) > 0 && &x[:cap(x)][cap(x)-1] == &y[:cap(y)][cap(y)-1]
}
