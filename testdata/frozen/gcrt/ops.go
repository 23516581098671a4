package gcrt

// The kernels, named after their PyTorch operators (plan.GoName) with the
// Go signatures of their 2.6.0 schemas under the type map of checked.yaml.
// Arguments are borrowed; a fresh return is a new allocation; a view
// shares its input's slice.

import (
	"fmt"
	"slices"
)

func sameSizes(a, b *Tensor) {
	if !slices.Equal(a.sizes, b.sizes) {
		panic(fmt.Sprintf("gcrt: sizes %v and %v differ", a.sizes, b.sizes))
	}
}

// binary returns f applied elementwise to a and b, in a fresh tensor.
func binary(a, b *Tensor, f func(x, y float64) float64) *Tensor {
	sameSizes(a, b)
	out := New(a.sizes...)
	if a.IsContiguous() && b.IsContiguous() {
		av, bv := a.data[a.offset:][:len(out.data)], b.data[b.offset:][:len(out.data)]
		for i := range out.data {
			out.data[i] = f(av[i], bv[i])
		}
		return out
	}
	av, bv := a.Values(), b.Values()
	for i := range out.data {
		out.data[i] = f(av[i], bv[i])
	}
	return out
}

// assign writes vals (row-major) into t's elements.
func (t *Tensor) assign(vals []float64) {
	k := 0
	t.each(func(i int) { t.data[i] = vals[k]; k++ })
}

// AddTensor is add.Tensor: self + alpha*other, fresh.
func AddTensor(self, other *Tensor, alpha float64) *Tensor {
	return binary(self, other, func(x, y float64) float64 { return x + alpha*y })
}

// MulTensor is mul.Tensor: self * other, fresh.
func MulTensor(self, other *Tensor) *Tensor {
	return binary(self, other, func(x, y float64) float64 { return x * y })
}

// Neg is neg: -self, fresh.
func Neg(self *Tensor) *Tensor {
	out := New(self.sizes...)
	for i, v := range self.Values() {
		out.data[i] = -v
	}
	return out
}

// Clone is clone: a fresh contiguous copy.
func Clone(self *Tensor, memoryFormat *int) *Tensor { return From(self.Values(), self.sizes...) }

// Add_Tensor is add_.Tensor: self += alpha*other, in place. other may
// alias self (x.add_(x)): its values are read before any write.
func Add_Tensor(self, other *Tensor, alpha float64) *Tensor {
	sameSizes(self, other)
	if self.IsContiguous() && other.IsContiguous() && (self.sid != other.sid || self.offset == other.offset) {
		n := self.Numel()
		sv, ov := self.data[self.offset:][:n], other.data[other.offset:][:n]
		for i := range sv {
			sv[i] += alpha * ov[i]
		}
		return self
	}
	sv, ov := self.Values(), other.Values()
	for i := range sv {
		sv[i] += alpha * ov[i]
	}
	self.assign(sv)
	return self
}

// Mul_Tensor is mul_.Tensor: self *= other, in place.
func Mul_Tensor(self, other *Tensor) *Tensor {
	sameSizes(self, other)
	sv, ov := self.Values(), other.Values()
	for i := range sv {
		sv[i] *= ov[i]
	}
	self.assign(sv)
	return self
}

// Zero_ is zero_: self's elements become 0.
func Zero_(self *Tensor) *Tensor {
	self.each(func(i int) { self.data[i] = 0 })
	return self
}

// Copy_ is copy_: self's elements become src's.
func Copy_(self, src *Tensor, nonBlocking bool) *Tensor {
	sameSizes(self, src)
	self.assign(src.Values())
	return self
}

// AddOut is add.out: out = self + alpha*other, written into out's
// storage (out may alias self or other).
func AddOut(self, other *Tensor, alpha float64, out *Tensor) *Tensor {
	sameSizes(self, out)
	r := AddTensor(self, other, alpha)
	out.assign(r.data)
	return out
}

// Set_SourceTensor is set_.source_Tensor: self takes source's storage and
// geometry (sharing the slice).
func Set_SourceTensor(self, source *Tensor) *Tensor {
	self.data, self.sid = source.data, source.sid
	self.sizes = append([]int(nil), source.sizes...)
	self.strides = append([]int(nil), source.strides...)
	self.offset = source.offset
	return self
}

// Cat is cat: the tensors joined along dim, fresh.
func Cat(tensors []*Tensor, dim int64) *Tensor {
	if len(tensors) == 0 {
		panic("gcrt: cat of no tensors")
	}
	if len(tensors[0].sizes) == 0 {
		panic("gcrt: cat of 0-dim tensors")
	}
	d := wrapDim(dim, len(tensors[0].sizes))
	sizes := append([]int(nil), tensors[0].sizes...)
	sizes[d] = 0
	for _, t := range tensors {
		if len(t.sizes) != len(sizes) {
			panic(fmt.Sprintf("gcrt: cat of tensors of %d and %d dims", len(sizes), len(t.sizes)))
		}
		sizes[d] += t.sizes[d]
	}
	out := New(sizes...)
	at := 0
	for _, t := range tensors {
		out.Narrow(d, at, t.sizes[d]).assign(t.Values())
		at += t.sizes[d]
	}
	return out
}

// Set_SourceStorage is set_.source_Storage: self becomes a 1-d tensor over
// all of source.
func Set_SourceStorage(self *Tensor, source *Storage) *Tensor {
	self.data, self.sid = source.data, source.id
	self.sizes, self.strides, self.offset = []int{len(source.data)}, []int{1}, 0
	return self
}

// SetSourceStorage is set.source_Storage, set_'s functional variant: a new
// tensor over all of source (which the caller keeps).
func SetSourceStorage(self *Tensor, source *Storage) *Tensor {
	return &Tensor{data: source.data, sid: source.id, id: nextID(), sizes: []int{len(source.data)}, strides: []int{1}}
}
