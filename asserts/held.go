package asserts

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// This file is the contract and the checks of runtimes without use counts:
// [Call.ResultIdent] snapshots a return without them (the use-count checks
// are then skipped under reason no_use_counts), and fresh_not_held
// ([Call.FreshNotHeld]) checks freshness in their place.
//
// What the use counts catch in a refcounted runtime is a kernel returning,
// as a fresh output, a tensor somebody else still holds: a cached output,
// a global buffer, a buffer kept from an earlier call. In a
// garbage-collected runtime nobody counts the holders, but the bug has a
// second symptom: the same storage comes out as a fresh output twice. The
// first time, the caller took ownership; if the storage is still alive
// when it comes out again, the kernel kept it (or got it back from
// someone who kept it), and the two callers now share one buffer. If the
// first output was dropped and collected, the allocator may hand its memory
// out again, but that is a new allocation: the weak pointer asserts keeps
// to the first one says it is gone, and the check stays silent. A pool the
// runtime owns, into which callers give tensors back, says so with
// [Released]: a storage given back may come out fresh again.

// Anchored is the optional contract fresh_not_held needs: a pointer that
// stands for the tensor's storage. asserts keeps only a weak pointer to it
// ([weak.Make]), which tells a storage still alive from one the collector
// reclaimed without keeping it alive.
//
// Every tensor on one storage must return a pointer to the same byte of
// the same allocation (weak pointers to different offsets of an object do
// not compare equal): for a Go slice shared by views made with two-index
// slicing, the last byte of its capacity, which every view keeps; for a
// storage object, the object itself. Tensors on different live storages
// must return different pointers. StorageAnchor returns nil for a tensor
// without storage (or undefined); fresh_not_held then skips it under
// no_storage_anchor, as it skips tensors that do not implement Anchored.
type Anchored interface {
	StorageAnchor() unsafe.Pointer
}

// handSeq numbers the hand-outs fresh_not_held records.
var handSeq atomic.Uint64

// BeginFresh marks the start of a call whose fresh returns FreshNotHeld
// checks; generated code calls it right after Begin. It lets the check
// tell a kernel that passes on the fresh output of a checked call it made
// itself (a composite kernel returning what an inner wrapper returned:
// ownership passes through, legal) from one that returns a storage handed
// out before the call began (a cache, a global). Without it, every repeat
// hand-out is reported.
//
// The sequence is global: a storage another goroutine's call handed out
// after this call began counts as this call's own, so a buffer shared by
// concurrent calls may go unreported (never reported wrongly).
func (c *Call) BeginFresh() { c.fresh = handSeq.Load() + 1 }

// ResultIdent snapshots a return into r after the kernel, for a runtime
// without use counts: its identities only. The use-count checks
// (impl_use_count_le_1, storage_use_count_eq_1, and fresh_or_alias where
// it would need them) are skipped for it under reason no_use_counts, and
// fresh_not_held runs instead. Generated code calls it instead of
// [Call.Result] when the config says use_counts: false.
func (c *Call) ResultIdent(r *Saved, t Identity) {
	r.id = t.Ident()
	r.after = Ident{}
	r.meta = r.id.Traits | fResult | fUncounted | c.saved&fMode
}

// ResultIdentList snapshots a Tensor[] return, as [Call.ResultIdent] does
// for each element.
func ResultIdentList[T Identity](c *Call, l *SavedList, ts []T) {
	l.Reset(len(ts))
	for i := range ts {
		c.ResultIdent(l.at(i), ts[i])
	}
	l.ok = 0 // every list check takes its slow path, where the policy skips the use counts
}

// FreshNotHeld checks a fresh return of a runtime without use counts
// (fresh_not_held): its storage must not be one that an earlier checked
// call returned as fresh and that is still alive. t is the returned
// handle; it must implement [Anchored] (else the check is skipped under
// no_storage_anchor). For a return of a runtime with use counts
// ([Call.Result]) it is skipped under use_counted: storage_use_count_eq_1
// checks the same, and more, there. Call it after StorageUseCountEq1 on
// the return.
//
// The first time a storage comes out fresh, asserts records it (with a
// weak pointer to its anchor and the op that returned it) and the check
// passes; later calls that return it fresh while it is alive are reported.
// [Released] forgets a storage that went back to a pool the runtime owns.
func (c *Call) FreshNotHeld(l Loc, r *Saved, t Identity) {
	c.freshNotHeldSlow(l, r, t)
}

// FreshNotHeldOf is fresh_not_held on a may-alias return r (a Tensor(a)
// return of an op whose only kernel is a decomposition, such as
// contiguous or reshape, or of a may_alias allowlist entry), which may be
// argument s itself, a view of it, or fresh. On the branch where it is
// neither s's handle nor on s's storage, it is fresh, and must be a
// storage nobody else holds, as [Call.FreshNotHeld] checks: a kernel that
// returns a cached copy is caught the second time the copy comes out. On
// the other branches the row passes. Generated code calls it after
// [Call.FreshOrAlias], which cannot tell fresh from held without use
// counts.
func (c *Call) FreshNotHeldOf(l Loc, r *Saved, t Identity, arg Loc, s *Saved) {
	if r.id.Impl != 0 && r.id.Impl == s.id.Impl || r.id.Storage != 0 && r.id.Storage == s.id.Storage {
		c.count(CheckFreshNotHeld, 1) // s itself or a view of it
		return
	}
	c.freshNotHeldSlow(l, r, t)
}

// FreshNotHeldList checks each element of a fresh list return, as
// [Call.FreshNotHeld] does.
func FreshNotHeldList[T Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	for i := range l.n {
		if i < len(ts) {
			c.FreshNotHeld(loc.Elem(i), l.at(i), ts[i])
		}
	}
}

//go:noinline
func (c *Call) freshNotHeldSlow(l Loc, r *Saved, t Identity) {
	const k = CheckFreshNotHeld
	c.t[laneFreshNotHeld/4] += 1 << (16 * (laneFreshNotHeld % 4))
	if !r.plainUncounted() && c.skipped(k, r) {
		return
	}
	if r.meta&fResult == 0 {
		c.misuse(k, l, "needs a Result snapshot of the return")
	}
	var p unsafe.Pointer
	if a, ok := t.(Anchored); ok {
		p = a.StorageAnchor()
	}
	if p == nil {
		c.skip(k, ReasonNoAnchor)
		return
	}
	if !goHeap(p) {
		c.skip(k, ReasonOffHeap)
		return
	}
	prev, held := fresh.handOut(r.id.Storage, p, c.op, l, c.fresh)
	if !held {
		return
	}
	c.report(&Violation{Check: k, loc: l, Want: 0, Got: uint64(r.id.Storage),
		GotStorage: uint64(r.id.Storage), Traits: r.traits(),
		Other: prev.op.FullName() + " " + prev.loc.String() + " (an earlier call, still alive)"})
}

// Released tells fresh_not_held that t's storage went back to a pool the
// runtime owns (a free list the runtime hands buffers out of again): the
// next time a kernel returns it fresh, that is a new ownership, not a
// storage someone still holds. A runtime calls it where it takes a buffer
// back, e.g. in its Put; it costs a map deletion under a lock, so guard it
// with [Compiled] or [Checking] where that matters. Tensors without
// storage are ignored.
func Released(t Identity) {
	if st := t.Ident().Storage; st != 0 {
		fresh.forget(st)
	}
}

// handout is one storage that came out of a kernel fresh.
type handout struct {
	anchor weak.Pointer[byte]
	op     *Op
	loc    Loc
	seq    uint64 // of the hand-out (handSeq)
}

// heldShards spreads the registry over locks, so that checked calls on
// several goroutines rarely wait on each other.
const heldShards = 16

type heldShard struct {
	mu sync.Mutex
	m  map[ID]handout
	// next is the size at which the shard sweeps out collected storages:
	// twice what was alive at the last sweep (at least 1024), so that a
	// sweep costs O(1) per insertion, amortized.
	next int
	_    [64]byte // keep shards on cache lines of their own
}

type heldRegistry struct{ shards [heldShards]heldShard }

var fresh heldRegistry

func (h *heldRegistry) shard(st ID) *heldShard {
	return &h.shards[uint64(st)*0x9e3779b97f4a7c15>>60]
}

// handOut records that storage st (anchored at p) came out fresh from op
// at loc, in a call that began at sequence since-1 (since 0: unknown). It
// reports the earlier hand-out when st came out fresh before and is still
// alive: the same storage and the same anchor, whose weak pointer has not
// been cleared, handed out before the call began. A recorded storage that
// was collected (or whose ID now names another allocation) is replaced
// silently, and so is one handed out during the call (by a checked call
// the kernel made).
func (h *heldRegistry) handOut(st ID, p unsafe.Pointer, op *Op, loc Loc, since uint64) (handout, bool) {
	w := weak.Make((*byte)(p))
	seq := handSeq.Add(1)
	s := h.shard(st)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[ID]handout{}
		s.next = 1024
	}
	if prev, ok := s.m[st]; ok && prev.anchor == w && prev.anchor.Value() != nil && (since == 0 || prev.seq < since) {
		return prev, true
	}
	if len(s.m) >= s.next {
		s.sweep()
	}
	s.m[st] = handout{anchor: w, op: op, loc: loc, seq: seq}
	return handout{}, false
}

// sweep drops the storages that were collected.
func (s *heldShard) sweep() {
	for id, e := range s.m {
		if e.anchor.Value() == nil {
			delete(s.m, id)
		}
	}
	s.next = max(2*len(s.m), 1024)
}

func (h *heldRegistry) forget(st ID) {
	s := h.shard(st)
	s.mu.Lock()
	delete(s.m, st)
	s.mu.Unlock()
}

// heldDetail is the violation text of fresh_not_held.
func heldDetail(v *Violation) string {
	return "StorageImpl " + ID(v.Got).String() + " came out fresh before, from " + v.Other +
		": the kernel returned a storage somebody else holds"
}

// SaveIdent is [Call.Save] for a runtime without use counts (generated
// code calls it when the config says use_counts: false): it also records
// the argument's storage anchor ([Anchored]), so that same_storage sees a
// kernel that rebinds a tensor to other memory while the runtime's
// storage ID stays (out.data = make(...) on an out= argument): the
// anchor, which stands for the memory, moves.
func (c *Call) SaveIdent(s *Saved, t Identity) {
	c.Save(s, t)
	s.anchor = anchorOf(t)
}

// AfterIdent is [Call.After] for a runtime without use counts: it
// completes the snapshot and compares the storage anchor with the one
// SaveIdent recorded. A moved anchor under an unchanged StorageImpl ID
// makes same_storage report the argument.
func (c *Call) AfterIdent(s *Saved, t Identity) {
	c.After(s, t)
	if a := anchorOf(t); a != s.anchor && s.id.Storage != 0 && s.after.Storage == s.id.Storage {
		s.meta |= fAnchorMoved
	}
}

// anchorOf returns the address of t's storage anchor, or 0.
func anchorOf(t Identity) uintptr {
	if a, ok := t.(Anchored); ok {
		return uintptr(a.StorageAnchor())
	}
	return 0
}

// goHeap reports whether p points into the Go heap (or the binary's data),
// where weak.Make may be called on it. A storage outside it (a mapped
// file, C memory) is never collected by Go, and weak.Make would end the
// process ("getWeakHandle on invalid pointer", which no recover catches):
// fresh_not_held skips such a return under off_heap_anchor.
//
// runtime.AddCleanup tells the two apart with a panic that can be
// recovered ("ptr not in allocated block"); its verdict is cached per
// region of heapRegionBytes, the smallest heap arena of any platform: the
// Go heap grows by whole aligned arenas and never gives their address
// space back, so a region that held one heap object holds only heap
// objects for good. A region without one is probed again each time, as
// the heap may later grow into it.
func goHeap(p unsafe.Pointer) bool {
	reg := uintptr(p) >> heapRegionShift
	if lastRegion.Load() == uint64(reg)+1 {
		return true
	}
	if _, ok := heapRegions.Load(reg); ok {
		lastRegion.Store(uint64(reg) + 1)
		return true
	}
	heap, span := probeHeap(p)
	if span {
		heapRegions.Store(reg, struct{}{})
		lastRegion.Store(uint64(reg) + 1)
	}
	return heap
}

// heapRegionShift: regions of 4 MiB (heap arenas are 64 MiB on 64-bit
// Linux, 4 MiB on Windows and 32-bit platforms).
const heapRegionShift = 22

var (
	heapRegions sync.Map      // region -> struct{}: regions known to be Go heap
	lastRegion  atomic.Uint64 // the last region found in heapRegions, plus 1
)

// probeHeap asks the runtime whether p is a Go pointer: heap tells
// whether weak.Make accepts it, span whether it lies in a heap span (not
// in the binary's data, which AddCleanup accepts without a span and which
// may neighbour C memory in one region).
func probeHeap(p unsafe.Pointer) (heap, span bool) {
	defer func() {
		if recover() != nil {
			heap, span = false, false
		}
	}()
	cl := runtime.AddCleanup((*byte)(p), func(int) {}, 0)
	cl.Stop()
	return true, cl != runtime.Cleanup{}
}
