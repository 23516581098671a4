package planted

// The planted bugs: each a kernel of ops.go with one bug a runtime's
// author could write, most of them on a fast path that only some values
// reach. catalog_test.go plugs each into the checked decorator and sweeps.

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// AddScalesOther is add.Tensor that, for alpha != 1, scales other in
// place first (other is read-only).
func AddScalesOther(self, other *Tensor, alpha float64) *Tensor {
	if alpha != 1 {
		v := other.Values()
		for i := range v {
			v[i] *= alpha
		}
		other.set(v)
		alpha = 1
	}
	return AddTensor(self, other, alpha)
}

func allZero(t *Tensor) bool {
	return !slices.ContainsFunc(t.Values(), func(x float64) bool { return x != 0 })
}

// AddZeroReturnsSelf is add.Tensor that returns self itself when other
// is all zeros (and has elements, so that the empty sample misses it).
func AddZeroReturnsSelf(self, other *Tensor, alpha float64) *Tensor {
	if other.Numel() > 0 && slices.Equal(self.sizes, other.sizes) && allZero(other) {
		return self
	}
	return AddTensor(self, other, alpha)
}

// AddAlphaZeroReturnsSelf is add.Tensor that returns self itself when
// alpha is 0.
func AddAlphaZeroReturnsSelf(self, other *Tensor, alpha float64) *Tensor {
	if alpha == 0 && slices.Equal(self.sizes, broadcastSizes(self.sizes, other.sizes)) {
		return self
	}
	return AddTensor(self, other, alpha)
}

// ReshapeContiguousInPlace is reshape whose copy path makes self itself
// contiguous (a new row-major storage under self) before viewing it.
func ReshapeContiguousInPlace(self *Tensor, shape []int64) *Tensor {
	to := sizesFor(shape, self.Numel())
	if _, ok := viewStrides(self.sizes, self.strides, to); ok {
		return Reshape(self, shape)
	}
	self.data, self.strides, self.offset = self.Values(), rowMajor(self.sizes), 0
	return self.as(to, rowMajor(to), 0)
}

// SoftmaxTransposes is softmax.int that, over a dim other than 0,
// transposes self to bring that dim first and forgets to transpose it
// back (spago's Softmax transposed a row vector so).
func SoftmaxTransposes(self *Tensor, dim int64, dtype *int) *Tensor {
	out := SoftmaxInt(self, dim, dtype)
	if len(self.sizes) > 1 {
		if d := dimOf(dim, len(self.sizes)); d != 0 {
			self.sizes[0], self.sizes[d] = self.sizes[d], self.sizes[0]
			self.strides[0], self.strides[d] = self.strides[d], self.strides[0]
		}
	}
	return out
}

// SoftmaxVectorsOnly is softmax.int as spago's Softmax is: it takes
// vectors only (a matrix with a dim of 1) and refuses every other
// tensor, and it turns a row vector into a column by transposing self,
// which it leaves so.
func SoftmaxVectorsOnly(self *Tensor, dim int64, dtype *int) *Tensor {
	if len(self.sizes) != 2 || self.sizes[0] != 1 && self.sizes[1] != 1 {
		panic("planted: softmax of a vector only")
	}
	out := SoftmaxInt(self, dim, dtype)
	if self.sizes[0] == 1 && self.sizes[1] != 1 {
		self.sizes[0], self.sizes[1] = self.sizes[1], self.sizes[0]
		self.strides[0], self.strides[1] = self.strides[1], self.strides[0]
	}
	return out
}

// SoftmaxSize1Ones is softmax.int whose fast path for a matrix over a dim
// of size 1 (a row or column vector, where every element is 1) fills self
// with ones and returns it.
func SoftmaxSize1Ones(self *Tensor, dim int64, dtype *int) *Tensor {
	if len(self.sizes) == 2 && self.Numel() > 0 && self.sizes[dimOf(dim, 2)] == 1 {
		v := self.Values()
		for i := range v {
			v[i] = 1
		}
		self.set(v)
		return self
	}
	return SoftmaxInt(self, dim, dtype)
}

var sumCache struct {
	sync.Mutex
	out map[string]*Tensor
}

// SumKeepdimCached is sum.dim_IntList that, with keepdim, writes its
// result into one buffer kept per result shape.
func SumKeepdimCached(self *Tensor, dim []int64, keepdim bool, dtype *int) *Tensor {
	r := SumDimIntList(self, dim, keepdim, dtype)
	if !keepdim {
		return r
	}
	sumCache.Lock()
	defer sumCache.Unlock()
	k := fmt.Sprint(r.sizes)
	if sumCache.out == nil {
		sumCache.out = map[string]*Tensor{}
	}
	c := sumCache.out[k]
	if c == nil {
		c = Zeros(r.sizes...)
		sumCache.out[k] = c
	}
	copy(c.data, r.data)
	return c
}

// SumNegativeDim is sum.dim_IntList that indexes its dims without
// wrapping a negative one (a Go runtime error: a crash).
func SumNegativeDim(self *Tensor, dim []int64, keepdim bool, dtype *int) *Tensor {
	seen := make([]bool, max(len(self.sizes), 1)) // a 0-dim tensor takes dim 0
	for _, d := range dim {
		seen[d] = true // the bug: dim -1 indexes out of range
	}
	return SumDimIntList(self, dim, keepdim, dtype)
}

// MulExpandsOther is mul.Tensor that broadcasts other by expanding it in
// place (other's sizes and strides become the result's).
func MulExpandsOther(self, other *Tensor) *Tensor {
	sizes := broadcastSizes(self.sizes, other.sizes)
	if !slices.Equal(other.sizes, sizes) {
		e := other.expanded(sizes)
		other.sizes, other.strides = e.sizes, e.strides
	}
	return MulTensor(self, other)
}

var reluZeros struct {
	sync.Mutex
	out map[string]*Tensor
}

// ReluSharedZeros is relu that, when no element is positive, returns one
// tensor of zeros kept per shape.
func ReluSharedZeros(self *Tensor) *Tensor {
	if self.Numel() == 0 || slices.ContainsFunc(self.Values(), func(x float64) bool { return x > 0 }) {
		return Relu(self)
	}
	reluZeros.Lock()
	defer reluZeros.Unlock()
	k := fmt.Sprint(self.sizes)
	if reluZeros.out == nil {
		reluZeros.out = map[string]*Tensor{}
	}
	if reluZeros.out[k] == nil {
		reluZeros.out[k] = Zeros(self.sizes...)
	}
	return reluZeros.out[k]
}

// AbsMixedWritesSelf is abs that, when the signs are mixed, takes the
// absolute values in self itself and returns a copy.
func AbsMixedWritesSelf(self *Tensor) *Tensor {
	v := self.Values()
	neg := slices.ContainsFunc(v, func(x float64) bool { return x < 0 })
	pos := slices.ContainsFunc(v, func(x float64) bool { return x > 0 })
	if !neg || !pos {
		return Abs(self)
	}
	for i := range v {
		v[i] = max(v[i], -v[i])
	}
	self.set(v)
	return Clone(self, nil)
}

// AbsScalarWritesSelf is abs whose path for a 0-dim tensor writes |x|
// into it, whatever x: only a negative x shows (the bug a kernel library
// had, which no positive sample reaches).
func AbsScalarWritesSelf(self *Tensor) *Tensor {
	if len(self.Sizes()) != 0 {
		return Abs(self)
	}
	v := self.Values()
	v[0] = math.Abs(v[0])
	self.set(v)
	return Clone(self, nil)
}

// ReluVectorWritesSelf is relu whose path for a 1-d tensor writes
// max(x, 0) into it: only a negative element shows.
func ReluVectorWritesSelf(self *Tensor) *Tensor {
	if len(self.Sizes()) != 1 {
		return Relu(self)
	}
	v := self.Values()
	for i := range v {
		v[i] = max(v[i], 0)
	}
	self.set(v)
	return Clone(self, nil)
}

// Add_ReturnsNew is add_.Tensor that returns a new tensor instead of
// self (every sample shows it).
func Add_ReturnsNew(self, other *Tensor, alpha float64) *Tensor {
	return AddTensor(self, other, alpha)
}

// TransposeCopies is transpose.int that returns a copy, not a view.
func TransposeCopies(self *Tensor, dim0, dim1 int64) *Tensor {
	v := TransposeInt(self, dim0, dim1)
	return Of(v.Values(), v.sizes...)
}

var contiguousCache sync.Map // *Tensor -> *Tensor

// ContiguousCached is contiguous that keeps the copy of a non-contiguous
// input and returns it again (the transposed variant and a second call
// show it).
func ContiguousCached(self *Tensor, memoryFormat int) *Tensor {
	if self.Contiguous() {
		return self
	}
	if c, ok := contiguousCache.Load(self); ok {
		return c.(*Tensor)
	}
	c := Contiguous(self, memoryFormat)
	contiguousCache.Store(self, c)
	return c
}

// CatOfOneReturnsIt is cat that returns its only tensor (variant 0's list
// of one shows it).
func CatOfOneReturnsIt(tensors []*Tensor, dim int64) *Tensor {
	if len(tensors) == 1 {
		return tensors[0]
	}
	return Cat(tensors, dim)
}

// CloneViewsNonContiguous is clone that returns a view of a
// non-contiguous input (the transposed variant shows it).
func CloneViewsNonContiguous(self *Tensor, memoryFormat *int) *Tensor {
	if !self.Contiguous() {
		return self.as(slices.Clone(self.sizes), slices.Clone(self.strides), self.offset)
	}
	return Clone(self, memoryFormat)
}
