//go:build debugasserts

// Memory, what init cannot know of gonum: built with the checked wrappers
// alone, as init's AssertgenMemory is.

package gonum

import (
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
