// Package k holds kernels for discover's tests of Match.
package k

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/discover/testdata/generic/f32"
	"github.com/assertgen/assertgen/internal/discover/testdata/generic/tensor"
)

// Neg spells its tensor through two aliases.
func Neg(self *f32.Tensor) *f32.Tensor { return self }

func Abs[E tensor.Float](self *tensor.Tensor[E], alpha E) *tensor.Tensor[E] { return self }

func Narrow[T interface{ float64 }](self *tensor.Tensor[T]) *tensor.Tensor[T] { return self }

func Convert[T, U tensor.Float](self *tensor.Tensor[T]) *tensor.Tensor[T] { return self }

func Concrete(self *tensor.Tensor[float32]) *tensor.Tensor[float32] { return self }

func Cat(tensors ...*tensor.Tensor[float32]) *tensor.Tensor[float32] { return nil }

func Split[T tensor.Float](self *tensor.Tensor[T]) []*tensor.Tensor[T] { return nil }

// Handle is asserts.Tensor by another name.
type Handle = asserts.Tensor

func Pass(self Handle) Handle { return self }
