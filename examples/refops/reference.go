package refops

import rt "github.com/assertgen/assertgen/examples/reftensor"

// Reference implements the Kernels interface of the generated package
// examples/refops/checkedif with the kernels of this package: each method
// calls the function of the same name. The bug catalog embeds it and
// overrides one method per bug.
type Reference struct{}

func (Reference) AddTensor(self *rt.Tensor, other *rt.Tensor, alpha float64) *rt.Tensor {
	return AddTensor(self, other, alpha)
}

func (Reference) Add_Tensor(self *rt.Tensor, other *rt.Tensor, alpha float64) *rt.Tensor {
	return Add_Tensor(self, other, alpha)
}

func (Reference) AddOut(self *rt.Tensor, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	return AddOut(self, other, alpha, out)
}

func (Reference) AsStrided(self *rt.Tensor, size []int64, stride []int64, storageOffset *int64) *rt.Tensor {
	return AsStrided(self, size, stride, storageOffset)
}

func (Reference) AsStrided_(self *rt.Tensor, size []int64, stride []int64, storageOffset *int64) *rt.Tensor {
	return AsStrided_(self, size, stride, storageOffset)
}

func (Reference) Cat(tensors []*rt.Tensor, dim int64) *rt.Tensor {
	return Cat(tensors, dim)
}

func (Reference) CatOut(tensors []*rt.Tensor, dim int64, out *rt.Tensor) *rt.Tensor {
	return CatOut(tensors, dim, out)
}

func (Reference) Chunk(self *rt.Tensor, chunks int64, dim int64) []*rt.Tensor {
	return Chunk(self, chunks, dim)
}

func (Reference) ClampTensor(self *rt.Tensor, min_ *rt.Tensor, max_ *rt.Tensor) *rt.Tensor {
	return ClampTensor(self, min_, max_)
}

func (Reference) Contiguous(self *rt.Tensor, memoryFormat int) *rt.Tensor {
	return Contiguous(self, memoryFormat)
}

func (Reference) Copy_(self *rt.Tensor, src *rt.Tensor, nonBlocking bool) *rt.Tensor {
	return Copy_(self, src, nonBlocking)
}

func (Reference) XCummaxHelper(self *rt.Tensor, values *rt.Tensor, indices *rt.Tensor, dim int64) {
	XCummaxHelper(self, values, indices, dim)
}

func (Reference) XCumminHelper(self *rt.Tensor, values *rt.Tensor, indices *rt.Tensor, dim int64) {
	XCumminHelper(self, values, indices, dim)
}

func (Reference) Diagonal(self *rt.Tensor, offset int64, dim1 int64, dim2 int64) *rt.Tensor {
	return Diagonal(self, offset, dim1, dim2)
}

func (Reference) DivTensor(self *rt.Tensor, other *rt.Tensor) *rt.Tensor {
	return DivTensor(self, other)
}

func (Reference) Resize_(self *rt.Tensor, size []int64, memoryFormat *int) *rt.Tensor {
	return Resize_(self, size, memoryFormat)
}

func (Reference) Expand(self *rt.Tensor, size []int64, implicit bool) *rt.Tensor {
	return Expand(self, size, implicit)
}

func (Reference) FlattenUsingInts(self *rt.Tensor, startDim int64, endDim int64) *rt.Tensor {
	return FlattenUsingInts(self, startDim, endDim)
}

func (Reference) Fill_Scalar(self *rt.Tensor, value float64) *rt.Tensor {
	return Fill_Scalar(self, value)
}

func (Reference) MaxDim(self *rt.Tensor, dim int64, keepdim bool) (*rt.Tensor, *rt.Tensor) {
	return MaxDim(self, dim, keepdim)
}

func (Reference) MaxDimMax(self *rt.Tensor, dim int64, keepdim bool, max_ *rt.Tensor, maxValues *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	return MaxDimMax(self, dim, keepdim, max_, maxValues)
}

func (Reference) Mm(self *rt.Tensor, mat2 *rt.Tensor) *rt.Tensor {
	return Mm(self, mat2)
}

func (Reference) MmOut(self *rt.Tensor, mat2 *rt.Tensor, out *rt.Tensor) *rt.Tensor {
	return MmOut(self, mat2, out)
}

func (Reference) MulTensor(self *rt.Tensor, other *rt.Tensor) *rt.Tensor {
	return MulTensor(self, other)
}

func (Reference) Mul_Tensor(self *rt.Tensor, other *rt.Tensor) *rt.Tensor {
	return Mul_Tensor(self, other)
}

func (Reference) MulOut(self *rt.Tensor, other *rt.Tensor, out *rt.Tensor) *rt.Tensor {
	return MulOut(self, other, out)
}

func (Reference) Narrow(self *rt.Tensor, dim int64, start int64, length int64) *rt.Tensor {
	return Narrow(self, dim, start, length)
}

func (Reference) Permute(self *rt.Tensor, dims []int64) *rt.Tensor {
	return Permute(self, dims)
}

func (Reference) Neg(self *rt.Tensor) *rt.Tensor {
	return Neg(self)
}

func (Reference) Neg_(self *rt.Tensor) *rt.Tensor {
	return Neg_(self)
}

func (Reference) NegOut(self *rt.Tensor, out *rt.Tensor) *rt.Tensor {
	return NegOut(self, out)
}

func (Reference) Reshape(self *rt.Tensor, shape []int64) *rt.Tensor {
	return Reshape(self, shape)
}

func (Reference) SelectInt(self *rt.Tensor, dim int64, index int64) *rt.Tensor {
	return SelectInt(self, dim, index)
}

func (Reference) Detach(self *rt.Tensor) *rt.Tensor {
	return Detach(self)
}

func (Reference) Detach_(self *rt.Tensor) *rt.Tensor {
	return Detach_(self)
}

func (Reference) SliceTensor(self *rt.Tensor, dim int64, start *int64, end *int64, step int64) *rt.Tensor {
	return SliceTensor(self, dim, start, end, step)
}

func (Reference) SplitTensor(self *rt.Tensor, splitSize int64, dim int64) []*rt.Tensor {
	return SplitTensor(self, splitSize, dim)
}

func (Reference) SplitWithSizes(self *rt.Tensor, splitSizes []int64, dim int64) []*rt.Tensor {
	return SplitWithSizes(self, splitSizes, dim)
}

func (Reference) Squeeze(self *rt.Tensor) *rt.Tensor {
	return Squeeze(self)
}

func (Reference) SqueezeDim(self *rt.Tensor, dim int64) *rt.Tensor {
	return SqueezeDim(self, dim)
}

func (Reference) Squeeze_Dim(self *rt.Tensor, dim int64) *rt.Tensor {
	return Squeeze_Dim(self, dim)
}

func (Reference) Stack(tensors []*rt.Tensor, dim int64) *rt.Tensor {
	return Stack(tensors, dim)
}

func (Reference) Sum(self *rt.Tensor, dtype *int) *rt.Tensor {
	return Sum(self, dtype)
}

func (Reference) SumDimIntList(self *rt.Tensor, dim []int64, keepdim bool, dtype *int) *rt.Tensor {
	return SumDimIntList(self, dim, keepdim, dtype)
}

func (Reference) SumIntListOut(self *rt.Tensor, dim []int64, keepdim bool, dtype *int, out *rt.Tensor) *rt.Tensor {
	return SumIntListOut(self, dim, keepdim, dtype, out)
}

func (Reference) T(self *rt.Tensor) *rt.Tensor {
	return T(self)
}

func (Reference) T_(self *rt.Tensor) *rt.Tensor {
	return T_(self)
}

func (Reference) TransposeInt(self *rt.Tensor, dim0 int64, dim1 int64) *rt.Tensor {
	return TransposeInt(self, dim0, dim1)
}

func (Reference) Transpose_(self *rt.Tensor, dim0 int64, dim1 int64) *rt.Tensor {
	return Transpose_(self, dim0, dim1)
}

func (Reference) Unsqueeze(self *rt.Tensor, dim int64) *rt.Tensor {
	return Unsqueeze(self, dim)
}

func (Reference) Unsqueeze_(self *rt.Tensor, dim int64) *rt.Tensor {
	return Unsqueeze_(self, dim)
}

func (Reference) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	return Clone(self, memoryFormat)
}

func (Reference) Zero_(self *rt.Tensor) *rt.Tensor {
	return Zero_(self)
}

func (Reference) SubTensor(self *rt.Tensor, other *rt.Tensor, alpha float64) *rt.Tensor {
	return SubTensor(self, other, alpha)
}

func (Reference) Sub_Tensor(self *rt.Tensor, other *rt.Tensor, alpha float64) *rt.Tensor {
	return Sub_Tensor(self, other, alpha)
}

func (Reference) ToDense(self *rt.Tensor, dtype *int) *rt.Tensor {
	return ToDense(self, dtype)
}

func (Reference) XValues(self *rt.Tensor) *rt.Tensor {
	return XValues(self)
}

func (Reference) UnbindInt(self *rt.Tensor, dim int64) []*rt.Tensor {
	return UnbindInt(self, dim)
}

func (Reference) Set_SourceStorage(self *rt.Tensor, source *rt.StorageImpl) *rt.Tensor {
	return Set_SourceStorage(self, source)
}

func (Reference) Set_SourceTensor(self *rt.Tensor, source *rt.Tensor) *rt.Tensor {
	return Set_SourceTensor(self, source)
}

func (Reference) SetData(self *rt.Tensor, new_data *rt.Tensor) { SetData(self, new_data) }

func (Reference) View(self *rt.Tensor, size []int64) *rt.Tensor {
	return View(self, size)
}

func (Reference) SortValues(self *rt.Tensor, dim int64, descending bool, values *rt.Tensor, indices *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	return SortValues(self, dim, descending, values, indices)
}

func (Reference) Sort(self *rt.Tensor, dim int64, descending bool) (*rt.Tensor, *rt.Tensor) {
	return Sort(self, dim, descending)
}

func (Reference) Alias(self *rt.Tensor) *rt.Tensor {
	return Alias(self)
}

func (Reference) XForeachAddScalar(self []*rt.Tensor, scalar float64) []*rt.Tensor {
	return XForeachAddScalar(self, scalar)
}

func (Reference) XForeachAdd_Scalar(self []*rt.Tensor, scalar float64) {
	XForeachAdd_Scalar(self, scalar)
}

func (Reference) XForeachZero_(self []*rt.Tensor) {
	XForeachZero_(self)
}
