package wrap

import (
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
	frame
	s S
	l L
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

// A Slot is a Frame's snapshot of a single tensor: what its helpers read,
// and the tensor's handle for the rows that read the tensor itself.
type Slot struct {
	s  Saved
	h  unsafe.Pointer
	fp uint64 // the metadata fingerprint after the kernel
	// mread: bit 0, the fingerprint before the kernel was read (kept in
	// s.metadata until Begin takes it), bit 1 it was there; bits 2 and 3
	// the same after the kernel
	mread uint8
}

// A ListSlot is a Frame's snapshot of a list of tensors.
type ListSlot struct {
	l SavedList
	h unsafe.Pointer // the slice's data
}

// frame is the part of a Frame that is not sized by its shape.
type frame struct {
	c    Call
	p    *fastPlan
	fast bool
	// calib: a call of the memory kind off the fast plan that met its
	// conditions, which calibrates its op if it passes (framemem.go)
	calib bool
	// since1 is 1 + the write clock when the call opened (Frame.Open,
	// before its reads; 0: not opened)
	since1 uint64
	// odd and diff are what the reads found not plain before the kernel
	// and what differs from the plan's tests after it (Frame.Arg,
	// Frame.AfterArg...): 0 on a call the plan passes
	odd, diff uint64
	// bindNo is 1 when no Env is registered (binding_context is skipped
	// under no_env): the index of the plan's counts (fastPlan.key)
	bindNo uint8
	// stash is what binding_context kept before the kernel in a hermetic
	// context (frame.stashBindings)
	stash []asserts.Ident
	// proto is, for a generic tensor type ([Frame.BeginOf]), a nil of
	// the call's instantiation: the rows that read a tensor make it from
	// its handle with proto's type (frame.tensorOf)
	proto asserts.Identity
}

// Open opens the call, before the first read: a write another goroutine
// declares after it is concurrent with the call (concurrent.go), though
// the call begins ([Frame.Begin]) after its reads.
func (f *Frame[S, L]) Open() { f.since1 = writeClock.Load() + 1 }

// Arg reads single argument i (its identities id, its handle h) before
// the kernel.
func (f *Frame[S, L]) Arg(i int, id asserts.Ident, h unsafe.Pointer) {
	p := &f.s[i]
	p.s.id = id
	p.s.meta = id.Traits &^ asserts.AddressIdentity
	p.h = h
	f.odd |= uint64(p.s.meta ^ asserts.Versioned)
}

// ArgOpt reads an optional argument (Tensor?): absent unless present.
func (f *Frame[S, L]) ArgOpt(i int, id asserts.Ident, h unsafe.Pointer, present bool) {
	p := &f.s[i]
	p.h = h
	if !present {
		p.s = Saved{meta: fAbsent}
		f.odd = 1
		return
	}
	p.s.id = id
	p.s.meta = id.Traits &^ asserts.AddressIdentity
	f.odd |= uint64(p.s.meta ^ asserts.Versioned)
}

// Meta reads argument i's metadata fingerprint before the kernel, for its
// same_metadata row.
func (f *Frame[S, L]) Meta(i int, fp uint64, ok bool) {
	p := &f.s[i]
	p.s.metadata = fp
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
	f.s[r].s.digest = 0
	if f.s[a].s.id.Impl != 0 {
		f.s[r].s.digest = uint64(su)
	}
}

// ViewBaseList is ViewBase for list return r.
func (f *Frame[S, L]) ViewBaseList(r, a int, su int) {
	f.l[r].l.base = 0
	if f.s[a].s.id.Impl != 0 {
		f.l[r].l.base = uint32(min(uint64(su), 1<<32-1))
	}
}

// List begins reading list i of n elements, whose data pointer is h.
func (f *Frame[S, L]) List(i, n int, h unsafe.Pointer) {
	f.l[i].l.Reset(n)
	f.l[i].h = h
}

// Elem reads element j of list argument i before the kernel.
func (f *Frame[S, L]) Elem(i, j int, id asserts.Ident) {
	s := f.l[i].l.at(j)
	s.id = id
	s.meta = id.Traits&^asserts.AddressIdentity | fPending
	f.odd |= uint64(s.meta ^ (asserts.Versioned | fPending))
}

// AfterArg reads argument i's identities after the kernel.
func (f *Frame[S, L]) AfterArg(i int, id asserts.Ident) {
	p := &f.s[i]
	p.s.after = id
	f.diff |= uint64((id.Impl^p.s.id.Impl)|(id.Storage^p.s.id.Storage))&-(f.p.kept>>i&1) |
		((id.Version^p.s.id.Version)|uint64(id.Traits^p.s.id.Traits))&-(f.p.whole>>i&1)
}

// AfterList begins reading list argument i after the kernel: n elements.
func (f *Frame[S, L]) AfterList(i, n int) { f.l[i].l.CheckLen(&f.c, n) }

// AfterElem reads element j of list argument i after the kernel.
func (f *Frame[S, L]) AfterElem(i, j int, id asserts.Ident) { f.l[i].l.at(j).after = id }

// Ret reads single return i: its identities and use counts.
func (f *Frame[S, L]) Ret(i int, id asserts.Ident, implUses, storageUses int, h unsafe.Pointer) {
	p := &f.s[i]
	p.s.id = id
	p.s.after = asserts.Ident{Impl: asserts.ID(implUses), Storage: asserts.ID(storageUses)}
	p.s.meta = id.Traits&^asserts.AddressIdentity | fResult | f.c.saved&fMode
	p.h = h
}

// RetElem reads element j of list return i (begun by [Frame.List]).
func (f *Frame[S, L]) RetElem(i, j int, id asserts.Ident, implUses, storageUses int) {
	s := f.l[i].l.at(j)
	s.id = id
	s.after = asserts.Ident{Impl: asserts.ID(implUses), Storage: asserts.ID(storageUses)}
	s.meta = id.Traits&^asserts.AddressIdentity | fResult | f.c.saved&fMode
	f.diff |= uint64(s.meta^(asserts.Versioned|fResult)) | uint64(implUses>>1)&-(f.p.lle1>>i&1) | uint64(storageUses^1)&-(f.p.leq1>>i&1)
}

// RetListRead ends the reading of list return i.
func (f *Frame[S, L]) RetListRead(i int) {
	if f.p.sh.NoUseCounts {
		f.l[i].l.ok = 0 // as ResultIdentList: every list check takes its slow path
		return
	}
	f.l[i].l.SummarizeResult()
}

// Begin begins the call of op, of shape sh, once the arguments are read.
func (f *Frame[S, L]) Begin(op *Op, sh *Shape) { f.begin(op, sh, len(f.s)<<8|len(f.l)) }

// BeginOf is Begin for a Shape of a generic tensor type (a pointer type
// with type parameters, which its Tensor and Elem functions cannot name):
// proto is a nil of the call's instantiation (the wrapper's
// (*Tensor[T])(nil)), with whose type the rows that read a tensor make it
// from its handle.
func (f *Frame[S, L]) BeginOf(op *Op, sh *Shape, proto asserts.Identity) {
	f.proto = proto
	f.begin(op, sh, len(f.s)<<8|len(f.l))
}

// End ends the call once the returns are read, the arguments read again.
func (f *Frame[S, L]) End() { f.end() }

// Abandon ends a call whose kernel panicked (see [Call.Abandon]): a
// wrapper of an op that writes an argument defers it.
func (f *Frame[S, L]) Abandon() { f.c.Abandon() }

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Anchor reads the storage anchor of single tensor i, an argument's
// before the kernel or a return's, for a type that reports it
// (asserts.Anchored) of a runtime with use counts: fresh_no_alias then
// also reports a fresh return on an argument's memory under a StorageImpl
// of its own (SaveAnchor, ResultAnchor).
func (f *Frame[S, L]) Anchor(i int, anchor unsafe.Pointer) { f.s[i].s.anchor = anchor }

// AfterRecycled reads argument i's identities and storage anchor after
// the kernel, for a type read with [Frame.Anchor]: memory the runtime
// took back during the call while the argument kept it is a violation
// of same_storage, and leaves the fast plan (AfterRecycled).
func (f *Frame[S, L]) AfterRecycled(i int, id asserts.Ident, anchor unsafe.Pointer) {
	f.AfterArg(i, id)
	if writeClock.Load() != f.c.since && anchor != nil {
		f.recycledAfter(&f.s[i].s, anchor)
	}
}

// recycledAfter is AfterRecycled's look at the pool's events; a
// recycled argument leaves the fast plan.
//
//go:noinline
func (f *frame) recycledAfter(s *Saved, anchor unsafe.Pointer) {
	f.c.recycledAfter(s, anchor)
	if s.meta&fRecycled != 0 {
		f.diff = 1
	}
}
