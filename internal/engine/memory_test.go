package engine_test

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/internal/engine/enginetest"
)

// dense is a tensor type with no identities of its own, as a library
// has it (gonum's *mat.Dense): its contract comes from asserts.Memory.
type dense = enginetest.Dense

func newDense(r, c int) *dense { return enginetest.NewDense(r, c) }

var opFreshDense = engine.Op{Name: "fresh_dense", Policy: checks.Strict}

// handOut runs fresh_not_held on ret as a checked call of a functional op
// returning it does.
func handOut(ret *dense) {
	var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Begin(&opFreshDense, &shapeFreshDense)
	f.RetIdent(0, ret.Ident(), ret.StorageAnchor(), unsafe.Pointer(ret))
	f.End()
}

// shapeFreshDense and shapeReadDense are, of a runtime of dense read by
// its identities (no use counts), a fresh return's rows and an argument's
// the op must not change.
var (
	shapeFreshDense = engine.Shape{Rets: 1, NoUseCounts: true, Rows: []engine.Row{row(checks.FreshNotHeld, 0, -1)},
		Locs: []engine.Loc{engine.Ret(0)}, Tensor: denseOf, Elem: denseElem}
	shapeReadDense = engine.Shape{Args: 1, NoUseCounts: true, Rows: unchanged(0),
		Locs: []engine.Loc{engine.Arg("self")}, Tensor: denseOf, Elem: denseElem}
)

// readDense runs a checked call of opReadDense on x, which must not
// change, whose kernel leaves the handle reading as after.
func readDense(x, after *dense) {
	var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.ArgIdent(0, x.Ident(), x.StorageAnchor(), unsafe.Pointer(x))
	f.Begin(&opReadDense, &shapeReadDense)
	f.AfterIdent(0, after.Ident(), after.StorageAnchor())
	f.End()
}

// TestAddressHeld: a storage with an address for its ID that comes out
// fresh twice within one collection cycle is reported at the second
// hand-out; across a collection, only once it repeats within one cycle.
func TestAddressHeld(t *testing.T) {
	var vs []asserts.Violation
	// A collection between the two hand-outs makes the second one not
	// judged; a few tries, each with a storage of its own, make that too
	// rare to fail the test.
	for try := 0; try < 5 && len(vs) == 0; try++ {
		cached := newDense(2, 2)
		vs = asserts.Collect(func() {
			handOut(cached)
			handOut(cached)
		})
		runtime.KeepAlive(cached)
	}
	if len(vs) != 1 || vs[0].Check != checks.FreshNotHeld {
		t.Fatalf("a cached storage handed out twice: %v, want one fresh_not_held", vs)
	}
	// The same tries: a collection the runtime starts on its own between
	// the last two hand-outs makes the last one not judged either.
	vs = nil
	for try := 0; try < 5 && len(vs) != 1; try++ {
		other := newDense(2, 2)
		vs = asserts.Collect(func() {
			handOut(other)
			runtime.GC()
			handOut(other) // across a collection: not judged, recorded again
			handOut(other) // within one cycle of the previous hand-out
		})
		runtime.KeepAlive(other)
	}
	if len(vs) != 1 {
		t.Fatalf("a cached storage handed out across a collection, then again: %v, want one fresh_not_held", vs)
	}
}

// TestAddressReuseIsNotHeld: the allocator gives a collected storage's
// address to a new one, which then comes out fresh: no violation. The
// test checks that addresses were in fact reused.
func TestAddressReuseIsNotHeld(t *testing.T) {
	seen := map[uintptr]bool{}
	reused := 0
	vs := asserts.Collect(func() {
		for round := range 200 {
			for range 64 {
				d := newDense(4, 4)
				a := uintptr(d.StorageAnchor())
				if seen[a] {
					reused++
				}
				seen[a] = true
				handOut(d)
			}
			if round%10 == 0 {
				runtime.GC()
			}
		}
	})
	if reused == 0 {
		t.Fatalf("no address was reused: the test shows nothing")
	}
	if len(vs) != 0 {
		t.Errorf("%d of %d reused addresses reported, e.g. %v", len(vs), reused, vs[0])
	}
	t.Logf("%d hand-outs at a reused address, 0 reported", reused)
}

var opCatDense = engine.Op{Name: "cat_dense", Policy: checks.Strict}

// shapeCatDense is cat(tensors) of a runtime of dense read by its
// identities (no use counts): the list's input rows and the fresh return's.
var shapeCatDense = engine.Shape{
	Args: 1, Rets: 1, NoUseCounts: true, Lists: 1 << 0,
	Rows: []engine.Row{
		{Check: checks.BindingContext, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.SameImpl, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.SameStorage, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.NoMutation, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.FreshNoAlias, Form: engine.FormArgList, T: 1, U: 0},
	},
	Locs:   []engine.Loc{engine.Arg("tensors"), engine.Ret(0)},
	Tensor: denseOf, Elem: denseElem,
}

// catDense runs the input and fresh-return rows of cat(tensors) on a list
// of tensors without identities of their own through a Frame, as
// generated code does; kernel returns the result, and may change the
// list's tensors.
func catDense(ts []*dense, kernel func() *dense) {
	var f engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
	f.Open()
	f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
	for j, e := range ts {
		f.ElemIdent(0, j, e.Ident())
	}
	f.Begin(&opCatDense, &shapeCatDense)
	ret := kernel()
	f.AfterList(0, len(ts))
	for j, e := range ts {
		f.AfterElem(0, j, e.Ident())
	}
	f.RetIdent(0, ret.Ident(), ret.StorageAnchor(), unsafe.Pointer(ret))
	f.End()
}

// TestMemoryList: a list of plain tensors without version counters takes
// the lists' fast paths (one test for all elements) and counts what the
// element-by-element path counts: same_impl and same_storage ran, no_mutation
// skipped under no_version_counter; a rebound element and a return on an
// element's storage are still reported, at that element.
func TestMemoryList(t *testing.T) {
	a, b := newDense(2, 2), newDense(2, 2)
	before := opCatDense.Stats()
	vs := asserts.Collect(func() { catDense([]*dense{a, b}, func() *dense { return newDense(4, 2) }) })
	st := opCatDense.Stats().Sub(before)
	if len(vs) != 0 {
		t.Fatalf("a legal cat: %v", vs)
	}
	for k, want := range map[checks.Check]uint64{checks.SameImpl: 2, checks.SameStorage: 2, checks.NoMutation: 0, checks.FreshNoAlias: 2} {
		if st.Ran[k] != want {
			t.Errorf("%v ran %d times, want %d", k, st.Ran[k], want)
		}
	}
	if st.Skipped[checks.ReasonNoVersion] != 2 || st.TotalSkipped() != 2+st.Skipped[checks.ReasonNoEnv] {
		t.Errorf("skipped %v, want no_mutation twice under no_version_counter (and binding_context under no_env if no Env is registered)", st.Skipped)
	}
	if got := st.Ran[checks.BindingContext] + st.Skipped[checks.ReasonNoEnv]; got != 2 {
		t.Errorf("binding_context counted %d times, want 2", got)
	}
	vs = asserts.Collect(func() {
		catDense([]*dense{a, b}, func() *dense {
			b.Data = append([]float64(nil), b.Data...) // rebinds b's storage
			return newDense(4, 2)
		})
	})
	if len(vs) != 1 || vs[0].Check != checks.SameStorage || !strings.Contains(vs[0].Error(), "tensors[1]") {
		t.Errorf("a rebound element: %v, want same_storage on tensors[1]", vs)
	}
	vs = asserts.Collect(func() { catDense([]*dense{a, b}, func() *dense { return a.Slice(0, 1) }) })
	if len(vs) != 1 || vs[0].Check != checks.FreshNoAlias || !strings.Contains(vs[0].Error(), "tensors[0]") {
		t.Errorf("a return on an element's storage: %v, want fresh_no_alias against tensors[0]", vs)
	}
}

// shapeNoRows is an op's without tensors: a checked call that checks
// nothing of its own.
var shapeNoRows = engine.Shape{Tensor: denseOf}

var opReadDense = engine.Op{Name: "read_dense", Policy: checks.Strict}

// TestProvenanceFreshHandOut: a violation on a storage that a checked
// call returned fresh says which call and how long ago (runtimes without
// use counts, whose fresh outputs fresh_not_held records).
//
// An address's hand-out is forgotten once a collection is seen to have
// completed since (the address may name another storage now,
// addrheld.go); a collection the engine had not yet seen when the test
// began is seen during its first round, which then knows nothing: the
// collector stays off, and the round runs again once.
func TestProvenanceFreshHandOut(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	want := "came out fresh from fresh_dense (return 0), 2 fresh outputs ago"
	var got string
	var vs []asserts.Violation
	for range 2 {
		a := newDense(2, 2)
		handOut(a)
		handOut(newDense(3, 3))
		vs = asserts.Collect(func() {
			// a read-only argument whose storage the kernel swaps
			readDense(a, newDense(2, 2))
			runtime.KeepAlive(a)
		})
		for i := range vs {
			if vs[i].Check == checks.SameStorage {
				got = vs[i].Provenance
			}
		}
		if strings.Contains(got, want) {
			return
		}
	}
	t.Errorf("provenance %q, want it to say %q (violations: %v)", got, want, vs)
}

// TestProvenancePool: a take-back and a hand-out a runtime reports inside
// checked calls are named by the innermost call running on the goroutine;
// those outside any call are not claimed; a victim's violation says both,
// and its hint points at the call that took the memory back.
func TestProvenancePool(t *testing.T) {
	// no collection but the one the second case makes (see current in
	// internal/engine/recycled.go)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, collect := range []bool{false, true} {
		buf := make([]float64, 4)
		victim := &dense{Rows: 2, Cols: 2, Stride: 2, Data: buf}
		anchor := victim.StorageAnchor()
		run := func(op *engine.Op, kernel func()) {
			var f engine.Frame[[0]engine.Slot, [0]engine.ListSlot]
			f.Open()
			f.Begin(op, &shapeNoRows)
			kernel()
			f.End()
		}
		asserts.Recycled(anchor) // outside any call: unclaimed
		asserts.Reused(anchor)
		giveBack := engine.Op{Name: "give_back", Overload: "out"}
		takeOut := engine.Op{Name: "take_out"}
		outer := engine.Op{Name: "outer"}
		run(&outer, func() {
			run(&giveBack, func() { asserts.Recycled(anchor) })
		})
		run(&takeOut, func() { asserts.Reused(anchor) })
		if collect {
			// A collection since the latest event may have freed the
			// memory and given its address to another object: the
			// history is not told (here the buffer lives on, and the
			// provenance errs towards silence).
			runtime.GC()
		}
		vs := asserts.Collect(func() { readDense(victim, &dense{Rows: 2, Cols: 2, Stride: 2, Data: make([]float64, 4)}) })
		if len(vs) == 0 {
			t.Fatal("no violation")
		}
		v := vs[0]
		if collect {
			if strings.Contains(v.Provenance, "give_back") || strings.Contains(v.Hint, "give_back") {
				t.Errorf("after a collection: provenance %q, hint %q: want no pool history", v.Provenance, v.Hint)
			}
			runtime.KeepAlive(buf)
			continue
		}
		want := "its memory was taken back by the runtime (asserts.Recycled) during give_back.out, 2 pool events ago, and handed out again (asserts.Reused) during take_out, the latest pool event"
		if !strings.Contains(v.Provenance, want) {
			t.Errorf("provenance %q, want it to say %q", v.Provenance, want)
		}
		if !strings.Contains(v.Hint, "give_back.out has the bug") {
			t.Errorf("hint %q does not point at give_back.out", v.Hint)
		}
		if strings.Contains(v.Error(), "outer") {
			t.Errorf("the enclosing call claimed its nested call's take-back: %v", &v)
		}
		runtime.KeepAlive(buf)
	}
}
