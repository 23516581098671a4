// Package kernels holds generic stub kernels for the ops of
// ../../small/native_functions.yaml, for gen's tests of generic tensor
// types. They only need the right signatures; their type parameters are
// named as each kernel likes, and the tensor type's constraint is
// unexported (the wrappers spell its terms).
package kernels

import "github.com/assertgen/assertgen/asserts"

type elem interface{ ~float32 | ~float64 }

// Tensor is a stub tensor handle over elements of type E.
type Tensor[E elem] struct {
	id   asserts.ID
	data []E
}

func (t *Tensor[E]) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.id, Storage: t.id}
}

func (t *Tensor[E]) UseCounts() (int, int) {
	if t == nil {
		return 0, 0
	}
	return 1, 1
}

// Float is the kernels' constraint: the same type set as elem.
type Float interface{ ~float32 | ~float64 }

// Half is the tensors of float32 elements, by another name.
type Half = Tensor[float32]

func AddTensor[E Float](self *Tensor[E], other *Tensor[E], alpha E) *Tensor[E]   { return &Tensor[E]{} }
func Add_Tensor[V Float](self *Tensor[V], other *Tensor[V], alpha V) *Tensor[V]  { return self }
func AddOut[T Float](self, other *Tensor[T], alpha T, out *Tensor[T]) *Tensor[T] { return out }
func TransposeInt[T elem](self *Tensor[T], dim0, dim1 int64) *Tensor[T]          { return &Tensor[T]{} }
func SplitTensor[T Float](self *Tensor[T], splitSize, dim int64) []*Tensor[T]    { return nil }
func Cat[T Float](tensors []*Tensor[T], dim int64) *Tensor[T]                    { return &Tensor[T]{} }
func IndexTensor[T Float](self *Tensor[T], indices []*Tensor[T]) *Tensor[T]      { return &Tensor[T]{} }
func WhereSelf[T Float](condition, self, other, mask *Tensor[T]) *Tensor[T]      { return &Tensor[T]{} }
func MaxDim[T Float](self *Tensor[T], dim int64, keepdim bool) (*Tensor[T], *Tensor[T]) {
	return &Tensor[T]{}, &Tensor[T]{}
}
func UnbindCopyIntOut[T Float](self *Tensor[T], dim int64, out []*Tensor[T]) {}
func SizeInt[T Float](self *Tensor[T], dim int64) int64                      { return 0 }
