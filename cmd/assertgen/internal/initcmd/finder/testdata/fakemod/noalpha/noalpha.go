// Package noalpha is an ONNX-style kernel library over fake's *M: its
// kernels take no parameter for PyTorch's defaulted scalars. Add and Sub
// have no alpha, Elu none of elu's alpha, scale and input_scale, Gemm no
// beta and alpha; each computes its op at those defaults. Mul is no add
// at any alpha. Slice has an axis and none of slice's optional start,
// end and step.
package noalpha

import (
	"math"

	"example.com/fakemod/fake"
)

// zip is f of a's and b's elements.
func zip(a, b *fake.M, f func(x, y float64) float64) *fake.M {
	ra, rb := a.Raw(), b.Raw()
	out := make([]float64, ra.Rows*ra.Cols)
	for i := range out {
		out[i] = f(ra.Data[i], rb.Data[i])
	}
	return fake.New(ra.Rows, ra.Cols, out)
}

// Add returns a + b.
func Add(a, b *fake.M) *fake.M { return zip(a, b, func(x, y float64) float64 { return x + y }) }

// Sub returns a - b.
func Sub(a, b *fake.M) *fake.M { return zip(a, b, func(x, y float64) float64 { return x - y }) }

// Mul returns a * b, elementwise.
func Mul(a, b *fake.M) *fake.M { return zip(a, b, func(x, y float64) float64 { return x * y }) }

// Elu returns x where x > 0, else exp(x) - 1.
func Elu(a *fake.M) *fake.M {
	return zip(a, a, func(x, _ float64) float64 {
		if x > 0 {
			return x
		}
		return math.Exp(x) - 1
	})
}

// Gemm returns c + a b.
func Gemm(c, a, b *fake.M) *fake.M {
	ra, rb := a.Raw(), b.Raw()
	out := append([]float64(nil), c.Raw().Data...)
	for i := 0; i < ra.Rows; i++ {
		for j := 0; j < rb.Cols; j++ {
			for k := 0; k < ra.Cols; k++ {
				out[i*rb.Cols+j] += ra.Data[i*ra.Cols+k] * rb.Data[k*rb.Cols+j]
			}
		}
	}
	return fake.New(ra.Rows, rb.Cols, out)
}

// Slice returns all of a along dim, a view on its memory: an ONNX-style
// Slice whose starts and ends are the whole dim.
func Slice(a *fake.M, dim int64) *fake.M {
	if dim < -2 || dim > 1 {
		panic("noalpha: dim out of range")
	}
	r := a.Raw()
	return fake.New(r.Rows, r.Cols, r.Data)
}
