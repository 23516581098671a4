package pool

import (
	"fmt"
	"math"
)

// The kernels: one generic function per PyTorch op, named by assertgen's
// naming rule and typed by its schema, with Scalar as the element type T.
// Each returned tensor is the caller's to Release.

// AddTensor is add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor.
func AddTensor[T Float](self, other *Tensor[T], alpha T) *Tensor[T] {
	return binary(self, other, func(a, b T) T { return a + alpha*b })
}

// SubTensor is sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor.
func SubTensor[T Float](self, other *Tensor[T], alpha T) *Tensor[T] {
	return binary(self, other, func(a, b T) T { return a - alpha*b })
}

// MulTensor is mul.Tensor(Tensor self, Tensor other) -> Tensor.
func MulTensor[T Float](self, other *Tensor[T]) *Tensor[T] {
	return binary(self, other, func(a, b T) T { return a * b })
}

// Neg is neg(Tensor self) -> Tensor.
func Neg[T Float](self *Tensor[T]) *Tensor[T] { return unary(self, func(a T) T { return -a }) }

// Relu is relu(Tensor self) -> Tensor.
func Relu[T Float](self *Tensor[T]) *Tensor[T] { return unary(self, relu[T]) }

// Exp is exp(Tensor self) -> Tensor.
func Exp[T Float](self *Tensor[T]) *Tensor[T] {
	return unary(self, func(a T) T { return T(math.Exp(float64(a))) })
}

// Clone is clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor.
func Clone[T Float](self *Tensor[T], memory_format *int) *Tensor[T] {
	return unary(self, func(a T) T { return a })
}

// Cat is cat(Tensor[] tensors, int dim=0) -> Tensor.
func Cat[T Float](tensors []*Tensor[T], dim int64) *Tensor[T] {
	if len(tensors) == 0 {
		panic(fmt.Errorf("cat: expected a non-empty list of tensors"))
	}
	first := tensors[0]
	if len(first.shape) == 0 {
		panic(fmt.Errorf("cat: a zero-dimensional tensor cannot be concatenated"))
	}
	d := wrapDim(dim, len(first.shape))
	shape := append([]int(nil), first.shape...)
	shape[d] = 0
	for _, x := range tensors {
		if len(x.shape) != len(shape) {
			panic(fmt.Errorf("cat: tensors must have the same number of dimensions"))
		}
		for k := range shape {
			if k != d && x.shape[k] != first.shape[k] {
				panic(fmt.Errorf("cat: sizes of tensors must match except in dimension %d", d))
			}
		}
		shape[d] += x.shape[d]
	}
	out := empty[T](shape)
	at := 0
	for _, x := range tensors {
		view := out.window(d, at, x.shape[d])
		copyInto(view, x)
		at += x.shape[d]
	}
	return out
}

// Mm is mm(Tensor self, Tensor mat2) -> Tensor.
func Mm[T Float](self, mat2 *Tensor[T]) *Tensor[T] {
	if len(self.shape) != 2 || len(mat2.shape) != 2 || self.shape[1] != mat2.shape[0] {
		panic(fmt.Errorf("mm: shapes %v and %v cannot be multiplied", self.shape, mat2.shape))
	}
	n, k, m := self.shape[0], self.shape[1], mat2.shape[1]
	a, b := self.Values(), mat2.Values()
	out := empty[T]([]int{n, m})
	for i := range n {
		for j := range m {
			var s T
			for l := range k {
				s += a[i*k+l] * b[l*m+j]
			}
			out.st.data[i*m+j] = s
		}
	}
	return out
}

// Sum is sum(Tensor self, *, ScalarType? dtype=None) -> Tensor.
func Sum[T Float](self *Tensor[T], dtype *int) *Tensor[T] {
	if dtype != nil && *dtype != scalarType[T]() {
		panic(fmt.Errorf("sum: dtype %d is not this tensor's", *dtype))
	}
	var s T
	for _, v := range self.Values() {
		s += v
	}
	return New([]T{s})
}

// Add_Tensor is add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!).
func Add_Tensor[T Float](self, other *Tensor[T], alpha T) *Tensor[T] {
	return inPlace(self, other, func(a, b T) T { return a + alpha*b })
}

// Mul_Tensor is mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!).
func Mul_Tensor[T Float](self, other *Tensor[T]) *Tensor[T] {
	return inPlace(self, other, func(a, b T) T { return a * b })
}

// Zero_ is zero_(Tensor(a!) self) -> Tensor(a!).
func Zero_[T Float](self *Tensor[T]) *Tensor[T] {
	return inPlace(self, self, func(T, T) T { return 0 })
}

// Relu_ is relu_(Tensor(a!) self) -> Tensor(a!).
func Relu_[T Float](self *Tensor[T]) *Tensor[T] {
	return inPlace(self, self, func(a, _ T) T { return relu(a) })
}

// Copy_ is copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!).
func Copy_[T Float](self, src *Tensor[T], non_blocking bool) *Tensor[T] {
	return inPlace(self, src, func(_, b T) T { return b })
}

// AddOut is add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!).
func AddOut[T Float](self, other *Tensor[T], alpha T, out *Tensor[T]) *Tensor[T] {
	return intoOut(AddTensor(self, other, alpha), out)
}

// MulOut is mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!).
func MulOut[T Float](self, other *Tensor[T], out *Tensor[T]) *Tensor[T] {
	return intoOut(MulTensor(self, other), out)
}

// Alias is alias(Tensor(a) self) -> Tensor(a).
func Alias[T Float](self *Tensor[T]) *Tensor[T] {
	return onStorage(self.st, clone(self.shape), clone(self.strides), self.off)
}

// T is t(Tensor(a) self) -> Tensor(a).
func T[E Float](self *Tensor[E]) *Tensor[E] {
	if len(self.shape) > 2 {
		panic(fmt.Errorf("t() expects a tensor with <= 2 dimensions, but self is %dD", len(self.shape)))
	}
	if len(self.shape) < 2 {
		return Alias(self)
	}
	return TransposeInt(self, 0, 1)
}

// TransposeInt is transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a).
func TransposeInt[T Float](self *Tensor[T], dim0, dim1 int64) *Tensor[T] {
	a, b := wrapDim(dim0, len(self.shape)), wrapDim(dim1, len(self.shape))
	shape, strides := clone(self.shape), clone(self.strides)
	if len(shape) > 0 {
		shape[a], shape[b] = shape[b], shape[a]
		strides[a], strides[b] = strides[b], strides[a]
	}
	return onStorage(self.st, shape, strides, self.off)
}

// SelectInt is select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a).
func SelectInt[T Float](self *Tensor[T], dim, index int64) *Tensor[T] {
	if len(self.shape) == 0 {
		panic(fmt.Errorf("select() cannot be applied to a 0-dim tensor"))
	}
	d := wrapDim(dim, len(self.shape))
	n := int64(self.shape[d])
	if index < -n || index >= n {
		panic(fmt.Errorf("select(): index %d out of range for tensor of size %v at dimension %d", index, self.shape, d))
	}
	if index < 0 {
		index += n
	}
	shape := append(clone(self.shape[:d]), self.shape[d+1:]...)
	strides := append(clone(self.strides[:d]), self.strides[d+1:]...)
	return onStorage(self.st, shape, strides, self.off+int(index)*self.strides[d])
}

// View is view(Tensor(a) self, SymInt[] size) -> Tensor(a).
func View[T Float](self *Tensor[T], size []int64) *Tensor[T] {
	if !self.contiguous() {
		panic(fmt.Errorf("view size is not compatible with input tensor's size and stride; use .reshape(...) instead"))
	}
	shape := inferShape(size, numel(self.shape))
	return onStorage(self.st, shape, contiguousStrides(shape), self.off)
}

// SplitTensor is split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[].
func SplitTensor[T Float](self *Tensor[T], split_size, dim int64) []*Tensor[T] {
	if len(self.shape) == 0 {
		panic(fmt.Errorf("split expects at least a 1-dimensional tensor"))
	}
	d := wrapDim(dim, len(self.shape))
	n := self.shape[d]
	if split_size <= 0 && n > 0 {
		panic(fmt.Errorf("split_size can only be 0 if dimension size is 0, but got dimension size of %d", n))
	}
	var out []*Tensor[T]
	for at := 0; at < n || at == 0 && n == 0; at += int(max(split_size, 1)) {
		out = append(out, self.window(d, at, min(int(split_size), n-at)))
		if n == 0 {
			break
		}
	}
	return out
}

// Contiguous is contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a).
func Contiguous[T Float](self *Tensor[T], memory_format int) *Tensor[T] {
	if self.contiguous() {
		return self.Retain()
	}
	return Clone(self, nil)
}

// Reshape is reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a).
func Reshape[T Float](self *Tensor[T], shape []int64) *Tensor[T] {
	if self.contiguous() {
		return View(self, shape)
	}
	c := Clone(self, nil)
	defer c.Release()
	return View(c, shape)
}

// A DimError is a dim outside [Lo, Hi]; its text is PyTorch's, which
// the sweep's repairs read.
type DimError struct{ Lo, Hi, Got int64 }

func (e *DimError) Error() string {
	return fmt.Sprintf("Dimension out of range (expected to be in range of [%d, %d], but got %d)", e.Lo, e.Hi, e.Got)
}

// A ShapeError is two shapes an elementwise kernel cannot broadcast.
type ShapeError struct{ A, B []int }

func (e *ShapeError) Error() string {
	return fmt.Sprintf("The size of tensor a %v must match the size of tensor b %v", e.A, e.B)
}

// window is a view of t's elements at..at+n of dim d.
func (t *Tensor[T]) window(d, at, n int) *Tensor[T] {
	shape := clone(t.shape)
	shape[d] = n
	return onStorage(t.st, shape, clone(t.strides), t.off+at*t.strides[d])
}

func relu[T Float](a T) T { return max(a, 0) }

func clone(s []int) []int { return append([]int(nil), s...) }

// wrapDim turns a dim in [-n, n) (in [-1, 0] for a 0-dim tensor) into
// [0, n).
func wrapDim(dim int64, n int) int {
	m := int64(max(n, 1))
	if dim < -m || dim >= m {
		panic(&DimError{Lo: -m, Hi: m - 1, Got: dim})
	}
	if dim < 0 {
		dim += m
	}
	return int(dim)
}

// inferShape returns size with a -1 replaced to hold n elements.
func inferShape(size []int64, n int) []int {
	shape := make([]int, len(size))
	free, known := -1, 1
	for i, s := range size {
		switch {
		case s == -1 && free < 0:
			free = i
		case s < 0:
			panic(fmt.Errorf("invalid shape dimension %d", s))
		default:
			shape[i] = int(s)
			known *= int(s)
		}
	}
	if free >= 0 && known > 0 {
		shape[free] = n / known
		known *= shape[free]
	}
	if known != n {
		panic(fmt.Errorf("shape '%v' is invalid for input of size %d", size, n))
	}
	return shape
}

// broadcast returns the shape of an elementwise result of a and b: equal
// shapes, or either one holding one element.
func broadcast[T Float](a, b *Tensor[T]) []int {
	switch na, nb := numel(a.shape), numel(b.shape); {
	case equalShapes(a.shape, b.shape):
		return a.shape
	case nb == 1 && len(b.shape) <= len(a.shape):
		return a.shape
	case na == 1 && len(a.shape) <= len(b.shape):
		return b.shape
	}
	panic(&ShapeError{A: a.shape, B: b.shape})
}

func equalShapes(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// elems returns t's values broadcast to n elements.
func elems[T Float](t *Tensor[T], n int) []T {
	v := t.Values()
	if len(v) == 1 && n != 1 {
		one := v[0]
		v = make([]T, n)
		for i := range v {
			v[i] = one
		}
	}
	return v
}

func binary[T Float](a, b *Tensor[T], f func(x, y T) T) *Tensor[T] {
	shape := broadcast(a, b)
	out := empty[T](shape)
	n := numel(shape)
	x, y := elems(a, n), elems(b, n)
	for i := range out.st.data {
		out.st.data[i] = f(x[i], y[i])
	}
	return out
}

func unary[T Float](a *Tensor[T], f func(x T) T) *Tensor[T] {
	out := empty[T](a.shape)
	for i, v := range a.Values() {
		out.st.data[i] = f(v)
	}
	return out
}

// inPlace writes f(self, other) into self, bumps its version and returns
// a hold on it.
func inPlace[T Float](self, other *Tensor[T], f func(x, y T) T) *Tensor[T] {
	if !equalShapes(broadcast(self, other), self.shape) {
		panic(fmt.Errorf("output with shape %v doesn't match the broadcast shape", self.shape))
	}
	n := numel(self.shape)
	x, y := self.Values(), elems(other, n)
	k := 0
	self.each(func(i int) { self.st.data[i] = f(x[k], y[k]); k++ })
	self.st.version.Add(1)
	return self.Retain()
}

// copyInto writes src's values into dst, element by element.
func copyInto[T Float](dst, src *Tensor[T]) {
	v := src.Values()
	k := 0
	dst.each(func(i int) { dst.st.data[i] = v[k]; k++ })
	dst.Release()
}

// intoOut writes the result r into out, resizing out as an out= kernel
// does (a new buffer in the same storage, when out is contiguous and
// alone on it), and returns a hold on out.
func intoOut[T Float](r, out *Tensor[T]) *Tensor[T] {
	defer r.Release()
	if !equalShapes(r.shape, out.shape) {
		if !out.contiguous() || out.st.tensors.Load() != 1 || out.off != 0 {
			panic(fmt.Errorf("out has shape %v, the result %v, and out cannot be resized (a view, or shared)", out.shape, r.shape))
		}
		freeListOf[T]().put(out.st.data)
		out.st.data = freeListOf[T]().get(numel(r.shape))
		out.shape, out.strides = clone(r.shape), contiguousStrides(r.shape)
	}
	return inPlace(out, r, func(_, b T) T { return b })
}

// scalarType is c10's number of T's dtype.
func scalarType[T Float]() int {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return 6
	}
	return 7
}
