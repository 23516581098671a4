// Package noisylib is a library's tensor type of several element types
// and any rank, made by a constructor of options (as gorgonia's Dense
// is), that prints a note on its standard output when it makes a 4-d
// tensor or one of Go ints: init judges its tensors by their values, not
// by what the library prints.
package noisylib

import (
	"fmt"
	"reflect"
)

// Dtype is a tensor's element type.
type Dtype struct{ reflect.Type }

// An Opt is an option of New.
type Opt func(*T)

// T is a dense row-major tensor of any rank.
type T struct {
	shape []int
	data  any // []int, []int64, []float32 or []float64
}

// New returns a tensor of the options; it prints a note for a 4-d tensor
// and for one of Go ints.
func New(opts ...Opt) *T {
	t := &T{}
	for _, o := range opts {
		o(t)
	}
	if n := numel(t.shape); n != reflect.ValueOf(t.data).Len() {
		panic("noisylib: the values do not fill the shape")
	}
	if len(t.shape) == 4 {
		fmt.Println("noisylib: note: a 4-d tensor", t.shape)
	}
	if _, ok := t.data.([]int); ok {
		fmt.Println("noisylib: note: Go int elements are platform-sized")
	}
	return t
}

// WithShape sets the sizes.
func WithShape(dims ...int) Opt { return func(t *T) { t.shape = append([]int(nil), dims...) } }

// WithBacking sets the values: a []int, []int64, []float32 or []float64.
func WithBacking(x interface{}) Opt {
	return func(t *T) {
		switch x.(type) {
		case []int, []int64, []float32, []float64:
			t.data = x
		default:
			panic("noisylib: no such element type")
		}
	}
}

func numel(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// Dtype returns the element type.
func (t *T) Dtype() Dtype { return Dtype{reflect.TypeOf(t.data).Elem()} }

// Shape returns the sizes.
func (t *T) Shape() []int { return t.shape }

// Strides returns the strides in elements, row-major.
func (t *T) Strides() []int {
	out := make([]int, len(t.shape))
	n := 1
	for i := len(t.shape) - 1; i >= 0; i-- {
		out[i], n = n, n*t.shape[i]
	}
	return out
}

// Ints returns the elements of a Go int tensor.
func (t *T) Ints() []int { b, _ := t.data.([]int); return b }

// Int64s returns the elements of an int64 tensor.
func (t *T) Int64s() []int64 { b, _ := t.data.([]int64); return b }

// Float32s returns the elements of a float32 tensor.
func (t *T) Float32s() []float32 { b, _ := t.data.([]float32); return b }

// Float64s returns the elements of a float64 tensor.
func (t *T) Float64s() []float64 { b, _ := t.data.([]float64); return b }

// Neg returns -t, a new tensor of t's element type and sizes.
func (t *T) Neg() *T {
	rv := reflect.ValueOf(t.data)
	nv := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
	for i := range rv.Len() {
		switch v := rv.Index(i); v.Kind() {
		case reflect.Int, reflect.Int64:
			nv.Index(i).SetInt(-v.Int())
		default:
			nv.Index(i).SetFloat(-v.Float())
		}
	}
	return New(WithShape(t.shape...), WithBacking(nv.Interface()))
}
