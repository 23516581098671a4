package asserts_test

import (
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/internal/engine/enginetest"
)

// printT is the part of a *testing.T the Testing handler uses; this one
// prints, where a test's would fail the test and go on.
type printT struct{}

func (printT) Helper() {}

func (printT) Errorf(format string, args ...any) { fmt.Printf("FAIL: "+format+"\n", args...) }

// In a runtime's tests, the Testing handler fails the test at each broken
// kernel and lets the run go on:
//
//	func TestKernels(t *testing.T) {
//		defer asserts.SetHandler(asserts.SetHandler(asserts.Testing(t)))
//		...
//	}
func ExampleTesting() {
	defer asserts.SetHandler(asserts.SetHandler(asserts.Testing(printT{})))
	checkedNeg(&handle{Impl: 0x90, Storage: 0x91, Uses: 1})
	fmt.Println("the run went on")
	// Output:
	// FAIL: neg: no_mutation: argument self: kernel wrote an argument the schema does not mark mutable (version 0 before, 1 after); hint: write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist
	// FAIL: neg: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles
	// the run went on
}

// A kernel that fans its work out to goroutines starts them with Go, so
// that the checked calls they make report into the scope of the Collect
// that runs it.
func ExampleGo() {
	vs := asserts.Collect(func() {
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			asserts.Go(func() {
				defer wg.Done()
				checkedNeg(&handle{Impl: 0x92, Storage: 0x93, Uses: 1})
			})
		}
		wg.Wait()
	})
	fmt.Println(len(vs), "violations collected from 2 goroutines")
	// Output:
	// 4 violations collected from 2 goroutines
}

// A CI job reads the statistics of a run: how many checks ran, how many a
// skip policy turned off and how many failed. Sub gives the counts since an
// earlier reading.
func ExampleStats_TotalRan() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	before := asserts.ReadStats()

	checkedNeg(&handle{Impl: 0x94, Storage: 0x95, Uses: 1}) // 3 checks, 2 fail
	op := engine.Op{Name: "relu"}
	sh := engine.Shape{Rets: 1, Rows: []engine.Row{row(checks.ImplUseCountLE1, 0, -1)}, Locs: []engine.Loc{engine.Ret(0)}, Tensor: handleOf}
	prev := asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })) // under a dispatch mode
	var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Begin(&op, &sh)
	r := &handle{Impl: 0x96, Storage: 0x97, Uses: 2}
	f.Ret(0, r.Ident(), r.Uses, 1, unsafe.Pointer(r)) // impl_use_count_le_1 skipped: mode_active
	f.End()
	asserts.SetEnv(prev)

	st := asserts.ReadStats().Sub(before)
	fmt.Printf("%d calls: %d checks ran, %d skipped, %d violations\n", st.Calls, st.TotalRan(), st.TotalSkipped(), st.TotalViolations())
	// Output:
	// 2 calls: 3 checks ran, 1 skipped, 2 violations
}

// Checking can be switched off at run time, by SetEnabled(false) or
// ASSERTGEN_ASSERTS=off in the environment: generated wrappers begin with
// a test of Checking and call the kernel alone when it is off.
func ExampleSetEnabled() {
	neg := func(self *handle) *handle {
		if !asserts.Checking() {
			return brokenNeg(self)
		}
		return checkedNeg(self)
	}
	for _, on := range []bool{true, false} {
		prev := asserts.SetEnabled(on)
		vs := asserts.Collect(func() { neg(&handle{Impl: 0xb0, Storage: 0xb1, Uses: 1}) })
		asserts.SetEnabled(prev)
		fmt.Printf("checking %v: %d violation(s)\n", on, len(vs))
	}
	// Output:
	// checking true: 2 violation(s)
	// checking false: 0 violation(s)
}

// A garbage-collected runtime that recycles buffers through a pool of its
// own says so with Released where a buffer comes back (its Put): that
// buffer may then come out of a kernel fresh again. A pool that does not
// tell asserts looks like a kernel handing out a live storage twice.
func ExampleReleased() {
	next := asserts.ID(0xd0)
	newID := func() asserts.ID { next++; return next }
	var pool []*gcStorage
	get := func() *gcStorage {
		if n := len(pool); n > 0 {
			st := pool[n-1]
			pool = pool[:n-1]
			return st
		}
		return &gcStorage{ID: newID(), Data: make([]float32, 4)}
	}
	put := func(t *gcHandle, tell bool) {
		if tell && asserts.Checking() {
			asserts.Released(t)
		}
		pool = append(pool, t.St)
	}
	op := engine.Op{Name: "zeros_like"}
	sh := engine.Shape{
		Rets: 1, NoUseCounts: true,
		Rows:   []engine.Row{row(checks.FreshNotHeld, 0, -1)},
		Locs:   []engine.Loc{engine.Ret(0)},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*gcHandle)(h) },
	}
	zerosLike := func() *gcHandle { // a checked call of a kernel that takes its buffer from the pool
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Begin(&op, &sh)
		r := &gcHandle{Impl: newID(), St: get()}
		f.RetIdent(0, r.Ident(), r.StorageAnchor(), unsafe.Pointer(r))
		f.End()
		return r
	}
	for _, tell := range []bool{true, false} {
		var kept []*gcHandle
		vs := asserts.Collect(func() {
			a := zerosLike()
			put(a, tell) // the caller is done with a
			kept = append(kept, zerosLike())
		})
		fmt.Printf("Put calls Released: %v, %d violation(s)\n", tell, len(vs))
	}
	// Output:
	// Put calls Released: true, 0 violation(s)
	// Put calls Released: false, 1 violation(s)
}

// A CI job keeps the collector's report as JSON.
func ExampleCollector_WriteJSON() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	checkedNeg(&handle{Impl: 0xe0, Storage: 0xe1, Uses: 1})
	if err := col.WriteJSON(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "calls": 1,
	//   "checks_run": {
	//     "impl_use_count_le_1": 1,
	//     "no_mutation": 1,
	//     "same_impl": 1
	//   },
	//   "skipped": {},
	//   "violation_count": 2,
	//   "collected": 0,
	//   "violations_by_op": {
	//     "neg": {
	//       "impl_use_count_le_1": 1,
	//       "no_mutation": 1
	//     }
	//   },
	//   "violations": [
	//     {
	//       "op": "neg",
	//       "policy": "strict",
	//       "check": "no_mutation",
	//       "arg": "self",
	//       "ret": -1,
	//       "index": -1,
	//       "want": 0,
	//       "got": 1,
	//       "traits": "versioned",
	//       "hint": "write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist"
	//     },
	//     {
	//       "op": "neg",
	//       "policy": "strict",
	//       "check": "impl_use_count_le_1",
	//       "ret": 0,
	//       "index": -1,
	//       "want": 1,
	//       "got": 2,
	//       "impl_uses": 2,
	//       "storage_uses": 1,
	//       "traits": "versioned",
	//       "hint": "a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles"
	//     }
	//   ]
	// }
}

// gcHandle is a handle of a garbage-collected runtime: no use counts
// (asserts.Identity only), and its storage's address as the anchor
// fresh_not_held keeps a weak pointer to (asserts.Anchored).
type (
	gcHandle  = enginetest.GCHandle
	gcStorage = enginetest.GCStorage
)
