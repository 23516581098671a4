package refvalues

import "errors"

// matrixOps are the ops on whole matrices: products, inverses and
// powers, and the copies and fills of a tensor's values.
func matrixOps() []*Op {
	product := func(in []Matrix, _ []float64) (Matrix, error) { return mul(in[0], in[1]) }
	products := []Case{{In: []Matrix{wide, tall}}, {In: []Matrix{mixed, mixed2}}, {In: []Matrix{tall, wide}}}
	inverse := func(in []Matrix, _ []float64) (Matrix, error) { return inv(in[0]) }
	inverses := []Case{{In: []Matrix{inv2}}, {In: []Matrix{inv3}}}
	power := func(in []Matrix, s []float64) (Matrix, error) { return pow(in[0], int(s[0])) }
	powers := []Case{{In: []Matrix{mixed}, Scalars: []float64{3}}, {In: []Matrix{inv3}, Scalars: []float64{2}}, {In: []Matrix{inv2}, Scalars: []float64{-1}}}
	return []*Op{
		{Name: "mm", Tensors: 2, eval: plain(product), Cases: products},
		{Name: "matmul", Tensors: 2, eval: plain(product), Cases: products},
		{Name: "kron", Tensors: 2, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) { return kron(in[0], in[1]), nil }),
			Cases: []Case{{In: []Matrix{mixed, small}}, {In: []Matrix{small, mixed2}}}},
		{Name: "inverse", Tensors: 1, eval: plain(inverse), Cases: inverses},
		{Name: "linalg_inv", Tensors: 1, eval: plain(inverse), Cases: inverses},
		{Name: "matrix_power", Tensors: 1, Scalars: []string{"n"}, eval: plain(power), Cases: powers},
		{Name: "linalg_matrix_power", Tensors: 1, Scalars: []string{"n"}, eval: plain(power), Cases: powers},
		{Name: "clone", Tensors: 1, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
			return each(in[0], func(_ int, v float64) float64 { return v }), nil
		}),
			Cases: []Case{{In: []Matrix{unit}}, {In: []Matrix{mixed}}}},
		{Name: "zero", Tensors: 1, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
			return each(in[0], func(int, float64) float64 { return 0 }), nil
		}),
			Cases: []Case{{In: []Matrix{unit}}, {In: []Matrix{mixed}}}},
		{Name: "copy", Tensors: 2, eval: plain(func(in []Matrix, _ []float64) (Matrix, error) {
			if in[0].Rows != in[1].Rows || in[0].Cols != in[1].Cols {
				return Matrix{}, sizeError("copy", in...)
			}
			return each(in[1], func(_ int, v float64) float64 { return v }), nil
		}), Cases: []Case{{In: []Matrix{unit, unit2}}, {In: []Matrix{mixed, mixed2}}}},
	}
}

// mul is the matrix product a b.
func mul(a, b Matrix) (Matrix, error) {
	if a.Cols != b.Rows {
		return Matrix{}, sizeError("matrix product", a, b)
	}
	out := Matrix{Rows: a.Rows, Cols: b.Cols, Data: make([]float64, a.Rows*b.Cols)}
	for i := range a.Rows {
		for j := range b.Cols {
			var s float64
			for k := range a.Cols {
				s += a.at(i, k) * b.at(k, j)
			}
			out.Data[i*out.Cols+j] = s
		}
	}
	return out, nil
}

// kron is the Kronecker product of a and b.
func kron(a, b Matrix) Matrix {
	out := Matrix{Rows: a.Rows * b.Rows, Cols: a.Cols * b.Cols, Data: make([]float64, len(a.Data)*len(b.Data))}
	for i := range out.Rows {
		for j := range out.Cols {
			out.Data[i*out.Cols+j] = a.at(i/b.Rows, j/b.Cols) * b.at(i%b.Rows, j%b.Cols)
		}
	}
	return out
}

// inv is the inverse of the square matrix a, by Gauss-Jordan elimination
// with partial pivoting.
func inv(a Matrix) (Matrix, error) {
	n := a.Rows
	if a.Cols != n {
		return Matrix{}, sizeError("inverse", a)
	}
	w := append([]float64(nil), a.Data...)
	out := each(Matrix{Rows: n, Cols: n, Data: make([]float64, n*n)}, func(i int, _ float64) float64 {
		if i/n == i%n {
			return 1
		}
		return 0
	})
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if abs(w[r*n+c]) > abs(w[p*n+c]) {
				p = r
			}
		}
		if w[p*n+c] == 0 {
			return Matrix{}, errors.New("inverse: singular matrix")
		}
		for k := range n {
			w[c*n+k], w[p*n+k] = w[p*n+k], w[c*n+k]
			out.Data[c*n+k], out.Data[p*n+k] = out.Data[p*n+k], out.Data[c*n+k]
		}
		d := w[c*n+c]
		for k := range n {
			w[c*n+k] /= d
			out.Data[c*n+k] /= d
		}
		for r := range n {
			if f := w[r*n+c]; r != c && f != 0 {
				for k := range n {
					w[r*n+k] -= f * w[c*n+k]
					out.Data[r*n+k] -= f * out.Data[c*n+k]
				}
			}
		}
	}
	return out, nil
}

func abs(v float64) float64 { return max(v, -v) }

// pow is a to the integer power k: a negative k is the inverse's power.
func pow(a Matrix, k int) (Matrix, error) {
	if a.Rows != a.Cols {
		return Matrix{}, sizeError("matrix power", a)
	}
	base := a
	if k < 0 {
		var err error
		if base, err = inv(a); err != nil {
			return Matrix{}, err
		}
		k = -k
	}
	out := each(Matrix{Rows: a.Rows, Cols: a.Rows, Data: make([]float64, len(a.Data))}, func(i int, _ float64) float64 {
		if i/a.Rows == i%a.Rows {
			return 1
		}
		return 0
	})
	for range k {
		out, _ = mul(out, base)
	}
	return out, nil
}
