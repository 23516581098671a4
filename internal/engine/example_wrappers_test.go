package engine_test

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/internal/engine/enginetest"
)

func handleOf(h unsafe.Pointer) asserts.Identity { return (*handle)(h) }

func handleElem(h unsafe.Pointer, i int) asserts.Identity {
	return unsafe.Slice((**handle)(h), i+1)[i]
}

// linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor, wrapped
// as assertgen does for a runtime whose kernels take and return
// asserts.Tensor values (interface mode without a type map): each tensor
// is read with no handle and handed over as its interface (Iface); an
// absent bias is read by ArgOpt as absent. The kernel adds the bias in
// place into the bias tensor itself: the write is reported when a bias is
// given, and without one there is nothing to check.
func ExampleFrame_Iface() {
	op := engine.Op{Name: "linear"}
	sh := engine.Shape{Args: 3, Rets: 1,
		Rows: []engine.Row{row(checks.NoMutation, 0, -1), row(checks.NoMutation, 1, -1),
			row(checks.NoMutation, 2, -1), row(checks.ImplUseCountLE1, 3, -1)},
		Locs: []engine.Loc{engine.Arg("input"), engine.Arg("weight"), engine.Arg("bias"), engine.Ret(0)}}
	checkedLinear := func(kernel func(input, weight, bias asserts.Tensor) asserts.Tensor, input, weight, bias asserts.Tensor) asserts.Tensor {
		var fr engine.Frame[[4]engine.Slot, [0]engine.ListSlot]
		fr.Open()
		fr.Arg(0, input.Ident(), nil)
		fr.Iface(0, input)
		fr.Arg(1, weight.Ident(), nil)
		fr.Iface(1, weight)
		if bias != nil {
			fr.ArgOpt(2, bias.Ident(), nil, true)
			fr.Iface(2, bias)
		} else {
			fr.ArgOpt(2, asserts.Ident{}, nil, false)
		}
		fr.Begin(&op, &sh)
		r0 := kernel(input, weight, bias)
		fr.AfterArg(0, input.Ident())
		fr.AfterArg(1, weight.Ident())
		if bias != nil {
			fr.AfterArg(2, bias.Ident())
		}
		iu, su := r0.UseCounts()
		fr.Ret(3, r0.Ident(), iu, su, nil)
		fr.Iface(3, r0)
		fr.End()
		return r0
	}
	kernel := func(input, weight, bias asserts.Tensor) asserts.Tensor {
		if bias != nil {
			bias.(*handle).Version++ // bias.add_(...): the bug
		}
		return &handle{Impl: 0x53, Storage: 0x54, Uses: 1}
	}
	input := &handle{Impl: 0x50, Storage: 0x51, Uses: 1}
	weight := &handle{Impl: 0x52, Storage: 0x55, Uses: 1}
	bias := &handle{Impl: 0x56, Storage: 0x57, Uses: 1}
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
// of self: a Tensor[] return is read element by element (RetElem) and its
// shares_storage row, of form FormRetList, checks each element. This
// kernel copies its second slice.
func ExampleFrame_RetElem() {
	sh := engine.Shape{Args: 1, Rets: 1, Lists: 1 << 1,
		Rows:   []engine.Row{engine.Row{Check: checks.SharesStorage, Form: engine.FormRetList, T: 1, U: 0}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: handleOf, Elem: handleElem}
	self := &handle{Impl: 0x60, Storage: 0x61, Uses: 1}
	unbind := func(self *handle) []*handle {
		return []*handle{
			{Impl: 0x62, Storage: self.Storage, Uses: 1}, // a view
			{Impl: 0x63, Storage: 0x64, Uses: 1},         // a copy
		}
	}
	vs := asserts.Collect(func() {
		var fr engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
		fr.Open()
		fr.Arg(0, self.Ident(), unsafe.Pointer(self))
		fr.Begin(&engine.Op{Name: "unbind", Overload: "int"}, &sh)
		ret := unbind(self)
		fr.AfterArg(0, self.Ident())
		fr.List(0, len(ret), unsafe.Pointer(unsafe.SliceData(ret)))
		for j, e := range ret {
			iu, su := e.UseCounts()
			fr.RetElem(0, j, e.Ident(), iu, su)
		}
		fr.RetListRead(0)
		fr.End()
	})
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Check, v.Where())
	}
	// Output:
	// shares_storage: return 0[1]
}

// listCall runs kernel through a checked call of op, of shape sh, whose
// slots are lists: the arguments args, then the return.
func listCall(op *engine.Op, sh *engine.Shape, args [][]*handle, kernel func() []*handle) {
	var fr engine.Frame[[0]engine.Slot, [3]engine.ListSlot]
	fr.Open()
	for i, l := range args {
		fr.List(i, len(l), unsafe.Pointer(unsafe.SliceData(l)))
		for j, e := range l {
			fr.Elem(i, j, e.Ident())
		}
	}
	fr.Begin(op, sh)
	ret := kernel()
	for i, l := range args {
		fr.AfterList(i, len(l))
		for j, e := range l {
			fr.AfterElem(i, j, e.Ident())
		}
	}
	fr.List(len(args), len(ret), unsafe.Pointer(unsafe.SliceData(ret)))
	for j, e := range ret {
		iu, su := e.UseCounts()
		fr.RetElem(len(args), j, e.Ident(), iu, su)
	}
	fr.RetListRead(len(args))
	fr.End()
}

// Two shapes no PyTorch release has, which assertgen wraps when a schema
// declares them:
//
//	views(Tensor(a)[] self) -> Tensor(a)[]                 each return views an element of self
//	copies.out(Tensor[] self, *, Tensor(a!)[] out) -> Tensor(a!)[]  returns its out list
//
// A shares_storage row of form FormLists checks each returned view against
// the whole list argument; a returns_arg row of that form checks an out=
// list return element by element.
func ExampleFrame_Elem() {
	a := &handle{Impl: 0x70, Storage: 0x71, Uses: 1}
	b := &handle{Impl: 0x72, Storage: 0x73, Uses: 1}
	list := []*handle{a, b}
	views := engine.Shape{Args: 1, Rets: 1, Lists: 1<<0 | 1<<1,
		Rows:   []engine.Row{engine.Row{Check: checks.SharesStorage, Form: engine.FormLists, T: 1, U: 0}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: handleOf, Elem: handleElem}
	copies := engine.Shape{Args: 2, Rets: 1, Lists: 1<<0 | 1<<1 | 1<<2,
		Rows:   []engine.Row{engine.Row{Check: checks.ReturnsArg, Form: engine.FormLists, T: 2, U: 1}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Arg("out"), engine.Ret(0)},
		Writes: []int8{1},
		Tensor: handleOf, Elem: handleElem}
	var vs []asserts.Violation
	vs = append(vs, asserts.Collect(func() {
		// a view frame of two list slots: a list argument and return
		var fr engine.Frame[[0]engine.Slot, [2]engine.ListSlot]
		fr.Open()
		fr.List(0, len(list), unsafe.Pointer(unsafe.SliceData(list)))
		for j, e := range list {
			fr.Elem(0, j, e.Ident())
		}
		fr.Begin(&engine.Op{Name: "views"}, &views)
		// The second return is fresh, not a view of an element.
		ret := []*handle{{Impl: 0x74, Storage: b.Storage, Uses: 1}, {Impl: 0x75, Storage: 0x76, Uses: 1}}
		fr.AfterList(0, len(list))
		for j, e := range list {
			fr.AfterElem(0, j, e.Ident())
		}
		fr.List(1, len(ret), unsafe.Pointer(unsafe.SliceData(ret)))
		for j, e := range ret {
			fr.RetElem(1, j, e.Ident(), 1, 1)
		}
		fr.RetListRead(1)
		fr.End()
	})...)
	out := []*handle{{Impl: 0x77, Storage: 0x78, Uses: 1}, {Impl: 0x79, Storage: 0x7a, Uses: 1}}
	vs = append(vs, asserts.Collect(func() {
		// The kernel returns its out list, but with its first element
		// replaced by a new tensor.
		listCall(&engine.Op{Name: "copies", Overload: "out"}, &copies, [][]*handle{list, out},
			func() []*handle { return []*handle{{Impl: 0x7b, Storage: 0x7c, Uses: 1}, out[1]} })
	})...)
	for _, v := range vs {
		fmt.Printf("%s: %s: %s\n", v.OpName(), v.Check, v.Where())
	}
	// Output:
	// views: shares_storage: return 0[1]
	// copies.out: returns_arg: return 0[0]
}

// index.Tensor(Tensor self, Tensor?[] indices) -> Tensor: a list of
// optional tensors (the Shape's OptLists) is read as any list, a nil
// element as the undefined tensor, which is absent: its checks are
// skipped. This kernel sorts an index in place.
func ExampleShape_optLists() {
	sh := engine.Shape{Args: 2, Rets: 1, Lists: 1 << 1, OptLists: 1 << 1,
		Rows:   []engine.Row{row(checks.NoMutation, 0, -1), engine.Row{Check: checks.NoMutation, Form: engine.FormArgList, T: 1, U: -1}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Arg("indices"), engine.Ret(0)},
		Tensor: handleOf, Elem: handleElem}
	self := &handle{Impl: 0xc0, Storage: 0xc1, Uses: 1}
	idx := &handle{Impl: 0xc2, Storage: 0xc3, Uses: 1}
	indices := []*handle{nil, idx}
	vs := asserts.Collect(func() {
		var fr engine.Frame[[2]engine.Slot, [1]engine.ListSlot]
		fr.Open()
		fr.Arg(0, self.Ident(), unsafe.Pointer(self))
		fr.List(0, len(indices), unsafe.Pointer(unsafe.SliceData(indices)))
		for j, e := range indices {
			fr.Elem(0, j, e.Ident())
		}
		fr.Begin(&engine.Op{Name: "index", Overload: "Tensor"}, &sh)
		idx.Version++ // the kernel's in-place sort
		ret := &handle{Impl: 0xc4, Storage: 0xc5, Uses: 1}
		fr.AfterArg(0, self.Ident())
		fr.AfterList(0, len(indices))
		for j, e := range indices {
			fr.AfterElem(0, j, e.Ident())
		}
		fr.Ret(1, ret.Ident(), 1, 1, unsafe.Pointer(ret))
		fr.End()
	})
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Check, v.Where())
	}
	// Output:
	// no_mutation: argument indices[1]
}

// gcHandle is a handle of a garbage-collected runtime: no use counts
// (asserts.Identity only), and its storage's address as the anchor
// fresh_not_held keeps a weak pointer to (asserts.Anchored).
type (
	gcHandle  = enginetest.GCHandle
	gcStorage = enginetest.GCStorage
)

// geomHandle is a handle with a geometry it reports through
// asserts.Metadata.
type geomHandle struct {
	handle
	sizes, strides []int
	offset         int
}

// same_metadata of a tensor held as asserts.Tensor (interface mode without
// a type map): the runtime reads the fingerprint through the interface
// handed over (Iface). A view kernel that transposes its input in place,
// instead of making a new TensorImpl, is reported.
func ExampleFrame_Iface_metadata() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	op := engine.Op{Name: "transpose", Overload: "int"}
	sh := engine.Shape{Args: 1,
		Rows: []engine.Row{row(checks.SameImpl, 0, -1), row(checks.SameStorage, 0, -1),
			row(checks.NoMutation, 0, -1), row(checks.SameMetadata, 0, -1)},
		Locs: []engine.Loc{engine.Arg("self")}}
	var x asserts.Tensor = &geomHandle{handle: handle{Impl: 0x40, Storage: 0x41, Uses: 1},
		sizes: []int{4, 4}, strides: []int{4, 1}}
	transposeInPlace := func(t asserts.Tensor) {
		g := t.(*geomHandle)
		g.strides[0], g.strides[1] = g.strides[1], g.strides[0]
	}

	var fr engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	fr.Open()
	fr.Arg(0, x.Ident(), nil)
	fr.Iface(0, x)
	fr.Begin(&op, &sh)
	transposeInPlace(x)
	fr.AfterArg(0, x.Ident())
	fr.End()

	for _, v := range col.Violations() {
		fmt.Println(v.OpName(), v.Check, v.Where())
	}
	// Output:
	// transpose.int same_metadata argument self
}

// A view kernel that copies is caught by shares_storage.
func ExampleFrame_Ret() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	sh := engine.Shape{Args: 1, Rets: 1,
		Rows:   []engine.Row{row(checks.SharesStorage, 1, 0)},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: handleOf, Elem: handleElem}

	self := &handle{Impl: 0x20, Storage: 0x21, Uses: 1}
	var fr engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	fr.Open()
	fr.Arg(0, self.Ident(), unsafe.Pointer(self))
	fr.Begin(&engine.Op{Name: "transpose", Overload: "int"}, &sh)
	ret := &handle{Impl: 0x22, Storage: 0x23, Uses: 1} // a copy, not a view
	fr.AfterArg(0, self.Ident())
	fr.Ret(1, ret.Ident(), 1, 1, unsafe.Pointer(ret))
	fr.End()

	v := col.Violations()[0]
	fmt.Println(v.Error())
	fmt.Printf("check=%v where=%s other=%q want=%#x got=%#x\n", v.Check, v.Where(), v.Other, v.Want, v.Got)
	// Output:
	// transpose.int: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x21, got 0x23); hint: a view kernel must return a tensor sharing self's storage
	// check=shares_storage where=return 0 other="argument self" want=0x21 got=0x23
}

func (g *geomHandle) MetadataFingerprint() (uint64, bool) {
	if g == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(g.sizes, g.strides, g.offset), true
}

// A runtime implements the contract on its tensor handle. This one is a
// toy with fixed identities; examples/reftensor is a real one.
type handle = enginetest.Handle
