// Package kernels is the kernels of package sweep's Example: a runtime of
// one's own (over examples/reftensor) whose errors use its own words, not
// PyTorch's, and whose add_ has a bug.
package kernels

import (
	"fmt"

	"github.com/assertgen/assertgen/examples/reftensor"
)

// A DimsError is how these kernels refuse a tensor of the wrong rank.
type DimsError struct {
	Arg        string
	Want, Have int
}

func (e *DimsError) Error() string {
	return fmt.Sprintf("%s has %d dims, this kernel takes %d", e.Arg, e.Have, e.Want)
}

// Outer is outer(Tensor self, Tensor vec2) -> Tensor: the outer product
// of two vectors.
func Outer(self, vec2 *reftensor.Tensor) *reftensor.Tensor {
	for _, a := range []struct {
		name string
		t    *reftensor.Tensor
	}{{"self", self}, {"vec2", vec2}} {
		if a.t.Dim() != 1 {
			panic(&DimsError{Arg: a.name, Want: 1, Have: a.t.Dim()})
		}
	}
	x, y := self.ToSlice(), vec2.ToSlice()
	out := make([]float64, 0, len(x)*len(y))
	for _, a := range x {
		for _, b := range y {
			out = append(out, a*b)
		}
	}
	return reftensor.FromSlice(out, len(x), len(y))
}

// Add_Tensor is add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar
// alpha=1) -> Tensor(a!), with a bug: it returns the sum as a new tensor
// and leaves self alone, where the schema says it writes self and returns
// it.
func Add_Tensor(self, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
	return reftensor.Add(self, other, alpha)
}

// Sum is sum(Tensor self, *, ScalarType? dtype=None) -> Tensor. dtype is
// c10's ScalarType number; this runtime computes in float64 whatever it
// says.
func Sum(self *reftensor.Tensor, dtype *int) *reftensor.Tensor {
	return reftensor.Sum(self)
}
