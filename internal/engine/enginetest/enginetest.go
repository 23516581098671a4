// Package enginetest holds the toy tensors that the tests and Examples of
// asserts and internal/engine share, so that each is written once: a
// handle with use counts (Handle), a handle of a garbage-collected runtime
// (GCHandle) and a matrix without identities of its own (Dense). Only
// tests import it.
package enginetest

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// Handle is a tensor handle of a runtime with use counts, a toy with
// fixed identities (examples/reftensor is a real one). A nil *Handle is
// the undefined tensor.
type Handle struct {
	Impl, Storage asserts.ID
	Version       uint64
	Uses          int // handles on the TensorImpl
}

// Ident returns the handle's identities, with a version counter.
func (h *Handle) Ident() asserts.Ident {
	if h == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: h.Impl, Storage: h.Storage, Version: h.Version, Traits: asserts.Versioned}
}

// UseCounts returns Uses for the TensorImpl and 1 for the storage.
func (h *Handle) UseCounts() (impl, storage int) {
	if h == nil {
		return 0, 0
	}
	return h.Uses, 1
}

// GCHandle is a handle of a garbage-collected runtime: no use counts
// (asserts.Identity only), and its storage's address as the anchor
// fresh_not_held keeps a weak pointer to (asserts.Anchored).
type GCHandle struct {
	Impl asserts.ID
	St   *GCStorage
}

// GCStorage is a GCHandle's storage.
type GCStorage struct {
	ID   asserts.ID
	Data []float32
}

// Ident returns the handle's identities, without a version counter.
func (h *GCHandle) Ident() asserts.Ident {
	return asserts.Ident{Impl: h.Impl, Storage: h.St.ID}
}

// StorageAnchor returns the storage's address.
func (h *GCHandle) StorageAnchor() unsafe.Pointer { return unsafe.Pointer(h.St) }

// Dense is a tensor type with no identities of its own, as a library has
// it (gonum's *mat.Dense): a window on a []float64 backing array. Its
// contract comes from asserts.Memory, as a generated adapter gives it.
type Dense struct {
	Rows, Cols, Stride int
	Data               []float64
}

var _ interface {
	asserts.Identity
	asserts.Anchored
	asserts.Metadata
	asserts.Contents
} = (*Dense)(nil)

// NewDense returns an r x c matrix of zeros on an array of its own.
func NewDense(r, c int) *Dense { return &Dense{r, c, c, make([]float64, r*c)} }

// Mem is d's memory, what a generated adapter hands a Frame: its window,
// strided by rows.
func (d *Dense) Mem() asserts.Memory {
	if d == nil {
		return asserts.Memory{}
	}
	return asserts.SliceMemory(d.Data).Strided([]int{d.Rows, d.Cols}, []int{d.Stride, 1})
}

// Ident returns d's identities, from its memory and its address.
func (d *Dense) Ident() asserts.Ident { return d.Mem().Ident(unsafe.Pointer(d)) }

// StorageAnchor returns the anchor of d's backing array.
func (d *Dense) StorageAnchor() unsafe.Pointer { return d.Mem().Anchor() }

// MetadataFingerprint returns the fingerprint of d's geometry.
func (d *Dense) MetadataFingerprint() (uint64, bool) { return d.Mem().Metadata() }

// ContentDigest returns a digest of d's elements.
func (d *Dense) ContentDigest() (uint64, bool) { return d.Mem().Digest() }

// Slice returns rows i to k of d, a view made by two-index slicing: it
// keeps d's backing array, and so its storage.
func (d *Dense) Slice(i, k int) *Dense {
	return &Dense{k - i, d.Cols, d.Stride, d.Data[i*d.Stride : k*d.Stride]}
}

// Clip returns rows i to k of d by three-index slicing: its capacity ends
// with the rows, so its anchor, and its storage, are not d's.
func (d *Dense) Clip(i, k int) *Dense {
	return &Dense{k - i, d.Cols, d.Stride, d.Data[i*d.Stride : k*d.Stride : k*d.Stride]}
}
