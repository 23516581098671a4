// Package lib is the tensor library of package sweep's trust tests
// (issue 79): a T holds its elements as a Go slice ([]float32,
// []float64, []int64, Go's []int or []bool) in row-major order, as a
// library of several element types does (gorgonia's Dense). It imports
// nothing of assertgen: the reproducers import it.
package lib

import "fmt"

// A T is a contiguous tensor: its sizes and its elements.
type T struct {
	Shape []int
	Data  any
}

// New returns a tensor of the given elements (a slice of one of T's
// element types) and sizes, which must hold as many.
func New(data any, shape ...int) *T {
	t := &T{Shape: append([]int{}, shape...), Data: data}
	if n := t.Numel(); n != Len(data) {
		panic(fmt.Sprintf("lib: %d elements for shape %v", Len(data), shape))
	}
	return t
}

// Numel is the number of elements of t's shape.
func (t *T) Numel() int {
	n := 1
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// Len is the length of a slice of one of T's element types.
func Len(data any) int {
	switch d := data.(type) {
	case []float32:
		return len(d)
	case []float64:
		return len(d)
	case []int64:
		return len(d)
	case []int:
		return len(d)
	case []bool:
		return len(d)
	}
	panic(fmt.Sprintf("lib: no tensor of %T", data))
}

// Like returns a new tensor of t's element type and shape, of zeros.
func Like(t *T) *T {
	var data any
	switch t.Data.(type) {
	case []float32:
		data = make([]float32, t.Numel())
	case []float64:
		data = make([]float64, t.Numel())
	case []int64:
		data = make([]int64, t.Numel())
	case []int:
		data = make([]int, t.Numel())
	case []bool:
		data = make([]bool, t.Numel())
	default:
		panic(fmt.Sprintf("lib: no tensor of %T", t.Data))
	}
	return &T{Shape: append([]int{}, t.Shape...), Data: data}
}

// Map returns a new tensor of f of each element of t (a bool's as 0 or 1,
// back as true when not 0).
func Map(t *T, f func(float64) float64) *T {
	out := Like(t)
	switch d := t.Data.(type) {
	case []float32:
		o := out.Data.([]float32)
		for i, v := range d {
			o[i] = float32(f(float64(v)))
		}
	case []float64:
		o := out.Data.([]float64)
		for i, v := range d {
			o[i] = f(v)
		}
	case []int64:
		o := out.Data.([]int64)
		for i, v := range d {
			o[i] = int64(f(float64(v)))
		}
	case []int:
		o := out.Data.([]int)
		for i, v := range d {
			o[i] = int(f(float64(v)))
		}
	case []bool:
		o := out.Data.([]bool)
		for i, v := range d {
			b := 0.0
			if v {
				b = 1
			}
			o[i] = f(b) != 0
		}
	}
	return out
}
