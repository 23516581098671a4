// Package kern is a kernel library over another library's type, fake's
// *M: its exported functions compute ops (Relu returning the result,
// Tanh into its first argument), and one is named for an op it does not
// compute (Sigmoid).
package kern

import (
	"math"

	"example.com/fakemod/fake"
)

// each returns f of each element of a, row-major.
func each(a *fake.M, f func(float64) float64) (rows, cols int, out []float64) {
	raw := a.Raw()
	out = make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = f(raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])
	}
	return raw.Rows, raw.Cols, out
}

// Relu returns max(a, 0).
func Relu(a *fake.M) *fake.M {
	return fake.New(each(a, func(v float64) float64 { return max(v, 0) }))
}

// Tanh sets dst to tanh(a): into its buffer where it has a's size.
func Tanh(dst, a *fake.M) {
	r, c, out := each(a, math.Tanh)
	if d := dst.Raw(); d.Rows == r && d.Cols == c {
		for i, v := range out {
			d.Data[i/c*d.Stride+i%c] = v
		}
		return
	}
	*dst = *fake.New(r, c, out)
}

// Sigmoid returns 1/(1+e^a): not sigmoid.
func Sigmoid(a *fake.M) *fake.M {
	return fake.New(each(a, func(v float64) float64 { return 1 / (1 + math.Exp(v)) }))
}
