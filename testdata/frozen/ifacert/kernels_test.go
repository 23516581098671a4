//go:build debugasserts

package ifacert_test

import (
	"example.com/frozen/ifacert/checked"
	"example.com/frozen/refops"
	rt "example.com/frozen/reftensor"
	"github.com/assertgen/assertgen/asserts"
)

// boxed is a second dynamic type of the interface: a reftensor tensor in a
// struct of one pointer (held in the interface's data word as is).
type boxed struct{ *rt.Tensor }

// of returns the reftensor tensor t holds, nil for a nil t.
func of(t asserts.Tensor) *rt.Tensor {
	switch x := t.(type) {
	case *rt.Tensor:
		return x
	case boxed:
		return x.Tensor
	}
	return nil
}

func ofList(ts []asserts.Tensor) []*rt.Tensor {
	out := make([]*rt.Tensor, len(ts))
	for i, t := range ts {
		out[i] = of(t)
	}
	return out
}

func alphaOf(a any) float64 {
	if f, ok := a.(float64); ok {
		return f
	}
	return 1
}

// kernels implements checked.Kernels with refops' kernels, a field set
// replacing one (a broken kernel, taking and returning the interface).
type kernels struct {
	add     func(self, other asserts.Tensor, alpha any) asserts.Tensor
	add_    func(self, other asserts.Tensor, alpha any) asserts.Tensor
	addOut  func(self, other asserts.Tensor, alpha any, out asserts.Tensor) asserts.Tensor
	cat     func(ts []asserts.Tensor, dim int64) asserts.Tensor
	clamp   func(self, min_, max_ asserts.Tensor) asserts.Tensor
	clone   func(self asserts.Tensor, mf *int) asserts.Tensor
	split   func(self asserts.Tensor, size, dim int64) []asserts.Tensor
	transpo func(self asserts.Tensor, d0, d1 int64) asserts.Tensor
}

var _ checked.Kernels = kernels{}

func (k kernels) AddTensor(self, other asserts.Tensor, alpha any) asserts.Tensor {
	if k.add != nil {
		return k.add(self, other, alpha)
	}
	return refops.AddTensor(of(self), of(other), alphaOf(alpha))
}

func (k kernels) Add_Tensor(self, other asserts.Tensor, alpha any) asserts.Tensor {
	if k.add_ != nil {
		return k.add_(self, other, alpha)
	}
	refops.Add_Tensor(of(self), of(other), alphaOf(alpha))
	return self
}

func (k kernels) AddOut(self, other asserts.Tensor, alpha any, out asserts.Tensor) asserts.Tensor {
	if k.addOut != nil {
		return k.addOut(self, other, alpha, out)
	}
	refops.AddOut(of(self), of(other), alphaOf(alpha), of(out))
	return out
}

func (k kernels) Cat(ts []asserts.Tensor, dim int64) asserts.Tensor {
	if k.cat != nil {
		return k.cat(ts, dim)
	}
	return refops.Cat(ofList(ts), dim)
}

func (k kernels) ClampTensor(self, min_, max_ asserts.Tensor) asserts.Tensor {
	if k.clamp != nil {
		return k.clamp(self, min_, max_)
	}
	return refops.ClampTensor(of(self), of(min_), of(max_))
}

func (k kernels) Clone(self asserts.Tensor, mf *int) asserts.Tensor {
	if k.clone != nil {
		return k.clone(self, mf)
	}
	return refops.Clone(of(self), mf)
}

func (k kernels) SplitTensor(self asserts.Tensor, size, dim int64) []asserts.Tensor {
	if k.split != nil {
		return k.split(self, size, dim)
	}
	var out []asserts.Tensor
	for _, t := range refops.SplitTensor(of(self), size, dim) {
		out = append(out, t)
	}
	return out
}

func (k kernels) TransposeInt(self asserts.Tensor, d0, d1 int64) asserts.Tensor {
	if k.transpo != nil {
		return k.transpo(self, d0, d1)
	}
	return refops.TransposeInt(of(self), d0, d1)
}
