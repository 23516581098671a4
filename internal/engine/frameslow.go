package engine

import (
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// The rows of a call off the fast plan: a Frame holds only what the plan
// tests, so a call that begins off it (Frame.Begin: a mode, a hermetic
// context, same_content on, an argument not plain) or fails it at End
// takes a slowCall, the rows path's Call and snapshots (Saved, SavedList),
// made from the Frame's reads, and runs each row by the steps its check
// registers (rowrun.go). The slowCall comes from a pool and goes back at
// End, so that neither path allocates and the Frame stays small: it is
// zeroed on every call, the slowCall only when a call leaves the plan.

// A slowCall is the rows' state of a call off the fast plan: the call, and
// one snapshot per slot of the Frame (its singles', its lists').
type slowCall struct {
	c  Call
	s  []Saved
	ls []SavedList
}

var slowCalls = sync.Pool{New: func() any { return new(slowCall) }}

// newSlow takes a slowCall for the call, its snapshots zeroed.
func (f *frame) newSlow(p *fastPlan) *slowCall {
	sc := slowCalls.Get().(*slowCall)
	sc.c = Call{}
	sc.s = zeroed(sc.s, p.ns)
	sc.ls = zeroed(sc.ls, p.nl)
	f.slow = sc
	return sc
}

// zeroed returns n zero values, in xs when it has room.
func zeroed[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

// beginRows begins a call off the fast plan: the rows' snapshots of the
// arguments made from the Frame's reads (as Call.Save would, on each
// element of a list), the writes declared (Call.Mutable), then the steps of the rows before
// the kernel, entry by entry.
func (f *frame) beginRows(p *fastPlan, env asserts.EnvState, hasEnv bool) {
	sc := f.newSlow(p)
	c, sh := &sc.c, p.sh
	c.op, c.since = f.op, f.since()
	c.env, c.saved, c.bind = env, savedFlags(env), bindNoEnv
	if hasEnv {
		c.bind = bindRun
	}
	c.fresh = f.fresh
	f.mode = c.saved & fMode
	s, ls := f.slots(p)
	for i := range p.nArgs {
		if p.mem {
			memArg(&s[i], &sc.s[i], c.saved)
			continue
		}
		sc.s[i].id, sc.s[i].meta, sc.s[i].anchor = s[i].id, s[i].meta|c.saved, s[i].anchor
	}
	for _, i := range p.argLists {
		l := &sc.ls[i]
		f.listArg(p, &ls[i], l, c.saved)
		if sh.OptLists&(1<<p.slotOfList(i)) != 0 {
			c.SummarizeSavedOpt(l)
		} else {
			l.SummarizeSaved()
		}
	}
	for _, w := range sh.Writes {
		if p.list[w] {
			c.MutableList(&sc.ls[p.idx[w]])
		} else {
			c.Mutable(&sc.s[p.idx[w]])
		}
	}
	var buf elemsBuf
	x := f.rowCtx(sc, &buf, s, ls)
	x.runAll(p.steps.before)
}

// listArg makes the snapshots of list argument q's elements before the
// kernel in l, each with flags.
func (f *frame) listArg(p *fastPlan, q *ListSlot, l *SavedList, flags asserts.Traits) {
	l.Reset(q.n)
	for j := range q.n {
		e := l.at(j)
		if p.mem {
			memElem(q.at(j), e, flags)
			continue
		}
		e.id = q.at(j).id
		e.meta = e.id.Traits&^asserts.AddressIdentity | flags
	}
}

// slowOfFast makes the rows' state of a call that began on the fast plan
// and fails it: the arguments' snapshots as they were before the kernel,
// the call's writes (declared by the Frame, ended by Call.End) and what
// the plan counted before the kernel.
func (f *frame) slowOfFast(p *fastPlan) *slowCall {
	sc := f.newSlow(p)
	c := &sc.c
	c.op, c.since = f.op, f.since()
	c.env, c.saved, c.bind = asserts.EnvState{Context: f.ctx}, fPending, bindOf(f.bindNo)
	c.fresh = f.fresh
	s, ls := f.slots(p)
	for i := range p.nArgs {
		if p.mem {
			memArg(&s[i], &sc.s[i], fPending)
			continue
		}
		sc.s[i].id, sc.s[i].meta, sc.s[i].anchor = s[i].id, s[i].meta|fPending, s[i].anchor
	}
	for _, i := range p.meta { // taken before the kernel (beginMeta)
		sc.s[i].metadata, sc.s[i].hasMeta = s[i].x, true
	}
	for _, i := range p.argLists {
		f.listArg(p, &ls[i], &sc.ls[i], fPending)
		sc.ls[i].SummarizeSaved()
	}
	for _, i := range p.metaList { // taken before the kernel (the memory kind's reads, metaElems)
		l := &sc.ls[i]
		for j := range l.n {
			if !p.mem {
				l.at(j).metadata = ls[i].at(j).fp
			}
			l.at(j).hasMeta = true
		}
	}
	if f.nmut != 0 { // in frame.declareWrites' order
		c.tok = f.tok
		for _, off := range p.wr {
			c.adoptWrite(&(*Slot)(unsafe.Add(unsafe.Pointer(f), off)).id)
		}
		for _, i := range p.wlists {
			for j := range ls[i].n {
				c.adoptWrite(&ls[i].at(j).id)
			}
		}
		f.nmut = 0
	}
	c.t = p.pre[f.bindNo]
	if p.nl != 0 {
		addLists(&c.t, p, ls, c.bind, false)
	}
	return sc
}

// adoptWrite records in c a write a Frame declared (Call.Mutable's
// record without its declaration): c.tok is the Frame's.
func (c *Call) adoptWrite(id *asserts.Ident) {
	st := writeKey(*id)
	if c.nmut < len(c.mut) {
		c.mut[c.nmut], c.mutImpl[c.nmut] = st, id.Impl
		c.nmut++
		return
	}
	if c.nmut == len(c.mut) {
		c.mutMore, c.mutImplMore = c.mutMore[:0], c.mutImplMore[:0]
	}
	c.mutMore = append(c.mutMore, st)
	c.mutImplMore = append(c.mutImplMore, id.Impl)
	c.nmut++
}

// listMisuse reports a list read after the kernel of another length than
// before it (as SavedList.CheckLen), the call's writes ended.
func (f *frame) listMisuse() {
	if sc := f.slow; sc != nil {
		f.slow = nil
		sc.c.listLenMisuse()
	}
	if f.nmut != 0 {
		f.endWrites(f.p)
	}
	c := Call{op: f.op}
	c.listLenMisuse()
}

// endRows ends a call off the fast plan, or that failed it: the rows'
// snapshots completed from the Frame's reads after the kernel, the steps
// of the rows after it, entry by entry, then Call.End.
//
//go:noinline
func (f *frame) endRows() {
	sc := f.rowsAfter()
	f.slow = nil
	sc.c.End()
	slowCalls.Put(sc)
}

// rowsAfter runs the steps of the rows after the kernel (endRows but
// Call.End), on the call's rows' state, which it returns.
func (f *frame) rowsAfter() *slowCall {
	p := f.p
	sc := f.slow
	if sc == nil {
		sc = f.slowOfFast(p)
	}
	c, sh := &sc.c, p.sh
	s, ls := f.slots(p)
	var buf elemsBuf
	x := f.rowCtx(sc, &buf, s, ls)
	if c.env.Hermetic {
		// the steps after the kernel that read what binding_context's
		// step before it kept in the snapshots, before they are completed
		x.runAll(p.steps.afterCall)
	}
	f.complete(p, sc, s, ls)
	for _, r := range p.skips {
		c.PlanSkip(r.Check, sh.Locs[r.T])
	}
	x.runAll(p.steps.after)
	return sc
}

// complete completes the rows' snapshots once the kernel has returned,
// from the Frame's reads after it: the arguments' (as Call.After would,
// on each element of a list), the returns' (Call.Result).
func (f *frame) complete(p *fastPlan, sc *slowCall, s []Slot, ls []ListSlot) {
	c := &sc.c
	for i := range p.nArgs {
		if p.mem {
			memAfter(c, p, &s[i], &sc.s[i])
			continue
		}
		sc.s[i].after = s[i].after
		sc.s[i].meta = sc.s[i].meta&^fPending | s[i].meta&fRecycled // AfterRecycled's mark
		if p.unc {
			f.anchorAfter(c, &s[i], &sc.s[i])
		}
	}
	for i := p.nArgs; i < p.ns; i++ {
		q, r := &s[i], &sc.s[i]
		if p.mem {
			memRet(q, r, c.saved&fMode)
			continue
		}
		r.id, r.after, r.meta, r.digest, r.anchor = q.id, q.after, q.meta, q.x, q.anchor
	}
	for k, isList := range p.list {
		if !isList {
			continue
		}
		q, l := &ls[p.idx[k]], &sc.ls[p.idx[k]]
		if k < p.sh.Args {
			for j := range l.n {
				e := l.at(j)
				if p.mem {
					memElemAfter(c, p, q, j, e)
					continue
				}
				e.after = q.at(j).after
				e.meta &^= fPending
			}
			l.SummarizeAfter()
			continue
		}
		l.Reset(q.n)
		l.base = q.base
		uncounted := asserts.Traits(0)
		if p.unc || p.mem {
			uncounted = fUncounted // as ResultIdent (the memory kind's too: its adapter's identities)
		}
		for j := range q.n {
			e, qe := l.at(j), q.at(j)
			e.id, e.after = qe.id, qe.after
			e.meta = e.id.Traits&^asserts.AddressIdentity | fResult | uncounted | c.saved&fMode
		}
		if p.unc || p.mem {
			l.ok = 0 // every list check takes its slow path, where the policy skips the use counts
			continue
		}
		l.SummarizeResult()
	}
}

// elemsBuf holds the tensors of a list for a row that reads them: up to
// listInline of them on the stack.
type elemsBuf [listInline]asserts.Identity

// elems makes the tensors of list slot q from its handle, in buf when
// they fit (off the fast plan only).
func (f *frame) elems(q *ListSlot, buf *elemsBuf) []asserts.Identity {
	var ts []asserts.Identity
	if q.n <= len(buf) {
		ts = buf[:q.n]
	} else {
		ts = make([]asserts.Identity, q.n)
	}
	for i := range ts {
		ts[i] = f.elemOf(q.h, i)
	}
	return ts
}

// takeMetadata runs the step of same_metadata before the kernel for a
// single argument, from the fingerprint its helper read when it had one.
func (f *frame) takeMetadata(q *Slot, s *Saved, c *Call) {
	if q.mread&1 != 0 {
		if c.TakeMetadata(s, q.x, q.mread&2 != 0) {
			return
		}
		if m, ok := f.tensorOf(q).(asserts.Metadata); ok {
			c.SaveMetadataOf(s, m)
			return
		}
	}
	c.SaveMetadata(s, f.tensorOf(q))
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

// distinctOutputs runs distinct_outputs on the returns of r.Set.
func (x *rowCtx) distinctOutputs() {
	p := x.f.p
	var outs []Output
	for k := range p.list {
		if x.r.Set&(1<<k) == 0 {
			continue
		}
		if p.list[k] {
			outs = append(outs, OutList(p.sh.Locs[k], &x.sc.ls[p.idx[k]]))
		} else {
			outs = append(outs, Out(p.sh.Locs[k], &x.sc.s[p.idx[k]]))
		}
	}
	x.c.DistinctOutputs(outs...)
}

// tensorOf makes the tensor of single slot q: for a tensor held as an
// interface (Frame.Iface), an interface of its two words again; else
// from its handle (tensorAt).
func (f *frame) tensorOf(q *Slot) asserts.Identity {
	if q.itype != nil {
		t, _ := ifaceOf(q).(asserts.Identity)
		return t
	}
	return f.tensorAt(q.h)
}

// ifaceOf puts the two words of a tensor held as an interface
// (Frame.Iface: its type word in q.itype, its data word in q.h) back
// together.
func ifaceOf(q *Slot) any {
	var e any
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&e))
	w[0], w[1] = q.itype, q.h
	return e
}

// tensorAt makes a tensor from its handle h: by the Shape's Tensor
// function, or for a generic type (Frame.BeginOf) as an interface of the
// call's instantiation holding h (the type is a pointer: an interface's
// data word is the pointer itself).
func (f *frame) tensorAt(h unsafe.Pointer) asserts.Identity {
	if f.ptype == nil {
		return f.p.sh.Tensor(h)
	}
	var t asserts.Identity
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&t))
	w[0], w[1] = f.ptype, h
	return t
}

// elemOf makes element i of a list slot from the list's data h, as
// tensorAt does a single tensor's (a list of tensors held as an
// interface: by the Shape's Elem function, which reads the element).
func (f *frame) elemOf(h unsafe.Pointer, i int) asserts.Identity {
	if f.ptype == nil {
		return f.p.sh.Elem(h, i)
	}
	return f.tensorAt(*(*unsafe.Pointer)(unsafe.Add(h, uintptr(i)*unsafe.Sizeof(h))))
}
