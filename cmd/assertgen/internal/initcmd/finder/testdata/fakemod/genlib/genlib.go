// Package genlib is a generic library's tensor type, T[E] of float32 or
// float64 matrices (as spago's Dense[T]), whose Map computes any
// elementwise op: init maps an op over the elements with it, where no
// callable computes the op otherwise.
package genlib

// T is a dense row-major matrix of E.
type T[E float32 | float64] struct {
	r, c int
	data []E
}

// New returns an r x c matrix of data, row-major.
func New[E float32 | float64](r, c int, data []E) *T[E] { return &T[E]{r, c, data} }

// Raw is a matrix's elements as it holds them.
type Raw[E float32 | float64] struct {
	Rows, Cols, Stride int
	Data               []E
}

// Raw returns t's elements, on its memory.
func (t *T[E]) Raw() Raw[E] { return Raw[E]{t.r, t.c, t.c, t.data} }

// Map returns f of each element of t, a new matrix.
func (t *T[E]) Map(f func(E) E) *T[E] {
	out := make([]E, len(t.data))
	for i, v := range t.data {
		out[i] = f(v)
	}
	return New(t.r, t.c, out)
}
