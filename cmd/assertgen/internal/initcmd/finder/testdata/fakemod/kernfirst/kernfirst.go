// Package kernfirst is a kernel library over fake's *M whose kernels
// compete with fake's own methods (Neg, as M.Neg) and whose in-place and
// out= kernels return the tensor they write, with an error, as Go
// libraries write them (Neg_, MulOut); Abs_ writes nothing and returns a
// new tensor, which is not abs_.
package kernfirst

import (
	"errors"
	"math"

	"example.com/fakemod/fake"
)

// each sets dst's elements to f of a's (and b's, when given).
func each(dst, a, b *fake.M, f func(x, y float64) float64) error {
	ra, rd := a.Raw(), dst.Raw()
	if ra.Rows != rd.Rows || ra.Cols != rd.Cols {
		return errors.New("kernfirst: sizes differ")
	}
	for i := 0; i < ra.Rows; i++ {
		for j := 0; j < ra.Cols; j++ {
			y := 0.0
			if b != nil {
				y = b.Raw().Data[i*b.Raw().Stride+j]
			}
			rd.Data[i*rd.Stride+j] = f(ra.Data[i*ra.Stride+j], y)
		}
	}
	return nil
}

func like(a *fake.M) *fake.M {
	r := a.Raw()
	return fake.New(r.Rows, r.Cols, make([]float64, r.Rows*r.Cols))
}

// Neg returns -a.
func Neg(a *fake.M) *fake.M {
	out := like(a)
	_ = each(out, a, nil, func(x, _ float64) float64 { return -x })
	return out
}

// Neg_ negates a in place and returns it.
func Neg_(a *fake.M) (*fake.M, error) {
	return a, each(a, a, nil, func(x, _ float64) float64 { return -x })
}

// MulOut writes a*b into out and returns out.
func MulOut(out, a, b *fake.M) (*fake.M, error) {
	return out, each(out, a, b, func(x, y float64) float64 { return x * y })
}

// Abs_ returns |a|, a new tensor: not abs_, which writes a.
func Abs_(a *fake.M) *fake.M {
	out := like(a)
	_ = each(out, a, nil, func(x, _ float64) float64 { return max(x, -x) })
	return out
}

// Exp_ writes e**a into a and returns a copy of it: exp_'s values, and a
// bug (not a) that returns_arg reports; init binds it so.
func Exp_(a *fake.M) (*fake.M, error) {
	if err := each(a, a, nil, func(x, _ float64) float64 { return math.Exp(x) }); err != nil {
		return nil, err
	}
	out := like(a)
	return out, each(out, a, nil, func(x, _ float64) float64 { return x })
}
