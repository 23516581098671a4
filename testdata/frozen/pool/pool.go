// Package pool is a generic tensor runtime over float32 and float64 whose
// storages take their buffers from a free list keyed by size and give
// them back when the last tensor on them is released; every tensor counts
// its holders. Its 25 kernels (kernels.go) are generic functions,
// checked by assertgen as they are: assertgen init wrote the config and
// the tests, go generate the generic wrappers in ./checked.
package pool

import (
	"hash/fnv"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// Float is the element types a tensor holds.
type Float interface{ float32 | float64 }

var lastID atomic.Uint64

func newID() asserts.ID { return asserts.ID(lastID.Add(1)) }

// A freeList holds the buffers of released storages, by length, for the
// next storage of that length.
type freeList[T Float] struct {
	mu     sync.Mutex
	bufs   map[int][][]T
	reused atomic.Int64
}

var (
	free32 = &freeList[float32]{bufs: map[int][][]float32{}}
	free64 = &freeList[float64]{bufs: map[int][][]float64{}}
)

// freeListOf returns the free list of element type T.
func freeListOf[T Float]() *freeList[T] {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return any(free32).(*freeList[T])
	}
	return any(free64).(*freeList[T])
}

// get returns a zeroed buffer of n elements, a released one if the list
// has one of that length.
func (f *freeList[T]) get(n int) []T {
	f.mu.Lock()
	bs := f.bufs[n]
	if len(bs) == 0 {
		f.mu.Unlock()
		return make([]T, n)
	}
	b := bs[len(bs)-1]
	f.bufs[n] = bs[:len(bs)-1]
	f.mu.Unlock()
	if asserts.Compiled && asserts.Checking() {
		asserts.Reused(asserts.SliceMemory(b).Anchor())
	}
	f.reused.Add(1)
	clear(b)
	return b
}

func (f *freeList[T]) put(b []T) {
	if asserts.Compiled && asserts.Checking() {
		// the checks judge a call during which a buffer its tensors still
		// point at comes back here
		asserts.Recycled(asserts.SliceMemory(b).Anchor())
	}
	f.mu.Lock()
	f.bufs[len(b)] = append(f.bufs[len(b)], b)
	f.mu.Unlock()
}

// Reused returns how many buffers of element type T storages have taken
// from the free list.
func Reused[T Float]() int64 { return freeListOf[T]().reused.Load() }

// A storage is a buffer shared by a tensor and its views. Its ID is new
// for every storage, also for a buffer taken from the free list.
type storage[T Float] struct {
	id      asserts.ID
	tensors atomic.Int64  // the tensors on it that have holders
	version atomic.Uint64 // bumped by every in-place write; views share it
	data    []T
}

func newStorage[T Float](n int) *storage[T] {
	return &storage[T]{id: newID(), data: freeListOf[T]().get(n)}
}

// A Tensor is a strided window on a storage. Every function that returns
// one gives the caller a hold on it, to Release; Retain takes another.
type Tensor[T float32 | float64] struct {
	id      asserts.ID
	holders atomic.Int64
	st      *storage[T]
	shape   []int
	strides []int
	off     int
}

// onStorage returns a new tensor on st, with one holder.
func onStorage[T Float](st *storage[T], shape, strides []int, off int) *Tensor[T] {
	st.tensors.Add(1)
	t := &Tensor[T]{id: newID(), st: st, shape: shape, strides: strides, off: off}
	t.holders.Store(1)
	return t
}

// empty returns a new contiguous tensor of the shape, its buffer from the
// free list.
func empty[T Float](shape []int) *Tensor[T] {
	shape = append([]int(nil), shape...)
	return onStorage(newStorage[T](numel(shape)), shape, contiguousStrides(shape), 0)
}

// New returns a tensor of the shape holding values, in row-major order.
func New[T Float](values []T, shape ...int) *Tensor[T] {
	if numel(shape) != len(values) {
		panic("pool.New: the shape does not hold the values")
	}
	t := empty[T](shape)
	copy(t.st.data, values)
	return t
}

// StorageAnchor implements asserts.Anchored: the last element of its
// storage's buffer, which every tensor on that buffer shares, and which a
// buffer taken from the free list again keeps, under a new storage ID.
func (t *Tensor[T]) StorageAnchor() unsafe.Pointer {
	if t == nil || t.st == nil {
		return nil
	}
	return asserts.SliceMemory(t.st.data).Anchor()
}

// Retain takes one more hold on t and returns it.
func (t *Tensor[T]) Retain() *Tensor[T] {
	t.holders.Add(1)
	return t
}

// Release drops a hold on t. When t has no holder left it leaves its
// storage, and a storage without tensors gives its buffer back to the
// free list.
func (t *Tensor[T]) Release() {
	if t == nil || t.holders.Add(-1) != 0 {
		return
	}
	if t.st.tensors.Add(-1) == 0 {
		freeListOf[T]().put(t.st.data)
	}
}

// Shape returns the sizes of t's dims.
func (t *Tensor[T]) Shape() []int { return append([]int(nil), t.shape...) }

// Values returns t's elements in row-major order.
func (t *Tensor[T]) Values() []T {
	out := make([]T, 0, numel(t.shape))
	t.each(func(i int) { out = append(out, t.st.data[i]) })
	return out
}

// each calls f with the storage index of each element, in row-major order.
func (t *Tensor[T]) each(f func(i int)) {
	idx := make([]int, len(t.shape))
	for range numel(t.shape) {
		at := t.off
		for d, k := range idx {
			at += k * t.strides[d]
		}
		f(at)
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < t.shape[d] {
				break
			}
			idx[d] = 0
		}
	}
}

// Ident implements asserts.Identity: the tensor, its storage and the
// storage's version.
func (t *Tensor[T]) Ident() asserts.Ident {
	if t == nil || t.st == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.id, Storage: t.st.id, Version: t.st.version.Load(), Traits: asserts.Versioned}
}

// UseCounts implements asserts.Tensor: t's holders, and the tensors on
// its storage.
func (t *Tensor[T]) UseCounts() (impl, storage int) {
	if t == nil || t.st == nil {
		return 0, 0
	}
	return int(t.holders.Load()), int(t.st.tensors.Load())
}

// MetadataFingerprint implements asserts.Metadata.
func (t *Tensor[T]) MetadataFingerprint() (uint64, bool) {
	if t == nil || t.st == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(t.shape, t.strides, t.off), true
}

// ContentDigest implements asserts.Contents: a hash of the storage range
// t covers.
func (t *Tensor[T]) ContentDigest() (uint64, bool) {
	if t == nil || t.st == nil || t.st.data == nil {
		return 0, false
	}
	lo, hi := t.off, t.off
	for d, n := range t.shape {
		if n == 0 {
			return 0, true
		}
		hi += (n - 1) * t.strides[d]
	}
	h := fnv.New64a()
	var b [8]byte
	for _, v := range t.st.data[lo : hi+1] {
		bits := math.Float64bits(float64(v))
		for k := range b {
			b[k] = byte(bits >> (8 * k))
		}
		h.Write(b[:])
	}
	return h.Sum64(), true
}

func numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

func contiguousStrides(shape []int) []int {
	s := make([]int, len(shape))
	k := 1
	for d := len(shape) - 1; d >= 0; d-- {
		s[d] = k
		k *= shape[d]
	}
	return s
}

func (t *Tensor[T]) contiguous() bool {
	k := 1
	for d := len(t.shape) - 1; d >= 0; d-- {
		if t.shape[d] != 1 && t.strides[d] != k {
			return false
		}
		k *= t.shape[d]
	}
	return true
}
