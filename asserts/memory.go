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
// elements), for same_metadata. The window's start, measured from the
// anchor, stands for the storage offset, so that a kernel that moves a
// tensor's window on its array changes the fingerprint too.
func (m Memory) Strided(sizes, strides []int) Memory {
	m.meta = FingerprintMetadata(sizes, strides, int(uintptr(m.anchor)-uintptr(m.data))) | 1
	return m
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
	// again (saveMetadataElem).
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

// gcLow is a lower bound of the number of garbage collections the
// process has completed: fresh_not_held records it with each hand-out of
// a storage whose ID is an address, and reports a later hand-out at that
// address only if the exact count (gcCycles) still equals it. A lower
// bound errs only towards silence: an entry recorded with a stale count
// is not judged (and is recorded again, with the exact count, when it
// comes out next). It is refreshed every gcRefresh hand-outs, and at
// every repeat.
var gcLow atomic.Uint64

const gcRefresh = 64

// gcSentinel is an object nobody holds: its cleanup runs after each
// collection, refreshes gcLow and makes the next one, so that hand-outs
// soon after a collection record its count. (A pointer field keeps it
// out of the tiny allocator, whose blocks outlive their objects.)
type gcSentinel struct {
	_ *int
	_ [2]uintptr
}

func armGCSentinel() {
	runtime.AddCleanup(new(gcSentinel), func(int) {
		if n, ok := gcCycles(); ok {
			gcLow.Store(n)
		}
		armGCSentinel()
	}, 0)
}

func init() {
	if n, ok := gcCycles(); ok {
		gcLow.Store(n)
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

// sameCycle reports whether a hand-out recorded with lower bound gc
// names the storage that comes out again at its address now: whether no
// collection completed since. It reads the exact count, refreshes gcLow
// with it, and sets *now to it, so that the new entry records it.
func sameCycle(gc uint64, now *uint64) bool {
	if low := gcLow.Load(); gc < low {
		*now = low // a collection completed since: no need to ask the runtime
		return false
	}
	n, ok := gcCycles()
	if !ok {
		return false
	}
	gcLow.Store(n)
	*now = n
	return gc == n
}
