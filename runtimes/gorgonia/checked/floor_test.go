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
// for an address of a storage of 16 bytes or more, in its simplest form:
// under one lock, a bit per 16-byte granule of the address space for the
// anchors handed out fresh in the current collection cycle (two such
// storages alive at once never share one), the words set in the cycle
// listed and cleared when a lower bound of the completed collections
// moves, a set bit judged a repeat only if the exact count is still the
// bound the bits are for (after a collection an address may name a new
// array). No same_metadata, no counts, no report: what the
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
	h := &floorHeld
	h.Lock()
	if gc := floorGC.Load() + 1; h.gc != gc {
		for _, w := range h.set {
			*w = 0
		}
		h.set, h.gc = h.set[:0], gc
	}
	if r := ra>>26 + 1; r != h.region {
		b := h.regions[r]
		if b == nil {
			b = new([1 << 16]uint64)
			h.regions[r] = b
		}
		h.region, h.cur = r, b
	}
	g := ra >> 4 & (1<<22 - 1)
	w, bit := &h.cur[g/64], uint64(1)<<(g%64)
	if *w&bit != 0 && floorSameCycle(h.gc-1) {
		h.Unlock()
		panic("floor: a storage came out fresh twice")
	}
	if *w == 0 {
		h.set = append(h.set, w)
	}
	*w |= bit
	h.Unlock()
}

func anchorOf(d *tensor.Dense) uintptr {
	raw := d.Header.Raw
	if cap(raw) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(raw))) + uintptr(cap(raw)) - 1
}

var floorHeld = struct {
	sync.Mutex
	gc      uint64 // 1 + the collections the bits are for
	region  uintptr
	cur     *[1 << 16]uint64
	regions map[uintptr]*[1 << 16]uint64 // by 1 + the 64 MiB region
	set     []*uint64                    // the words set in the cycle
}{regions: map[uintptr]*[1 << 16]uint64{}}

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
