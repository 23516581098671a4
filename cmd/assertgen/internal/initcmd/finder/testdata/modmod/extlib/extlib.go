// Package extlib is a library's matrix type whose package imports a
// module of its own requirements (example.com/dep).
package extlib

import "example.com/dep"

// M is a dense row-major matrix.
type M struct {
	r, c int
	data []float64
}

// A Raw is where a matrix's elements are.
type Raw struct {
	Rows, Cols, Stride int
	Data               []float64
}

// New returns the r x c matrix of data.
func New(r, c int, data []float64) *M { return &M{r, c, data} }

// Raw returns m's elements.
func (m *M) Raw() Raw { return Raw{m.r, m.c, m.c, m.data} }

// Neg sets m to -a.
func (m *M) Neg(a *M) {
	if m.r == 0 {
		m.r, m.c, m.data = a.r, a.c, make([]float64, len(a.data))
	}
	for i, v := range a.data {
		m.data[i] = dep.Neg(v)
	}
}
