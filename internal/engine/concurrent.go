package engine

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/shared"
)

// Checked calls on several goroutines at once.
//
// A row that compares a state read before the kernel with the state read
// after it (no_mutation's version counter, same_storage's StorageImpl,
// same_content's digest, binding_context's binding) sees whatever happened
// to the tensor in between, on any goroutine. Views share their base's
// version counter, so a legal in-place op on one goroutine (x.add_(1), or
// a metadata-only one such as alias(x).t_()) moves the version a read-only
// call of x sees on another: blaming that call's kernel would be a false
// alarm. So checked calls declare the storages they may write: from
// [Call.Mutable] (before the kernel) to [Call.End] each such storage is
// marked in a registry of in-flight writes, with a token of the call's
// goroutine (getg), and when its call ends the storage's slot records the
// time, on a clock that only ends of such calls move, and the goroutine.
// A row whose state moved takes the slow path, which asks the registry
// about the tensor's storage: if a write declared by a call on another
// goroutine was in flight at some moment of the row's window (one is in
// flight now, or one ended after the row's call began), the row is
// inconclusive: skipped, counted under reason concurrent_write, never
// silently passed. Otherwise the kernel is blamed as before.
//
// This is sound for declared writes: such a write happens between its
// call's Mutable and End, so if it moved the version inside our window,
// its call was registered before we read the moved state, and it either
// is still registered or ended (and moved the clock) after we read the
// clock in Begin. Nothing the registry says turns a violation into a pass
// of a row that would have passed; it can only make a row inconclusive.
// It is conservative: a write declared on another storage whose slot is
// the same (slots are hashed), or a declared write that began after our
// kernel returned but before our check, also make the row inconclusive.
// An undeclared write (a kernel writing an argument the schema does not
// mark, on any goroutine) is not in the registry and is reported, on the
// call whose window it fell in.
//
// Calls on one goroutine nest (a composite kernel calls other checked
// ops), and the registry leaves the row's own goroutine out (see
// [Call.concurrentWrite]): an enclosing call's declared write does not
// excuse a nested call's rows, and a write a nested call made is judged
// by the enclosing call's rows as its kernel's. The limit of this: a
// kernel that hands its declared write to other goroutines and, while
// they write, runs a checked call on an alias of that storage on its own
// goroutine gets that call blamed (the write is declared under the
// kernel's goroutine, not the helpers'); declare such writes from the
// goroutines that make them.
//
// The common case costs little: a call reads the clock once in Begin (a
// plain load); rows read nothing more unless their state moved. Only calls
// that declare writes touch the registry: the goroutine token once (a
// call of three instructions on amd64 and arm64) and a slot's lock per
// written storage before the kernel, and at End one atomic add on the
// clock and the slot's lock per written storage.

// writeSlotBits is the log2 of the number of slots of the registry.
const writeSlotBits = 10

// A writeSlot is the registry's record of the declared writes to the
// storages hashed to it: the goroutines of the calls that have one in
// flight, and the clock values of the last ends. All under mu: a call
// that declares writes takes it once per written storage before its kernel
// and once at End, a row only on its slow path.
type writeSlot struct {
	mu sync.Mutex
	// active holds, per declared write in flight, the token (getg) of
	// the goroutine of its call.
	active []uintptr
	// lastEnd is the clock value of the last end of a declared write to
	// the slot, by the goroutine lastTok; prevEnd that of the last end by
	// any other goroutine.
	lastEnd, prevEnd uint64
	lastTok          uintptr
	_                [8]byte // one slot per cache line
}

var (
	// writeClock counts the ends of calls that declared writes.
	writeClock clock
	_          [56]byte // keeps the slots off the clock's cache line
	writeSlots [1 << writeSlotBits]writeSlot
)

// slotOf returns the slot of a storage identity. Identities that differ
// only in their low bits (sequential IDs) get different slots; the higher
// bits are folded in for identities that are addresses.
func slotOf(st asserts.ID) *writeSlot {
	h := uint64(st)
	h ^= h>>writeSlotBits ^ h>>(2*writeSlotBits)
	return &writeSlots[h&(1<<writeSlotBits-1)]
}

// declare marks a write to st as in flight. [Call.Mutable] calls it after
// counting the write, so the call's first declaration reads the
// goroutine's token.
//
//go:noinline
func (c *Call) declare(st asserts.ID) {
	if c.nmut == 1 {
		c.tok = shared.Getg()
	}
	declareWrite(st, c.tok)
}

// declareWrite marks a write to st by goroutine tok as in flight.
func declareWrite(st asserts.ID, tok uintptr) {
	if st == 0 {
		return
	}
	w := slotOf(st)
	w.mu.Lock()
	w.active = append(w.active, tok)
	w.mu.Unlock()
}

// endWrites ends the call's declared writes: each storage's slot drops
// one of the call's goroutine's declarations and records the clock's new
// value as an end by that goroutine. It runs once per call; later it
// finds nothing to do.
//
//go:noinline
func (c *Call) endWrites() {
	n := c.nmut
	c.nmut = 0
	e := writeClock.Add(1)
	for _, st := range c.mut[:min(n, len(c.mut))] {
		endWrite(st, e, c.tok)
	}
	for _, st := range c.mutMore[:max(n-len(c.mut), 0)] {
		endWrite(st, e, c.tok)
	}
}

// endWrite ends a write to st declared by goroutine tok, at clock value e.
func endWrite(st asserts.ID, e uint64, tok uintptr) {
	if st == 0 {
		return
	}
	w := slotOf(st)
	w.mu.Lock()
	if j := slices.Index(w.active, tok); j >= 0 {
		last := len(w.active) - 1
		w.active[j] = w.active[last]
		w.active = w.active[:last]
	}
	w.ended(e, tok)
	w.mu.Unlock()
}

// ended records an end at clock value e by goroutine tok (ends may
// arrive out of clock order: the clock is read before the slot's lock).
func (w *writeSlot) ended(e uint64, tok uintptr) {
	switch {
	case e > w.lastEnd && tok == w.lastTok:
		w.lastEnd = e
	case e > w.lastEnd:
		// lastEnd was the latest end of all, by another goroutine.
		w.prevEnd, w.lastEnd, w.lastTok = w.lastEnd, e, tok
	case tok != w.lastTok:
		w.prevEnd = max(w.prevEnd, e)
	}
}

// Abandon ends the call's declared writes if [Call.End] was not reached:
// generated wrappers of ops that write defer it right after the pre-kernel
// helper, so that a kernel that panics (and a program that recovers, as a
// test or a sweep does) leaves no write declared for ever, which would make
// every later row on that storage's slot inconclusive. After End it does
// nothing.
func (c *Call) Abandon() {
	if c.nmut != 0 {
		c.endWrites()
	}
}

// releaseOnPanic ends the call's declared writes if the handler panics
// (the default handler does): the call will not reach End.
func (c *Call) releaseOnPanic(done *bool) {
	if !*done && c.nmut != 0 {
		c.endWrites()
	}
}

// concurrentWrite reports whether a write to st that a call on another
// goroutine declared may have happened while this call ran: one is in
// flight, or one ended after this call began. st is the tensor's
// [writeKey], the key [Call.Mutable] declares under: its StorageImpl, or,
// for a storageless tensor, its TensorImpl's own version counter, so that
// dense and storageless tensors are judged alike.
//
// Declarations of the calling goroutine are left out: on one goroutine,
// calls nest (a kernel calls other checked ops), and while this call runs
// the only code running on its goroutine is its own kernel and the calls
// that kernel makes. An enclosing call's declared write therefore never
// excuses this call's rows, and a write a nested call declared and made
// was made on this call's behalf: its rows judge it as their kernel's
// (a legal write to an argument this call declares mutable is the
// aliases_mutable_arg rule's business, which comes first).
func (c *Call) concurrentWrite(st asserts.ID) bool {
	if st == 0 {
		return false
	}
	g := shared.Getg()
	w := slotOf(st)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, t := range w.active {
		if t != g {
			return true
		}
	}
	if w.lastTok == g {
		return w.prevEnd > c.since
	}
	return w.lastEnd > c.since
}

// A clock is an atomic counter whose word generic code instantiated in
// another package can read with atomic.LoadUint64, an intrinsic
// ([Frame.Open]): a call of atomic.Uint64's Load method stays a call
// there (the inliner does not inline it within the inlined method).
type clock struct{ v uint64 }

// Load returns the clock's count.
func (c *clock) Load() uint64 { return atomic.LoadUint64(&c.v) }

// Add adds d to the clock and returns the new count.
func (c *clock) Add(d uint64) uint64 { return atomic.AddUint64(&c.v, d) }
