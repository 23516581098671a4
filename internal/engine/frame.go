package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// A Frame is one checked call of the one path (version 4), for a runtime
// whose tensors carry their identities and use counts (asserts.Tensor):
// a wrapper declares it on its stack, sized by its shape (S the array of
// its single tensors' [Slot]s, L of its lists' [ListSlot]s), and calls
//
//	var f wrap.Frame[[3]wrap.Slot, [0]wrap.ListSlot]
//	Before_K(&f, &opAdd, t0, t1) // f.Arg(0, t0.Ident(), ...)...; f.Begin(op, &Shape_K)
//	r0 := kernel(t0, t1)
//	After_K(&f, t0, t1, r0)      // f.AfterArg(0, t0.Ident())...; f.End()
//
// The helpers only read the tensors and hand the values over; what runs
// is the runtime's: a plain call passes the shape's fast plan, any other
// runs the shape's rows one by one (docs/DESIGN.md, "One path in
// generated code").
type Frame[S Slots, L ListSlots] struct {
	frame frame
	s     S
	l     L
}

// Slots are the arrays of single-tensor snapshots a Frame may hold.
type Slots interface {
	[0]Slot | [1]Slot | [2]Slot | [3]Slot | [4]Slot | [5]Slot | [6]Slot | [7]Slot | [8]Slot |
		[9]Slot | [10]Slot | [11]Slot | [12]Slot | [13]Slot | [14]Slot | [15]Slot | [16]Slot |
		[17]Slot | [18]Slot | [19]Slot | [20]Slot | [21]Slot | [22]Slot | [23]Slot | [24]Slot |
		[25]Slot | [26]Slot | [27]Slot | [28]Slot | [29]Slot | [30]Slot | [31]Slot | [32]Slot
}

// ListSlots are the arrays of list snapshots a Frame may hold.
type ListSlots interface {
	[0]ListSlot | [1]ListSlot | [2]ListSlot | [3]ListSlot | [4]ListSlot | [5]ListSlot | [6]ListSlot | [7]ListSlot | [8]ListSlot |
		[9]ListSlot | [10]ListSlot | [11]ListSlot | [12]ListSlot | [13]ListSlot | [14]ListSlot | [15]ListSlot | [16]ListSlot
}

// A Slot is a Frame's snapshot of a single tensor, or of an element of a
// list: what its helpers read, the tensor's handle for the rows that read
// the tensor itself, and what the rows keep. The fast plan tests what the
// helpers read; a call off the plan runs the rows on the same slots,
// completed in place (frameslow.go).
type Slot struct {
	id asserts.Ident // before the kernel (an argument) or the return's
	// after is an argument's identities after the kernel; a return's
	// TensorImpl and StorageImpl use counts (in Impl and Storage), its
	// Version markEqFresh once impl_use_count_eq_fresh ran on it (so that
	// NotArg reports under that check); of the memory kind (framemem.go),
	// until the rows complete it, an argument's anchor after the kernel
	// (in Storage; an element's fingerprint after it in Version)
	after asserts.Ident
	h     unsafe.Pointer
	// anchor is the storage anchor before the kernel (an argument's) or
	// the return's, of a type that reports it: a pointer, not an address,
	// which keeps the storage alive until the call ends, so that a kernel
	// that drops it cannot get its address back for another (memory.go)
	anchor unsafe.Pointer
	// x is an argument's (or element's) metadata fingerprint before the
	// kernel (Meta; same_metadata's, see metadata.go), a view return's
	// base StorageImpl use count before it (ViewBase), a return's extent
	// of the memory kind (RetMemory)
	x  uint64
	fp uint64 // an argument's metadata fingerprint after the kernel
	// digest is same_content's digest of an argument; for a return that
	// views an argument, the rows' copy of x (a return has no digest of
	// its own)
	digest uint64
	// bound is the context of the storage's binding binding_context found
	// before the kernel (BindingContext, for BindingContextAfter)
	bound asserts.ContextID
	// meta is the tensor's traits and the rows' flags (f* bits)
	meta asserts.Traits
	// mread: bit 0, the fingerprint before the kernel was read, bit 1 it
	// was there; bits 2 and 3 the same after the kernel; bit 4
	// (mreadBound), the storage was bound before the kernel (bound)
	mread uint8
	// memo says what the memory kind's snapshots (framemem.go's memArg,
	// memRet and reads after the kernel) read with the identities
	// (memo* bits), so that a list's metadata rows need not read again
	memo uint8
	// hasDigest is set when same_content took digest before the kernel
	// (kept out of meta, so that the other checks keep their fast path);
	// hasMeta when same_metadata took the fingerprint x (metadata.go)
	hasDigest, hasMeta bool
}

// mreadBound is the bit of Slot.mread that says the storage was bound.
const mreadBound = 1 << 4

// A ListSlot is a Frame's snapshot of a list of tensors, element by
// element. Up to listInline elements it needs no heap allocation.
type ListSlot struct {
	n   int
	h   unsafe.Pointer // the slice's data
	ok  uint8          // what holds for every element (the ok* bits, list.go)
	opt bool           // a Tensor?[] argument (SummarizeSavedOpt)
	// base is, for a list return of views, the use count of the viewed
	// storage before the kernel (ViewBaseList), capped at 1<<32-1
	base uint32
	inl  [listInline]Slot
	more []Slot // elements listInline and up
}

func (l *ListSlot) at(j int) *Slot {
	if uint(j) < listInline {
		return &l.inl[j]
	}
	return &l.more[j-listInline]
}

// parts returns the elements held inline and the others.
func (l *ListSlot) parts() (inl, more []Slot) {
	return l.inl[:min(l.n, listInline)], l.more
}

// frame is the part of a Frame that is not sized by its shape: what a
// call on the fast plan needs, and the rows' state (slow) once the call
// leaves it.
type frame struct {
	op *Op
	p  *fastPlan
	// slow is the call's rows' state off the fast plan (frameslow.go),
	// nil on it and once the call ended
	slow *Call
	// since1 is 1 + the write clock when the call opened (Frame.Open,
	// before its reads; 0: not opened)
	since1 uint64
	// odd and diff are what the reads found not plain before the kernel
	// and what differs from the plan's tests after it (Frame.Arg,
	// Frame.AfterArg...): 0 on a call the plan passes
	odd, diff uint64
	// ctx is the context of the call on the fast plan (not hermetic, no
	// mode: the rest of its asserts.EnvState)
	ctx asserts.ContextID
	// tok is the goroutine token of a call on the fast plan that declared
	// writes, nmut how many (concurrent.go)
	tok  uintptr
	nmut int32
	// mode is fMode when the call runs under a mode (Ret's flag)
	mode asserts.Traits
	// fresh is 1 + the hand-out sequence when a call whose shape has
	// fresh_not_held rows began (the table's BeginFresh step)
	fresh uint64
	// ptype is, for a generic tensor type ([Frame.BeginOf]), the type
	// word of an interface holding the call's instantiation: the rows that
	// read a tensor make it from its handle with it (frame.tensorAt)
	ptype unsafe.Pointer
	fast  bool
	// calib: a call of the memory kind off the fast plan that met its
	// conditions, which calibrates its op if it passes (framemem.go)
	calib bool
	// bindNo is 1 when no Env is registered (binding_context is skipped
	// under no_env): the index of the plan's counts (fastPlan.pre)
	bindNo uint8
	// ifaces has bit i set when single slot i holds a tensor held as an
	// interface ([Frame.Iface]): its data word in the slot's h, its type
	// word in itype[0], or itype[1] where bit i of second is set, or in
	// more[i] when two other type words took both (frame.itypeOf). Kept
	// out of Slot, whose size list elements pay for (8 bytes of each,
	// zeroed on every call).
	ifaces, second uint32
	itype          [2]unsafe.Pointer
	more           *[32]unsafe.Pointer
}

// Open opens the call, before the first read: a write another goroutine
// declares after it is concurrent with the call (concurrent.go), though
// the call begins ([Frame.Begin]) after its reads.
func (f *Frame[S, L]) Open() { f.frame.since1 = atomic.LoadUint64(&writeClock.v) + 1 }

// Arg reads single argument i (its identities id, its handle h) before
// the kernel.
func (f *Frame[S, L]) Arg(i int, id asserts.Ident, h unsafe.Pointer) {
	p := &f.s[i]
	p.id = id
	p.meta = id.Traits &^ asserts.AddressIdentity
	p.h = h
	f.frame.odd |= uint64(p.meta ^ asserts.Versioned)
}

// ArgOpt reads an optional argument (Tensor?): absent unless present.
func (f *Frame[S, L]) ArgOpt(i int, id asserts.Ident, h unsafe.Pointer, present bool) {
	if !present {
		p := &f.s[i]
		p.id, p.meta, p.h = asserts.Ident{}, fAbsent, h
		f.frame.odd = 1
		return
	}
	f.Arg(i, id, h)
}

// Iface reads the tensor of single slot i held as an interface (read
// before by Arg, ArgOpt, Ret, ArgIdent or RetIdent with no handle): its
// two words, of which the rows make the tensor again. t is never nil: the
// generated guard hands a nil tensor over as the undefined tensor.
func (f *Frame[S, L]) Iface(i int, t any) {
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&t))
	f.s[i].h = w[1]
	f.frame.setItype(i, w[0])
}

// Meta reads argument i's metadata fingerprint before the kernel, for its
// same_metadata row.
func (f *Frame[S, L]) Meta(i int, fp uint64, ok bool) {
	p := &f.s[i]
	p.x = fp
	p.mread = 1 | b2u(ok)<<1
}

// MetaAfter reads argument i's metadata fingerprint after the kernel.
func (f *Frame[S, L]) MetaAfter(i int, fp uint64, ok bool) {
	p := &f.s[i]
	p.fp = fp
	p.mread |= 4 | b2u(ok)<<3
}

// ViewBase reads, before the kernel, the use count su of the StorageImpl
// of argument a that return r views (view_holds_storage).
func (f *Frame[S, L]) ViewBase(r, a int, su int) {
	f.s[r].x = 0
	if f.s[a].id.Impl != 0 {
		f.s[r].x = uint64(su)
	}
}

// ViewBaseList is ViewBase for list return r.
func (f *Frame[S, L]) ViewBaseList(r, a int, su int) {
	f.l[r].base = 0
	if f.s[a].id.Impl != 0 {
		f.l[r].base = uint32(min(uint64(su), 1<<32-1))
	}
}

// List begins reading list i of n elements, whose data pointer is h.
func (f *Frame[S, L]) List(i, n int, h unsafe.Pointer) {
	q := &f.l[i]
	q.n, q.h = n, h
	if n > listInline {
		f.frame.longList(q)
	}
}

// Elem reads element j of list argument i before the kernel.
func (f *Frame[S, L]) Elem(i, j int, id asserts.Ident) {
	f.l[i].at(j).id = id
	f.frame.odd |= uint64(id.Traits&^asserts.AddressIdentity ^ asserts.Versioned)
}

// AfterArg reads argument i's identities after the kernel.
func (f *Frame[S, L]) AfterArg(i int, id asserts.Ident) {
	p := &f.s[i]
	p.after = id
	f.frame.diff |= uint64((id.Impl^p.id.Impl)|(id.Storage^p.id.Storage))&-(f.frame.p.kept>>i&1) |
		((id.Version^p.id.Version)|uint64(id.Traits^p.id.Traits))&-(f.frame.p.whole>>i&1)
}

// AfterList begins reading list argument i after the kernel: n elements.
func (f *Frame[S, L]) AfterList(i, n int) {
	if n != f.l[i].n {
		f.frame.listMisuse()
	}
}

// AfterElem reads element j of list argument i after the kernel.
func (f *Frame[S, L]) AfterElem(i, j int, id asserts.Ident) { f.l[i].at(j).after = id }

// Ret reads single return i: its identities and use counts.
func (f *Frame[S, L]) Ret(i int, id asserts.Ident, implUses, storageUses int, h unsafe.Pointer) {
	p := &f.s[i]
	p.id = id
	p.after = asserts.Ident{Impl: asserts.ID(implUses), Storage: asserts.ID(storageUses)}
	p.meta = id.Traits&^asserts.AddressIdentity | fResult | f.frame.mode
	p.h = h
}

// RetElem reads element j of list return i (begun by [Frame.List]).
func (f *Frame[S, L]) RetElem(i, j int, id asserts.Ident, implUses, storageUses int) {
	e := f.l[i].at(j)
	e.id = id
	e.after = asserts.Ident{Impl: asserts.ID(implUses), Storage: asserts.ID(storageUses)}
}

// RetListRead ends the reading of list return i (End tests the list).
func (f *Frame[S, L]) RetListRead(i int) {}

// Begin begins the call of op, of shape sh, once the arguments are read.
func (f *Frame[S, L]) Begin(op *Op, sh *Shape) { f.frame.begin(op, sh, len(f.s)<<8|len(f.l)) }

// BeginOf is Begin for a Shape of a generic tensor type (a pointer type
// with type parameters, which its Tensor and Elem functions cannot name):
// proto is a nil of the call's instantiation (the wrapper's
// (*Tensor[T])(nil)), of whose type the rows that read a tensor make it
// from its handle.
func (f *Frame[S, L]) BeginOf(op *Op, sh *Shape, proto asserts.Identity) {
	f.frame.ptype = (*[2]unsafe.Pointer)(unsafe.Pointer(&proto))[0]
	f.frame.begin(op, sh, len(f.s)<<8|len(f.l))
}

// End ends the call once the returns are read, the arguments read again.
func (f *Frame[S, L]) End() { f.frame.end() }

// Anchor reads the storage anchor of single tensor i (an argument's
// before the kernel, or a return's) of a type that reports it
// (asserts.Anchored), for a runtime with use counts: fresh_no_alias then
// also tells a fresh return on an argument's memory under a StorageImpl
// of its own.
func (f *Frame[S, L]) Anchor(i int, anchor unsafe.Pointer) { f.s[i].anchor = anchor }

// AfterRecycled reads argument i's identities and storage anchor after
// the kernel, for a type read with [Frame.Anchor]: memory the runtime
// took back during the call while the argument kept it is a violation
// of same_storage, and leaves the fast plan.
func (f *Frame[S, L]) AfterRecycled(i int, id asserts.Ident, anchor unsafe.Pointer) {
	f.AfterArg(i, id)
	if anchor != nil && writeClock.Load() != f.frame.since() {
		f.frame.recycledAfter(&f.s[i], anchor)
	}
}

// recycledAfter is AfterRecycled's look at the pool's events: an
// argument that kept memory the runtime took back during the call is
// marked (fRecycled, which the rows read) and leaves the plan.
//
//go:noinline
func (f *frame) recycledAfter(q *Slot, anchor unsafe.Pointer) {
	if anchor != q.anchor || q.after.Storage == 0 {
		return
	}
	// the write clock of its latest take-back still in the table and
	// not followed by a hand-out (Reused)
	if e, _ := recycledRecord(uintptr(anchor)); e.seq > f.since() {
		q.meta |= fRecycled
		f.diff |= 1
	}
}

// Abandon ends a call whose kernel panicked (see [Call.Abandon]): a
// wrapper of an op that writes an argument defers it.
func (f *Frame[S, L]) Abandon() {
	if f.frame.slow != nil || f.frame.nmut != 0 {
		f.frame.abandon()
	}
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
