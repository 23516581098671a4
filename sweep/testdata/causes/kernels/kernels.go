// Package kernels binds PyTorch ops to package lib for package sweep's
// causes tests (issue 77): each op calls lib's function of its name, but
// tanh, whose binding reads the last dim's size (an index out of range
// on a 0-dim tensor: the binding's own bug, not lib's).
package kernels

import "github.com/assertgen/assertgen/sweep/testdata/causes/lib"

// Neg is neg(Tensor self) -> Tensor.
func Neg(self *lib.T) *lib.T { return lib.Neg(self) }

// Neg_ is neg_(Tensor(a!) self) -> Tensor(a!).
func Neg_(self *lib.T) *lib.T {
	copy(self.Data, lib.Neg(self).Data)
	return self
}

// Abs is abs(Tensor self) -> Tensor.
func Abs(self *lib.T) *lib.T { return lib.Abs(self) }

// Exp is exp(Tensor self) -> Tensor.
func Exp(self *lib.T) *lib.T { return lib.Exp(self) }

// Sin is sin(Tensor self) -> Tensor.
func Sin(self *lib.T) *lib.T { return lib.Sin(self) }

// Cos is cos(Tensor self) -> Tensor.
func Cos(self *lib.T) *lib.T { return lib.Cos(self) }

// Tanh is tanh(Tensor self) -> Tensor; it reads the size of self's last
// dim, which a 0-dim tensor has not.
func Tanh(self *lib.T) *lib.T {
	_ = self.Shape[len(self.Shape)-1]
	return lib.Tanh(self)
}

// Sum is sum(Tensor self, *, ScalarType? dtype=None) -> Tensor.
func Sum(self *lib.T, dtype *int) *lib.T { return lib.Sum(self) }

// Amax is amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor,
// over every dim.
func Amax(self *lib.T, dim []int64, keepdim bool) *lib.T { return lib.Amax(self) }

// Amin is amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor,
// over every dim.
func Amin(self *lib.T, dim []int64, keepdim bool) *lib.T { return lib.Amin(self) }
