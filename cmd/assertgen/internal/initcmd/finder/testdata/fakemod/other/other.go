// Package other is a kernel library over fake's *M named as an op's
// parameter (mul.Tensor's other): a call of its Mul in a kernel of
// mul.Tensor, whose parameter other hides the package, does not compile;
// its Neg's does.
package other

import "example.com/fakemod/fake"

func each(a *fake.M, f func(i int, v float64) float64) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = f(i, raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Neg returns -a.
func Neg(a *fake.M) *fake.M { return each(a, func(_ int, v float64) float64 { return -v }) }

// Mul returns a*b, elementwise.
func Mul(a, b *fake.M) *fake.M {
	rb := b.Raw()
	return each(a, func(i int, v float64) float64 { return v * rb.Data[i/rb.Cols*rb.Stride+i%rb.Cols] })
}
