package planted

// The kernels, named after their PyTorch operators (plan.GoName), with the
// Go signatures of their 2.14 schemas under checked.yaml's type map.
// Arguments are borrowed; a fresh result is a new allocation; a view
// shares its input's storage. A kernel refuses arguments it does not take
// by panicking with a message (a Go runtime error in a kernel is a bug).

import (
	"fmt"
	"math"
	"slices"
)

// dimOf wraps a dim in [-n, n) to [0, n).
func dimOf(d int64, n int) int {
	if d < 0 {
		d += int64(n)
	}
	if d < 0 || d >= int64(max(n, 1)) {
		panic(fmt.Sprintf("planted: dim %d out of range for %d dims", d, n))
	}
	return int(d)
}

// broadcastSizes returns the sizes a and b broadcast to.
func broadcastSizes(a, b []int) []int {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := range out {
		x, y := 1, 1
		if j := i - n + len(a); j >= 0 {
			x = a[j]
		}
		if j := i - n + len(b); j >= 0 {
			y = b[j]
		}
		switch {
		case x == y || y == 1:
			out[i] = x
		case x == 1:
			out[i] = y
		default:
			panic(fmt.Sprintf("planted: sizes %v and %v do not broadcast", a, b))
		}
	}
	return out
}

// expanded returns a view of t with the given sizes (t broadcast to them:
// stride 0 along the dims it repeats).
func (t *Tensor) expanded(sizes []int) *Tensor {
	if len(t.sizes) > len(sizes) {
		panic(fmt.Sprintf("planted: cannot expand %v to %v: fewer dims", t.sizes, sizes))
	}
	st := make([]int, len(sizes))
	for i := range sizes {
		j := i - len(sizes) + len(t.sizes)
		if j >= 0 && t.sizes[j] == sizes[i] {
			st[i] = t.strides[j]
		} else if j >= 0 && t.sizes[j] != 1 {
			panic(fmt.Sprintf("planted: cannot expand %v to %v", t.sizes, sizes))
		}
	}
	return t.as(append([]int(nil), sizes...), st, t.offset)
}

// binary returns f over a and b broadcast, in a fresh tensor.
func binary(a, b *Tensor, f func(x, y float64) float64) *Tensor {
	sizes := broadcastSizes(a.sizes, b.sizes)
	av, bv := a.expanded(sizes).Values(), b.expanded(sizes).Values()
	out := Zeros(sizes...)
	for i := range out.data {
		out.data[i] = f(av[i], bv[i])
	}
	return out
}

// unary returns f of each element of self, in a fresh tensor.
func unary(self *Tensor, f func(float64) float64) *Tensor {
	v := self.Values()
	for i := range v {
		v[i] = f(v[i])
	}
	return Of(v, self.sizes...)
}

// AddTensor is add.Tensor: self + alpha*other, fresh.
func AddTensor(self, other *Tensor, alpha float64) *Tensor {
	return binary(self, other, func(x, y float64) float64 { return x + alpha*y })
}

// Add_Tensor is add_.Tensor: self += alpha*other (other broadcast to
// self), in place; other may alias self.
func Add_Tensor(self, other *Tensor, alpha float64) *Tensor {
	ov := other.expanded(self.sizes).Values()
	sv := self.Values()
	for i := range sv {
		sv[i] += alpha * ov[i]
	}
	self.set(sv)
	return self
}

// MulTensor is mul.Tensor: self * other, fresh.
func MulTensor(self, other *Tensor) *Tensor {
	return binary(self, other, func(x, y float64) float64 { return x * y })
}

// Neg is neg: -self, fresh.
func Neg(self *Tensor) *Tensor { return unary(self, func(x float64) float64 { return -x }) }

// Abs is abs: |self|, fresh.
func Abs(self *Tensor) *Tensor { return unary(self, math.Abs) }

// Relu is relu: max(self, 0), fresh.
func Relu(self *Tensor) *Tensor { return unary(self, func(x float64) float64 { return max(x, 0) }) }

// lanes calls f with the storage indices of each 1-d lane of t along dim.
func (t *Tensor) lanes(dim int, f func(ks []int)) {
	outer := t.as(slices.Delete(slices.Clone(t.sizes), dim, dim+1), slices.Delete(slices.Clone(t.strides), dim, dim+1), t.offset)
	outer.index(func(k int) {
		ks := make([]int, t.sizes[dim])
		for i := range ks {
			ks[i] = k + i*t.strides[dim]
		}
		f(ks)
	})
}

// SoftmaxInt is softmax.int: exp(self) normalised along dim, fresh (a
// dtype other than None is refused: float64 only).
func SoftmaxInt(self *Tensor, dim int64, dtype *int) *Tensor {
	if dtype != nil && *dtype != 7 {
		panic("planted: softmax computes in float64 only")
	}
	out := Of(self.Values(), self.sizes...)
	if len(out.sizes) == 0 {
		out.data[0] = 1
		return out
	}
	out.lanes(dimOf(dim, len(out.sizes)), func(ks []int) {
		m, sum := math.Inf(-1), 0.0
		for _, k := range ks {
			m = max(m, out.data[k])
		}
		for _, k := range ks {
			out.data[k] = math.Exp(out.data[k] - m)
			sum += out.data[k]
		}
		for _, k := range ks {
			out.data[k] /= sum
		}
	})
	return out
}

// reduced returns the dims sum reduces (all for none) as a set.
func reduced(dim []int64, n int) []bool {
	red := make([]bool, n)
	for _, d := range dim {
		if d := dimOf(d, n); n > 0 {
			red[d] = true // a 0-dim tensor takes dim 0 or -1: no dim
		}
	}
	if len(dim) == 0 {
		for i := range red {
			red[i] = true
		}
	}
	return red
}

// SumDimIntList is sum.dim_IntList: the sum over the dims (every dim for
// None or none), fresh, keeping them as size 1 with keepdim.
func SumDimIntList(self *Tensor, dim []int64, keepdim bool, dtype *int) *Tensor {
	if dtype != nil && *dtype != 7 {
		panic("planted: sum computes in float64 only")
	}
	red := reduced(dim, len(self.sizes))
	var sizes, kept []int
	for i, s := range self.sizes {
		switch {
		case !red[i]:
			sizes, kept = append(sizes, s), append(kept, s)
		case keepdim:
			kept = append(kept, 1)
		}
	}
	out := Zeros(sizes...)
	// each element of self adds into the out element its kept dims name
	st := make([]int, len(self.sizes))
	for i, j := len(self.sizes)-1, len(out.strides)-1; i >= 0; i-- {
		if !red[i] {
			st[i] = out.strides[j]
			j--
		}
	}
	acc := self.as(self.sizes, st, 0)
	vals := self.Values()
	i := 0
	acc.index(func(k int) { out.data[k] += vals[i]; i++ })
	out.sizes, out.strides = kept, rowMajor(kept)
	return out
}

// viewStrides returns the strides a view of a tensor of sizes and strides
// has with the sizes to, or false when no view of its storage has them
// (the view must copy): each run of dims that are contiguous with one
// another may be split and merged, no more.
func viewStrides(sizes, strides, to []int) ([]int, bool) {
	if numel(sizes) != numel(to) {
		panic(fmt.Sprintf("planted: shape %v is invalid for %d elements", to, numel(sizes)))
	}
	out := make([]int, len(to))
	if numel(sizes) == 0 || len(sizes) == 0 {
		return rowMajor(to), true
	}
	v, base := len(to)-1, strides[len(strides)-1]
	runNumel, viewNumel := 1, 1
	for d := len(sizes) - 1; d >= 0; d-- {
		runNumel *= sizes[d]
		if d > 0 && (sizes[d-1] == 1 || strides[d-1] == runNumel*base) {
			continue // dim d-1 continues the run
		}
		for v >= 0 && (viewNumel < runNumel || to[v] == 1) {
			out[v] = viewNumel * base
			viewNumel *= to[v]
			v--
		}
		if viewNumel != runNumel {
			return nil, false
		}
		if d > 0 {
			base, runNumel, viewNumel = strides[d-1], 1, 1
		}
	}
	return out, v == -1
}

// sizesFor resolves a -1 in shape against n elements.
func sizesFor(shape []int64, n int) []int {
	out := make([]int, len(shape))
	known, infer := 1, -1
	for i, s := range shape {
		switch {
		case s == -1 && infer < 0:
			infer = i
			continue
		case s < 0:
			panic(fmt.Sprintf("planted: invalid shape %v", shape))
		}
		out[i] = int(s)
		known *= int(s)
	}
	if infer >= 0 && known > 0 {
		out[infer] = n / known
	}
	return out
}

// View is view: a view with the given sizes; a tensor no view of which
// has them is refused.
func View(self *Tensor, size []int64) *Tensor {
	to := sizesFor(size, self.Numel())
	st, ok := viewStrides(self.sizes, self.strides, to)
	if !ok {
		panic("planted: view size is not compatible with input tensor's size and stride; use reshape")
	}
	return self.as(to, st, self.offset)
}

// Reshape is reshape: a view when one has the sizes, else a copy.
func Reshape(self *Tensor, shape []int64) *Tensor {
	to := sizesFor(shape, self.Numel())
	if st, ok := viewStrides(self.sizes, self.strides, to); ok {
		return self.as(to, st, self.offset)
	}
	return Of(self.Values(), to...)
}

// TransposeInt is transpose.int: a view with dim0 and dim1 swapped.
func TransposeInt(self *Tensor, dim0, dim1 int64) *Tensor {
	n := len(self.sizes)
	if n == 0 {
		dimOf(dim0, 0)
		dimOf(dim1, 0)
		return self.as(nil, nil, self.offset)
	}
	a, b := dimOf(dim0, n), dimOf(dim1, n)
	sizes, strides := slices.Clone(self.sizes), slices.Clone(self.strides)
	sizes[a], sizes[b] = sizes[b], sizes[a]
	strides[a], strides[b] = strides[b], strides[a]
	return self.as(sizes, strides, self.offset)
}

// Contiguous is contiguous: self when contiguous, else a row-major copy.
func Contiguous(self *Tensor, memoryFormat int) *Tensor {
	if self.Contiguous() {
		return self
	}
	return Of(self.Values(), self.sizes...)
}

// Clone is clone: a fresh contiguous copy.
func Clone(self *Tensor, memoryFormat *int) *Tensor { return Of(self.Values(), self.sizes...) }

// Cat is cat: the tensors joined along dim, fresh.
func Cat(tensors []*Tensor, dim int64) *Tensor {
	if len(tensors) == 0 || len(tensors[0].sizes) == 0 {
		panic("planted: cat needs tensors of one dim or more")
	}
	d := dimOf(dim, len(tensors[0].sizes))
	sizes := slices.Clone(tensors[0].sizes)
	sizes[d] = 0
	for _, t := range tensors {
		s := slices.Clone(t.sizes)
		if len(s) != len(sizes) {
			panic(fmt.Sprintf("planted: cat of %d-d and %d-d tensors", len(sizes), len(s)))
		}
		s[d] = sizes[d]
		if !slices.Equal(s, sizes) {
			panic(fmt.Sprintf("planted: cat of sizes %v and %v along %d", tensors[0].sizes, t.sizes, d))
		}
		sizes[d] += t.sizes[d]
	}
	out := Zeros(sizes...)
	at := 0
	for _, t := range tensors {
		part := slices.Clone(sizes)
		part[d] = t.sizes[d]
		out.as(part, out.strides, at*out.strides[d]).set(t.Values())
		at += t.sizes[d]
	}
	return out
}
