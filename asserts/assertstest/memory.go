package assertstest

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine"
)

// testMemory checks, for a runtime with use counts whose tensors report
// their memory (asserts.Anchored), that storage identities follow memory
// (a base and its view share an anchor and a StorageImpl; another fresh
// tensor and a copy have both of their own, while the base lives: a pool
// must not hand a live buffer out again), and, with Runtime.Recycle, that
// a kernel giving a live buffer back to the pool is reported at its call.
func testMemory(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	ax, ok := anchor(x)
	if !ok {
		r.Logf("tensors do not implement asserts.Anchored: memory is not compared (fresh_no_alias compares StorageImpl IDs, a buffer given back during a call is not seen)")
		return
	}
	if ax == nil {
		r.Errorf("a fresh tensor with storage has no anchor")
		return
	}
	v := rt.View(x)
	defer rt.Release(v)
	y := rt.New()
	defer rt.Release(y)
	compareMemory(r, []asserts.Identity{x, v, y}, []string{"a fresh tensor", "its view", "another fresh tensor"},
		"storage identities must follow memory (no two live storages on one buffer)")
	recycleCall(r, rt)
}

// compareMemory reports each pair of ts (named by names) of which one of
// the storage IDs and the anchors is the same and the other is not.
func compareMemory(r *reporter, ts []asserts.Identity, names []string, must string) {
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			pi, _ := anchor(ts[i])
			pj, _ := anchor(ts[j])
			if sameID := ts[i].Ident().Storage == ts[j].Ident().Storage; sameID != (pi == pj) {
				r.Errorf("%s and %s: same storage ID %v, same anchor %v: %s", names[i], names[j], sameID, pi == pj, must)
			}
		}
	}
}

var (
	opRecycle = engine.Op{Name: "assertstest_recycle"}
	// shapeOut: an argument written in place, which keeps its TensorImpl
	// and StorageImpl
	shapeOut = engine.Shape{Args: 1, Locs: []engine.Loc{engine.Arg("out")}, Rows: rows(unchanged...)}
)

// recycleCall runs a call whose kernel gives its argument's buffer back
// to the runtime's pool and keeps it (Runtime.Recycle): same_storage must
// report it, through the runtime's asserts.Recycled.
func recycleCall(r *reporter, rt Runtime) {
	if rt.Recycle == nil {
		r.Logf("Runtime.Recycle is nil: whether a buffer given back while in use is seen is not checked")
		return
	}
	if !asserts.Compiled {
		// a runtime may report take-backs in debug builds only (a lock per
		// take-back is no release-build cost)
		r.Logf("built without debugasserts: Recycle is checked in the debug build")
		return
	}
	x := rt.New()
	defer rt.Release(x)
	vs := asserts.Collect(func() { argCall(&opRecycle, &shapeOut, x, func() { rt.Recycle(x) }) })
	if len(vs) != 1 || !vs[0].Recycled {
		r.Errorf("a kernel that gives its argument's buffer back to the pool and keeps it: %d violations, want one same_storage (Recycled); call asserts.Recycled where the pool takes a buffer back, and asserts.Reused where it hands one out again", len(vs))
	}
}
