package engine

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/shared"
)

// How a Frame runs a call: Begin takes the shape's fast plan when the
// call meets its conditions (no mode, not hermetic, same_content off,
// every argument plain); End tests the plan on what the helpers read and,
// once the op's signature is the plan's counts, adds one call to it. The
// Frame holds only what that needs. A call that began off the plan, or
// fails it, runs the shape's rows one by one with the entries of today's
// rows path, on the Frame's slots completed in place (frameslow.go): its
// counts and reports are theirs, check by check.

// slots returns the Frame's snapshots: its singles follow the frame, its
// lists the singles (Frame's layout, at the plan's lbase), as many as its
// plan says; begin checked that the Frame is of the shape's size.
func (f *frame) slots(p *fastPlan) (s []Slot, ls []ListSlot) {
	base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
	// no pointer past the Frame's end is made (checkptr): an empty part
	// is nil
	if p.ns != 0 {
		s = unsafe.Slice((*Slot)(base), p.ns)
	}
	if p.nl != 0 {
		ls = unsafe.Slice((*ListSlot)(unsafe.Add(unsafe.Pointer(f), p.lbase)), p.nl)
	}
	return s, ls
}

// since is the write clock when the call opened (or began, if it did not
// open).
func (f *frame) since() uint64 { return f.since1 - 1 }

// begin begins a call once its arguments are read: on the fast plan when
// the plan has one, the call runs outside modes and hermetic contexts with
// same_content off, and every argument the reads saw is plain (f.odd 0).
//
//go:noinline
func (f *frame) begin(op *Op, sh *Shape, size int) {
	f.op = op
	if f.since1 == 0 {
		f.since1 = writeClock.Load() + 1
	}
	p := sh.plan.Load()
	if p == nil {
		p = f.firstPlan(sh)
	}
	f.p = p
	if size != p.size {
		f.misuse(fmt.Sprintf("a Frame of %d single and %d list snapshots for a shape of %d and %d", size>>8, size&0xff, p.size>>8, p.size&0xff))
	}
	var env asserts.EnvState
	e := asserts.CurrentEnv()
	if e != nil {
		env = e.State()
	}
	if p.fresh {
		f.fresh = handSeq.Load() + 1 // BeginFresh
	}
	if !p.fast || f.odd != 0 || env.ModeActive || env.Hermetic || !ContentCheckOff() || p.pols>>op.Policy&1 == 0 ||
		len(p.meta) != 0 && !f.beginMeta(p) || len(p.metaList) != 0 && !f.metaElems(p, false) {
		f.beginRows(p, env, e != nil)
		return
	}
	f.fast, f.ctx = true, env.Context
	if e == nil {
		f.bindNo = 1
	}
	if len(p.wr)|len(p.wlists) != 0 {
		f.declareWrites(p)
	}
}

// firstPlan derives the shape's fast plan, at its first call, once the
// shape's tensor type is known to have what its helpers read: a type
// that implements asserts.Anchored, of a shape generated without it
// (Shape.Unanchored), panics, and the plan is not stored, so that each
// call panics until the set is generated again.
func (f *frame) firstPlan(sh *Shape) *fastPlan {
	if sh.Unanchored {
		f.anchorStale(sh)
	}
	return sh.planOf(false)
}

// anchorStale panics if the shape's tensor type (its Tensor function's,
// or the generic instantiation's of BeginOf) implements asserts.Anchored
// and the shape has rows that compare memory through the anchors its
// helpers do not read (checktable.ComparesMemory), named in the order of
// the rows.
func (f *frame) anchorStale(sh *Shape) {
	var t asserts.Identity
	switch {
	case f.ptype != nil:
		w := (*[2]unsafe.Pointer)(unsafe.Pointer(&t))
		w[0] = f.ptype
	case sh.Tensor != nil:
		t = sh.Tensor(nil)
	}
	if _, ok := t.(asserts.Anchored); !ok {
		return
	}
	var ks []string
	for _, r := range sh.Rows {
		if !r.Skip && checktable.ComparesMemory(r.Check) && !slices.Contains(ks, r.Check.String()) {
			ks = append(ks, r.Check.String())
		}
	}
	if len(ks) == 0 {
		return
	}
	panic(fmt.Sprintf("asserts: %s: %T implements asserts.Anchored (StorageAnchor), which its wrappers were generated without: run go generate (without the anchors, %s compare storage IDs only)",
		f.op.FullName(), t, checktable.JoinAnd(ks)))
}

// misuse panics: generated code does not fit the runtime.
func (f *frame) misuse(what string) {
	c := Call{op: f.op}
	c.misuse(0, Loc{}, what)
}

// declareWrites declares the writes of a call on the fast plan, as
// Call.Mutable does (concurrent.go): the key of each tensor it may write,
// the singles' then the lists' elements, which endWrites and the rows'
// call (frame.slowOfFast) walk again.
func (f *frame) declareWrites(p *fastPlan) {
	tok := shared.Getg()
	f.tok = tok
	for _, off := range p.wr {
		declareWrite(writeKey((*Slot)(unsafe.Add(unsafe.Pointer(f), off)).id), tok)
	}
	f.nmut = int32(len(p.wr))
	if len(p.wlists) != 0 {
		_, ls := f.slots(p)
		for _, i := range p.wlists {
			for j := range ls[i].n {
				f.nmut++
				declareWrite(writeKey(ls[i].at(j).id), tok)
			}
		}
	}
}

// endWrites ends the writes a call on the fast plan declared.
//
//go:noinline
func (f *frame) endWrites(p *fastPlan) {
	e := writeClock.Add(1)
	for _, off := range p.wr {
		endWrite(writeKey((*Slot)(unsafe.Add(unsafe.Pointer(f), off)).id), e, f.tok)
	}
	if len(p.wlists) != 0 {
		_, ls := f.slots(p)
		for _, i := range p.wlists {
			for j := range ls[i].n {
				endWrite(writeKey(ls[i].at(j).id), e, f.tok)
			}
		}
	}
	f.nmut = 0
}

// abandon ends a call whose kernel panicked: its declared writes, and the
// rows' call if it had one.
func (f *frame) abandon() {
	if c := f.slow; c != nil {
		f.slow = nil
		c.Abandon()
		return
	}
	if f.nmut != 0 {
		f.endWrites(f.p)
	}
}

// beginMeta is the part of begin for the metadata of a call whose
// arguments are plain: it reports whether each fingerprint was read
// (Frame.Meta) and was there. A tensor held as an interface (Frame.Iface),
// which the helpers do not read, the runtime reads here, through an
// asserts.Metadata of its two words (into x, as Frame.Meta): a tensor
// whose dynamic type is not one has none, and its call leaves the fast
// plan. (The read is spelled out in the loop rather than called: a call
// per tensor cost a plain call of two tensors some 70 instructions of
// ~1,300, examples/ifacert's BenchmarkOps.)
func (f *frame) beginMeta(p *fastPlan) bool {
	for _, i := range p.meta {
		q := f.slotAt(i)
		if q.mread&3 == 3 {
			continue
		}
		it := f.itypeOf(q)
		if it == nil || q.mread != 0 {
			return false
		}
		m, ok := ifaceOf(it, q).(asserts.Metadata)
		if !ok {
			return false
		}
		fp, ok := m.MetadataFingerprint()
		q.x, q.mread = fp, 1|b2u(ok)<<1
		if !ok {
			return false
		}
	}
	return true
}

// slotAt returns single slot i of a Frame on the fast plan, whose size
// begin checked against the plan's: i < the plan's ns.
func (f *frame) slotAt(i int8) *Slot {
	return (*Slot)(unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{})+uintptr(i)*unsafe.Sizeof(Slot{})))
}

// metaElems reads the metadata fingerprint of each element of the lists
// with a same_metadata row, which the counted kind's helpers do not read:
// before the kernel (after false) into the elements' slots, reporting
// whether each element has one; after it, reporting whether each has the
// one read before. An element without one (not an asserts.Metadata, or
// none to report) takes the call off the fast plan, as beginMeta does.
func (f *frame) metaElems(p *fastPlan, after bool) bool {
	_, ls := f.slots(p)
	for _, i := range p.metaList {
		q := &ls[i]
		for j := range q.n {
			m, ok := f.elemOf(q.h, j).(asserts.Metadata)
			if !ok {
				return false
			}
			fp, ok := m.MetadataFingerprint()
			e := q.at(j)
			switch {
			case !ok:
				return false
			case !after:
				e.x = fp
			case fp != e.x:
				return false
			}
		}
	}
	return true
}

// longList makes room for the elements of a list past listInline. A list
// of more than 255 elements is not on the fast plan (f.odd: a list
// argument's is read before begin, a list return's after it, and end
// tests f.odd too).
func (f *frame) longList(q *ListSlot) {
	q.Reset(q.n)
	if q.n > 0xff {
		f.odd |= 1
	}
}

// end ends the call once its returns are read and its arguments read
// again: a call on the fast plan passes if its reads found nothing that
// differs (f.diff 0) and the tests of its returns hold.
//
//go:noinline
func (f *frame) end() {
	p := f.p
	if !f.fast || f.diff|f.odd != 0 {
		f.endRows()
		return
	}
	if p.unc {
		f.endIdent(p)
		return
	}
	base := unsafe.Pointer(f)
	for i := range p.rets {
		n := &p.rets[i]
		r := (*Slot)(unsafe.Add(base, n.off))
		if r.meta != asserts.Versioned|fResult || n.le1 && r.after.Impl > 1 || n.eq1 && r.after.Storage != 1 || n.one && r.after.Impl != 1 {
			f.endRows()
			return
		}
		for j := range n.terms {
			t := &n.terms[j]
			a := (*Slot)(unsafe.Add(base, t.a))
			if t.k&(kApart|kAliasOrFresh) != 0 && a.id.Impl == r.id.Impl ||
				t.k&kFresh != 0 && (a.id.Storage == r.id.Storage || r.anchor == a.anchor && r.anchor != nil) ||
				t.k&kShares != 0 && (a.id.Storage != r.id.Storage || r.id.Storage == 0) ||
				t.k&kReturns != 0 && a.after.Impl != r.id.Impl || t.k&kView != 0 && uint64(r.after.Storage) <= r.x ||
				t.k&kAliasOrFresh != 0 && !(r.id.Storage == a.id.Storage && r.id.Storage != 0 || r.after.Impl <= 1 && r.after.Storage == 1) {
				f.endRows()
				return
			}
		}
	}
	if p.more && !f.passesMore(p) {
		f.endRows()
		return
	}
	f.endPassed(p)
}

// endPassed ends a call that passed the fast plan's tests: one more call
// of its op's signature when the plan calibrated the op for it, else
// endFast.
func (f *frame) endPassed(p *fastPlan) {
	if poolLog.used.Load() && writeClock.Load() != f.since() || p.nl != 0 {
		f.endFast(p)
		return
	}
	if f.nmut != 0 {
		f.endWrites(p)
	}
	if st := &f.op.st; st.cal.Load() == p.cal[f.bindNo] {
		st.sigCalls.Add(1)
		return
	}
	f.endFast(p)
}

// endFast ends a call that passed the fast plan: one more call of the
// op's signature once the plan calibrated the op (its signature is the
// plan's counts, for the call's lists' lengths), else the call counts the
// plan's counts.
func (f *frame) endFast(p *fastPlan) {
	if poolLog.used.Load() && writeClock.Load() != f.since() {
		c := Call{op: f.op, since: f.since()}
		c.claimPoolEvents()
	}
	if f.nmut != 0 {
		f.endWrites(p)
	}
	_, ls := f.slots(p)
	b := f.bindNo
	st := &f.op.st
	var lens uint64 // end saw that each list has at most 255 elements
	for i := range ls {
		lens |= uint64(ls[i].n) << (8 * i)
	}
	// 8 bits a list, 8 lists: a call of more lists is counted, never
	// calibrated
	short := len(ls) <= 8
	cal := st.cal.Load()
	if short && cal != nil && cal.p == p && cal.b == b && cal.lens == lens {
		st.sigCalls.Add(1)
		return
	}
	f.countFast(p, ls, short && cal == nil, lens)
}

// countFast counts a call that passed the fast plan when the plan has not
// calibrated its op for it: the plan's counts, and with calibrate the
// plan calibrates the op if its signature is those counts.
//
//go:noinline
func (f *frame) countFast(p *fastPlan, ls []ListSlot, calibrate bool, lens uint64) {
	c := Call{op: f.op, since: f.since()}
	b := f.bindNo
	st := &c.op.st
	c.t = p.full[b]
	if p.nl != 0 {
		addLists(&c.t, p, ls, bindOf(b), true)
	}
	if calibrate && st.state.Load() == sigReady && st.sig == c.t {
		if p.nl == 0 {
			st.cal.CompareAndSwap(nil, p.cal[b])
		} else {
			st.cal.CompareAndSwap(nil, &fastCal{p: p, b: b, lens: lens})
		}
	}
	c.endCounts()
}

// bindOf is the count a binding_context row adds to under the plan's
// binding mode b (fastPlan.pre's index): Call.bind.
func bindOf(b uint8) int {
	if b == 1 {
		return bindNoEnv
	}
	return bindRun
}

// addLists adds to t the counts of the list rows of a call on the fast
// plan: before the kernel, and with post those after it.
func addLists(t *tally, p *fastPlan, ls []ListSlot, bind int, post bool) {
	for _, i := range p.bindList {
		t[bind] += uint64(ls[i].n)
	}
	for _, w := range p.preList {
		t[w.w] += w.v * uint64(ls[w.i].n)
	}
	if post {
		for _, w := range p.postList {
			t[w.w] += w.v * uint64(ls[w.i].n)
		}
	}
}

// passesMore is end's test of the metadata, of the lists and of the
// pairs with lists.
func (f *frame) passesMore(p *fastPlan) bool {
	for _, i := range p.meta {
		// the fingerprint taken before the kernel (beginMeta) is the one
		// read after it (the slot's mread bits); a tensor held as an
		// interface the runtime reads again (into fp, as Frame.MetaAfter)
		q := f.slotAt(i)
		if it := f.itypeOf(q); it != nil && q.mread&4 == 0 {
			if m, ok := ifaceOf(it, q).(asserts.Metadata); ok {
				fp, ok := m.MetadataFingerprint()
				q.fp = fp
				q.mread |= 4 | b2u(ok)<<3
			}
		}
		if q.mread&12 != 12 || q.fp != q.x {
			return false
		}
	}
	s, ls := f.slots(p)
	for i := range ls {
		if !p.lists[i].holds(&ls[i]) {
			return false
		}
	}
	if len(p.metaList) != 0 && !f.metaElems(p, true) {
		return false
	}
	for i := range p.pairs {
		if !p.pairs[i].holds(s, ls) {
			return false
		}
	}
	for i := range p.lrets {
		if !p.lrets[i].holds(s, ls) {
			return false
		}
	}
	return true
}

// holds reports whether list l passes the tests of its elements alone:
// a list argument's kept, a list return's plain and use counts.
func (n *listNeed) holds(l *ListSlot) bool {
	inl, more := l.parts()
	if n.arg {
		if n.kept == 0 {
			return true
		}
		d := keptDiff(inl, n.kept, n.whole) | keptDiff(more, n.kept, n.whole)
		return d == 0
	}
	return retsPlain(inl, n.le1, n.eq1) && retsPlain(more, n.le1, n.eq1)
}

// keptDiff is what differs between the elements' identities before and
// after the kernel under masks kept (TensorImpl, StorageImpl) and whole
// (version, traits).
func keptDiff(es []Slot, kept, whole uint64) uint64 {
	var d uint64
	for i := range es {
		e := &es[i]
		d |= uint64((e.after.Impl^e.id.Impl)|(e.after.Storage^e.id.Storage))&kept |
			((e.after.Version^e.id.Version)|uint64(e.after.Traits^e.id.Traits))&whole
	}
	return d
}

// retsPlain reports whether the elements of a list return are plain
// tensors and, with le1 and eq1, of use counts <= 1 and 1.
func retsPlain(es []Slot, le1, eq1 bool) bool {
	for i := range es {
		e := &es[i]
		if e.id.Traits&^asserts.AddressIdentity != asserts.Versioned || le1 && e.after.Impl > 1 || eq1 && e.after.Storage != 1 {
			return false
		}
	}
	return true
}

// holds reports whether the pair's entries pass without a look: no
// element of the list has the return's TensorImpl (impl; an undefined
// return's none) or StorageImpl (storage), in one loop.
func (pr *pair) holds(s []Slot, ls []ListSlot) bool {
	r := &s[pr.r]
	impl, st := r.id.Impl, r.id.Storage
	if !pr.impl || impl == 0 {
		impl = 0 // an element on the fast plan is defined: no match
	}
	if !pr.storage {
		st = 0 // an element on the fast plan has storage: no match
	}
	inl, more := ls[pr.a].parts()
	return !holdsEither(inl, impl, st) && !holdsEither(more, impl, st)
}

// holdsEither reports whether an element has TensorImpl impl or
// StorageImpl st (0: none).
func holdsEither(es []Slot, impl, st asserts.ID) bool {
	for i := range es {
		if e := &es[i]; e.id.Impl == impl || e.id.Storage == st {
			return true
		}
	}
	return false
}

// holds reports whether list return l passes its tests against the
// single arguments: apart from each argument's TensorImpl, sharing its
// StorageImpl, holding it once more per element than before the kernel.
func (n *lretNeed) holds(s []Slot, ls []ListSlot) bool {
	l := &ls[n.l]
	if n.view && l.n > listInline {
		return false
	}
	inl, more := l.parts()
	var most uint64
	for a, k := range n.k {
		if k == 0 {
			continue
		}
		q := &s[a]
		if k&kShares != 0 && q.id.Storage == 0 {
			return false
		}
		var d bool
		for i := range inl {
			e := &inl[i]
			d = d || e.id.Impl == q.id.Impl && k&kApart != 0 || e.id.Storage != q.id.Storage && k&kShares != 0
			most = max(most, uint64(e.after.Storage))
		}
		for i := range more {
			e := &more[i]
			d = d || e.id.Impl == q.id.Impl && k&kApart != 0 || e.id.Storage != q.id.Storage && k&kShares != 0
		}
		if d {
			return false
		}
	}
	return !n.view || most >= uint64(l.base)+uint64(l.n)
}
