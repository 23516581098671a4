package engine

import (
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/shared"
)

// This file is the memory a runtime moved a storage's data out of, as its
// documentation allows ([asserts.Moved]): a library that moves a tensor
// between host and device on first use gives the tensor new memory during
// a call, and the checks would see another storage (same_storage: a
// storage ID that is the memory's address changed, or an anchor that
// moved). A call during which the runtime declared the move takes the new
// memory as the argument's storage instead ([Call.movedAfter]).

// movedEntry is a declared move: the anchors before and after, the
// change of a window's distance to its anchor (shift, see
// [asserts.MovedMemory]: the new memory's size less the old one's, 0 when
// the move was told by anchors alone), and the write clock when it was
// declared.
type movedEntry struct {
	from, to, shift uintptr
	seq             uint64
}

// movedSlots is the size of the log of recent moves: a ring, the moves in
// the order they were declared, which no pattern of addresses makes
// collide (a table indexed by address bits loses one of two moves whose
// anchors share those bits: blocks of one pool, 64 KiB apart). A call
// judges only the moves declared while it ran, the newest entries: a call
// during which more than movedSlots moves were declared may miss the
// oldest of them, a report the runtime could have avoided (a false alarm
// the user sees, with the move in it), never a miss.
const movedSlots = 4096

var movedLog struct {
	mu sync.Mutex
	// n counts the moves ever declared; move i is in ring[i%movedSlots]
	// while i >= n-movedSlots.
	n    uint64
	ring [movedSlots]movedEntry
}

// moved records a declared move of a storage's data from the memory
// anchored at from to the memory anchored at to, its windows shift bytes
// further from their anchor.
func moved(from, to unsafe.Pointer, shift uintptr) {
	movedLog.mu.Lock()
	movedLog.ring[movedLog.n%movedSlots] = movedEntry{from: uintptr(from), to: uintptr(to), shift: shift, seq: writeClock.Add(1)}
	movedLog.n++
	movedLog.mu.Unlock()
}

// movedDuring reports whether the runtime declared, after write clock
// since, a move of the data anchored at from to the memory anchored at to,
// or a chain of moves that took it there, each declared after the one
// before; and the sum of the chain's shifts. The moves declared after
// since are the newest entries of the log (their clocks increase with
// their place: each is taken under the lock), which one walk from the
// newest reads: it follows the chain back from to, each move into the
// memory sought making its source the memory sought next, until a move
// from from.
func movedDuring(from, to unsafe.Pointer, since uint64) (bool, uintptr) {
	p, want := uintptr(from), uintptr(to)
	var shift uintptr
	movedLog.mu.Lock()
	defer movedLog.mu.Unlock()
	n := movedLog.n
	for k := n; k > 0 && n-k < movedSlots; k-- {
		e := &movedLog.ring[(k-1)%movedSlots]
		if e.seq <= since {
			break
		}
		if e.to == want {
			shift += e.shift
			if e.from == p {
				return true, shift
			}
			want = e.from
		}
	}
	return false, 0
}

// movedAfter takes, for an argument whose anchor after the kernel, to, is
// not the one saved, the new memory as its storage when the runtime
// declared that move during the call: the snapshot before the kernel gets
// the new anchor (and, for a storage ID that is the memory's address, the
// new ID), so that same_storage passes and the call's other checks see the
// storage where its data now is. A fingerprint of the memory kind
// (memoMeta: asserts.Memory's, which measures the window's place from the
// anchor) gets the move's shift, so that same_metadata compares the
// geometry on the new memory: a move to memory of another size is no
// change of the tensor's geometry.
//
//go:noinline
func (c *Call) movedAfter(s *Slot, to unsafe.Pointer) {
	if s.anchor == nil || to == nil {
		return
	}
	ok, shift := movedDuring(s.anchor, to, c.since)
	if !ok {
		return
	}
	if s.id.Storage == asserts.ID(uintptr(s.anchor)) {
		s.id.Storage = s.after.Storage
	}
	if s.memo&memoMeta != 0 && s.x != 0 {
		s.x = shared.ShiftMetadata(s.x, shift)
	}
	s.anchor = to
}
