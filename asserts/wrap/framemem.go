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
// them: memComplete.)
func (f *Frame[S, L]) ArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	p.h = h
	a := m.Anchor()
	p.s.anchor = a
	fp, _ := m.Metadata()
	p.s.metadata = fp
	p.mread = mMemory
	f.odd |= memOdd(h, a, fp)
}

// ElemMemory reads element j of list argument i (begun by [Frame.List])
// before the kernel: its handle h and its memory m.
func (f *Frame[S, L]) ElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	s := f.l[i].l.at(j)
	s.id = m.Ident(h)
	s.meta = fPending
	a := m.Anchor()
	s.anchor = a
	fp, _ := m.Metadata()
	s.metadata, s.memo = fp, memoMeta
	f.odd |= memOdd(h, a, fp)
}

// AfterArgMemory reads single argument i after the kernel: its handle h
// and its memory m.
func (f *Frame[S, L]) AfterArgMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	a := m.Anchor()
	p.s.after.Storage = asserts.ID(uintptr(a))
	fp, _ := m.Metadata()
	p.fp = fp
	f.diff |= uint64(uintptr(a)^uintptr(p.s.anchor)) | fp ^ p.s.metadata
}

// AfterElemMemory reads element j of list argument i after the kernel
// (begun by [Frame.AfterList]).
func (f *Frame[S, L]) AfterElemMemory(i, j int, h unsafe.Pointer, m asserts.Memory) {
	s := f.l[i].l.at(j)
	s.after = m.Ident(h)
	fp, _ := m.Metadata()
	if fp != 0 && fp == s.metadata {
		s.memo |= memoKept
	}
	if a := m.Anchor(); a != s.anchor {
		f.anchorMoved(s, a)
	}
	f.diff |= fp ^ s.metadata
}

// RetMemory reads single return i: its handle h and its memory m.
func (f *Frame[S, L]) RetMemory(i int, h unsafe.Pointer, m asserts.Memory) {
	p := &f.s[i]
	p.h = h
	p.s.anchor = m.Anchor()
	p.s.digest = uint64(m.Extent()) // for fresh_not_held (wideMemory), until memComplete
	p.mread = mMemory
	if h == nil || p.s.anchor == nil {
		f.diff = 1
	}
}

// mMemory marks, in a Slot's mread, a slot read by the memory kind's
// reads, whose snapshot memComplete completes.
const mMemory = 1 << 4

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

// anchorMoved is AfterMemory's part for an argument whose anchor after
// the kernel, a, is not the one saved: a move the runtime declared, or
// one same_storage reports. The call leaves the fast plan.
//
//go:noinline
func (f *frame) anchorMoved(s *Saved, a unsafe.Pointer) {
	f.diff |= 1
	if writeClock.Load() != f.c.since {
		f.c.movedAfter(s, a) // a move the runtime declared ([asserts.Moved])
	}
	s.anchorAfter(a)
}

// memComplete makes of the memory kind's reads of the single tensors
// (mMemory) the snapshots SaveMemory, AfterMemory and ResultMemory take,
// for the rows: before, the arguments' as they were before the kernel;
// after, the arguments' after it and the returns'.
//
//go:noinline
func (f *frame) memComplete(p *fastPlan, after bool) {
	s, _ := f.slots(p)
	for k := range s {
		q := &s[k]
		if q.mread&mMemory == 0 {
			continue
		}
		if k >= p.nArgs {
			if after {
				f.retComplete(q)
			}
			continue
		}
		if !after {
			q.s.id = memIdent(q.h, q.s.anchor)
			q.s.memo = memoMeta
			q.mread = mMemory | 1 | b2u(q.s.metadata != 0)<<1
			continue
		}
		a := unsafe.Pointer(nil)
		if q.s.after.Storage != asserts.ID(uintptr(q.s.anchor)) {
			a = anchorOf(p.sh.Tensor(q.h)) // the anchor the read found, read again
		} else {
			a = q.s.anchor
		}
		q.s.after = memIdent(q.h, a)
		q.mread |= 4 | b2u(q.fp != 0)<<3
		if a != q.s.anchor {
			if writeClock.Load() != f.c.since {
				f.c.movedAfter(&q.s, a) // a move the runtime declared ([asserts.Moved])
			}
			q.s.anchorAfter(a)
		}
	}
}

// memWrites declares the writes of the call (Call.Mutable), the written
// single arguments' identities made from their reads.
func (f *frame) memWrites(p *fastPlan) {
	base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
	for _, w := range p.sh.Writes {
		if p.list[w] {
			_, ls := f.slots(p)
			f.c.MutableList(&ls[p.idx[w]].l)
			continue
		}
		q := (*Slot)(unsafe.Add(base, uintptr(p.idx[w])*unsafe.Sizeof(Slot{})))
		q.s.id = memIdent(q.h, q.s.anchor)
		f.c.Mutable(&q.s)
	}
}

// retComplete is memComplete for a return.
func (f *frame) retComplete(q *Slot) {
	q.s.id = memIdent(q.h, q.s.anchor)
	q.s.after = asserts.Ident{}
	q.s.meta = fResult | fUncounted | f.c.saved&fMode
	q.s.memo = 0
	if q.s.digest >= 16 { // wideMemory
		q.s.memo = memoWide
	}
	q.s.digest = 0
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
	c := &f.c
	c.op = op
	if f.since1 != 0 {
		c.since = f.since1 - 1 // the clock before the reads (Frame.Open)
	} else {
		c.since = writeClock.Load()
	}
	// loadEnv, the clock read above
	if e := asserts.CurrentEnv(); e == nil {
		c.saved, c.bind = fPending, bindNoEnv
	} else {
		c.env = e.State()
		c.saved, c.bind = savedFlags(c.env), bindRun
	}
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOfKind(true)
	}
	f.p = p
	if size != p.size || !p.mem {
		f.misuseFrame(p, size)
	}
	if len(sh.Writes) != 0 {
		f.memWrites(p)
	}
	if p.fresh {
		c.fresh = handSeq.Load() + 1 // BeginFresh
	}
	if !p.fast || f.odd != 0 || c.saved != fPending || c.env.Hermetic || !ContentCheckOff() {
		f.memComplete(p, false)
		f.beginRows(p)
		return
	}
	if c.bind != bindRun {
		f.bindNo = 1
	}
	cal := op.st.cal.Load()
	if p.nl == 0 && cal == p.cal[f.bindNo] {
		f.fast = true
		return
	}
	lens, ok := uint64(0), true
	if p.nl != 0 {
		lens, ok = f.listLens(p)
	}
	if !ok || cal == nil || cal.p != p || cal.b != f.bindNo || cal.lens != lens {
		f.calib = ok
		f.memComplete(p, false)
		f.beginRows(p)
		return
	}
	f.fast = true
}

// misuseFrame reports a Frame that is not of its shape's size or kind.
func (f *frame) misuseFrame(p *fastPlan, size int) {
	what := "a Frame of the memory kind's reads for a shape of another kind"
	if size != p.size {
		what = "a Frame of the wrong size for its shape"
	}
	f.c.misuse(0, Loc{}, what)
}

// listLens returns the lengths of the call's lists, 8 bits each, and
// whether each has at most 255 elements.
func (f *frame) listLens(p *fastPlan) (uint64, bool) {
	_, ls := f.slots(p)
	lens := uint64(0)
	for i := range ls {
		if ls[i].l.n > 0xff {
			return 0, false
		}
		lens |= uint64(ls[i].l.n) << (8 * i)
	}
	return lens, true
}

// endMem ends a call of the memory kind once its returns are read and its
// arguments read again.
//
//go:noinline
func (f *frame) endMem() {
	c, p := &f.c, f.p
	if !f.fast {
		f.endMemRows(p)
		return
	}
	if f.diff != 0 {
		f.memRows(p)
		return
	}
	if r := p.freshRet; r >= 0 {
		// the common test, written out: a fresh return apart from every
		// single argument, handle and anchor (passesMem's memTest.fresh)
		base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
		rs := (*Slot)(unsafe.Add(base, uintptr(r)*unsafe.Sizeof(Slot{})))
		end := (*Slot)(unsafe.Add(base, uintptr(p.nArgs)*unsafe.Sizeof(Slot{})))
		for a := (*Slot)(base); a != end; a = (*Slot)(unsafe.Add(unsafe.Pointer(a), unsafe.Sizeof(Slot{}))) {
			if a.h == rs.h || a.s.anchor == rs.s.anchor {
				f.memRows(p)
				return
			}
		}
	}
	if p.moreTests && !f.passesMem(p) || poolLog.used.Load() && writeClock.Load() != c.since {
		f.memRows(p)
		return
	}
	if p.held >= 0 {
		if !f.handOutMem(p) {
			f.memRows(p)
			return
		}
		// the hand-out counted the call
	} else {
		c.op.st.sigCalls.Add(1)
	}
	if c.nmut != 0 {
		c.endWrites()
	}
}

// memRows ends, by the rows, a call that began on the fast plan: the
// snapshots first made what the steps before the kernel would have made
// of them (the fingerprints taken), as the plan counted.
//
//go:noinline
func (f *frame) memRows(p *fastPlan) {
	f.memComplete(p, false)
	f.memComplete(p, true)
	s, ls := f.slots(p)
	for _, i := range p.meta {
		s[i].s.hasMeta = true
	}
	for _, i := range p.metaList {
		l := &ls[i].l
		for j := range l.n {
			l.at(j).hasMeta = true
		}
	}
	f.endRows()
}

// endMemRows ends a call that began off the fast plan by the rows, and
// calibrates its op when the call met the plan's conditions (f.calib),
// passed its tests and counted its signature.
func (f *frame) endMemRows(p *fastPlan) {
	cal := f.calib && f.diff == 0 && f.passesMem(p)
	f.memComplete(p, true)
	if !cal {
		f.endRows()
		return
	}
	c := &f.c
	f.rowsAfter()
	t := c.t
	c.End()
	st := &c.op.st
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
	for _, n := range p.rets {
		if n.apart|n.fresh|n.returns|n.shares != 0 {
			ts = append(ts, memTest{r: n.r, handleApart: n.apart, anchorApart: n.fresh, handleSame: n.returns, anchorSame: n.shares, fresh: n.allFresh})
		}
	}
	for _, pr := range p.pairs {
		i := slices.IndexFunc(ts, func(t memTest) bool { return t.list && t.r == pr.r && t.a == pr.a })
		if i < 0 {
			ts = append(ts, memTest{r: pr.r, a: pr.a, list: true})
			i = len(ts) - 1
		}
		if pr.kind == pairNotInList {
			ts[i].handleApart = 1
		} else {
			ts[i].anchorApart = 1
		}
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
		rh, ra := r.h, r.s.anchor
		var h, an, bit uint64 = 0, 0, 1
		for a := (*Slot)(base); n > 0; a = (*Slot)(unsafe.Add(unsafe.Pointer(a), size)) {
			if a.h == rh {
				h |= bit
			}
			if a.s.anchor == ra {
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
	h, an := asserts.ID(uintptr(r.h)), asserts.ID(uintptr(r.s.anchor))
	if t.handleApart == 0 {
		h = 0 // no element is undefined on the plan
	}
	if t.anchorApart == 0 {
		an = 0 // nor without storage
	}
	inl, more := ls[t.a].l.parts()
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
	c := &f.c
	st := &c.op.st
	sl, _ := f.slots(p)
	r := &sl[p.held].s
	id := asserts.ID(uintptr(r.anchor))
	wide := r.digest >= 16 // the return's extent (RetMemory)
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
	c := &f.c
	if !locked {
		s.mu.Lock()
	}
	if fresh.repeatedAddr(s, id, wide, c.fresh) {
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
	st := &c.op.st
	return !fresh.handOutAddrSlow(s, true, id, wide, seq, st.idx, f.p.sh.Locs[f.p.heldK], c.fresh, &prev, &st.shardCalls, i)
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
		p.pairs = append(p.pairs, pair{pairNotInList, t, u})
	case checktable.BatchPairsStorage:
		if p.list[r.T] {
			return false
		}
		p.pairs = append(p.pairs, pair{pairFreshOf, t, u})
	default:
		return false
	}
	return true
}
