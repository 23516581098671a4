package engine

import (
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// The rows of a call off the fast plan: a call that begins off it
// (Frame.Begin: a mode, a hermetic context, same_content on, an argument
// not plain) or fails it at End takes the rows' Call, and runs
// each row by the steps its check registers (rowrun.go) on the Frame's
// slots, which it completes in place with the flags the rows keep. The
// Call comes from a pool and goes back at End, so that neither path
// allocates and the Frame stays small.
var slowCalls = sync.Pool{New: func() any { return new(Call) }}

// newSlow takes the rows' Call for the call, under env with the flags
// saved and binding_context's count bind, and completes the arguments'
// slots before the kernel (argSlots).
func (f *frame) newSlow(p *fastPlan, env asserts.EnvState, saved asserts.Traits, bind int) (*Call, []Slot, []ListSlot) {
	c := slowCalls.Get().(*Call)
	*c = Call{} // then the fields: a literal of them is built on the stack and copied
	c.op, c.since, c.env, c.saved, c.bind, c.fresh = f.op, f.since(), env, saved, bind, f.fresh
	f.slow = c
	s, ls := f.slots(p)
	f.argSlots(p, s, ls, saved)
	return c, s, ls
}

// beginRows begins a call off the fast plan: the arguments' slots
// completed (as Call.Save would, on each element of a list), the writes
// declared (Call.Mutable), then the steps of the rows before the kernel,
// entry by entry.
func (f *frame) beginRows(p *fastPlan, env asserts.EnvState, hasEnv bool) {
	saved, bind, sh := fPending, bindNoEnv, p.sh
	if env.ModeActive {
		saved |= fMode
	}
	if hasEnv {
		bind = bindRun
	}
	f.mode = saved & fMode
	c, s, ls := f.newSlow(p, env, saved, bind)
	for k, isList := range p.list[:sh.Args] {
		if isList && sh.OptLists&(1<<k) != 0 {
			c.SummarizeSavedOpt(&ls[p.idx[k]])
		}
	}
	for _, w := range sh.Writes {
		if !p.list[w] {
			c.Mutable(&s[p.idx[w]])
			continue
		}
		for j := range ls[p.idx[w]].n {
			c.Mutable(ls[p.idx[w]].at(j))
		}
	}
	var buf elemsBuf
	x := rowCtx{f: f, c: c, s: s, ls: ls, buf: &buf}
	x.runAll(p.steps.before)
}

// argSlots completes the arguments' slots before the kernel, each with
// flags, the lists summarized.
func (f *frame) argSlots(p *fastPlan, s []Slot, ls []ListSlot, flags asserts.Traits) {
	for i := range p.nArgs {
		if p.mem {
			memArg(&s[i], flags)
			continue
		}
		s[i].meta |= flags
	}
	for _, i := range p.argLists {
		l := &ls[i]
		for j := range l.n {
			e := l.at(j)
			if p.mem {
				memElem(e, flags)
				continue
			}
			e.meta = e.id.Traits&^asserts.AddressIdentity | flags
		}
		l.SummarizeSaved()
	}
}

// slowOfFast makes the rows' state of a call that began on the fast plan
// and fails it: the arguments' slots completed as they were before the
// kernel, the call's writes (declared by the Frame, ended by Call.End)
// and what the plan counted before the kernel.
func (f *frame) slowOfFast(p *fastPlan) *Call {
	c, s, ls := f.newSlow(p, asserts.EnvState{Context: f.ctx}, fPending, bindOf(f.bindNo))
	for _, i := range p.meta { // taken before the kernel (beginMeta)
		s[i].hasMeta = true
	}
	for _, i := range p.metaList { // taken before the kernel (the memory kind's reads, metaElems)
		l := &ls[i]
		for j := range l.n {
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
	return c
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
// before it, the call's writes ended.
func (f *frame) listMisuse() {
	if c := f.slow; c != nil {
		f.slow = nil
		c.listLenMisuse()
	}
	if f.nmut != 0 {
		f.endWrites(f.p)
	}
	c := Call{op: f.op}
	c.listLenMisuse()
}

// endRows ends a call off the fast plan, or that failed it: the Frame's
// slots completed from its reads after the kernel, the steps of the rows
// after it, entry by entry, then Call.End.
//
//go:noinline
func (f *frame) endRows() {
	c := f.rowsAfter()
	f.slow = nil
	c.End()
	slowCalls.Put(c)
}

// rowsAfter runs the steps of the rows after the kernel (endRows but
// Call.End), on the call's rows' state, which it returns.
func (f *frame) rowsAfter() *Call {
	p := f.p
	c := f.slow
	if c == nil {
		c = f.slowOfFast(p)
	}
	s, ls := f.slots(p)
	var buf elemsBuf
	x := rowCtx{f: f, c: c, s: s, ls: ls, buf: &buf}
	if c.env.Hermetic {
		// the steps after the kernel that read what binding_context's
		// step before it kept in the slots, before they are completed
		x.runAll(p.steps.afterCall)
	}
	f.complete(p, c, s, ls)
	c.t[skipAt(checks.ReasonPlan)] += uint64(len(p.skips)) // the plan skips: counted, nothing checked
	x.runAll(p.steps.after)
	return c
}

// complete completes the slots once the kernel has returned, from the
// Frame's reads after it: the arguments' (each element of a list too)
// and the returns'.
func (f *frame) complete(p *fastPlan, c *Call, s []Slot, ls []ListSlot) {
	for i := range p.nArgs {
		if p.mem {
			memAfter(c, p, &s[i])
			continue
		}
		s[i].meta &^= fPending // AfterRecycled's mark stays
		if p.unc && s[i].anchor != nil {
			// read with its storage anchor (Frame.ArgIdent): compared
			// with the tensor's now (the call has not returned)
			c.AfterAnchor(&s[i], anchorOf(f.tensorOf(&s[i])))
		}
	}
	for i := p.nArgs; i < p.ns; i++ {
		if p.mem {
			memRet(&s[i], c.saved&fMode)
			continue
		}
		s[i].digest = s[i].x
	}
	for k, isList := range p.list {
		if !isList {
			continue
		}
		l := &ls[p.idx[k]]
		if k < p.sh.Args {
			for j := range l.n {
				if p.mem {
					memElemAfter(c, p, l, j)
					continue
				}
				l.at(j).meta &^= fPending
			}
			l.SummarizeAfter()
			continue
		}
		uncounted := asserts.Traits(0)
		if p.unc || p.mem {
			uncounted = fUncounted // read without use counts (the memory kind's too: its adapter's identities)
		}
		for j := range l.n {
			e := l.at(j)
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

// distinctOutputs runs distinct_outputs on the returns of r.Set, each
// element of each against the later ones, by index: a slice of their
// slots would make the Frame escape.
func (x *rowCtx) distinctOutputs() {
	p, set := x.f.p, x.ref.r.Set
	for i := range p.list {
		for ei := range x.outLen(set, i) {
			li, si := x.out(i, ei)
			for j, ej := i, ei+1; j < len(p.list); j, ej = j+1, 0 {
				for ; ej < x.outLen(set, j); ej++ {
					lj, sj := x.out(j, ej)
					x.c.DistinctPair(li, si, lj, sj)
				}
			}
		}
	}
}

// outLen is how many tensors slot k holds as an output of set: none
// when set has not k, a list's length, else 1.
func (x *rowCtx) outLen(set uint64, k int) int {
	switch p := x.f.p; {
	case set&(1<<k) == 0:
		return 0
	case p.list[k]:
		return x.ls[p.idx[k]].n
	}
	return 1
}

// out is tensor e of output k: its Loc and slot.
func (x *rowCtx) out(k, e int) (Loc, *Slot) {
	p := x.f.p
	if p.list[k] {
		return p.sh.Locs[k].Elem(e), x.ls[p.idx[k]].at(e)
	}
	return p.sh.Locs[k], &x.s[p.idx[k]]
}

// tensorOf makes the tensor of single slot q: for a tensor held as an
// interface (Frame.Iface), an interface of its two words again; else
// from its handle (tensorAt).
func (f *frame) tensorOf(q *Slot) asserts.Identity {
	if it := f.itypeOf(q); it != nil {
		t, _ := ifaceOf(it, q).(asserts.Identity)
		return t
	}
	return f.tensorAt(q.h)
}

// setItype notes that single slot i holds a tensor held as an interface
// whose type word is it (Frame.Iface).
func (f *frame) setItype(i int, it unsafe.Pointer) {
	f.ifaces |= 1 << uint(i)
	switch {
	case f.itype[0] == nil || f.itype[0] == it:
		f.itype[0] = it
		return
	case f.itype[1] == nil || f.itype[1] == it:
		f.itype[1] = it
		f.second |= 1 << uint(i)
		return
	}
	if f.more == nil {
		f.more = new([32]unsafe.Pointer)
	}
	f.more[i] = it
}

// itypeOf returns the type word of single slot q's tensor held as an
// interface (Frame.Iface), nil for a tensor read by its handle. q is one
// of the Frame's single slots, which follow its frame.
func (f *frame) itypeOf(q *Slot) unsafe.Pointer {
	if f.ifaces == 0 {
		return nil
	}
	i := (uintptr(unsafe.Pointer(q)) - uintptr(unsafe.Pointer(f)) - unsafe.Sizeof(frame{})) / unsafe.Sizeof(Slot{})
	if i >= 32 || f.ifaces>>i&1 == 0 {
		return nil
	}
	if f.more != nil && f.more[i] != nil {
		return f.more[i]
	}
	return f.itype[f.second>>i&1]
}

// ifaceOf puts the two words of a tensor held as an interface
// (Frame.Iface: its type word it, its data word in q.h) back together.
func ifaceOf(it unsafe.Pointer, q *Slot) any {
	var e any
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&e))
	w[0], w[1] = it, q.h
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
