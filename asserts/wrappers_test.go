package asserts_test

// Hand-written wrappers in the shape assertgen generated for version 3
// (strict profile), around reftensor's kernels: each row by its entry of
// the rows path (version 3's one-test shortcuts, whose entries are gone,
// run as the rows they stood for; its view ops' wrappers are gone, the
// one path's in frame_test.go stand in). Generated wrappers start with
//
//	if !asserts.Checking() {
//		return kernel(...)
//	}
//
// these do not, so that the tests check in every build.

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// kernels holds the kernels the wrappers call, so tests can swap in broken
// ones.
type kernels struct {
	add       func(self, other *rt.Tensor, alpha float64) *rt.Tensor
	addInPl   func(self, other *rt.Tensor, alpha float64) *rt.Tensor
	transpose func(self *rt.Tensor, d0, d1 int) *rt.Tensor
	unbind    func(self *rt.Tensor, dim int) []*rt.Tensor
	addOut    func(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor
	cat       func(tensors []*rt.Tensor) *rt.Tensor
	reshape   func(self *rt.Tensor, sizes ...int) *rt.Tensor
	addcmul6  func(a, b, c, d, e, f *rt.Tensor) *rt.Tensor
	maxMin    func(self *rt.Tensor) (*rt.Tensor, *rt.Tensor)
}

var correct = kernels{
	add:       rt.Add,
	addInPl:   func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self.AddInPlace(other, alpha) },
	transpose: func(self *rt.Tensor, d0, d1 int) *rt.Tensor { return self.Transpose(d0, d1) },
	unbind:    func(self *rt.Tensor, dim int) []*rt.Tensor { return self.Unbind(dim) },
	addOut:    rt.AddOut,
	cat:       cat,
	reshape:   func(self *rt.Tensor, sizes ...int) *rt.Tensor { return self.Reshape(sizes...) },
	addcmul6:  addcmul6,
	maxMin:    maxMin,
}

var k = correct

// cat concatenates 1-dimensional tensors.
func cat(ts []*rt.Tensor) *rt.Tensor {
	var vals []float64
	for _, t := range ts {
		vals = append(vals, t.ToSlice()...)
	}
	return rt.FromSlice(vals, len(vals))
}

// addcmul6 returns a + b*c + d*e*f, a 6-tensor op.
func addcmul6(a, b, c, d, e, f *rt.Tensor) *rt.Tensor {
	bc := rt.Mul(b, c)
	defer bc.Release()
	de := rt.Mul(d, e)
	defer de.Release()
	def := rt.Mul(de, f)
	defer def.Release()
	s := rt.Add(a, bc, 1)
	defer s.Release()
	return rt.Add(s, def, 1)
}

// maxMin returns the max and min of all elements (two fresh outputs).
func maxMin(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	v := self.ToSlice()
	mx, mn := v[0], v[0]
	for _, x := range v {
		mx, mn = max(mx, x), min(mn, x)
	}
	return rt.Scalar(mx), rt.Scalar(mn)
}

var (
	argSelf    = engine.Arg("self")
	argOther   = engine.Arg("other")
	argTensors = engine.Arg("tensors")
	ret0       = engine.Ret(0)
	ret1       = engine.Ret(1)
)

// add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
var opAddTensor = engine.Op{Name: "add", Overload: "Tensor"}

// Add has the shape gen emits: the wrapper declares the Call and the
// argument snapshots, and the rows run in two helpers shared by every op of
// the same shape (one before the kernel, one after it), which take the op's
// Locs from a package-level array.
func Add(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	var s0, s1 engine.Slot
	addPre(&c, &opAddTensor, &locsAdd, &s0, &s1, self, other)
	ret := k.add(self, other, alpha)
	addPost(&c, &locsAdd, &s0, &s1, self, other, ret)
	return ret
}

var locsAdd = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}

func addPre(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.SameContent(l[0], s0, t0)
	c.SameContent(l[1], s1, t1)
}

func addPost(c *engine.Call, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1, t2 *rt.Tensor) {
	var s2 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.After(s0, t0)
	c.After(s1, t1)
	c.Result(&s2, t2)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.ImplUseCountLE1(l[2], &s2)
	c.NotArg(l[2], &s2, l[0], s0)
	c.NotArg(l[2], &s2, l[1], s1)
	c.StorageUseCountEq1(l[2], &s2)
	c.FreshNoAlias(l[2], &s2, l[0], s0)
	c.FreshNoAlias(l[2], &s2, l[1], s1)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// AddInline is Add in the shape gen emitted before the shared helpers:
// every row inlined into the wrapper, Locs made per row. BenchmarkOverhead
// runs both, for the price of the helper calls.
func AddInline(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	c.Begin(&opAddTensor)
	var s0, s1 engine.Slot
	c.Save(&s0, self)
	c.Save(&s1, other)
	c.SameContent(engine.Arg("self"), &s0, self)
	c.BindingContext(engine.Arg("self"), &s0, self)
	c.SameContent(engine.Arg("other"), &s1, other)
	c.BindingContext(engine.Arg("other"), &s1, other)
	ret := k.add(self, other, alpha)
	c.BindingContextAfter(engine.Arg("self"), &s0, self)
	c.BindingContextAfter(engine.Arg("other"), &s1, other)
	c.After(&s0, self)
	c.After(&s1, other)
	c.SameImpl(engine.Arg("self"), &s0)
	c.SameStorage(engine.Arg("self"), &s0)
	c.NoMutation(engine.Arg("self"), &s0)
	c.SameContentAfter(engine.Arg("self"), &s0, self)
	c.SameImpl(engine.Arg("other"), &s1)
	c.SameStorage(engine.Arg("other"), &s1)
	c.NoMutation(engine.Arg("other"), &s1)
	c.SameContentAfter(engine.Arg("other"), &s1, other)
	var r0 engine.Slot
	c.Result(&r0, ret)
	c.ImplUseCountLE1(engine.Ret(0), &r0)
	c.NotArg(engine.Ret(0), &r0, engine.Arg("self"), &s0)
	c.NotArg(engine.Ret(0), &r0, engine.Arg("other"), &s1)
	c.StorageUseCountEq1(engine.Ret(0), &r0)
	c.FreshNoAlias(engine.Ret(0), &r0, engine.Arg("self"), &s0)
	c.FreshNoAlias(engine.Ret(0), &r0, engine.Arg("other"), &s1)
	c.End()
	return ret
}

// add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
var opAddInPlace = engine.Op{Name: "add_", Overload: "Tensor"}

// AddInPlace has the shape gen emits for an op that writes: the pre-kernel
// helper declares the written argument (c.Mutable), and the wrapper
// defers c.Abandon so that a kernel that panics leaves no write declared.
func AddInPlace(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	var s0, s1 engine.Slot
	addInPlPre(&c, &opAddInPlace, &locsAdd, &s0, &s1, self, other)
	defer c.Abandon()
	ret := k.addInPl(self, other, alpha)
	addInPlPost(&c, &locsAdd, &s0, &s1, self, other, ret)
	return ret
}

func addInPlPre(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.Mutable(s0)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.SameContent(l[1], s1, t1)
}

func addInPlPost(c *engine.Call, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1, t2 *rt.Tensor) {
	var s2 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.After(s0, t0)
	c.After(s1, t1)
	c.Result(&s2, t2)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.ReturnsArg(l[2], &s2, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

var locsTranspose = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}

// add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
var opAddOut = engine.Op{Name: "add", Overload: "out"}

// AddOut has the shape gen emits for an out= op.
func AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	var c engine.Call
	var s0, s1, s2 engine.Slot
	addOutPre(&c, &opAddOut, &locsAddOut, &s0, &s1, &s2, self, other, out)
	defer c.Abandon()
	ret := k.addOut(self, other, alpha, out)
	addOutPost(&c, &locsAddOut, &s0, &s1, &s2, self, other, out, ret)
	return ret
}

var locsAddOut = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}

func addOutPre(c *engine.Call, op *engine.Op, l *[4]engine.Loc, s0, s1, s2 *engine.Slot, t0, t1, t2 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.Save(s2, t2)
	c.Mutable(s2)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.BindingContext(l[2], s2, t2)
	c.SameContent(l[0], s0, t0)
	c.SameContent(l[1], s1, t1)
}

func addOutPost(c *engine.Call, l *[4]engine.Loc, s0, s1, s2 *engine.Slot, t0, t1, t2, t3 *rt.Tensor) {
	var s3 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.BindingContextAfter(l[2], s2, t2)
	c.After(s0, t0)
	c.After(s1, t1)
	c.After(s2, t2)
	c.Result(&s3, t3)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.SameImpl(l[2], s2)
	c.SameStorage(l[2], s2)
	c.ReturnsArg(l[3], &s3, l[2], s2)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// cat(Tensor[] tensors, int dim=0) -> Tensor
var opCat = engine.Op{Name: "cat"}

func Cat(tensors []*rt.Tensor) *rt.Tensor {
	var c engine.Call
	var l0 engine.ListSlot
	catPre(&c, &opCat, &locsCat, &l0, tensors, false)
	ret := k.cat(tensors)
	catPost(&c, &locsCat, &l0, tensors, ret, false)
	return ret
}

// opCatMeta is cat of a runtime whose tensors report metadata: a
// same_metadata row on the list's elements.
var opCatMeta = engine.Op{Name: "cat"}

func CatMeta(tensors []*rt.Tensor) *rt.Tensor {
	var c engine.Call
	var l0 engine.ListSlot
	catPre(&c, &opCatMeta, &locsCat, &l0, tensors, true)
	ret := k.cat(tensors)
	catPost(&c, &locsCat, &l0, tensors, ret, true)
	return ret
}

var locsCat = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

func catPre(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.ListSlot, t0 []*rt.Tensor, meta bool) {
	c.Begin(op)
	saveList(c, s0, t0)
	for j, e := range t0 {
		c.SameContent(l[0].Elem(j), s0.At(j), e)
	}
	for j, e := range t0 {
		c.BindingContext(l[0].Elem(j), s0.At(j), e)
	}
	if meta {
		engine.SaveMetadataList(c, s0, t0)
	}
}

func catPost(c *engine.Call, l *[2]engine.Loc, s0 *engine.ListSlot, t0 []*rt.Tensor, t1 *rt.Tensor, meta bool) {
	var s1 engine.Slot
	for j, e := range t0 {
		c.BindingContextAfter(l[0].Elem(j), s0.At(j), e)
	}
	afterList(c, s0, t0)
	c.Result(&s1, t1)
	catRows(c, l, s0, t0, &s1, meta)
}

func catRows(c *engine.Call, l *[2]engine.Loc, s0 *engine.ListSlot, t0 []*rt.Tensor, s1 *engine.Slot, meta bool) {
	c.List(checks.SameImpl, l[0], s0)
	c.List(checks.SameStorage, l[0], s0)
	c.List(checks.NoMutation, l[0], s0)
	for j, e := range t0 {
		c.SameContentAfter(l[0].Elem(j), s0.At(j), e)
	}
	if meta {
		engine.SameMetadataList(c, l[0], s0, t0)
	}
	c.ImplUseCountLE1(l[1], s1)
	c.NotArgList(l[1], s1, l[0], s0)
	c.StorageUseCountEq1(l[1], s1)
	c.FreshNoAliasOf(l[1], s1, l[0], s0)
	c.End()
}

// saveListOf, saveOptListOf, afterListOf and resultListOf snapshot a list
// by the rows' entries element by element, for any tensor type: a
// Tensor[] argument before the kernel (a Tensor?[]: its undefined elements
// absent), after it, and a Tensor[] return.
func saveListOf[T asserts.Identity](c *engine.Call, l *engine.ListSlot, ts []T) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	l.SummarizeSaved()
}

func saveOptListOf[T asserts.Identity](c *engine.Call, l *engine.ListSlot, ts []T) {
	saveListOf(c, l, ts)
	c.SummarizeSavedOpt(l)
}

func afterListOf[T asserts.Identity](c *engine.Call, l *engine.ListSlot, ts []T) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.After(l.At(i), t)
	}
	l.SummarizeAfter()
}

func resultListOf[T asserts.Tensor](c *engine.Call, l *engine.ListSlot, ts []T) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Result(l.At(i), t)
	}
	l.SummarizeResult()
}

// saveList and afterList are what gen emitted for a package's list type
// (saveList_<hash>, afterList_<hash>): the elements' Ident is called
// directly.
func saveList(c *engine.Call, l *engine.ListSlot, ts []*rt.Tensor) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	l.SummarizeSaved()
}

func afterList(c *engine.Call, l *engine.ListSlot, ts []*rt.Tensor) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.After(l.At(i), t)
	}
	l.SummarizeAfter()
}

// CatGeneric is Cat with the lists snapshotted by the generic
// saveListOf and afterListOf (what gen emitted before it wrote
// a list loop per type): each element's Ident is an indirect call.
func CatGeneric(tensors []*rt.Tensor) *rt.Tensor {
	var c engine.Call
	var l0 engine.ListSlot
	c.Begin(&opCat)
	saveListOf(&c, &l0, tensors)
	for j, e := range tensors {
		c.SameContent(locsCat[0].Elem(j), l0.At(j), e)
	}
	for j, e := range tensors {
		c.BindingContext(locsCat[0].Elem(j), l0.At(j), e)
	}
	ret := k.cat(tensors)
	catPostGeneric(&c, &locsCat, &l0, tensors, ret)
	return ret
}

func catPostGeneric(c *engine.Call, l *[2]engine.Loc, s0 *engine.ListSlot, t0 []*rt.Tensor, t1 *rt.Tensor) {
	var s1 engine.Slot
	for j, e := range t0 {
		c.BindingContextAfter(l[0].Elem(j), s0.At(j), e)
	}
	afterListOf(c, s0, t0)
	c.Result(&s1, t1)
	catRows(c, l, s0, t0, &s1, false)
}

// reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a), CompositeImplicit:
// the result may alias.
var opReshape = engine.Op{Name: "reshape"}

// Reshape has the shape gen emits for a may-alias op (its pre-kernel
// helper is transpose's without the view's count: view_holds_storage).
func Reshape(self *rt.Tensor, sizes ...int) *rt.Tensor {
	var c engine.Call
	var s0 engine.Slot
	reshapePre(&c, &opReshape, &locsTranspose, &s0, self)
	ret := k.reshape(self, sizes...)
	reshapePost(&c, &locsTranspose, &s0, self, ret)
	return ret
}

func reshapePre(c *engine.Call, op *engine.Op, l *[2]engine.Loc, s0 *engine.Slot, t0 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.BindingContext(l[0], s0, t0)
	c.SameContent(l[0], s0, t0)
}

func reshapePost(c *engine.Call, l *[2]engine.Loc, s0 *engine.Slot, t0, t1 *rt.Tensor) {
	var s1 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.After(s0, t0)
	c.Result(&s1, t1)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.FreshOrAlias(l[1], &s1, l[0], s0)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
	}
	c.End()
}

// addcmul6(Tensor a, Tensor b, Tensor c, Tensor d, Tensor e, Tensor f) -> Tensor
var opAddcmul6 = engine.Op{Name: "addcmul6"}

func Addcmul6(a, b, c_, d, e, f *rt.Tensor) *rt.Tensor {
	var c engine.Call
	var s0, s1, s2, s3, s4, s5 engine.Slot
	addcmul6Pre(&c, &opAddcmul6, &locsAddcmul6, &s0, &s1, &s2, &s3, &s4, &s5, a, b, c_, d, e, f)
	ret := k.addcmul6(a, b, c_, d, e, f)
	addcmul6Post(&c, &locsAddcmul6, &s0, &s1, &s2, &s3, &s4, &s5, a, b, c_, d, e, f, ret)
	return ret
}

var locsAddcmul6 = [7]engine.Loc{engine.Arg("a"), engine.Arg("b"), engine.Arg("c"), engine.Arg("d"), engine.Arg("e"), engine.Arg("f"), engine.Ret(0)}

func addcmul6Pre(c *engine.Call, op *engine.Op, l *[7]engine.Loc, s0, s1, s2, s3, s4, s5 *engine.Slot, t0, t1, t2, t3, t4, t5 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.Save(s2, t2)
	c.Save(s3, t3)
	c.Save(s4, t4)
	c.Save(s5, t5)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.BindingContext(l[2], s2, t2)
	c.BindingContext(l[3], s3, t3)
	c.BindingContext(l[4], s4, t4)
	c.BindingContext(l[5], s5, t5)
	c.SameContent(l[0], s0, t0)
	c.SameContent(l[1], s1, t1)
	c.SameContent(l[2], s2, t2)
	c.SameContent(l[3], s3, t3)
	c.SameContent(l[4], s4, t4)
	c.SameContent(l[5], s5, t5)
}

func addcmul6Post(c *engine.Call, l *[7]engine.Loc, s0, s1, s2, s3, s4, s5 *engine.Slot, t0, t1, t2, t3, t4, t5, t6 *rt.Tensor) {
	var s6 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.BindingContextAfter(l[2], s2, t2)
	c.BindingContextAfter(l[3], s3, t3)
	c.BindingContextAfter(l[4], s4, t4)
	c.BindingContextAfter(l[5], s5, t5)
	c.After(s0, t0)
	c.After(s1, t1)
	c.After(s2, t2)
	c.After(s3, t3)
	c.After(s4, t4)
	c.After(s5, t5)
	c.Result(&s6, t6)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.SameImpl(l[2], s2)
	c.SameStorage(l[2], s2)
	c.NoMutation(l[2], s2)
	c.SameImpl(l[3], s3)
	c.SameStorage(l[3], s3)
	c.NoMutation(l[3], s3)
	c.SameImpl(l[4], s4)
	c.SameStorage(l[4], s4)
	c.NoMutation(l[4], s4)
	c.SameImpl(l[5], s5)
	c.SameStorage(l[5], s5)
	c.NoMutation(l[5], s5)
	c.ImplUseCountLE1(l[6], &s6)
	c.NotArg(l[6], &s6, l[0], s0)
	c.NotArg(l[6], &s6, l[1], s1)
	c.NotArg(l[6], &s6, l[2], s2)
	c.NotArg(l[6], &s6, l[3], s3)
	c.NotArg(l[6], &s6, l[4], s4)
	c.NotArg(l[6], &s6, l[5], s5)
	c.StorageUseCountEq1(l[6], &s6)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
		c.SameContentAfter(l[2], s2, t2)
		c.SameContentAfter(l[3], s3, t3)
		c.SameContentAfter(l[4], s4, t4)
		c.SameContentAfter(l[5], s5, t5)
	}
	c.End()
}

// aminmax(Tensor self) -> (Tensor max, Tensor min): two fresh outputs.
var opMaxMin = engine.Op{Name: "aminmax"}

func MaxMin(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return maxMinFrame(&opMaxMin, self) }
