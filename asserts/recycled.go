package asserts

import (
	"unsafe"

	"github.com/assertgen/assertgen/internal/shared"
)

// Recycled tells the checks that the runtime took back the memory whose
// storage anchor ([Anchored]) is anchor: a buffer that went to its free
// list, to be handed out again. Call it where the runtime takes a buffer
// back (its pool's Put), with the anchor its tensors report for that
// buffer; it costs a table write under a lock. A checked call during
// which it happens reports an argument that still points at that memory
// once the kernel has returned (wrap's Frame.AfterRecycled); a later violation
// on that memory names the call (Violation.Provenance). [Released] and
// [ReleasedMemory] call it for an anchored tensor, a memory.
func Recycled(anchor unsafe.Pointer) {
	if e := shared.Installed(); anchor != nil && e != nil {
		e.Recycled(anchor)
	}
}

// Reused tells the checks that the runtime handed the memory whose
// storage anchor is anchor out again, from its free list (its pool's
// Get): the memory is in use once more, and a tensor that points at it
// after a call is no longer one on memory taken back. A runtime that
// calls [Recycled] calls Reused where it takes a buffer off its free list;
// a later violation on that memory names the call it happened during
// (Violation.Provenance).
func Reused(anchor unsafe.Pointer) {
	if e := shared.Installed(); anchor != nil && e != nil {
		e.Reused(anchor)
	}
}

// Moved tells the checks that the runtime moved a storage's data, as its
// documentation allows, from the memory whose storage anchor ([Anchored])
// is from to the memory whose anchor is to: a library that moves a
// tensor's data between host and device on first use, say, with the
// tensor still the same one. Call it where the runtime moves the data,
// with the anchors its tensors report before and after; it costs a log
// write under a lock. A checked call during which it happens does not
// report the argument's new memory as another storage (same_storage): the
// argument's storage is the new memory from then on, for the call's other
// checks too. A move the runtime does not tell of is reported, as a
// kernel pointing a tensor at other memory would be. [MovedMemory] is
// Moved for a tensor type without identities of its own.
func Moved(from, to unsafe.Pointer) { moved(from, to, 0) }

// MovedMemory is [Moved] from a tensor's memory before and after the move
// ([Memory], what the config's memory: function returns for it, or
// [SliceMemory] of its elements):
//
//	before := mylib.Memory(t)
//	t.ToDevice()
//	asserts.MovedMemory(before, mylib.Memory(t))
//
// The new memory may be of another size than the old (a device's
// allocation rounded up): the two memories, the same tensor's, say how
// far each window is from its anchor, and same_metadata compares the
// tensor's geometry on the new memory with the geometry on the old, not
// the window's distance to the anchor that the move changed.
func MovedMemory(from, to Memory) {
	moved(from.anchor, to.anchor, (uintptr(to.anchor)-uintptr(to.data))-(uintptr(from.anchor)-uintptr(from.data)))
}

func moved(from, to unsafe.Pointer, shift uintptr) {
	if e := shared.Installed(); from != nil && to != nil && from != to && e != nil {
		e.Moved(from, to, shift)
	}
}
