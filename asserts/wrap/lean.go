package wrap

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// This file is the lean path of a runtime whose tensors carry no
// identities of their own (memory:): a call of an op that has learned its
// counts (learned.go) and whose tensors are all plain skips the Call, the
// snapshots and the rows altogether. Before the kernel it keeps each
// argument's handle and memory in a [Lean]; after it, it reads the memory
// again and runs the learned path's tests on the two (generated from the
// same rows), then fresh_not_held, and counts the call as one more call of
// the op's signature, as [Call.EndLearned] would. A test that fails (a
// kernel that broke a row, a storage handed out twice, events of a pool
// during the call) replays the call on the rows' path from what the Lean
// kept: the pre helper from the arguments' memory before the kernel
// ([Lean.Mem], [Lean.SaveListLean]), then the post helper, which reports
// as any call does. Nothing a row would decide is decided here.
//
// A call counts as the signature's only if its rows before the kernel
// count what the signature's do. Those rows' counts depend on nothing
// but what [Lean.Begin] tests (no mode, no hermetic context, same_content
// off, an Env registered or not, the list's length, every tensor defined
// with storage and a metadata fingerprint): an op takes the lean path only
// with the key of those conditions that one of its calls on the rows' path
// met with its counts found equal to the signature's (its calibration,
// [Call.Calibrate]).

// leanSlots is how many tensors (single arguments, then a list's
// elements) a Lean keeps: a call with more takes the rows' path.
const leanSlots = 4

// Lean is a checked call on the lean path: the generated wrapper declares
// one, fills it before the kernel (its lean pre helper: [Lean.Slot] for
// each tensor, then [Lean.Begin]) and tests it after.
type Lean struct {
	op    *Op
	since uint64 // the write clock when the call began (see concurrent.go)
	fresh uint64 // 1 + the hand-out sequence then (see [Call.BeginFresh])
	// key is the call's lean conditions (leanKey), 0 when it does not
	// meet them.
	key uint32
	// n is the number of tensors saved (Slot).
	n       uint32
	counted uint8 // 1 + the registry shard that counted the call
	// handed holds the returns Fresh handed out, by anchor, with their
	// numbers: a replay hands them out again under the same numbers
	// (Call.handNumber), so that no report counts a hand-out twice.
	handed leanHanded
	s      [leanSlots]leanSnap
}

// leanHanded is the returns a lean call handed out, with their numbers.
type leanHanded struct {
	n  uint8
	at [leanSlots]struct {
		id  asserts.ID
		seq uint64
	}
}

type leanSnap struct {
	h unsafe.Pointer
	m asserts.Memory
}

// leanKey is the key of a call's lean conditions: the list's length n and
// whether an Env is registered (never 0).
func leanKey(n int, env bool) uint32 {
	k := uint32(n)<<1 + 2
	if env {
		k |= 1
	}
	return k
}

// Slot keeps the handle h of the next tensor and returns where its
// memory, read before the kernel, goes (the generated code stores it
// there: *ln.Slot(h) = t.Memory()); nil when the Lean has no room left
// (a list's loop stops there, and the call takes the rows' path).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Slot(h unsafe.Pointer) *asserts.Memory {
	i := ln.n
	ln.n++
	if i >= leanSlots {
		return nil
	}
	ln.s[i].h = h
	return &ln.s[i].m
}

// Begin starts a call of op whose list argument has n elements (0 for an
// op without one), once its tensors are saved, and reports whether it
// takes the lean path: every tensor plain (defined, with storage and a
// metadata fingerprint), no mode or hermetic context, same_content off,
// and op calibrated for these conditions.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Begin(op *Op, n int) bool {
	ln.op = op
	if ln.n > leanSlots || !ContentCheckOff() {
		return false
	}
	for i := range ln.n {
		s := &ln.s[i]
		if _, ok := s.m.Metadata(); s.h == nil || s.m.Anchor() == nil || !ok {
			return false
		}
	}
	env := false
	if e := asserts.CurrentEnv(); e != nil {
		if st := e.State(); st.ModeActive || st.Hermetic {
			return false
		}
		env = true
	}
	ln.key = leanKey(n, env)
	ln.since = writeClock.Load()
	ln.fresh = handSeq.Load() + 1
	return op.st.lean.Load() == ln.key
}

// Len returns the number of tensors saved.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Len() int { return int(ln.n) }

// Mem returns the memory of the i-th tensor saved.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Mem(i int) *asserts.Memory { return &ln.s[i].m }

// Unchanged reports whether the i-th tensor saved, whose handle is now h
// and memory m, kept its handle and its memory: its anchor and its
// metadata, so that every row comparing it before and after the kernel
// passes (as [Saved.Unchanged]), and its window too (a test stricter than
// the rows can only send a call to its replay, where they decide).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Unchanged(i int, h unsafe.Pointer, m *asserts.Memory) bool {
	s := &ln.s[i]
	return s.h == h && s.m == *m
}

// UnchangedApart is [Lean.Unchanged], and the tensor neither the return
// whose handle is handle nor on its storage anchor (as [Saved.ApartFrom]).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) UnchangedApart(i int, h unsafe.Pointer, m *asserts.Memory, handle, anchor unsafe.Pointer) bool {
	s := &ln.s[i]
	return s.h == h && s.m == *m && h != handle && m.Anchor() != anchor
}

// Fresh is fresh_not_held on the lean path for a return whose handle is
// handle and memory m (read after the kernel; the path's tests found it
// defined with storage): the hand-out of [Call.FreshNotHeldLearned],
// which also counts the call the first time. It reports false, recording
// nothing and taking no hand-out number, for a storage handed out before
// (the call then replays on the rows' path, which reports it) or for a
// call during which a pool reported events (the rows' path claims them).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) Fresh(l Loc, handle unsafe.Pointer, m *asserts.Memory) bool {
	if poolLog.used.Load() && writeClock.Load() != ln.since {
		return false
	}
	var calls *[heldShards]uint64
	if ln.counted == 0 {
		calls = &ln.op.st.shardCalls
	}
	id := asserts.ID(uintptr(m.Anchor()))
	wide := wideMemory(m)
	e := gcEpochNow()
	i := (id >> 13) % heldShards
	s := &fresh.shards[i]
	if !s.mu.TryLock() {
		return ln.freshSlow(l, s, false, id, wide, 0, calls, i)
	}
	g := addrGranule(id)
	if a := s.addr; wide && a != nil && a.gc == e.gc+1 && a.clear(id, g) {
		// a storage not handed out in the cycle: numbered now
		seq := handSeq.Add(1)
		if seq > e.seq && seq%gcRefresh != 0 {
			a.take(id, g)
			a.put(id, seq, ln.op.st.idx, l)
			ln.handedOut(id, seq)
			if calls != nil {
				calls[i]++
				ln.counted = uint8(1 + i)
			}
			s.mu.Unlock()
			return true
		}
		return ln.freshSlow(l, s, true, id, wide, seq, calls, i)
	}
	return ln.freshSlow(l, s, true, id, wide, 0, calls, i)
}

// freshSlow is Fresh for the rest (fresh.handOutAddrSlow; locked: the
// shard's lock held): a repeat is found before the hand-out is numbered,
// seq (0: none yet).
//
//go:noinline
func (ln *Lean) freshSlow(l Loc, s *heldShard, locked bool, id asserts.ID, wide bool, seq uint64, calls *[heldShards]uint64, i asserts.ID) bool {
	if !locked {
		s.mu.Lock()
	}
	if fresh.repeatedAddr(s, id, wide, ln.fresh) {
		s.mu.Unlock()
		return false
	}
	if seq == 0 {
		seq = handSeq.Add(1)
	}
	if seq%gcRefresh == 0 {
		observeGC()
	}
	var prev handout
	if fresh.handOutAddrSlow(s, true, id, wide, seq, ln.op.st.idx, l, ln.fresh, &prev, calls, i) {
		return false // (the same judgement as repeatedAddr's, under the same lock)
	}
	ln.handedOut(id, seq)
	if calls != nil {
		ln.counted = uint8(1 + i)
	}
	return true
}

// handedOut notes that Fresh handed out anchor id as number seq (beyond
// leanSlots returns, a replay numbers them anew: a report after it may
// count one hand-out twice).
func (ln *Lean) handedOut(id asserts.ID, seq uint64) {
	h := &ln.handed
	if k := h.n; int(k) < len(h.at) {
		h.at[k].id, h.at[k].seq = id, seq
		h.n++
	}
}

// handNumber is the number of a hand-out of anchor id by c: the one Fresh
// gave it, when c replays a lean call that handed it out, else a new one.
func (c *Call) handNumber(id asserts.ID) uint64 {
	if h := c.handed; h != nil {
		for k := range h.n {
			if h.at[k].id == id {
				return h.at[k].seq
			}
		}
	}
	return handSeq.Add(1)
}

// End ends a call on the lean path whose tests passed: a call that
// fresh_not_held counted (Fresh) is done; any other is counted as one
// more call of the signature, unless a pool reported events during it
// (false: it replays on the rows' path, which claims them).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (ln *Lean) End() bool {
	if ln.counted != 0 {
		return true
	}
	if poolLog.used.Load() && writeClock.Load() != ln.since {
		return false
	}
	ln.op.st.sigCalls.Add(1)
	return true
}

// Replay makes c, a Call the replay's pre helper has begun, the call
// that ln began before the kernel: its write clock and hand-out sequence
// are those ln read then, a count Fresh made is taken back (the rows'
// path counts the call), and the returns Fresh handed out are handed out
// again under the numbers they got (handNumber).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) Replay(ln *Lean) {
	c.since = ln.since
	if ln.handed.n != 0 {
		// a copy: the Lean stays on its wrapper's stack
		h := ln.handed
		c.handed = &h
	}
	if c.fresh != 0 {
		c.fresh = ln.fresh
	}
	if ln.counted != 0 {
		ln.op.st.uncount(ln.counted)
		ln.counted = 0
	}
}

// Calibrate notes, on a call on the rows' path, the lean conditions its
// Lean found (none when it found them unmet): if the call's counts are
// the signature's on its learned path, the op takes the lean path under
// those conditions from then on (see [Call.FreshNotHeldLearned] and
// [Call.EndLearned]).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) Calibrate(ln *Lean) { c.leanKey = ln.key }

// calibrated is called on the learned path of a call whose counts are
// the signature's: its lean conditions, if it met them, are the op's.
func (c *Call) calibrated() {
	if c.leanKey != 0 && c.op.st.lean.Load() == 0 {
		c.op.st.lean.CompareAndSwap(0, c.leanKey)
	}
}

// SaveListLean is the pre helper's save of a list argument of a replay
// (SaveList from memory): element i's handle and memory are those the
// Lean kept at off+i before the kernel.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) SaveListLean(l *SavedList, n int, ln *Lean, off int) {
	l.Reset(n)
	for i := range n {
		s := &ln.s[off+i]
		c.SaveMemory(l.at(i), s.h, &s.m)
	}
	l.SummarizeSaved()
}
