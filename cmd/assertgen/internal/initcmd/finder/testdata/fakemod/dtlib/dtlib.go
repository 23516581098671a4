// Package dtlib is a library's tensor type of several element types and
// any rank, built as gorgonia's Dense is (a constructor of options whose
// values option takes interface{}, typed accessors Bools, Int64s, Ints
// (Go's int besides int64, as gorgonia's tensor.Int), Float32s and
// Float64s, Dtype() whose Kind() is the element type, Shape
// and Strides, ops of trailing options of which UseUnsafe() computes in
// place, ShallowClone's view of all of a tensor), for init's tests of the
// memory function and the sweep: its six ops, their in-place forms and
// ShallowClone compute their values on float64 matrices (init binds them
// by those), and each has a bug planted on each other form: one check's
// kind per op and form (Plant), returns_arg on Abs(UseUnsafe()) and
// shares_storage on ShallowClone. Int32s returns a copy of the elements:
// init cannot read int32 tensors through it, and says so.
package dtlib

import (
	"math"
	"reflect"
	"slices"
)

// Dtype is a tensor's element type.
type Dtype struct{ reflect.Type }

// An Opt is an option of New.
type Opt func(*T)

// A FuncOpt is an option of an operation, as gorgonia's are.
type FuncOpt func(*funcOpts)

type funcOpts struct{ unsafe bool }

// UseUnsafe makes an op compute into its receiver and return it.
func UseUnsafe() FuncOpt { return func(o *funcOpts) { o.unsafe = true } }

func unsafe(opts []FuncOpt) bool {
	var o funcOpts
	for _, f := range opts {
		f(&o)
	}
	return o.unsafe
}

// T is a dense row-major tensor of any rank.
type T struct {
	shape []int
	data  any // []bool, []int32, []int64, []int, []float32 or []float64
}

// New returns a tensor of the options.
func New(opts ...Opt) *T {
	t := &T{}
	for _, o := range opts {
		o(t)
	}
	if n := numel(t.shape); n != reflect.ValueOf(t.data).Len() {
		panic("dtlib: the values do not fill the shape")
	}
	return t
}

// WithShape sets the sizes.
func WithShape(dims ...int) Opt { return func(t *T) { t.shape = append([]int(nil), dims...) } }

// WithBacking sets the values: a []bool, []int32, []int64, []int,
// []float32 or []float64.
func WithBacking(x interface{}) Opt {
	return func(t *T) {
		switch x.(type) {
		case []bool, []int32, []int64, []int, []float32, []float64:
			t.data = x
		default:
			panic("dtlib: no such element type")
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

// Bools returns the elements of a bool tensor.
func (t *T) Bools() []bool { b, _ := t.data.([]bool); return b }

// Int64s returns the elements of an int64 tensor.
func (t *T) Int64s() []int64 { b, _ := t.data.([]int64); return b }

// Ints returns the elements of a Go int tensor.
func (t *T) Ints() []int { b, _ := t.data.([]int); return b }

// Int32s returns a copy of the elements of an int32 tensor.
func (t *T) Int32s() []int32 { b, _ := t.data.([]int32); return append([]int32(nil), b...) }

// Float32s returns the elements of a float32 tensor.
func (t *T) Float32s() []float32 { b, _ := t.data.([]float32); return b }

// Float64s returns the elements of a float64 tensor.
func (t *T) Float64s() []float64 { b, _ := t.data.([]float64); return b }

// The kinds of bug planted.
const (
	Alias   = iota // the result shares the input's storage: fresh_no_alias
	Write          // the input is written: same_content
	Reshape        // the input is reshaped: same_metadata
	Held           // the result is one buffer handed out on every call: fresh_not_held
	Rebind         // the input is given a copy of its storage: same_storage
	Self           // the result is the input's own handle: not_arg_handle
	numKinds
)

// Forms are the tensors a bug is planted on: bool, int64, float tensors
// of ranks 0, 1, 3 and 4 (float matrices are computed right), and Go int
// tensors of any rank.
var Forms = []string{"bool", "int64", "0-D", "1-D", "3-D", "4-D", "Go int"}

// Ops are the planted ops' names, in Plant's order.
var Ops = []string{"Abs", "Neg", "Exp", "Sqrt", "Tanh", "Square"}

// Plant is the kind of bug op (an index of Ops) has on form f (an index
// of Forms): every kind on every form, over the ops.
func Plant(op, f int) int { return (op + f) % numKinds }

// form returns the index in Forms of t's form, -1 for a float matrix.
func (t *T) form() int {
	switch t.data.(type) {
	case []bool:
		return 0
	case []int64:
		return 1
	case []int32:
		return -1
	case []int:
		return 6
	}
	switch len(t.shape) {
	case 0:
		return 2
	case 1:
		return 3
	case 3:
		return 4
	case 4:
		return 5
	}
	return -1
}

// held are the buffers the Held bug hands out, per op and form.
var held = map[[2]int]*T{}

// apply returns f of each element of t, as a new tensor of t's element
// type, with op's bug planted on t's form; with UseUnsafe, t written
// with them (Abs's bug: and a new tensor of them returned, not t).
func (t *T) apply(op int, f func(float64) float64, opts []FuncOpt) *T {
	out := &T{shape: append([]int(nil), t.shape...)}
	rv := reflect.ValueOf(t.data)
	nv := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
	for i := range rv.Len() {
		nv.Index(i).Set(conv(f(float(rv.Index(i))), rv.Type().Elem()))
	}
	out.data = nv.Interface()
	fm := t.form()
	if rv.Len() == 0 {
		fm = -1 // no bug planted on an empty tensor
	}
	if unsafe(opts) {
		reflect.Copy(rv, nv)
		if op == 0 && fm >= 0 {
			return out
		}
		return t
	}
	if fm < 0 {
		return out
	}
	switch Plant(op, fm) {
	case Alias:
		out.data = t.data
	case Write:
		x := float(rv.Index(0))
		if rv.Type().Elem().Kind() == reflect.Bool {
			x = 1 - x - 1 // false for true, true for false
		}
		rv.Index(0).Set(conv(x+1, rv.Type().Elem()))
	case Reshape:
		// Its dims reversed (its form kept), or a float of rank 0 or 1 made
		// a 1 x n matrix (no bug planted): a call again plants no other
		// kind.
		t.shape = slices.Clone(t.shape)
		slices.Reverse(t.shape)
		if len(t.shape) < 2 {
			t.shape = []int{1, rv.Len()}
		}
	case Held:
		k := [2]int{op, fm}
		if h := held[k]; h != nil && reflect.ValueOf(h.data).Len() == rv.Len() && reflect.TypeOf(h.data) == rv.Type() {
			reflect.Copy(reflect.ValueOf(h.data), nv)
			h.shape = out.shape
			return h
		}
		held[k] = out
	case Rebind:
		c := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
		reflect.Copy(c, rv)
		t.data = c.Interface()
	case Self:
		return t
	}
	return out
}

// ShallowClone returns a view of all of t, on its storage (a copy of
// it for every form but a float matrix: shares_storage's bug).
func (t *T) ShallowClone() *T {
	out := &T{shape: append([]int(nil), t.shape...), data: t.data}
	if t.form() >= 0 && reflect.ValueOf(t.data).Len() > 0 {
		rv := reflect.ValueOf(t.data)
		c := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
		reflect.Copy(c, rv)
		out.data = c.Interface()
	}
	return out
}

func float(v reflect.Value) float64 {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return 1
		}
		return 0
	case reflect.Int32, reflect.Int64, reflect.Int:
		return float64(v.Int())
	}
	return v.Float()
}

func conv(x float64, t reflect.Type) reflect.Value {
	if t.Kind() == reflect.Bool {
		return reflect.ValueOf(x != 0)
	}
	return reflect.ValueOf(x).Convert(t)
}

// Abs returns |t|.
func (t *T) Abs(opts ...FuncOpt) (*T, error) { return t.apply(0, math.Abs, opts), nil }

// Neg returns -t.
func (t *T) Neg(opts ...FuncOpt) (*T, error) {
	return t.apply(1, func(v float64) float64 { return -v }, opts), nil
}

// Exp returns e**t.
func (t *T) Exp(opts ...FuncOpt) (*T, error) { return t.apply(2, math.Exp, opts), nil }

// Sqrt returns the square root of t.
func (t *T) Sqrt(opts ...FuncOpt) (*T, error) { return t.apply(3, math.Sqrt, opts), nil }

// Tanh returns tanh(t).
func (t *T) Tanh(opts ...FuncOpt) (*T, error) { return t.apply(4, math.Tanh, opts), nil }

// Square returns t*t.
func (t *T) Square(opts ...FuncOpt) (*T, error) {
	return t.apply(5, func(v float64) float64 { return v * v }, opts), nil
}
