package gcrt_test

import (
	"sync"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
)

// floorAdd is the floor of the checked add: the same rows written by hand
// for this runtime alone, with nothing generic: the arguments' identities
// compared, the return compared with them, and freshness as fresh_not_held
// checks it, in its simplest form: a direct-mapped table of the latest
// storages handed out fresh (ID and anchor address) under one lock. What
// the generated wrapper costs above it is the price of the general
// machinery (the skip policy's counts, the registry's sets and shards,
// the report's context).
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
	a := uintptr(r.StorageAnchor())
	floorHeld.Lock()
	e := &floorHeld.t[uint64(ri.Storage)*0x9e3779b97f4a7c15>>48]
	if e.id == ri.Storage && e.anchor == a {
		floorHeld.Unlock()
		panic("floor: a storage came out fresh twice")
	}
	e.id, e.anchor = ri.Storage, a
	floorHeld.Unlock()
	return r
}

var floorHeld struct {
	sync.Mutex
	t [1 << 16]struct {
		id     asserts.ID
		anchor uintptr
	}
}
