package asserts

// ImplBound is the optional contract of runtimes that bind a foreign
// object to a TensorImpl, the way PyTorch binds a tensor's PyObject: an
// object of another runtime (an interpreter's wrapper of the tensor) that
// holds one of the references [Tensor.UseCounts] counts for the TensorImpl,
// as PyTorch 2.14's PyObject holds one of its TensorImpl's (c10's
// intrusive_ptr, "PyObject preservation for Tensor and Storages").
//
// This is what "has a PyObject" means in Go: ImplBinding reports ok. A
// fresh TensorImpl is then held by two owners, the handle the kernel
// returns and the object, so its use count is 2 instead of 1; see
// wrap.ExpectedFreshUseCount. A runtime whose tensors do not implement
// ImplBound binds no objects to TensorImpls: every fresh tensor expects 1.
//
// The contract: while ImplBinding reports ok, the impl use count includes
// the object's reference (so a bound TensorImpl that has a handle has a
// use count of at least 2). assertstest checks it.
type ImplBound interface {
	Tensor
	// ImplBinding reports the foreign object bound to the tensor's
	// TensorImpl, if any: the context it was made in.
	ImplBinding() (b Binding, ok bool)
}
