package refops

import (
	"fmt"
	"slices"

	rt "example.com/frozen/reftensor"
)

// Mm is mm(Tensor self, Tensor mat2) -> Tensor: the matrix product of an
// n×m and an m×p matrix.
func Mm(self, mat2 *rt.Tensor) *rt.Tensor {
	if w := firstWrapper(self, mat2); w != nil {
		return rt.Rewrap(w, Mm(rt.Unwrapped(self), rt.Unwrapped(mat2)))
	}
	if self.Dim() != 2 || mat2.Dim() != 2 {
		panic(fmt.Sprintf("refops: mm: self must be a matrix (got %d dimensions), mat2 too (got %d)", self.Dim(), mat2.Dim()))
	}
	n, m, p := self.Size(0), self.Size(1), mat2.Size(1)
	if mat2.Size(0) != m {
		panic(fmt.Sprintf("refops: mm: self and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", n, m, mat2.Size(0), p))
	}
	o := resultOptions("mm", self, mat2)
	if o.Device == rt.Meta {
		return o.Empty(n, p)
	}
	a, b := self.ToSlice(), mat2.ToSlice()
	c := make([]float64, n*p)
	for i := range n {
		for k := range m {
			x := a[i*m+k]
			for j := range p {
				c[i*p+j] += x * b[k*p+j]
			}
		}
	}
	return newTensor(o, []int{n, p}, c)
}

// MmOut is mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!).
func MmOut(self, mat2, out *rt.Tensor) *rt.Tensor {
	r := Mm(self, mat2)
	defer r.Release()
	return writeResult(out, r)
}

// Cat is cat(Tensor[] tensors, int dim=0) -> Tensor: the tensors joined
// along dim. As in 1.13.1, 1-dimensional tensors of size 0 are skipped
// whatever the others' shapes are (the legacy rule).
func Cat(tensors []*rt.Tensor, dim int64) *rt.Tensor {
	if w := firstWrapper(tensors...); w != nil {
		in := make([]*rt.Tensor, len(tensors))
		for i, t := range tensors {
			in[i] = rt.Unwrapped(t)
		}
		return rt.Rewrap(w, Cat(in, dim))
	}
	if len(tensors) == 0 {
		panic("refops: cat: expected a non-empty list of tensors")
	}
	o := resultOptions("cat", tensors...)
	var parts []*rt.Tensor
	for _, t := range tensors {
		if t.Dim() == 1 && t.Size(0) == 0 {
			continue
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return o.Empty(0)
	}
	sizes := parts[0].Sizes()
	if len(sizes) == 0 {
		panic("refops: cat: zero-dimensional tensor cannot be concatenated")
	}
	d := wrapDim("cat", dim, len(sizes))
	total := 0
	for k, t := range parts {
		s := t.Sizes()
		if len(s) != len(sizes) {
			panic(fmt.Sprintf("refops: cat: tensors must have the same number of dimensions: got %d and %d", len(sizes), len(s)))
		}
		for e := range s {
			if e != d && s[e] != sizes[e] {
				panic(fmt.Sprintf("refops: cat: sizes of tensors must match except in dimension %d: tensor %d has size %d in dimension %d, want %d", d, k, s[e], e, sizes[e]))
			}
		}
		total += s[d]
	}
	outSizes := slices.Clone(sizes)
	outSizes[d] = total
	if o.Device == rt.Meta {
		return o.Empty(outSizes...)
	}
	outer, _, inner := split3(outSizes, d)
	data := make([]float64, 0, numel(outSizes))
	xs := make([][]float64, len(parts))
	for k, t := range parts {
		xs[k] = t.ToSlice()
	}
	for a := range outer {
		for k, t := range parts {
			n := t.Size(d) * inner
			data = append(data, xs[k][a*n:(a+1)*n]...)
		}
	}
	return newTensor(o, outSizes, data)
}

// CatOut is cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!).
func CatOut(tensors []*rt.Tensor, dim int64, out *rt.Tensor) *rt.Tensor {
	r := Cat(tensors, dim)
	defer r.Release()
	return writeResult(out, r)
}

// Stack is stack(Tensor[] tensors, int dim=0) -> Tensor: the tensors, all of
// one shape, joined along a new dimension dim.
func Stack(tensors []*rt.Tensor, dim int64) *rt.Tensor {
	if len(tensors) == 0 {
		panic("refops: stack: expected a non-empty list of tensors")
	}
	sizes := tensors[0].Sizes()
	d := wrapDim("stack", dim, len(sizes)+1)
	us := make([]*rt.Tensor, len(tensors))
	for i, t := range tensors {
		if !slices.Equal(t.Sizes(), sizes) {
			panic(fmt.Sprintf("refops: stack: expects each tensor to be equal size, but got %v at entry 0 and %v at entry %d", sizes, t.Sizes(), i))
		}
		us[i] = t.Unsqueeze(d)
	}
	defer func() {
		for _, u := range us {
			u.Release()
		}
	}()
	return Cat(us, int64(d))
}
