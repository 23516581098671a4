// Package anylib is a library's tensor type built as gorgonia's Dense is,
// for package finder's tests: a constructor of options whose values
// option takes interface{} (WithBacking; FromScalar takes it too),
// elements reached through Float64s() with the sizes from Shape() (Ints
// is the elements as ints, not the sizes) and the strides from
// Strides(), operations returning a result and an error with trailing
// options, and parameters of interface{} that take a tensor or a number.
// Mul crashes on empty inputs. The options of an operation are
// gorgonia's: UseUnsafe writes the result into the first operand,
// WithReuse into the tensor it is given, WithIncr adds the result into
// the tensor it is given (no out=), and UseSafe returns a new tensor
// (no in-place), each returning the tensor written.
package anylib

import (
	"errors"
	"math"
)

// Shape is a tensor's sizes.
type Shape []int

// An Opt is an option of New.
type Opt func(*T)

// A FuncOpt is an option of an operation.
type FuncOpt func(*opOpts)

// opOpts is what an operation's options ask for.
type opOpts struct {
	unsafe      bool
	reuse, incr Tensor
}

// UseUnsafe writes the result into the first operand.
func UseUnsafe() FuncOpt { return func(o *opOpts) { o.unsafe = true } }

// UseSafe returns the result in a new tensor (the default).
func UseSafe() FuncOpt { return func(o *opOpts) { o.unsafe = false } }

// WithReuse writes the result into t.
func WithReuse(t Tensor) FuncOpt { return func(o *opOpts) { o.reuse = t } }

// WithIncr adds the result into t.
func WithIncr(t Tensor) FuncOpt { return func(o *opOpts) { o.incr = t } }

// Tensor is what the operations take.
type Tensor interface{ Shape() Shape }

// T is a dense row-major tensor.
type T struct {
	shape Shape
	data  []float64
}

// New returns a tensor of the options.
func New(opts ...Opt) *T {
	t := &T{}
	for _, o := range opts {
		o(t)
	}
	return t
}

// WithShape sets the sizes.
func WithShape(dims ...int) Opt { return func(t *T) { t.shape = Shape(dims) } }

// WithBacking sets the values: a []float64.
func WithBacking(x interface{}, mask ...[]bool) Opt {
	return func(t *T) { t.data = x.([]float64) }
}

// FromScalar makes a tensor of one value.
func FromScalar(x interface{}, mask ...[]bool) Opt {
	return func(t *T) { t.data, t.shape = []float64{x.(float64)}, nil }
}

// Float64s returns the elements.
func (t *T) Float64s() []float64 { return t.data }

// Ints returns the elements as ints.
func (t *T) Ints() []int {
	out := make([]int, len(t.data))
	for i, v := range t.data {
		out[i] = int(v)
	}
	return out
}

// Shape returns the sizes.
func (t *T) Shape() Shape { return t.shape }

// Strides returns the strides in elements, row-major.
func (t *T) Strides() []int {
	out := make([]int, len(t.shape))
	n := 1
	for i := len(t.shape) - 1; i >= 0; i-- {
		out[i], n = n, n*t.shape[i]
	}
	return out
}

// Clone returns a copy.
func (t *T) Clone() interface{} {
	return &T{append(Shape(nil), t.shape...), append([]float64(nil), t.data...)}
}

// Memset sets every element to x, a float64.
func (t *T) Memset(x interface{}) error {
	v, ok := x.(float64)
	if !ok {
		return errors.New("anylib: not a float64")
	}
	for i := range t.data {
		t.data[i] = v
	}
	return nil
}

// each returns f of each element of t, where the options ask.
func (t *T) each(f func(i int, v float64) float64, fo []FuncOpt) *T {
	var o opOpts
	for _, opt := range fo {
		opt(&o)
	}
	out := &T{append(Shape(nil), t.shape...), make([]float64, len(t.data))}
	switch {
	case o.unsafe:
		out = t
	case o.reuse != nil:
		out = o.reuse.(*T)
	case o.incr != nil:
		out = o.incr.(*T)
		for i, v := range t.data {
			out.data[i] += f(i, v)
		}
		return out
	}
	for i, v := range t.data {
		out.data[i] = f(i, v)
	}
	return out
}

// Mul returns t * o, elementwise; it reads t's first element first, and
// so crashes on an empty t.
func (t *T) Mul(o *T, opts ...FuncOpt) (*T, error) {
	if len(o.data) != len(t.data) {
		return nil, errors.New("anylib: sizes differ")
	}
	_ = t.data[0]
	return t.each(func(i int, v float64) float64 { return v * o.data[i] }, opts), nil
}

// Add returns t + alpha*o, elementwise.
func (t *T) Add(o *T, alpha float64, opts ...FuncOpt) (*T, error) {
	if len(o.data) != len(t.data) {
		return nil, errors.New("anylib: sizes differ")
	}
	return t.each(func(i int, v float64) float64 { return v + alpha*o.data[i] }, opts), nil
}

// Neg returns -a.
func Neg(a Tensor, opts ...FuncOpt) (Tensor, error) {
	return a.(*T).each(func(_ int, v float64) float64 { return -v }, opts), nil
}

// MaxBetween returns the larger of a and b, elementwise: each a tensor or
// a float64.
func MaxBetween(a, b interface{}, opts ...FuncOpt) (Tensor, error) {
	x, ok := a.(*T)
	if !ok {
		return nil, errors.New("anylib: a is not a tensor")
	}
	switch y := b.(type) {
	case *T:
		return x.each(func(i int, v float64) float64 { return math.Max(v, y.data[i]) }, opts), nil
	case float64:
		return x.each(func(_ int, v float64) float64 { return math.Max(v, y) }, opts), nil
	}
	return nil, errors.New("anylib: b is neither a tensor nor a float64")
}
