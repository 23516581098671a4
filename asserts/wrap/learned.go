package wrap

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// This file is the learned path of a runtime whose tensors carry no
// identities of their own (memory:): the post helper of a call whose
// tensors are all plain passes every row with a handful of comparisons
// of the memory it read, and counts the rows with what the op's first
// such call counted.
//
// On such a runtime a passing call is the rule, and what each row of it
// counts is fixed by the op: under the conditions [Call.QuickPath] and
// the helper's tests state (no mode, no hermetic context, no digests,
// every argument plain with storage and its anchor and metadata unchanged,
// every return defined with storage, each return's handle and anchor
// apart from or equal to the arguments' as its rows demand), every row
// takes its fast path, reports nothing and adds the same counts. The
// first call of the op that meets them runs the rows one by one as any
// other call does, and [Call.End] keeps what they added to the call's
// counts (the op's learned counts); later calls that meet them add those
// counts at once ([Call.EndLearned]) instead of running the rows. Only
// fresh_not_held, which compares the return with every earlier call's,
// runs on the learned path too ([Call.FreshNotHeldLearned]).
//
// A call that does not meet the conditions runs the rows one by one, as
// before: the learned path decides nothing a row would decide otherwise,
// it only skips the rows' bookkeeping where their outcome is certain.
// The helper's tests are generated from its rows (gen/steps: a row whose
// pass condition the tests do not state gives the helper no learned
// path).

// The states of an op's learned counts (opStats.quick).
const (
	quickNone    = iota // not learned yet
	quickWriting        // a call is writing them
	quickReady          // learned: opStats.quickDelta holds them
)

// QuickPath reports whether the call may take the learned path of its
// post helper: saved outside a mode, in no hermetic context, without
// digests. Generated code tests it before the helper's own tests.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) QuickPath() bool {
	return c.saved == fPending && !c.env.Hermetic && !c.digests
}

// Unchanged reports whether argument s, saved from its memory by
// [Call.SaveMemory] outside a mode, has storage and kept, in m (its
// memory after the kernel), the anchor it had and, where same_metadata
// took its fingerprint, its metadata: every row comparing it before and
// after the kernel passes.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (s *Saved) Unchanged(m *asserts.Memory) bool {
	return s.meta == fPending && s.anchor != nil && s.anchor == m.Anchor() && (!s.hasMeta || s.metadata == memMeta(m))
}

// Learned reports whether the op's learned counts are ready for a call
// whose list argument has n elements (0 for an op without one): the
// counts of list rows grow with the list, so an op learns them for one
// length, that of its first plain call, and a list of up to 255
// elements. Generated code then ends the call with [Call.EndLearned],
// and otherwise calls [Call.Learn] and runs the rows one by one.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) Learned(n int) bool {
	return c.op.st.quick.Load() == quickReady && c.op.st.quickN == uint32(n)
}

// Learn marks the call, whose list argument has n elements (0 for an op
// without one), as the one whose rows the op learns its counts from:
// [Call.End] keeps what the rows after this call added, unless one of
// them reported, spilled or counted outside the call's lanes. Once per op
// (more only when calls race to be the first).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) Learn(n int) {
	if c.op.st.quick.Load() == quickNone && uint(n) <= 0xff {
		c.learning, c.learnN, c.learnFrom = true, uint32(n), c.t
	}
}

// learnEnd keeps what the rows added since [Call.Learn] as the op's
// learned counts, if nothing else learned them first.
//
//go:noinline
func (c *Call) learnEnd() {
	c.learning = false
	if c.t.lane(laneSpilled) != 0 {
		return // a report, or a lane full: not a plain call's counts
	}
	var d tally
	for i := range d {
		d[i] = c.t[i] - c.learnFrom[i]
	}
	st := &c.op.st
	if st.quick.CompareAndSwap(quickNone, quickWriting) {
		st.quickDelta, st.quickN = d, c.learnN
		st.quick.Store(quickReady)
		st.setQuickBase()
	}
}

// EndLearned ends a call on the learned path: it adds the op's learned
// counts to the call's and ends it ([Call.End]), unless
// [Call.FreshNotHeldLearned] counted the call already.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) EndLearned() {
	if c.counted != 0 {
		c.counted = 0
		return
	}
	// End's path of a call whose counts are the signature's, its counts
	// compared with quickBase rather than the learned counts added first.
	st := &c.op.st
	// (Written out, as in End: a function for it is not inlined.)
	if st.quickBaseReady.Load() && !c.learning && !(poolLog.used.Load() && writeClock.Load() != c.since) &&
		(st.quickBase[0]^c.t[0])|(st.quickBase[1]^c.t[1])|(st.quickBase[2]^c.t[2])|(st.quickBase[3]^c.t[3])|
			(st.quickBase[4]^c.t[4])|(st.quickBase[5]^c.t[5])|(st.quickBase[6]^c.t[6])|(st.quickBase[7]^c.t[7]) == 0 {
		if c.nmut != 0 {
			c.endWrites()
		}
		st.sigCalls.Add(1)
		c.calibrated()
		return
	}
	d := &st.quickDelta
	c.t[0] += d[0]
	c.t[1] += d[1]
	c.t[2] += d[2]
	c.t[3] += d[3]
	c.t[4] += d[4]
	c.t[5] += d[5]
	c.t[6] += d[6]
	c.t[7] += d[7]
	c.End()
}

// FreshNotHeldLearned is [Call.FreshNotHeldAnchor] on the learned path:
// the same check of the return whose handle is handle and memory m (read
// after the kernel), not counted (the learned counts hold its row). The
// learned path's tests have found the return defined, with storage and
// outside a mode; the op has ended a call, so it is registered.
//
// A call that [Call.End] would count as one more call of the op's
// signature (its counts and the learned ones those of the signature,
// nothing else for End to do: see setQuickBase) is counted here, by the hand-out, under
// the registry shard's lock it takes anyway (opStats.shardCalls), rather
// than by End's atomic add; [Call.EndLearned] then has nothing left to
// do. A later return of the call that reports takes the count back.
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (c *Call) FreshNotHeldLearned(l Loc, handle unsafe.Pointer, m *asserts.Memory) {
	var calls *[heldShards]uint64
	// The call ends as the signature: End would add 1 to sigCalls and do
	// nothing else (its counts and the learned ones are the signature's:
	// its counts are quickBase).
	st := &c.op.st
	if c.counted == 0 && st.quickBaseReady.Load() && !c.learning && c.nmut == 0 && !(poolLog.used.Load() && writeClock.Load() != c.since) &&
		(st.quickBase[0]^c.t[0])|(st.quickBase[1]^c.t[1])|(st.quickBase[2]^c.t[2])|(st.quickBase[3]^c.t[3])|
			(st.quickBase[4]^c.t[4])|(st.quickBase[5]^c.t[5])|(st.quickBase[6]^c.t[6])|(st.quickBase[7]^c.t[7]) == 0 {
		calls = &st.shardCalls
		c.calibrated()
	}
	// fresh.handOutAddr's common case, written out here (the call and its
	// arguments cost a sixth of the path), the rest in
	// freshNotHeldLearnedSlow.
	id := asserts.ID(uintptr(m.Anchor()))
	wide := wideMemory(m)
	seq := c.handNumber(id)
	e := gcEpochNow()
	i := (id >> 13) % heldShards
	s := &fresh.shards[i]
	if seq%gcRefresh != 0 && s.mu.TryLock() {
		if a := s.addr; wide && a != nil && a.gc == e.gc+1 && seq > e.seq && a.take(id, addrGranule(id)) {
			a.put(id, seq, st.idx, l)
			if calls != nil {
				calls[i]++
				c.counted = uint8(1 + i)
			}
			s.mu.Unlock()
			return
		}
		c.freshNotHeldLearnedSlow(l, handle, m, s, true, wide, seq, calls, i)
		return
	}
	c.freshNotHeldLearnedSlow(l, handle, m, s, false, wide, seq, calls, i)
}

// freshNotHeldLearnedSlow is FreshNotHeldLearned from the hand-out's
// number seq on (fresh.handOutAddrSlow; locked: the shard's lock held),
// with its report.
//
//go:noinline
func (c *Call) freshNotHeldLearnedSlow(l Loc, handle unsafe.Pointer, m *asserts.Memory, s *heldShard, locked, wide bool, seq uint64, calls *[heldShards]uint64, i asserts.ID) {
	var prev handout
	id := asserts.ID(uintptr(m.Anchor()))
	if fresh.handOutAddrSlow(s, locked, id, wide, seq, c.op.st.idx, l, c.fresh, &prev, calls, i) {
		if c.counted != 0 {
			c.uncount()
		}
		var r Saved
		c.ResultMemory(&r, handle, m)
		c.heldReport(l, &r, &prev)
		return
	}
	if calls != nil {
		c.counted = uint8(1 + i)
	}
}

// setQuickBase sets quickBase, the counts a learned call has before
// [Call.EndLearned] when it ends as the signature (the signature less the
// learned counts, word by word), once both are ready: the call that
// readies the second sets it (each readies its own, then looks at the
// other, so at least one sees both).
func (st *opStats) setQuickBase() {
	if st.state.Load() == sigReady && st.quick.Load() == quickReady && st.quickBaseSet.CompareAndSwap(false, true) {
		for i := range st.quickBase {
			st.quickBase[i] = st.sig[i] - st.quickDelta[i]
		}
		st.quickBaseReady.Store(true)
	}
}

// uncount takes back the count [Call.FreshNotHeldLearned] made: a later
// return of the call reports, and the call ends with its counts spilled.
//
//go:noinline
func (c *Call) uncount() {
	c.op.st.uncount(c.counted)
	c.counted = 0
}

// uncount takes back a call counted under the lock of registry shard
// counted-1 (shardCalls).
func (st *opStats) uncount(counted uint8) {
	i := counted - 1
	s := &fresh.shards[i]
	s.mu.Lock()
	st.shardCalls[i]--
	s.mu.Unlock()
}

// ApartFrom reports whether s, an element of a list argument saved from
// its memory, is neither the return whose handle is handle nor on its
// storage anchor: not_arg_handle and fresh_no_alias of the return against
// the element pass (generated code tests it with the element unchanged,
// in one loop over a list argument).
//
// Deprecated: only code generated for version 3 calls it (the memory
// kind's lean, learned and batched paths); version 4 runs the memory kind
// on the one path ([Frame.BeginMemory]). It goes when MinVersion is 4.
func (s *Saved) ApartFrom(handle, anchor unsafe.Pointer) bool {
	return s.id.Impl != asserts.ID(uintptr(handle)) && s.anchor != anchor
}
