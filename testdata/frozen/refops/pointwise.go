package refops

import (
	"math"

	rt "example.com/frozen/reftensor"
)

// AddTensor is add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor:
// self + alpha*other, broadcasting.
func AddTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor { return rt.Add(self, other, alpha) }

// SubTensor is sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor:
// self - alpha*other, broadcasting.
func SubTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor { return rt.Sub(self, other, alpha) }

// MulTensor is mul.Tensor(Tensor self, Tensor other) -> Tensor: self * other,
// broadcasting.
func MulTensor(self, other *rt.Tensor) *rt.Tensor { return rt.Mul(self, other) }

// DivTensor is div.Tensor(Tensor self, Tensor other) -> Tensor: self / other,
// broadcasting (true division: x/0 is ±Inf or NaN).
func DivTensor(self, other *rt.Tensor) *rt.Tensor { return rt.Div(self, other) }

// Neg is neg(Tensor self) -> Tensor: -self.
func Neg(self *rt.Tensor) *rt.Tensor { return rt.Neg(self) }

// ClampTensor is clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor:
// min(max(self, min), max) element-wise, broadcasting all three; an absent
// (nil) or undefined bound is None. As in PyTorch, where min > max the
// result is max, a NaN in self stays NaN, and at least one bound is needed.
func ClampTensor(self, min_, max_ *rt.Tensor) *rt.Tensor {
	lo, hi := min_.Defined(), max_.Defined()
	if !lo && !hi {
		panic("refops: clamp: at least one of 'min' or 'max' must not be None")
	}
	if w := firstWrapper(self, min_, max_); w != nil {
		return rt.Rewrap(w, ClampTensor(rt.Unwrapped(self), rt.Unwrapped(min_), rt.Unwrapped(max_)))
	}
	o := resultOptions("clamp", self, min_, max_)
	shapes := [][]int{self.Sizes()}
	if lo {
		shapes = append(shapes, min_.Sizes())
	}
	if hi {
		shapes = append(shapes, max_.Sizes())
	}
	sizes := broadcast("clamp", shapes...)
	if o.Device == rt.Meta {
		return o.Empty(sizes...)
	}
	x := values(self, sizes)
	var l, h []float64
	if lo {
		l = values(min_, sizes)
	}
	if hi {
		h = values(max_, sizes)
	}
	for i, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if lo {
			v = math.Max(v, l[i])
		}
		if hi {
			v = math.Min(v, h[i])
		}
		x[i] = v
	}
	return newTensor(o, sizes, x)
}

// Add_Tensor is add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!):
// self += alpha*other.
func Add_Tensor(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	return self.AddInPlace(other, alpha)
}

// Sub_Tensor is sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!):
// self -= alpha*other.
func Sub_Tensor(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	return self.AddInPlace(other, -alpha)
}

// Mul_Tensor is mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!):
// self *= other.
func Mul_Tensor(self, other *rt.Tensor) *rt.Tensor { return self.MulInPlace(other) }

// Neg_ is neg_(Tensor(a!) self) -> Tensor(a!): self = -self. On a sparse
// tensor it negates the stored values.
func Neg_(self *rt.Tensor) *rt.Tensor { return self.ScaleInPlace(-1) }

// Zero_ is zero_(Tensor(a!) self) -> Tensor(a!).
func Zero_(self *rt.Tensor) *rt.Tensor { return self.Zero() }

// Fill_Scalar is fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!).
func Fill_Scalar(self *rt.Tensor, value float64) *rt.Tensor { return self.Fill(value) }

// Copy_ is copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!):
// copies src, broadcast to self's sizes, into self. non_blocking has no
// effect on the CPU.
func Copy_(self, src *rt.Tensor, nonBlocking bool) *rt.Tensor { return self.CopyFrom(src) }

// AddOut is add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!).
func AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	r := rt.Add(self, other, alpha)
	defer r.Release()
	return writeResult(out, r)
}

// MulOut is mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!).
func MulOut(self, other, out *rt.Tensor) *rt.Tensor {
	r := rt.Mul(self, other)
	defer r.Release()
	return writeResult(out, r)
}

// NegOut is neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!).
func NegOut(self, out *rt.Tensor) *rt.Tensor {
	r := rt.Neg(self)
	defer r.Release()
	return writeResult(out, r)
}

// XForeachAddScalar is _foreach_add.Scalar(Tensor[] self, Scalar scalar) -> Tensor[]:
// a fresh self[i] + scalar for each tensor.
func XForeachAddScalar(self []*rt.Tensor, scalar float64) []*rt.Tensor {
	out := make([]*rt.Tensor, len(self))
	for i, t := range self {
		out[i] = rt.AddScalar(t, scalar)
	}
	return out
}

// XForeachAdd_Scalar is _foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ():
// self[i] += scalar for each tensor.
func XForeachAdd_Scalar(self []*rt.Tensor, scalar float64) {
	s := rt.Scalar(scalar)
	defer s.Release()
	for _, t := range self {
		t.AddInPlace(s, 1)
	}
}

// XForeachZero_ is _foreach_zero_(Tensor(a!)[] self) -> (): zeroes each
// tensor.
func XForeachZero_(self []*rt.Tensor) {
	for _, t := range self {
		t.Zero()
	}
}
