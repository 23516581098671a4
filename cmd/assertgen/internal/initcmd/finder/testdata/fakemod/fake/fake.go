// Package fake is a library's matrix type for package finder's tests:
// methods whose names are ops' and whose values are, and are not, the
// ops' (Exp is 2^x, Sqrt panics, Neg gives its receiver a new buffer, Cos
// zeroes its input, Block copies).
package fake

import "math"

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

// reuse makes m r x c: its buffer if it has that size, a new one if it
// is empty.
func (m *M) reuse(r, c int) {
	if m.r == 0 {
		m.r, m.c, m.data = r, c, make([]float64, r*c)
	}
	if m.r != r || m.c != c {
		panic("fake: size mismatch")
	}
}

func (m *M) each(a *M, f func(i int, v float64) float64) {
	vals := append([]float64(nil), a.data...)
	m.reuse(a.r, a.c)
	for i, v := range vals {
		m.data[i] = f(i, v)
	}
}

// Add sets m to a + b.
func (m *M) Add(a, b *M) { m.each(a, func(i int, v float64) float64 { return v + b.data[i] }) }

// MulElem sets m to a * b, elementwise.
func (m *M) MulElem(a, b *M) { m.each(a, func(i int, v float64) float64 { return v * b.data[i] }) }

// Exp sets m to 2^a: not exp.
func (m *M) Exp(a *M) { m.each(a, func(_ int, v float64) float64 { return math.Exp2(v) }) }

// Sqrt panics.
func (m *M) Sqrt(a *M) { panic("fake: no sqrt") }

// Neg sets m to -a in a new buffer.
func (m *M) Neg(a *M) {
	out := &M{}
	out.each(a, func(_ int, v float64) float64 { return -v })
	*m = *out
}

// Scale sets m to f a.
func (m *M) Scale(f float64, a *M) { m.each(a, func(_ int, v float64) float64 { return f * v }) }

// Sin returns sin(m).
func (m *M) Sin() *M {
	out := &M{}
	out.each(m, func(_ int, v float64) float64 { return math.Sin(v) })
	return out
}

// Abs returns |a|.
func Abs(a *M) *M {
	out := &M{}
	out.each(a, func(_ int, v float64) float64 { return math.Abs(v) })
	return out
}

// Cos sets m to cos(a), and a to 0: it writes its input.
func (m *M) Cos(a *M) {
	m.each(a, func(_ int, v float64) float64 { return math.Cos(v) })
	for i := range a.data {
		a.data[i] = 0
	}
}

// G is a generic dense row-major matrix.
type G[T float32 | float64] struct {
	r, c int
	data []T
}

// A RawG is where a G's elements are.
type RawG[T float32 | float64] struct {
	Rows, Cols, Stride int
	Data               []T
}

// NewG returns the r x c matrix of data.
func NewG[T float32 | float64](r, c int, data []T) *G[T] { return &G[T]{r, c, data} }

// Raw returns g's elements.
func (g *G[T]) Raw() RawG[T] { return RawG[T]{g.r, g.c, g.c, g.data} }

// MulElem sets g to a * b, elementwise.
func (g *G[T]) MulElem(a, b *G[T]) {
	if g.r == 0 {
		g.r, g.c, g.data = a.r, a.c, make([]T, len(a.data))
	}
	for i := range a.data {
		g.data[i] = a.data[i] * b.data[i]
	}
}

// C is a matrix whose Raw returns a copy of its elements.
type C struct{ m M }

// NewC returns the r x c matrix of data.
func NewC(r, c int, data []float64) *C { return &C{M{r, c, data}} }

// Raw returns a copy of c's elements.
func (c *C) Raw() Raw { return Raw{c.m.r, c.m.c, c.m.c, append([]float64(nil), c.m.data...)} }

// Block returns rows r0 to r1 and columns c0 to c1 of m in a new buffer:
// a copy, not a view.
func (m *M) Block(r0, r1, c0, c1 int) *M {
	out := &M{r: r1 - r0, c: c1 - c0}
	for i := r0; i < r1; i++ {
		out.data = append(out.data, m.data[i*m.c+c0:i*m.c+c1]...)
	}
	return out
}

// ZerosLike sets m to zeros of a's size.
func (m *M) ZerosLike(a *M) { m.each(a, func(int, float64) float64 { return 0 }) }
