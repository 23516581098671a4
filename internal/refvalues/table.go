package refvalues

import (
	"cmp"
	"math"
	"slices"
)

// The cases' matrices. Every function of the table is defined in (0, 1)
// (log, asin, atanh). A square matrix of both signs tells a matrix
// product from an elementwise one. A matrix beyond 1 serves acosh.
var (
	unit  = Matrix{Rows: 2, Cols: 3, Data: []float64{0.25, 0.5, 0.75, 0.125, 0.625, 0.875}}
	mixed = Matrix{Rows: 2, Cols: 2, Data: []float64{-1.5, 0.5, 2.25, -0.75}}
	large = Matrix{Rows: 2, Cols: 3, Data: []float64{1.5, 2, 3.25, 4, 5.5, 7}}
	// The second operands of binary ops, of the first's sizes.
	unit2  = Matrix{Rows: 2, Cols: 3, Data: []float64{0.5, 0.125, 0.25, 0.875, 0.375, 0.625}}
	mixed2 = Matrix{Rows: 2, Cols: 2, Data: []float64{2, -0.5, -1.25, 3}}
	// Operands with a NaN each, where maximum and fmax differ.
	nan1 = Matrix{Rows: 2, Cols: 2, Data: []float64{math.NaN(), 0.5, 2.25, -0.75}}
	nan2 = Matrix{Rows: 2, Cols: 2, Data: []float64{2, math.NaN(), -1.25, 3}}
	// Matrix operands: a product of a 2x3 and a 3x2, invertible 2x2 and
	// 3x3 matrices.
	wide  = Matrix{Rows: 2, Cols: 3, Data: []float64{1, 2, 3, -1, 0.5, 2}}
	tall  = Matrix{Rows: 3, Cols: 2, Data: []float64{0.5, -1, 2, 1, -3, 0.25}}
	inv2  = Matrix{Rows: 2, Cols: 2, Data: []float64{4, 7, 2, 6}}
	inv3  = Matrix{Rows: 3, Cols: 3, Data: []float64{2, -1, 0, -1, 2, -1, 0, -1, 2}}
	small = Matrix{Rows: 2, Cols: 3, Data: []float64{1, -2, 0.5, 3, 0.25, -1}}
)

// A unary op maps each element alone: its Go expression of v (and its
// scalars), and the same as a function.
type unary struct {
	name    string
	scalars []string
	expr    string
	f       func(v float64, s []float64) float64
	cases   [][]float64 // the scalars of each case (one case without scalars)
}

// unaries are the elementwise ops of one tensor, as PyTorch defines them.
var unaries = []unary{
	{name: "abs", expr: "math.Abs(v)", f: func(v float64, _ []float64) float64 { return math.Abs(v) }},
	{name: "neg", expr: "-v", f: func(v float64, _ []float64) float64 { return -v }},
	{name: "negative", expr: "-v", f: func(v float64, _ []float64) float64 { return -v }},
	{name: "exp", expr: "math.Exp(v)", f: func(v float64, _ []float64) float64 { return math.Exp(v) }},
	{name: "exp2", expr: "math.Exp2(v)", f: func(v float64, _ []float64) float64 { return math.Exp2(v) }},
	{name: "expm1", expr: "math.Expm1(v)", f: func(v float64, _ []float64) float64 { return math.Expm1(v) }},
	{name: "log", expr: "math.Log(v)", f: func(v float64, _ []float64) float64 { return math.Log(v) }},
	{name: "log2", expr: "math.Log2(v)", f: func(v float64, _ []float64) float64 { return math.Log2(v) }},
	{name: "log10", expr: "math.Log10(v)", f: func(v float64, _ []float64) float64 { return math.Log10(v) }},
	{name: "log1p", expr: "math.Log1p(v)", f: func(v float64, _ []float64) float64 { return math.Log1p(v) }},
	{name: "sqrt", expr: "math.Sqrt(v)", f: func(v float64, _ []float64) float64 { return math.Sqrt(v) }},
	{name: "rsqrt", expr: "1 / math.Sqrt(v)", f: func(v float64, _ []float64) float64 { return 1 / math.Sqrt(v) }},
	{name: "sin", expr: "math.Sin(v)", f: func(v float64, _ []float64) float64 { return math.Sin(v) }},
	{name: "cos", expr: "math.Cos(v)", f: func(v float64, _ []float64) float64 { return math.Cos(v) }},
	{name: "tan", expr: "math.Tan(v)", f: func(v float64, _ []float64) float64 { return math.Tan(v) }},
	{name: "asin", expr: "math.Asin(v)", f: func(v float64, _ []float64) float64 { return math.Asin(v) }},
	{name: "acos", expr: "math.Acos(v)", f: func(v float64, _ []float64) float64 { return math.Acos(v) }},
	{name: "atan", expr: "math.Atan(v)", f: func(v float64, _ []float64) float64 { return math.Atan(v) }},
	{name: "sinh", expr: "math.Sinh(v)", f: func(v float64, _ []float64) float64 { return math.Sinh(v) }},
	{name: "cosh", expr: "math.Cosh(v)", f: func(v float64, _ []float64) float64 { return math.Cosh(v) }},
	{name: "tanh", expr: "math.Tanh(v)", f: func(v float64, _ []float64) float64 { return math.Tanh(v) }},
	{name: "asinh", expr: "math.Asinh(v)", f: func(v float64, _ []float64) float64 { return math.Asinh(v) }},
	{name: "acosh", expr: "math.Acosh(v)", f: func(v float64, _ []float64) float64 { return math.Acosh(v) }},
	{name: "atanh", expr: "math.Atanh(v)", f: func(v float64, _ []float64) float64 { return math.Atanh(v) }},
	{name: "erf", expr: "math.Erf(v)", f: func(v float64, _ []float64) float64 { return math.Erf(v) }},
	{name: "erfc", expr: "math.Erfc(v)", f: func(v float64, _ []float64) float64 { return math.Erfc(v) }},
	{name: "sigmoid", expr: "1 / (1 + math.Exp(-v))", f: func(v float64, _ []float64) float64 { return 1 / (1 + math.Exp(-v)) }},
	{name: "silu", expr: "v / (1 + math.Exp(-v))", f: func(v float64, _ []float64) float64 { return v / (1 + math.Exp(-v)) }},
	{name: "relu", expr: "max(v, 0)", f: func(v float64, _ []float64) float64 { return max(v, 0) }},
	{name: "relu6", expr: "min(max(v, 0), 6)", f: func(v float64, _ []float64) float64 { return min(max(v, 0), 6) }},
	{name: "hardsigmoid", expr: "min(max(v/6+0.5, 0), 1)", f: func(v float64, _ []float64) float64 { return min(max(v/6+0.5, 0), 1) }},
	{name: "hardswish", expr: "v * min(max(v+3, 0), 6) / 6", f: func(v float64, _ []float64) float64 { return v * min(max(v+3, 0), 6) / 6 }},
	{name: "square", expr: "v * v", f: func(v float64, _ []float64) float64 { return v * v }},
	{name: "reciprocal", expr: "1 / v", f: func(v float64, _ []float64) float64 { return 1 / v }},
	{name: "ceil", expr: "math.Ceil(v)", f: func(v float64, _ []float64) float64 { return math.Ceil(v) }},
	{name: "floor", expr: "math.Floor(v)", f: func(v float64, _ []float64) float64 { return math.Floor(v) }},
	{name: "trunc", expr: "math.Trunc(v)", f: func(v float64, _ []float64) float64 { return math.Trunc(v) }},
	{name: "fix", expr: "math.Trunc(v)", f: func(v float64, _ []float64) float64 { return math.Trunc(v) }},
	{name: "round", expr: "math.RoundToEven(v)", f: func(v float64, _ []float64) float64 { return math.RoundToEven(v) }},
	{name: "frac", expr: "v - math.Trunc(v)", f: func(v float64, _ []float64) float64 { return v - math.Trunc(v) }},
	{name: "deg2rad", expr: "v * (math.Pi / 180)", f: func(v float64, _ []float64) float64 { return v * (math.Pi / 180) }},
	{name: "rad2deg", expr: "v * (180 / math.Pi)", f: func(v float64, _ []float64) float64 { return v * (180 / math.Pi) }},
	{name: "mul.Scalar", scalars: []string{"other"}, expr: "v * other", f: func(v float64, s []float64) float64 { return v * s[0] },
		cases: [][]float64{{2.5}, {-1.25}}},
	{name: "div.Scalar", scalars: []string{"other"}, expr: "v / other", f: func(v float64, s []float64) float64 { return v / s[0] },
		cases: [][]float64{{2.5}, {-1.25}}},
	{name: "add.Scalar", scalars: []string{"other", "alpha"}, expr: "v + alpha*other", f: func(v float64, s []float64) float64 { return v + s[1]*s[0] },
		cases: [][]float64{{2.5, -0.5}, {-1.25, 3}, {1.5, 1}}},
	{name: "sub.Scalar", scalars: []string{"other", "alpha"}, expr: "v - alpha*other", f: func(v float64, s []float64) float64 { return v - s[1]*s[0] },
		cases: [][]float64{{2.5, -0.5}, {-1.25, 3}, {1.5, 1}}},
	{name: "rsub.Scalar", scalars: []string{"other", "alpha"}, expr: "other - alpha*v", f: func(v float64, s []float64) float64 { return s[0] - s[1]*v },
		cases: [][]float64{{2.5, -0.5}, {-1.25, 3}, {1.5, 1}}},
	{name: "pow.Tensor_Scalar", scalars: []string{"exponent"}, expr: "math.Pow(v, exponent)", f: func(v float64, s []float64) float64 { return math.Pow(v, s[0]) },
		cases: [][]float64{{2}, {0.5}, {3}}},
	{name: "fill.Scalar", scalars: []string{"value"}, expr: "value", f: func(_ float64, s []float64) float64 { return s[0] },
		cases: [][]float64{{1.75}, {-4}}},
	{name: "leaky_relu", scalars: []string{"negative_slope"}, expr: "max(v, 0) + negative_slope*min(v, 0)", f: func(v float64, s []float64) float64 { return max(v, 0) + s[0]*min(v, 0) },
		cases: [][]float64{{0.125}, {0.3}}},
	{name: "zeros_like", expr: "0", f: func(float64, []float64) float64 { return 0 }},
	{name: "ones_like", expr: "1", f: func(float64, []float64) float64 { return 1 }},
	{name: "full_like", scalars: []string{"fill_value"}, expr: "fill_value", f: func(_ float64, s []float64) float64 { return s[0] },
		cases: [][]float64{{1.75}, {-4}}},
	{name: "elu", scalars: []string{"alpha", "scale", "input_scale"}, expr: "scale * (max(v, 0) + min(0, alpha*(math.Exp(input_scale*v)-1)))",
		f:     func(v float64, s []float64) float64 { return s[1] * (max(v, 0) + min(0, s[0]*(math.Exp(s[2]*v)-1))) },
		cases: [][]float64{{0.5, 2, 1.5}, {1, 1, 1}}},
	{name: "softplus", scalars: []string{"beta", "threshold"}, f: func(v float64, s []float64) float64 {
		if v*s[0] > s[1] {
			return v
		}
		return math.Log1p(math.Exp(s[0]*v)) / s[0]
	}, cases: [][]float64{{1, 20}, {2, 3}}},
	{name: "clamp_min", scalars: []string{"min"}, expr: "max(v, min)", f: func(v float64, s []float64) float64 { return max(v, s[0]) },
		cases: [][]float64{{0.5}, {-1}}},
	{name: "clamp_max", scalars: []string{"max"}, expr: "min(v, max)", f: func(v float64, s []float64) float64 { return min(v, s[0]) },
		cases: [][]float64{{0.5}, {-1}}},
	{name: "hardtanh", scalars: []string{"min_val", "max_val"}, expr: "min(max(v, min_val), max_val)", f: func(v float64, s []float64) float64 { return min(max(v, s[0]), s[1]) },
		cases: [][]float64{{-0.5, 0.5}, {0.2, 0.6}}},
}

// binaries are the elementwise ops of two tensors of the same sizes; the
// reference does not broadcast. Each has its scalars and, where Go has
// one, an expression of an element of each tensor, v and w.
var binaries = []struct {
	name    string
	scalars []string
	expr    string
	f       func(a, b float64, s []float64) float64
	cases   [][]float64
	// nan adds a case with NaNs, with the first scalars again: the op's
	// NaN is its meaning (maximum, fmax), or a kernel without alpha is
	// checked on two cases at alpha's default (add, sub).
	nan bool
}{
	{name: "add.Tensor", expr: "v + alpha*w", scalars: []string{"alpha"}, f: func(a, b float64, s []float64) float64 { return a + s[0]*b }, cases: [][]float64{{1}, {-0.5}}, nan: true},
	{name: "sub.Tensor", expr: "v - alpha*w", scalars: []string{"alpha"}, f: func(a, b float64, s []float64) float64 { return a - s[0]*b }, cases: [][]float64{{1}, {2.5}}, nan: true},
	{name: "rsub.Tensor", expr: "w - alpha*v", scalars: []string{"alpha"}, f: func(a, b float64, s []float64) float64 { return b - s[0]*a }, cases: [][]float64{{1}, {2.5}}, nan: true},
	{name: "mul.Tensor", expr: "v * w", f: func(a, b float64, _ []float64) float64 { return a * b }},
	{name: "div.Tensor", expr: "v / w", f: func(a, b float64, _ []float64) float64 { return a / b }},
	{name: "maximum", expr: "max(v, w)", nan: true, f: func(a, b float64, _ []float64) float64 { return max(a, b) }},
	{name: "minimum", expr: "min(v, w)", nan: true, f: func(a, b float64, _ []float64) float64 { return min(a, b) }},
	{name: "fmax", nan: true, f: func(a, b float64, _ []float64) float64 { return fnan(math.Max, a, b) }},
	{name: "fmin", nan: true, f: func(a, b float64, _ []float64) float64 { return fnan(math.Min, a, b) }},
	{name: "atan2", expr: "math.Atan2(v, w)", f: func(a, b float64, _ []float64) float64 { return math.Atan2(a, b) }},
	{name: "hypot", expr: "math.Hypot(v, w)", f: func(a, b float64, _ []float64) float64 { return math.Hypot(a, b) }},
	{name: "copysign.Tensor", expr: "math.Copysign(v, w)", f: func(a, b float64, _ []float64) float64 { return math.Copysign(a, b) }},
	{name: "pow.Tensor_Tensor", expr: "math.Pow(v, w)", f: func(a, b float64, _ []float64) float64 { return math.Pow(a, b) }},
}

// fnan is f of a and b, where a NaN operand gives the other (fmax, fmin).
func fnan(f func(a, b float64) float64, a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return f(a, b)
}

// table holds every op of the reference, sorted by name.
var table = func() []*Op {
	var out []*Op
	for _, u := range unaries {
		out = append(out, u.op())
	}
	for _, b := range binaries {
		f := b.f
		o := &Op{Name: b.name, Tensors: 2, Scalars: b.scalars, Map: b.expr, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
			if in[0].Rows != in[1].Rows || in[0].Cols != in[1].Cols {
				return Matrix{}, sizeError("elementwise", in...)
			}
			return each(in[0], func(i int, v float64) float64 { return f(v, in[1].Data[i], s) }), nil
		})}
		cases := []Case{{In: []Matrix{unit, unit2}}, {In: []Matrix{mixed, mixed2}}}
		if b.nan {
			cases = append(cases, Case{In: []Matrix{nan1, nan2}})
		}
		o.Cases = withScalars(cases, b.cases)
		out = append(out, o)
	}
	out = append(out, matrixOps()...)
	out = append(out, viewOps()...)
	out = append(out, boolOps()...)
	out = append(out, shapeOps()...)
	out = append(out, reductionOps()...)
	out = append(out, nnOps()...)
	slices.SortFunc(out, func(a, b *Op) int { return cmp.Compare(a.Name, b.Name) })
	return out
}()

// op is the reference of u: its cases are the three matrices, with each
// of its scalars' cases.
func (u unary) op() *Op {
	f := u.f
	o := &Op{Name: u.name, Tensors: 1, Scalars: u.scalars, Map: u.expr, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
		return each(in[0], func(_ int, v float64) float64 { return f(v, s) }), nil
	})}
	o.Cases = withScalars([]Case{{In: []Matrix{unit}}, {In: []Matrix{mixed}}, {In: []Matrix{large}}}, u.cases)
	return o
}

// withScalars returns the cases with each of the scalars' cases in turn
// (the cases as they are without any).
func withScalars(cs []Case, scalars [][]float64) []Case {
	if len(scalars) == 0 {
		return cs
	}
	var out []Case
	for i, c := range cs {
		out = append(out, Case{In: c.In, Scalars: scalars[i%len(scalars)]})
	}
	for i := len(cs); i < len(scalars); i++ {
		out = append(out, Case{In: cs[0].In, Scalars: scalars[i]})
	}
	return out
}

// each returns m with f of each element (and its index).
func each(m Matrix, f func(i int, v float64) float64) Matrix {
	out := Matrix{Rows: m.Rows, Cols: m.Cols, Data: make([]float64, len(m.Data))}
	for i, v := range m.Data {
		out.Data[i] = f(i, v)
	}
	return out
}
