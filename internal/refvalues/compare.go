package refvalues

import (
	"fmt"
	"math"
)

// The operands of comparisons and logical ops: equal and unequal
// elements, zeros, a NaN (true to a logical op, unequal to all), bools.
var (
	cmpA   = Matrix{Rows: 2, Cols: 3, Data: []float64{1, 2, 3, -1, 0.5, 2}}
	cmpB   = Matrix{Rows: 2, Cols: 3, Data: []float64{1, 3, 2, -1, 0.25, 2.5}}
	logicA = Matrix{Rows: 2, Cols: 3, Data: []float64{0, 1.5, 0, -2, math.NaN(), 0}}
	logicB = Matrix{Rows: 2, Cols: 3, Data: []float64{0, 0, 3, 0.5, 0, -1}}
	boolA  = Matrix{Rows: 2, Cols: 2, Data: []float64{1, 0, 1, 0}, DType: Bool}
	boolB  = Matrix{Rows: 2, Cols: 2, Data: []float64{1, 1, 0, 0}, DType: Bool}
	ints   = Matrix{Rows: 2, Cols: 3, Data: []float64{3, -2, 0, 7, 1, -5}, DType: Int64}
)

// comparisons are PyTorch's comparison ops: a bool of each element.
var comparisons = []struct {
	name string
	f    func(a, b float64) bool
}{
	{"eq", func(a, b float64) bool { return a == b }},
	{"ne", func(a, b float64) bool { return a != b }},
	{"gt", func(a, b float64) bool { return a > b }},
	{"ge", func(a, b float64) bool { return a >= b }},
	{"lt", func(a, b float64) bool { return a < b }},
	{"le", func(a, b float64) bool { return a <= b }},
}

// logicals are the logical ops of two tensors: an element is true where
// it is not zero (a NaN is true).
var logicals = []struct {
	name string
	f    func(a, b bool) bool
}{
	{"logical_and", func(a, b bool) bool { return a && b }},
	{"logical_or", func(a, b bool) bool { return a || b }},
	{"logical_xor", func(a, b bool) bool { return a != b }},
}

// boolOps are the comparisons (Tensor and Scalar overloads), the logical
// ops, where and the casts.
func boolOps() []*Op {
	var out []*Op
	for _, c := range comparisons {
		f := c.f
		out = append(out,
			&Op{Name: c.name + ".Tensor", Tensors: 2, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
				return zip(in[0], in[1], Bool, func(a, b float64) float64 { return b2f(f(a, b)) })
			}), Cases: []Case{{In: []Matrix{cmpA, cmpB}}, {In: []Matrix{nan1, nan2}}, {In: []Matrix{mixed, mixed}}}},
			&Op{Name: c.name + ".Scalar", Tensors: 1, Scalars: []string{"other"}, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
				return mapTo(in[0], Bool, func(a float64) float64 { return b2f(f(a, s[0])) }), nil
			}), Cases: []Case{{In: []Matrix{cmpA}, Scalars: []float64{2}}, {In: []Matrix{nan1}, Scalars: []float64{0.5}}, {In: []Matrix{cmpB}, Scalars: []float64{-1}}}})
	}
	for _, l := range logicals {
		f := l.f
		out = append(out, &Op{Name: l.name, Tensors: 2, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
			return zip(in[0], in[1], Bool, func(a, b float64) float64 { return b2f(f(a != 0, b != 0)) })
		}), Cases: []Case{{In: []Matrix{logicA, logicB}}, {In: []Matrix{boolA, boolB}}, {In: []Matrix{cmpA, logicB}}}})
	}
	out = append(out, &Op{Name: "logical_not", Tensors: 1, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
		return mapTo(in[0], Bool, func(a float64) float64 { return b2f(a == 0) }), nil
	}), Cases: []Case{{In: []Matrix{logicA}}, {In: []Matrix{boolA}}, {In: []Matrix{ints}}}})
	return append(out, whereOps()...)
}

// whereOps are where's overloads of two tensors and of a tensor and a
// scalar, and the casts.
func whereOps() []*Op {
	cond := Matrix{Rows: 2, Cols: 3, Data: []float64{1, 0, 0, 1, 1, 0}, DType: Bool}
	cond2 := Matrix{Rows: 2, Cols: 2, Data: []float64{0, 1, 1, 0}, DType: Bool}
	pick := func(c Matrix, a, b func(i int) float64) Matrix {
		return mapTo(c, Float64, nil).each(func(i int, _ float64) float64 {
			if c.Data[i] != 0 {
				return a(i)
			}
			return b(i)
		})
	}
	cast := func(c Case) (Matrix, error) {
		if IsNone(c.Scalars[0]) {
			return withDType(c.In[0], c.In[0].DType), nil
		}
		return castTo(c.In[0], DType(c.Scalars[0]))
	}
	casts := []Case{{In: []Matrix{castIn}, Scalars: []float64{float64(Int64)}}, {In: []Matrix{castIn}, Scalars: []float64{float64(Bool)}},
		{In: []Matrix{ints}, Scalars: []float64{float64(Float64)}}, {In: []Matrix{boolA}, Scalars: []float64{float64(Float64)}}}
	return []*Op{
		{Name: "where.self", Tensors: 3, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
			if !sameSizes(in...) {
				return Matrix{}, sizeError("where", in...)
			}
			return pick(in[0], func(i int) float64 { return in[1].Data[i] }, func(i int) float64 { return in[2].Data[i] }), nil
		}), Cases: []Case{{In: []Matrix{cond, unit, unit2}}, {In: []Matrix{cond2, mixed, mixed2}}}},
		{Name: "where.ScalarOther", Tensors: 2, Scalars: []string{"other"}, eval: plain(func(in []Matrix, s []float64) (Matrix, error) {
			if !sameSizes(in...) {
				return Matrix{}, sizeError("where", in...)
			}
			return pick(in[0], func(i int) float64 { return in[1].Data[i] }, func(int) float64 { return s[0] }), nil
		}), Cases: []Case{{In: []Matrix{cond, unit}, Scalars: []float64{-2.5}}, {In: []Matrix{cond2, mixed}, Scalars: []float64{0.75}}}},
		{Name: "to.dtype", Tensors: 1, Scalars: []string{"dtype"}, eval: cast, Cases: casts},
		{Name: "_to_copy", Tensors: 1, Scalars: []string{"dtype"}, eval: cast,
			Cases: append(casts[:len(casts):len(casts)], Case{In: []Matrix{mixed}, Scalars: []float64{none}}, Case{In: []Matrix{ints}, Scalars: []float64{none}})},
	}
}

// castIn is the operand of the casts to int64 and bool: fractions of both
// signs (an int64 truncates them toward zero), a zero.
var castIn = Matrix{Rows: 2, Cols: 3, Data: []float64{-1.5, 2.75, -0.25, 0, 3, 0.5}}

// castTo is m's elements as dtype d: truncated toward zero to int64, true
// where not zero to bool.
func castTo(m Matrix, d DType) (Matrix, error) {
	switch d {
	case Float64:
		return mapTo(m, d, func(v float64) float64 { return v }), nil
	case Int64:
		return mapTo(m, d, math.Trunc), nil
	case Bool:
		return mapTo(m, d, func(v float64) float64 { return b2f(v != 0) }), nil
	}
	return Matrix{}, fmt.Errorf("cast to dtype %d", d)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// mapTo is m with f of each element, as dtype d (f nil: zeros).
func mapTo(m Matrix, d DType, f func(float64) float64) Matrix {
	data := make([]float64, len(m.Data))
	if f != nil {
		for i, v := range m.Data {
			data[i] = f(v)
		}
	}
	return Make(d, m.Shape(), data)
}

// each is m with f of each element and its index, of m's dtype.
func (m Matrix) each(f func(i int, v float64) float64) Matrix {
	data := make([]float64, len(m.Data))
	for i, v := range m.Data {
		data[i] = f(i, v)
	}
	return Make(m.DType, m.Shape(), data)
}

// zip is f of the elements of a and b at each place, as dtype d. The
// sizes must be the same: the reference does not broadcast.
func zip(a, b Matrix, d DType, f func(a, b float64) float64) (Matrix, error) {
	if !sameSizes(a, b) {
		return Matrix{}, sizeError("elementwise", a, b)
	}
	return mapTo(a, d, nil).each(func(i int, _ float64) float64 { return f(a.Data[i], b.Data[i]) }), nil
}

// sameSizes reports whether the tensors have the same sizes.
func sameSizes(ms ...Matrix) bool {
	for _, m := range ms[1:] {
		if fmt.Sprint(m.Shape()) != fmt.Sprint(ms[0].Shape()) {
			return false
		}
	}
	return true
}
