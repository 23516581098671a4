package asserts

import (
	"hash/maphash"
	"unsafe"

	"github.com/assertgen/assertgen/internal/shared"
)

// A Memory says where a tensor's elements live: the storage they belong
// to (its anchor), the window of bytes the tensor can reach, and,
// optionally, the tensor's geometry (sizes, strides and where its window
// starts, for same_metadata). Build one with [SliceMemory] and, for the
// geometry, [Memory.Strided]. The zero Memory is a tensor without storage
// (an empty one). It is four words: generated code reads one per tensor
// per phase and hands it over with the tensor's handle beside it (see
// wrap.Frame.ArgMemory).
type Memory struct {
	anchor unsafe.Pointer
	data   unsafe.Pointer
	n      uintptr // bytes in the window
	// meta is the geometry's fingerprint with its lowest bit set, 0
	// without one: one word says both.
	meta uint64
}

// SliceMemory returns the memory of a tensor whose elements are in s, a
// window on the backing array of its storage: views made by two-index
// slicing (s[i:j]) keep the array's capacity, so every tensor on the array
// gets the same anchor. A slice made with a three-index expression
// (s[i:j:k]) cuts the capacity and so gets an anchor of its own: such a
// tensor is not seen as sharing its base's storage. A slice with no
// capacity, or of a zero-size element type, is no storage.
func SliceMemory[E any](s []E) Memory {
	var e E
	size := unsafe.Sizeof(e)
	if cap(s) == 0 || size == 0 {
		return Memory{}
	}
	base := unsafe.Pointer(unsafe.SliceData(s))
	return Memory{
		anchor: unsafe.Add(base, uintptr(cap(s))*size-1),
		data:   base,
		n:      uintptr(len(s)) * size,
	}
}

// Strided returns m with the tensor's geometry: its sizes and strides (in
// elements, one per dimension, or none for a layout without them), for
// same_metadata. The window's start, measured from the
// anchor, stands for the storage offset, so that a kernel that moves a
// tensor's window on its array changes the fingerprint too. It enters the
// fingerprint by a multiple added last (shared.ShiftMetadata), so that a
// declared move to memory of another size ([MovedMemory]), which changes
// every window's distance to its anchor by the same bytes, changes the
// fingerprint by a known amount that the checks take back.
func (m Memory) Strided(sizes, strides []int) Memory {
	m.meta = stridedFingerprint(sizes, strides, uintptr(m.anchor)-uintptr(m.data))
	return m
}

// Matrix returns m with the geometry of a matrix, its rows and columns
// and the stride of each (in elements): [Memory.Strided] with two
// dimensions, the same fingerprint, without the slices (a matrix
// library's memory function, read twice per argument per checked call,
// spends most of its time on them).
func (m Memory) Matrix(rows, cols, rowStride, colStride int) Memory {
	off := uintptr(m.anchor) - uintptr(m.data)
	h := ((2 + fpSeed) ^ uint64(rows)) * fpMulSizes
	g := ((2 + fpSeed) ^ uint64(rowStride)) * fpMulStrides
	h = (h ^ uint64(cols)) * fpMulSizes
	g = (g ^ uint64(colStride)) * fpMulStrides
	m.meta = shared.ShiftMetadata(h^g|1, off)
	return m
}

// stridedFingerprint is the fingerprint of a geometry as [Memory.Strided]
// takes it, with its lowest bit set, the window's place off (from the
// anchor) added last (shared.ShiftMetadata; here, not in Strided, so that
// Strided inlines and a memory function that calls it needs no frame of
// its own): like
// [FingerprintMetadata]'s, order- and rank-sensitive and changed by a
// change of any one value, at half its latency: the sizes and the strides
// in two chains of multiplies that run side by side (a dimension without
// a stride, of a layout without them, as stride 0; the number of strides
// in the second chain's start), joined at the end. A tensor's
// fingerprints are compared only with the same tensor's, taken the same
// way.
func stridedFingerprint(sizes, strides []int, off uintptr) uint64 {
	h := uint64(len(sizes)) + fpSeed
	g := uint64(len(strides)) + fpSeed
	for i, v := range sizes {
		h = (h ^ uint64(v)) * fpMulSizes
		if i < len(strides) {
			g ^= uint64(strides[i])
		}
		g *= fpMulStrides
	}
	return shared.ShiftMetadata(h^g|1, off)
}

// Ident returns the identities of the tensor whose handle points to
// handle and whose memory is m: the handle's address for the TensorImpl,
// the anchor's for the StorageImpl (0 without storage), and the trait
// [AddressIdentity]; the zero Ident for the undefined tensor (a nil
// handle).
func (m Memory) Ident(handle unsafe.Pointer) Ident {
	if handle == nil {
		return Ident{}
	}
	return Ident{Impl: ID(uintptr(handle)), Storage: ID(uintptr(m.anchor)), Traits: AddressIdentity}
}

// Anchor returns the storage anchor ([Anchored]), nil without storage.
func (m Memory) Anchor() unsafe.Pointer { return m.anchor }

// Extent returns the bytes from the start of the tensor's window to its
// anchor, the anchor's included: a lower bound of its storage's size (0
// without storage). fresh_not_held judges a storage of 16 bytes or more
// from one bit of the granule of its anchor, which no other storage of
// that size can share.
func (m Memory) Extent() uintptr {
	if m.anchor == nil || uintptr(m.anchor) < uintptr(m.data) {
		return 0
	}
	return uintptr(m.anchor) - uintptr(m.data) + 1
}

// Metadata returns the geometry's fingerprint ([Metadata]), if
// [Memory.Strided] gave one.
func (m Memory) Metadata() (uint64, bool) { return m.meta, m.meta != 0 }

// Digest returns a hash of the bytes of the tensor's window ([Contents]);
// false for a tensor without elements.
func (m Memory) Digest() (uint64, bool) {
	if m.n == 0 {
		return 0, false
	}
	return maphash.Bytes(memSeed, unsafe.Slice((*byte)(m.data), m.n)), true
}

var memSeed = maphash.MakeSeed()
