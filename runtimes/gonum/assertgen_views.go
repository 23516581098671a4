package gonum

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// The views of *mat.Dense and cat, written by assertgen init and bound in
// assertgen.yaml: Dense.Slice, whose values (against assertgen's
// reference) and memory (a write through a view shows in its base) init
// checked, reads its bounds as Dense.Slice(r0, r1, c0, c1): rows r0 to r1, columns c0 to c1.

// assertgenDims returns x's rows and columns.
func assertgenDims(x *mat.Dense) (int, int) {
	raw := x.RawMatrix()
	return raw.Rows, raw.Cols
}

// assertgenView returns rows r0 to r1 and columns c0 to c1 of x, on
// x's memory: Dense.Slice, which takes rows r0 to r1, columns c0 to c1.
func assertgenView(x *mat.Dense, r0, r1, c0, c1 int) *mat.Dense {
	return x.Slice(r0, r1, c0, c1).(*mat.Dense)
}

// AssertgenNarrow is narrow: rows (dim 0) or columns (dim 1) start to
// start+length of self, on its memory.
func AssertgenNarrow(self *mat.Dense, dim, start, length int64) *mat.Dense {
	r, c := assertgenDims(self)
	switch dim {
	case 0, -2:
		return assertgenView(self, int(start), int(start+length), 0, c)
	case 1, -1:
		return assertgenView(self, 0, r, int(start), int(start+length))
	}
	panic(fmt.Sprintf("narrow: dim %d of a matrix", dim))
}

// AssertgenSelect is select.int: row or column index (negative from the
// end) of self, on its memory, the dimension kept (1xn, nx1).
func AssertgenSelect(self *mat.Dense, dim, index int64) *mat.Dense {
	if r, c := assertgenDims(self); index < 0 && (dim == 0 || dim == -2) {
		index += int64(r)
	} else if index < 0 {
		index += int64(c)
	}
	return AssertgenNarrow(self, dim, index, 1)
}

// AssertgenSlice is slice.Tensor: from start (default 0) to end
// (default the size), negative bounds from the end, clamped to the size;
// step 1 only (a view of a dense matrix has unit stride along a row).
func AssertgenSlice(self *mat.Dense, dim int64, start, end *int64, step int64) *mat.Dense {
	if step != 1 {
		panic(fmt.Sprintf("slice: step %d: Dense.Slice makes views of unit step", step))
	}
	r, c := assertgenDims(self)
	size := int64(c)
	if dim == 0 || dim == -2 {
		size = int64(r)
	}
	bound := func(b *int64, unset, lo int64) int64 {
		if b == nil {
			return unset
		}
		v := *b
		if v < 0 {
			v += size
		}
		return min(max(v, lo), size)
	}
	lo := bound(start, 0, 0)
	return AssertgenNarrow(self, dim, lo, bound(end, size, lo)-lo)
}

// AssertgenAlias is alias and detach: all of self, on its memory.
func AssertgenAlias(self *mat.Dense) *mat.Dense {
	r, c := assertgenDims(self)
	return assertgenView(self, 0, r, 0, c)
}

// AssertgenCat is cat: tensors concatenated along rows (dim 0) or
// columns (dim 1) into a new tensor, each copied once into its place, a
// view of the result (dst.Copy(src)).
func AssertgenCat(tensors []*mat.Dense, dim int64) *mat.Dense {
	byRows := dim == 0 || dim == -2
	if len(tensors) == 0 || !byRows && dim != 1 && dim != -1 {
		panic(fmt.Sprintf("cat: %d tensors, dim %d", len(tensors), dim))
	}
	rows, cols := assertgenDims(tensors[0])
	for _, t := range tensors[1:] {
		r, c := assertgenDims(t)
		switch {
		case byRows && c != cols, !byRows && r != rows:
			panic(fmt.Sprintf("cat: sizes %dx%d and %dx%d along dim %d", rows, cols, r, c, dim))
		case byRows:
			rows += r
		default:
			cols += c
		}
	}
	shape, data := []int{rows, cols}, make([]float64, rows*cols)
	out := mat.NewDense(shape[0], shape[1], data)
	at := 0
	for _, src := range tensors {
		r, c := assertgenDims(src)
		var dst *mat.Dense
		if byRows {
			dst, at = assertgenView(out, at, at+r, 0, cols), at+r
		} else {
			dst, at = assertgenView(out, 0, rows, at, at+c), at+c
		}
		dst.Copy(src)
	}
	return out
}
