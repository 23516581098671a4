// Package gt implements assertgen's contract (asserts.Identity,
// asserts.Contents, asserts.Anchored, asserts.Metadata) over gorgonia.org/tensor's
// *tensor.Dense, a garbage-collected tensor runtime without use counts or
// version counters.
//
// A *Tensor is a *tensor.Dense under another name (type Tensor
// tensor.Dense): converting between the two costs nothing, and the checked
// wrappers see the very object gorgonia made. What the checks read:
//
//   - Impl: the *tensor.Dense object. gorgonia reuses Dense structs through
//     its pool (ReturnTensor, borrowDense), so its address is no identity;
//     gt keeps a weak pointer to the object and hands out an ID from a
//     counter the first time it sees it. A new object at a reused address
//     gets a new weak pointer (weak pointers of a collected object never
//     compare equal to later ones), hence a new ID.
//   - Storage: the backing array. Views (Slice, ShallowClone) slice the
//     array with two indices, so every tensor on one array keeps its last
//     byte of capacity: that byte is the storage's anchor
//     (asserts.Anchored), and the storage's ID is keyed by it as the
//     Dense's is by the Dense. A tensor without bytes (an empty one) has no
//     storage (ID 0). A Dense recycled through gorgonia's pool is the same
//     object, and keeps its ID.
//   - Version: none. gorgonia keeps no version counter and gt does not
//     fake one, so no_mutation is skipped (no_version_counter); same_content
//     (ContentDigest, on with ASSERTGEN_CONTENT=on) checks writes instead.
//   - Use counts: none (asserts.Identity only); the wrappers are generated
//     with use_counts: false, and fresh_not_held checks freshness.
//
// The ID tables hold addresses and weak pointers only, so they keep
// nothing alive; they drop collected entries when they have doubled since
// the last sweep.
package gt

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
)

// Tensor is a gorgonia dense tensor with assertgen's contract. A nil
// *Tensor is the undefined tensor.
type Tensor tensor.Dense

// From returns d as a *Tensor (the same object).
func From(d *tensor.Dense) *Tensor { return (*Tensor)(d) }

// D returns t as a *tensor.Dense (the same object).
func (t *Tensor) D() *tensor.Dense { return (*tensor.Dense)(t) }

// FromFloat64s returns a new float64 tensor of the given shape holding vs
// (copied), or a 0-dim tensor for no shape.
func FromFloat64s(vs []float64, shape ...int) *Tensor {
	b := append([]float64(nil), vs...)
	if len(shape) == 0 {
		return From(tensor.New(tensor.FromScalar(b[0])))
	}
	return From(tensor.New(tensor.WithShape(shape...), tensor.WithBacking(b)))
}

// Float64s returns a copy of t's elements in row-major order of its
// shape, read through its strides (a transposed or sliced view gives its
// own elements).
func (t *Tensor) Float64s() []float64 {
	d := t.D()
	if d.IsScalar() {
		return []float64{toF(d.ScalarValue())}
	}
	n := d.Shape().TotalSize()
	out := make([]float64, n)
	for k := range n {
		v, err := d.At(coords(d.Shape(), k)...)
		if err != nil {
			panic(err)
		}
		out[k] = toF(v)
	}
	return out
}

func coords(shape tensor.Shape, k int) []int {
	cs := make([]int, len(shape))
	for i := len(shape) - 1; i >= 0; i-- {
		cs[i] = k % shape[i]
		k /= shape[i]
	}
	return cs
}

func toF(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case int32:
		return float64(x)
	case bool:
		if x {
			return 1
		}
		return 0
	}
	panic("gt: unsupported element type")
}

// raw returns the tensor's bytes: its window on the backing array.
func (t *Tensor) raw() []byte { return t.D().Header.Raw }

// anchor returns the last byte of capacity of the backing array, or nil
// when there is none.
func (t *Tensor) anchor() *byte {
	if t == nil {
		return nil
	}
	r := t.raw()
	if cap(r) == 0 {
		return nil
	}
	return &r[:cap(r)][cap(r)-1]
}

// idTable hands out IDs to Dense objects (or backing arrays, by anchor).
// It is keyed by address, and each entry keeps a weak pointer to the
// object it was made for: an entry whose weak pointer no longer gives back
// the object at that address (it was collected, and the allocator put a
// new one there) is replaced with a new ID. A lookup of a known object
// costs a map read and Value, not a weak.Make.
type idTable[T any] struct {
	mu   sync.Mutex
	m    map[uintptr]idEntry[T]
	next int // sweep when len(m) reaches it
}

type idEntry[T any] struct {
	w  weak.Pointer[T]
	id asserts.ID
}

var (
	counter  atomic.Uint64
	implIDs  idTable[tensor.Dense]
	storeIDs idTable[byte]
)

func newID() asserts.ID { return asserts.ID(counter.Add(1)) }

func (tb *idTable[T]) id(p *T) asserts.ID {
	a := uintptr(unsafe.Pointer(p))
	tb.mu.Lock()
	if e, ok := tb.m[a]; ok && e.w.Value() == p {
		tb.mu.Unlock()
		return e.id
	}
	tb.mu.Unlock()
	w := weak.Make(p)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if e, ok := tb.m[a]; ok && e.w == w {
		return e.id // made by another goroutine meanwhile
	}
	if tb.m == nil {
		tb.m = map[uintptr]idEntry[T]{}
		tb.next = 4096
	}
	if len(tb.m) >= tb.next {
		for k, e := range tb.m {
			if e.w.Value() == nil {
				delete(tb.m, k)
			}
		}
		tb.next = max(2*len(tb.m), 4096)
	}
	id := newID()
	tb.m[a] = idEntry[T]{w, id}
	return id
}

// Ident implements asserts.Identity.
func (t *Tensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	id := asserts.Ident{Impl: implIDs.id(t.D())}
	if a := t.anchor(); a != nil {
		id.Storage = storeIDs.id(a)
	}
	return id
}

// StorageAnchor implements asserts.Anchored: the last byte of capacity of
// the backing array, which every tensor on that array shares.
func (t *Tensor) StorageAnchor() unsafe.Pointer { return unsafe.Pointer(t.anchor()) }

// MetadataFingerprint implements asserts.Metadata: the shape, the
// strides, and where the tensor's window starts on its backing array (as
// the distance to the array's end, which a narrowing or a re-slice of
// Header.Raw moves: gorgonia's stand-in for a storage offset). It reads
// the Dense's own slices and allocates nothing.
func (t *Tensor) MetadataFingerprint() (uint64, bool) {
	if t == nil {
		return 0, false
	}
	d := t.D()
	return asserts.FingerprintMetadata(d.Shape(), d.Strides(), cap(t.raw())), true
}

var seed = maphash.MakeSeed()

// ContentDigest implements asserts.Contents: a hash of the tensor's window
// on the backing array (every byte its shape and strides can reach lies in
// it; a transposed or sliced view reaches no byte outside it).
func (t *Tensor) ContentDigest() (uint64, bool) {
	if t == nil || len(t.raw()) == 0 {
		return 0, false
	}
	return maphash.Bytes(seed, t.raw()), true
}

// StorageID returns the ID of t's backing array (0 for none), as Ident
// reports it.
func (t *Tensor) StorageID() asserts.ID { return t.Ident().Storage }

var _ interface {
	asserts.Identity
	asserts.Contents
	asserts.Anchored
} = (*Tensor)(nil)
