package asserts

import (
	"hash/maphash"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"unsafe"
)

// This file is the identity of tensor types that carry no identities of
// their own: a library's type as it is, such as gonum's *mat.Dense or
// gorgonia's *tensor.Dense. The runtime says where a tensor's elements
// are (a [Memory], from a function of its own that the config names);
// generated code derives from it, and from the handle, everything the
// contract's methods would report.
//
// The identities are addresses. A TensorImpl is the object the handle
// points to; a StorageImpl is its memory's anchor (see [Anchored]): the
// last byte of the backing array's capacity, which every tensor on that
// array keeps, whatever window it views. Within a call the addresses are
// exact: the arguments and the returns are alive, and a snapshot keeps the
// anchor it saved alive until the call ends, so no kernel can free a
// storage and get its address back for another. Across calls an address
// may name a new object once the old one is collected; the one check
// that compares storages across calls, fresh_not_held, therefore judges
// a repeated address only when no garbage collection has completed since
// the earlier hand-out (see gcEpoch), when the same address is certainly
// the same storage. Nothing is kept alive beyond a call, and no weak
// pointer is made per object: an identity costs what reading the
// runtime's own fields does.

// A Memory says where a tensor's elements live: the storage they belong
// to (its anchor), the window of bytes the tensor can reach, and,
// optionally, the tensor's geometry (sizes, strides and where its window
// starts, for same_metadata). Build one with [SliceMemory] and, for the
// geometry, [Memory.Strided]. The zero Memory is a tensor without storage
// (an empty one). It is four words: generated code reads one per tensor
// per phase and passes it by address, with the tensor's handle beside it
// (see [Call.SaveMemory]).
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
// tensor's window on its array changes the fingerprint too.
func (m Memory) Strided(sizes, strides []int) Memory {
	m.meta = stridedFingerprint(sizes, strides, uint64(uintptr(m.anchor)-uintptr(m.data))) | 1
	return m
}

// Matrix returns m with the geometry of a matrix, its rows and columns
// and the stride of each (in elements): [Memory.Strided] with two
// dimensions, the same fingerprint, without the slices (a matrix
// library's memory function, read twice per argument per checked call,
// spends most of its time on them).
func (m Memory) Matrix(rows, cols, rowStride, colStride int) Memory {
	h := uint64(uintptr(m.anchor)-uintptr(m.data))*fpMulStrides + 2
	g := uint64(2)
	h = (h ^ uint64(rows)) * fpMulSizes
	g = (g ^ uint64(rowStride)) * fpMulStrides
	h = (h ^ uint64(cols)) * fpMulSizes
	g = (g ^ uint64(colStride)) * fpMulStrides
	m.meta = h ^ g | 1
	return m
}

// stridedFingerprint is the fingerprint of a geometry as [Memory.Strided]
// takes it: like [FingerprintMetadata]'s, order- and rank-sensitive and
// changed by a change of any one value, at half its latency: the sizes
// and the strides in two chains of multiplies that run side by side (a
// dimension without a stride, of a layout without them, as stride 0; the
// number of strides in the second chain's start), joined at the end. A
// tensor's fingerprints are compared only with the same tensor's, taken
// the same way.
func stridedFingerprint(sizes, strides []int, offset uint64) uint64 {
	h := offset*fpMulStrides + uint64(len(sizes))
	g := uint64(len(strides))
	for i, v := range sizes {
		var st uint64
		if i < len(strides) {
			st = uint64(strides[i])
		}
		h = (h ^ uint64(v)) * fpMulSizes
		g = (g ^ st) * fpMulStrides
	}
	return h ^ g
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

// SaveMemory is [Call.Save] and [Call.SaveAnchor] for a tensor without
// identities of its own, from its handle and its memory m: generated
// code reads the memory once and saves from it.
func (c *Call) SaveMemory(s *Saved, handle unsafe.Pointer, m *Memory) {
	s.id = m.Ident(handle)
	s.meta = c.saved
	s.anchor = m.anchor
	s.metadata, s.memo = m.meta, memoMeta
}

// The memo bits of a Saved.
const (
	// memoMeta: metadata holds the fingerprint SaveMemory read (0: none),
	// which same_metadata on a list element takes instead of reading it
	// again (SaveMetadataList).
	memoMeta = 1 << iota
	// memoKept: AfterMemory read the fingerprint same_metadata took
	// before the kernel (SameMetadataList passes the element).
	memoKept
)

// AfterMemory is [Call.After] and [Call.AfterAnchor] from the tensor's
// handle and memory once the kernel has returned.
func (c *Call) AfterMemory(s *Saved, handle unsafe.Pointer, m *Memory) {
	s.after = m.Ident(handle)
	s.meta &^= fPending
	s.anchorAfter(m.anchor)
	if s.hasMeta && m.meta != 0 && m.meta == s.metadata {
		s.memo |= memoKept
	}
}

// ResultMemory is [Call.ResultIdent] from a return's handle and memory.
func (c *Call) ResultMemory(r *Saved, handle unsafe.Pointer, m *Memory) {
	r.id = m.Ident(handle)
	r.after = Ident{}
	r.meta = fResult | fUncounted | c.saved&fMode
	r.anchor = m.anchor
}

// Anchor returns the storage anchor ([Anchored]), nil without storage.
func (m Memory) Anchor() unsafe.Pointer { return m.anchor }

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

// gcEpoch is the latest completed garbage collection asserts has seen:
// its number (gc, completed collections) and the hand-out sequence
// (handSeq) when it was seen (seq). Every hand-out numbered above seq came
// out after collection gc completed, so fresh_not_held judges a repeated
// address (a storage whose ID is an address) only against an entry
// numbered above the epoch's seq, and only if the exact count of
// collections (gcCycles) is still gc: then no object alive at the earlier
// hand-out has been freed since, and the address still names it. An
// entry of a hand-out made after a collection but before asserts saw it
// is not judged: the epoch errs only towards silence. The epoch is
// refreshed after each collection (gcSentinel), every gcRefresh
// hand-outs, and at every repeat. One pointer to an immutable pair, so
// that the two are read together.
type gcEpoch struct{ gc, seq uint64 }

var epoch atomic.Pointer[gcEpoch]

const gcRefresh = 64

// gcEpochNow returns the current epoch (never nil once the package is
// initialized).
func gcEpochNow() *gcEpoch { return epoch.Load() }

// observeGC reads the exact count of completed collections and, if it
// moved on from the epoch's, installs a new epoch. It returns the epoch
// and whether the exact count is the epoch's (false: this Go release
// does not report the count, or another goroutine saw a later one).
func observeGC() (*gcEpoch, bool) {
	n, ok := gcCycles()
	for {
		e := epoch.Load()
		if !ok || e != nil && e.gc >= n {
			return e, ok && e.gc == n
		}
		ne := &gcEpoch{gc: n, seq: handSeq.Load()}
		if epoch.CompareAndSwap(e, ne) {
			return ne, true
		}
	}
}

// sameEpoch reports whether the hand-out numbered seq came out after the
// latest collection completed: whether an address handed out then names
// the same storage now.
func sameEpoch(seq uint64) bool {
	e, ok := observeGC()
	return ok && seq > e.seq
}

// gcSentinel is an object nobody holds: its cleanup runs after each
// collection, refreshes the epoch and makes the next one, so that
// hand-outs soon after a collection are judged. (A pointer field keeps it
// out of the tiny allocator, whose blocks outlive their objects.)
type gcSentinel struct {
	_ *int
	_ [2]uintptr
}

func armGCSentinel() {
	runtime.AddCleanup(new(gcSentinel), func(int) {
		observeGC()
		armGCSentinel()
	}, 0)
}

func init() {
	if _, ok := observeGC(); !ok {
		epoch.Store(&gcEpoch{gc: ^uint64(0)}) // never judged: no count to compare
	}
	armGCSentinel()
}

// gcCycles returns the number of completed garbage collections, and
// false when this Go release does not report it (then no repeat is
// judged). The runtime counts a cycle before the world restarts after
// marking, so before any object that cycle found dead is freed: an
// unchanged count means no object alive at the earlier read has been
// freed since.
func gcCycles() (uint64, bool) {
	s := [1]metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s[:])
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0, false
	}
	return s[0].Value.Uint64(), true
}
