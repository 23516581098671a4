package wrap

import "github.com/assertgen/assertgen/asserts"

// The hand-outs of storages whose IDs are addresses (AddressIdentity: a
// library's tensor type without identities of its own, see memory.go),
// kept apart from those of IDs from a counter (held.go's sets), so that
// a hand-out of a storage never seen costs a read of a line it most
// likely read a moment ago.
//
// A storage's address is judged only against hand-outs of the same
// collection cycle (gcEpoch): within a cycle the allocator hands no
// address out twice, so the same address coming out fresh twice is the
// same storage. Each shard (the storages of every heldShards-th 8 KiB
// page, under the shard's lock) keeps, for the cycle, a filter with a
// bit per 16-byte granule of the pages it has seen, cleared when the
// cycle changes, and a direct-mapped table of the latest hand-out of
// each granule slot. A hand-out reads its granule's bit: storages
// allocated one after the other are neighbours, so the line is nearly
// always one a recent hand-out read. A clear bit means never handed out
// in the cycle: the bit is set and the slot written without being read
// (a store that does not wait for the line). A set bit, a storage handed
// out again or a neighbour in the same granule (objects under 16 bytes
// share one) or in the same filter bit, sends the hand-out to its slot,
// which judges it as the sets do (an earlier hand-out of this address,
// numbered after the epoch, before the call began, in the same exact
// cycle), and otherwise records it there.
//
// What it remembers: within a cycle, the latest hand-out of each slot;
// two storages alive at once whose granules are addrSlots slots apart in
// one shard share a slot, and a repeat of the first after the second came
// out is not reported (a miss, never a false alarm), as an entry evicted
// from the sets is.

const (
	// addrGranules is the number of granules a shard's filter and table
	// index: 64 Ki granules, 1 MiB of the shard's pages (16 MiB of heap).
	addrGranules = 1 << 16
	// addrSlots is the number of slots of a shard's table.
	addrSlots = 1 << 13
)

// addrHeld is one shard's record of address hand-outs.
type addrHeld struct {
	// gc is 1 + the epoch's count of collections the filter is for (0:
	// none yet).
	gc   uint64
	seen [addrGranules / 64]uint64
	slot [addrSlots]addrSlot
}

// addrSlot is the latest hand-out recorded in a slot.
type addrSlot struct {
	st         asserts.ID
	seq        uint64
	op         uint32
	ret, index int32
}

// handout returns the slot's hand-out (its storage's ID is its anchor's
// address).
func (sl *addrSlot) handout() handout {
	return handout{st: sl.st, anchor: uintptr(sl.st), seq: sl.seq, op: sl.op, ret: sl.ret, index: sl.index}
}

// addrGranule is st's granule among its shard's: the shard holds every
// heldShards-th 8 KiB page, so the page's number within the shard and
// the 16-byte granule within the page.
func addrGranule(st asserts.ID) uint64 {
	return uint64(st>>17)<<9 | uint64(st>>4)&511
}

// handOutAddr is handOut for a storage whose ID is its address. With
// calls, the counters of a learned call's op (opStats.shardCalls), a
// hand-out that reports nothing also counts the call, under the shard's
// lock (see [Call.FreshNotHeldLearned]).
func (h *heldRegistry) handOutAddr(st asserts.ID, op uint32, loc Loc, since uint64, prev *handout, calls *[heldShards]uint64) bool {
	seq := handSeq.Add(1)
	e := gcEpochNow()
	i := (st >> 13) % heldShards
	s := &h.shards[i]
	g := addrGranule(st)
	// The common case, written out and without a call (a call makes the
	// compiler keep every argument on the stack): no epoch to refresh, the
	// lock free, a storage not handed out in the current cycle (its bit
	// clear), numbered after the epoch.
	if seq%gcRefresh != 0 && s.mu.TryLock() {
		if a := s.addr; a != nil && a.gc == e.gc+1 && seq > e.seq && a.take(st, g, seq, op, loc) {
			if calls != nil {
				calls[i]++
			}
			s.mu.Unlock()
			return false
		}
		return h.handOutAddrSlow(s, true, st, g, seq, op, loc, since, prev, calls, i)
	}
	return h.handOutAddrSlow(s, false, st, g, seq, op, loc, since, prev, calls, i)
}

// take records the hand-out of st, numbered seq after the epoch of the
// filter's cycle, unless st may have come out before in the cycle (its
// granule g's bit set and its slot st's): handOutAddr's common case, its
// shard locked. A clear bit (a storage not handed out in the cycle) sets
// it and writes the slot without reading it; a set bit whose slot holds
// another storage (a neighbour, or one addrSlots slots apart) is not a
// repeat either, and the slot takes the new hand-out.
func (a *addrHeld) take(st asserts.ID, g, seq uint64, op uint32, loc Loc) bool {
	w, bit := &a.seen[g/64%uint64(len(a.seen))], uint64(1)<<(g%64)
	sl := &a.slot[g%addrSlots]
	if *w&bit != 0 && sl.st == st {
		return false
	}
	*w |= bit
	sl.st, sl.seq, sl.op, sl.ret, sl.index = st, seq, op, loc.ret, loc.index
	return true
}

// handOutAddrSlow is handOutAddr from the hand-out's number seq on, for
// the rest: an epoch to refresh, the lock taken (locked: the caller holds
// it), a repeat, a neighbour, a new cycle, the shard's first hand-out.
//
//go:noinline
func (h *heldRegistry) handOutAddrSlow(s *heldShard, locked bool, st asserts.ID, g, seq uint64, op uint32, loc Loc, since uint64, prev *handout, calls *[heldShards]uint64, i asserts.ID) bool {
	if !locked {
		if seq%gcRefresh == 0 {
			observeGC()
		}
		s.mu.Lock()
	}
	e := gcEpochNow()
	a := s.addr
	if a == nil {
		a = new(addrHeld)
		s.addr = a
	}
	w, bit := &a.seen[g/64%uint64(len(a.seen))], uint64(1)<<(g%64)
	sl := &a.slot[g%addrSlots]
	if a.gc == e.gc+1 && *w&bit != 0 && sl.st == st && sl.seq > e.seq && (since == 0 || sl.seq < since) && sameEpoch(sl.seq) {
		*prev = sl.handout()
		s.mu.Unlock()
		return true
	}
	// The epoch again: sameEpoch may have seen a new one.
	if e = gcEpochNow(); a.gc != e.gc+1 {
		// a new cycle: nothing recorded before it is judged
		clear(a.seen[:])
		a.gc = e.gc + 1
		w = &a.seen[g/64%uint64(len(a.seen))]
	}
	*w |= bit
	if seq <= e.seq {
		// numbered before an epoch seen since (see handOut)
		seq = handSeq.Add(1)
	}
	sl.st, sl.seq, sl.op, sl.ret, sl.index = st, seq, op, loc.ret, loc.index
	if calls != nil {
		calls[i]++
	}
	s.mu.Unlock()
	return false
}

// findAddr is find for an address.
func (h *heldRegistry) findAddr(st asserts.ID) (handout, bool) {
	e := gcEpochNow()
	s := &h.shards[(st>>13)%heldShards]
	g := addrGranule(st)
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.addr
	if a == nil || a.gc != e.gc+1 || a.seen[g/64%uint64(len(a.seen))]&(1<<(g%64)) == 0 {
		return handout{}, false
	}
	if sl := a.slot[g%addrSlots]; sl.st == st && sl.seq > e.seq && sameEpoch(sl.seq) {
		return sl.handout(), true
	}
	return handout{}, false
}

// forgetAddr is forget for an address.
func (h *heldRegistry) forgetAddr(st asserts.ID) {
	s := &h.shards[(st>>13)%heldShards]
	g := addrGranule(st)
	s.mu.Lock()
	if a := s.addr; a != nil {
		if sl := &a.slot[g%addrSlots]; sl.st == st {
			*sl = addrSlot{}
		}
	}
	s.mu.Unlock()
}
