package engine

import (
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// This file is the memory a runtime moved a storage's data out of, as its
// documentation allows ([asserts.Moved]): a library that moves a tensor
// between host and device on first use gives the tensor new memory during
// a call, and the checks would see another storage (same_storage: a
// storage ID that is the memory's address changed, or an anchor that
// moved). A call during which the runtime declared the move takes the new
// memory as the argument's storage instead ([Call.movedAfter]).

// movedEntry is a declared move: the anchors before and after, and the
// write clock when it was declared.
type movedEntry struct {
	from, to uintptr
	seq      uint64
}

// movedSlots is the size of the table of recent moves, one entry per
// slot by the from anchor: a call judges only the moves declared while it
// ran, so a move pushed out of the table before the call ends is a report
// the runtime could have avoided (a false alarm the user sees, with the
// move in it), never a miss.
const movedSlots = 4096

var movedTable struct {
	mu    sync.Mutex
	slots [movedSlots]movedEntry
}

func movedSlot(p uintptr) *movedEntry { return &movedTable.slots[(p>>4)%movedSlots] }

// moved records a declared move of a storage's data from the memory
// anchored at from to the memory anchored at to.
func moved(from, to unsafe.Pointer) {
	p := uintptr(from)
	movedTable.mu.Lock()
	*movedSlot(p) = movedEntry{from: p, to: uintptr(to), seq: writeClock.Add(1)}
	movedTable.mu.Unlock()
}

// movedDuring reports whether the runtime declared, after write clock
// since, a move of the data anchored at from to the memory anchored at to,
// or a chain of moves (at most movedHops) that took it there.
func movedDuring(from, to unsafe.Pointer, since uint64) bool {
	p := uintptr(from)
	movedTable.mu.Lock()
	defer movedTable.mu.Unlock()
	for range movedHops {
		e := *movedSlot(p)
		if e.from != p || e.seq <= since {
			return false
		}
		if e.to == uintptr(to) {
			return true
		}
		p = e.to
	}
	return false
}

// movedHops bounds the moves of one storage's data a call follows.
const movedHops = 8

// movedAfter takes, for an argument whose anchor after the kernel, to, is
// not the one saved, the new memory as its storage when the runtime
// declared that move during the call: the snapshot before the kernel gets
// the new anchor (and, for a storage ID that is the memory's address, the
// new ID), so that same_storage passes and the call's other checks see the
// storage where its data now is.
//
//go:noinline
func (c *Call) movedAfter(s *Saved, to unsafe.Pointer) {
	if s.anchor == nil || to == nil || !movedDuring(s.anchor, to, c.since) {
		return
	}
	if s.id.Storage == asserts.ID(uintptr(s.anchor)) {
		s.id.Storage = s.after.Storage
	}
	s.anchor = to
}
