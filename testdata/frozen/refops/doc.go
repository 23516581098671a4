// Package refops is a copy of examples/refops's kernels (not its tests or
// its generated sets) as they were when the frozen sets were written at
// version 4: real kernels on [reftensor], which ifacert's tests call.
//
// Each kernel is a function named after its operator (add.Tensor →
// AddTensor, add_.Tensor → Add_Tensor, add.out → AddOut) with the Go
// signature its PyTorch 1.13.1 schema gives: Tensor is *reftensor.Tensor,
// Scalar float64, int int64. Arguments are borrowed, returned tensors
// belong to the caller.
package refops
