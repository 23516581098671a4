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

// Add, AddInPlace, AddOut, Cat, CatMeta, Reshape and Addcmul6 run on the
// one path (frame_test.go's wrappers), as gen emits them.
func Add(self, other *rt.Tensor, alpha float64) *rt.Tensor { return AddF(self, other, alpha) }

var locsAdd = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}

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

func AddInPlace(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	return AddInPlaceF(self, other, alpha)
}

var locsTranspose = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}

func AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	return AddOutF(self, other, alpha, out)
}

var locsAddOut = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}

// cat(Tensor[] tensors, int dim=0) -> Tensor
var opCat = engine.Op{Name: "cat"}

func Cat(tensors []*rt.Tensor) *rt.Tensor { return CatF(tensors) }

func CatMeta(tensors []*rt.Tensor) *rt.Tensor { return CatMetaF(tensors) }

var locsCat = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

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

func Reshape(self *rt.Tensor, sizes ...int) *rt.Tensor { return ReshapeF(self, sizes...) }

func Addcmul6(a, b, c, d, e, f *rt.Tensor) *rt.Tensor { return Addcmul6F(a, b, c, d, e, f) }

var locsAddcmul6 = [7]engine.Loc{engine.Arg("a"), engine.Arg("b"), engine.Arg("c"), engine.Arg("d"), engine.Arg("e"), engine.Arg("f"), engine.Ret(0)}

// aminmax(Tensor self) -> (Tensor max, Tensor min): two fresh outputs.
var opMaxMin = engine.Op{Name: "aminmax"}

func MaxMin(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return maxMinFrame(&opMaxMin, self) }
