//go:build unix

package engine_test

import (
	"sync/atomic"
	"syscall"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// mappedTensor is a tensor of a runtime whose storages may live outside the
// Go heap: its anchor is the last byte of its memory, as the Anchored
// contract describes for a slice, here a syscall.Mmap'd one.
type mappedTensor struct {
	mem       []byte
	impl, sto asserts.ID
}

func (m *mappedTensor) Ident() asserts.Ident {
	return asserts.Ident{Impl: m.impl, Storage: m.sto}
}

func (m *mappedTensor) StorageAnchor() unsafe.Pointer {
	return unsafe.Pointer(&m.mem[len(m.mem)-1])
}

var opMapped = engine.Op{Name: "mapped_clone"}

// idRuns numbers the runs of the tests below in one process (-count=N):
// storage IDs are never handed out again, so each run takes IDs of its own
// (a run reusing the last run's IDs would hand out a storage that came out
// fresh before, which fresh_not_held rightly reports).
var idRuns atomic.Uint64

// runIDs returns the base of this run's IDs, above base.
func runIDs(base asserts.ID) asserts.ID { return base + asserts.ID(idRuns.Add(1))<<24 }

var shapeMappedFresh = engine.Shape{
	Rets: 1, NoUseCounts: true,
	Rows:   []engine.Row{row(checks.FreshNotHeld, 0, -1)},
	Locs:   []engine.Loc{engine.Ret(0)},
	Tensor: func(h unsafe.Pointer) asserts.Identity { return (*mappedTensor)(h) },
}

// freshCall runs a fresh return's row through a Frame as generated code
// does for a runtime without use counts: the return's identities and
// storage anchor, then fresh_not_held.
func freshCall(ret *mappedTensor) {
	var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Begin(&opMapped, &shapeMappedFresh)
	f.RetIdent(0, ret.Ident(), ret.StorageAnchor(), unsafe.Pointer(ret))
	f.End()
}

// TestFreshNotHeldOffHeap returns a storage in mmap'd memory twice, and one
// in the Go heap twice: both are reported, once each, and the first does not
// end the process (a weak pointer to it would: "getWeakHandle on invalid
// pointer"); asserts compares anchors by address. Fresh storages in new
// mappings pass.
func TestFreshNotHeldOffHeap(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	var maps [][]byte
	defer func() {
		for _, m := range maps {
			syscall.Munmap(m)
		}
	}()
	mapped := func(id asserts.ID) *mappedTensor {
		mem, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			t.Skip("mmap:", err)
		}
		maps = append(maps, mem)
		return &mappedTensor{mem: mem, impl: id, sto: id + 1}
	}
	ids := runIDs(1 << 40)
	for i := range 4 {
		freshCall(mapped(ids + asserts.ID(4*i)))
	}
	if vs := col.Violations(); len(vs) != 0 {
		t.Fatalf("fresh storages in new mappings reported: %v", &vs[0])
	}
	off := mapped(ids + 1<<20)
	freshCall(off)
	freshCall(off)
	on := &mappedTensor{mem: make([]byte, 4096), impl: ids + 1<<20 + 2, sto: ids + 1<<20 + 3}
	freshCall(on)
	freshCall(on)
	vs := col.Violations()
	if len(vs) != 2 || vs[0].Check != checks.FreshNotHeld || vs[1].Check != checks.FreshNotHeld {
		t.Fatalf("a mapped and a heap storage handed out twice each: want two fresh_not_held, got %d", len(vs))
	}
}

// TestFreshNotHeldWindow: a storage handed out again after a thousand other
// fresh storages is still reported (the registry remembers the latest
// 65,536 hand-outs, four per set), and fresh storages with new IDs at
// recycled addresses are not.
func TestFreshNotHeldWindow(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	ids := runIDs(1 << 42)
	held := &mappedTensor{mem: make([]byte, 64), impl: ids + 1, sto: ids + 2}
	freshCall(held)
	buf := make([]byte, 64) // one address for every other storage: only the IDs differ
	for i := range 1000 {
		freshCall(&mappedTensor{mem: buf, impl: ids + 3 + 2*asserts.ID(i), sto: ids + 4 + 2*asserts.ID(i)})
	}
	if vs := col.Violations(); len(vs) != 0 {
		t.Fatalf("new storage IDs at one address reported: %v", &vs[0])
	}
	freshCall(held)
	if vs := col.Violations(); len(vs) != 1 || vs[0].Check != checks.FreshNotHeld {
		t.Errorf("a storage handed out again after 1000 others: want one fresh_not_held, got %d", len(vs))
	}
}

// TestUnversionedShortcutsKeepSkips: the shortcuts of plain snapshots
// without a version counter count what the policy would. A tensor without
// storage gets same_storage and binding_context skipped under no_storage,
// not run.
func TestUnversionedShortcutsKeepSkips(t *testing.T) {
	shapeMapped := engine.Shape{Args: 1, NoUseCounts: true, Rows: rows([]engine.Row{row(checks.BindingContext, 0, -1)}, unchanged(0)),
		Locs: []engine.Loc{engine.Arg("self")}, Tensor: func(h unsafe.Pointer) asserts.Identity { return (*mappedTensor)(h) }}
	op := &engine.Op{Name: "shortcut_skips"}
	for _, c := range []struct {
		sto       asserts.ID
		ranSto    uint64
		noStorage uint64
	}{{sto: 7, ranSto: 1}, {sto: 0, noStorage: 1}} {
		x := &mappedTensor{mem: make([]byte, 8), impl: 1<<43 + c.sto, sto: c.sto}
		st0 := op.Stats()
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.ArgIdent(0, x.Ident(), x.StorageAnchor(), unsafe.Pointer(x))
		f.Begin(op, &shapeMapped)
		f.AfterIdent(0, x.Ident(), x.StorageAnchor())
		f.End()
		st := op.Stats().Sub(st0)
		if st.Ran[checks.SameImpl] != 1 || st.Ran[checks.SameStorage] != c.ranSto ||
			st.Skipped[checks.ReasonNoStorage] != 2*c.noStorage || st.Skipped[checks.ReasonNoVersion] != 1 ||
			st.Ran[checks.BindingContext]+st.Skipped[checks.ReasonNoEnv] != c.ranSto {
			t.Errorf("storage %v: stats %+v", c.sto, st)
		}
	}
}
