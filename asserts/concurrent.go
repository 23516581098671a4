package asserts

import "sync/atomic"

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
// marked in a registry of in-flight writes, and when its call ends the
// storage's slot records the time on a clock that only ends of such calls
// move. A row whose state moved takes the slow path, which asks the
// registry about the tensor's storage: if a declared write on it was in
// flight at some moment of the row's window (one is in flight now, or one
// ended after the row's call began), the row is inconclusive: skipped,
// counted under reason concurrent_write, never silently passed. Otherwise
// the kernel is blamed as before.
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
// The common case costs little: a call reads the clock once in Begin (a
// plain load); rows read nothing more unless their state moved. Only calls
// that declare writes touch the registry: one atomic add per written
// storage before the kernel, and at End one atomic add on the clock and one
// compare-and-swap per written storage.

// writeSlotBits is the log2 of the number of slots of the registry.
const writeSlotBits = 10

// A slot word holds the number of calls in flight that declared a write to
// a storage of the slot (low slotActiveBits bits) and the clock's value
// when the last of them ended (the 44 bits above, compared as serial
// numbers, so that the clock may wrap).
const (
	slotActiveBits = 20
	slotActive     = 1<<slotActiveBits - 1
	clockBits      = 64 - slotActiveBits
	clockMask      = 1<<clockBits - 1
)

var (
	// writeClock counts the ends of calls that declared writes.
	writeClock atomic.Uint64
	_          [56]byte // keeps the slots off the clock's cache line
	writeSlots [1 << writeSlotBits]atomic.Uint64
)

// slotOf returns the slot of a storage identity. Identities that differ
// only in their low bits (sequential IDs) get different slots; the higher
// bits are folded in for identities that are addresses.
func slotOf(st ID) *atomic.Uint64 {
	h := uint64(st)
	h ^= h>>writeSlotBits ^ h>>(2*writeSlotBits)
	return &writeSlots[h&(1<<writeSlotBits-1)]
}

// clockAfter reports whether clock value a (44 bits) is later than b.
func clockAfter(a, b uint64) bool {
	d := (a - b) & clockMask
	return d != 0 && d < 1<<(clockBits-1)
}

// declareWrite marks a write to storage st as in flight.
func declareWrite(st ID) {
	if st != 0 {
		slotOf(st).Add(1)
	}
}

// endWrites ends the call's declared writes: its storages' slots record
// the clock's new value and drop the call from their in-flight counts. It
// runs once per call; later it finds nothing to do.
//
//go:noinline
func (c *Call) endWrites() {
	n := c.nmut
	c.nmut = 0
	e := writeClock.Add(1) & clockMask
	for i := range n {
		st := c.mutAt(i)
		if st == 0 {
			continue
		}
		w := slotOf(st)
		for {
			old := w.Load()
			last := old >> slotActiveBits
			if clockAfter(e, last) {
				last = e
			}
			if w.CompareAndSwap(old, last<<slotActiveBits|(old&slotActive-1)) {
				break
			}
		}
	}
}

// mutAt returns the i-th storage [Call.Mutable] recorded.
func (c *Call) mutAt(i int) ID {
	if i < len(c.mut) {
		return c.mut[i]
	}
	return c.mutMore[i-len(c.mut)]
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

// concurrentWrite reports whether a write to st that another call declared
// may have happened while this call ran: one is in flight, or one ended
// after this call began. st is the tensor's [writeKey], the key
// [Call.Mutable] declares under: its StorageImpl, or, for a storageless
// tensor, its TensorImpl's own version counter, so that dense and
// storageless tensors are judged alike.
func (c *Call) concurrentWrite(st ID) bool {
	if st == 0 {
		return false
	}
	w := slotOf(st)
	word := w.Load()
	active := word & slotActive
	// The call's own declared writes on the same slot are not another's.
	for i := range c.nmut {
		if m := c.mutAt(i); m != 0 && slotOf(m) == w {
			active--
		}
	}
	return active != 0 || clockAfter(word>>slotActiveBits, c.since&clockMask)
}

// skipConcurrent counts check k as skipped under concurrent_write. The
// reason has no lane (it is rare): [Call.skip] counts it straight into the
// Op's counter.
func (c *Call) skipConcurrent(k Check) { c.skip(k, ReasonConcurrentWrite) }
