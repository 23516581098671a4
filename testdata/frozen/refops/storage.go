package refops

import (
	"fmt"
	"slices"

	rt "example.com/frozen/reftensor"
)

// The in-place view kernels change self's geometry and keep its TensorImpl
// and StorageImpl (reftensor.Tensor.SetGeometry).

// Transpose_ is transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!).
func Transpose_(self *rt.Tensor, dim0, dim1 int64) *rt.Tensor {
	n := self.Dim()
	a, b := wrapDim("transpose_", dim0, n), wrapDim("transpose_", dim1, n)
	if n == 0 {
		return self
	}
	sizes, strides := self.Sizes(), self.Strides()
	sizes[a], sizes[b] = sizes[b], sizes[a]
	strides[a], strides[b] = strides[b], strides[a]
	return self.SetGeometry(sizes, strides, self.Offset())
}

// T_ is t_(Tensor(a!) self) -> Tensor(a!): transposes a matrix in place; a
// tensor of fewer dimensions is left as it is.
func T_(self *rt.Tensor) *rt.Tensor {
	switch n := self.Dim(); {
	case n > 2:
		panic(fmt.Sprintf("refops: t_: expects a tensor with <= 2 dimensions, but self is %dD", n))
	case n < 2:
		return self
	}
	return Transpose_(self, 0, 1)
}

// Unsqueeze_ is unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!).
func Unsqueeze_(self *rt.Tensor, dim int64) *rt.Tensor {
	sizes, strides := self.Sizes(), self.Strides()
	d := wrapDim("unsqueeze_", dim, len(sizes)+1)
	st := 1
	if d < len(sizes) {
		st = sizes[d] * strides[d]
	}
	return self.SetGeometry(slices.Insert(sizes, d, 1), slices.Insert(strides, d, st), self.Offset())
}

// Squeeze_Dim is squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!):
// removes dimension dim if its size is 1.
func Squeeze_Dim(self *rt.Tensor, dim int64) *rt.Tensor {
	d := wrapDim("squeeze_", dim, self.Dim())
	if self.Dim() == 0 || self.Size(d) != 1 {
		return self
	}
	sizes, strides := squeezed(self, d)
	return self.SetGeometry(sizes, strides, self.Offset())
}

// AsStrided_ is as_strided_(Tensor(a!) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a!).
func AsStrided_(self *rt.Tensor, size, stride []int64, storageOffset *int64) *rt.Tensor {
	off := self.Offset()
	if storageOffset != nil {
		off = int(*storageOffset)
	}
	if len(size) != len(stride) {
		panic(fmt.Sprintf("refops: as_strided_: %d sizes and %d strides", len(size), len(stride)))
	}
	return self.SetGeometry(ints(size), ints(stride), off)
}

// Detach_ is detach_(Tensor(a!) self) -> Tensor(a!). reftensor has no
// autograd: it returns self unchanged.
func Detach_(self *rt.Tensor) *rt.Tensor { return self }

// Resize_ is resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!):
// self gets the given sizes with contiguous strides; its StorageImpl grows
// in place if needed. Only nil and ContiguousFormat are supported.
func Resize_(self *rt.Tensor, size []int64, memoryFormat *int) *rt.Tensor {
	if memoryFormat != nil && *memoryFormat != ContiguousFormat {
		panic(fmt.Sprintf("refops: resize_: memory format %d is not supported", *memoryFormat))
	}
	return self.Resize(ints(size)...)
}

// Set_SourceTensor is set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!):
// self uses source's StorageImpl and geometry, keeping its TensorImpl.
func Set_SourceTensor(self, source *rt.Tensor) *rt.Tensor { return self.SetStorage(source) }

// Set_SourceStorage is set_.source_Storage(Tensor(a!) self, Storage source) -> Tensor(a!):
// self uses the whole of source as a 1-dimensional tensor, keeping its
// TensorImpl.
func Set_SourceStorage(self *rt.Tensor, source *rt.StorageImpl) *rt.Tensor {
	return self.SetStorageImpl(source, 0, []int{source.Len()}, nil)
}

// SetData is set_data(Tensor(a!) self, Tensor new_data) -> (): self takes
// new_data's storage and geometry and keeps its TensorImpl, as PyTorch's
// Variable::set_data does (x.data = y).
func SetData(self, newData *rt.Tensor) { self.SetStorage(newData) }

// Clone is clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor:
// a fresh copy of self of the same kind. The copy is always contiguous
// (the only layout reftensor's clone makes); memory_format may be nil,
// PreserveFormat or ContiguousFormat.
func Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	if memoryFormat != nil && *memoryFormat != ContiguousFormat && *memoryFormat != PreserveFormat {
		panic(fmt.Sprintf("refops: clone: memory format %d is not supported", *memoryFormat))
	}
	return rt.Clone(self)
}

// ToDense is to_dense(Tensor self, ScalarType? dtype=None) -> Tensor: a
// fresh strided tensor with the values of a sparse tensor (a copy of a
// strided one).
func ToDense(self *rt.Tensor, dtype *int) *rt.Tensor {
	noDtype("to_dense", dtype)
	return self.ToDense()
}
