//go:build debugasserts

package pool_test

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/internal/engine"
)

// The rows path of version 3 for a generic tensor type of a runtime with
// use counts (type_params), as assertgen generated it for
// examples/pool/checked before the one path (its wrappers and helpers at
// 9dcf5cd, renamed rows*): the reference TestOnePathGenericCountsAsRowsPath
// holds the one path's statistics to.

var rowsGOpAddTensor = engine.Op{
	Kernel:   pool.AddTensor[float32],
	Name:     "add",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// rowsGAddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
func rowsGAddTensor[T float32 | float64](self *pool.Tensor[T], other *pool.Tensor[T], alpha T) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.AddTensor[T](self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsGChecksPre_5bca69b20174[T](&c, &rowsGOpAddTensor, &rowsGLocs_4fb6336c28fa, &a0, &a1, self, other)
	r0 := pool.AddTensor[T](self, other, alpha)
	rowsGChecksPost_133960844aa0[T](&c, &rowsGLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsGOpAdd_Tensor = engine.Op{
	Kernel:   pool.Add_Tensor[float32],
	Name:     "add_",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// rowsGAdd_Tensor checks add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
func rowsGAdd_Tensor[T float32 | float64](self *pool.Tensor[T], other *pool.Tensor[T], alpha T) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Add_Tensor[T](self, other, alpha)
	}
	var c engine.Call
	var a0, a1 engine.Saved
	rowsGChecksPre_df2a39b4f6ba[T](&c, &rowsGOpAdd_Tensor, &rowsGLocs_4fb6336c28fa, &a0, &a1, self, other)
	defer c.Abandon()
	r0 := pool.Add_Tensor[T](self, other, alpha)
	rowsGChecksPost_ddfaf331dd85[T](&c, &rowsGLocs_4fb6336c28fa, &a0, &a1, self, other, r0)
	return r0
}

var rowsGOpAddOut = engine.Op{
	Kernel:   pool.AddOut[float32],
	Name:     "add",
	Overload: "out",
	Policy:   checks.Strict,
}

// rowsGAddOut checks add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
func rowsGAddOut[T float32 | float64](self *pool.Tensor[T], other *pool.Tensor[T], alpha T, out *pool.Tensor[T]) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.AddOut[T](self, other, alpha, out)
	}
	var c engine.Call
	var a0, a1, a3 engine.Saved
	rowsGChecksPre_a4819ded5af6[T](&c, &rowsGOpAddOut, &rowsGLocs_630ea46627c8, &a0, &a1, &a3, self, other, out)
	defer c.Abandon()
	r0 := pool.AddOut[T](self, other, alpha, out)
	rowsGChecksPost_d8e61dea27c5[T](&c, &rowsGLocs_630ea46627c8, &a0, &a1, &a3, self, other, out, r0)
	return r0
}

var rowsGOpCat = engine.Op{
	Kernel:   pool.Cat[float32],
	Name:     "cat",
	Overload: "",
	Policy:   checks.Strict,
}

// rowsGCat checks cat(Tensor[] tensors, int dim=0) -> Tensor
func rowsGCat[T float32 | float64](tensors []*pool.Tensor[T], dim int64) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Cat[T](tensors, dim)
	}
	var c engine.Call
	var l0 engine.SavedList
	rowsGChecksPre_bf185937d6c8[T](&c, &rowsGOpCat, &rowsGLocs_ff1cad182ecc, &l0, tensors)
	r0 := pool.Cat[T](tensors, dim)
	rowsGChecksPost_2f283b8f3b10[T](&c, &rowsGLocs_ff1cad182ecc, &l0, tensors, r0)
	return r0
}

var rowsGOpContiguous = engine.Op{
	Kernel:   pool.Contiguous[float32],
	Name:     "contiguous",
	Overload: "",
	Policy:   checks.Strict,
}

// rowsGContiguous checks contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)
func rowsGContiguous[T float32 | float64](self *pool.Tensor[T], memory_format int) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Contiguous[T](self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsGChecksPre_f6a951aea02e[T](&c, &rowsGOpContiguous, &rowsGLocs_1e7bb7251278, &a0, self)
	r0 := pool.Contiguous[T](self, memory_format)
	rowsGChecksPost_19036514b948[T](&c, &rowsGLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsGOpSelectInt = engine.Op{
	Kernel:   pool.SelectInt[float32],
	Name:     "select",
	Overload: "int",
	Policy:   checks.Strict,
}

// rowsGSelectInt checks select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)
func rowsGSelectInt[T float32 | float64](self *pool.Tensor[T], dim int64, index int64) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.SelectInt[T](self, dim, index)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsGChecksPre_4e9d1b082fc2[T](&c, &rowsGOpSelectInt, &rowsGLocs_1e7bb7251278, &a0, &o0, self)
	r0 := pool.SelectInt[T](self, dim, index)
	rowsGChecksPost_d29152f3bd28[T](&c, &rowsGLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsGOpSplitTensor = engine.Op{
	Kernel:   pool.SplitTensor[float32],
	Name:     "split",
	Overload: "Tensor",
	Policy:   checks.Strict,
}

// rowsGSplitTensor checks split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
func rowsGSplitTensor[T float32 | float64](self *pool.Tensor[T], split_size int64, dim int64) []*pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.SplitTensor[T](self, split_size, dim)
	}
	var c engine.Call
	var (
		a0  engine.Saved
		ol0 engine.SavedList
	)
	rowsGChecksPre_786914eacb17[T](&c, &rowsGOpSplitTensor, &rowsGLocs_1e7bb7251278, &a0, &ol0, self)
	r0 := pool.SplitTensor[T](self, split_size, dim)
	rowsGChecksPost_521829e4f115[T](&c, &rowsGLocs_1e7bb7251278, &a0, &ol0, self, r0)
	return r0
}

var rowsGOpTransposeInt = engine.Op{
	Kernel:   pool.TransposeInt[float32],
	Name:     "transpose",
	Overload: "int",
	Policy:   checks.Strict,
}

// rowsGTransposeInt checks transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
func rowsGTransposeInt[T float32 | float64](self *pool.Tensor[T], dim0 int64, dim1 int64) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.TransposeInt[T](self, dim0, dim1)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsGChecksPre_4e9d1b082fc2[T](&c, &rowsGOpTransposeInt, &rowsGLocs_1e7bb7251278, &a0, &o0, self)
	r0 := pool.TransposeInt[T](self, dim0, dim1)
	rowsGChecksPost_d29152f3bd28[T](&c, &rowsGLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsGOpZero_ = engine.Op{
	Kernel:   pool.Zero_[float32],
	Name:     "zero_",
	Overload: "",
	Policy:   checks.Strict,
}

// rowsGZero_ checks zero_(Tensor(a!) self) -> Tensor(a!)
func rowsGZero_[T float32 | float64](self *pool.Tensor[T]) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Zero_[T](self)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsGChecksPre_498f00188c13[T](&c, &rowsGOpZero_, &rowsGLocs_1e7bb7251278, &a0, self)
	defer c.Abandon()
	r0 := pool.Zero_[T](self)
	rowsGChecksPost_310403bc1fec[T](&c, &rowsGLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

var rowsGOpAlias = engine.Op{
	Kernel:   pool.Alias[float32],
	Name:     "alias",
	Overload: "",
	Policy:   checks.Strict,
}

// rowsGAlias checks alias(Tensor(a) self) -> Tensor(a)
func rowsGAlias[T float32 | float64](self *pool.Tensor[T]) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Alias[T](self)
	}
	var c engine.Call
	var a0, o0 engine.Saved
	rowsGChecksPre_4e9d1b082fc2[T](&c, &rowsGOpAlias, &rowsGLocs_1e7bb7251278, &a0, &o0, self)
	r0 := pool.Alias[T](self)
	rowsGChecksPost_d29152f3bd28[T](&c, &rowsGLocs_1e7bb7251278, &a0, &o0, self, r0)
	return r0
}

var rowsGOpClone = engine.Op{
	Kernel:   pool.Clone[float32],
	Name:     "clone",
	Overload: "",
	Policy:   checks.Strict,
}

// rowsGClone checks clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor
func rowsGClone[T float32 | float64](self *pool.Tensor[T], memory_format *int) *pool.Tensor[T] {
	if !asserts.Checking() {
		return pool.Clone[T](self, memory_format)
	}
	var c engine.Call
	var a0 engine.Saved
	rowsGChecksPre_f6a951aea02e[T](&c, &rowsGOpClone, &rowsGLocs_1e7bb7251278, &a0, self)
	r0 := pool.Clone[T](self, memory_format)
	rowsGChecksPost_9472ca95ffad[T](&c, &rowsGLocs_1e7bb7251278, &a0, self, r0)
	return r0
}

// rowsGChecksPost_133960844aa0 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 4 op(s) of one shape (the first: add.Tensor).
func rowsGChecksPost_133960844aa0[T float32 | float64](c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T], t2 *pool.Tensor[T]) {
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

// rowsGChecksPost_19036514b948 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: contiguous).
func rowsGChecksPost_19036514b948[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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
	c.FreshOrAlias(l[1], &s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsGChecksPost_2f283b8f3b10 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: cat).
func rowsGChecksPost_2f283b8f3b10[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.SavedList, t0 []*pool.Tensor[T], t1 *pool.Tensor[T]) {
	var s1 engine.Saved
	if c.Hermetic() {
		engine.BindingContextAfterList(c, l[0], s0, t0)
	}
	rowsGafterList_d308e6ee4eeb[T](c, s0, t0)
	c.Result(&s1, t1)
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
	c.End()
}

// rowsGChecksPost_310403bc1fec completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: relu_).
func rowsGChecksPost_310403bc1fec[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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

// rowsGChecksPost_521829e4f115 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 1 op(s) of one shape (the first: split.Tensor).
func rowsGChecksPost_521829e4f115[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.SavedList, t0 *pool.Tensor[T], t1 []*pool.Tensor[T]) {
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, t0)
	}
	c.After(s0, t0)
	c.AfterRecycled(s0, t0.StorageAnchor())
	rowsGresultList_d308e6ee4eeb[T](c, s1, t1)
	c.SameImplStorageVersion(l[0], s0)
	if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, t0)
	}
	engine.ImplUseCountEqFreshList(c, l[1], s1, t1)
	c.NotArgElems(l[1], s1, l[0], s0)
	c.SharesStorageList(l[1], s1, l[0], s0)
	c.ViewHoldsStorageList(l[1], s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// rowsGChecksPost_9472ca95ffad completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 5 op(s) of one shape (the first: exp).
func rowsGChecksPost_9472ca95ffad[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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

// rowsGChecksPost_d29152f3bd28 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 5 op(s) of one shape (the first: select.int).
func rowsGChecksPost_d29152f3bd28[T float32 | float64](c *engine.Call, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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

// rowsGChecksPost_d8e61dea27c5 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 2 op(s) of one shape (the first: add.out).
func rowsGChecksPost_d8e61dea27c5[T float32 | float64](c *engine.Call, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T], t2 *pool.Tensor[T], t3 *pool.Tensor[T]) {
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

// rowsGChecksPost_ddfaf331dd85 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 3 op(s) of one shape (the first: add_.Tensor).
func rowsGChecksPost_ddfaf331dd85[T float32 | float64](c *engine.Call, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T], t2 *pool.Tensor[T]) {
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

// rowsGChecksPre_498f00188c13 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: relu_).
func rowsGChecksPre_498f00188c13[T float32 | float64](c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[T]) {
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

// rowsGChecksPre_4e9d1b082fc2 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 5 op(s) of one shape (the first: select.int).
func rowsGChecksPre_4e9d1b082fc2[T float32 | float64](c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T]) {
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

// rowsGChecksPre_5bca69b20174 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 4 op(s) of one shape (the first: add.Tensor).
func rowsGChecksPre_5bca69b20174[T float32 | float64](c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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

// rowsGChecksPre_786914eacb17 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: split.Tensor).
func rowsGChecksPre_786914eacb17[T float32 | float64](c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, s1 *engine.SavedList, t0 *pool.Tensor[T]) {
	c.Begin(op)
	c.Save(s0, t0)
	c.SaveAnchor(s0, t0.StorageAnchor())
	if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, t0)
	}
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

// rowsGChecksPre_a4819ded5af6 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 2 op(s) of one shape (the first: add.out).
func rowsGChecksPre_a4819ded5af6[T float32 | float64](c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, s2 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T], t2 *pool.Tensor[T]) {
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

// rowsGChecksPre_bf185937d6c8 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 1 op(s) of one shape (the first: cat).
func rowsGChecksPre_bf185937d6c8[T float32 | float64](c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.SavedList, t0 []*pool.Tensor[T]) {
	c.Begin(op)
	rowsGsaveList_d308e6ee4eeb[T](c, s0, t0)
	engine.SameContentList(c, l[0], s0, t0)
	engine.SaveMetadataList(c, s0, t0)
	engine.BindingContextList(c, l[0], s0, t0)
}

// rowsGChecksPre_df2a39b4f6ba begins the call, saves the arguments and runs the rows of the plan before the kernel, for 3 op(s) of one shape (the first: add_.Tensor).
func rowsGChecksPre_df2a39b4f6ba[T float32 | float64](c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0 *engine.Saved, s1 *engine.Saved, t0 *pool.Tensor[T], t1 *pool.Tensor[T]) {
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

// rowsGChecksPre_f6a951aea02e begins the call, saves the arguments and runs the rows of the plan before the kernel, for 7 op(s) of one shape (the first: contiguous).
func rowsGChecksPre_f6a951aea02e[T float32 | float64](c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Saved, t0 *pool.Tensor[T]) {
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

var rowsGLocs_1e7bb7251278 = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}
var rowsGLocs_4fb6336c28fa = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}
var rowsGLocs_630ea46627c8 = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}
var rowsGLocs_ff1cad182ecc = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

// rowsGafterList_d308e6ee4eeb is asserts.AfterList for []*pool.Tensor[T], without an indirect call per element.
func rowsGafterList_d308e6ee4eeb[T float32 | float64](c *engine.Call, l *engine.SavedList, ts []*pool.Tensor[T]) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.After(l.At(i), t)
	}
	l.SummarizeAfter()
}

// rowsGresultList_d308e6ee4eeb is asserts.ResultList for []*pool.Tensor[T], without an indirect call per element.
func rowsGresultList_d308e6ee4eeb[T float32 | float64](c *engine.Call, l *engine.SavedList, ts []*pool.Tensor[T]) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Result(l.At(i), t)
	}
	l.SummarizeResult()
}

// rowsGsaveList_d308e6ee4eeb is asserts.SaveList for []*pool.Tensor[T], without an indirect call per element.
func rowsGsaveList_d308e6ee4eeb[T float32 | float64](c *engine.Call, l *engine.SavedList, ts []*pool.Tensor[T]) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	l.SummarizeSaved()
}
