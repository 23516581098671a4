package torch

/*
#include <stdlib.h>
#include "layouts.h"
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"
)

// The tensor kinds beyond dense real tensors that the CPU build makes:
// complex tensors with the conjugate and negative bits, sparse COO and CSR
// tensors (no storage: Storageless), quantized per-tensor tensors (a
// storage of integers and a quantizer), mkldnn tensors (opaque, no
// storage), and requires_grad leaves and their non-leaf views (the
// autograd path). How each reads under the checks is in docs/libtorch.md.

// Layout is how a tensor lays its elements out.
type Layout int

const (
	Strided Layout = iota
	SparseCOO
	SparseCSR
	Mkldnn
)

func (l Layout) String() string {
	switch l {
	case Strided:
		return "strided"
	case SparseCOO:
		return "sparse_coo"
	case SparseCSR:
		return "sparse_csr"
	case Mkldnn:
		return "mkldnn"
	}
	return fmt.Sprintf("c10 Layout %d", int(l)-100)
}

// QDtype is a quantized element type.
type QDtype int

const (
	QUInt8 QDtype = iota
	QInt8
	QInt32
)

// Info is what a tensor is beyond its shape and dtype.
type Info struct {
	Layout       Layout
	Quantized    bool
	Conj, Neg    bool // the conjugate and negative bits
	RequiresGrad bool
	Leaf         bool // no grad_fn: made by the user, or not differentiable
	View         bool // an autograd view (it has a _base)
}

// Info describes a defined tensor.
func (t *Tensor) Info() Info {
	var l C.ag_layout_t
	check(C.ag_layout(t.p, &l))
	return Info{Layout: Layout(l.layout), Quantized: l.quantized != 0, Conj: l.conj != 0, Neg: l.neg != 0,
		RequiresGrad: l.requires_grad != 0, Leaf: l.is_leaf != 0, View: l.is_view != 0}
}

func (t *Tensor) unary(f func(unsafe.Pointer, *unsafe.Pointer) *C.char) *Tensor {
	var p unsafe.Pointer
	check(f(t.p, &p))
	return FromPtr(p)
}

// NegView returns t._neg_view(): a view of t with the negative bit
// flipped (what conj of a conjugate view and neg of an imaginary view
// make).
func (t *Tensor) NegView() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_neg_view(p, o) })
}

// ToSparseCSR returns a sparse CSR copy of a 2-d t (no storage).
func (t *Tensor) ToSparseCSR() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_to_sparse_csr(p, o) })
}

// ToSparseBSR returns a sparse BSR copy of a 2-d t with 1x1 blocks (no
// storage).
func (t *Tensor) ToSparseBSR() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_to_sparse_blocked(p, 0, o) })
}

// ToSparseBSC returns a sparse BSC copy of a 2-d t with 1x1 blocks (no
// storage).
func (t *Tensor) ToSparseBSC() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_to_sparse_blocked(p, 1, o) })
}

// MarkUncoalesced clears the coalesced flag of a sparse COO t
// (_coalesced_(false)): its indices stay as they are, but kernels take it
// as uncoalesced (_coalesce asserts that it is).
func (t *Tensor) MarkUncoalesced() { check(C.ag_mark_uncoalesced(t.p)) }

// HasNames reports whether this libtorch names dims (named tensors:
// 1.13.1 and 2.6.0 do, 2.14.1 has dropped them).
func HasNames() bool { return C.ag_has_names() != 0 }

// SetNames names t's dims in place, one name per dim ("N", "C", ...; none
// to remove the names), as t.refine_names(...) would from an unnamed t
// (at::internal_set_names_inplace). A release without named tensors
// ([HasNames]) panics with its error.
func (t *Tensor) SetNames(names ...string) {
	cs := C.CString(strings.Join(names, ","))
	defer C.free(unsafe.Pointer(cs))
	check(C.ag_set_names(t.p, cs))
}

// Names returns t's dim names, nil for a tensor without names.
func (t *Tensor) Names() []string {
	var s *C.char
	check(C.ag_names(t.p, &s))
	defer C.free(unsafe.Pointer(s))
	if g := C.GoString(s); g != "" {
		return strings.Split(g, ",")
	}
	return nil
}

// ToDense returns a strided copy of a sparse or mkldnn t.
func (t *Tensor) ToDense() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_to_dense(p, o) })
}

// QuantizePerTensor returns at::quantize_per_tensor(t, scale, zeroPoint,
// q): a quantized tensor of a float t.
func (t *Tensor) QuantizePerTensor(scale float64, zeroPoint int64, q QDtype) *Tensor {
	var p unsafe.Pointer
	check(C.ag_quantize_per_tensor(t.p, C.double(scale), C.int64_t(zeroPoint), C.int(q), &p))
	return FromPtr(p)
}

// Dequantize returns a float copy of a quantized t.
func (t *Tensor) Dequantize() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_dequantize(p, o) })
}

// ToMkldnn returns an mkldnn copy of a float t; the build must have mkldnn
// ([HasMkldnn]).
func (t *Tensor) ToMkldnn() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_to_mkldnn(p, o) })
}

// HasMkldnn reports whether the libtorch build has mkldnn (oneDNN).
func HasMkldnn() bool { return C.ag_has_mkldnn() != 0 }

// SetRequiresGrad sets t's requires_grad flag; only leaves take it.
func (t *Tensor) SetRequiresGrad(on bool) {
	b := C.int(0)
	if on {
		b = 1
	}
	check(C.ag_set_requires_grad(t.p, b))
}

// Clone returns t.clone() through the dispatcher: for a t that requires
// grad, a non-leaf (grad_fn CloneBackward0).
func (t *Tensor) Clone() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_clone(p, o) })
}

// GradFn returns the name of t's grad_fn, "" for a leaf.
func (t *Tensor) GradFn() string {
	var s *C.char
	check(C.ag_grad_fn(t.p, &s))
	defer C.free(unsafe.Pointer(s))
	return C.GoString(s)
}

// BackwardSum runs t.sum().backward(), which unpacks every tensor t's graph
// saved and fills the leaves' Grad.
func (t *Tensor) BackwardSum() { check(C.ag_backward_sum(t.p)) }

// Grad returns t.grad(), undefined before a backward reached t.
func (t *Tensor) Grad() *Tensor {
	return t.unary(func(p unsafe.Pointer, o *unsafe.Pointer) *C.char { return C.ag_grad(p, o) })
}

// Call calls the operator name.overload ("" for the default overload)
// through the dispatcher, boxed: ts are its Tensor arguments and ints its
// int arguments, in schema order; every other argument takes its schema
// default. It returns the Tensor returns. For tests that need an op on
// every release without that release's bindings (Call("aten::exp", "", x)).
func Call(name, overload string, ts []*Tensor, ints ...int64) []*Tensor {
	cn, co := C.CString(name), C.CString(overload)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(co))
	ps := C.malloc(C.size_t(len(ts)+1) * C.size_t(unsafe.Sizeof(unsafe.Pointer(nil))))
	defer C.free(ps)
	pv := unsafe.Slice((*unsafe.Pointer)(ps), len(ts)+1)
	for i, t := range ts {
		pv[i] = t.p
	}
	var outs *unsafe.Pointer
	var n C.int64_t
	var ip *C.int64_t
	if len(ints) > 0 {
		ip = (*C.int64_t)(unsafe.Pointer(&ints[0]))
	}
	check(C.ag_call(cn, co, (*unsafe.Pointer)(ps), C.int64_t(len(ts)), ip, C.int64_t(len(ints)), &outs, &n))
	defer C.free(unsafe.Pointer(outs))
	r := make([]*Tensor, int(n))
	for i, p := range unsafe.Slice(outs, int(n)) {
		r[i] = FromPtr(p)
	}
	return r
}
