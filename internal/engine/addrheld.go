package engine

import (
	"math/bits"

	"github.com/assertgen/assertgen/asserts"
)

// The hand-outs of storages whose IDs are addresses (AddressIdentity: a
// library's tensor type without identities of its own, see memory.go),
// kept apart from those of IDs from a counter (held.go's sets), so that
// a hand-out of a storage never seen costs a read of a line it most
// likely read a moment ago, and writes no line that is cold.
//
// A storage's address is judged only against hand-outs of the same
// collection cycle (gcEpoch): within a cycle the allocator hands no
// address out twice, so the same address coming out fresh twice is the
// same storage. Each shard (the storages of every heldShards-th 8 KiB
// page, under the shard's lock) keeps, for the cycle, two bits per
// 16-byte granule of every page it has seen, set by the hand-outs whose
// anchor (the last byte of the storage) lies in the granule:
//
//   - addrWide: a wide storage, one whose memory reaches 16 bytes or more
//     before its anchor (asserts.Memory.Extent). Two wide storages whose
//     anchors share a granule overlap, which the storages of one cycle
//     never do: a set bit says, exactly, that this storage came out fresh
//     before in the cycle. Nothing else is written but the shard's ring
//     of its latest addrRing wide hand-outs, which a report reads for the
//     op that handed the storage out (the ring's lines are the ones its
//     latest hand-outs wrote).
//   - addrNarrow: a storage of fewer than 16 bytes, or one whose extent
//     is unknown (an Identity that reports addresses itself), which may
//     share its granule with another: its hand-out goes to the shard's
//     pending list and from there, addrPending at a time, into a
//     direct-mapped table of the latest narrow hand-out of each slot,
//     which a set bit sends the next hand-out to, to compare the
//     storages exactly. Two narrow storages alive at once whose granules
//     share a slot (addrSlots granules apart in a shard: 128 KiB of its
//     pages) evict each other, and a repeat of the first is then missed
//     (never a false alarm). The table's lines are cold (a slot's line
//     was last written when the allocator was about 2 MiB of heap away),
//     so the pending list is written into it all at once, the waits for
//     its lines overlapping; a lookup searches the pending list, newest
//     first, before the table, and sees what the table would hold had
//     each hand-out been written at once.
//
// The bits of a 64 MiB region of the address space (addrRegionShift) are
// allocated when a shard first sees an anchor in it: 64 KiB a shard, 1
// MiB a region in all (1/64 of the address range that held anchors),
// without pointers. A new cycle clears the lines of bits the last one
// set, which a bitmap of lines per region records. A storage whose
// extent changes between its hand-outs (a cached buffer returned as
// windows of different lengths) is judged across the two kinds: a wide
// hand-out looks up a narrow bit's table entry, a narrow one a wide
// bit's ring entry (and is silent when the ring no longer holds it).
const (
	// addrSlots is the number of slots of a shard's table of narrow
	// hand-outs.
	addrSlots = 1 << 13
	// addrPending is the number of narrow hand-outs a shard keeps before
	// writing them into its table.
	addrPending = 32
	// addrRing is the number of wide hand-outs a shard keeps the details
	// of (the op and return, for a report).
	addrRing = 64
	// addrRegionShift is the size of a region of bits: 64 MiB.
	addrRegionShift = 26
	// addrRegionGranules is the number of granules of a shard's pages in
	// a region: 512 pages of 512.
	addrRegionGranules = 1 << 18
	// addrLineGranules is the number of granules of a 64-byte line of
	// bits.
	addrLineGranules = 256

	addrWide   = 1
	addrNarrow = 2
)

// addrBits is one shard's bits for the granules of its pages in one
// region.
type addrBits struct {
	w [addrRegionGranules / 32]uint64
	// dirty has a bit per line of w set in the cycle.
	dirty [addrRegionGranules / addrLineGranules / 64]uint64
	// listed is set while the bits are on their shard's touched list.
	listed bool
}

// addrHeld is one shard's record of address hand-outs. The pointers come
// first, so that the collector scans only them.
type addrHeld struct {
	// cur is the bits of the region the shard's latest hand-out was in,
	// region 1 + its number (0: none, as after a new cycle).
	cur     *addrBits
	regions map[uintptr]*addrBits
	// touched is the bits set in the cycle, which a new one clears.
	touched []*addrBits
	region  uintptr
	// gc is 1 + the epoch's count of collections the bits are for (0:
	// none yet).
	gc uint64
	// ring holds the latest wide hand-outs, nring of them ever (the next
	// one goes to nring%addrRing); evicted is the highest number of a
	// hand-out the ring no longer holds.
	nring   uint64
	evicted uint64
	ring    [addrRing]addrSlot
	// pend holds the latest npend narrow hand-outs, oldest first, not yet
	// in slot (never full while the lock is free); pslot has a bit per
	// slot with a pending hand-out.
	npend int
	pend  [addrPending]addrSlot
	pslot [addrSlots / 64]uint64
	slot  [addrSlots]addrSlot
}

// addrSlot is one recorded hand-out.
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

// addrGranule is st's granule among its shard's granules of its region:
// the shard holds every heldShards-th 8 KiB page, so the page's number
// within the shard's 512 pages of the region, and the 16-byte granule
// within the page.
func addrGranule(st asserts.ID) uint64 {
	return uint64(st>>17&511)<<9 | uint64(st>>4)&511
}

// handOutAddr is handOut for a storage whose ID is its address, wide or
// narrow (see above). With calls, the counters of the op of a call on the
// fast plan (opStats.shardCalls), a hand-out that reports nothing also
// counts the call, under the shard's lock (framemem.go's handOutMem).
func (h *heldRegistry) handOutAddr(st asserts.ID, wide bool, op uint32, loc Loc, since uint64, prev *handout, calls *[heldShards]uint64) bool {
	seq := handSeq.Add(1)
	e := epoch.Load()
	i := (st >> 13) % heldShards
	s := &h.shards[i]
	// The common case, written out and without a call (a call makes the
	// compiler keep every argument on the stack): no epoch to refresh, the
	// lock free, a wide storage not handed out in the current cycle (its
	// bits clear), numbered after the epoch.
	if seq%gcRefresh != 0 && s.mu.TryLock() {
		if a := s.addr; wide && a != nil && a.gc == e.gc+1 && seq > e.seq && a.take(st, addrGranule(st)) {
			a.put(st, seq, op, loc)
			if calls != nil {
				calls[i]++
			}
			s.mu.Unlock()
			return false
		}
		return h.handOutAddrSlow(s, true, st, wide, seq, op, loc, since, prev, calls, i)
	}
	return h.handOutAddrSlow(s, false, st, wide, seq, op, loc, since, prev, calls, i)
}

// take sets the bit of wide storage st, in granule g (addrGranule), when
// the granule's bits are clear (a storage not handed out in the cycle) in
// the region of the shard's latest hand-out: handOutAddr's common case,
// its shard locked; the caller then writes the hand-out to the ring
// (put). The rest (a narrow storage, a set bit, another region) is
// handOutAddrSlow's. (Its line of bits is noted as set in the cycle each
// time: a test of the word first would cost the inlining.)
func (a *addrHeld) take(st asserts.ID, g uint64) bool {
	if a.region != uintptr(st)>>addrRegionShift+1 {
		return false
	}
	b, sh := a.cur, g%32*2
	if b.w[g/32]>>sh&3 != 0 {
		return false
	}
	b.w[g/32] |= addrWide << sh
	b.dirty[g/addrLineGranules/64] |= 1 << (g / addrLineGranules % 64)
	return true
}

// mark sets the wide bit of granule g in the region of the shard's
// latest hand-out, where clear found neither bit set (take without its
// tests, which clear made under the same lock).
func (a *addrHeld) mark(g uint64) {
	b := a.cur
	b.w[g/32] |= addrWide << (g % 32 * 2)
	b.dirty[g/addrLineGranules/64] |= 1 << (g / addrLineGranules % 64)
}

// clear reports whether granule g of st (addrGranule) has neither bit
// set in the region of the shard's latest hand-out: take would set its
// wide bit.
func (a *addrHeld) clear(st asserts.ID, g uint64) bool {
	return a.region == uintptr(st)>>addrRegionShift+1 && a.cur.w[g/32]>>(g%32*2)&3 == 0
}

// put writes a wide hand-out to the ring, field by field (a composite
// literal is built on the stack and copied).
func (a *addrHeld) put(st asserts.ID, seq uint64, op uint32, loc Loc) {
	p := &a.ring[a.nring%addrRing]
	a.evicted = max(a.evicted, p.seq)
	p.st, p.seq, p.op, p.ret, p.index = st, seq, op, loc.ret, loc.index
	a.nring++
}

// setBit sets bit (addrWide or addrNarrow) of granule g in b, noting its
// line as set in the cycle.
func (a *addrHeld) setBit(b *addrBits, g uint64, bit uint64) {
	w := &b.w[g/32]
	if *w == 0 {
		b.dirty[g/addrLineGranules/64] |= 1 << (g / addrLineGranules % 64)
	}
	*w |= bit << (g % 32 * 2)
}

// bits returns the shard's bits of st's region, made on first use with
// alloc (else nil), and makes them the current region's.
func (a *addrHeld) bits(st asserts.ID, alloc bool) *addrBits {
	r := uintptr(st) >> addrRegionShift
	if a.region == r+1 {
		return a.cur
	}
	b := a.regions[r]
	if b == nil {
		if !alloc {
			return nil
		}
		if a.regions == nil {
			a.regions = make(map[uintptr]*addrBits)
		}
		b = new(addrBits)
		a.regions[r] = b
	}
	if !b.listed {
		b.listed = true
		a.touched = append(a.touched, b)
	}
	a.region, a.cur = r+1, b
	return b
}

// newCycle clears the bits the last cycle set, for the cycle of epoch e.
// The ring and the table keep their entries: numbered before e, they are
// never judged again.
func (a *addrHeld) newCycle(e *gcEpoch) {
	for _, b := range a.touched {
		for i, d := range b.dirty {
			for ; d != 0; d &= d - 1 {
				l := (i*64 + bits.TrailingZeros64(d)) * (addrLineGranules / 32)
				clear(b.w[l : l+addrLineGranules/32])
			}
			b.dirty[i] = 0
		}
		b.listed = false
	}
	clear(a.touched)
	a.touched = a.touched[:0]
	a.region, a.cur = 0, nil
	a.gc = e.gc + 1
}

// latest is the latest narrow hand-out recorded in granule g's slot: the
// newest pending one for the slot, else the table's.
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

// ringFind returns the newest wide hand-out in the ring whose anchor is
// in st's granule (nil: none).
func (a *addrHeld) ringFind(st asserts.ID) *addrSlot {
	for j := range min(a.nring, addrRing) {
		if sl := &a.ring[(a.nring-1-j)%addrRing]; sl.st>>4 == st>>4 && sl.seq != 0 {
			return sl
		}
	}
	return nil
}

// record appends a narrow hand-out to the pending list, and writes the
// list into the table when that filled it.
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

// judge reports whether st, wide or not, came out fresh before in the
// bits' cycle (a.gc, the current epoch e's), before the call that began
// at since (0: unknown), and returns that hand-out: an earlier hand-out
// of the same anchor in its granule's narrow entry, or, for a set wide
// bit, the ring's hand-out in the granule (a wide storage's, which
// another wide storage cannot share; a narrow one must have its anchor).
// A wide storage whose hand-out the ring no longer holds is reported
// with its details unknown (seq 0) when the ring covers the call.
func (a *addrHeld) judge(st asserts.ID, wide bool, e *gcEpoch, since uint64) (handout, bool) {
	b := a.bits(st, false)
	if b == nil {
		return handout{}, false
	}
	g := addrGranule(st)
	got := b.w[g/32] >> (g % 32 * 2) & 3
	if got&addrNarrow != 0 {
		if sl := a.latest(g); sl.st == st && sl.seq > e.seq && (since == 0 || sl.seq < since) && sameEpoch(sl.seq) {
			return sl.handout(), true
		}
	}
	if got&addrWide == 0 {
		return handout{}, false
	}
	if sl := a.ringFind(st); sl != nil {
		if (wide || sl.st == st) && sl.seq > e.seq && (since == 0 || sl.seq < since) && sameEpoch(sl.seq) {
			p := sl.handout()
			p.st, p.anchor = st, uintptr(st)
			return p, true
		}
		return handout{}, false
	}
	// Not in the ring: numbered at most a.evicted. The bit was set in
	// this cycle, numbered after its epoch; with the epoch still the exact
	// count, no collection since.
	if wide && (since == 0 || a.evicted < since) {
		if e2, ok := observeGC(); ok && e2.gc+1 == a.gc {
			return handout{st: st, anchor: uintptr(st)}, true
		}
	}
	return handout{}, false
}

// handOutAddrSlow is handOutAddr from the hand-out's number seq on, for
// the rest: an epoch to refresh, the lock taken (locked: the caller holds
// it), a repeat, a neighbour, another region, a new cycle, the shard's
// first hand-out.
//
//go:noinline
func (h *heldRegistry) handOutAddrSlow(s *heldShard, locked bool, st asserts.ID, wide bool, seq uint64, op uint32, loc Loc, since uint64, prev *handout, calls *[heldShards]uint64, i asserts.ID) bool {
	if !locked {
		if seq%gcRefresh == 0 {
			observeGC()
		}
		s.mu.Lock()
	}
	e := epoch.Load()
	a := s.addr
	if a == nil {
		a = new(addrHeld)
		s.addr = a
	}
	if a.gc == e.gc+1 {
		if p, ok := a.judge(st, wide, e, since); ok {
			*prev = p
			s.mu.Unlock()
			return true
		}
	}
	// The epoch again: judge may have seen a new one.
	if e = epoch.Load(); a.gc != e.gc+1 {
		// a new cycle: nothing recorded before it is judged
		a.newCycle(e)
	}
	if seq <= e.seq {
		// numbered before an epoch seen since (see handOut)
		seq = handSeq.Add(1)
	}
	b, g := a.bits(st, true), addrGranule(st)
	sl := addrSlot{st: st, seq: seq, op: op, ret: loc.ret, index: loc.index}
	if wide {
		a.setBit(b, g, addrWide)
		a.put(st, seq, op, loc)
	} else {
		a.setBit(b, g, addrNarrow)
		a.record(sl)
	}
	if calls != nil {
		calls[i]++
	}
	s.mu.Unlock()
	return false
}

// repeatedAddr returns the earlier hand-out a hand-out of st (wide or
// not) by a call that began at since would be judged a repeat of now,
// without numbering or recording it; its shard s is locked.
func (h *heldRegistry) repeatedAddr(s *heldShard, st asserts.ID, wide bool, since uint64) (handout, bool) {
	if e, a := epoch.Load(), s.addr; a != nil && a.gc == e.gc+1 {
		return a.judge(st, wide, e, since)
	}
	return handout{}, false
}

// findAddr is find for an address: its latest hand-out in the cycle
// whose details the shard still holds.
func (h *heldRegistry) findAddr(st asserts.ID) (handout, bool) {
	s := &h.shards[(st>>13)%heldShards]
	s.mu.Lock()
	defer s.mu.Unlock()
	return h.repeatedAddr(s, st, false, 0)
}

// forgetAddr is forget for an address: its narrow entry and its ring
// entries go, and its wide bit is cleared.
func (h *heldRegistry) forgetAddr(st asserts.ID) {
	s := &h.shards[(st>>13)%heldShards]
	s.mu.Lock()
	if a := s.addr; a != nil {
		g := addrGranule(st)
		a.flush()
		if sl := &a.slot[g%addrSlots]; sl.st == st {
			*sl = addrSlot{}
		}
		// The wide bit, unless the ring says it is another storage's (a
		// narrow neighbour is forgotten); not knowing, cleared: a miss at
		// worst, where a bit left set would report the storage's next
		// legal hand-out.
		if b := a.bits(st, false); b != nil {
			if sl := a.ringFind(st); sl == nil || sl.st == st {
				b.w[g/32] &^= addrWide << (g % 32 * 2)
			}
		}
		for j := range a.ring {
			if a.ring[j].st == st {
				a.ring[j] = addrSlot{}
			}
		}
	}
	s.mu.Unlock()
}
