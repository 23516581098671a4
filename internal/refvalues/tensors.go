package refvalues

import "fmt"

// numel is the number of elements of a tensor of the given sizes.
func numel(sizes []int) int {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return n
}

// strides are the row-major strides of a tensor of the given sizes.
func strides(sizes []int) []int {
	out := make([]int, len(sizes))
	step := 1
	for d := len(sizes) - 1; d >= 0; d-- {
		out[d] = step
		step *= sizes[d]
	}
	return out
}

// unravel is the index, one a dimension, of element i of a row-major
// tensor of the given sizes.
func unravel(i int, sizes []int) []int {
	idx := make([]int, len(sizes))
	for d := len(sizes) - 1; d >= 0; d-- {
		if sizes[d] > 0 {
			idx[d] = i % sizes[d]
			i /= sizes[d]
		}
	}
	return idx
}

// ravel is the position of the element at idx in a row-major tensor of
// the given sizes.
func ravel(idx, sizes []int) int {
	at := 0
	for d, st := range strides(sizes) {
		at += idx[d] * st
	}
	return at
}

// wrapDim is dim d of a tensor of rank n, negative from the end, as
// PyTorch takes it: a 0-D tensor has dims 0 and -1.
func wrapDim(d, n int) (int, error) {
	lim := max(n, 1)
	if d < -lim || d >= lim {
		return 0, fmt.Errorf("dim %d out of range for rank %d", d, n)
	}
	if d < 0 {
		d += lim
	}
	return d, nil
}

// tensor is a float64 tensor of the given sizes holding vals.
func tensor(sizes []int, vals ...float64) Matrix { return Make(Float64, sizes, vals) }

// withDType is m with its elements as dtype d: the same values, read as
// d's (a bool is 0 or 1).
func withDType(m Matrix, d DType) Matrix { return Make(d, m.Shape(), m.Data) }
