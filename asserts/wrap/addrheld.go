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
// in the cycle: the bit is set and the hand-out appended to the shard's
// pending list, whose lines the shard's last hand-outs wrote. A set bit,
// a storage handed out again or a neighbour in the same granule (objects
// under 16 bytes share one) or in the same filter bit, sends the
// hand-out to its slot's latest hand-out (the newest pending one for the
// slot, else the table's), which judges it as the sets do (an earlier
// hand-out of this address, numbered after the epoch, before the call
// began, in the same exact cycle), and otherwise records it.
//
// The pending list is written into the table when it is full
// (addrPending hand-outs), by one shard's lock holder, a store per
// hand-out. The table's lines are cold (a slot's line was last written
// when the allocator was about 2 MiB of heap away): a store to one waits
// for the line, and the release of the shard's lock, a locked
// instruction, waits for that store. Written one by one, every hand-out
// waited that long (about 100 ns on gorgonia's cat); written together,
// the waits overlap. What a lookup sees is what the table would hold had
// each hand-out been written at once: the pending list is searched
// newest first before the table.
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
	// addrPending is the number of hand-outs a shard keeps before writing
	// them into its table.
	addrPending = 32
)

// addrHeld is one shard's record of address hand-outs.
type addrHeld struct {
	// gc is 1 + the epoch's count of collections the filter is for (0:
	// none yet).
	gc   uint64
	seen [addrGranules / 64]uint64
	// pend holds the latest npend hand-outs, oldest first, not yet in
	// slot (never full while the lock is free); pslot has a bit per slot
	// with a pending hand-out.
	npend int
	pend  [addrPending]addrSlot
	pslot [addrSlots / 64]uint64
	slot  [addrSlots]addrSlot
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
		if a := s.addr; a != nil && a.gc == e.gc+1 && seq > e.seq && (a.take(st, g, seq, op, loc) || a.takeOther(st, g, seq, op, loc)) {
			if a.npend == addrPending {
				a.flush()
			}
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
// filter's cycle, when its granule g's bit is clear (a storage not handed
// out in the cycle): handOutAddr's common case, its shard locked. It sets
// the bit and appends the hand-out, without a look at the table; the
// caller writes a list it filled into the table (flush), so that the list
// has room whenever the lock is free. A set bit is takeOther's.
func (a *addrHeld) take(st asserts.ID, g, seq uint64, op uint32, loc Loc) bool {
	w, bit := &a.seen[g/64%uint64(len(a.seen))], uint64(1)<<(g%64)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	a.pslot[g%addrSlots/64] |= bit
	p := &a.pend[a.npend]
	p.st, p.seq, p.op, p.ret, p.index = st, seq, op, loc.ret, loc.index
	a.npend++
	return true
}

// takeOther is take for a set bit, a storage handed out again or a
// neighbour (in the same granule, or a granule of the filter's or the
// slot's other pages): a slot whose latest hand-out is in the table and
// is another storage's takes the hand-out; the rest (a pending hand-out
// for the slot, or st's) is handOutAddrSlow's.
//
//go:noinline
func (a *addrHeld) takeOther(st asserts.ID, g, seq uint64, op uint32, loc Loc) bool {
	k := g % addrSlots
	if a.pslot[k/64]&(1<<(k%64)) != 0 || a.slot[k].st == st {
		return false
	}
	a.record(addrSlot{st: st, seq: seq, op: op, ret: loc.ret, index: loc.index})
	return true
}

// latest is the latest hand-out recorded in granule g's slot: the newest
// pending one for the slot, else the table's.
func (a *addrHeld) latest(g uint64) *addrSlot {
	k := g % addrSlots
	if a.pslot[k/64]&(1<<(k%64)) != 0 {
		for i := a.npend - 1; i >= 0; i-- {
			if addrGranule(a.pend[i].st)%addrSlots == k {
				return &a.pend[i]
			}
		}
	}
	return &a.slot[k]
}

// record appends a hand-out to the pending list, and writes the list
// into the table when that filled it.
func (a *addrHeld) record(sl addrSlot) {
	k := addrGranule(sl.st) % addrSlots
	a.pslot[k/64] |= 1 << (k % 64)
	a.pend[a.npend] = sl
	if a.npend++; a.npend == addrPending {
		a.flush()
	}
}

// flush writes the pending hand-outs into the table, oldest first (a
// later one takes its slot from an earlier).
func (a *addrHeld) flush() {
	for i := range a.npend {
		p := &a.pend[i]
		k := addrGranule(p.st) % addrSlots
		a.slot[k] = *p
		a.pslot[k/64] &^= 1 << (k % 64)
	}
	a.npend = 0
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
	if a.gc == e.gc+1 && *w&bit != 0 {
		if sl := a.latest(g); sl.st == st && sl.seq > e.seq && (since == 0 || sl.seq < since) && sameEpoch(sl.seq) {
			*prev = sl.handout()
			s.mu.Unlock()
			return true
		}
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
	a.record(addrSlot{st: st, seq: seq, op: op, ret: loc.ret, index: loc.index})
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
	if sl := a.latest(g); sl.st == st && sl.seq > e.seq && sameEpoch(sl.seq) {
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
		a.flush()
		if sl := &a.slot[g%addrSlots]; sl.st == st {
			*sl = addrSlot{}
		}
	}
	s.mu.Unlock()
}
