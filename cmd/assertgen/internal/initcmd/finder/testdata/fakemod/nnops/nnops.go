// Package nnops is a kernel library over fake's *M whose kernels are
// methods of types of its own: Ops, made by NewOps, and Math, made as
// its zero value; and operator values, types whose one method takes and
// returns tensors (Relu6.Forward, Larger.Apply of a list, Concat.Apply
// with its Axis), two of which compute no op (Halve.Forward's values
// are no op's, Dropout.Forward takes a bool no op passes).
package nnops

import (
	"errors"
	"math"

	"example.com/fakemod/fake"
)

// each returns f of each element of a, row-major.
func each(a *fake.M, f func(i int, v float64) float64) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = f(i, raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Ops holds kernels; NewOps makes one.
type Ops struct{ ready bool }

// NewOps returns Ops ready to use.
func NewOps() *Ops { return &Ops{ready: true} }

// Sigmoid returns 1/(1+e^-a).
func (o *Ops) Sigmoid(a *fake.M) (*fake.M, error) {
	if !o.ready {
		return nil, errors.New("nnops: Ops not made by NewOps")
	}
	return each(a, func(_ int, v float64) float64 { return 1 / (1 + math.Exp(-v)) }), nil
}

// Silu sets dst, of a's size or empty (made then), to a/(1+e^-a).
func (o *Ops) Silu(dst, a *fake.M) {
	m := each(a, func(_ int, v float64) float64 { return v / (1 + math.Exp(-v)) })
	r, d := m.Raw(), dst.Raw()
	if d.Rows == 0 && d.Cols == 0 {
		*dst = *m
		return
	}
	if d.Rows != r.Rows || d.Cols != r.Cols {
		panic("nnops: Silu: dst's size is not a's")
	}
	for i := range r.Rows * r.Cols {
		d.Data[i/d.Cols*d.Stride+i%d.Cols] = r.Data[i]
	}
}

// Math holds kernels; its zero value is ready to use.
type Math struct{}

// Log1p returns log(1+a).
func (Math) Log1p(a *fake.M) *fake.M {
	return each(a, func(_ int, v float64) float64 { return math.Log1p(v) })
}

// Relu6 is the operator min(max(x, 0), 6).
type Relu6 struct{}

// Forward applies it.
func (Relu6) Forward(x *fake.M) (*fake.M, error) {
	return each(x, func(_ int, v float64) float64 { return min(max(v, 0), 6) }), nil
}

// Larger is the operator of the larger of two tensors' elements.
type Larger struct{}

// Apply applies it to xs[0] and xs[1].
func (*Larger) Apply(xs []*fake.M) ([]*fake.M, error) {
	if len(xs) != 2 {
		return nil, errors.New("nnops: Larger takes two tensors")
	}
	b := xs[1].Raw()
	return []*fake.M{each(xs[0], func(i int, v float64) float64 {
		w := b.Data[i/b.Cols*b.Stride+i%b.Cols]
		if v != v || w != w {
			return math.NaN()
		}
		return max(v, w)
	})}, nil
}

// Concat is the operator that joins its tensors along Axis (-2 is 0,
// -1 is 1).
type Concat struct{ Axis int }

// Apply joins xs.
func (c Concat) Apply(xs []*fake.M) ([]*fake.M, error) {
	if c.Axis < 0 {
		c.Axis += 2
	}
	var rows, cols int
	var parts []fake.Raw
	for _, x := range xs {
		r := x.Raw()
		parts = append(parts, r)
		switch {
		case c.Axis == 0 && (cols == 0 || cols == r.Cols):
			rows, cols = rows+r.Rows, r.Cols
		case c.Axis == 1 && (rows == 0 || rows == r.Rows):
			rows, cols = r.Rows, cols+r.Cols
		default:
			return nil, errors.New("nnops: Concat: sizes or axis")
		}
	}
	out := make([]float64, 0, rows*cols)
	row := func(p fake.Raw, i int) []float64 { return p.Data[i*p.Stride : i*p.Stride+p.Cols] }
	if c.Axis == 0 {
		for _, p := range parts {
			for i := range p.Rows {
				out = append(out, row(p, i)...)
			}
		}
	} else {
		for i := range rows {
			for _, p := range parts {
				out = append(out, row(p, i)...)
			}
		}
	}
	return []*fake.M{fake.New(rows, cols, out)}, nil
}

// Halve is an operator whose values are no op's: x/2.
type Halve struct{}

// Forward applies it.
func (Halve) Forward(x *fake.M) *fake.M {
	return each(x, func(_ int, v float64) float64 { return v / 2 })
}

// Dropout is an operator that takes a bool no op passes.
type Dropout struct{ P float64 }

// Forward applies it, in training or not.
func (d Dropout) Forward(x *fake.M, train bool) *fake.M { return x }

// GRelu6 is the operator min(max(x, 0), 6) over fake's generic G.
type GRelu6[T float32 | float64] struct{}

// Forward applies it.
func (GRelu6[T]) Forward(x *fake.G[T]) *fake.G[T] {
	raw := x.Raw()
	out := make([]T, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = min(max(raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols], 0), 6)
	}
	return fake.NewG(raw.Rows, raw.Cols, out)
}
