//go:build debugasserts

package gcrt_test

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checkedif"
	"github.com/assertgen/assertgen/internal/engine"
)

// The rows path of version 3 for a runtime without use counts, as
// assertgen generated it for gcrt before the one path (the wrappers and
// helpers of examples/gcrt/checkedif at 4319fa0, renamed): the reference
// TestOnePathCountsAsRowsPath holds the one path's statistics and reports
// to. It calls the version-3 entries, the rows path of internal/engine.

// rowsChecked is the version-3 decorator of the ops the test compares;
// the others go to next unchecked.
type rowsChecked struct {
	checkedif.Kernels
	next checkedif.Kernels
}

var rowsOpAddTensor = engine.Op{
	Name:     "add",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// AddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
func (k *rowsChecked) AddTensor(self *gcrt.Tensor, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.AddTensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_b82365d17640(&c, &rowsOpAddTensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := k.next.AddTensor(self, other, alpha)
	rowsChecksPost_193ddc0f28e2(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsOpAdd_Tensor = engine.Op{
	Name:     "add_",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// Add_Tensor checks add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
func (k *rowsChecked) Add_Tensor(self *gcrt.Tensor, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Add_Tensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_587e0689ca2a(&c, &rowsOpAdd_Tensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	defer c.Abandon()
	r0 := k.next.Add_Tensor(self, other, alpha)
	rowsChecksPost_df32abc16334(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsOpAddOut = engine.Op{
	Name:     "add",
	Overload: "out",
	Policy:   checks.Strict,
}

// AddOut checks add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
func (k *rowsChecked) AddOut(self *gcrt.Tensor, other *gcrt.Tensor, alpha float64, out *gcrt.Tensor) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.AddOut(self, other, alpha, out)
	}
	var c engine.Call
	var a0, a1, a3 engine.Saved
	rowsChecksPre_8a30663960cf(&c, &rowsOpAddOut, &rowsLocs_630ea46627c8, &a0, &a1, &a3, self, other, out)
	defer c.Abandon()
	r0 := k.next.AddOut(self, other, alpha, out)
	rowsChecksPost_67ba592ab417(&c, &rowsLocs_630ea46627c8, &a0, &a1, &a3, self, other, out, r0)
	return r0
}

var rowsOpCat = engine.Op{
	Name:     "cat",
	Overload: "",
	Policy:   checks.Strict,
}

// Cat checks cat(Tensor[] tensors, int dim=0) -> Tensor
func (k *rowsChecked) Cat(tensors []*gcrt.Tensor, dim int64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Cat(tensors, dim)
	}
	var c engine.Call
	var l0 engine.SavedList
	rowsChecksPre_e6af172667c7(&c, &rowsOpCat, &rowsLocs_ff1cad182ecc, &l0, tensors)
	r0 := k.next.Cat(tensors, dim)
	rowsChecksPost_d9170fc9f709(&c, &rowsLocs_ff1cad182ecc, &l0, tensors, r0)
	return r0
}

var rowsOpContiguous = engine.Op{
	Name:     "contiguous",
	Overload: "",
	Policy:   checks.Strict,
}

// Contiguous checks contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)
func (k *rowsChecked) Contiguous(self *gcrt.Tensor, memory_format int) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Contiguous(self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_34ea51e666cb(&c, &rowsOpContiguous, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Contiguous(self, memory_format)
	rowsChecksPost_63f04f001f95(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpNarrow = engine.Op{
	Name:     "narrow",
	Overload: "",
	Policy:   checks.Strict,
}

// Narrow checks narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)
func (k *rowsChecked) Narrow(self *gcrt.Tensor, dim int64, start int64, length int64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Narrow(self, dim, start, length)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_56b94bd93823(&c, &rowsOpNarrow, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Narrow(self, dim, start, length)
	rowsChecksPost_305522e36f11(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpNeg = engine.Op{
	Name:     "neg",
	Overload: "",
	Policy:   checks.Strict,
}

// Neg checks neg(Tensor self) -> Tensor
func (k *rowsChecked) Neg(self *gcrt.Tensor) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Neg(self)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_34ea51e666cb(&c, &rowsOpNeg, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Neg(self)
	rowsChecksPost_d5968d2a59de(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpSelectInt = engine.Op{
	Name:     "select",
	Overload: "int",
	Policy:   checks.Strict,
}

// SelectInt checks select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)
func (k *rowsChecked) SelectInt(self *gcrt.Tensor, dim int64, index int64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.SelectInt(self, dim, index)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_56b94bd93823(&c, &rowsOpSelectInt, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.SelectInt(self, dim, index)
	rowsChecksPost_305522e36f11(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpTransposeInt = engine.Op{
	Name:     "transpose",
	Overload: "int",
	Policy:   checks.Strict,
}

// TransposeInt checks transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
func (k *rowsChecked) TransposeInt(self *gcrt.Tensor, dim0 int64, dim1 int64) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.TransposeInt(self, dim0, dim1)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_56b94bd93823(&c, &rowsOpTransposeInt, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.TransposeInt(self, dim0, dim1)
	rowsChecksPost_305522e36f11(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpClone = engine.Op{
	Name:     "clone",
	Overload: "",
	Policy:   checks.Strict,
}

// Clone checks clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor
func (k *rowsChecked) Clone(self *gcrt.Tensor, memory_format *int) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.Clone(self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_34ea51e666cb(&c, &rowsOpClone, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Clone(self, memory_format)
	rowsChecksPost_d5968d2a59de(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpMulTensor = engine.Op{
	Name:     "mul",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// MulTensor checks mul.Tensor(Tensor self, Tensor other) -> Tensor
func (k *rowsChecked) MulTensor(self *gcrt.Tensor, other *gcrt.Tensor) *gcrt.Tensor {
	if !asserts.Checking() {
		return k.next.MulTensor(self, other)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_b82365d17640(&c, &rowsOpMulTensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := k.next.MulTensor(self, other)
	rowsChecksPost_193ddc0f28e2(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

// rowsChecksPost_193ddc0f28e2 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: add.Tensor).
func rowsChecksPost_193ddc0f28e2(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor, t2 *gcrt.Tensor) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterAnchor(s1, t1.StorageAnchor())
	c.ResultIdent(&s2, t2)
	c.ResultAnchor(&s2, t2.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.SameImplStorageVersion(l[1], s1)
	if fp, ok := t1.MetadataFingerprint(); !s1.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[1], s1, t1)
	}
	c.ImplUseCountEqFresh(l[2], &s2, t2)
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
	c.FreshNotHeldAnchor(l[2], &s2, t2.StorageAnchor())
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsChecksPost_305522e36f11 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 5 op(s) of one shape (the first: narrow).
func rowsChecksPost_305522e36f11(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.ResultIdent(&s1, t1)
	c.ResultAnchor(&s1, t1.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.ImplUseCountEqFresh(l[1], &s1, t1)
	if !(s1.ImplApart(s0)) {
		c.NotArg(l[1], &s1, l[0], s0)
	}
	c.SharesStorage(l[1], &s1, l[0], s0)
	c.ViewHoldsStorage(l[1], &s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsChecksPost_63f04f001f95 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: contiguous).
func rowsChecksPost_63f04f001f95(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.ResultIdent(&s1, t1)
	c.ResultAnchor(&s1, t1.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.FreshOrAlias(l[1], &s1, l[0], s0)
	c.FreshNotHeldOf(l[1], &s1, t1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsChecksPost_67ba592ab417 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: add.out).
func rowsChecksPost_67ba592ab417(c *engine.Call, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor, t2 *gcrt.Tensor, t3 *gcrt.Tensor) {
	var s3 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
		c.BindingContextAfter(l[2], s2, t2)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterAnchor(s1, t1.StorageAnchor())
	c.After(s2, t2)
	c.AfterAnchor(s2, t2.StorageAnchor())
	c.ResultIdent(&s3, t3)
	c.ResultAnchor(&s3, t3.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.SameImplStorageVersion(l[1], s1)
	if fp, ok := t1.MetadataFingerprint(); !s1.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[1], s1, t1)
	}
	c.SameImpl(l[2], s2)
	c.SameStorage(l[2], s2)
	c.ReturnsArg(l[3], &s3, l[2], s2)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsChecksPost_d5968d2a59de completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: neg).
func rowsChecksPost_d5968d2a59de(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.ResultIdent(&s1, t1)
	c.ResultAnchor(&s1, t1.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.ImplUseCountEqFresh(l[1], &s1, t1)
	if !(s1.ImplApart(s0)) {
		c.NotArg(l[1], &s1, l[0], s0)
	}
	c.StorageUseCountEq1(l[1], &s1)
	if s1.FreshFrom(s0) {
		c.FreshNoAliasRows(1)
	} else {
		c.FreshNoAlias(l[1], &s1, l[0], s0)
	}
	c.FreshNotHeldAnchor(l[1], &s1, t1.StorageAnchor())
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsChecksPost_d9170fc9f709 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: cat).
func rowsChecksPost_d9170fc9f709(c *engine.Call, l *[2]engine.Loc, s0 *engine.SavedList, t0 []*gcrt.Tensor, t1 *gcrt.Tensor) {
	var s1 engine.Saved
	if c.Hermetic() {
		engine.BindingContextAfterList(c, l[0], s0, t0)
	}
	rowsafterList_5d11cb011df7(c, s0, t0)
	c.ResultIdent(&s1, t1)
	c.ResultAnchor(&s1, t1.StorageAnchor())
	c.SameImplList(l[0], s0)
	c.SameStorageList(l[0], s0)
	c.NoMutationList(l[0], s0)
	engine.SameContentAfterList(c, l[0], s0, t0)
	engine.SameMetadataList(c, l[0], s0, t0)
	c.ImplUseCountEqFresh(l[1], &s1, t1)
	c.NotArgList(l[1], &s1, l[0], s0)
	c.StorageUseCountEq1(l[1], &s1)
	c.FreshNoAliasOf(l[1], &s1, l[0], s0)
	c.FreshNotHeldAnchor(l[1], &s1, t1.StorageAnchor())
	c.End()
}

// rowsChecksPost_df32abc16334 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 3 op(s) of one shape (the first: add_.Tensor).
func rowsChecksPost_df32abc16334(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor, t2 *gcrt.Tensor) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.After(s0, t0)
	c.AfterAnchor(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterAnchor(s1, t1.StorageAnchor())
	c.ResultIdent(&s2, t2)
	c.ResultAnchor(&s2, t2.StorageAnchor())
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.SameImplStorageVersion(l[1], s1)
	if fp, ok := t1.MetadataFingerprint(); !s1.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[1], s1, t1)
	}
	c.ReturnsArg(l[2], &s2, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsChecksPre_34ea51e666cb begins the call, saves the arguments and runs the rows of the plan before the kernel, for 4 op(s) of one shape (the first: contiguous).
func rowsChecksPre_34ea51e666cb(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *gcrt.Tensor) {
	c.Begin(op)
	c.BeginFresh()
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
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

// rowsChecksPre_56b94bd93823 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 6 op(s) of one shape (the first: narrow).
func rowsChecksPre_56b94bd93823(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *gcrt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
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

// rowsChecksPre_587e0689ca2a begins the call, saves the arguments and runs the rows of the plan before the kernel, for 4 op(s) of one shape (the first: add_.Tensor).
func rowsChecksPre_587e0689ca2a(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	c.Save(s1, t1)
	c.SaveAnchor(s1, t1.StorageAnchor())
	c.Mutable(s0)
	if fp, ok := t1.MetadataFingerprint(); !c.TakeMetadata(s1, fp, ok) {
		c.SaveMetadataOf(s1, t1)
	}
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

// rowsChecksPre_8a30663960cf begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: add.out).
func rowsChecksPre_8a30663960cf(c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor, t2 *gcrt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	c.Save(s1, t1)
	c.SaveAnchor(s1, t1.StorageAnchor())
	c.Save(s2, t2)
	c.SaveAnchor(s2, t2.StorageAnchor())
	c.Mutable(s2)
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
	if fp, ok := t1.MetadataFingerprint(); !c.TakeMetadata(s1, fp, ok) {
		c.SaveMetadataOf(s1, t1)
	}
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

// rowsChecksPre_b82365d17640 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: add.Tensor).
func rowsChecksPre_b82365d17640(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *gcrt.Tensor, t1 *gcrt.Tensor) {
	c.Begin(op)
	c.BeginFresh()
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	c.Save(s1, t1)
	c.SaveAnchor(s1, t1.StorageAnchor())
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
	if fp, ok := t1.MetadataFingerprint(); !c.TakeMetadata(s1, fp, ok) {
		c.SaveMetadataOf(s1, t1)
	}
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

// rowsChecksPre_e6af172667c7 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: cat).
func rowsChecksPre_e6af172667c7(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.SavedList, t0 []*gcrt.Tensor) {
	c.Begin(op)
	c.BeginFresh()
	rowssaveList_5d11cb011df7(c, s0, t0)
	engine.SameContentList(c, l[0], s0, t0)
	engine.SaveMetadataList(c, s0, t0)
	engine.BindingContextList(c, l[0], s0, t0)
}

var rowsLocs_1e7bb7251278 = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}
var rowsLocs_4fb6336c28fa = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}
var rowsLocs_630ea46627c8 = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}
var rowsLocs_ff1cad182ecc = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

// rowsafterList_5d11cb011df7 is asserts.AfterList for []*gcrt.Tensor, without an indirect call per element.
func rowsafterList_5d11cb011df7(c *engine.Call, l *engine.SavedList, ts []*gcrt.Tensor) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.After(l.At(i), t)
	}
	l.SummarizeAfter()
}

// rowssaveList_5d11cb011df7 is asserts.SaveList for []*gcrt.Tensor, without an indirect call per element.
func rowssaveList_5d11cb011df7(c *engine.Call, l *engine.SavedList, ts []*gcrt.Tensor) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	l.SummarizeSaved()
}
