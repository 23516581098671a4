package engine_test

// The kernels the tests' wrappers call, around reftensor's, and the
// wrappers under their ops' names (Add is AddF): each runs on the one
// path (frame_test.go's wrappers, in the shape gen emits). Generated wrappers
// start with
//
//	if !asserts.Checking() {
//		return kernel(...)
//	}
//
// these do not, so that the tests check in every build.

import (
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

// Add, AddInPlace, AddOut, Cat, CatMeta, Reshape and Addcmul6 run on the
// one path (frame_test.go's wrappers), as gen emits them.
func Add(self, other *rt.Tensor, alpha float64) *rt.Tensor { return AddF(self, other, alpha) }

var locsAdd = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}

func AddInPlace(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	return AddInPlaceF(self, other, alpha)
}

var locsTranspose = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}

func AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	return AddOutF(self, other, alpha, out)
}

var locsAddOut = [4]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Arg("out"), engine.Ret(0)}

func Cat(tensors []*rt.Tensor) *rt.Tensor { return CatF(tensors) }

func CatMeta(tensors []*rt.Tensor) *rt.Tensor { return CatMetaF(tensors) }

var locsCat = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

func Reshape(self *rt.Tensor, sizes ...int) *rt.Tensor { return ReshapeF(self, sizes...) }

func Addcmul6(a, b, c, d, e, f *rt.Tensor) *rt.Tensor { return Addcmul6F(a, b, c, d, e, f) }

var locsAddcmul6 = [7]engine.Loc{engine.Arg("a"), engine.Arg("b"), engine.Arg("c"), engine.Arg("d"), engine.Arg("e"), engine.Arg("f"), engine.Ret(0)}

// aminmax(Tensor self) -> (Tensor max, Tensor min): two fresh outputs.
var opMaxMin = engine.Op{Name: "aminmax"}

func MaxMin(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return maxMinFrame(&opMaxMin, self) }
