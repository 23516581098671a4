package engine

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/shared"
)

// The one path of a runtime whose tensors carry no identities of their
// own (the memory kind, memory.go). Its helpers read each tensor's handle
// and memory (asserts.Memory) into the Frame's slots, and begin and end
// the call with [Frame.BeginMemory] and [Frame.EndMemory].
//
// As the reads arrive, a call of the fast plan tests that every argument
// is plain (defined, with storage and a metadata fingerprint) and kept its
// anchor and fingerprint, and that every return is defined with storage.
// End tests each return against the arguments as its rows demand: its
// handle and anchor apart from theirs, or equal. It hands out the fresh
// return (fresh_not_held, the one row that compares a call with the
// others) and counts the call as one more call of its op's signature.
//
// Such a call's counts are not derived. The op is calibrated by a call of
// the rows that met the plan's conditions and passed its tests: its counts
// are the signature's (per binding mode and list lengths). Until then,
// every call runs the rows. A plain call of a runtime without use counts
// skips the use-count checks (no_use_counts) with no test of its own: the
// calibrating call counted those skips.

// ArgMemory reads single argument i before the kernel: its handle h and
// its memory m. (The reads keep what the fast plan tests; the rest of the
// slot, which only the rows read, is completed in place when the call runs
// them: frameslow.go's beginRows and complete, by memArg and memAfter below.)
// The memory kind's reads call nothing of this package: a generic method
// instantiated in the generated package cannot inline an unexported
// function of internal/engine (its body is not exported), so that one
// such call makes the read a call of its own with its frame (about 40
// instructions a read, docs/benchmarks.md "Library types as they are").
func (f *Frame[S, L]) ArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	a := m.Anchor()
	fp, _ := m.Metadata()
	p.h, p.anchor, p.x = h, a, fp
	if h == nil || a == nil || fp == 0 {
		f.frame.odd = 1
	}
}

// ElemMemory reads element j of list argument i (begun by [Frame.List])
// before the kernel: its handle h and its memory m. (The reads of a list
// do little, so that they inline: the element's identities are made from
// its handle and anchor where they are needed, memElem and
// beginMemWrites; endMem tests that each kept its handle.)
func (f *Frame[S, L]) ElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	l := &f.l[i]
	e := &l.inl[j&(listInline-1)]
	if uint(j) >= listInline {
		e = &l.more[j-listInline]
	}
	a := m.Anchor()
	fp, _ := m.Metadata()
	e.anchor, e.x, e.id.Impl = a, fp, asserts.ID(uintptr(h))
	if min(uint64(uintptr(h)), uint64(uintptr(a)), fp) == 0 {
		f.frame.odd = 1
	}
}

// AfterArgMemory reads single argument i after the kernel: its handle h
// and its memory m.
func (f *Frame[S, L]) AfterArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	a := m.Anchor()
	p.after.Storage = asserts.ID(uintptr(a))
	fp, _ := m.Metadata()
	p.fp = fp
	f.frame.diff |= uint64(uintptr(a)^uintptr(p.anchor)) | (fp ^ p.x)
}

// AfterElemMemory reads element j of list argument i after the kernel
// (begun by [Frame.AfterList]): its handle and anchor into after's Impl
// and Storage, its metadata fingerprint into after's Version, which
// memElemAfter completes the slot from; what differs in its anchor
// or fingerprint into the call's diff (its handle: endMem).
func (f *Frame[S, L]) AfterElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	l := &f.l[i]
	e := &l.inl[j&(listInline-1)]
	if uint(j) >= listInline {
		e = &l.more[j-listInline]
	}
	a := m.Anchor()
	fp, _ := m.Metadata()
	e.after = asserts.Ident{Impl: asserts.ID(uintptr(h)), Storage: asserts.ID(uintptr(a)), Version: fp}
	f.frame.diff |= uint64(uintptr(a)^uintptr(e.anchor)) | fp ^ e.x
}

// RetMemory reads single return i: its handle h and its memory m.
func (f *Frame[S, L]) RetMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	p.h = h
	p.anchor = m.Anchor()
	if f.frame.p.fresh {
		p.x = uint64(m.Extent()) // for fresh_not_held (memoWide)
	}
	if h == nil || p.anchor == nil {
		f.frame.diff = 1
	}
}

// BeginMemory begins the call of op, of shape sh, once the arguments are
// read by the memory kind's reads.
func (f *Frame[S, L]) BeginMemory(op *Op, sh *Shape) { f.frame.beginMem(op, sh, len(f.s)<<8|len(f.l)) }

// EndMemory ends a call begun by [Frame.BeginMemory] once the returns
// are read, the arguments read again.
func (f *Frame[S, L]) EndMemory() { f.frame.endMem() }

// memArg completes, for the rows, the slot q of single argument of the
// memory kind before the kernel: its identities, the call's flags, and
// the fingerprint marked read (takeMetadata).
func memArg(q *Slot, flags asserts.Traits) {
	q.id, q.meta, q.memo = memIdent(q.h, q.anchor), flags, memoMeta
	q.mread = 1 | b2u(q.x != 0)<<1
}

// memElem is memArg for element q of a list argument (its handle in
// id.Impl).
func memElem(q *Slot, flags asserts.Traits) {
	q.id, q.meta, q.memo = memIdentOf(q.id.Impl, asserts.ID(uintptr(q.anchor))), flags, memoMeta
}

// memAfter completes the slot q of single argument of the memory kind
// after the kernel, as Call.After and Call.AfterAnchor would from its
// memory: the anchor read again when it moved, a move the runtime
// declared taken.
func memAfter(c *Call, p *fastPlan, q *Slot) {
	a := q.anchor
	if q.after.Storage != asserts.ID(uintptr(a)) {
		a = anchorOf(p.sh.Tensor(q.h)) // the anchor the read found, read again
	}
	q.after = memIdent(q.h, a)
	q.meta &^= fPending
	q.mread |= 4 | b2u(q.fp != 0)<<3
	memMoved(c, q, a)
}

// memElemAfter is memAfter for element j of list argument q.
func memElemAfter(c *Call, p *fastPlan, q *ListSlot, j int) {
	e := q.at(j)
	read := e.after // its handle, anchor and fingerprint (AfterElemMemory)
	e.after = memIdentOf(read.Impl, read.Storage)
	e.meta &^= fPending
	if fp := read.Version; fp != 0 && fp == e.x {
		e.memo |= memoKept
	}
	if a := e.anchor; read.Storage != asserts.ID(uintptr(a)) {
		memMoved(c, e, anchorOf(p.sh.Elem(q.h, j))) // the anchor the read found, read again
	}
}

// memMoved is Call.AfterAnchor's part for an argument whose anchor after the
// kernel, a, is not the one saved: a move the runtime declared, or one
// same_storage reports.
func memMoved(c *Call, s *Slot, a unsafe.Pointer) {
	if a == s.anchor {
		return
	}
	if writeClock.Load() != c.since {
		c.movedAfter(s, a) // a move the runtime declared ([asserts.Moved])
	}
	s.anchorAfter(a)
}

// memRet completes the slot q of single return of the memory kind: its
// identities, no use counts, and memoWide for a storage of 16 bytes or
// more before its anchor.
func memRet(q *Slot, mode asserts.Traits) {
	q.id, q.after = memIdent(q.h, q.anchor), asserts.Ident{}
	q.meta = fResult | fUncounted | mode
	q.memo = 0
	if q.x >= 16 { // memoWide
		q.memo = memoWide
	}
}

// memIdent is asserts.Memory.Ident: the identities of the tensor whose
// handle is h and whose anchor is a.
func memIdent(h, a unsafe.Pointer) asserts.Ident {
	return memIdentOf(asserts.ID(uintptr(h)), asserts.ID(uintptr(a)))
}

// memIdentOf is memIdent of a handle h and an anchor st read as IDs (a
// list element's reads keep them so).
func memIdentOf(h, st asserts.ID) asserts.Ident {
	if h == 0 {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: h, Storage: st, Traits: asserts.AddressIdentity}
}

// beginMem begins a call of the memory kind once its arguments are read:
// on the fast plan when the op is calibrated for the call's conditions,
// else by the rows (calib: a call that met the plan's conditions, which
// calibrates the op if it passes). The path of a call without an Env
// makes no call (the Env's state, a misuse, a plan not derived yet, the
// calibration of a list's lengths: beginMemMore), so that nothing is
// spilled on it.
//
//go:noinline
func (f *frame) beginMem(op *Op, sh *Shape, size int) {
	f.op = op
	if f.since1 == 0 {
		f.since1 = writeClock.Load() + 1
	}
	p := sh.plan.Load()
	if p == nil || size != p.size || !p.mem || !p.fast || f.odd != 0 {
		f.beginMemMore(sh, size)
		return
	}
	f.p = p
	if p.fresh {
		f.fresh = handSeq.Load() + 1 // BeginFresh
	}
	if asserts.CurrentEnv() != nil || !ContentCheckOff() {
		f.beginMemMore(sh, size)
		return
	}
	if cal := op.st.cal.Load(); cal != p.cal[1] {
		// one list (memLens, written out: a call here would spill the
		// path's values), calibrated for its length; the rest,
		// beginMemMore's
		if p.nl != 1 || cal == nil || cal.p != p || cal.b != 1 || cal.lens != uint64(f.memList(p, 0).n) {
			f.beginMemMore(sh, size)
			return
		}
	}
	f.bindNo = 1
	f.fast = true
	if len(p.wr)|len(p.wlists) != 0 {
		f.beginMemWrites(p)
	}
}

// beginMemMore is beginMem for the rest: a call under an Env, with lists,
// off the plan or not calibrated for it.
//
//go:noinline
func (f *frame) beginMemMore(sh *Shape, size int) {
	var env asserts.EnvState
	e := asserts.CurrentEnv()
	if e != nil {
		env = e.State()
	}
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOf(true)
	}
	f.p = p
	if size != p.size {
		f.misuse("a Frame of the wrong size for its shape")
	} else if !p.mem {
		f.misuse("a Frame of the memory kind's reads for a shape of another kind")
	}
	if p.fresh {
		f.fresh = handSeq.Load() + 1 // BeginFresh
	}
	if !p.fast || f.odd != 0 || env.ModeActive || env.Hermetic || !ContentCheckOff() {
		f.beginRows(p, env, e != nil)
		return
	}
	f.ctx = env.Context
	if e == nil {
		f.bindNo = 1
	}
	cal := f.op.st.cal.Load()
	if p.nl != 0 || cal != p.cal[f.bindNo] {
		lens, ok := f.memLens(p)
		if !ok || cal == nil || cal.p != p || cal.b != f.bindNo || cal.lens != lens {
			f.calib = ok
			f.beginRows(p, env, e != nil)
			return
		}
	}
	f.fast = true
	if len(p.wr)|len(p.wlists) != 0 {
		f.beginMemWrites(p)
	}
}

// beginMemWrites declares the writes of a call of the memory kind on the
// fast plan, as frame.declareWrites does (the keys in its order, which
// frameslow.go's slowOfFast and frame.endWrites walk again), the written
// arguments' identities made from their reads first.
func (f *frame) beginMemWrites(p *fastPlan) {
	if len(p.wr) == 1 && len(p.wlists) == 0 { // one written tensor (add_, out=)
		q := (*Slot)(unsafe.Add(unsafe.Pointer(f), p.wr[0]))
		q.id = memIdent(q.h, q.anchor)
		tok := shared.Getg()
		f.tok, f.nmut = tok, 1
		declareWrite(writeKey(q.id), tok)
		return
	}
	for _, off := range p.wr {
		q := (*Slot)(unsafe.Add(unsafe.Pointer(f), off))
		q.id = memIdent(q.h, q.anchor)
	}
	for _, i := range p.wlists {
		l := f.memList(p, i)
		for j := range l.n {
			e := l.at(j)
			e.id = memIdentOf(e.id.Impl, asserts.ID(uintptr(e.anchor)))
		}
	}
	f.declareWrites(p)
}

// endMemWrites ends the writes a call of the memory kind on the fast plan
// declared (frame.endWrites).
func (f *frame) endMemWrites(p *fastPlan) {
	if len(p.wr) == 1 && len(p.wlists) == 0 {
		q := (*Slot)(unsafe.Add(unsafe.Pointer(f), p.wr[0]))
		endWrite(writeKey(q.id), writeClock.Add(1), f.tok)
		f.nmut = 0
		return
	}
	f.endWrites(p)
}

// memList returns list i of the Frame of plan p.
func (f *frame) memList(p *fastPlan, i int8) *ListSlot {
	return (*ListSlot)(unsafe.Add(unsafe.Pointer(f), listOff(p, i)))
}

// listOff is the offset of list i's ListSlot in a Frame of plan p.
func listOff(p *fastPlan, i int8) uintptr {
	return p.lbase + uintptr(i)*unsafe.Sizeof(ListSlot{})
}

// memLens returns the lengths of the call's lists, 8 bits each (the
// first list's highest), and whether each has at most 255 elements and
// there are at most 8 lists (the key's room: a call of more is never
// calibrated, and runs the rows).
func (f *frame) memLens(p *fastPlan) (uint64, bool) {
	if p.nl > 8 {
		return 0, false
	}
	var lens uint64
	for i := range int8(p.nl) {
		n := f.memList(p, i).n
		if n > 0xff {
			return 0, false
		}
		lens = lens<<8 | uint64(n)
	}
	return lens, true
}

// endMem ends a call of the memory kind once its returns are read and its
// arguments read again: a plain call that passes the plan's tests, with
// no pool events (and no declared writes beside a hand-out), here; the
// rest, endMemMore.
//
//go:noinline
func (f *frame) endMem() {
	p := f.p
	if p.memOne {
		// one test, of a single return against a single argument, and
		// nothing else to do (fastPlan.memOne): a view's call
		t := &p.mem1
		if f.fast && f.diff == 0 && !poolLog.used.Load() && t.holds((*Slot)(unsafe.Add(unsafe.Pointer(f), t.a)), (*Slot)(unsafe.Add(unsafe.Pointer(f), t.r))) {
			f.op.st.sigCalls.Add(1)
			return
		}
		f.endMemMore(p)
		return
	}
	if p.memList {
		// one test, of a list argument's elements against a single
		// return, and no write (fastPlan.memList): cat's call
		t := &p.mem1
		l := (*ListSlot)(unsafe.Add(unsafe.Pointer(f), t.a))
		if !f.fast || f.diff != 0 || poolLog.used.Load() || l.n > listInline {
			f.endMemMore(p)
			return
		}
		h, an := t.apart(f)
		for j := range l.n {
			if e := &l.inl[j]; e.after.Impl != e.id.Impl || e.id.Impl == h || uintptr(e.anchor) == an {
				f.endMemMore(p)
				return
			}
		}
		if p.held < 0 {
			f.op.st.sigCalls.Add(1)
		} else if !f.handOutMem(p) {
			f.endRows()
		} // else the hand-out counted the call
		return
	}
	if !f.fast || f.diff != 0 || f.nmut != 0 && p.held >= 0 || poolLog.used.Load() {
		f.endMemMore(p)
		return
	}
	base, ts := unsafe.Pointer(f), p.memTests
	for i := range ts {
		t := &ts[i]
		if !t.list {
			if !t.holds((*Slot)(unsafe.Add(base, t.a)), (*Slot)(unsafe.Add(base, t.r))) {
				f.endMemMore(p)
				return
			}
			continue
		}
		// memListHolds, written out (a call here would spill the path's
		// values)
		l := (*ListSlot)(unsafe.Add(base, t.a))
		if l.n > listInline {
			f.endMemMore(p)
			return
		}
		h, an := t.apart(f)
		for j := range l.n {
			if e := &l.inl[j]; e.after.Impl != e.id.Impl || e.id.Impl == h || uintptr(e.anchor) == an {
				f.endMemMore(p)
				return
			}
		}
	}
	if p.held >= 0 {
		if !f.handOutMem(p) {
			f.endRows()
		}
		return // the hand-out counted the call
	}
	f.op.st.sigCalls.Add(1)
	if f.nmut != 0 {
		f.endMemWrites(p)
	}
}

// endMemMore is endMem for the rest: a call that began off the plan,
// with lists, declared writes or pool events, or that fails a test.
func (f *frame) endMemMore(p *fastPlan) {
	if !f.fast {
		f.endMemRows(p)
		return
	}
	if f.diff != 0 || !f.passesMem(p) || poolLog.used.Load() && writeClock.Load() != f.since() {
		f.endRows()
		return
	}
	if p.held >= 0 {
		if !f.handOutMem(p) {
			f.endRows()
			return
		}
		// the hand-out counted the call
	} else {
		f.op.st.sigCalls.Add(1)
	}
	if f.nmut != 0 {
		f.endMemWrites(p)
	}
}

// endMemRows ends a call that began off the fast plan by the rows, and
// calibrates its op when the call met the plan's conditions (f.calib),
// passed its tests and counted its signature.
func (f *frame) endMemRows(p *fastPlan) {
	if !(f.calib && f.diff == 0 && f.passesMem(p)) {
		f.endRows()
		return
	}
	c := f.rowsAfter()
	t, spilled := c.t, c.spilled
	f.slow = nil
	c.End()
	slowCalls.Put(c)
	st := &f.op.st
	if spilled || st.state.Load() != sigReady || st.sig != t || st.cal.Load() != nil {
		return
	}
	if p.nl == 0 {
		st.cal.CompareAndSwap(nil, p.cal[f.bindNo])
		return
	}
	lens, _ := f.memLens(p)
	st.cal.CompareAndSwap(nil, &fastCal{p: p, b: f.bindNo, lens: lens})
}

// A memTest is a test of the memory kind's fast plan: of the single
// return whose Slot is at offset r of the Frame against the single
// argument whose Slot is at offset a; or (list) that each element of the
// list argument whose ListSlot is at a kept its handle (AfterElemMemory's
// read; its anchor and fingerprint are the call's diff) and, if r is not
// 0, is apart from that return (bad: memHandle, memAnchor). A single
// test passes when what it cares for of the return's handle and anchor
// being the argument's (care: memHandle, memAnchor) is what it wants:
// apart (not_arg_handle, fresh_no_alias) or the same (returns_arg,
// shares_storage); a return that must be both never passes (memNever,
// never found).
type memTest struct {
	r, a            uintptr
	list            bool
	want, care, bad uint8
	// hm and am are bad as masks, all ones where it has memHandle and
	// memAnchor (apart)
	hm asserts.ID
	am uintptr
}

// The bits of a memTest.
const (
	memHandle = 1 << iota
	memAnchor
	memNever
)

// apart returns what list test t forbids an element of Frame f to have:
// its return's handle and anchor, as t.bad says (0: none; no element is
// undefined or without storage on the plan, so 0 matches none).
func (t *memTest) apart(f *frame) (h asserts.ID, an uintptr) {
	if t.r == 0 {
		return 0, 0
	}
	r := (*Slot)(unsafe.Add(unsafe.Pointer(f), t.r))
	return asserts.ID(uintptr(r.h)) & t.hm, uintptr(r.anchor) & t.am
}

// holds reports whether single test t passes on the argument a and the
// return r.
func (t *memTest) holds(a, r *Slot) bool {
	var eq uint8
	if a.h == r.h {
		eq = memHandle
	}
	if a.anchor == r.anchor {
		eq |= memAnchor
	}
	return (eq^t.want)&t.care == 0
}

// memTestsOf returns the tests of p's returns: one per return and single
// argument it has tests against, then one per return and list argument,
// and one for each list argument no return has tests against.
func memTestsOf(p *fastPlan) []memTest {
	var ts []memTest
	for _, n := range p.rets {
		for a := range p.nArgs {
			var t memTest
			for _, c := range []struct {
				set       uint64
				bit, want uint8
			}{{n.apart, memHandle, 0}, {n.returns, memHandle, memHandle}, {n.fresh, memAnchor, 0}, {n.shares, memAnchor, memAnchor}} {
				if c.set>>a&1 == 0 {
					continue
				}
				if t.care&c.bit != 0 && t.want&c.bit != c.want {
					t.care, t.want = t.care|memNever, t.want|memNever // apart and the same
				}
				t.care, t.want = t.care|c.bit, t.want|c.want
			}
			if t.care != 0 {
				t.r, t.a = slotOff(int(n.r)), slotOff(a)
				ts = append(ts, t)
			}
		}
	}
	for _, i := range p.argLists {
		tested := false
		for _, pr := range p.pairs {
			if pr.a != i {
				continue
			}
			t := memTest{r: slotOff(int(pr.r)), a: listOff(p, i), list: true}
			if pr.impl {
				t.bad, t.hm = t.bad|memHandle, ^asserts.ID(0)
			}
			if pr.storage {
				t.bad, t.am = t.bad|memAnchor, ^uintptr(0)
			}
			ts, tested = append(ts, t), true
		}
		if !tested {
			ts = append(ts, memTest{a: listOff(p, i), list: true})
		}
	}
	return ts
}

// passesMem runs the fast plan's tests of the returns against the
// arguments.
func (f *frame) passesMem(p *fastPlan) bool {
	base := unsafe.Pointer(f)
	ts := p.memTests
	for i := range ts {
		t := &ts[i]
		if t.list {
			if !memListHolds((*ListSlot)(unsafe.Add(base, t.a)), t, f) {
				return false
			}
			continue
		}
		r := (*Slot)(unsafe.Add(base, t.r))
		if !t.holds((*Slot)(unsafe.Add(base, t.a)), r) {
			return false
		}
	}
	return true
}

// memListHolds runs list test t on list l of Frame f: each element kept
// its handle and, against a return, has none of its handle (t.bad has
// memHandle) and its anchor (memAnchor).
func memListHolds(l *ListSlot, t *memTest, f *frame) bool {
	h, an := t.apart(f)
	for j := range min(l.n, listInline) {
		if e := &l.inl[j]; e.after.Impl != e.id.Impl || e.id.Impl == h || uintptr(e.anchor) == an {
			return false
		}
	}
	for j := range l.more {
		if e := &l.more[j]; e.after.Impl != e.id.Impl || e.id.Impl == h || uintptr(e.anchor) == an {
			return false
		}
	}
	return true
}

// handOutMem hands out the fresh return of a call on the fast plan
// (fresh_not_held), counting the call as one more of its op's signature
// under the registry shard's lock (opStats.shardCalls); false, recording nothing and counting nothing, for a storage
// handed out before (the rows report it).
func (f *frame) handOutMem(p *fastPlan) bool {
	st := &f.op.st
	r := (*Slot)(unsafe.Add(unsafe.Pointer(f), slotOff(int(p.held))))
	id := asserts.ID(uintptr(r.anchor))
	wide := r.x >= 16 // the return's extent (RetMemory)
	e := epoch.Load()
	i := (id >> 13) % heldShards
	s := &fresh.shards[i]
	if !s.mu.TryLock() {
		return f.handOutMemSlow(s, false, id, wide, 0, i)
	}
	if a, g := s.addr, addrGranule(id); wide && a != nil && a.gc == e.gc+1 && a.clear(id, g) {
		// a storage not handed out in the cycle: numbered now
		seq := handSeq.Add(1)
		if seq > e.seq && seq%gcRefresh != 0 {
			a.mark(g)
			a.put(id, seq, st.idx, p.heldLoc)
			st.shardCalls[i]++
			s.mu.Unlock()
			return true
		}
		return f.handOutMemSlow(s, true, id, wide, seq, i)
	}
	return f.handOutMemSlow(s, true, id, wide, 0, i)
}

// handOutMemSlow is handOutMem for the rest (fresh.handOutAddrSlow;
// locked: the shard's lock held): a repeat is found before the hand-out
// is numbered, seq (0: none yet).
//
//go:noinline
func (f *frame) handOutMemSlow(s *heldShard, locked bool, id asserts.ID, wide bool, seq uint64, i asserts.ID) bool {
	if !locked {
		s.mu.Lock()
	}
	if _, ok := fresh.repeatedAddr(s, id, wide, f.fresh); ok {
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
	st := &f.op.st
	return !fresh.handOutAddrSlow(s, true, id, wide, seq, st.idx, f.p.sh.Locs[f.p.heldK], f.fresh, &prev, &st.shardCalls, i)
}

// addRowMem adds row r to a plan of the memory kind and reports whether
// a plain call passes it by the plan's tests: what the row shows on such
// a call is its check's facts in the table of checks (checktable.BatchOf,
// LearnedBy), never its name. Its counts are the calibrating call's.
func (p *fastPlan) addRowMem(r *Row, perList []tally) bool {
	if r.Skip {
		return true
	}
	t, u := p.at(r.T), p.at(r.U)
	k := r.Check
	if checktable.LearnedBy(k, checktable.FormAnchor) == checktable.LearnedHeld {
		p.fresh = true // its step before the kernel: the hand-out sequence
		if r.Form != FormOne || p.held >= 0 && p.held != t {
			return false // one fresh single return on the plan
		}
		p.held, p.heldK = t, r.T
		return true
	}
	if r.Form == FormArgList {
		// as the counted kind's (the reads test each element's anchor
		// and fingerprint; the list's masks and counts go unread)
		return p.addRow(r, perList)
	}
	if r.Form != FormOne {
		return false
	}
	if p.addBefore(k, t, false) {
		return true
	}
	switch b := checktable.BatchOf(k); b {
	case checktable.BatchUnchanged:
		return true // the reads test the anchor and the fingerprint kept
	case checktable.BatchUncounted:
		return true // skipped under no_use_counts on a plain return
	case checktable.BatchPairsHandle:
		p.ret(t).apart |= 1 << u
		return true
	case checktable.BatchPairsStorage:
		p.ret(t).fresh |= 1 << u
		return true
	}
	switch checktable.LearnedBy(k, FormOne) {
	case checktable.LearnedHandleSame:
		p.ret(t).returns |= 1 << u
	case checktable.LearnedAnchorSame:
		p.ret(t).shares |= 1 << u
	case checktable.LearnedFixed:
		// skipped on a plain call of a runtime without use counts
	default:
		return false
	}
	return true
}
