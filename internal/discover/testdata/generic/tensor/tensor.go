// Package tensor declares generic tensor types for discover's tests.
package tensor

import "github.com/assertgen/assertgen/asserts"

// Float is the element types of Tensor.
type Float interface{ float32 | float64 }

type Tensor[T Float] struct{ data []T }

func (t *Tensor[T]) Ident() asserts.Ident  { return asserts.Ident{} }
func (t *Tensor[T]) UseCounts() (int, int) { return 0, 0 }

// Tensor32 is Tensor[float32] by another name.
type Tensor32 = Tensor[float32]

type local interface{ ~float32 | ~float64 }

// Local's constraint is unexported: another package writes its terms.
type Local[T local] struct{ data []T }

// Odd's constraint has a method: no other package can write it.
type Odd[T interface {
	~float32
	String() string
}] struct{ data []T }

// Counted is an interface with the contract's methods, Bare one without.
type Counted interface {
	Ident() asserts.Ident
	UseCounts() (int, int)
}

type Bare interface{ Len() int }
