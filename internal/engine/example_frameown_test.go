package engine_test

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// splitShape is the Shape of unsafe_split on a runtime without use
// counts, as assertgen writes it: self's rows, then fresh_not_held on
// each chunk of the list return.
var splitShape = engine.Shape{
	Args: 1, Rets: 1, Lists: 1 << 1,
	Rows: []engine.Row{
		{Check: checks.SameImpl, Form: engine.FormOne, T: 0, U: -1},
		{Check: checks.SameStorage, Form: engine.FormOne, T: 0, U: -1},
		{Check: checks.FreshNotHeld, Form: engine.FormRetList, T: 1, U: -1},
	},
	Locs:        []engine.Loc{engine.Arg("self"), engine.Ret(0)},
	NoUseCounts: true,
	Tensor:      func(h unsafe.Pointer) asserts.Identity { return (*gcHandle)(h) },
	Elem: func(h unsafe.Pointer, i int) asserts.Identity {
		return unsafe.Slice((**gcHandle)(h), i+1)[i]
	},
}

// A split of a garbage-collected runtime's tensor into fresh chunks on the
// one path (version 4), whose kernel keeps its last chunk in a cache and
// hands it out again on the next call: the
// wrapper's helpers read self with ArgIdent and AfterIdent (its storage
// anchor with its identities) and each chunk of the list return with
// RetElemIdent (no use counts); the runtime runs the Shape's rows. The
// chunk the kernel caches and hands out again is reported on the second
// call.
func ExampleFrame_RetElemIdent() {
	var cache *gcHandle
	split := func(self *gcHandle) []*gcHandle {
		if cache == nil {
			cache = &gcHandle{Impl: 0x93, St: &gcStorage{ID: 0x94, Data: make([]float32, 2)}}
		}
		return []*gcHandle{{Impl: 0x91, St: &gcStorage{ID: 0x92, Data: make([]float32, 2)}}, cache}
	}
	op := engine.Op{Name: "unsafe_split", Overload: "Tensor"}
	call := func(self *gcHandle) []*gcHandle {
		var fr engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
		fr.Open()
		fr.ArgIdent(0, self.Ident(), self.StorageAnchor(), unsafe.Pointer(self))
		fr.Begin(&op, &splitShape)
		ret := split(self)
		fr.AfterIdent(0, self.Ident(), self.StorageAnchor())
		fr.List(0, len(ret), unsafe.Pointer(unsafe.SliceData(ret)))
		for j, e := range ret {
			fr.RetElemIdent(0, j, e.Ident(), e.StorageAnchor())
		}
		fr.RetListRead(0)
		fr.End()
		return ret
	}
	self := &gcHandle{Impl: 0x90, St: &gcStorage{ID: 0x95, Data: make([]float32, 4)}}
	var kept [][]*gcHandle // the callers hold their results
	for i := range 2 {
		vs := asserts.Collect(func() { kept = append(kept, call(self)) })
		fmt.Printf("call %d: %d violation(s)\n", i+1, len(vs))
		for _, v := range vs {
			fmt.Printf("  %s: %s\n", v.Check, v.Where())
		}
	}
	st := op.Stats()
	fmt.Printf("%d calls, fresh_not_held ran %d times\n", st.Calls, st.Ran[checks.FreshNotHeld])
	// Output:
	// call 1: 0 violation(s)
	// call 2: 1 violation(s)
	//   fresh_not_held: return 0[1]
	// 2 calls, fresh_not_held ran 4 times
}
