package asserts

import (
	"unsafe"

	"github.com/assertgen/assertgen/internal/shared"
)

// Anchored is the optional contract of the checks that compare memory: a
// pointer that stands for the tensor's storage memory, for fresh_not_held,
// the anchor comparison of same_storage (a rebinding, or memory given back
// during a call: see [Recycled]) and fresh_no_alias's one buffer under two
// storages; with use counts or without. asserts keeps only its address
// beyond a call, never the pointer: it keeps nothing alive, and may point
// anywhere, into the Go heap or not (a mapped file, C memory).
//
// Every tensor on one storage must return a pointer to the same byte: for
// a Go slice shared by views made with two-index slicing, the last byte of
// its capacity, which every view keeps; for a storage object, the object
// itself. Tensors on different live storages must return different
// pointers, and a storage ID goes with one anchor (assertstest's "storage
// identity follows memory"). StorageAnchor returns nil for a tensor
// without storage (or undefined); fresh_not_held then skips it under
// no_storage_anchor, as it skips tensors that do not implement Anchored.
type Anchored interface {
	StorageAnchor() unsafe.Pointer
}

// Released tells fresh_not_held that t's storage went back to a pool the
// runtime owns (a free list the runtime hands buffers out of again): the
// next time a kernel returns it fresh, that is a new ownership, not a
// storage someone still holds. A runtime calls it where it takes a buffer
// back, e.g. in its Put; it costs a map deletion under a lock (and, for
// an [Anchored] tensor, [Recycled]'s table write), so guard it with
// [Compiled] or [Checking] where that matters. Tensors without storage
// are ignored.
func Released(t Identity) {
	if e, id := shared.Installed(), t.Ident(); id.Storage != 0 && e != nil {
		e.Released(uint64(id.Storage), id.Traits&AddressIdentity != 0)
	}
	if a, ok := t.(Anchored); ok {
		Recycled(a.StorageAnchor())
	}
}

// ReleasedMemory is [Released] for a tensor type without identities of
// its own, from its memory ([Memory]): the storage its anchor names went
// back to the runtime's pool.
func ReleasedMemory(m Memory) {
	if m.anchor != nil {
		if e := shared.Installed(); e != nil {
			e.Released(uint64(uintptr(m.anchor)), true)
		}
		Recycled(m.anchor)
	}
}
