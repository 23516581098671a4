package engine_test

// Hand-written wrappers of the one path (engine.Frame, engine.Shape): what gen
// emits at version 4 for a runtime with use counts, run on the fast plan
// and forced onto the rows against goldens the rows-path wrappers of
// wrappers_test.go wrote (frame_compare_test.go).

import (
	"slices"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

func rtTensor(h unsafe.Pointer) asserts.Identity { return (*rt.Tensor)(h) }

func rtElem(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**rt.Tensor)(h), i+1)[i] }

// row makes a Row of single tensors.
func row(k checks.Check, t, u int8) engine.Row {
	return engine.Row{Check: k, Form: engine.FormOne, T: t, U: u}
}

// unchanged is the rows of an input the op does not write.
func unchanged(t int8) []engine.Row {
	return []engine.Row{row(checks.SameImpl, t, -1), row(checks.SameStorage, t, -1), row(checks.NoMutation, t, -1)}
}

func rows(parts ...[]engine.Row) []engine.Row {
	var out []engine.Row
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var opAddF = engine.Op{Name: "add", Overload: "Tensor"}

var shapeAdd = engine.Shape{
	Args: 2, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.BindingContext, 1, -1), row(checks.SameContent, 0, -1), row(checks.SameContent, 1, -1)},
		unchanged(0), unchanged(1),
		[]engine.Row{row(checks.ImplUseCountLE1, 2, -1), row(checks.NotArgHandle, 2, 0), row(checks.NotArgHandle, 2, 1),
			row(checks.StorageUseCountEq1, 2, -1), row(checks.FreshNoAlias, 2, 0), row(checks.FreshNoAlias, 2, 1)}),
	Locs:   locsAdd[:],
	Tensor: rtTensor, Elem: rtElem,
}

type frame3 = engine.Frame[[3]engine.Slot, [0]engine.ListSlot]

// AddF is Add on the one path.
func AddF(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var f frame3
	before2(&f, &opAddF, &shapeAdd, self, other)
	ret := k.add(self, other, alpha)
	after2r(&f, self, other, ret)
	return ret
}

func before2(f *frame3, op *engine.Op, sh *engine.Shape, t0, t1 *rt.Tensor) {
	f.Open()
	f.Arg(0, t0.Ident(), unsafe.Pointer(t0))
	f.Arg(1, t1.Ident(), unsafe.Pointer(t1))
	f.Begin(op, sh)
}

func after2r(f *frame3, t0, t1, t2 *rt.Tensor) {
	f.AfterArg(0, t0.Ident())
	f.AfterArg(1, t1.Ident())
	iu, su := t2.UseCounts()
	f.Ret(2, t2.Ident(), iu, su, unsafe.Pointer(t2))
	f.End()
}

var opAddInPlaceF = engine.Op{Name: "add_", Overload: "Tensor"}

var shapeAddInPlace = engine.Shape{
	Args: 2, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.BindingContext, 1, -1), row(checks.SameContent, 1, -1),
			row(checks.SameImpl, 0, -1), row(checks.SameStorage, 0, -1)},
		unchanged(1),
		[]engine.Row{row(checks.ReturnsArg, 2, 0)}),
	Locs:   locsAdd[:],
	Writes: []int8{0},
	Tensor: rtTensor, Elem: rtElem,
}

// AddInPlaceF is AddInPlace on the one path.
func AddInPlaceF(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var f frame3
	before2(&f, &opAddInPlaceF, &shapeAddInPlace, self, other)
	defer f.Abandon()
	ret := k.addInPl(self, other, alpha)
	after2r(&f, self, other, ret)
	return ret
}

var opAddOutF = engine.Op{Name: "add", Overload: "out"}

var shapeAddOut = engine.Shape{
	Args: 3, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.BindingContext, 1, -1), row(checks.BindingContext, 2, -1),
			row(checks.SameContent, 0, -1), row(checks.SameContent, 1, -1)},
		unchanged(0), unchanged(1),
		[]engine.Row{row(checks.SameImpl, 2, -1), row(checks.SameStorage, 2, -1), row(checks.ReturnsArg, 3, 2)}),
	Locs:   locsAddOut[:],
	Writes: []int8{2},
	Tensor: rtTensor, Elem: rtElem,
}

// AddOutF is AddOut on the one path.
func AddOutF(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	var f engine.Frame[[4]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.Arg(1, other.Ident(), unsafe.Pointer(other))
	f.Arg(2, out.Ident(), unsafe.Pointer(out))
	f.Begin(&opAddOutF, &shapeAddOut)
	defer f.Abandon()
	ret := k.addOut(self, other, alpha, out)
	f.AfterArg(0, self.Ident())
	f.AfterArg(1, other.Ident())
	f.AfterArg(2, out.Ident())
	iu, su := ret.UseCounts()
	f.Ret(3, ret.Ident(), iu, su, unsafe.Pointer(ret))
	f.End()
	return ret
}

var opTransposeF = engine.Op{Name: "transpose", Overload: "int"}

var shapeTranspose = engine.Shape{
	Args: 1, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.SameContent, 0, -1)},
		unchanged(0),
		[]engine.Row{row(checks.ImplUseCountLE1, 1, -1), row(checks.NotArgHandle, 1, 0), row(checks.SharesStorage, 1, 0),
			row(checks.ViewHoldsStorage, 1, 0)}),
	Locs:   locsTranspose[:],
	Tensor: rtTensor, Elem: rtElem,
}

type frame2 = engine.Frame[[2]engine.Slot, [0]engine.ListSlot]

// TransposeF is Transpose on the one path.
func TransposeF(self *rt.Tensor, d0, d1 int) *rt.Tensor {
	var f frame2
	transposeBeforeF(&f, &opTransposeF, self)
	ret := k.transpose(self, d0, d1)
	transposeAfterF(&f, self, ret)
	return ret
}

func transposeBeforeF(f *frame2, op *engine.Op, t0 *rt.Tensor) {
	f.Open()
	f.Arg(0, t0.Ident(), unsafe.Pointer(t0))
	_, su := t0.UseCounts()
	f.ViewBase(1, 0, su)
	f.Begin(op, &shapeTranspose)
}

func transposeAfterF(f *frame2, t0, t1 *rt.Tensor) {
	f.AfterArg(0, t0.Ident())
	iu, su := t1.UseCounts()
	f.Ret(1, t1.Ident(), iu, su, unsafe.Pointer(t1))
	f.End()
}

var opUnbindF = engine.Op{Name: "unbind", Overload: "int"}

var shapeUnbind = engine.Shape{
	Args: 1, Rets: 1,
	Lists: 1 << 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.SameContent, 0, -1)},
		unchanged(0),
		[]engine.Row{{Check: checks.ImplUseCountLE1, Form: engine.FormRetList, T: 1, U: -1},
			{Check: checks.NotArgHandle, Form: engine.FormRetList, T: 1, U: 0},
			{Check: checks.SharesStorage, Form: engine.FormRetList, T: 1, U: 0},
			{Check: checks.ViewHoldsStorage, Form: engine.FormRetList, T: 1, U: 0}}),
	Locs:   locsTranspose[:],
	Tensor: rtTensor, Elem: rtElem,
}

// UnbindF is Unbind on the one path: a list of views.
func UnbindF(self *rt.Tensor, dim int) []*rt.Tensor {
	var f engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	_, su := self.UseCounts()
	f.ViewBaseList(0, 0, su)
	f.Begin(&opUnbindF, &shapeUnbind)
	ret := k.unbind(self, dim)
	f.AfterArg(0, self.Ident())
	f.List(0, len(ret), unsafe.Pointer(unsafe.SliceData(ret)))
	for j, t := range ret {
		iu, su := t.UseCounts()
		f.RetElem(0, j, t.Ident(), iu, su)
	}
	f.RetListRead(0)
	f.End()
	return ret
}

var opCatF = engine.Op{Name: "cat"}

var shapeCat = engine.Shape{
	Args: 1, Rets: 1,
	Lists: 1 << 0,
	Rows: []engine.Row{
		{Check: checks.SameImpl, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.SameStorage, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.NoMutation, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.SameContent, Form: engine.FormArgList, T: 0, U: -1},
		{Check: checks.BindingContext, Form: engine.FormArgList, T: 0, U: -1},
		row(checks.ImplUseCountLE1, 1, -1),
		{Check: checks.NotArgHandle, Form: engine.FormArgList, T: 1, U: 0},
		row(checks.StorageUseCountEq1, 1, -1),
		{Check: checks.FreshNoAlias, Form: engine.FormArgList, T: 1, U: 0},
	},
	Locs:   locsCat[:],
	Tensor: rtTensor, Elem: rtElem,
}

// shapeCatMeta is shapeCat with a same_metadata row on the list's
// elements, as gen writes it for a runtime whose tensors report metadata.
var shapeCatMeta = engine.Shape{
	Args: shapeCat.Args, Rets: shapeCat.Rets,
	Lists:  shapeCat.Lists,
	Rows:   slices.Insert(slices.Clone(shapeCat.Rows), 4, engine.Row{Check: checks.SameMetadata, Form: engine.FormArgList, T: 0, U: -1}),
	Locs:   locsCat[:],
	Tensor: rtTensor, Elem: rtElem,
}

var opCatMetaF = engine.Op{Name: "cat"}

type frameCat = engine.Frame[[1]engine.Slot, [1]engine.ListSlot]

// CatF is Cat on the one path: a list argument.
func CatF(tensors []*rt.Tensor) *rt.Tensor {
	var f frameCat
	catBeforeF(&f, &opCatF, &shapeCat, tensors)
	ret := k.cat(tensors)
	catAfterF(&f, tensors, ret)
	return ret
}

// CatMetaF is CatMeta on the one path.
func CatMetaF(tensors []*rt.Tensor) *rt.Tensor {
	var f frameCat
	catBeforeF(&f, &opCatMetaF, &shapeCatMeta, tensors)
	ret := k.cat(tensors)
	catAfterF(&f, tensors, ret)
	return ret
}

func catBeforeF(f *frameCat, op *engine.Op, sh *engine.Shape, t0 []*rt.Tensor) {
	f.Open()
	f.List(0, len(t0), unsafe.Pointer(unsafe.SliceData(t0)))
	for j, t := range t0 {
		f.Elem(0, j, t.Ident())
	}
	f.Begin(op, sh)
}

func catAfterF(f *frameCat, t0 []*rt.Tensor, t1 *rt.Tensor) {
	f.AfterList(0, len(t0))
	for j, t := range t0 {
		f.AfterElem(0, j, t.Ident())
	}
	iu, su := t1.UseCounts()
	f.Ret(0, t1.Ident(), iu, su, unsafe.Pointer(t1))
	f.End()
}

var opMaxMinF = engine.Op{Name: "max_min"}

var locsMaxMin = [3]engine.Loc{engine.Arg("self"), engine.Ret(0), engine.Ret(1)}

var shapeMaxMin = engine.Shape{
	Args: 1, Rets: 2,
	Rows: rows(
		[]engine.Row{row(checks.SameContent, 0, -1), row(checks.BindingContext, 0, -1)},
		unchanged(0),
		[]engine.Row{row(checks.ImplUseCountLE1, 1, -1), row(checks.NotArgHandle, 1, 0), row(checks.StorageUseCountEq1, 1, -1),
			row(checks.ImplUseCountLE1, 2, -1), row(checks.NotArgHandle, 2, 0), row(checks.StorageUseCountEq1, 2, -1),
			{Check: checks.DistinctOutputs, Form: engine.FormOne, T: 1, U: -1, Set: 1<<1 | 1<<2}}),
	Locs:   locsMaxMin[:],
	Tensor: rtTensor, Elem: rtElem,
}

// MaxMinF is MaxMin on the one path: two returns.
func MaxMinF(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return maxMinFrame(&opMaxMinF, self) }

// maxMinFrame is the wrapper of op of shapeMaxMin.
func maxMinFrame(op *engine.Op, self *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	var f frame3
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.Begin(op, &shapeMaxMin)
	mx, mn := k.maxMin(self)
	f.AfterArg(0, self.Ident())
	iu, su := mx.UseCounts()
	f.Ret(1, mx.Ident(), iu, su, unsafe.Pointer(mx))
	iu, su = mn.UseCounts()
	f.Ret(2, mn.Ident(), iu, su, unsafe.Pointer(mn))
	f.End()
	return mx, mn
}

// add_opt(Tensor self, Tensor? other) -> Tensor: an optional argument.
var opAddOptF = engine.Op{Name: "add_opt"}

// addOpt adds other to self, or copies self without it.
func addOpt(self, other *rt.Tensor) *rt.Tensor {
	if other == nil {
		return rt.Add(self, rt.Zeros(self.Sizes()...), 1)
	}
	return k.add(self, other, 1)
}

// AddOptF is the wrapper of add_opt.
func AddOptF(self, other *rt.Tensor) *rt.Tensor {
	var f frame3
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.ArgOpt(1, other.Ident(), unsafe.Pointer(other), other != nil)
	f.Begin(&opAddOptF, &shapeAdd)
	ret := addOpt(self, other)
	after2r(&f, self, other, ret)
	return ret
}

var opReshapeF = engine.Op{Name: "reshape"}

var shapeReshape = engine.Shape{
	Args: 1, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.SameContent, 0, -1)},
		unchanged(0),
		[]engine.Row{row(checks.FreshOrAlias, 1, 0)}),
	Locs:   locsTranspose[:],
	Tensor: rtTensor, Elem: rtElem,
}

// ReshapeF is Reshape on the one path: a view or a fresh tensor
// (fresh_or_alias).
func ReshapeF(self *rt.Tensor, sizes ...int) *rt.Tensor {
	var f frame2
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.Begin(&opReshapeF, &shapeReshape)
	ret := k.reshape(self, sizes...)
	f.AfterArg(0, self.Ident())
	iu, su := ret.UseCounts()
	f.Ret(1, ret.Ident(), iu, su, unsafe.Pointer(ret))
	f.End()
	return ret
}

var opAddcmul6F = engine.Op{Name: "addcmul6"}

var shapeAddcmul6 = engine.Shape{
	Args: 6, Rets: 1,
	Rows: rows(
		[]engine.Row{row(checks.BindingContext, 0, -1), row(checks.BindingContext, 1, -1), row(checks.BindingContext, 2, -1),
			row(checks.BindingContext, 3, -1), row(checks.BindingContext, 4, -1), row(checks.BindingContext, 5, -1),
			row(checks.SameContent, 0, -1), row(checks.SameContent, 1, -1), row(checks.SameContent, 2, -1),
			row(checks.SameContent, 3, -1), row(checks.SameContent, 4, -1), row(checks.SameContent, 5, -1)},
		unchanged(0), unchanged(1), unchanged(2), unchanged(3), unchanged(4), unchanged(5),
		[]engine.Row{row(checks.ImplUseCountLE1, 6, -1), row(checks.NotArgHandle, 6, 0), row(checks.NotArgHandle, 6, 1),
			row(checks.NotArgHandle, 6, 2), row(checks.NotArgHandle, 6, 3), row(checks.NotArgHandle, 6, 4),
			row(checks.NotArgHandle, 6, 5), row(checks.StorageUseCountEq1, 6, -1)}),
	Locs:   locsAddcmul6[:],
	Tensor: rtTensor, Elem: rtElem,
}

// Addcmul6F is Addcmul6 on the one path: six arguments.
func Addcmul6F(a, b, c, d, e, g *rt.Tensor) *rt.Tensor {
	var f engine.Frame[[7]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Arg(0, a.Ident(), unsafe.Pointer(a))
	f.Arg(1, b.Ident(), unsafe.Pointer(b))
	f.Arg(2, c.Ident(), unsafe.Pointer(c))
	f.Arg(3, d.Ident(), unsafe.Pointer(d))
	f.Arg(4, e.Ident(), unsafe.Pointer(e))
	f.Arg(5, g.Ident(), unsafe.Pointer(g))
	f.Begin(&opAddcmul6F, &shapeAddcmul6)
	ret := k.addcmul6(a, b, c, d, e, g)
	f.AfterArg(0, a.Ident())
	f.AfterArg(1, b.Ident())
	f.AfterArg(2, c.Ident())
	f.AfterArg(3, d.Ident())
	f.AfterArg(4, e.Ident())
	f.AfterArg(5, g.Ident())
	iu, su := ret.UseCounts()
	f.Ret(6, ret.Ident(), iu, su, unsafe.Pointer(ret))
	f.End()
	return ret
}
