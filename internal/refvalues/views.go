package refvalues

import (
	"fmt"
	"math"
)

// grid is the operand of the views: a 4x5 matrix whose element (i, j) is
// 10i+j+1. So each view's values say which rows and columns it holds,
// and in which order a library's bounds are.
var grid = func() Matrix {
	m := Matrix{Rows: 4, Cols: 5, Data: make([]float64, 20)}
	for i := range m.Data {
		m.Data[i] = float64(10*(i/5) + i%5 + 1)
	}
	return m
}()

// none is a case's value of an optional scalar left unset (slice.Tensor's
// start=None): NaN, which no int scalar is.
var none = math.NaN()

// IsNone reports whether a case's scalar v is an optional one left unset.
func IsNone(v float64) bool { return math.IsNaN(v) }

// viewOps are the view ops and cat, as PyTorch defines them on a 2-D
// tensor. A view op's result shares self's memory (View); cat's tensors
// are a list (List). Two differences come from what a matrix library has:
//   - select.int keeps the selected dimension: a 1xn row or an nx1
//     column, where PyTorch's result has one dimension fewer;
//   - slice.Tensor's cases step by 1, since a dense matrix's view has unit
//     column stride.
func viewOps() []*Op {
	same := func(in []Matrix, _ []float64) (Matrix, error) { return block(in[0], 0, in[0].Rows, 0, in[0].Cols), nil }
	whole := []Case{{In: []Matrix{grid}}, {In: []Matrix{mixed}}}
	return []*Op{
		{Name: "narrow", Tensors: 1, Scalars: []string{"dim", "start", "length"}, View: true, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
			return narrow(in[0], int(s[0]), int(s[1]), int(s[2]))
		}), Cases: []Case{{In: []Matrix{grid}, Scalars: []float64{0, 1, 2}}, {In: []Matrix{grid}, Scalars: []float64{1, 2, 3}},
			{In: []Matrix{grid}, Scalars: []float64{-1, 0, 2}}, {In: []Matrix{grid}, Scalars: []float64{-2, 3, 1}}}},
		{Name: "select.int", Tensors: 1, Scalars: []string{"dim", "index"}, View: true, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
			size := dimSize(in[0], int(s[0]))
			i := int(s[1])
			if i < 0 {
				i += size
			}
			return narrow(in[0], int(s[0]), i, 1)
		}), Cases: []Case{{In: []Matrix{grid}, Scalars: []float64{0, 2}}, {In: []Matrix{grid}, Scalars: []float64{1, 3}},
			{In: []Matrix{grid}, Scalars: []float64{-1, -1}}, {In: []Matrix{grid}, Scalars: []float64{0, -4}}}},
		{Name: "slice.Tensor", Tensors: 1, Scalars: []string{"dim", "start", "end", "step"}, View: true, eval: plain(sliceOf),
			Cases: []Case{{In: []Matrix{grid}, Scalars: []float64{0, none, none, 1}}, {In: []Matrix{grid}, Scalars: []float64{0, 1, 3, 1}},
				{In: []Matrix{grid}, Scalars: []float64{1, -3, none, 1}}, {In: []Matrix{grid}, Scalars: []float64{-1, none, -2, 1}},
				{In: []Matrix{grid}, Scalars: []float64{-2, -9, 9, 1}}, {In: []Matrix{grid}, Scalars: []float64{1, 1, 4, 1}}}},
		{Name: "alias", Tensors: 1, View: true, eval: plain(same), Cases: whole},
		{Name: "detach", Tensors: 1, View: true, eval: plain(same), Cases: whole},
		{Name: "cat", Tensors: 1, List: true, Scalars: []string{"dim"}, eval: plain(cat),
			Cases: []Case{{In: []Matrix{unit, large}, Scalars: []float64{0}}, {In: []Matrix{mixed, mixed2, tall.t()}, Scalars: []float64{1}},
				{In: []Matrix{wide, unit2, small}, Scalars: []float64{-2}}, {In: []Matrix{mixed, wide}, Scalars: []float64{-1}}}},
	}
}

// dimSize is m's size in dim (0 or -2 rows, 1 or -1 columns), -1 for
// another dim.
func dimSize(m Matrix, dim int) int {
	switch dim {
	case 0, -2:
		return m.Rows
	case 1, -1:
		return m.Cols
	}
	return -1
}

// narrow is rows (dim 0) or columns (dim 1) start to start+length of m.
func narrow(m Matrix, dim, start, length int) (Matrix, error) {
	size := dimSize(m, dim)
	if size < 0 || start < 0 || length < 0 || start+length > size {
		return Matrix{}, fmt.Errorf("narrow: dim %d, start %d, length %d of a %dx%d matrix", dim, start, length, m.Rows, m.Cols)
	}
	if dim == 0 || dim == -2 {
		return block(m, start, start+length, 0, m.Cols), nil
	}
	return block(m, 0, m.Rows, start, start+length), nil
}

// sliceOf is slice.Tensor: start (default 0) to end (default the size),
// negative bounds from the end, clamped to the size, by step.
func sliceOf(in []Matrix, s []float64) (Matrix, error) {
	m, dim := in[0], int(s[0])
	size := dimSize(m, dim)
	if size < 0 || s[3] < 1 {
		return Matrix{}, fmt.Errorf("slice: dim %d, step %v", dim, s[3])
	}
	bound := func(v float64, unset, lo int) int {
		if IsNone(v) {
			return unset
		}
		b := int(v)
		if b < 0 {
			b += size
		}
		return min(max(b, lo), size)
	}
	lo := bound(s[1], 0, 0)
	hi := bound(s[2], size, lo)
	step := int(s[3])
	idx := []int{}
	for i := lo; i < hi; i += step {
		idx = append(idx, i)
	}
	out := Matrix{Rows: m.Rows, Cols: m.Cols}
	if dim == 0 || dim == -2 {
		out.Rows = len(idx)
		for _, i := range idx {
			out.Data = append(out.Data, m.Data[i*m.Cols:(i+1)*m.Cols]...)
		}
		return out, nil
	}
	out.Cols = len(idx)
	for i := range m.Rows {
		for _, j := range idx {
			out.Data = append(out.Data, m.at(i, j))
		}
	}
	return out, nil
}

// cat is the list of tensors concatenated along rows (dim 0) or columns
// (dim 1).
func cat(in []Matrix, s []float64) (Matrix, error) {
	dim := int(s[0])
	byRows := dim == 0 || dim == -2
	if dimSize(in[0], dim) < 0 {
		return Matrix{}, fmt.Errorf("cat: dim %d of matrices", dim)
	}
	out := Matrix{Rows: in[0].Rows, Cols: in[0].Cols}
	for _, m := range in[1:] {
		switch {
		case byRows && m.Cols != out.Cols, !byRows && m.Rows != out.Rows:
			return Matrix{}, sizeError("cat", in...)
		case byRows:
			out.Rows += m.Rows
		default:
			out.Cols += m.Cols
		}
	}
	if byRows {
		for _, m := range in {
			out.Data = append(out.Data, m.Data...)
		}
		return out, nil
	}
	for i := range out.Rows {
		for _, m := range in {
			out.Data = append(out.Data, m.Data[i*m.Cols:(i+1)*m.Cols]...)
		}
	}
	return out, nil
}

// block is rows r0 to r1 and columns c0 to c1 of m.
func block(m Matrix, r0, r1, c0, c1 int) Matrix {
	out := Matrix{Rows: r1 - r0, Cols: c1 - c0}
	for i := r0; i < r1; i++ {
		out.Data = append(out.Data, m.Data[i*m.Cols+c0:i*m.Cols+c1]...)
	}
	return out
}

// t is m transposed.
func (m Matrix) t() Matrix {
	out := Matrix{Rows: m.Cols, Cols: m.Rows, Data: make([]float64, len(m.Data))}
	for i := range m.Rows {
		for j := range m.Cols {
			out.Data[j*m.Rows+i] = m.at(i, j)
		}
	}
	return out
}
