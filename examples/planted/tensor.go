package planted

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
	data    []float64
	sid, id uint64 // the storage's ID (one per allocation) and the tensor's own
	sizes   []int
	strides []int
	offset  int
}

var lastID atomic.Uint64

func newID() uint64 { return lastID.Add(1) }

// Of returns a fresh contiguous tensor of the given sizes holding vals
// (copied), row-major.
func Of(vals []float64, sizes ...int) *Tensor {
	if n := numel(sizes); len(vals) != n {
		panic(fmt.Sprintf("planted: %d values for sizes %v", len(vals), sizes))
	}
	return &Tensor{data: append([]float64(nil), vals...), sid: newID(), id: newID(),
		sizes: append([]int(nil), sizes...), strides: rowMajor(sizes)}
}

// Zeros returns a fresh contiguous tensor of zeros.
func Zeros(sizes ...int) *Tensor { return Of(make([]float64, numel(sizes)), sizes...) }

// Strided returns a view of a fresh storage of n elements holding
// storage, with the given sizes, strides and offset.
func Strided(storage []float64, sizes, strides []int, offset int) *Tensor {
	t := &Tensor{data: append([]float64(nil), storage...), sid: newID(), id: newID()}
	t.sizes, t.strides, t.offset = append([]int(nil), sizes...), append([]int(nil), strides...), offset
	return t
}

func numel(sizes []int) int {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return n
}

func rowMajor(sizes []int) []int {
	st := make([]int, len(sizes))
	acc := 1
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= sizes[i]
	}
	return st
}

// as returns a new tensor object on t's storage with the given geometry.
func (t *Tensor) as(sizes, strides []int, offset int) *Tensor {
	return &Tensor{data: t.data, sid: t.sid, id: newID(), sizes: sizes, strides: strides, offset: offset}
}

// Sizes returns the tensor's sizes (do not modify).
func (t *Tensor) Sizes() []int { return t.sizes }

// Strides returns the tensor's strides (do not modify).
func (t *Tensor) Strides() []int { return t.strides }

// Numel returns the number of elements.
func (t *Tensor) Numel() int { return numel(t.sizes) }

// Contiguous reports whether the elements are laid out row-major without
// gaps (dims of size 1 have any stride).
func (t *Tensor) Contiguous() bool {
	acc := 1
	for i := len(t.sizes) - 1; i >= 0; i-- {
		if t.sizes[i] != 1 && t.strides[i] != acc {
			return false
		}
		acc *= t.sizes[i]
	}
	return true
}

// index calls f with the storage index of every element, row-major.
func (t *Tensor) index(f func(k int)) {
	if t.Numel() == 0 {
		return
	}
	at := make([]int, len(t.sizes))
	for {
		k := t.offset
		for d, i := range at {
			k += i * t.strides[d]
		}
		f(k)
		d := len(at) - 1
		for ; d >= 0; d-- {
			if at[d]++; at[d] < t.sizes[d] {
				break
			}
			at[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// Values returns the elements, row-major.
func (t *Tensor) Values() []float64 {
	out := make([]float64, 0, t.Numel())
	t.index(func(k int) { out = append(out, t.data[k]) })
	return out
}

// set writes vals (row-major) into t's elements.
func (t *Tensor) set(vals []float64) {
	i := 0
	t.index(func(k int) { t.data[k] = vals[i]; i++ })
}

// String formats the sizes and values.
func (t *Tensor) String() string { return fmt.Sprint(t.sizes, t.Values()) }

// Ident implements asserts.Identity: the tensor's ID and its storage's;
// no version counter.
func (t *Tensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: asserts.ID(t.id), Storage: asserts.ID(t.sid)}
}

// StorageAnchor implements asserts.Anchored: the last element of the
// storage's capacity, which every view of the allocation shares.
func (t *Tensor) StorageAnchor() unsafe.Pointer {
	if t == nil || cap(t.data) == 0 {
		return nil
	}
	return unsafe.Pointer(&t.data[:cap(t.data)][cap(t.data)-1])
}

// MetadataFingerprint implements asserts.Metadata: sizes, strides and
// offset.
func (t *Tensor) MetadataFingerprint() (uint64, bool) {
	if t == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(t.sizes, t.strides, t.offset), true
}

var seed = maphash.MakeSeed()

// ContentDigest implements asserts.Contents: a hash of the storage from
// the offset to the farthest element.
func (t *Tensor) ContentDigest() (uint64, bool) {
	if t == nil || t.Numel() == 0 {
		return 0, false
	}
	hi := t.offset
	for i, s := range t.sizes {
		hi += (s - 1) * t.strides[i]
	}
	var h maphash.Hash
	h.SetSeed(seed)
	for _, v := range t.data[t.offset : hi+1] {
		maphash.WriteComparable(&h, v)
	}
	return h.Sum64(), true
}

var _ interface {
	asserts.Identity
	asserts.Anchored
	asserts.Contents
	asserts.Metadata
} = (*Tensor)(nil)

// Select returns the view of t at index i along dim 0 (without that dim).
func (t *Tensor) Select(i int) *Tensor {
	if len(t.sizes) == 0 || i < 0 || i >= t.sizes[0] {
		panic(fmt.Sprintf("planted: index %d out of range for sizes %v", i, t.sizes))
	}
	return t.as(append([]int(nil), t.sizes[1:]...), append([]int(nil), t.strides[1:]...), t.offset+i*t.strides[0])
}

// Fill writes vals (row-major) into t's elements and returns t.
func Fill(t *Tensor, vals []float64) *Tensor {
	t.set(vals)
	return t
}
