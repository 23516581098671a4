package engine

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// This file is the identity of tensor types that carry no identities of
// their own: a library's type as it is, such as gonum's *mat.Dense or
// gorgonia's *tensor.Dense. The runtime says where a tensor's elements
// are (a [Memory], from a function of its own that the config names);
// generated code derives from it, and from the handle, everything the
// contract's methods would report.
//
// The identities are addresses. A TensorImpl is the object the handle
// points to; a StorageImpl is its memory's anchor (see [Anchored]): the
// last byte of the backing array's capacity, which every tensor on that
// array keeps, whatever window it views. Within a call the addresses are
// exact: the arguments and the returns are alive, and a snapshot keeps the
// anchor it saved alive until the call ends, so no kernel can free a
// storage and get its address back for another. Across calls an address
// may name a new object once the old one is collected; the one check
// that compares storages across calls, fresh_not_held, therefore judges
// a repeated address only when no garbage collection has completed since
// the earlier hand-out (see gcEpoch), when the same address is certainly
// the same storage. Nothing is kept alive beyond a call, and no weak
// pointer is made per object: an identity costs what reading the
// runtime's own fields does.

// The memo bits of a Slot.
const (
	// memoMeta: metadata holds the fingerprint the Frame read (0: none),
	// which same_metadata on a list element takes instead of reading it
	// again (SaveMetadataList).
	memoMeta = 1 << iota
	// memoKept: the read after the kernel (framemem.go's memElemAfter)
	// found the fingerprint same_metadata took before the kernel
	// (SameMetadataList passes the element).
	memoKept
	// memoWide: a return's storage reaches 16 bytes or more before its
	// anchor (asserts.Memory.Extent): no other storage of that size has
	// its anchor in the anchor's 16-byte granule (fresh_not_held,
	// addrheld.go).
	memoWide
)

// gcEpoch is the latest completed garbage collection asserts has seen:
// its number (gc, completed collections) and the hand-out sequence
// (handSeq) when it was seen (seq). Every hand-out numbered above seq came
// out after collection gc completed, so fresh_not_held judges a repeated
// address (a storage whose ID is an address) only against an entry
// numbered above the epoch's seq, and only if the exact count of
// collections (gcCycles) is still gc: then no object alive at the earlier
// hand-out has been freed since, and the address still names it. An
// entry of a hand-out made after a collection but before asserts saw it
// is not judged: the epoch errs only towards silence. The epoch is
// refreshed after each collection (gcSentinel), every gcRefresh
// hand-outs, and at every repeat. One pointer to an immutable pair, so
// that the two are read together.
type gcEpoch struct{ gc, seq uint64 }

var epoch atomic.Pointer[gcEpoch] // never nil once the package is initialized

const gcRefresh = 64

// observeGC reads the exact count of completed collections and, if it
// moved on from the epoch's, installs a new epoch. It returns the epoch
// and whether the exact count is the epoch's (false: this Go release
// does not report the count, or another goroutine saw a later one).
func observeGC() (*gcEpoch, bool) {
	n, ok := gcCycles()
	for {
		e := epoch.Load()
		if !ok || e != nil && e.gc >= n {
			return e, ok && e.gc == n
		}
		ne := &gcEpoch{gc: n, seq: handSeq.Load()}
		if epoch.CompareAndSwap(e, ne) {
			return ne, true
		}
	}
}

// sameEpoch reports whether the hand-out numbered seq came out after the
// latest collection completed: whether an address handed out then names
// the same storage now.
func sameEpoch(seq uint64) bool {
	e, ok := observeGC()
	return ok && seq > e.seq
}

// gcSentinel is an object nobody holds: its cleanup runs after each
// collection, refreshes the epoch and makes the next one, so that
// hand-outs soon after a collection are judged. (A pointer field keeps it
// out of the tiny allocator, whose blocks outlive their objects.)
type gcSentinel struct {
	_ *int
	_ [2]uintptr
}

// collectorHold counts the holds of [HoldCollector] under way, and keeps
// the collector's setting to restore when the last ends.
var collectorHold struct {
	mu      sync.Mutex
	n       int
	percent int
}

// HoldCollector turns the collector off until the returned function is
// called (once or more), after a cycle under way completes, and brings
// the epoch up to the count of completed collections: hand-outs of
// addresses until then are judged in one cycle, so a storage that comes
// out fresh twice in between is reported whenever the collector last
// ran (a sweep's "called again" pair). A collection still completes if
// the heap reaches a memory limit (debug.SetMemoryLimit) or one is asked
// for (runtime.GC). Holds may overlap; the last to end restores the
// setting the first found.
func HoldCollector() (release func()) {
	collectorHold.mu.Lock()
	if collectorHold.n == 0 {
		collectorHold.percent = debug.SetGCPercent(-1)
	}
	collectorHold.n++
	collectorHold.mu.Unlock()
	observeGC()
	return sync.OnceFunc(func() {
		collectorHold.mu.Lock()
		if collectorHold.n--; collectorHold.n == 0 {
			debug.SetGCPercent(collectorHold.percent)
		}
		collectorHold.mu.Unlock()
	})
}

func armGCSentinel() {
	runtime.AddCleanup(new(gcSentinel), func(int) {
		observeGC()
		armGCSentinel()
	}, 0)
}

func init() {
	if _, ok := observeGC(); !ok {
		epoch.Store(&gcEpoch{gc: ^uint64(0)}) // never judged: no count to compare
	}
	armGCSentinel()
}

// gcCycles returns the number of completed garbage collections, and
// false when this Go release does not report it (then no repeat is
// judged). The runtime counts a cycle before the world restarts after
// marking, so before any object that cycle found dead is freed: an
// unchanged count means no object alive at the earlier read has been
// freed since.
func gcCycles() (uint64, bool) {
	s := [1]metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s[:])
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0, false
	}
	return s[0].Value.Uint64(), true
}
