package asserts_test

import (
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/wrap"
)

// linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor, wrapped
// as assertgen does for a runtime whose kernels take and return
// asserts.Tensor values (interface mode without a type map): the tensors
// are saved with SaveTensor, SaveOptTensor and AfterTensor, which take a
// Tensor rather than a concrete handle; an absent bias is a nil Tensor.
// The kernel adds the bias in place into the bias tensor itself: the write
// is reported when a bias is given, and without one there is nothing to
// check.
func ExampleCall_SaveOptTensor() {
	op := wrap.Op{Name: "linear"}
	checkedLinear := func(kernel func(input, weight, bias asserts.Tensor) asserts.Tensor, input, weight, bias asserts.Tensor) asserts.Tensor {
		var c wrap.Call
		c.Begin(&op)
		var a0, a1, a2, o0 wrap.Saved
		c.SaveTensor(&a0, input)
		c.SaveTensor(&a1, weight)
		c.SaveOptTensor(&a2, bias, bias != nil)
		r0 := kernel(input, weight, bias)
		c.AfterTensor(&a0, input)
		c.AfterTensor(&a1, weight)
		c.AfterTensor(&a2, bias)
		c.Result(&o0, r0)
		c.NoMutation(wrap.Arg("input"), &a0)
		c.NoMutation(wrap.Arg("weight"), &a1)
		c.NoMutation(wrap.Arg("bias"), &a2)
		c.ImplUseCountLE1(wrap.Ret(0), &o0)
		c.End()
		return r0
	}
	kernel := func(input, weight, bias asserts.Tensor) asserts.Tensor {
		if bias != nil {
			bias.(*handle).version++ // bias.add_(...): the bug
		}
		return &handle{impl: 0x53, storage: 0x54, uses: 1}
	}
	input := &handle{impl: 0x50, storage: 0x51, uses: 1}
	weight := &handle{impl: 0x52, storage: 0x55, uses: 1}
	bias := &handle{impl: 0x56, storage: 0x57, uses: 1}
	for _, b := range []asserts.Tensor{bias, nil} {
		vs := asserts.Collect(func() { checkedLinear(kernel, input, weight, b) })
		fmt.Printf("bias given: %v, %d violation(s)\n", b != nil, len(vs))
		for _, v := range vs {
			fmt.Printf("  %s: %s\n", v.Check, v.Where())
		}
	}
	// Output:
	// bias given: true, 1 violation(s)
	//   no_mutation: argument bias
	// bias given: false, 0 violation(s)
}

// unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[] returns views
// of self: a Tensor[] return is snapshot with ResultList and each element
// checked with SharesStorageList. This kernel copies its second slice.
func ExampleResultList() {
	self := &handle{impl: 0x60, storage: 0x61, uses: 1}
	unbind := func(self *handle) []*handle {
		return []*handle{
			{impl: 0x62, storage: self.storage, uses: 1}, // a view
			{impl: 0x63, storage: 0x64, uses: 1},         // a copy
		}
	}
	vs := asserts.Collect(func() {
		var c wrap.Call
		c.Begin(&wrap.Op{Name: "unbind", Overload: "int"})
		var a0 wrap.Saved
		var o0 wrap.SavedList
		c.Save(&a0, self)
		ret := unbind(self)
		c.After(&a0, self)
		wrap.ResultList(&c, &o0, ret)
		c.SharesStorageList(wrap.Ret(0), &o0, wrap.Arg("self"), &a0)
		c.End()
	})
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Check, v.Where())
	}
	// Output:
	// shares_storage: return 0[1]
}

// Two shapes no PyTorch release has, which assertgen wraps when a schema
// declares them:
//
//	views(Tensor(a)[] self) -> Tensor(a)[]                 each return views an element of self
//	copies.out(Tensor[] self, *, Tensor(a!)[] out) -> Tensor(a!)[]  returns its out list
//
// SharesStorageListOf checks each returned view against the whole list
// argument; ReturnsArgList checks an out= list return element by element.
func ExampleCall_ReturnsArgList() {
	a := &handle{impl: 0x70, storage: 0x71, uses: 1}
	b := &handle{impl: 0x72, storage: 0x73, uses: 1}
	list := []*handle{a, b}

	vs := asserts.Collect(func() {
		var c wrap.Call
		c.Begin(&wrap.Op{Name: "views"})
		var a0, o0 wrap.SavedList
		wrap.SaveList(&c, &a0, list)
		// The second return is fresh, not a view of an element.
		ret := []*handle{{impl: 0x74, storage: b.storage, uses: 1}, {impl: 0x75, storage: 0x76, uses: 1}}
		wrap.AfterList(&c, &a0, list)
		wrap.ResultList(&c, &o0, ret)
		c.SharesStorageListOf(wrap.Ret(0), &o0, wrap.Arg("self"), &a0)
		c.End()
	})
	vs = append(vs, asserts.Collect(func() {
		out := []*handle{{impl: 0x77, storage: 0x78, uses: 1}, {impl: 0x79, storage: 0x7a, uses: 1}}
		var c wrap.Call
		c.Begin(&wrap.Op{Name: "copies", Overload: "out"})
		var a0, a1, o0 wrap.SavedList
		wrap.SaveList(&c, &a0, list)
		wrap.SaveList(&c, &a1, out)
		// The kernel returns its out list, but with its first element
		// replaced by a new tensor.
		ret := []*handle{{impl: 0x7b, storage: 0x7c, uses: 1}, out[1]}
		wrap.AfterList(&c, &a0, list)
		wrap.AfterList(&c, &a1, out)
		wrap.ResultList(&c, &o0, ret)
		c.ReturnsArgList(wrap.Ret(0), &o0, wrap.Arg("out"), &a1)
		c.End()
	})...)
	for _, v := range vs {
		op := v.Op
		if v.Overload != "" {
			op += "." + v.Overload
		}
		fmt.Printf("%s: %s: %s\n", op, v.Check, v.Where())
	}
	// Output:
	// views: shares_storage: return 0[1]
	// copies.out: returns_arg: return 0[0]
}

// gcHandle is a handle of a garbage-collected runtime: no use counts
// (asserts.Identity only), and its storage's address as the anchor
// fresh_not_held keeps a weak pointer to (asserts.Anchored).
type gcHandle struct {
	impl asserts.ID
	st   *gcStorage
}

type gcStorage struct {
	id   asserts.ID
	data []float32
}

func (h *gcHandle) Ident() asserts.Ident {
	return asserts.Ident{Impl: h.impl, Storage: h.st.id}
}

func (h *gcHandle) StorageAnchor() unsafe.Pointer { return unsafe.Pointer(h.st) }

// A split of a garbage-collected runtime's tensor into fresh chunks
// (unsafe_split.Tensor(Tensor self, SymInt split_size, int dim=0) ->
// Tensor[]), wrapped as assertgen does with use_counts: false: the returns
// are snapshot with ResultIdentList and checked with FreshNotHeldList. The
// kernel keeps its last chunk in a cache and hands it out again on the next
// call: the second call is reported, as the earlier caller still holds it.
func ExampleFreshNotHeldList() {
	var cache *gcHandle
	split := func(self *gcHandle) []*gcHandle {
		if cache == nil {
			cache = &gcHandle{impl: 0x83, st: &gcStorage{id: 0x84, data: make([]float32, 2)}}
		}
		return []*gcHandle{{impl: 0x81, st: &gcStorage{id: 0x82, data: make([]float32, 2)}}, cache}
	}
	op := wrap.Op{Name: "unsafe_split", Overload: "Tensor"}
	call := func(self *gcHandle) []*gcHandle {
		var c wrap.Call
		c.Begin(&op)
		c.BeginFresh()
		var a0 wrap.Saved
		var o0 wrap.SavedList
		c.Save(&a0, self)
		ret := split(self)
		c.After(&a0, self)
		wrap.ResultIdentList(&c, &o0, ret)
		wrap.FreshNotHeldList(&c, wrap.Ret(0), &o0, ret)
		c.End()
		return ret
	}
	self := &gcHandle{impl: 0x80, st: &gcStorage{id: 0x85, data: make([]float32, 4)}}
	var kept [][]*gcHandle // the callers hold their results
	for i := range 2 {
		vs := asserts.Collect(func() { kept = append(kept, call(self)) })
		fmt.Printf("call %d: %d violation(s)\n", i+1, len(vs))
		for _, v := range vs {
			fmt.Printf("  %s: %s\n", v.Check, v.Where())
		}
	}
	// Output:
	// call 1: 0 violation(s)
	// call 2: 1 violation(s)
	//   fresh_not_held: return 0[1]
}

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
	checkedNeg(&handle{impl: 0x90, storage: 0x91, uses: 1})
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
				checkedNeg(&handle{impl: 0x92, storage: 0x93, uses: 1})
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

	checkedNeg(&handle{impl: 0x94, storage: 0x95, uses: 1}) // 3 checks, 2 fail
	op := wrap.Op{Name: "relu"}
	var c wrap.Call
	c.BeginWith(&op, asserts.EnvState{ModeActive: true}) // under a dispatch mode
	var o0 wrap.Saved
	c.Result(&o0, &handle{impl: 0x96, storage: 0x97, uses: 2})
	c.ImplUseCountLE1(wrap.Ret(0), &o0) // skipped: mode_active
	c.End()

	st := asserts.ReadStats().Sub(before)
	fmt.Printf("%d calls: %d checks ran, %d skipped, %d violations\n", st.Calls, st.TotalRan(), st.TotalSkipped(), st.TotalViolations())
	// Output:
	// 2 calls: 3 checks ran, 1 skipped, 2 violations
}

// index.Tensor(Tensor self, Tensor?[] indices) -> Tensor: a list of
// optional tensors is saved with SaveOptList (a nil element is an absent
// one, whose checks are skipped) and completed with AfterList. This kernel
// sorts an index in place.
func ExampleSaveOptList() {
	self := &handle{impl: 0xc0, storage: 0xc1, uses: 1}
	idx := &handle{impl: 0xc2, storage: 0xc3, uses: 1}
	indices := []*handle{nil, idx}
	vs := asserts.Collect(func() {
		var c wrap.Call
		c.Begin(&wrap.Op{Name: "index", Overload: "Tensor"})
		var a0, o0 wrap.Saved
		var a1 wrap.SavedList
		c.Save(&a0, self)
		wrap.SaveOptList(&c, &a1, indices)
		idx.version++ // the kernel's in-place sort
		ret := &handle{impl: 0xc4, storage: 0xc5, uses: 1}
		c.After(&a0, self)
		wrap.AfterList(&c, &a1, indices)
		c.Result(&o0, ret)
		c.NoMutation(wrap.Arg("self"), &a0)
		c.NoMutationList(wrap.Arg("indices"), &a1)
		c.End()
	})
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Check, v.Where())
	}
	// Output:
	// no_mutation: argument indices[1]
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
		vs := asserts.Collect(func() { neg(&handle{impl: 0xb0, storage: 0xb1, uses: 1}) })
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
		return &gcStorage{id: newID(), data: make([]float32, 4)}
	}
	put := func(t *gcHandle, tell bool) {
		if tell && asserts.Checking() {
			asserts.Released(t)
		}
		pool = append(pool, t.st)
	}
	op := wrap.Op{Name: "zeros_like"}
	zerosLike := func() *gcHandle { // a checked call of a kernel that takes its buffer from the pool
		var c wrap.Call
		c.Begin(&op)
		c.BeginFresh()
		r := &gcHandle{impl: newID(), st: get()}
		var o0 wrap.Saved
		c.ResultIdent(&o0, r)
		c.FreshNotHeld(wrap.Ret(0), &o0, r)
		c.End()
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
	checkedNeg(&handle{impl: 0xe0, storage: 0xe1, uses: 1})
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
	//       "profile": "strict",
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
	//       "profile": "strict",
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
