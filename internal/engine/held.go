package engine

import (
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// fresh_not_held's steps on the rows' path: a single return's storage
// anchor is the one its read found (Frame.RetIdent), else its tensor's; a
// list's elements' are their tensors', made from the list's handle.
func init() {
	rowSteps[checks.FreshNotHeld].after = forms{checktable.FormOne: stepFreshNotHeld, checktable.FormOf: stepFreshNotHeldOf,
		checktable.FormRetList: stepFreshNotHeld | stepEach}
}

// This file is fresh_not_held, which checks the fresh returns of a runtime
// without use counts (whose use-count checks are skipped under
// no_use_counts) in their place: a kernel that returns, as a fresh output,
// a storage somebody else still holds (a cache, a global) makes the same
// storage come out fresh twice (docs/asserts.md, "fresh_not_held:
// freshness in Go terms"). A storage collected and allocated again has a
// new ID, and is silent; one a pool the runtime owns took back is
// forgotten by [Released].

// handSeq numbers the hand-outs fresh_not_held records.
var handSeq atomic.Uint64

// A call whose fresh returns FreshNotHeld checks notes the sequence when
// it begins (Call.fresh: the Frame's Begin sets it). It lets the check
// tell a kernel that passes on the fresh output of a checked call it made
// itself (a composite kernel returning what an inner wrapper returned:
// ownership passes through, legal) from one that returns a storage handed
// out before the call began (a cache, a global). Without it, every repeat
// hand-out is reported.
//
// The sequence is global: a storage another goroutine's call handed out
// after this call began counts as this call's own, so a buffer shared by
// concurrent calls may go unreported (never reported wrongly).

// FreshNotHeld checks a fresh return of a runtime without use counts
// (fresh_not_held): its storage must not be one that an earlier checked
// call returned as fresh and that is still alive. t is the returned
// handle; it must implement [Anchored] (else the check is skipped under
// no_storage_anchor). For a return read with its use counts it is
// skipped under use_counted: storage_use_count_eq_1
// checks the same, and more, there. Call it after StorageUseCountEq1 on
// the return.
//
// The first time a storage comes out fresh, asserts records it (with its
// anchor's address and the op that returned it) and the check passes;
// later calls that return it fresh are reported, within the registry's
// window (the latest 65,536 hand-outs, see heldSets).
// [Released] forgets a storage that went back to a pool the runtime owns.
func (c *Call) FreshNotHeld(l Loc, r *Slot, t asserts.Identity) {
	c.FreshNotHeldAnchor(l, r, anchorOf(t))
}

// FreshNotHeldAnchor is [Call.FreshNotHeld] with the return's storage
// anchor read by the caller (nil: none; the rows' path passes the anchor
// the return's snapshot read). It checks and counts exactly what
// FreshNotHeld does.
func (c *Call) FreshNotHeldAnchor(l Loc, r *Slot, anchor unsafe.Pointer) {
	const k = checks.FreshNotHeld
	c.t[k]++
	if !r.plainUncounted() && c.skipped(k, r) {
		return
	}
	c.needResult(k, l, r)
	if anchor == nil {
		c.skip(k, checks.ReasonNoAnchor)
		return
	}
	c.op.register()
	var prev handout
	addr := r.id.Traits&asserts.AddressIdentity != 0
	if fresh.handOut(r.id.Storage, uintptr(anchor), addr, r.memo&memoWide != 0, c.op.st.idx, l, c.fresh, &prev) {
		c.heldReport(l, r, &prev)
	}
}

// FreshNotHeldOf is fresh_not_held on a may-alias return r (a Tensor(a)
// return of an op whose only kernel is a decomposition, such as
// contiguous or reshape, or of a may_alias allowlist entry), which may be
// argument s itself, a view of it, or fresh. On the branch where it is
// neither s's handle nor on s's storage, it is fresh, and must be a
// storage nobody else holds, as [Call.FreshNotHeld] checks: a kernel that
// returns a cached copy is caught the second time the copy comes out. On
// the other branches the row passes. The rows' path calls it after
// [Call.FreshOrAlias], which cannot tell fresh from held without use
// counts.
func (c *Call) FreshNotHeldOf(l Loc, r *Slot, t asserts.Identity, arg Loc, s *Slot) {
	if r.id.Impl != 0 && r.id.Impl == s.id.Impl || r.id.Storage != 0 && r.id.Storage == s.id.Storage {
		c.count(checks.FreshNotHeld, 1) // s itself or a view of it
		return
	}
	c.FreshNotHeld(l, r, t)
}

// heldReport reports fresh_not_held on return r at l, which came out
// fresh before as prev.
func (c *Call) heldReport(l Loc, r *Slot, prev *handout) {
	const k = checks.FreshNotHeld
	// how long ago: the fresh outputs of checked calls since that one
	ago := "the fresh output before this one"
	if n := handSeq.Load() - prev.seq; n > 1 {
		ago = strconv.FormatUint(n, 10) + " fresh outputs before this one"
	}
	other := opName(prev.op) + " " + Loc{ret: prev.ret, index: prev.index}.String() + " (an earlier call, still alive), " + ago
	if prev.seq == 0 {
		// a wide storage's bit, its hand-out no longer in the ring
		// (addrheld.go)
		other = "an earlier call since the latest garbage collection, still alive (more than " + strconv.Itoa(addrRing) + " fresh outputs of its shard before this one)"
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Want: 0, Got: uint64(r.id.Storage), GotStorage: uint64(r.id.Storage), Traits: r.traits(), Other: other}, loc: l})
}

// handout is one storage that came out of a kernel fresh, as the
// registry's lookups report it. The registry holds no pointer: the
// collector neither scans it nor is kept from freeing a storage by it.
type handout struct {
	st     asserts.ID
	anchor uintptr
	seq    uint64 // of the hand-out (handSeq); 0: an empty entry
	op     uint32 // the Op's registry index (op.st.idx)
	ret    int32  // the return's Loc (returns have no name)
	index  int32
}

// The registry is a set-associative table of the latest fresh hand-outs:
// heldShards shards (each under its own lock, so that checked calls on
// several goroutines rarely wait on each other), heldSets sets of heldWays
// entries each, 2.5 MiB in all, allocated shard by shard on first use. A
// hand-out replaces the oldest entry of its set. So memory is bounded
// whatever the number of calls, and a storage is remembered until its set
// took heldWays newer hand-outs: with IDs from a counter, until the
// counter moved on by about heldShards*heldSets*heldWays (65,536). A
// cached storage handed out again within that window is reported, one
// handed out again later is not (a miss, never a false alarm).
//
// A set's storage IDs and sequences fill one cache line (heldSet): a
// hand-out reads that line only, and writes the rest of its entry
// (heldPay: the anchor, the op, the return) to a line it does not read,
// so that a hand-out of a storage never seen (a new address, a new ID:
// the common case, and a line no recent call touched) waits for one
// cache miss, not the three of an entry of all its fields.
//
// An entry needs no liveness: storage IDs are never handed out again
// (the contract; assertstest's "identities outlive addresses"), so the
// same ID coming out fresh twice is the same storage, alive since it is
// being returned. The anchor's address must match too: a storage whose
// memory was rebound is another hand-out. A storage whose ID is an
// address (AddressIdentity) names it only while it lives: such IDs have
// a registry of their own in the same shards (addrheld.go), judged within
// one collection cycle.
const (
	heldShards = 16
	heldSets   = 1024
	heldWays   = 4 // handOut writes the four ways out
)

// heldSet is one set of the registry: its ways' storage IDs and
// hand-out sequences (0: an empty way), one cache line.
type heldSet struct {
	st  [heldWays]asserts.ID
	seq [heldWays]uint64
}

// heldPay is the rest of a way's hand-out, read only when its storage
// ID comes out again.
type heldPay struct {
	anchor uintptr
	op     uint32
	ret    int32
	index  int32
}

type heldShard struct {
	mu sync.Mutex
	// sets and pay are allocated together on first use; sets, 64 KiB,
	// is a large object and so starts on a page: its sets are lines.
	sets *[heldSets]heldSet
	pay  *[heldSets][heldWays]heldPay
	// The hand-outs of addresses (addrHeld), allocated on first use.
	addr *addrHeld
	_    [64]byte // keep shards on cache lines of their own
}

type heldRegistry struct{ shards [heldShards]heldShard }

var fresh heldRegistry

// slot returns the shard and set of storage st: consecutive IDs (a
// runtime's counter) go to consecutive shards, so that goroutines rarely
// share a lock, and, within a shard, to consecutive sets, so that the
// hand-outs of a run walk each shard's table in order (the table is larger
// than a core's cache; scattered sets cost a cache miss per hand-out).
func (h *heldRegistry) slot(st asserts.ID) (*heldShard, int) {
	return &h.shards[st%heldShards], int(st/heldShards) % heldSets
}

// entry returns way w of set as a handout.
func (s *heldShard) entry(set, w int) handout {
	e, p := &s.sets[set], &s.pay[set][w]
	return handout{st: e.st[w], anchor: p.anchor, seq: e.seq[w], op: p.op, ret: p.ret, index: p.index}
}

// handOut records that storage st (anchored at p) came out fresh from the
// Op with registry index op at return loc, in a call that began at
// sequence since-1 (since 0: unknown). It reports whether st came out
// fresh before with the same anchor, before the call began, and is still
// in the table, and then copies the earlier hand-out to prev (a pointer,
// not a returned struct: copying a returned handout costs every call). A
// hand-out during the call (by a checked call the kernel made) is
// replaced silently.
//
// An address (addr) goes to the registry of addresses (handOutAddr),
// where a repeat is reported only if no collection completed since the
// earlier hand-out; wide says that its storage reaches 16 bytes or more
// before the anchor (see addrheld.go).
func (h *heldRegistry) handOut(st asserts.ID, p uintptr, addr, wide bool, op uint32, loc Loc, since uint64, prev *handout) bool {
	if addr {
		return h.handOutAddr(st, wide, op, loc, since, prev, nil)
	}
	seq := handSeq.Add(1)
	s, set := h.slot(st)
	s.mu.Lock()
	if s.sets == nil {
		s.sets, s.pay = new([heldSets]heldSet), new([heldSets][heldWays]heldPay)
	}
	// The four ways written out: a loop over them cost a third more.
	ways := &s.sets[set]
	var victim int
	switch st {
	case ways.st[0]:
		victim = 0
	case ways.st[1]:
		victim = 1
	case ways.st[2]:
		victim = 2
	case ways.st[3]:
		victim = 3
	default:
		victim = oldestWay(ways)
	}
	if ways.st[victim] == st && ways.seq[victim] != 0 && h.repeat(s, set, victim, p, since) {
		*prev = s.entry(set, victim)
		s.mu.Unlock()
		return true
	}
	ways.st[victim], ways.seq[victim] = st, seq
	// Field by field: a composite literal is built on the stack and
	// copied.
	e := &s.pay[set][victim]
	e.anchor, e.op, e.ret, e.index = p, op, loc.ret, loc.index
	s.mu.Unlock()
	return false
}

// oldestWay returns the way of set with the oldest hand-out (an empty
// way's sequence is 0).
func oldestWay(set *heldSet) int {
	v, o := 0, set.seq[0]
	if q := set.seq[1]; q < o {
		v, o = 1, q
	}
	if q := set.seq[2]; q < o {
		v, o = 2, q
	}
	if set.seq[3] < o {
		v = 3
	}
	return v
}

// repeat reports whether way w of set, whose storage ID is the one coming
// out, is an earlier hand-out of it: the same anchor p, handed out before
// the call began (since).
func (h *heldRegistry) repeat(s *heldShard, set, w int, p uintptr, since uint64) bool {
	if since != 0 && s.sets[set].seq[w] >= since {
		return false
	}
	return s.pay[set][w].anchor == p
}

// find returns the latest hand-out of storage st still in the table (for
// an address, only if no collection completed since: else the address
// may name another storage now).
func (h *heldRegistry) find(st asserts.ID, addr bool) (handout, bool) {
	if st == 0 {
		return handout{}, false
	}
	if addr {
		return h.findAddr(st)
	}
	s, set := h.slot(st)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sets == nil {
		return handout{}, false
	}
	for w := range heldWays {
		if e := s.entry(set, w); e.st == st && e.seq != 0 {
			return e, true
		}
	}
	return handout{}, false
}

func (h *heldRegistry) forget(st asserts.ID, addr bool) {
	if addr {
		h.forgetAddr(st)
		return
	}
	s, set := h.slot(st)
	s.mu.Lock()
	if s.sets != nil {
		for w := range heldWays {
			if e := &s.sets[set]; e.st[w] == st {
				e.st[w], e.seq[w] = 0, 0
				s.pay[set][w] = heldPay{}
			}
		}
	}
	s.mu.Unlock()
}

// AfterAnchor completes the anchor comparison of an argument read with
// its storage anchor (Frame.ArgIdent) once the kernel has returned: a
// moved anchor under an unchanged StorageImpl ID makes same_storage
// report the argument, unless the runtime declared the move.
func (c *Call) AfterAnchor(s *Slot, anchor unsafe.Pointer) {
	if anchor != s.anchor && writeClock.Load() != c.since {
		c.movedAfter(s, anchor) // a move the runtime declared ([asserts.Moved])
	}
	s.anchorAfter(anchor)
}

// anchorAfter marks the snapshot fAnchorMoved when the anchor after the
// kernel, a, is not the one saved while the StorageImpl ID stayed. A
// snapshot saved without an anchor (an optional argument's) compares
// the IDs only.
func (s *Slot) anchorAfter(a unsafe.Pointer) {
	if a != s.anchor && s.anchor != nil && s.id.Storage != 0 && s.after.Storage == s.id.Storage {
		s.meta |= fAnchorMoved
	}
}

// anchorOf returns t's storage anchor, or nil.
func anchorOf(t asserts.Identity) unsafe.Pointer {
	if a, ok := t.(asserts.Anchored); ok {
		return a.StorageAnchor()
	}
	return nil
}
