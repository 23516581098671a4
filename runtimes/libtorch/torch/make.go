package torch

/*
#include <stdlib.h>
#include "tensor.h"
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Dtype is a tensor element type.
type Dtype int

// The element types the runtime makes; others are reported as 100+c10 code.
const (
	Float32 Dtype = iota
	Float64
	Int64
	Int32
	Boolean
	Complex64
	Uint8
	Complex128
)

// ScalarType returns the c10::ScalarType number of d, as the schema's
// ScalarType arguments take it.
func (d Dtype) ScalarType() int {
	switch d {
	case Float32:
		return 6
	case Float64:
		return 7
	case Int64:
		return 4
	case Int32:
		return 3
	case Boolean:
		return 11
	case Complex64:
		return 9
	case Uint8:
		return 0
	case Complex128:
		return 10
	}
	return int(d) - 100
}

func (d Dtype) String() string {
	if int(d) < len(dtypeNames) {
		return dtypeNames[d]
	}
	return fmt.Sprintf("c10 ScalarType %d", int(d)-100)
}

var dtypeNames = [...]string{"float32", "float64", "int64", "int32", "bool", "complex64", "uint8", "complex128"}

// Device is where a tensor lives: the CPU, or the meta device (shapes, no
// data).
type Device int

const (
	CPU Device = iota
	Meta
)

func sizesPtr(sizes []int64) *C.int64_t {
	if len(sizes) == 0 {
		return nil
	}
	return (*C.int64_t)(unsafe.Pointer(&sizes[0]))
}

// Zeros returns a new tensor of zeros.
func Zeros(dtype Dtype, dev Device, sizes ...int64) *Tensor {
	var p unsafe.Pointer
	check(C.ag_empty(sizesPtr(sizes), C.int64_t(len(sizes)), C.int(dtype), C.int(dev), &p))
	return FromPtr(p)
}

// FromFloat64s returns a new CPU tensor of the given shape and dtype holding
// vals (converted).
func FromFloat64s(dtype Dtype, vals []float64, sizes ...int64) *Tensor {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	if int64(len(vals)) != n {
		panic(fmt.Sprintf("torch.FromFloat64s: %d values for shape %v", len(vals), sizes))
	}
	var vp *C.double
	if n > 0 {
		vp = (*C.double)(unsafe.Pointer(&vals[0]))
	}
	var p unsafe.Pointer
	check(C.ag_from_doubles(vp, sizesPtr(sizes), C.int64_t(len(sizes)), C.int(dtype), &p))
	return FromPtr(p)
}

// Float64s returns t's elements, converted, in row-major order.
func (t *Tensor) Float64s() []float64 {
	n := int64(1)
	for _, s := range t.Sizes() {
		n *= s
	}
	v := make([]float64, n)
	var vp *C.double
	if n > 0 {
		vp = (*C.double)(unsafe.Pointer(&v[0]))
	}
	check(C.ag_to_doubles(t.p, vp, C.int64_t(n)))
	return v
}

// Detach returns a view of t (a new TensorImpl on t's StorageImpl, sharing
// its version counter) that does not keep t alive as an autograd base.
func (t *Tensor) Detach() *Tensor {
	var p unsafe.Pointer
	check(C.ag_detach(t.p, &p))
	return FromPtr(p)
}

// SetStorage makes t use src's storage (set_), keeping t's TensorImpl.
func (t *Tensor) SetStorage(src *Tensor) { check(C.ag_set(t.p, src.p)) }

// Resize resizes t in place (resize_).
func (t *Tensor) Resize(sizes ...int64) {
	check(C.ag_resize(t.p, sizesPtr(sizes), C.int64_t(len(sizes))))
}

// Fill writes v to every element of t in place (fill_).
func (t *Tensor) Fill(v float64) { check(C.ag_fill(t.p, C.double(v))) }

// ToSparse returns a sparse COO copy of t (a tensor without storage).
func (t *Tensor) ToSparse() *Tensor {
	var p unsafe.Pointer
	check(C.ag_to_sparse(t.p, &p))
	return FromPtr(p)
}

// Desc describes a defined tensor.
type Desc struct {
	Sizes, Strides []int64
	Dtype          Dtype
	Device         Device
}

// Describe returns t's shape, strides (0 for non-strided layouts), dtype and
// device.
func (t *Tensor) Describe() Desc {
	var nd C.int64_t
	var sz, st [64]int64
	var dt, dev C.int
	check(C.ag_describe(t.p, &nd, (*C.int64_t)(unsafe.Pointer(&sz[0])), (*C.int64_t)(unsafe.Pointer(&st[0])), 64, &dt, &dev))
	n := min(int(nd), 64)
	return Desc{Sizes: append([]int64(nil), sz[:n]...), Strides: append([]int64(nil), st[:n]...), Dtype: Dtype(dt), Device: Device(dev)}
}

// Sizes returns t's shape.
func (t *Tensor) Sizes() []int64 { return t.Describe().Sizes }

// String describes t, e.g. "CPUFloatType[2, 3]".
func (t *Tensor) String() string {
	if t == nil || t.p == nil {
		return "[released]"
	}
	var s *C.char
	if e := ErrorFrom("", unsafe.Pointer(C.ag_string(t.p, &s))); e != nil {
		return e.Error()
	}
	defer C.free(unsafe.Pointer(s))
	return C.GoString(s)
}

// Transpose returns the autograd view t.transpose(d0, d1), which keeps t
// alive as its base.
func (t *Tensor) Transpose(d0, d1 int64) *Tensor {
	var p unsafe.Pointer
	check(C.ag_transpose(t.p, C.int64_t(d0), C.int64_t(d1), &p))
	return FromPtr(p)
}

// Conj returns t.conj(): for a complex t, an autograd view with the
// conjugate bit, which libtorch 2 cannot replay with as_strided and so
// gives a reverse view function that holds the base too.
func (t *Tensor) Conj() *Tensor {
	var p unsafe.Pointer
	check(C.ag_conj(t.p, &p))
	return FromPtr(p)
}

// Select returns the autograd view t.select(dim, index), which keeps t
// alive as its base (aten's select.int, without the op bindings, so that
// the sweep's samples need no release's bindings).
func (t *Tensor) Select(dim, index int64) *Tensor {
	var p unsafe.Pointer
	check(C.ag_select(t.p, C.int64_t(dim), C.int64_t(index), &p))
	return FromPtr(p)
}

// AsStrided returns the autograd view t.as_strided(sizes, strides,
// offset), which keeps t alive as its base: a tensor of any strides and
// storage offset over t's storage (the sweep's replayed OpInfo samples).
func (t *Tensor) AsStrided(sizes, strides []int64, offset int64) *Tensor {
	if len(sizes) != len(strides) {
		panic(fmt.Sprintf("torch.AsStrided: %d sizes, %d strides", len(sizes), len(strides)))
	}
	var p unsafe.Pointer
	check(C.ag_as_strided(t.p, sizesPtr(sizes), sizesPtr(strides), C.int64_t(len(sizes)), C.int64_t(offset), &p))
	return FromPtr(p)
}

// Int8 and Uint64 are element types the runtime makes by their
// c10::ScalarType numbers; libtorch has Uint64 since 2.3 (see Makes).
var (
	Int8   = DtypeOf(1)
	Uint64 = DtypeOf(29)
)

// Makes reports whether this libtorch has the element type d: Zeros and
// FromFloat64s panic on a c10 number the release does not have (Uint64
// before libtorch 2.3).
func Makes(d Dtype) bool {
	return d.ScalarType() >= 0 && d.ScalarType() < int(C.ag_scalar_types())
}

// DtypeOf returns the Dtype of a c10::ScalarType number: one of the
// constants above, or 100+code for the others (float16, bfloat16, int8,
// int16, ...), which Zeros and FromFloat64s make too.
func DtypeOf(code int) Dtype {
	for d := Float32; d <= Complex128; d++ {
		if d.ScalarType() == code {
			return d
		}
	}
	return Dtype(100 + code)
}

// ToMeta returns a meta tensor of t's dtype and shape (t.to("meta")):
// no data, no autograd history.
func (t *Tensor) ToMeta() *Tensor {
	var p unsafe.Pointer
	check(C.ag_to_meta(t.p, &p))
	return FromPtr(p)
}

// ToFunctional returns a functionalization wrapper around t
// (at::functionalization::impl::to_functional_tensor).
func (t *Tensor) ToFunctional() *Tensor {
	var p unsafe.Pointer
	check(C.ag_to_functional(t.p, &p))
	return FromPtr(p)
}
