package wrap

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
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
func (f *frame) slots(p *fastPlan) ([]Slot, []ListSlot) {
	base := unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))
	return unsafe.Slice((*Slot)(base), p.ns),
		unsafe.Slice((*ListSlot)(unsafe.Add(base, uintptr(p.ns)*unsafe.Sizeof(Slot{}))), p.nl)
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
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOf()
	}
	f.p = p
	if size != p.size {
		c.misuse(0, Loc{}, fmt.Sprintf("a Frame of %d single and %d list snapshots for a shape of %d and %d", size>>8, size&0xff, p.ns, p.nl))
	}
	if len(sh.Writes) != 0 {
		f.writes(p)
	}
	if !p.fast || f.odd != 0 || c.saved != fPending || c.env.Hermetic || !ContentCheckOff() ||
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
		if m, ok := f.p.sh.Tensor(p.h).(asserts.Metadata); ok {
			c.SaveMetadataOf(&p.s, m)
			return
		}
	}
	c.SaveMetadata(&p.s, f.p.sh.Tensor(p.h))
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
		r := &sh.Rows[i]
		if r.Skip {
			continue
		}
		switch r.Check {
		case checks.BindingContext:
			if r.Form == FormOne {
				q := &s[p.idx[r.T]]
				c.BindingContext(sh.Locs[r.T], &q.s, sh.Tensor(q.h))
			} else {
				q := &ls[p.idx[r.T]]
				BindingContextList(c, sh.Locs[r.T], &q.l, f.elems(q, &buf))
			}
		case checks.SameContent:
			if r.Form == FormOne {
				q := &s[p.idx[r.T]]
				c.SameContent(sh.Locs[r.T], &q.s, sh.Tensor(q.h))
			} else {
				q := &ls[p.idx[r.T]]
				SameContentList(c, sh.Locs[r.T], &q.l, f.elems(q, &buf))
			}
		case checks.SameMetadata:
			if r.Form == FormOne {
				f.takeMetadata(&s[p.idx[r.T]])
			} else {
				q := &ls[p.idx[r.T]]
				SaveMetadataList(c, &q.l, f.elems(q, &buf))
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
type elemsBuf [listInline]asserts.Tensor

// elems makes the tensors of list slot q from its handle, in buf when
// they fit (off the fast plan only).
func (f *frame) elems(q *ListSlot, buf *elemsBuf) []asserts.Tensor {
	var ts []asserts.Tensor
	if q.l.n <= len(buf) {
		ts = buf[:q.l.n]
	} else {
		ts = make([]asserts.Tensor, q.l.n)
	}
	for i := range ts {
		ts[i] = f.p.sh.Elem(q.h, i)
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
	s := unsafe.Slice((*Slot)(unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(frame{}))), p.ns)
	for k := range p.rets {
		n := &p.rets[k]
		r := &s[n.r].s
		if r.meta != asserts.Versioned|fResult || n.le1 && r.after.Impl > 1 || n.eq1 && r.after.Storage != 1 {
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
			if a.id.Impl == r.id.Impl && b&kApart != 0 || a.id.Storage == r.id.Storage && b&kFresh != 0 ||
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
		lensOK = lensOK && ls[i].l.n <= 0xff
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

// bindingAfter runs binding_context's step after the kernel (in a
// hermetic context), before the arguments' snapshots are completed.
func (f *frame) bindingAfter(p *fastPlan, s []Slot, ls []ListSlot) {
	c, sh := &f.c, p.sh
	var buf elemsBuf
	for i := range sh.Rows {
		r := &sh.Rows[i]
		if r.Skip || r.Check != checks.BindingContext {
			continue
		}
		if r.Form == FormOne {
			q := &s[p.idx[r.T]]
			c.BindingContextAfter(sh.Locs[r.T], &q.s, sh.Tensor(q.h))
		} else {
			q := &ls[p.idx[r.T]]
			BindingContextAfterList(c, sh.Locs[r.T], &q.l, f.elems(q, &buf))
		}
	}
}

// holds reports whether the pair's entry passes without a look.
func (pr pair) holds(s []Slot, ls []ListSlot) bool {
	r := &s[pr.r].s
	switch pr.kind {
	case pairFreshOrAli:
		a := &s[pr.a].s
		return r.meta == asserts.Versioned|fResult && a.meta == asserts.Versioned && r.id.Impl != a.id.Impl &&
			(r.id.Storage == a.id.Storage && r.id.Storage != 0 || r.implUses() <= 1 && r.storageUses() == 1)
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
		f.bindingAfter(p, s, ls)
		f.swapBindings(p, s, ls)
	}
	for i := range p.nArgs {
		s[i].s.meta &^= fPending
	}
	f.pendingLists(p, ls, false)
	for _, i := range p.argLists {
		ls[i].l.SummarizeAfter()
	}
	for i := range sh.Rows {
		r := &sh.Rows[i]
		if r.Skip {
			c.PlanSkip(r.Check, sh.Locs[r.T])
			continue
		}
		switch {
		case r.Check == checks.DistinctOutputs:
			f.distinctOutputs(r, p, s, ls)
		case r.Form == FormOne && r.Check == checks.SameContent:
			// after the other rows, as gen runs them: a write no_mutation
			// reported is not reported again
		case r.Form == FormOne:
			f.rowOne(r, p, s, ls)
		default:
			f.rowList(r, p, s, ls)
		}
	}
	if c.HasDigests() {
		for i := range sh.Rows {
			if r := &sh.Rows[i]; !r.Skip && r.Form == FormOne && r.Check == checks.SameContent {
				t := &s[p.idx[r.T]]
				c.SameContentAfter(sh.Locs[r.T], &t.s, sh.Tensor(t.h))
			}
		}
	}
	c.End()
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

// rowOne runs the step after the kernel of a row of single tensors.
func (f *frame) rowOne(r *Row, p *fastPlan, s []Slot, ls []ListSlot) {
	c, sh := &f.c, p.sh
	lt := sh.Locs[r.T]
	t := &s[p.idx[r.T]]
	var lu Loc
	var u *Saved
	if r.U >= 0 {
		lu, u = sh.Locs[r.U], &s[p.idx[r.U]].s
	}
	switch r.Check {
	case checks.SameImpl:
		c.SameImpl(lt, &t.s)
	case checks.SameStorage:
		c.SameStorage(lt, &t.s)
	case checks.NoMutation:
		c.NoMutation(lt, &t.s)
	case checks.ImplUseCountLE1:
		c.ImplUseCountLE1(lt, &t.s)
	case checks.StorageUseCountEq1:
		c.StorageUseCountEq1(lt, &t.s)
	case checks.NotArgHandle:
		c.NotArg(lt, &t.s, lu, u)
	case checks.FreshNoAlias:
		c.FreshNoAlias(lt, &t.s, lu, u)
	case checks.SharesStorage:
		c.SharesStorage(lt, &t.s, lu, u)
	case checks.ReturnsArg:
		c.ReturnsArg(lt, &t.s, lu, u)
	case checks.ViewHoldsStorage:
		c.ViewHoldsStorage(lt, &t.s, lu, u)
	case checks.FreshOrAlias:
		c.FreshOrAlias(lt, &t.s, lu, u)
	case checks.ImplUseCountEqFresh:
		c.ImplUseCountEqFresh(lt, &t.s, sh.Tensor(t.h))
	case checks.DistinctOutputs:
		f.distinctOutputs(r, p, s, ls)
	case checks.BindingContext:
		// its step after the kernel ran before the snapshots were completed
	case checks.SameMetadata:
		if t.mread&4 != 0 && t.s.MetadataKept(t.fp, t.mread&8 != 0) {
			return
		}
		if m, ok := sh.Tensor(t.h).(asserts.Metadata); ok {
			c.SameMetadataOf(lt, &t.s, m)
		} else {
			c.SameMetadata(lt, &t.s, sh.Tensor(t.h))
		}
	default:
		panic(fmt.Sprintf("asserts: %s: row %v: not a row of this runtime (generated code out of date? re-run assertgen)", c.op.FullName(), r))
	}
}

// rowList runs the step after the kernel of a row that names a list.
func (f *frame) rowList(r *Row, p *fastPlan, s []Slot, ls []ListSlot) {
	c, sh := &f.c, p.sh
	var buf elemsBuf
	lt, lu := sh.Locs[r.T], Loc{}
	if r.U >= 0 {
		lu = sh.Locs[r.U]
	}
	one := func(k int8) *Saved { return &s[p.idx[k]].s }
	list := func(k int8) *ListSlot { return &ls[p.idx[k]] }
	switch {
	case r.Check == checks.SameImpl:
		c.SameImplList(lt, &list(r.T).l)
	case r.Check == checks.SameStorage:
		c.SameStorageList(lt, &list(r.T).l)
	case r.Check == checks.NoMutation:
		c.NoMutationList(lt, &list(r.T).l)
	case r.Check == checks.ImplUseCountLE1:
		c.ImplUseCountLE1List(lt, &list(r.T).l)
	case r.Check == checks.StorageUseCountEq1:
		c.StorageUseCountEq1List(lt, &list(r.T).l)
	case r.Check == checks.BindingContext:
	case r.Check == checks.SameContent:
		q := list(r.T)
		SameContentAfterList(c, lt, &q.l, f.elems(q, &buf))
	case r.Check == checks.SameMetadata:
		q := list(r.T)
		SameMetadataList(c, lt, &q.l, f.elems(q, &buf))
	case r.Check == checks.ImplUseCountEqFresh:
		q := list(r.T)
		ImplUseCountEqFreshList(c, lt, &q.l, f.elems(q, &buf))
	case r.Check == checks.DistinctOutputs:
		f.distinctOutputs(r, p, s, ls)
	case r.Form == FormRetList:
		f.retListRow(r, lt, &list(r.T).l, lu, one(r.U))
	case r.Form == FormArgList:
		f.argListRow(r, lt, one(r.T), lu, &list(r.U).l)
	case r.Form == FormLists:
		f.listsRow(r, lt, &list(r.T).l, lu, &list(r.U).l)
	default:
		panic(fmt.Sprintf("asserts: %s: row %v: not a row of this runtime (generated code out of date? re-run assertgen)", c.op.FullName(), r))
	}
}

// retListRow runs a row of a list return and a single argument.
func (f *frame) retListRow(r *Row, lt Loc, rl *SavedList, lu Loc, a *Saved) {
	c := &f.c
	switch r.Check {
	case checks.SharesStorage:
		c.SharesStorageList(lt, rl, lu, a)
	case checks.FreshOrAlias:
		c.FreshOrAliasList(lt, rl, lu, a)
	case checks.NotArgHandle:
		c.NotArgElems(lt, rl, lu, a)
	case checks.FreshNoAlias:
		c.FreshNoAliasList(lt, rl, lu, a)
	case checks.ViewHoldsStorage:
		c.ViewHoldsStorageList(lt, rl, lu, a)
	default:
		panic(fmt.Sprintf("asserts: %s: row %v: not a row of this runtime (generated code out of date? re-run assertgen)", c.op.FullName(), r))
	}
}

// argListRow runs a row of a single return and a list argument.
func (f *frame) argListRow(r *Row, lt Loc, t *Saved, lu Loc, al *SavedList) {
	c := &f.c
	switch r.Check {
	case checks.SharesStorage:
		c.SharesStorageOf(lt, t, lu, al)
	case checks.FreshOrAlias:
		c.FreshOrAliasOf(lt, t, lu, al)
	case checks.NotArgHandle:
		c.NotArgList(lt, t, lu, al)
	case checks.FreshNoAlias:
		c.FreshNoAliasOf(lt, t, lu, al)
	default:
		panic(fmt.Sprintf("asserts: %s: row %v: not a row of this runtime (generated code out of date? re-run assertgen)", c.op.FullName(), r))
	}
}

// listsRow runs a row of a list return and a list argument.
func (f *frame) listsRow(r *Row, lt Loc, rl *SavedList, lu Loc, al *SavedList) {
	c := &f.c
	switch r.Check {
	case checks.SharesStorage:
		c.SharesStorageListOf(lt, rl, lu, al)
	case checks.FreshOrAlias:
		c.FreshOrAliasListOf(lt, rl, lu, al)
	case checks.NotArgHandle:
		c.NotArgElemsList(lt, rl, lu, al)
	case checks.FreshNoAlias:
		c.FreshNoAliasListOf(lt, rl, lu, al)
	case checks.ReturnsArg:
		c.ReturnsArgList(lt, rl, lu, al)
	default:
		panic(fmt.Sprintf("asserts: %s: row %v: not a row of this runtime (generated code out of date? re-run assertgen)", c.op.FullName(), r))
	}
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
