// Package kernels holds stub kernels for the ops of ../native_functions.yaml,
// for gen's function-mode tests. They only need the right signatures.
package kernels

import "github.com/assertgen/assertgen/asserts"

// Tensor is a stub tensor handle.
type Tensor struct{ id asserts.ID }

func (t *Tensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.id, Storage: t.id}
}

func (t *Tensor) UseCounts() (int, int) {
	if t == nil {
		return 0, 0
	}
	return 1, 1
}

func AddTensor(self *Tensor, other *Tensor, alpha float64) *Tensor           { return &Tensor{} }
func Add_Tensor(self *Tensor, other *Tensor, alpha float64) *Tensor          { return self }
func AddOut(self *Tensor, other *Tensor, alpha float64, out *Tensor) *Tensor { return out }
func XMovingAvgHelper(self, runningMin, runningMax *Tensor, averagingConst float64) (*Tensor, *Tensor) {
	return &Tensor{}, &Tensor{}
}
func XMovingAvgHelperOut(self, runningMin, runningMax *Tensor, averagingConst float64, out0, out1 *Tensor) (*Tensor, *Tensor) {
	return out0, out1
}
func XMovingAvgHelperFunctional(self, runningMin, runningMax *Tensor, averagingConst float64) (*Tensor, *Tensor, *Tensor, *Tensor) {
	return &Tensor{}, &Tensor{}, &Tensor{}, &Tensor{}
}
func XPlannedScratch(self, out, scratch *Tensor) *Tensor              { return out }
func TransposeInt(self *Tensor, dim0, dim1 int64) *Tensor             { return &Tensor{} }
func Transpose_(self *Tensor, dim0, dim1 int64) *Tensor               { return self }
func SplitTensor(self *Tensor, splitSize, dim int64) []*Tensor        { return nil }
func Cat(tensors []*Tensor, dim int64) *Tensor                        { return &Tensor{} }
func IndexTensor(self *Tensor, indices []*Tensor) *Tensor             { return &Tensor{} }
func WhereSelf(condition, self, other, mask *Tensor) *Tensor          { return &Tensor{} }
func MaxDim(self *Tensor, dim int64, keepdim bool) (*Tensor, *Tensor) { return &Tensor{}, &Tensor{} }
func XForeachAdd_List(self, other []*Tensor, alpha float64)           {}
func UnbindCopyIntOut(self *Tensor, dim int64, out []*Tensor)         {}
func UnbindCopyInt(self *Tensor, dim int64) []*Tensor                 { return nil }
func SizeInt(self *Tensor, dim int64) int64                           { return 0 }

// Reshape is deliberately missing: gen lists it as an op without a kernel.

// Helper is not a kernel: no op is named helper.
func Helper() {}
