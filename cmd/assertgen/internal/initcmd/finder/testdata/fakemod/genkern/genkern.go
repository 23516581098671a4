// Package genkern is a kernel library over fake's *M of generic
// functions alone: Sqrt, generic in the precision it computes in, which
// init instantiates with the element type (float64); Neg, generic in
// the tensor, which it instantiates with the tensor type; Roll, generic
// in an integer type, which it cannot instantiate; Max, generic and over
// no tensor, which is no kernel.
package genkern

import (
	"cmp"
	"math"

	"example.com/fakemod/fake"
)

// Sqrt returns the square root of a, computed in E.
func Sqrt[E float32 | float64](a *fake.M) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = float64(E(math.Sqrt(float64(E(raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])))))
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Neg returns -a.
func Neg[T interface{ Raw() fake.Raw }](a T) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = -raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols]
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Roll returns a's elements shifted by shift places.
func Roll[I ~int32 | ~int64](a *fake.M, shift I) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[(i+int(shift))%len(out)] = raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols]
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Max returns the larger of a and b.
func Max[E cmp.Ordered](a, b E) E { return max(a, b) }
