package aten

import (
	"runtime"
	"unsafe"

	"github.com/assertgen/assertgen/runtimes/libtorch/internal/shim"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// Binding is a bound op: its schema name and its Go function.
type Binding struct {
	Name string
	Func any
}

// Unsupported is an op without a binding, and why.
type Unsupported struct {
	Op, Reason string
}

// args encodes a call's arguments in schema order, as internal/shim's
// decoder reads them. Each slice has its own backing array: cgo forbids
// passing C a pointer into memory that also holds Go pointers.
type args struct {
	ts   []unsafe.Pointer // at::Tensor* (C memory) or nil
	is   []int64
	ds   []float64
	ss   []byte
	keep []*torch.Tensor // the tensors whose at::Tensor the call reads
}

func (a *args) init() {}

func (a *args) tensor(t *torch.Tensor) {
	a.init()
	a.ts = append(a.ts, t.Ptr())
	a.keep = append(a.keep, t)
}

func (a *args) tensors(ts []*torch.Tensor) {
	a.init()
	a.is = append(a.is, int64(len(ts)))
	for _, t := range ts {
		a.tensor(t)
	}
}

func (a *args) optTensors(ts []*torch.Tensor) { a.tensors(ts) }

func (a *args) int(v int64) { a.init(); a.is = append(a.is, v) }

func (a *args) optInt(v *int64) {
	a.init()
	if v == nil {
		a.is = append(a.is, 0)
		return
	}
	a.is = append(a.is, 1, *v)
}

func (a *args) bool(v bool) {
	if v {
		a.int(1)
	} else {
		a.int(0)
	}
}

func (a *args) optBool(v *bool) {
	if v == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.bool(*v)
}

func (a *args) enum(v int) { a.int(int64(v)) }

func (a *args) optEnum(v *int) {
	if v == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.int(int64(*v))
}

func (a *args) float(v float64) { a.init(); a.ds = append(a.ds, v) }

func (a *args) optFloat(v *float64) {
	if v == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.float(*v)
}

func (a *args) ints(v []int64) {
	a.int(int64(len(v)))
	a.is = append(a.is, v...)
}

// optInts: nil is None; an empty non-nil slice is the empty list.
func (a *args) optInts(v []int64) {
	if v == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.ints(v)
}

func (a *args) floats(v []float64) {
	a.int(int64(len(v)))
	a.ds = append(a.ds, v...)
}

func (a *args) optFloats(v []float64) {
	if v == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.floats(v)
}

func (a *args) bools(v []bool) {
	a.int(int64(len(v)))
	for _, b := range v {
		a.bool(b)
	}
}

func (a *args) str(s string) {
	a.int(int64(len(s)))
	a.ss = append(a.ss, s...)
}

func (a *args) optStr(s *string) {
	if s == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.str(*s)
}

func (a *args) strs(v []string) {
	a.int(int64(len(v)))
	for _, s := range v {
		a.str(s)
	}
}

// optStrs encodes a Dimname[]?: nil is None (length -1).
func (a *args) optStrs(v []string) {
	if v == nil {
		a.int(-1)
		return
	}
	a.strs(v)
}

func (a *args) scalar(s torch.Scalar) {
	a.int(int64(s.Kind))
	a.int(s.I)
	a.float(s.F)
}

func (a *args) optScalar(s *torch.Scalar) {
	if s == nil {
		a.int(0)
		return
	}
	a.int(1)
	a.scalar(*s)
}

func (a *args) scalars(v []torch.Scalar) {
	a.int(int64(len(v)))
	for _, s := range v {
		a.scalar(s)
	}
}

// generator accepts only nil (the default generator): the runtime does not
// wrap at::Generator.
func (a *args) generator(g any) {
	if g != nil {
		panic(&torch.Error{Class: "ValueError", Msg: "Generator arguments must be nil (the default generator)"})
	}
}

type out struct {
	o       *shim.Out
	ts      []unsafe.Pointer
	t, i, d int
}

// call runs the op and panics with a *torch.Error if libtorch raised one.
func (a *args) call(op int, name string) *out {
	a.init()
	o := &out{o: new(shim.Out)}
	errp := shim.Call(op, a.ts, a.is, a.ds, a.ss, o.o)
	runtime.KeepAlive(a.keep)
	if e := torch.ErrorFrom(name, errp); e != nil {
		panic(e)
	}
	o.ts = o.o.Tensors()
	return o
}

func (o *out) tensor() *torch.Tensor {
	p := o.ts[o.t]
	o.t++
	return torch.FromPtr(p)
}

func (o *out) tensors() []*torch.Tensor {
	n := o.int()
	v := make([]*torch.Tensor, n)
	for k := range v {
		v[k] = o.tensor()
	}
	return v
}

func (o *out) int() int64 {
	v := o.o.I[o.i]
	o.i++
	return v
}

func (o *out) float() float64 {
	v := o.o.D[o.d]
	o.d++
	return v
}

func (o *out) scalar() torch.Scalar {
	k := o.int()
	i := o.int()
	f := o.float()
	return torch.Scalar{Kind: torch.ScalarKind(k), I: i, F: f}
}

func (o *out) free() { o.o.Free() }
