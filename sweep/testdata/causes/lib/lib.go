// Package lib is the planted library of package sweep's causes tests
// (issue 77): a T holds float64 elements in row-major order. It has two
// bugs, each behind several functions, as gorgonia's are:
//
//   - each elementwise function (Neg, Abs, Exp, Sin, Cos), its own loop,
//     reads element 0 before it looks at the length: an index out of
//     range on every empty tensor, in a function of its own per op;
//   - the reductions (Sum, Amax, Amin), through package reduce, write a
//     nil map for a 0-dim tensor.
//
// It imports nothing of assertgen.
package lib

import (
	"fmt"
	"math"

	"github.com/assertgen/assertgen/sweep/testdata/causes/lib/reduce"
)

// A T is a contiguous tensor: its sizes and its elements.
type T struct {
	Shape []int
	Data  []float64
}

// New returns a tensor of the given elements and sizes, which must hold
// as many.
func New(data []float64, shape ...int) *T {
	n := 1
	for _, d := range shape {
		n *= d
	}
	if n != len(data) {
		panic(fmt.Sprintf("lib: %d elements for shape %v", len(data), shape))
	}
	return &T{Shape: append([]int{}, shape...), Data: data}
}

// like is a new tensor of t's shape.
func like(t *T) *T {
	return &T{Shape: append([]int{}, t.Shape...), Data: make([]float64, len(t.Data))}
}

// Neg is -t.
func Neg(t *T) *T {
	out := like(t)
	for i := 0; ; i++ {
		out.Data[i] = -t.Data[i]
		if i+1 >= len(t.Data) {
			return out
		}
	}
}

// Abs is |t|.
func Abs(t *T) *T {
	out := like(t)
	for i := 0; ; i++ {
		out.Data[i] = math.Abs(t.Data[i])
		if i+1 >= len(t.Data) {
			return out
		}
	}
}

// Exp is e^t.
func Exp(t *T) *T {
	out := like(t)
	for i := 0; ; i++ {
		out.Data[i] = math.Exp(t.Data[i])
		if i+1 >= len(t.Data) {
			return out
		}
	}
}

// Sin is sin t.
func Sin(t *T) *T {
	out := like(t)
	for i := 0; ; i++ {
		out.Data[i] = math.Sin(t.Data[i])
		if i+1 >= len(t.Data) {
			return out
		}
	}
}

// Cos is cos t.
func Cos(t *T) *T {
	out := like(t)
	for i := 0; ; i++ {
		out.Data[i] = math.Cos(t.Data[i])
		if i+1 >= len(t.Data) {
			return out
		}
	}
}

// Tanh is tanh t, correct.
func Tanh(t *T) *T {
	out := like(t)
	for i, v := range t.Data {
		out.Data[i] = math.Tanh(v)
	}
	return out
}

// Sum is the sum of t's elements, a 0-dim tensor.
func Sum(t *T) *T {
	return New([]float64{reduce.Fold(t.Shape, t.Data, 0, func(a, b float64) float64 { return a + b })})
}

// Amax is the largest of t's elements, a 0-dim tensor.
func Amax(t *T) *T {
	return New([]float64{reduce.Fold(t.Shape, t.Data, math.Inf(-1), math.Max)})
}

// Amin is the smallest of t's elements, a 0-dim tensor.
func Amin(t *T) *T {
	return New([]float64{reduce.Fold(t.Shape, t.Data, math.Inf(1), math.Min)})
}
