package engine

import (
	"sync"
	"unsafe"
)

// This file is the memory a runtime took back: a pooling runtime hands a
// storage's buffer to its free list once the last tensor on it is
// released, and says so ([Recycled]). A kernel that gives a buffer back
// while a tensor still points at it (an out= kernel that shrinks out and
// puts its old buffer on the free list, keeping it) breaks nothing at
// once; the next fresh output of that size takes the buffer, and the
// checks of later, innocent calls see two tensors on one buffer. The
// check is made at the call that did it: an argument whose storage
// anchor, once the kernel has returned, is memory the runtime took back
// during the call is reported under same_storage ([Frame.AfterRecycled]).

// entry returns the table entry of anchor p: its own, or else the one it
// replaces, the oldest of its set (under s.mu).
func (s *recycledShard) entry(p uintptr) *recycledEntry {
	set := &s.sets[(p>>4)%recycledSets]
	victim, oldest := 0, set[0].last()
	for w := range set {
		if set[w].anchor == p {
			return &set[w]
		}
		if l := set[w].last(); l < oldest {
			victim, oldest = w, l
		}
	}
	set[victim] = recycledEntry{anchor: p}
	return &set[victim]
}

// recycledRecord returns the table's record of anchor p.
func recycledRecord(p uintptr) (recycledEntry, bool) {
	s := &recycled.shards[(p>>13)%recycledShards]
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.sets[(p>>4)%recycledSets] {
		if e.anchor == p {
			return e, true
		}
	}
	return recycledEntry{}, false
}

// recycledClaim names op (a registry index) as the call during which
// event n of anchor p, a take-back or a hand-out, happened.
func recycledClaim(p uintptr, n uint64, reused bool, op uint32) {
	s := &recycled.shards[(p>>13)%recycledShards]
	s.mu.Lock()
	for w := range s.sets[(p>>4)%recycledSets] {
		e := &s.sets[(p>>4)%recycledSets][w]
		switch {
		case e.anchor != p:
		case reused && e.outN == n:
			e.outOp = op
		case !reused && e.backN == n:
			e.backOp = op
		}
	}
	s.mu.Unlock()
}

// The table of recent takes-back: recycledShards shards of recycledSets
// sets of recycledWays entries, 640 KiB, a take-back or hand-out
// replacing the oldest entry of its set (the one with the oldest event). A call judges only the take-backs made while it ran,
// so the table must hold the few a kernel makes, not a history: a
// take-back pushed out before the call ends is a miss, never a false
// alarm. Entries hold addresses, not pointers: the collector does not see
// them, and an address is compared only with a tensor the call holds.
const (
	recycledShards = 16
	recycledSets   = 256
	recycledWays   = 4
)

type recycledEntry struct {
	anchor uintptr
	// seq is the write clock at the take-back (see concurrent.go), 0
	// once the memory was handed out again.
	seq uint64
	// The latest take-back's and hand-out's event numbers (poolLog.n)
	// and the calls they happened during (registry indexes, 0: none
	// claimed them), for provenance.
	backN, outN   uint64
	backOp, outOp uint32
	// gc is the epoch's count of collections (gcEpoch.gc) at the latest
	// event: a collection completed since may have freed the memory and
	// given its address to another object, whose history this is not
	// (see current).
	gc uint64
}

// last is the number of the entry's latest event.
func (e *recycledEntry) last() uint64 { return max(e.backN, e.outN) }

type recycledShard struct {
	mu   sync.Mutex
	sets [recycledSets][recycledWays]recycledEntry
	_    [64]byte
}

var recycled struct{ shards [recycledShards]recycledShard }

// recycledEvent records that the runtime took the memory at anchor back
// ([Recycled]) or, reused, handed it out again ([Reused]).
func recycledEvent(anchor unsafe.Pointer, reused bool) {
	if anchor == nil {
		return
	}
	p := uintptr(anchor)
	s := &recycled.shards[(p>>13)%recycledShards]
	s.mu.Lock()
	seq := writeClock.Add(1)
	e := s.entry(p)
	if n := logPoolEvent(p, seq, reused); reused {
		e.seq, e.outN, e.outOp = 0, n, 0 // in use again
	} else {
		e.seq, e.backN, e.backOp = seq, n, 0
	}
	e.gc = epoch.Load().gc
	s.mu.Unlock()
}
