package refvalues

import (
	"fmt"
	"math"
)

// nnOps are the activations and linear layers that are no plain map of
// an element: prelu (a weight per channel), gelu (two formulas), clamp
// (optional bounds) and addmm (beta self + alpha mat1 mat2).
func nnOps() []*Op {
	return []*Op{
		{Name: "prelu", Tensors: 2, eval: plain(prelu), Cases: []Case{
			{In: []Matrix{mixed, tensor([]int{1}, 0.25)}}, {In: []Matrix{small, tensor([]int{3}, 0.5, -1, 2)}}, {In: []Matrix{cube, tensor([]int{3}, 0.1, 0.2, 0.3)}}}},
		{Name: "gelu", Tensors: 1, Scalars: []string{"approximate"}, Enums: map[string][]string{"approximate": {"none", "tanh"}}, eval: plain(gelu),
			Cases: []Case{{In: []Matrix{mixed}, Scalars: []float64{0}}, {In: []Matrix{large}, Scalars: []float64{0}}, {In: []Matrix{mixed}, Scalars: []float64{1}}, {In: []Matrix{small}, Scalars: []float64{1}}}},
		{Name: "clamp", Tensors: 1, Scalars: []string{"min", "max"}, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
			return in[0].each(func(_ int, v float64) float64 { return clamp(v, s[0], s[1]) }), nil
		}), Cases: []Case{{In: []Matrix{mixed}, Scalars: []float64{-0.5, 0.5}}, {In: []Matrix{small}, Scalars: []float64{none, 0.25}},
			{In: []Matrix{small}, Scalars: []float64{0, none}}, {In: []Matrix{mixed}, Scalars: []float64{1, -1}}, {In: []Matrix{nan1}, Scalars: []float64{-1, 1}}}},
		{Name: "addmm", Tensors: 3, Scalars: []string{"beta", "alpha"}, eval: plain(addmm), Cases: []Case{
			{In: []Matrix{mixed, mixed, mixed2}, Scalars: []float64{1, 1}}, {In: []Matrix{mixed2, wide, tall}, Scalars: []float64{0.5, 2}},
			{In: []Matrix{nan1, mixed, inv2}, Scalars: []float64{0, 1.5}}, {In: []Matrix{inv3, tall, wide}, Scalars: []float64{-1, 0.25}}}},
	}
}

// prelu is v where v > 0, else the weight of v's channel (dim 1; one
// weight for all channels when it has one element) times v.
func prelu(in []Matrix, _ []float64) (Matrix, error) {
	self, w := in[0], in[1]
	sizes := self.Shape()
	channels := 1
	if len(sizes) >= 2 {
		channels = sizes[1]
	}
	if len(w.Data) != 1 && len(w.Data) != channels {
		return Matrix{}, sizeError("prelu", self, w)
	}
	return self.each(func(i int, v float64) float64 {
		if v > 0 {
			return v
		}
		c := 0
		if len(w.Data) > 1 {
			c = unravel(i, sizes)[1]
		}
		return w.Data[c] * v
	}), nil
}

// gelu is v Φ(v), with Φ the standard normal's distribution (approximate
// "none"), or its tanh approximation ("tanh").
func gelu(in []Matrix, s []float64) (Matrix, error) {
	if s[0] != 0 && s[0] != 1 {
		return Matrix{}, fmt.Errorf("gelu: approximate %v", s[0])
	}
	return in[0].each(func(_ int, v float64) float64 {
		if s[0] == 1 {
			return 0.5 * v * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(v+0.044715*v*v*v)))
		}
		return 0.5 * v * (1 + math.Erf(v/math.Sqrt2))
	}), nil
}

// clamp is min(max(v, lo), hi), a NaN bound left out; with lo > hi it is
// hi. A NaN stays NaN.
func clamp(v, lo, hi float64) float64 {
	if !IsNone(lo) && v < lo {
		v = lo
	}
	if !IsNone(hi) && v > hi {
		v = hi
	}
	return v
}

// addmm is beta self + alpha (mat1 mat2); with beta 0, self is not read
// (its NaNs do not show).
func addmm(in []Matrix, s []float64) (Matrix, error) {
	p, err := mul(in[1], in[2])
	if err != nil {
		return Matrix{}, err
	}
	if !sameSizes(in[0], p) {
		return Matrix{}, sizeError("addmm", in...)
	}
	return p.each(func(i int, v float64) float64 {
		if s[0] == 0 {
			return s[1] * v
		}
		return s[0]*in[0].Data[i] + s[1]*v
	}), nil
}
