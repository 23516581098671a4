package engine_test

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
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
	op := engine.Op{Name: "linear"}
	checkedLinear := func(kernel func(input, weight, bias asserts.Tensor) asserts.Tensor, input, weight, bias asserts.Tensor) asserts.Tensor {
		var c engine.Call
		c.Begin(&op)
		var a0, a1, a2, o0 engine.Saved
		c.SaveTensor(&a0, input)
		c.SaveTensor(&a1, weight)
		c.SaveOptTensor(&a2, bias, bias != nil)
		r0 := kernel(input, weight, bias)
		c.AfterTensor(&a0, input)
		c.AfterTensor(&a1, weight)
		c.AfterTensor(&a2, bias)
		c.Result(&o0, r0)
		c.NoMutation(engine.Arg("input"), &a0)
		c.NoMutation(engine.Arg("weight"), &a1)
		c.NoMutation(engine.Arg("bias"), &a2)
		c.ImplUseCountLE1(engine.Ret(0), &o0)
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
// checked with SharesStorage. This kernel copies its second slice.
func ExampleResultList() {
	self := &handle{impl: 0x60, storage: 0x61, uses: 1}
	unbind := func(self *handle) []*handle {
		return []*handle{
			{impl: 0x62, storage: self.storage, uses: 1}, // a view
			{impl: 0x63, storage: 0x64, uses: 1},         // a copy
		}
	}
	vs := asserts.Collect(func() {
		var c engine.Call
		c.Begin(&engine.Op{Name: "unbind", Overload: "int"})
		var a0 engine.Saved
		var o0 engine.SavedList
		c.Save(&a0, self)
		ret := unbind(self)
		c.After(&a0, self)
		engine.ResultList(&c, &o0, ret)
		for i := range o0.Len() {
			c.SharesStorage(engine.Ret(0).Elem(i), o0.At(i), engine.Arg("self"), &a0)
		}
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
// SharesStorageOf checks each returned view against the whole list
// argument; ReturnsArgList checks an out= list return element by element.
func ExampleCall_ReturnsArgList() {
	a := &handle{impl: 0x70, storage: 0x71, uses: 1}
	b := &handle{impl: 0x72, storage: 0x73, uses: 1}
	list := []*handle{a, b}

	vs := asserts.Collect(func() {
		var c engine.Call
		c.Begin(&engine.Op{Name: "views"})
		var a0, o0 engine.SavedList
		engine.SaveList(&c, &a0, list)
		// The second return is fresh, not a view of an element.
		ret := []*handle{{impl: 0x74, storage: b.storage, uses: 1}, {impl: 0x75, storage: 0x76, uses: 1}}
		engine.AfterList(&c, &a0, list)
		engine.ResultList(&c, &o0, ret)
		for i := range o0.Len() {
			c.SharesStorageOf(engine.Ret(0).Elem(i), o0.At(i), engine.Arg("self"), &a0)
		}
		c.End()
	})
	vs = append(vs, asserts.Collect(func() {
		out := []*handle{{impl: 0x77, storage: 0x78, uses: 1}, {impl: 0x79, storage: 0x7a, uses: 1}}
		var c engine.Call
		c.Begin(&engine.Op{Name: "copies", Overload: "out"})
		var a0, a1, o0 engine.SavedList
		engine.SaveList(&c, &a0, list)
		engine.SaveList(&c, &a1, out)
		// The kernel returns its out list, but with its first element
		// replaced by a new tensor.
		ret := []*handle{{impl: 0x7b, storage: 0x7c, uses: 1}, out[1]}
		engine.AfterList(&c, &a0, list)
		engine.AfterList(&c, &a1, out)
		engine.ResultList(&c, &o0, ret)
		c.ReturnsArgList(engine.Ret(0), &o0, engine.Arg("out"), &a1)
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

// A split of a garbage-collected runtime's tensor into fresh chunks
// (unsafe_split.Tensor(Tensor self, SymInt split_size, int dim=0) ->
// Tensor[]), wrapped as assertgen does with use_counts: false: the returns
// are snapshot with ResultIdentList and checked with FreshNotHeld element by element. The
// kernel keeps its last chunk in a cache and hands it out again on the next
// call: the second call is reported, as the earlier caller still holds it.
func ExampleResultIdentList() {
	var cache *gcHandle
	split := func(self *gcHandle) []*gcHandle {
		if cache == nil {
			cache = &gcHandle{impl: 0x83, st: &gcStorage{id: 0x84, data: make([]float32, 2)}}
		}
		return []*gcHandle{{impl: 0x81, st: &gcStorage{id: 0x82, data: make([]float32, 2)}}, cache}
	}
	op := engine.Op{Name: "unsafe_split", Overload: "Tensor"}
	call := func(self *gcHandle) []*gcHandle {
		var c engine.Call
		c.Begin(&op)
		c.BeginFresh()
		var a0 engine.Saved
		var o0 engine.SavedList
		c.Save(&a0, self)
		ret := split(self)
		c.After(&a0, self)
		engine.ResultIdentList(&c, &o0, ret)
		for j, e := range ret {
			c.FreshNotHeld(engine.Ret(0).Elem(j), o0.At(j), e)
		}
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

// index.Tensor(Tensor self, Tensor?[] indices) -> Tensor: a list of
// optional tensors is saved with SaveOptList (a nil element is an absent
// one, whose checks are skipped) and completed with AfterList. This kernel
// sorts an index in place.
func ExampleSaveOptList() {
	self := &handle{impl: 0xc0, storage: 0xc1, uses: 1}
	idx := &handle{impl: 0xc2, storage: 0xc3, uses: 1}
	indices := []*handle{nil, idx}
	vs := asserts.Collect(func() {
		var c engine.Call
		c.Begin(&engine.Op{Name: "index", Overload: "Tensor"})
		var a0, o0 engine.Saved
		var a1 engine.SavedList
		c.Save(&a0, self)
		engine.SaveOptList(&c, &a1, indices)
		idx.version++ // the kernel's in-place sort
		ret := &handle{impl: 0xc4, storage: 0xc5, uses: 1}
		c.After(&a0, self)
		engine.AfterList(&c, &a1, indices)
		c.Result(&o0, ret)
		c.NoMutation(engine.Arg("self"), &a0)
		c.List(checks.NoMutation, engine.Arg("indices"), &a1)
		c.End()
	})
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Check, v.Where())
	}
	// Output:
	// no_mutation: argument indices[1]
}

// geomHandle is a handle with a geometry it reports through
// asserts.Metadata.
type geomHandle struct {
	handle
	sizes, strides []int
	offset         int
}

// same_metadata in the shape gen emits for tensors held as asserts.Tensor
// (interface mode without a type map): a view kernel that transposes its
// input in place, instead of making a new TensorImpl, is reported.
func ExampleCall_SaveMetadataTensor() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	op := engine.Op{Name: "transpose", Overload: "int"}
	var x asserts.Tensor = &geomHandle{handle: handle{impl: 0x40, storage: 0x41, uses: 1},
		sizes: []int{4, 4}, strides: []int{4, 1}}
	transposeInPlace := func(t asserts.Tensor) {
		g := t.(*geomHandle)
		g.strides[0], g.strides[1] = g.strides[1], g.strides[0]
	}

	var c engine.Call
	c.BeginWith(&op, asserts.EnvState{})
	var a0 engine.Saved
	c.SaveTensor(&a0, x)
	c.SaveMetadataTensor(&a0, x)
	transposeInPlace(x)
	c.AfterTensor(&a0, x)
	c.SameImplStorageVersion(engine.Arg("self"), &a0)
	c.SameMetadataTensor(engine.Arg("self"), &a0, x)
	c.End()

	for _, v := range col.Violations() {
		fmt.Println(v.OpName(), v.Check, v.Where())
	}
	// Output:
	// transpose.int same_metadata argument self
}

// A view kernel that copies is caught by shares_storage.
func ExampleCall_SharesStorage() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	self := &handle{impl: 0x20, storage: 0x21, uses: 1}
	var c engine.Call
	c.Begin(&engine.Op{Name: "transpose", Overload: "int"})
	var a0, o0 engine.Saved
	c.Save(&a0, self)
	ret := &handle{impl: 0x22, storage: 0x23, uses: 1} // a copy, not a view
	c.After(&a0, self)
	c.Result(&o0, ret)
	c.SharesStorage(engine.Ret(0), &o0, engine.Arg("self"), &a0)
	c.End()

	v := col.Violations()[0]
	fmt.Println(v.Error())
	fmt.Printf("check=%v where=%s other=%q want=%#x got=%#x\n", v.Check, v.Where(), v.Other, v.Want, v.Got)
	// Output:
	// transpose.int: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x21, got 0x23); hint: a view kernel must return a tensor sharing self's storage
	// check=shares_storage where=return 0 other="argument self" want=0x21 got=0x23
}

func (h *gcHandle) Ident() asserts.Ident {
	return asserts.Ident{Impl: h.impl, Storage: h.st.id}
}

func (h *gcHandle) StorageAnchor() unsafe.Pointer { return unsafe.Pointer(h.st) }

func (g *geomHandle) MetadataFingerprint() (uint64, bool) {
	if g == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(g.sizes, g.strides, g.offset), true
}

// A runtime implements the contract on its tensor handle. This one is a
// toy with fixed identities; examples/reftensor is a real one.
type handle struct {
	impl, storage asserts.ID
	version       uint64
	uses          int // handles on the TensorImpl
}

func (h *handle) Ident() asserts.Ident {
	if h == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: h.impl, Storage: h.storage, Version: h.version, Traits: asserts.Versioned}
}

func (h *handle) UseCounts() (impl, storage int) {
	if h == nil {
		return 0, 0
	}
	return h.uses, 1
}
