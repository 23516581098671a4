package refops

import (
	"fmt"
	"slices"

	rt "example.com/frozen/reftensor"
)

// The view kernels return new TensorImpls on self's StorageImpl (for a
// wrapper subclass, a wrapper of the inner tensor's view).

// View is view(Tensor(a) self, SymInt[] size) -> Tensor(a). self must be
// contiguous; one size may be -1.
func View(self *rt.Tensor, size []int64) *rt.Tensor { return self.View(ints(size)...) }

// TransposeInt is transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a).
func TransposeInt(self *rt.Tensor, dim0, dim1 int64) *rt.Tensor {
	n := self.Dim()
	return self.Transpose(wrapDim("transpose", dim0, n), wrapDim("transpose", dim1, n))
}

// T is t(Tensor(a) self) -> Tensor(a): the transpose of a tensor of at
// most 2 dimensions.
func T(self *rt.Tensor) *rt.Tensor { return self.T() }

// Permute is permute(Tensor(a) self, int[] dims) -> Tensor(a).
func Permute(self *rt.Tensor, dims []int64) *rt.Tensor { return self.Permute(ints(dims)...) }

// SelectInt is select.int(Tensor(a) self, int dim, int index) -> Tensor(a):
// the slice at index along dim, which is removed; index may be negative.
func SelectInt(self *rt.Tensor, dim, index int64) *rt.Tensor {
	return self.Select(wrapDim("select", dim, self.Dim()), int(index))
}

// SliceTensor is slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a):
// elements start, start+step, ... before end along dim. Negative start and
// end count from the end, and both are clamped to the dimension, as in
// PyTorch; step must be positive.
func SliceTensor(self *rt.Tensor, dim int64, start, end *int64, step int64) *rt.Tensor {
	sizes, strides := self.Sizes(), self.Strides()
	if len(sizes) == 0 {
		panic("refops: slice: cannot be applied to a 0-dim tensor")
	}
	if step <= 0 {
		panic("refops: slice: step must be positive")
	}
	d := wrapDim("slice", dim, len(sizes))
	n := int64(sizes[d])
	clamp := func(p *int64, def int64) int64 {
		if p == nil {
			return def
		}
		v := *p
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	s, e := clamp(start, 0), clamp(end, n)
	e = max(e, s)
	sizes[d] = int((e - s + step - 1) / step)
	off := self.Offset() + int(s)*strides[d]
	strides[d] *= int(step)
	return self.AsStrided(sizes, strides, off)
}

// Expand is expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a):
// self broadcast to size (-1 keeps a size) without copying. implicit only
// matters to tracing.
func Expand(self *rt.Tensor, size []int64, implicit bool) *rt.Tensor {
	return self.Expand(ints(size)...)
}

// Alias is alias(Tensor(a) self) -> Tensor(a).
func Alias(self *rt.Tensor) *rt.Tensor { return self.Alias() }

// Detach is detach(Tensor(a) self) -> Tensor(a). reftensor has no autograd,
// so it is an alias.
func Detach(self *rt.Tensor) *rt.Tensor { return self.Alias() }

// Diagonal is diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a):
// the diagonal of the dim1 × dim2 planes, as a last dimension; offset > 0
// is above the main diagonal, < 0 below.
func Diagonal(self *rt.Tensor, offset, dim1, dim2 int64) *rt.Tensor {
	sizes, strides := self.Sizes(), self.Strides()
	n := len(sizes)
	d1, d2 := wrapDim("diagonal", dim1, n), wrapDim("diagonal", dim2, n)
	if d1 == d2 {
		panic(fmt.Sprintf("refops: diagonal: dimensions cannot be identical %d, %d", dim1, dim2))
	}
	off := self.Offset()
	var length int
	if offset >= 0 {
		length = max(min(sizes[d1], sizes[d2]-int(offset)), 0)
		if length > 0 {
			off += int(offset) * strides[d2]
		}
	} else {
		length = max(min(sizes[d1]+int(offset), sizes[d2]), 0)
		if length > 0 {
			off -= int(offset) * strides[d1]
		}
	}
	step := strides[d1] + strides[d2]
	var s, st []int
	for d := range sizes {
		if d != d1 && d != d2 {
			s, st = append(s, sizes[d]), append(st, strides[d])
		}
	}
	return self.AsStrided(append(s, length), append(st, step), off)
}

// Unsqueeze is unsqueeze(Tensor(a) self, int dim) -> Tensor(a).
func Unsqueeze(self *rt.Tensor, dim int64) *rt.Tensor {
	return self.Unsqueeze(wrapDim("unsqueeze", dim, self.Dim()+1))
}

// Squeeze is squeeze(Tensor(a) self) -> Tensor(a): self without its
// dimensions of size 1.
func Squeeze(self *rt.Tensor) *rt.Tensor {
	s, st := squeezed(self, -1)
	return self.AsStrided(s, st, self.Offset())
}

// SqueezeDim is squeeze.dim(Tensor(a) self, int dim) -> Tensor(a): self
// without dimension dim if its size is 1, else a view of all of self.
func SqueezeDim(self *rt.Tensor, dim int64) *rt.Tensor {
	if self.Dim() == 0 {
		wrapDim("squeeze", dim, 0)
		return self.Alias()
	}
	return self.Squeeze(wrapDim("squeeze", dim, self.Dim()))
}

// squeezed returns self's sizes and strides without the dimensions of size
// 1 (only dimension only, if only >= 0).
func squeezed(self *rt.Tensor, only int) (sizes, strides []int) {
	sizes, strides = []int{}, []int{}
	for d, s := range self.Sizes() {
		if s == 1 && (only < 0 || d == only) {
			continue
		}
		sizes, strides = append(sizes, s), append(strides, self.Strides()[d])
	}
	return sizes, strides
}

// AsStrided is as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a):
// a view with the given geometry; the storage offset defaults to self's.
func AsStrided(self *rt.Tensor, size, stride []int64, storageOffset *int64) *rt.Tensor {
	off := self.Offset()
	if storageOffset != nil {
		off = int(*storageOffset)
	}
	return self.AsStrided(ints(size), ints(stride), off)
}

// XValues is _values(Tensor(a) self) -> Tensor(a): a view of a sparse
// tensor's values.
func XValues(self *rt.Tensor) *rt.Tensor { return self.Values() }

// SplitTensor is split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]:
// views of consecutive pieces of split_size along dim, the last one
// possibly smaller. A dimension of size 0 gives one empty piece.
func SplitTensor(self *rt.Tensor, splitSize, dim int64) []*rt.Tensor {
	d := wrapDim("split", dim, self.Dim())
	if self.Dim() == 0 {
		panic("refops: split: expects at least a 1-dimensional tensor")
	}
	if splitSize < 0 || (splitSize == 0 && self.Size(d) != 0) {
		panic(fmt.Sprintf("refops: split: split_size %d for a dimension of size %d", splitSize, self.Size(d)))
	}
	if self.Size(d) == 0 {
		return []*rt.Tensor{self.Narrow(d, 0, 0)}
	}
	return self.Split(int(splitSize), d)
}

// SplitWithSizes is split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]:
// views of consecutive pieces of the given sizes along dim, which must add
// up to its size.
func SplitWithSizes(self *rt.Tensor, splitSizes []int64, dim int64) []*rt.Tensor {
	if self.Dim() == 0 {
		panic("refops: split_with_sizes: expects at least a 1-dimensional tensor")
	}
	d := wrapDim("split_with_sizes", dim, self.Dim())
	var total int64
	for _, s := range splitSizes {
		if s < 0 {
			panic(fmt.Sprintf("refops: split_with_sizes: negative size in %v", splitSizes))
		}
		total += s
	}
	if total != int64(self.Size(d)) {
		panic(fmt.Sprintf("refops: split_with_sizes: sizes %v add up to %d, dimension %d has size %d", splitSizes, total, d, self.Size(d)))
	}
	out := make([]*rt.Tensor, len(splitSizes))
	start := 0
	for i, s := range splitSizes {
		out[i] = self.Narrow(d, start, int(s))
		start += int(s)
	}
	return out
}

// UnbindInt is unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]:
// the views select(dim, i) for each i.
func UnbindInt(self *rt.Tensor, dim int64) []*rt.Tensor {
	if self.Dim() == 0 {
		panic("refops: unbind: dimension specified as 0 but tensor has no dimensions")
	}
	return self.Unbind(wrapDim("unbind", dim, self.Dim()))
}

// The may-alias kernels below have only a CompositeImplicitAutograd kernel
// in PyTorch: their result is self, a view of self or a fresh tensor,
// whichever the input allows.

// Chunk is chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]:
// split into pieces of ceil(size/chunks), as PyTorch does (so there may be
// fewer than chunks pieces); a dimension of size 0 gives chunks empty
// pieces.
func Chunk(self *rt.Tensor, chunks, dim int64) []*rt.Tensor {
	if self.Dim() == 0 {
		panic("refops: chunk: expects at least a 1-dimensional tensor")
	}
	if chunks <= 0 {
		panic(fmt.Sprintf("refops: chunk: chunks must be positive, got %d", chunks))
	}
	d := wrapDim("chunk", dim, self.Dim())
	n := int64(self.Size(d))
	size := (n + chunks - 1) / chunks
	if size == 0 && n == 0 {
		return SplitWithSizes(self, make([]int64, chunks), int64(d))
	}
	return SplitTensor(self, size, int64(d))
}

// Reshape is reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a): a view
// when self is contiguous, otherwise a fresh contiguous copy.
func Reshape(self *rt.Tensor, shape []int64) *rt.Tensor { return self.Reshape(ints(shape)...) }

// Contiguous is contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a):
// self itself (another handle to its TensorImpl) if it is contiguous,
// otherwise a contiguous copy. Only ContiguousFormat is supported.
func Contiguous(self *rt.Tensor, memoryFormat int) *rt.Tensor {
	if memoryFormat != ContiguousFormat {
		panic(fmt.Sprintf("refops: contiguous: memory format %d is not supported", memoryFormat))
	}
	return rt.Contiguous(self)
}

// FlattenUsingInts is flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a):
// dimensions start_dim..end_dim collapsed into one, by reshape. A
// 0-dimensional self gives a 1-dimensional tensor, and start_dim == end_dim
// gives self itself, as in PyTorch.
func FlattenUsingInts(self *rt.Tensor, startDim, endDim int64) *rt.Tensor {
	sizes := self.Sizes()
	if len(sizes) == 0 {
		return self.Reshape(1)
	}
	s, e := wrapDim("flatten", startDim, len(sizes)), wrapDim("flatten", endDim, len(sizes))
	if s > e {
		panic("refops: flatten: start_dim cannot come after end_dim")
	}
	if s == e {
		return self.Share()
	}
	shape := slices.Concat(sizes[:s], []int{numel(sizes[s : e+1])}, sizes[e+1:])
	return self.Reshape(shape...)
}

// Narrow is narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a):
// elements start..start+length-1 along dim; a negative start counts from
// the end.
func Narrow(self *rt.Tensor, dim, start, length int64) *rt.Tensor {
	if self.Dim() == 0 {
		panic("refops: narrow: cannot be applied to a 0-dim tensor")
	}
	d := wrapDim("narrow", dim, self.Dim())
	if start < 0 {
		start += int64(self.Size(d))
	}
	return self.Narrow(d, int(start), int(length))
}
