// Package scalarlib is a library's tensor type of float32 or float64
// elements, for package finder's tests: built as gorgonia's Dense is (a
// constructor of options whose values option takes interface{}, typed
// accessors, Dtype() whose Kind() is the element type), its Add takes
// the second operand as interface{}: a tensor, or a scalar of the
// tensor's own element type, refusing a float64 scalar on a float32
// tensor as gorgonia does.
package scalarlib

import (
	"fmt"
	"reflect"
)

// Dtype is a tensor's element type.
type Dtype struct{ reflect.Type }

// An Opt is an option of New.
type Opt func(*T)

// T is a dense row-major tensor.
type T struct {
	shape []int
	data  any // []float32 or []float64
}

// New returns a tensor of the options.
func New(opts ...Opt) *T {
	t := &T{}
	for _, o := range opts {
		o(t)
	}
	n := 1
	for _, s := range t.shape {
		n *= s
	}
	if t.data == nil || reflect.ValueOf(t.data).Len() != n {
		panic("scalarlib: the values do not fill the shape")
	}
	return t
}

// WithShape sets the sizes.
func WithShape(dims ...int) Opt { return func(t *T) { t.shape = append([]int(nil), dims...) } }

// WithBacking sets the values: a []float32 or []float64.
func WithBacking(x interface{}) Opt {
	return func(t *T) {
		switch x.(type) {
		case []float32, []float64:
			t.data = x
		default:
			panic("scalarlib: no such element type")
		}
	}
}

// Dtype is the element type.
func (t *T) Dtype() Dtype { return Dtype{reflect.TypeOf(t.data).Elem()} }

// Shape is the sizes.
func (t *T) Shape() []int { return t.shape }

// Strides are the row-major strides.
func (t *T) Strides() []int {
	st := make([]int, len(t.shape))
	n := 1
	for i := len(t.shape) - 1; i >= 0; i-- {
		st[i] = n
		n *= t.shape[i]
	}
	return st
}

// Float32s is the elements of a float32 tensor.
func (t *T) Float32s() []float32 { b, _ := t.data.([]float32); return b }

// Float64s is the elements of a float64 tensor.
func (t *T) Float64s() []float64 { b, _ := t.data.([]float64); return b }

// Add returns a + b: b a tensor of a's sizes and element type, or a
// scalar of a's element type.
func Add(a *T, b interface{}) (*T, error) {
	var data any
	var err error
	switch d := a.data.(type) {
	case []float64:
		data, err = add(d, b, (*T).Float64s)
	case []float32:
		data, err = add(d, b, (*T).Float32s)
	}
	if err != nil {
		return nil, err
	}
	return &T{shape: append([]int(nil), a.shape...), data: data}, nil
}

func add[E float32 | float64](a []E, b interface{}, elems func(*T) []E) ([]E, error) {
	out := make([]E, len(a))
	switch b := b.(type) {
	case E:
		for i, v := range a {
			out[i] = v + b
		}
	case *T:
		w := elems(b)
		if len(w) != len(a) {
			return nil, fmt.Errorf("scalarlib: operands of %d and %d elements", len(a), len(w))
		}
		for i, v := range a {
			out[i] = v + w[i]
		}
	default:
		return nil, fmt.Errorf("scalarlib: a scalar of %T on a tensor of %T", b, *new(E))
	}
	return out, nil
}

// Sub returns a - b: each a tensor, or a scalar of the other's element
// type (a scalar first is the scalar less each element).
func Sub(a, b interface{}) (*T, error) {
	t, ok := a.(*T)
	if !ok {
		if t, ok = b.(*T); !ok {
			return nil, fmt.Errorf("scalarlib: Sub of no tensor")
		}
	}
	var data any
	var err error
	switch t.data.(type) {
	case []float64:
		data, err = sub(a, b, (*T).Float64s)
	case []float32:
		data, err = sub(a, b, (*T).Float32s)
	}
	if err != nil {
		return nil, err
	}
	return &T{shape: append([]int(nil), t.shape...), data: data}, nil
}

// sub is a - b of the elements, a scalar of E repeated.
func sub[E float32 | float64](a, b interface{}, elems func(*T) []E) ([]E, error) {
	at := func(x interface{}) (func(i int) E, int, error) {
		switch x := x.(type) {
		case E:
			return func(int) E { return x }, -1, nil
		case *T:
			e := elems(x)
			return func(i int) E { return e[i] }, len(e), nil
		}
		return nil, 0, fmt.Errorf("scalarlib: a scalar of %T on a tensor of %T", x, *new(E))
	}
	x, n, err := at(a)
	if err != nil {
		return nil, err
	}
	y, m, err := at(b)
	if err != nil {
		return nil, err
	}
	if n >= 0 && m >= 0 && n != m {
		return nil, fmt.Errorf("scalarlib: operands of %d and %d elements", n, m)
	}
	out := make([]E, max(n, m))
	for i := range out {
		out[i] = x(i) - y(i)
	}
	return out, nil
}
