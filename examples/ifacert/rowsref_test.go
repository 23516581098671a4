//go:build debugasserts

package ifacert_test

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/ifacert/checked"
	"github.com/assertgen/assertgen/internal/engine"
)

// The rows path of version 3 for tensors held as an interface
// (asserts.Tensor), as assertgen generated ./checked before the one path
// took interface tensors (the wrappers and helpers at 1be2d070, renamed):
// the reference TestOnePathCountsAsRowsPath holds the one
// path's statistics and reports to. It calls the version-3 entries
// internal/engine keeps as its rows path.

// rowsIfChecked is the version-3 decorator of checked's ops.
type rowsIfChecked struct {
	next checked.Kernels
}

var _ checked.Kernels = &rowsIfChecked{}

var rowsIfOpAddTensor = engine.Op{
	Name:     "add",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// AddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
func (k *rowsIfChecked) AddTensor(self asserts.Tensor, other asserts.Tensor, alpha any) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.AddTensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsIfChecksPre_03ec56560291(&c, &rowsIfOpAddTensor, &rowsIfLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := k.next.AddTensor(self, other, alpha)
	rowsIfChecksPost_a48d8e518795(&c, &rowsIfLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsIfOpAdd_Tensor = engine.Op{
	Name:     "add_",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// Add_Tensor checks add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
func (k *rowsIfChecked) Add_Tensor(self asserts.Tensor, other asserts.Tensor, alpha any) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.Add_Tensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsIfChecksPre_4a8c9b46a2fe(&c, &rowsIfOpAdd_Tensor, &rowsIfLocs_4fb6336c28fa, &a0, &a1, self, other)
	defer c.Abandon()
	r0 := k.next.Add_Tensor(self, other, alpha)
	rowsIfChecksPost_6a6f0f4b083d(&c, &rowsIfLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsIfOpAddOut = engine.Op{
	Name:     "add",
	Overload: "out",
	Policy:   checks.Strict,
}

// AddOut checks add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
func (k *rowsIfChecked) AddOut(self asserts.Tensor, other asserts.Tensor, alpha any, out asserts.Tensor) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.AddOut(self, other, alpha, out)
	}
	var c engine.Call
	var a0, a1, a3 engine.Saved
	rowsIfChecksPre_e51f15330222(&c, &rowsIfOpAddOut, &rowsIfLocs_630ea46627c8, &a0, &a1, &a3, self, other, out)
	defer c.Abandon()
	r0 := k.next.AddOut(self, other, alpha, out)
	rowsIfChecksPost_81b38cdcdd13(&c, &rowsIfLocs_630ea46627c8, &a0, &a1, &a3, self, other, out, r0)
	return r0
}

var rowsIfOpCat = engine.Op{
	Name:     "cat",
	Overload: "",
	Policy:   checks.Strict,
}

// Cat checks cat(Tensor[] tensors, int dim=0) -> Tensor
func (k *rowsIfChecked) Cat(tensors []asserts.Tensor, dim int64) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.Cat(tensors, dim)
	}
	var c engine.Call
	var l0 engine.SavedList
	rowsIfChecksPre_0ad6bdf098eb(&c, &rowsIfOpCat, &rowsIfLocs_ff1cad182ecc, &l0, tensors)
	r0 := k.next.Cat(tensors, dim)
	rowsIfChecksPost_927aa5454d47(&c, &rowsIfLocs_ff1cad182ecc, &l0, tensors, r0)
	return r0
}

var rowsIfOpClampTensor = engine.Op{
	Name:     "clamp",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// ClampTensor checks clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor
func (k *rowsIfChecked) ClampTensor(self asserts.Tensor, min_ asserts.Tensor, max_ asserts.Tensor) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.ClampTensor(self, min_, max_)
	}
	var c engine.Call
	var a0, a1, a2 engine.Saved
	rowsIfChecksPre_75737184b9a5(&c, &rowsIfOpClampTensor, &rowsIfLocs_4f46b0af5a13, &a0, &a1, &a2, self, min_, max_)
	r0 := k.next.ClampTensor(self, min_, max_)
	rowsIfChecksPost_5828f0188523(&c, &rowsIfLocs_4f46b0af5a13, &a0, &a1, &a2, self, min_, max_, r0)
	return r0
}

var rowsIfOpSplitTensor = engine.Op{
	Name:     "split",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// SplitTensor checks split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]
func (k *rowsIfChecked) SplitTensor(self asserts.Tensor, split_size int64, dim int64) []asserts.Tensor {
	if !asserts.Checking() {
		return k.next.SplitTensor(self, split_size, dim)
	}
	var c engine.Call
	var (
		a0  engine.Saved
		ol0 engine.SavedList
	)
	rowsIfChecksPre_e4007e46383b(&c, &rowsIfOpSplitTensor, &rowsIfLocs_1e7bb7251278, &a0, &ol0, self)
	r0 := k.next.SplitTensor(self, split_size, dim)
	rowsIfChecksPost_52bae5b4024c(&c, &rowsIfLocs_1e7bb7251278, &a0, &ol0, self, r0)
	return r0
}

var rowsIfOpTransposeInt = engine.Op{
	Name:     "transpose",
	Overload: "int",
	Policy:   checks.Strict,
}

// TransposeInt checks transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
func (k *rowsIfChecked) TransposeInt(self asserts.Tensor, dim0 int64, dim1 int64) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.TransposeInt(self, dim0, dim1)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsIfChecksPre_b2e71dc2d009(&c, &rowsIfOpTransposeInt, &rowsIfLocs_1e7bb7251278, &a0, &o0, self)
	r0 := k.next.TransposeInt(self, dim0, dim1)
	rowsIfChecksPost_98513b203730(&c, &rowsIfLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsIfOpClone = engine.Op{
	Name:     "clone",
	Overload: "",
	Policy:   checks.Strict,
}

// Clone checks clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor
func (k *rowsIfChecked) Clone(self asserts.Tensor, memory_format *int) asserts.Tensor {
	if !asserts.Checking() {
		return k.next.Clone(self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsIfChecksPre_172d7dd91cdd(&c, &rowsIfOpClone, &rowsIfLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Clone(self, memory_format)
	rowsIfChecksPost_2913c9c95bbe(&c, &rowsIfLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

// The Locs of the tensors of each op, indexed by the shape helpers.
var rowsIfLocs_1e7bb7251278 = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}
var rowsIfLocs_4f46b0af5a13 = [4]engine.Loc{engine.Arg("self"), engine.Arg("min"), engine.Arg("max"), engine.Ret(0)}
var rowsIfLocs_4fb6336c28fa = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}
var rowsIfLocs_630ea46627c8 = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}
var rowsIfLocs_ff1cad182ecc = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

// rowsIfChecksPost_2913c9c95bbe completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: clone).
func rowsIfChecksPost_2913c9c95bbe(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.AfterTensor(s0, t0)
	c.Result(&s1, t1)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.ImplUseCountLE1(l[1], &s1)
	if !(s1.ImplApart(s0)) {
		c.NotArg(l[1], &s1, l[0], s0)
	}
	c.StorageUseCountEq1(l[1], &s1)
	if s1.FreshFrom(s0) {
		c.FreshNoAliasRows(1)
	} else {
		c.FreshNoAlias(l[1], &s1, l[0], s0)
	}
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsIfChecksPost_52bae5b4024c completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: split.Tensor).
func rowsIfChecksPost_52bae5b4024c(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.SavedList, t0 asserts.Tensor, t1 []asserts.Tensor) {
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.AfterTensor(s0, t0)
	rowsIfresultList_88a455f4baa3(c, s1, t1)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.ImplUseCountLE1List(l[1], s1)
	c.NotArgElems(l[1], s1, l[0], s0)
	c.SharesStorageList(l[1], s1, l[0], s0)
	c.ViewHoldsStorageList(l[1], s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsIfChecksPost_5828f0188523 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: clamp.Tensor).
func rowsIfChecksPost_5828f0188523(c *engine.Call, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor, t3 asserts.Tensor) {
	var s3 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
		c.BindingContextAfter(l[2], s2, t2)
	}
	c.AfterTensor(s0, t0)
	c.AfterTensor(s1, t1)
	c.AfterTensor(s2, t2)
	c.Result(&s3, t3)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.SameImplStorageVersion(l[1], s1)
	c.SameMetadataTensor(l[1], s1, t1)
	c.SameImplStorageVersion(l[2], s2)
	c.SameMetadataTensor(l[2], s2, t2)
	c.ImplUseCountLE1(l[3], &s3)
	if !(s3.ImplApart(s0) && s3.ImplApart(s1) && s3.ImplApart(s2)) {
		c.NotArg(l[3], &s3, l[0], s0)
		c.NotArg(l[3], &s3, l[1], s1)
		c.NotArg(l[3], &s3, l[2], s2)
	}
	c.StorageUseCountEq1(l[3], &s3)
	if s3.FreshFrom(s0) && s3.FreshFrom(s1) && s3.FreshFrom(s2) {
		c.FreshNoAliasRows(3)
	} else {
		c.FreshNoAlias(l[3], &s3, l[0], s0)
		c.FreshNoAlias(l[3], &s3, l[1], s1)
		c.FreshNoAlias(l[3], &s3, l[2], s2)
	}
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
		c.SameContentAfter(l[2], s2, t2)
	}
	c.End()
}

// rowsIfChecksPost_6a6f0f4b083d completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: add_.Tensor).
func rowsIfChecksPost_6a6f0f4b083d(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.AfterTensor(s0, t0)
	c.AfterTensor(s1, t1)
	c.Result(&s2, t2)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.SameImplStorageVersion(l[1], s1)
	c.SameMetadataTensor(l[1], s1, t1)
	c.ReturnsArg(l[2], &s2, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsIfChecksPost_81b38cdcdd13 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: add.out).
func rowsIfChecksPost_81b38cdcdd13(c *engine.Call, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor, t3 asserts.Tensor) {
	var s3 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
		c.BindingContextAfter(l[2], s2, t2)
	}
	c.AfterTensor(s0, t0)
	c.AfterTensor(s1, t1)
	c.AfterTensor(s2, t2)
	c.Result(&s3, t3)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.SameImplStorageVersion(l[1], s1)
	c.SameMetadataTensor(l[1], s1, t1)
	c.SameImpl(l[2], s2)
	c.SameStorage(l[2], s2)
	c.ReturnsArg(l[3], &s3, l[2], s2)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsIfChecksPost_927aa5454d47 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: cat).
func rowsIfChecksPost_927aa5454d47(c *engine.Call, l *[2]engine.Loc, s0 *engine.SavedList, t0 []asserts.Tensor, t1 asserts.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		engine.BindingContextAfterList(c, l[0], s0, t0)
	}
	rowsIfafterList_88a455f4baa3(c, s0, t0)
	c.Result(&s1, t1)
	c.SameImplList(l[0], s0)
	c.SameStorageList(l[0], s0)
	c.NoMutationList(l[0], s0)
	engine.SameContentAfterList(c, l[0], s0, t0)
	engine.SameMetadataList(c, l[0], s0, t0)
	c.ImplUseCountLE1(l[1], &s1)
	c.NotArgList(l[1], &s1, l[0], s0)
	c.StorageUseCountEq1(l[1], &s1)
	c.FreshNoAliasOf(l[1], &s1, l[0], s0)
	c.End()
}

// rowsIfChecksPost_98513b203730 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: transpose.int).
func rowsIfChecksPost_98513b203730(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor) {
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.AfterTensor(s0, t0)
	c.Result(s1, t1)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.ImplUseCountLE1(l[1], s1)
	if !(s1.ImplApart(s0)) {
		c.NotArg(l[1], s1, l[0], s0)
	}
	c.SharesStorage(l[1], s1, l[0], s0)
	c.ViewHoldsStorage(l[1], s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsIfChecksPost_a48d8e518795 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: add.Tensor).
func rowsIfChecksPost_a48d8e518795(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.AfterTensor(s0, t0)
	c.AfterTensor(s1, t1)
	c.Result(&s2, t2)
	c.SameImplStorageVersion(l[0], s0)
	c.SameMetadataTensor(l[0], s0, t0)
	c.SameImplStorageVersion(l[1], s1)
	c.SameMetadataTensor(l[1], s1, t1)
	c.ImplUseCountLE1(l[2], &s2)
	if !(s2.ImplApart(s0) && s2.ImplApart(s1)) {
		c.NotArg(l[2], &s2, l[0], s0)
		c.NotArg(l[2], &s2, l[1], s1)
	}
	c.StorageUseCountEq1(l[2], &s2)
	if s2.FreshFrom(s0) && s2.FreshFrom(s1) {
		c.FreshNoAliasRows(2)
	} else {
		c.FreshNoAlias(l[2], &s2, l[0], s0)
		c.FreshNoAlias(l[2], &s2, l[1], s1)
	}
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsIfChecksPre_03ec56560291 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: add.Tensor).
func rowsIfChecksPre_03ec56560291(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveTensor(s1, t1)
	c.SaveMetadataTensor(s0, t0)
	c.SaveMetadataTensor(s1, t1)
	if !c.Hermetic() && s0.Plain() && s1.Plain() {
		c.BindingContextRows(2)
	} else {
		c.BindingContext(l[0], s0, t0)
		c.BindingContext(l[1], s1, t1)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(2)
	} else {
		c.SameContent(l[0], s0, t0)
		c.SameContent(l[1], s1, t1)
	}
}

// rowsIfChecksPre_0ad6bdf098eb begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: cat).
func rowsIfChecksPre_0ad6bdf098eb(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.SavedList, t0 []asserts.Tensor) {
	c.Begin(op)
	rowsIfsaveList_88a455f4baa3(c, s0, t0)
	engine.SameContentList(c, l[0], s0, t0)
	engine.SaveMetadataList(c, s0, t0)
	engine.BindingContextList(c, l[0], s0, t0)
}

// rowsIfChecksPre_172d7dd91cdd begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: clone).
func rowsIfChecksPre_172d7dd91cdd(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveMetadataTensor(s0, t0)
	if !c.Hermetic() && s0.Plain() {
		c.BindingContextRows(1)
	} else {
		c.BindingContext(l[0], s0, t0)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(1)
	} else {
		c.SameContent(l[0], s0, t0)
	}
}

// rowsIfChecksPre_4a8c9b46a2fe begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: add_.Tensor).
func rowsIfChecksPre_4a8c9b46a2fe(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveTensor(s1, t1)
	c.Mutable(s0)
	c.SaveMetadataTensor(s1, t1)
	if !c.Hermetic() && s0.Plain() && s1.Plain() {
		c.BindingContextRows(2)
	} else {
		c.BindingContext(l[0], s0, t0)
		c.BindingContext(l[1], s1, t1)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(1)
	} else {
		c.SameContent(l[1], s1, t1)
	}
}

// rowsIfChecksPre_75737184b9a5 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: clamp.Tensor).
func rowsIfChecksPre_75737184b9a5(c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveOptTensor(s1, t1, t1 != nil)
	c.SaveOptTensor(s2, t2, t2 != nil)
	c.SaveMetadataTensor(s0, t0)
	c.SaveMetadataTensor(s1, t1)
	c.SaveMetadataTensor(s2, t2)
	if !c.Hermetic() && s0.Plain() && s1.Plain() && s2.Plain() {
		c.BindingContextRows(3)
	} else {
		c.BindingContext(l[0], s0, t0)
		c.BindingContext(l[1], s1, t1)
		c.BindingContext(l[2], s2, t2)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(3)
	} else {
		c.SameContent(l[0], s0, t0)
		c.SameContent(l[1], s1, t1)
		c.SameContent(l[2], s2, t2)
	}
}

// rowsIfChecksPre_b2e71dc2d009 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: transpose.int).
func rowsIfChecksPre_b2e71dc2d009(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveMetadataTensor(s0, t0)
	c.ViewBase(s1, s0, t0)
	if !c.Hermetic() && s0.Plain() {
		c.BindingContextRows(1)
	} else {
		c.BindingContext(l[0], s0, t0)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(1)
	} else {
		c.SameContent(l[0], s0, t0)
	}
}

// rowsIfChecksPre_e4007e46383b begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: split.Tensor).
func rowsIfChecksPre_e4007e46383b(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.SavedList, t0 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveMetadataTensor(s0, t0)
	c.ViewBaseList(s1, s0, t0)
	if !c.Hermetic() && s0.Plain() {
		c.BindingContextRows(1)
	} else {
		c.BindingContext(l[0], s0, t0)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(1)
	} else {
		c.SameContent(l[0], s0, t0)
	}
}

// rowsIfChecksPre_e51f15330222 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: add.out).
func rowsIfChecksPre_e51f15330222(c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 asserts.Tensor, t1 asserts.Tensor, t2 asserts.Tensor) {
	c.Begin(op)
	c.SaveTensor(s0, t0)
	c.SaveTensor(s1, t1)
	c.SaveTensor(s2, t2)
	c.Mutable(s2)
	c.SaveMetadataTensor(s0, t0)
	c.SaveMetadataTensor(s1, t1)
	if !c.Hermetic() && s0.Plain() && s1.Plain() && s2.Plain() {
		c.BindingContextRows(3)
	} else {
		c.BindingContext(l[0], s0, t0)
		c.BindingContext(l[1], s1, t1)
		c.BindingContext(l[2], s2, t2)
	}
	if engine.ContentCheckOff() {
		c.ContentOff(2)
	} else {
		c.SameContent(l[0], s0, t0)
		c.SameContent(l[1], s1, t1)
	}
}

// rowsIfafterList_88a455f4baa3 is asserts.AfterList for []asserts.Tensor, without an indirect call per element.
func rowsIfafterList_88a455f4baa3(c *engine.Call, l *engine.SavedList, ts []asserts.Tensor) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.AfterTensor(l.At(i), t)
	}
	l.SummarizeAfter()
}

// rowsIfresultList_88a455f4baa3 is asserts.ResultList for []asserts.Tensor, without an indirect call per element.
func rowsIfresultList_88a455f4baa3(c *engine.Call, l *engine.SavedList, ts []asserts.Tensor) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Result(l.At(i), t)
	}
	l.SummarizeResult()
}

// rowsIfsaveList_88a455f4baa3 is asserts.SaveList for []asserts.Tensor, without an indirect call per element.
func rowsIfsaveList_88a455f4baa3(c *engine.Call, l *engine.SavedList, ts []asserts.Tensor) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.SaveTensor(l.At(i), t)
	}
	l.SummarizeSaved()
}
