package gcrt_test

import (
	"sync"
	"weak"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
)

// floorAdd is the floor of the checked add: the same rows written by hand
// for this runtime alone, with nothing generic: the arguments' identities
// compared, the return compared with them, and freshness as fresh_not_held
// checks it (a registry of weak pointers to the storages handed out
// fresh, swept as they are collected). What the generated wrapper costs
// above it is the price of generality; what it costs above the direct
// call is mostly weak.Make (a runtime special and a handle per fresh
// storage) and the collector's work on them.
func floorAdd(x, y *gcrt.Tensor, alpha float64) *gcrt.Tensor {
	xi, yi := x.Ident(), y.Ident()
	r := gcrt.AddTensor(x, y, alpha)
	if x.Ident() != xi || y.Ident() != yi {
		panic("floor: an argument changed")
	}
	ri := r.Ident()
	if ri.Impl == xi.Impl || ri.Impl == yi.Impl || ri.Storage == xi.Storage || ri.Storage == yi.Storage {
		panic("floor: the return aliases an argument")
	}
	w := weak.Make((*byte)(r.StorageAnchor()))
	floorHeld.Lock()
	if prev, ok := floorHeld.m[ri.Storage]; ok && prev == w && prev.Value() != nil {
		floorHeld.Unlock()
		panic("floor: a storage came out fresh twice")
	}
	if len(floorHeld.m) >= floorHeld.next {
		for k, v := range floorHeld.m {
			if v.Value() == nil {
				delete(floorHeld.m, k)
			}
		}
		floorHeld.next = max(2*len(floorHeld.m), 1024)
	}
	floorHeld.m[ri.Storage] = w
	floorHeld.Unlock()
	return r
}

var floorHeld = struct {
	sync.Mutex
	m    map[asserts.ID]weak.Pointer[byte]
	next int
}{m: map[asserts.ID]weak.Pointer[byte]{}, next: 1024}
