//go:build debugasserts

package pool_test

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/catalog"
	"github.com/assertgen/assertgen/internal/engine"
)

// The rows path of version 3 for a runtime with use counts whose tensors
// report their storage anchors (pool's recycled memory), as assertgen
// generated it for examples/pool/catalog before the one path (its
// wrappers and helpers at 1381deb, renamed): the reference
// TestOnePathCountsAsRowsPath holds the one path's statistics and reports
// to. It calls the version-3 entries, the rows path of internal/engine.

// rowsChecked is the version-3 decorator of the catalog's ops.
type rowsChecked struct {
	next catalog.Kernels
}

var rowsOpAddTensor = engine.Op{
	Name:     "add",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// AddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
func (k *rowsChecked) AddTensor(self *pool.Tensor[float32], other *pool.Tensor[float32], alpha float32) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.AddTensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_12219cd2fe25(&c, &rowsOpAddTensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := k.next.AddTensor(self, other, alpha)
	rowsChecksPost_c70d2cff80be(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsOpAdd_Tensor = engine.Op{
	Name:     "add_",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// Add_Tensor checks add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
func (k *rowsChecked) Add_Tensor(self *pool.Tensor[float32], other *pool.Tensor[float32], alpha float32) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.Add_Tensor(self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_ea11a7fca945(&c, &rowsOpAdd_Tensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	defer c.Abandon()
	r0 := k.next.Add_Tensor(self, other, alpha)
	rowsChecksPost_5fa0839e2641(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsOpAddOut = engine.Op{
	Name:     "add",
	Overload: "out",
	Policy:   checks.Strict,
}

// AddOut checks add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
func (k *rowsChecked) AddOut(self *pool.Tensor[float32], other *pool.Tensor[float32], alpha float32, out *pool.Tensor[float32]) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.AddOut(self, other, alpha, out)
	}
	var c engine.Call
	var a0, a1, a3 engine.Saved
	rowsChecksPre_bcadf2b8ce43(&c, &rowsOpAddOut, &rowsLocs_630ea46627c8, &a0, &a1, &a3, self, other, out)
	defer c.Abandon()
	r0 := k.next.AddOut(self, other, alpha, out)
	rowsChecksPost_d5d0a9081663(&c, &rowsLocs_630ea46627c8, &a0, &a1, &a3, self, other, out, r0)
	return r0
}

var rowsOpMulTensor = engine.Op{
	Name:     "mul",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// MulTensor checks mul.Tensor(Tensor self, Tensor other) -> Tensor
func (k *rowsChecked) MulTensor(self *pool.Tensor[float32], other *pool.Tensor[float32]) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.MulTensor(self, other)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsChecksPre_12219cd2fe25(&c, &rowsOpMulTensor, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := k.next.MulTensor(self, other)
	rowsChecksPost_c70d2cff80be(&c, &rowsLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsOpMulOut = engine.Op{
	Name:     "mul",
	Overload: "out",
	Policy:   checks.Strict,
}

// MulOut checks mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
func (k *rowsChecked) MulOut(self *pool.Tensor[float32], other *pool.Tensor[float32], out *pool.Tensor[float32]) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.MulOut(self, other, out)
	}
	var c engine.Call
	var a0, a1, a2 engine.Saved
	rowsChecksPre_bcadf2b8ce43(&c, &rowsOpMulOut, &rowsLocs_630ea46627c8, &a0, &a1, &a2, self, other, out)
	defer c.Abandon()
	r0 := k.next.MulOut(self, other, out)
	rowsChecksPost_d5d0a9081663(&c, &rowsLocs_630ea46627c8, &a0, &a1, &a2, self, other, out, r0)
	return r0
}

var rowsOpNeg = engine.Op{
	Name:     "neg",
	Overload: "",
	Policy:   checks.Strict,
}

// Neg checks neg(Tensor self) -> Tensor
func (k *rowsChecked) Neg(self *pool.Tensor[float32]) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.Neg(self)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_1001a94bf54a(&c, &rowsOpNeg, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Neg(self)
	rowsChecksPost_a9d382e8deec(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpClone = engine.Op{
	Name:     "clone",
	Overload: "",
	Policy:   checks.Strict,
}

// Clone checks clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor
func (k *rowsChecked) Clone(self *pool.Tensor[float32], memory_format *int) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.Clone(self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_1001a94bf54a(&c, &rowsOpClone, &rowsLocs_1e7bb7251278, &a0, self)
	r0 := k.next.Clone(self, memory_format)
	rowsChecksPost_a9d382e8deec(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsOpSelectInt = engine.Op{
	Name:     "select",
	Overload: "int",
	Policy:   checks.Strict,
}

// SelectInt checks select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)
func (k *rowsChecked) SelectInt(self *pool.Tensor[float32], dim int64, index int64) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.SelectInt(self, dim, index)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsChecksPre_83ec2c38ffc3(&c, &rowsOpSelectInt, &rowsLocs_1e7bb7251278, &a0, &o0, self)
	r0 := k.next.SelectInt(self, dim, index)
	rowsChecksPost_ee396e603a2d(&c, &rowsLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsOpTransposeInt = engine.Op{
	Name:     "transpose",
	Overload: "int",
	Policy:   checks.Strict,
}

// TransposeInt checks transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
func (k *rowsChecked) TransposeInt(self *pool.Tensor[float32], dim0 int64, dim1 int64) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.TransposeInt(self, dim0, dim1)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsChecksPre_83ec2c38ffc3(&c, &rowsOpTransposeInt, &rowsLocs_1e7bb7251278, &a0, &o0, self)
	r0 := k.next.TransposeInt(self, dim0, dim1)
	rowsChecksPost_ee396e603a2d(&c, &rowsLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsOpZero_ = engine.Op{
	Name:     "zero_",
	Overload: "",
	Policy:   checks.Strict,
}

// Zero_ checks zero_(Tensor(a!) self) -> Tensor(a!)
func (k *rowsChecked) Zero_(self *pool.Tensor[float32]) *pool.Tensor[float32] {
	if !asserts.Checking() {
		return k.next.Zero_(self)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsChecksPre_342110e8cb48(&c, &rowsOpZero_, &rowsLocs_1e7bb7251278, &a0, self)
	defer c.Abandon()
	r0 := k.next.Zero_(self)
	rowsChecksPost_89d2a6018b7e(&c, &rowsLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

// rowsChecksPost_5fa0839e2641 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: add_.Tensor).
func rowsChecksPost_5fa0839e2641(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32], t2 *pool.Tensor[float32]) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterRecycled(s1, t1.StorageAnchor())
	c.Result(&s2, t2)
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

// rowsChecksPost_89d2a6018b7e completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: zero_).
func rowsChecksPost_89d2a6018b7e(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32]) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.Result(&s1, t1)
	c.ResultAnchor(&s1, t1.StorageAnchor())
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.ReturnsArg(l[1], &s1, l[0], s0)
	c.End()
}

// rowsChecksPost_a9d382e8deec completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: neg).
func rowsChecksPost_a9d382e8deec(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32]) {
	var s1 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.Result(&s1, t1)
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
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsChecksPost_c70d2cff80be completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: add.Tensor).
func rowsChecksPost_c70d2cff80be(c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32], t2 *pool.Tensor[float32]) {
	var s2 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterRecycled(s1, t1.StorageAnchor())
	c.Result(&s2, t2)
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
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// rowsChecksPost_d5d0a9081663 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: add.out).
func rowsChecksPost_d5d0a9081663(c *engine.Call, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32], t2 *pool.Tensor[float32], t3 *pool.Tensor[float32]) {
	var s3 engine.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
		c.BindingContextAfter(l[1], s1, t1)
		c.BindingContextAfter(l[2], s2, t2)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.After(s1, t1)
	c.AfterRecycled(s1, t1.StorageAnchor())
	c.After(s2, t2)
	c.AfterRecycled(s2, t2.StorageAnchor())
	c.Result(&s3, t3)
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

// rowsChecksPost_ee396e603a2d completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: select.int).
func rowsChecksPost_ee396e603a2d(c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32]) {
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	c.Result(s1, t1)
	c.ResultAnchor(s1, t1.StorageAnchor())
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	c.ImplUseCountEqFresh(l[1], s1, t1)
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

// rowsChecksPre_1001a94bf54a begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: neg).
func rowsChecksPre_1001a94bf54a(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[float32]) {
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

// rowsChecksPre_12219cd2fe25 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: add.Tensor).
func rowsChecksPre_12219cd2fe25(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32]) {
	c.Begin(op)
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

// rowsChecksPre_342110e8cb48 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: zero_).
func rowsChecksPre_342110e8cb48(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[float32]) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	c.Mutable(s0)
	if !c.Hermetic() && s0.Plain() {
		c.BindingContextRows(1)
	} else {
		c.BindingContext(l[0], s0, t0)
	}
}

// rowsChecksPre_83ec2c38ffc3 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: select.int).
func rowsChecksPre_83ec2c38ffc3(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32]) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
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

// rowsChecksPre_bcadf2b8ce43 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: add.out).
func rowsChecksPre_bcadf2b8ce43(c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32], t2 *pool.Tensor[float32]) {
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

// rowsChecksPre_ea11a7fca945 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: add_.Tensor).
func rowsChecksPre_ea11a7fca945(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[float32], t1 *pool.Tensor[float32]) {
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

var rowsLocs_1e7bb7251278 = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}
var rowsLocs_4fb6336c28fa = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}
var rowsLocs_630ea46627c8 = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}
