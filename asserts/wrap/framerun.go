package wrap

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// How a Frame runs a call: Begin takes the shape's fast plan when the
// call meets its conditions (no mode, not hermetic, same_content off,
// every argument plain), counting the rows before the kernel as their
// entries would; End tests the plan on what the helpers read and adds
// what a passing call counts, then ends the call as Call.End does (the
// op's signature). A call that began off the plan, or fails it, runs the
// shape's rows one by one with the entries of today's rows path: its
// counts and reports are theirs, check by check.

// slots returns the Frame's snapshots: its singles follow the frame, its
// lists the singles (Frame's layout), as many as its plan says; begin
// checked that the Frame is of the shape's size.
func (f *frame) slots(p *fastPlan) (s []Slot, ls []ListSlot) {
	base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
	// no pointer past the Frame's end is made (checkptr): an empty part
	// is nil
	if p.ns != 0 {
		s = unsafe.Slice((*Slot)(base), p.ns)
	}
	if p.nl != 0 {
		ls = unsafe.Slice((*ListSlot)(unsafe.Add(base, uintptr(p.ns)*unsafe.Sizeof(Slot{}))), p.nl)
	}
	return s, ls
}

// begin begins a call once its arguments are read: on the fast plan when
// the plan has one, the call runs outside modes and hermetic contexts with
// same_content off, and every argument the reads saw is plain (f.odd 0).
//
//go:noinline
func (f *frame) begin(op *Op, sh *Shape, size int) {
	c := &f.c
	c.op = op
	c.loadEnv()
	if f.since1 != 0 {
		c.since = f.since1 - 1 // the clock before the reads, not after them
	}
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOf()
	}
	f.p = p
	if p.fresh {
		c.BeginFresh()
	}
	if size != p.size {
		c.misuse(0, Loc{}, fmt.Sprintf("a Frame of %d single and %d list snapshots for a shape of %d and %d", size>>8, size&0xff, p.ns, p.nl))
	}
	if len(sh.Writes) != 0 {
		f.writes(p)
	}
	if !p.fast || f.odd != 0 || c.saved != fPending || c.env.Hermetic || !ContentCheckOff() || p.pols>>op.Policy&1 == 0 ||
		p.nl|len(p.meta) != 0 && !f.beginLists(p) {
		f.beginRows(p)
		return
	}
	f.fast = true
	if c.bind != bindRun {
		f.bindNo = 1
	}
}

// writes declares the writes of the call (Call.Mutable).
func (f *frame) writes(p *fastPlan) {
	s, ls := f.slots(p)
	for _, w := range p.sh.Writes {
		if p.list[w] {
			f.c.MutableList(&ls[p.idx[w]].l)
		} else {
			f.c.Mutable(&s[p.idx[w]].s)
		}
	}
}

// beginLists is the part of begin for the lists and metadata of a call
// whose single arguments are plain: it reports whether the call begins on
// the plan, each list argument of at most 255 elements (its snapshot's
// summary, okRegular, set as SummarizeSaved would), each metadata
// fingerprint read.
func (f *frame) beginLists(p *fastPlan) bool {
	s, ls := f.slots(p)
	for _, i := range p.argLists {
		if ls[i].l.n > 0xff {
			return false
		}
	}
	for _, i := range p.meta {
		if q := &s[i]; q.mread&3 != 3 || q.s.id.Impl == 0 {
			return false
		}
	}
	for _, i := range p.argLists {
		ls[i].l.ok = okRegular
	}
	for _, i := range p.meta {
		s[i].s.hasMeta = true
	}
	return true
}

// takeMetadata runs the step of same_metadata before the kernel for a
// single argument, from the fingerprint its helper read when it had one.
func (f *frame) takeMetadata(p *Slot) {
	c := &f.c
	if p.mread&1 != 0 {
		fp := p.s.metadata
		p.s.metadata = 0
		if c.TakeMetadata(&p.s, fp, p.mread&2 != 0) {
			return
		}
		if m, ok := f.tensorOf(p.h).(asserts.Metadata); ok {
			c.SaveMetadataOf(&p.s, m)
			return
		}
	}
	c.SaveMetadata(&p.s, f.tensorOf(p.h))
}

// beginRows runs, off the fast plan, the steps of the rows before the
// kernel, entry by entry.
func (f *frame) beginRows(p *fastPlan) {
	c, sh := &f.c, p.sh
	var buf elemsBuf
	s, ls := f.slots(p)
	for i := range p.nArgs {
		s[i].s.meta |= fPending
	}
	for _, i := range p.argLists {
		if k := p.slotOfList(i); sh.OptLists&(1<<k) != 0 {
			c.SummarizeSavedOpt(&ls[i].l)
		} else {
			ls[i].l.SummarizeSaved()
		}
	}
	if mode := c.saved &^ fPending; mode != 0 {
		for i := range p.nArgs {
			s[i].s.meta |= mode
		}
		for k, isList := range p.list {
			if !isList || k >= sh.Args {
				continue
			}
			l := &ls[p.idx[k]].l
			for j := range l.n {
				l.at(j).meta |= mode
			}
			if sh.OptLists&(1<<k) != 0 {
				c.SummarizeSavedOpt(l)
			} else {
				l.SummarizeSaved()
			}
		}
	}
	defer f.stashBindings(p, s, ls)
	for i := range sh.Rows {
		if r := &sh.Rows[i]; !r.Skip {
			if id := rowSteps[r.Check].before[r.Form]; id != stepNone {
				x := f.rowCtx(r, p, s, ls, &buf)
				x.run(id)
			}
		}
	}
}

// stashBindings keeps, in a hermetic context, what binding_context's
// step before the kernel kept in the arguments' snapshots (their after
// identities), which the helper's reads after the kernel overwrite before
// the step after it ([frame.bindingAfter]) reads them.
func (f *frame) stashBindings(p *fastPlan, s []Slot, ls []ListSlot) {
	if !f.c.env.Hermetic {
		return
	}
	f.stash = f.stash[:0]
	for i := range p.nArgs {
		f.stash = append(f.stash, s[i].s.after)
	}
	for _, i := range p.argLists {
		l := &ls[i].l
		for j := range l.n {
			f.stash = append(f.stash, l.at(j).after)
		}
	}
}

// swapBindings swaps the arguments' after identities with the stash.
func (f *frame) swapBindings(p *fastPlan, s []Slot, ls []ListSlot) {
	n := 0
	swap := func(a *asserts.Ident) {
		*a, f.stash[n] = f.stash[n], *a
		n++
	}
	for i := range p.nArgs {
		swap(&s[i].s.after)
	}
	for _, i := range p.argLists {
		l := &ls[i].l
		for j := range l.n {
			swap(&l.at(j).after)
		}
	}
}

// elemsBuf holds the tensors of a list for a row that reads them: up to
// listInline of them on the stack.
type elemsBuf [listInline]asserts.Identity

// elems makes the tensors of list slot q from its handle, in buf when
// they fit (off the fast plan only).
func (f *frame) elems(q *ListSlot, buf *elemsBuf) []asserts.Identity {
	var ts []asserts.Identity
	if q.l.n <= len(buf) {
		ts = buf[:q.l.n]
	} else {
		ts = make([]asserts.Identity, q.l.n)
	}
	for i := range ts {
		ts[i] = f.elemOf(q.h, i)
	}
	return ts
}

// end ends the call once its returns are read and its arguments read
// again: a call on the fast plan passes if its reads found nothing that
// differs (f.diff 0) and the tests of pairs hold.
//
//go:noinline
func (f *frame) end() {
	c, p := &f.c, f.p
	if !f.fast || f.diff != 0 {
		f.endRows()
		return
	}
	if p.unc {
		f.endIdent(p)
		return
	}
	var s []Slot
	if p.ns != 0 {
		s = unsafe.Slice((*Slot)(unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))), p.ns)
	}
	for k := range p.rets {
		n := &p.rets[k]
		r := &s[n.r].s
		if r.meta != asserts.Versioned|fResult || n.le1 && r.after.Impl > 1 || n.eq1 && r.after.Storage != 1 || n.one && r.after.Impl != 1 {
			f.endRows()
			return
		}
		if n.allFresh {
			for i := range p.nArgs {
				if a := &s[i].s; a.id.Impl == r.id.Impl || a.id.Storage == r.id.Storage {
					f.endRows()
					return
				}
			}
			continue
		}
		if n.view != 0 && uint64(r.after.Storage) <= r.digest || (n.shares|n.view) != 0 && r.id.Storage == 0 {
			f.endRows()
			return
		}
		for i, b := range n.k {
			if b == 0 {
				continue
			}
			a := &s[i].s
			if a.id.Impl == r.id.Impl && b&kApart != 0 || (a.id.Storage == r.id.Storage || r.anchor != nil && r.anchor == a.anchor) && b&kFresh != 0 ||
				a.id.Storage != r.id.Storage && b&kShares != 0 || a.after.Impl != r.id.Impl && b&kReturns != 0 {
				f.endRows()
				return
			}
		}
	}
	if p.more && !f.passesMore(p) {
		f.endRows()
		return
	}
	if c.nmut != 0 {
		c.endWrites()
	}
	if poolLog.used.Load() && writeClock.Load() != c.since || p.nl != 0 {
		f.endFast(p)
		return
	}
	if st := &c.op.st; st.cal.Load() == p.cal[f.bindNo] {
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
	c := &f.c
	if poolLog.used.Load() && writeClock.Load() != c.since {
		c.claimPoolEvents()
	}
	if c.nmut != 0 {
		c.endWrites()
	}
	_, ls := f.slots(p)
	b := f.bindNo
	st := &c.op.st
	lens, lensOK := uint64(0), true
	for i := range ls {
		lensOK = lensOK && ls[i].l.n <= 0xff && i < 8 // 8 bits a list, 8 lists: a call of more is not calibrated
		lens |= uint64(ls[i].l.n) << (8 * i)
	}
	cal := st.cal.Load()
	if cal != nil && lensOK && cal.p == p && cal.b == b && cal.lens == lens {
		st.sigCalls.Add(1)
		return
	}
	c.t = p.full[b]
	if p.nl != 0 {
		f.addLists(p, ls, true)
	}
	if cal == nil && lensOK && st.state.Load() == sigReady && st.sig == c.t {
		if p.nl == 0 {
			st.cal.CompareAndSwap(nil, p.cal[b])
		} else {
			st.cal.CompareAndSwap(nil, &fastCal{p: p, b: b, lens: lens})
		}
	}
	c.endCounts()
}

// addLists adds the counts of the list rows of a call on the fast plan:
// before the kernel, and with post those after it.
func (f *frame) addLists(p *fastPlan, ls []ListSlot, post bool) {
	c := &f.c
	for _, i := range p.bindList {
		c.t[laneBinding/4] += uint64(ls[i].l.n) * c.bind
	}
	for _, i := range p.contList {
		c.t[laneContentOff/4] += uint64(ls[i].l.n) << (16 * (laneContentOff % 4))
	}
	for _, i := range p.metaList {
		c.t[laneSameMetadata/4] += uint64(ls[i].l.n) << (16 * (laneSameMetadata % 4))
	}
	if post {
		for _, w := range p.postList {
			c.t[w.w] += w.v * uint64(ls[w.i].l.n)
		}
	}
}

// passesMore is end's test of the metadata and of the pairs with lists.
func (f *frame) passesMore(p *fastPlan) bool {
	s, ls := f.slots(p)
	for _, i := range p.argLists {
		km, wm := -(p.lkept >> i & 1), -(p.lwhole >> i & 1)
		inl, more := ls[i].l.parts()
		var d uint64
		for j := range inl {
			e := &inl[j]
			d |= uint64((e.after.Impl^e.id.Impl)|(e.after.Storage^e.id.Storage))&km |
				((e.after.Version^e.id.Version)|uint64(e.after.Traits^e.id.Traits))&wm
		}
		for j := range more {
			e := &more[j]
			d |= uint64((e.after.Impl^e.id.Impl)|(e.after.Storage^e.id.Storage))&km |
				((e.after.Version^e.id.Version)|uint64(e.after.Traits^e.id.Traits))&wm
		}
		if d != 0 {
			return false
		}
	}
	for _, i := range p.meta {
		if q := &s[i]; q.mread&4 == 0 || !q.s.MetadataKept(q.fp, q.mread&8 != 0) {
			return false
		}
	}
	for _, pr := range p.pairs {
		if !pr.holds(s, ls) {
			return false
		}
	}
	return true
}

// afterCall runs the rows' steps after the kernel that come before the
// arguments' snapshots are completed (binding_context's, in a hermetic
// context).
func (f *frame) afterCall(p *fastPlan, s []Slot, ls []ListSlot) {
	var buf elemsBuf
	for i := range p.sh.Rows {
		if r := &p.sh.Rows[i]; !r.Skip {
			if id := rowSteps[r.Check].afterCall[r.Form]; id != stepNone {
				x := f.rowCtx(r, p, s, ls, &buf)
				x.run(id)
			}
		}
	}
}

// holds reports whether the pair's entry passes without a look.
func (pr pair) holds(s []Slot, ls []ListSlot) bool {
	r := &s[pr.r].s
	switch pr.kind {
	case pairFreshOrAli:
		a := &s[pr.a].s
		return r.meta == asserts.Versioned|fResult && a.meta == asserts.Versioned && (r.id.Impl != a.id.Impl &&
			(r.id.Storage == a.id.Storage && r.id.Storage != 0 || r.implUses() <= 1 && r.storageUses() == 1) ||
			r.id.Impl == a.id.Impl && r.id.Impl != 0 && r.implUses() > 1)
	case pairNotInList:
		return r.id.Impl == 0 || !ls[pr.a].l.holdsImpl(r.id.Impl)
	case pairFreshOf:
		return r.meta == asserts.Versioned|fResult && !ls[pr.a].l.holdsStorage(r.id.Storage)
	}
	return false
}

// endRows ends a call off the fast plan, or that failed it: the steps of
// the rows after the kernel, entry by entry, then Call.End. A call that
// began on the plan first counts what the plan counted before the kernel.
//
//go:noinline
func (f *frame) endRows() {
	f.rowsAfter()
	f.c.End()
}

// rowsAfter runs the steps of the rows after the kernel (endRows but
// Call.End).
func (f *frame) rowsAfter() {
	c, p := &f.c, f.p
	sh := p.sh
	s, ls := f.slots(p)
	if f.fast {
		c.t = p.pre[f.bindNo]
		if p.nl != 0 {
			f.addLists(p, ls, false)
		}
	}
	if c.env.Hermetic && len(f.stash) > 0 {
		f.pendingLists(p, ls, true)
		f.swapBindings(p, s, ls)
		f.afterCall(p, s, ls)
		f.swapBindings(p, s, ls)
	}
	for i := range p.nArgs {
		s[i].s.meta &^= fPending
	}
	if p.unc {
		f.anchorsAfter(p, s)
	}
	f.pendingLists(p, ls, false)
	for _, i := range p.argLists {
		ls[i].l.SummarizeAfter()
	}
	var buf elemsBuf
	for pass := range 2 { // the steps that run last (same_content's) in a second pass
		for i := range sh.Rows {
			r := &sh.Rows[i]
			if r.Skip {
				if pass == 0 {
					c.PlanSkip(r.Check, sh.Locs[r.T])
				}
				continue
			}
			st := &rowSteps[r.Check]
			if st.last[r.Form] != (pass == 1) {
				continue
			}
			x := f.rowCtx(r, p, s, ls, &buf)
			x.run(st.after[r.Form])
		}
	}
}

// pendingLists sets (on) or clears the pending flag of the elements of
// the list arguments: binding_context's step after the kernel runs on
// snapshots not yet completed.
func (f *frame) pendingLists(p *fastPlan, ls []ListSlot, on bool) {
	for _, i := range p.argLists {
		l := &ls[i].l
		for j := range l.n {
			if on {
				l.at(j).meta |= fPending
			} else {
				l.at(j).meta &^= fPending
			}
		}
	}
}

// slotOfList returns the slot of list i.
func (p *fastPlan) slotOfList(i int8) int {
	for k, isList := range p.list {
		if isList && p.idx[k] == i {
			return k
		}
	}
	return -1
}

// distinctOutputs runs distinct_outputs on the returns of r.Set, on
// copies of their snapshots (written back after): the Frame's own must not
// flow to the heap (the Frame would move there), and DistinctOutputs's
// outputs do.
func (f *frame) distinctOutputs(r *Row, p *fastPlan, s []Slot, ls []ListSlot) {
	var outs []Output
	for k := range p.list {
		if r.Set&(1<<k) == 0 {
			continue
		}
		if p.list[k] {
			cp := new(SavedList)
			*cp = ls[p.idx[k]].l
			outs = append(outs, OutList(p.sh.Locs[k], cp))
		} else {
			cp := new(Saved)
			*cp = s[p.idx[k]].s
			outs = append(outs, Out(p.sh.Locs[k], cp))
		}
	}
	f.c.DistinctOutputs(outs...)
	n := 0
	for k := range p.list {
		if r.Set&(1<<k) == 0 {
			continue
		}
		if p.list[k] {
			ls[p.idx[k]].l = *outs[n].list
		} else {
			s[p.idx[k]].s = *outs[n].s
		}
		n++
	}
}
