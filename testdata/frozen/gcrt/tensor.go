// Package gcrt is a small garbage-collected tensor runtime written as a user
// of assertgen would write one: float64 tensors with sizes, strides and a
// storage offset over a shared []float64, a storage ID per allocation, no
// use counts and no version counter. Views share the slice; the collector
// frees what nobody references. Its kernels (ops.go) are checked through
// wrappers assertgen generates with use_counts: false (./checked, function
// mode, and ./checkedif, interface mode, for the bug catalog in
// ./catalog).
package gcrt

import (
	"fmt"
	"hash/maphash"
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// Tensor is a strided view of a shared []float64. A nil *Tensor is the
// undefined tensor.
type Tensor struct {
	data    []float64 // the storage: every view of one allocation shares it
	sid     uint64    // the storage's ID, one per allocation
	id      uint64    // the tensor's own ID
	sizes   []int
	strides []int
	offset  int
}

var ids atomic.Uint64

func nextID() uint64 { return ids.Add(1) }

// New returns a fresh contiguous tensor of zeros.
func New(sizes ...int) *Tensor {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return Over(make([]float64, n), sizes...)
}

// Over returns a fresh contiguous tensor over data, which becomes its
// storage (a new allocation, with a new storage ID). data may live
// outside the Go heap (a mapped file).
func Over(data []float64, sizes ...int) *Tensor {
	t := &Tensor{data: data, sid: nextID(), id: nextID(), sizes: append([]int(nil), sizes...)}
	t.strides = contiguousStrides(t.sizes)
	return t
}

// From returns a fresh 1-d... n-d tensor holding vals.
func From(vals []float64, sizes ...int) *Tensor {
	return Over(append([]float64(nil), vals...), sizes...)
}

func contiguousStrides(sizes []int) []int {
	st := make([]int, len(sizes))
	acc := 1
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= sizes[i]
	}
	return st
}

// view returns a new tensor on t's storage with the given geometry.
func (t *Tensor) view(sizes, strides []int, offset int) *Tensor {
	return &Tensor{data: t.data, sid: t.sid, id: nextID(), sizes: sizes, strides: strides, offset: offset}
}

// Sizes returns the tensor's sizes (do not modify).
func (t *Tensor) Sizes() []int { return t.sizes }

// Strides returns the tensor's strides (do not modify).
func (t *Tensor) Strides() []int { return t.strides }

// Offset returns the tensor's storage offset.
func (t *Tensor) Offset() int { return t.offset }

// Numel returns the number of elements.
func (t *Tensor) Numel() int {
	n := 1
	for _, s := range t.sizes {
		n *= s
	}
	return n
}

// IsContiguous reports whether the tensor is laid out row-major without
// gaps.
func (t *Tensor) IsContiguous() bool {
	acc := 1
	for i := len(t.sizes) - 1; i >= 0; i-- {
		if t.sizes[i] != 1 && t.strides[i] != acc {
			return false
		}
		acc *= t.sizes[i]
	}
	return true
}

// each calls f with the storage index of every element, in row-major
// order of the tensor's indices.
func (t *Tensor) each(f func(int)) {
	if t.Numel() == 0 {
		return
	}
	idx := make([]int, len(t.sizes))
	for {
		f(t.offset + dot(idx, t.strides))
		d := len(idx) - 1
		for ; d >= 0; d-- {
			idx[d]++
			if idx[d] < t.sizes[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

func dot(a, b []int) int {
	s := 0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// Values returns the elements in row-major order.
func (t *Tensor) Values() []float64 {
	out := make([]float64, 0, t.Numel())
	t.each(func(i int) { out = append(out, t.data[i]) })
	return out
}

// String formats the tensor's sizes and values.
func (t *Tensor) String() string { return fmt.Sprint(t.sizes, t.Values()) }

// StorageID returns the ID of the tensor's storage.
func (t *Tensor) StorageID() uint64 { return t.sid }

// Ident implements asserts.Identity: the tensor's ID and its storage's.
// gcrt keeps no version counter.
func (t *Tensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: asserts.ID(t.id), Storage: asserts.ID(t.sid)}
}

// StorageAnchor implements asserts.Anchored: the last element of the
// storage slice's capacity, which every view of the allocation keeps.
func (t *Tensor) StorageAnchor() unsafe.Pointer {
	if t == nil || cap(t.data) == 0 {
		return nil
	}
	d := t.data[:cap(t.data)]
	return unsafe.Pointer(&d[len(d)-1])
}

// MetadataFingerprint implements asserts.Metadata, for same_metadata: the
// sizes, strides and offset, which a kernel must not change on an argument
// the schema does not mark written.
func (t *Tensor) MetadataFingerprint() (uint64, bool) {
	if t == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(t.sizes, t.strides, t.offset), true
}

var seed = maphash.MakeSeed()

// ContentDigest implements asserts.Contents: a hash of the storage range
// the tensor's sizes, strides and offset cover (gaps included).
func (t *Tensor) ContentDigest() (uint64, bool) {
	if t == nil || t.Numel() == 0 {
		return 0, false
	}
	lo, hi := t.offset, t.offset
	for i, s := range t.sizes {
		if t.strides[i] > 0 {
			hi += (s - 1) * t.strides[i]
		} else {
			lo += (s - 1) * t.strides[i]
		}
	}
	var h maphash.Hash
	h.SetSeed(seed)
	for _, v := range t.data[lo : hi+1] {
		maphash.WriteComparable(&h, v)
	}
	return h.Sum64(), true
}

// Storage is a tensor's storage, as set_ takes it: the shared slice and
// its ID.
type Storage struct {
	data []float64
	id   uint64
}

// Storage returns the tensor's storage.
func (t *Tensor) Storage() *Storage { return &Storage{data: t.data, id: t.sid} }

var _ interface {
	asserts.Identity
	asserts.Anchored
	asserts.Contents
} = (*Tensor)(nil)
