//go:build debugasserts

package checked_test

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"unsafe"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// floorAdd is the floor of the checked add on gorgonia's *tensor.Dense:
// the identity rows written by hand for this type alone, with nothing
// generic. The identities are what the wrapper's are, the Dense's address
// and its backing array's anchor (the last byte of its capacity): the
// arguments' anchors compared before and after the kernel, the return
// compared with the arguments, and freshness as fresh_not_held checks it
// for an address, in its simplest form: a direct-mapped table of the
// latest anchors handed out fresh under one lock, each with a lower
// bound of the collections completed before it, a repeat judged only if
// the exact count is still that bound (after a collection an address may
// name a new array). No same_metadata, no counts, no report: what the
// generated wrapper costs above it is the price of the general machinery
// (the skip policy's counts, the metadata rows, the registry's sets and
// shards, the report's context).
func floorAdd(x, y *tensor.Dense, alpha float64) *tensor.Dense {
	xa, ya := anchorOf(x), anchorOf(y)
	r := ops.AddTensor(x, y, alpha)
	floorAfter2(x, y, xa, ya, r)
	return r
}

// floorMm is floorAdd's rows around mm.
func floorMm(x, y *tensor.Dense) *tensor.Dense {
	xa, ya := anchorOf(x), anchorOf(y)
	r := ops.Mm(x, y)
	floorAfter2(x, y, xa, ya, r)
	return r
}

// floorCat is floorAdd's rows around cat, on each element of its list
// (up to 8, the anchors on the stack).
func floorCat(ts []*tensor.Dense, dim int64) *tensor.Dense {
	var as [8]uintptr
	for i, t := range ts[:min(len(ts), len(as))] {
		as[i] = anchorOf(t)
	}
	r := ops.Cat(ts, dim)
	ra := anchorOf(r)
	for i, t := range ts[:min(len(ts), len(as))] {
		if anchorOf(t) != as[i] {
			panic("floor: an argument's storage changed")
		}
		if r == t || ra == as[i] {
			panic("floor: the return aliases an argument")
		}
	}
	floorFresh(ra)
	return r
}

// floorAfter2 is the rows after a kernel of two arguments x and y (their
// anchors before it xa and ya) that returned r.
func floorAfter2(x, y *tensor.Dense, xa, ya uintptr, r *tensor.Dense) {
	if anchorOf(x) != xa || anchorOf(y) != ya {
		panic("floor: an argument's storage changed")
	}
	ra := anchorOf(r)
	if r == x || r == y || ra == xa || ra == ya {
		panic("floor: the return aliases an argument")
	}
	floorFresh(ra)
}

// floorFresh is fresh_not_held on the anchor ra of a fresh return.
func floorFresh(ra uintptr) {
	floorHeld.Lock()
	e := &floorHeld.t[uint64(ra)*0x9e3779b97f4a7c15>>48]
	if e.anchor == ra && floorSameCycle(e.gc) {
		floorHeld.Unlock()
		panic("floor: a storage came out fresh twice")
	}
	e.anchor, e.gc = ra, floorGC.Load()
	floorHeld.Unlock()
}

func anchorOf(d *tensor.Dense) uintptr {
	raw := d.Header.Raw
	if cap(raw) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(raw))) + uintptr(cap(raw)) - 1
}

var floorHeld struct {
	sync.Mutex
	t [1 << 16]struct {
		anchor uintptr
		gc     uint64
	}
}

// floorGC is a lower bound of the completed collections, refreshed after
// each one.
var floorGC atomic.Uint64

// floorSameCycle reports whether no collection completed since gc.
func floorSameCycle(gc uint64) bool {
	s := [1]metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s[:])
	return s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() == gc
}

type floorSentinel struct {
	_ *int
	_ [2]uintptr
}

func armFloorSentinel() {
	runtime.AddCleanup(new(floorSentinel), func(int) {
		floorSeeGC()
		armFloorSentinel()
	}, 0)
}

func floorSeeGC() {
	s := [1]metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s[:])
	if s[0].Value.Kind() == metrics.KindUint64 {
		floorGC.Store(s[0].Value.Uint64())
	}
}

func init() {
	floorSeeGC()
	armFloorSentinel()
}
