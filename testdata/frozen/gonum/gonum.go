// Package gonum checks gonum.org/v1/gonum/mat as it is: its *mat.Dense is
// the Tensor type, with no wrapper and no ids of its own. assertgen init
// -type wrote assertgen.yaml (each op bound to gonum's own methods where
// their values are the op's) and AssertgenMemory; this file is what init
// cannot know: Memory, which reads a Dense in place, and the few
// operations gonum spells differently from a schema, which
// checked/assertgen.yaml binds beside init's.
package gonum

import (
	"fmt"
	"unsafe"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts"
)

// Memory says where m's elements are: its backing slice (a view made by
// Slice keeps the base's capacity, so both share its last byte), rows and
// columns with their strides.
//
// It reads the fields in place where Dense begins with the blas64.General
// RawMatrix returns (rawInPlace, checked once against RawMatrix): the
// copy RawMatrix makes goes through the stack twice, and its loads wait
// on its stores, most of what Memory cost.
func Memory(m *mat.Dense) asserts.Memory {
	if rawInPlace {
		raw := (*blas64.General)(unsafe.Pointer(m))
		return asserts.SliceMemory(raw.Data).Matrix(raw.Rows, raw.Cols, raw.Stride, 1)
	}
	return AssertgenMemory(m) // init's, from the copy RawMatrix returns
}

// rawInPlace reports whether a Dense's first bytes are its RawMatrix:
// a view (rows, columns, stride and the slice all unlike) read both ways.
var rawInPlace = func() bool {
	base := mat.NewDense(4, 5, make([]float64, 20))
	m := base.Slice(1, 3, 1, 4).(*mat.Dense)
	want, got := m.RawMatrix(), (*blas64.General)(unsafe.Pointer(m))
	return unsafe.Sizeof(*m) >= unsafe.Sizeof(want) && got.Rows == want.Rows && got.Cols == want.Cols &&
		got.Stride == want.Stride && len(got.Data) == len(want.Data) && cap(got.Data) == cap(want.Data) &&
		unsafe.SliceData(got.Data) == unsafe.SliceData(want.Data)
}()

// Narrow is the view of rows (dim 0) or columns (dim 1, or -1) start to
// start+length of m: Dense.Slice.
func Narrow(m *mat.Dense, dim, start, length int64) *mat.Dense {
	r, c := m.Dims()
	if dim == 0 || dim == -2 {
		return m.Slice(int(start), int(start+length), 0, c).(*mat.Dense)
	}
	return m.Slice(0, r, int(start), int(start+length)).(*mat.Dense)
}

// Slice is slice.Tensor: Narrow from start (default 0) to end (default
// the size), with negative bounds from the end, step 1 only.
func Slice(m *mat.Dense, dim int64, start, end *int64, step int64) *mat.Dense {
	if step != 1 {
		panic(fmt.Sprintf("gonum: slice with step %d: a Dense view has unit column stride", step))
	}
	r, c := m.Dims()
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
			v += size // from the end
		}
		return min(max(v, lo), size)
	}
	lo := bound(start, 0, 0)
	return Narrow(m, dim, lo, bound(end, size, lo)-lo)
}

// Cat concatenates ts along rows (dim 0 or -2) or columns (dim 1 or -1)
// into a new Dense, as Dense.Stack and Dense.Augment do two at a time (a
// mismatched size panics with mat.ErrShape, as theirs).
func Cat(ts []*mat.Dense, dim int64) *mat.Dense {
	// One result, each input copied into its place: stacking one input at
	// a time copied the result so far every time, quadratic in the inputs.
	byRows := dim == 0 || dim == -2
	r0, c0 := ts[0].Dims()
	rows, cols := r0, c0
	for _, t := range ts[1:] {
		r, c := t.Dims()
		switch {
		case byRows && c != c0, !byRows && r != r0:
			panic(mat.ErrShape) // as Stack and Augment do
		case byRows:
			rows += r
		default:
			cols += c
		}
	}
	out := mat.NewDense(rows, cols, nil)
	at := 0
	for _, t := range ts {
		r, c := t.Dims()
		if byRows {
			out.Slice(at, at+r, 0, cols).(*mat.Dense).Copy(t)
			at += r
		} else {
			out.Slice(0, rows, at, at+c).(*mat.Dense).Copy(t)
			at += c
		}
	}
	return out
}
