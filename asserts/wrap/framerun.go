package wrap

import (
	"fmt"
	"math/bits"
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

//go:noinline
func (f *frame) begin(op *Op, sh *Shape, ns, nl int) {
	c := &f.c
	c.op = op
	c.loadEnv()
	p := sh.plan.Load()
	if p == nil {
		p = sh.planOf()
	}
	f.p = p
	if ns != p.ns || nl != p.nl {
		c.misuse(0, Loc{}, fmt.Sprintf("a Frame of %d single and %d list snapshots for a shape of %d and %d", ns, nl, p.ns, p.nl))
	}
	s, ls := f.slots(p)
	if len(sh.Writes) != 0 {
		f.writes(p, s, ls)
	}
	if !p.fast || c.saved != fPending || c.env.Hermetic || !ContentCheckOff() {
		f.beginRows(p, s, ls)
		return
	}
	for i := range p.nArgs {
		if s[i].s.meta != asserts.Versioned {
			f.beginRows(p, s, ls)
			return
		}
	}
	if p.nl != 0 && !p.listsPlain(ls) {
		f.beginRows(p, s, ls)
		return
	}
	for _, i := range p.meta {
		if q := &s[i]; q.mread&3 != 3 || q.s.id.Impl == 0 {
			f.beginRows(p, s, ls)
			return
		}
	}
	for _, i := range p.meta {
		s[i].s.hasMeta = true
	}
	f.fast = true
}

// writes declares the writes of the call (Call.Mutable).
func (f *frame) writes(p *fastPlan, s []Slot, ls []ListSlot) {
	for _, w := range p.sh.Writes {
		if p.list[w] {
			f.c.MutableList(&ls[p.idx[w]].l)
		} else {
			f.c.Mutable(&s[p.idx[w]].s)
		}
	}
}

// listsPlain reports whether every list argument is plain: every element
// a defined tensor of no special kind, versioned, at most 255.
func (p *fastPlan) listsPlain(ls []ListSlot) bool {
	for _, i := range p.argLists {
		if ls[i].l.ok&okRegular == 0 {
			return false
		}
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
func (f *frame) beginRows(p *fastPlan, s []Slot, ls []ListSlot) {
	c, sh := &f.c, p.sh
	for i := range p.nArgs {
		s[i].s.meta |= fPending
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
				BindingContextList(c, sh.Locs[r.T], &q.l, f.elems(q))
			}
		case checks.SameContent:
			if r.Form == FormOne {
				q := &s[p.idx[r.T]]
				c.SameContent(sh.Locs[r.T], &q.s, sh.Tensor(q.h))
			} else {
				q := &ls[p.idx[r.T]]
				SameContentList(c, sh.Locs[r.T], &q.l, f.elems(q))
			}
		case checks.SameMetadata:
			if r.Form == FormOne {
				f.takeMetadata(&s[p.idx[r.T]])
			} else {
				q := &ls[p.idx[r.T]]
				SaveMetadataList(c, &q.l, f.elems(q))
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

// elems makes the tensors of list slot q from its handle (off the fast
// plan only: it allocates).
func (f *frame) elems(q *ListSlot) []asserts.Tensor {
	ts := make([]asserts.Tensor, q.l.n)
	for i := range ts {
		ts[i] = f.p.sh.Elem(q.h, i)
	}
	return ts
}

//go:noinline
func (f *frame) end() {
	c, p := &f.c, f.p
	s, ls := f.slots(p)
	if f.fast && (p.one >= 0 && p.passesOne(s) || p.one < 0 && p.passes(s, ls)) {
		f.endFast(p, ls)
		return
	}
	if f.fast {
		f.addPre(p, ls)
	}
	f.endRows(p, s, ls)
	c.End()
}

// endFast ends a call that passed the fast plan: one more call of the
// op's signature once the plan calibrated it (the signature is the
// plan's counts), else the call counts the plan's counts.
func (f *frame) endFast(p *fastPlan, ls []ListSlot) {
	c := &f.c
	if poolLog.used.Load() && writeClock.Load() != c.since {
		c.claimPoolEvents()
	}
	if c.nmut != 0 {
		c.endWrites()
	}
	b := 0
	if c.bind != bindRun {
		b = 1
	}
	st := &c.op.st
	if p.nl == 0 && st.fastKey.Load() == p.key[b] {
		st.sigCalls.Add(1)
		return
	}
	c.t = p.full[b]
	if p.nl != 0 {
		f.addLists(p, ls, true)
	} else if st.state.Load() == sigReady && st.sig == c.t {
		st.fastKey.Store(p.key[b])
	}
	c.endCounts()
}

// addPre adds what a call that began on the fast plan counted before the
// kernel, for the rows after it.
func (f *frame) addPre(p *fastPlan, ls []ListSlot) {
	c := &f.c
	b := 0
	if c.bind != bindRun {
		b = 1
	}
	c.t = p.pre[b]
	if p.nl != 0 {
		f.addLists(p, ls, false)
	}
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

// passes reports whether the plan's tests hold on the call's snapshots
// (a call that began on the plan: its arguments plain). The tests of the
// arguments and of the returns' use counts are branch-free: what differs
// is or-ed into one word.
func (p *fastPlan) passes(s []Slot, ls []ListSlot) bool {
	var bad uint64
	keep, whole := p.keep, p.whole1[:len(p.keep)]
	for i, k := range keep {
		a := &s[i].s
		bad |= uint64(a.after.Impl^a.id.Impl|a.after.Storage^a.id.Storage)&k |
			(a.after.Version^a.id.Version|uint64(a.after.Traits^a.id.Traits))&whole[i]
	}
	for k := range p.rets {
		n := &p.rets[k]
		r := &s[n.r].s
		bad |= uint64(r.meta^(asserts.Versioned|fResult)) | uint64(r.after.Impl>>1)&n.le1m | uint64(r.after.Storage^1)&n.eq1m
		for m := n.apart | n.fresh | n.shares | n.returns | n.view; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			a, b := &s[i].s, uint64(1)<<i
			if n.apart&b != 0 && a.id.Impl == r.id.Impl ||
				n.fresh&b != 0 && a.id.Storage == r.id.Storage ||
				n.shares&b != 0 && (a.id.Storage != r.id.Storage || r.id.Storage == 0) ||
				n.returns&b != 0 && a.after.Impl != r.id.Impl ||
				n.view&b != 0 && (a.id.Storage != r.id.Storage || uint64(r.after.Storage) <= r.digest) {
				return false
			}
		}
	}
	if bad != 0 {
		return false
	}
	return !p.more || p.passesMore(s, ls)
}

// passesOne is passes for a plan of one single return and no tests but
// the arguments' and the return's, all branch-free.
func (p *fastPlan) passesOne(s []Slot) bool {
	n := &p.rets[0]
	r := &s[p.one].s
	bad := uint64(r.meta^(asserts.Versioned|fResult)) | uint64(r.after.Impl>>1)&n.le1m | uint64(r.after.Storage^1)&n.eq1m
	if n.view != 0 && uint64(r.after.Storage) <= r.digest || (n.shares|n.view) != 0 && r.id.Storage == 0 {
		return false
	}
	argm := p.argm
	for i := range argm {
		x := &argm[i]
		a := &s[i].s
		bad |= uint64(a.after.Impl^a.id.Impl|a.after.Storage^a.id.Storage)&x.keep |
			(a.after.Version^a.id.Version|uint64(a.after.Traits^a.id.Traits))&x.whole |
			isZero(uint64(a.id.Impl^r.id.Impl))&x.apart | isZero(uint64(a.id.Storage^r.id.Storage))&x.fresh |
			uint64(a.id.Storage^r.id.Storage)&x.shares | uint64(a.after.Impl^r.id.Impl)&x.returns
	}
	return bad == 0
}

// isZero is 1 if v is 0, else 0.
func isZero(v uint64) uint64 { return ((v | -v) >> 63) ^ 1 }

// passesMore is passes for the metadata, the lists and the other pairs.
func (p *fastPlan) passesMore(s []Slot, ls []ListSlot) bool {
	for _, i := range p.meta {
		if q := &s[i]; q.mread&4 == 0 && q.s.hasMeta || !q.s.MetadataKept(q.fp, q.mread&8 != 0) {
			return false
		}
	}
	for _, i := range p.argLists {
		l := &ls[i].l
		for j := range l.n {
			l.at(j).meta &^= fPending
		}
		l.SummarizeAfter()
	}
	for _, n := range p.listNeed {
		if ls[n.i].l.ok&n.ok != n.ok {
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
			BindingContextAfterList(c, sh.Locs[r.T], &q.l, f.elems(q))
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

// endRows runs the steps of the rows after the kernel, entry by entry.
func (f *frame) endRows(p *fastPlan, s []Slot, ls []ListSlot) {
	sh := p.sh
	if f.c.env.Hermetic && len(f.stash) > 0 {
		f.swapBindings(p, s, ls)
		f.bindingAfter(p, s, ls)
		f.swapBindings(p, s, ls)
	}
	for i := range p.nArgs {
		s[i].s.meta &^= fPending
	}
	for _, i := range p.argLists { // again if passesMore did: it is idempotent
		l := &ls[i].l
		for j := range l.n {
			l.at(j).meta &^= fPending
		}
		l.SummarizeAfter()
	}
	for i := range sh.Rows {
		r := &sh.Rows[i]
		if r.Skip {
			f.c.PlanSkip(r.Check, sh.Locs[r.T])
			continue
		}
		switch {
		case r.Form == FormOne && r.Check == checks.SameContent:
			// after the other rows, as gen runs them: a write no_mutation
			// reported is not reported again
		case r.Form == FormOne:
			f.rowOne(r, p, s, ls)
		default:
			f.rowList(r, p, s, ls)
		}
	}
	if !f.c.HasDigests() {
		return
	}
	for i := range sh.Rows {
		if r := &sh.Rows[i]; !r.Skip && r.Form == FormOne && r.Check == checks.SameContent {
			t := &s[p.idx[r.T]]
			f.c.SameContentAfter(sh.Locs[r.T], &t.s, sh.Tensor(t.h))
		}
	}
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
		SameContentAfterList(c, lt, &q.l, f.elems(q))
	case r.Check == checks.SameMetadata:
		q := list(r.T)
		SameMetadataList(c, lt, &q.l, f.elems(q))
	case r.Check == checks.ImplUseCountEqFresh:
		q := list(r.T)
		ImplUseCountEqFreshList(c, lt, &q.l, f.elems(q))
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
