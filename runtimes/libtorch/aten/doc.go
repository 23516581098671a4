// Package aten binds every libtorch 1.13.1 operator whose argument and
// return types the runtime supports (Storage, Stream and a few others are
// not): one Go function per op, named by assertgen's rule (add.Tensor →
// AddTensor) with the signature assertgen derives from the op's schema under
// the type map of ../checked/assertgen.yaml. The functions are the kernels
// the checked wrappers in ../checked call.
//
// Conventions: arguments are borrowed and every returned tensor is a new
// handle the caller owns (an in-place or out= op returns a second handle on
// the tensor it wrote). A nil *torch.Tensor is None for Tensor? and an
// undefined tensor for Tensor; nil slices are None for optional lists.
// ScalarType, Layout, MemoryFormat and QScheme are c10's enum numbers.
// Generator arguments must be nil. A libtorch error panics with a
// *torch.Error; no C++ exception crosses into Go.
//
// ops_gen.go and ops_list.go, and the C++ shim in ../internal/shim, are
// generated from the embedded 1.13.1 schema (SchemaVersion; pinned, since
// assertgen's default schema is a newer release):
//
//go:generate go run ../cmd/shimgen -root ..
package aten
