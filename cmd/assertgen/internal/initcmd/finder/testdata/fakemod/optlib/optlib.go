// Package optlib is a library's matrix type for package finder's tests
// made with options (New(WithShape(2, 3), WithData(data))), whose
// elements are reached through an interface (Data().F64()) and whose
// operations return new values (Apply) or write in place (ProdInPlace).
package optlib

// An Option sets what New makes.
type Option func(*D)

// WithShape makes a tensor of the sizes.
func WithShape(shape ...int) Option { return func(d *D) { d.shape = shape } }

// WithData makes a tensor of the values.
func WithData(data []float64) Option { return func(d *D) { d.data = data } }

// WithName is an option New takes that is neither sizes nor values.
func WithName(string) Option { return func(*D) {} }

// A Slice holds a tensor's values.
type Slice interface {
	F64() []float64
	Len() int
}

type f64 []float64

func (s f64) F64() []float64 { return s }
func (s f64) Len() int       { return len(s) }

// A Matrix is what operations return.
type Matrix interface{ Shape() []int }

// D is a dense row-major tensor.
type D struct {
	shape []int
	data  []float64
}

// New makes a tensor of the options.
func New(opts ...Option) *D {
	d := &D{}
	for _, o := range opts {
		o(d)
	}
	return d
}

// Data returns d's values.
func (d *D) Data() Slice { return f64(d.data) }

// Shape returns d's sizes.
func (d *D) Shape() []int { return d.shape }

// Apply returns fn of each element of d.
func (d *D) Apply(fn func(r, c int, v float64) float64) Matrix {
	out := &D{shape: append([]int(nil), d.shape...), data: make([]float64, len(d.data))}
	for i, v := range d.data {
		out.data[i] = fn(i/d.shape[1], i%d.shape[1], v)
	}
	return out
}

// ProdInPlace sets d to d * other, elementwise, and returns d.
func (d *D) ProdInPlace(other Matrix) Matrix {
	o := other.(*D)
	for i := range d.data {
		d.data[i] *= o.data[i]
	}
	return d
}
