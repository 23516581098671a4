// Package viewlib is a library's strided float64 tensor type of any rank
// whose views are made as gorgonia's are, for init's tests of the sweep's
// views (ProbeViews): T(), given no axes, swaps a 2-D tensor's dims in
// place, its storage kept; Slice(S(i)) returns the view of row i (dim 0)
// on the same storage, through an interface. Beside them, methods init
// must turn away: Transposed returns a transposed copy (another storage),
// Row the row on the storage keeping its dim (sizes [1, n]), Clone a copy
// of the same geometry, and Narrow(i) the row at another index than i.
// Its ops, Abs and Exp, compute their values into a new tensor, read
// through the strides, but each has a bug planted on one kind of view:
// Abs of a transposed tensor returns it, written in place, and Exp of a
// view Slice made returns it so: bugs only a sweep that makes those views
// finds.
package viewlib

import "math"

// T is a strided tensor: its elements, from its first, are data, at
// strides in elements.
type T struct {
	shape, strides []int
	data           []float64
	sliced         bool // made by Slice
}

// An Opt is an option of New.
type Opt func(*T)

// New returns a row-major tensor of the options.
func New(opts ...Opt) *T {
	t := &T{}
	for _, o := range opts {
		o(t)
	}
	n := 1
	t.strides = make([]int, len(t.shape))
	for i := len(t.shape) - 1; i >= 0; i-- {
		t.strides[i], n = n, n*t.shape[i]
	}
	if n != len(t.data) {
		panic("viewlib: the values do not fill the shape")
	}
	return t
}

// WithShape sets the sizes.
func WithShape(dims ...int) Opt { return func(t *T) { t.shape = append([]int(nil), dims...) } }

// WithBacking sets the values: a []float64.
func WithBacking(x interface{}) Opt { return func(t *T) { t.data = x.([]float64) } }

// Float64s returns the elements' memory, from the first.
func (t *T) Float64s() []float64 { return t.data }

// Shape returns the sizes.
func (t *T) Shape() []int { return t.shape }

// Strides returns the strides in elements.
func (t *T) Strides() []int { return t.strides }

// View is what Slice returns.
type View interface{ Shape() []int }

// A Slice is a range of one dim.
type Slice interface{ Start() int }

type index int

func (i index) Start() int { return int(i) }

// S is the slice of one index.
func S(start int, opt ...int) Slice { return index(start) }

// T swaps the dims of a 2-D tensor in place (axes must be empty).
func (t *T) T(axes ...int) error {
	t.shape[0], t.shape[1] = t.shape[1], t.shape[0]
	t.strides[0], t.strides[1] = t.strides[1], t.strides[0]
	return nil
}

// Slice returns the view of t at the index of ss[0] along dim 0.
func (t *T) Slice(ss ...Slice) (View, error) {
	i := ss[0].Start()
	return &T{append([]int(nil), t.shape[1:]...), append([]int(nil), t.strides[1:]...), t.data[i*t.strides[0]:], true}, nil
}

// Transposed returns a transposed copy of a 2-D tensor.
func (t *T) Transposed() *T {
	r, c := t.shape[0], t.shape[1]
	d := make([]float64, r*c)
	for i := range r {
		for j := range c {
			d[j*r+i] = t.data[i*t.strides[0]+j*t.strides[1]]
		}
	}
	return New(WithShape(c, r), WithBacking(d))
}

// Row returns row i of a 2-D tensor as a 1 x n view.
func (t *T) Row(i int) *T {
	return &T{[]int{1, t.shape[1]}, []int{t.strides[0], t.strides[1]}, t.data[i*t.strides[0]:], false}
}

// Narrow returns the row after i, a view of one dim fewer.
func (t *T) Narrow(i int) *T {
	return &T{append([]int(nil), t.shape[1:]...), append([]int(nil), t.strides[1:]...), t.data[(i+1)*t.strides[0]:], false}
}

// Clone returns a copy.
func (t *T) Clone() *T {
	return &T{append([]int(nil), t.shape...), append([]int(nil), t.strides...), append([]float64(nil), t.data...), false}
}

// at returns the offsets in data of t's elements, in row-major order.
func (t *T) at() []int {
	out := []int{0}
	for d := range t.shape {
		var next []int
		for _, o := range out {
			for i := range t.shape[d] {
				next = append(next, o+i*t.strides[d])
			}
		}
		out = next
	}
	return out
}

// each returns f of each element of t: a new row-major tensor, or t
// written in place where planted says.
func (t *T) each(f func(float64) float64, planted bool) *T {
	at := t.at()
	if planted {
		for _, o := range at {
			t.data[o] = f(t.data[o])
		}
		return t
	}
	d := make([]float64, len(at))
	for i, o := range at {
		d[i] = f(t.data[o])
	}
	return New(WithShape(t.shape...), WithBacking(d))
}

// Abs returns the absolute values (t itself, written, for a transposed t).
func (t *T) Abs() *T { return t.each(math.Abs, len(t.shape) == 2 && t.strides[0] < t.strides[1]) }

// Exp returns the exponentials (t itself, written, for a view Slice made).
func (t *T) Exp() *T { return t.each(math.Exp, t.sliced) }
