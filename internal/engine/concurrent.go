package engine

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/shared"
)

// Checked calls on several goroutines at once (docs/asserts.md,
// "Concurrent calls", with the tests). A row that
// compares a state read before the kernel with the one read after it
// (no_mutation's version counter, same_storage's StorageImpl,
// same_content's digest, binding_context's binding) sees what any
// goroutine did in between: a legal in-place op on a view moves the
// version a read-only call of its base sees. So a call declares the
// storages it may write, from [Call.Mutable] to [Call.End], in a registry
// of in-flight writes, with a token of its goroutine (getg); each end
// records in the storage's slot the time, on a clock only such ends move,
// and the goroutine. A row whose state moved asks the registry on its slow
// path: a write another goroutine declared, in flight at some moment of
// the row's window (now, or ended after the call began), makes the row
// inconclusive (skipped, counted under concurrent_write, never silently
// passed); otherwise its kernel is blamed. An undeclared write is in no
// registry and is reported. The row's own goroutine is left out: calls
// on one goroutine nest (see [Call.concurrentWrite]).
//
// This is sound for declared writes: such a write happens between its
// call's Mutable and End, so if it moved the state inside our window, its
// call was registered before we read the moved state, and it either is
// still registered or ended (and moved the clock) after we read the clock
// in Begin. The registry never turns a violation into a pass; it can only
// make a row inconclusive, and errs that way: a write declared on another
// storage of the same slot (slots are hashed), or one that began after
// our kernel returned but before our check, also makes the row
// inconclusive.
//
// The common case costs little: a call reads the clock once in Begin (a
// plain load), and a row reads nothing more unless its state moved. A
// call that declares writes reads the goroutine token once and takes a
// slot's lock per written storage before the kernel, and at End adds to
// the clock once and takes the slot's lock per written storage again.

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
