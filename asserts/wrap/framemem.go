package wrap

import (
	"slices"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The one path of a runtime whose tensors carry no identities of their
// own (the memory kind, memory.go): its helpers read each tensor's handle
// and memory (asserts.Memory) into the Frame's slots as SaveMemory,
// AfterMemory and ResultMemory would, and begin and end the call with
// [Frame.BeginMemory] and [Frame.EndMemory].
//
// A call of the fast plan tests, as the reads arrive, that every
// argument is plain (defined, with storage and a metadata fingerprint)
// and kept its anchor and fingerprint, and that every return is defined
// with storage; End tests each return against the arguments as its rows
// demand (its handle and anchor apart from or equal to theirs), hands out
// the fresh return (fresh_not_held, the one row that compares a call with
// the others) and counts the call as one more call of its op's signature.
// What such a call counts is not derived: the op is calibrated, as the
// lean path was, by a call of the rows that met the plan's conditions and
// passed its tests, whose counts were the signature's (per binding mode
// and list lengths); until then, every call runs the rows. The rows a
// plain call of a runtime without use counts skips (the use-count checks,
// under no_use_counts) have no test: the calibrating call counted their
// skips.

// ArgMemory reads single argument i before the kernel: its handle h and
// its memory m. (The reads keep what the fast plan tests; the rest of a
// snapshot, which only the rows read, is made from it when the call runs
// them: frameslow.go's beginRows and complete, by memArg and memAfter below.)
func (f *Frame[S, L]) ArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	p.h = h
	a := m.Anchor()
	p.anchor = a
	fp, _ := m.Metadata()
	p.x = fp
	f.odd |= memOdd(h, a, fp)
}

// ElemMemory reads element j of list argument i (begun by [Frame.List])
// before the kernel: its handle h and its memory m.
func (f *Frame[S, L]) ElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	e := f.l[i].at(j)
	e.id = m.Ident(h)
	a := m.Anchor()
	e.anchor = a
	fp, _ := m.Metadata()
	e.fp = fp
	f.odd |= memOdd(h, a, fp)
}

// AfterArgMemory reads single argument i after the kernel: its handle h
// and its memory m.
func (f *Frame[S, L]) AfterArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	a := m.Anchor()
	p.after.Storage = asserts.ID(uintptr(a))
	fp, _ := m.Metadata()
	p.fp = fp
	f.diff |= uint64(uintptr(a)^uintptr(p.anchor)) | (fp ^ p.x)
}

// AfterElemMemory reads element j of list argument i after the kernel
// (begun by [Frame.AfterList]).
func (f *Frame[S, L]) AfterElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	e := f.l[i].at(j)
	e.after = m.Ident(h)
	fp, _ := m.Metadata()
	if fp != 0 && fp == e.fp {
		e.memo |= memoKept
	}
	f.diff |= uint64(e.after.Storage^asserts.ID(uintptr(e.anchor))) | (fp ^ e.fp)
}

// RetMemory reads single return i: its handle h and its memory m.
func (f *Frame[S, L]) RetMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	p.h = h
	p.anchor = m.Anchor()
	p.x = uint64(m.Extent()) // for fresh_not_held (wideMemory)
	if h == nil || p.anchor == nil {
		f.diff = 1
	}
}

// memOdd is 1 when a tensor read from its memory is not plain: undefined
// (h), without storage (a) or without a metadata fingerprint (fp).
func memOdd(h, a unsafe.Pointer, fp uint64) uint64 {
	if h == nil || a == nil || fp == 0 {
		return 1
	}
	return 0
}

// BeginMemory begins the call of op, of shape sh, once the arguments are
// read by the memory kind's reads.
func (f *Frame[S, L]) BeginMemory(op *Op, sh *Shape) { f.beginMem(op, sh, len(f.s)<<8|len(f.l)) }

// EndMemory ends a call begun by [Frame.BeginMemory] once the returns
// are read, the arguments read again.
func (f *Frame[S, L]) EndMemory() { f.endMem() }

// memArg makes the rows' snapshot of single argument q of the memory
// kind before the kernel, as SaveMemory would (flags: the call's), and
// marks the fingerprint read (takeMetadata).
func memArg(q *Slot, s *Saved, flags asserts.Traits) {
	s.id, s.meta, s.anchor = memIdent(q.h, q.anchor), flags, q.anchor
	s.metadata, s.memo = q.x, memoMeta
	q.mread = 1 | b2u(q.x != 0)<<1
}

// memElem is memArg for element q of a list argument.
func memElem(q *elemSlot, s *Saved, flags asserts.Traits) {
	s.id, s.meta, s.anchor = q.id, flags, q.anchor
	s.metadata, s.memo = q.fp, memoMeta
}

// memAfter completes the rows' snapshot s of single argument q of the
// memory kind after the kernel, as AfterMemory would: the anchor read
// again when it moved, a move the runtime declared taken.
func memAfter(c *Call, p *fastPlan, q *Slot, s *Saved) {
	a := q.anchor
	if q.after.Storage != asserts.ID(uintptr(a)) {
		a = anchorOf(p.sh.Tensor(q.h)) // the anchor the read found, read again
	}
	s.after = memIdent(q.h, a)
	s.meta &^= fPending
	q.mread |= 4 | b2u(q.fp != 0)<<3
	memMoved(c, s, a)
}

// memElemAfter is memAfter for element j of list argument q.
func memElemAfter(c *Call, p *fastPlan, q *ListSlot, j int, s *Saved) {
	e := q.at(j)
	s.after = e.after
	s.meta &^= fPending
	s.memo |= e.memo & memoKept
	if a := e.anchor; e.after.Storage != asserts.ID(uintptr(a)) {
		memMoved(c, s, anchorOf(p.sh.Elem(q.h, j))) // the anchor the read found, read again
	}
}

// memMoved is AfterMemory's part for an argument whose anchor after the
// kernel, a, is not the one saved: a move the runtime declared, or one
// same_storage reports.
func memMoved(c *Call, s *Saved, a unsafe.Pointer) {
	if a == s.anchor {
		return
	}
	if writeClock.Load() != c.since {
		c.movedAfter(s, a) // a move the runtime declared ([asserts.Moved])
	}
	s.anchorAfter(a)
}

// memRet makes the rows' snapshot of single return q of the memory kind,
// as ResultMemory would.
func memRet(q *Slot, s *Saved, mode asserts.Traits) {
	s.id, s.after, s.anchor = memIdent(q.h, q.anchor), asserts.Ident{}, q.anchor
	s.meta = fResult | fUncounted | mode
	s.memo = 0
	if q.x >= 16 { // wideMemory
		s.memo = memoWide
	}
}

// memIdent is asserts.Memory.Ident: the identities of the tensor whose
// handle is h and whose anchor is a.
func memIdent(h, a unsafe.Pointer) asserts.Ident {
	if h == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: asserts.ID(uintptr(h)), Storage: asserts.ID(uintptr(a)), Traits: asserts.AddressIdentity}
}

// beginMem begins a call of the memory kind once its arguments are read:
// on the fast plan when the op is calibrated for the call's conditions,
// else by the rows (calib: a call that met the plan's conditions, which
// calibrates the op if it passes).
//
//go:noinline
func (f *frame) beginMem(op *Op, sh *Shape, size int) {
	f.op = op
	if f.since1 == 0 {
		f.since1 = writeClock.Load() + 1
	}
	var env asserts.EnvState
	e := asserts.CurrentEnv()
	if e != nil {
		env = e.State()
	}
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOfKind(true)
	}
	f.p = p
	if size != p.size || !p.mem {
		f.misuseFrame(p, size)
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
	cal := op.st.cal.Load()
	if p.nl == 0 && cal == p.cal[f.bindNo] {
		f.beginMemFast(p)
		return
	}
	lens, ok := uint64(0), true
	if p.nl != 0 {
		lens, ok = f.listLens(p)
	}
	if !ok || cal == nil || cal.p != p || cal.b != f.bindNo || cal.lens != lens {
		f.calib = ok
		f.beginRows(p, env, e != nil)
		return
	}
	f.beginMemFast(p)
}

// beginMemFast begins a call of the memory kind on the fast plan: the
// written single arguments' identities made from their reads, the writes
// declared.
func (f *frame) beginMemFast(p *fastPlan) {
	f.fast = true
	if len(p.wr)|len(p.wlists) == 0 {
		return
	}
	for _, off := range p.wr {
		q := (*Slot)(unsafe.Add(unsafe.Pointer(f), off))
		q.id = memIdent(q.h, q.anchor)
	}
	f.declareWrites(p)
}

// misuseFrame reports a Frame that is not of its shape's size or kind.
func (f *frame) misuseFrame(p *fastPlan, size int) {
	what := "a Frame of the memory kind's reads for a shape of another kind"
	if size != p.size {
		what = "a Frame of the wrong size for its shape"
	}
	f.misuse(what)
}

// listLens returns the lengths of the call's lists, 8 bits each, and
// whether each has at most 255 elements.
func (f *frame) listLens(p *fastPlan) (uint64, bool) {
	_, ls := f.slots(p)
	lens := uint64(0)
	for i := range ls {
		if ls[i].n > 0xff {
			return 0, false
		}
		lens |= uint64(ls[i].n) << (8 * i)
	}
	return lens, true
}

// endMem ends a call of the memory kind once its returns are read and its
// arguments read again.
//
//go:noinline
func (f *frame) endMem() {
	p := f.p
	if !f.fast {
		f.endMemRows(p)
		return
	}
	if f.diff != 0 {
		f.endRows()
		return
	}
	if r := p.freshRet; r >= 0 {
		// the common test, written out: a fresh return apart from every
		// single argument, handle and anchor (passesMem's memTest.fresh)
		base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
		rs := (*Slot)(unsafe.Add(base, uintptr(r)*unsafe.Sizeof(Slot{})))
		end := (*Slot)(unsafe.Add(base, uintptr(p.nArgs)*unsafe.Sizeof(Slot{})))
		for a := (*Slot)(base); a != end; a = (*Slot)(unsafe.Add(unsafe.Pointer(a), unsafe.Sizeof(Slot{}))) {
			if a.h == rs.h || a.anchor == rs.anchor {
				f.endRows()
				return
			}
		}
	}
	if p.moreTests && !f.passesMem(p) || poolLog.used.Load() && writeClock.Load() != f.since() {
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
		f.endWrites(p)
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
	sc := f.rowsAfter()
	c := &sc.c
	t := c.t
	f.slow = nil
	c.End()
	slowCalls.Put(sc)
	st := &f.op.st
	if t.lane(laneSpilled) != 0 || st.state.Load() != sigReady || st.sig != t || st.cal.Load() != nil {
		return
	}
	if p.nl == 0 {
		st.cal.CompareAndSwap(nil, p.cal[f.bindNo])
		return
	}
	lens, _ := f.listLens(p)
	st.cal.CompareAndSwap(nil, &fastCal{p: p, b: f.bindNo, lens: lens})
}

// A memTest is a test of the memory kind's fast plan: of single return r
// against the single arguments (bit i for argument i), or against the
// elements of list a (list).
type memTest struct {
	r, a int8
	list bool
	// fresh: apart from every single argument, handle and anchor (the
	// common case, one tight loop)
	fresh bool
	// the handles must differ (not_arg_handle) or be equal (returns_arg);
	// the anchors must differ (fresh_no_alias) or be equal
	// (shares_storage)
	handleApart, anchorApart, handleSame, anchorSame uint64
}

// memTestsOf returns the tests of p's returns: one per return against
// the single arguments, one per return and list.
func memTestsOf(p *fastPlan) []memTest {
	var ts []memTest
	all := uint64(1)<<p.nArgs - 1
	for _, n := range p.rets {
		if n.apart|n.fresh|n.returns|n.shares != 0 {
			fresh := n.apart == all && n.fresh == all && n.shares|n.returns|n.view|n.aliasOrFresh == 0
			ts = append(ts, memTest{r: n.r, handleApart: n.apart, anchorApart: n.fresh, handleSame: n.returns, anchorSame: n.shares, fresh: fresh})
		}
	}
	for _, pr := range p.pairs {
		t := memTest{r: pr.r, a: pr.a, list: true}
		if pr.impl {
			t.handleApart = 1
		}
		if pr.storage {
			t.anchorApart = 1
		}
		ts = append(ts, t)
	}
	// the first fresh return's test is endMem's own
	p.freshRet = -1
	if i := slices.IndexFunc(ts, func(t memTest) bool { return t.fresh }); i >= 0 {
		p.freshRet = ts[i].r
		ts = slices.Delete(ts, i, i+1)
	}
	p.moreTests = len(ts) != 0
	p.listTests = slices.ContainsFunc(ts, func(t memTest) bool { return t.list })
	return ts
}

// passesMem runs the fast plan's tests of the returns against the
// arguments: which arguments have the return's handle, which its anchor,
// against the plan's masks; then the lists' (no call in the first loop:
// its values stay in registers).
func (f *frame) passesMem(p *fastPlan) bool {
	base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
	const size = unsafe.Sizeof(Slot{})
	tests, n := p.memTests, p.nArgs
	for i := range tests {
		t := &tests[i]
		if t.list {
			continue
		}
		r := (*Slot)(unsafe.Add(base, uintptr(t.r)*size))
		rh, ra := r.h, r.anchor
		var h, an, bit uint64 = 0, 0, 1
		for a := (*Slot)(base); n > 0; a = (*Slot)(unsafe.Add(unsafe.Pointer(a), size)) {
			if a.h == rh {
				h |= bit
			}
			if a.anchor == ra {
				an |= bit
			}
			bit <<= 1
			if bit>>n != 0 {
				break
			}
		}
		if h&t.handleApart|^h&t.handleSame|an&t.anchorApart|^an&t.anchorSame != 0 {
			return false
		}
	}
	if !p.listTests {
		return true
	}
	for i := range tests {
		if t := &tests[i]; t.list && !f.listApart(p, t, (*Slot)(unsafe.Add(base, uintptr(t.r)*size))) {
			return false
		}
	}
	return true
}

// listApart tests return r against each element of list t.a: its handle
// and its anchor none of theirs, as t demands.
func (f *frame) listApart(p *fastPlan, t *memTest, r *Slot) bool {
	_, ls := f.slots(p)
	h, an := asserts.ID(uintptr(r.h)), asserts.ID(uintptr(r.anchor))
	if t.handleApart == 0 {
		h = 0 // no element is undefined on the plan
	}
	if t.anchorApart == 0 {
		an = 0 // nor without storage
	}
	inl, more := ls[t.a].parts()
	for i := range inl {
		if e := &inl[i]; e.id.Impl == h || e.id.Storage == an {
			return false
		}
	}
	for i := range more {
		if e := &more[i]; e.id.Impl == h || e.id.Storage == an {
			return false
		}
	}
	return true
}

// handOutMem hands out the fresh return of a call on the fast plan
// (fresh_not_held), counting the call as one more of its op's signature
// under the registry shard's lock (opStats.shardCalls), as the lean path
// did; false, recording nothing and counting nothing, for a storage
// handed out before (the rows report it).
func (f *frame) handOutMem(p *fastPlan) bool {
	st := &f.op.st
	sl, _ := f.slots(p)
	r := &sl[p.held]
	id := asserts.ID(uintptr(r.anchor))
	wide := r.x >= 16 // the return's extent (RetMemory)
	e := gcEpochNow()
	i := (id >> 13) % heldShards
	s := &fresh.shards[i]
	if !s.mu.TryLock() {
		return f.handOutMemSlow(s, false, id, wide, 0, i)
	}
	if a, g := s.addr, addrGranule(id); wide && a != nil && a.gc == e.gc+1 && a.clear(id, g) {
		// a storage not handed out in the cycle: numbered now
		seq := handSeq.Add(1)
		if seq > e.seq && seq%gcRefresh != 0 {
			a.take(id, g)
			a.put(id, seq, st.idx, p.sh.Locs[p.heldK])
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
	if fresh.repeatedAddr(s, id, wide, f.fresh) {
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
func (p *fastPlan) addRowMem(r *Row) bool {
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
		return p.addListRowMem(r, t, u)
	}
	if r.Form != FormOne {
		return false
	}
	switch b := checktable.BatchOf(k); b {
	case checktable.BatchUnchanged:
		return true // the reads test the anchor and the fingerprint kept
	case checktable.BatchUncounted:
		return true // skipped under no_use_counts on a plain return
	case checktable.BatchPlain:
		p.binds++
		return true
	case checktable.BatchContent:
		p.content += 1 << (16 * (laneContentOff % 4))
		return true
	case checktable.BatchMetadata:
		p.meta = append(p.meta, t)
		return true
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

// addListRowMem is addRowMem for a row of a list argument.
func (p *fastPlan) addListRowMem(r *Row, t, u int8) bool {
	switch checktable.BatchOf(r.Check) {
	case checktable.BatchUnchanged:
		return true // the reads test each element's anchor and fingerprint
	case checktable.BatchPlain:
		p.bindList = append(p.bindList, t)
	case checktable.BatchContent:
		p.contList = append(p.contList, t)
	case checktable.BatchMetadata:
		p.metaList = append(p.metaList, t)
	case checktable.BatchPairsHandle:
		if p.list[r.T] {
			return false
		}
		p.pair(t, u).impl = true
	case checktable.BatchPairsStorage:
		if p.list[r.T] {
			return false
		}
		p.pair(t, u).storage = true
	default:
		return false
	}
	return true
}
