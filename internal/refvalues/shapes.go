package refvalues

import (
	"fmt"
	"slices"
)

// The operands of the shape ops: a 2x3x4 tensor whose element (i, j, k)
// is 100i+10j+k+1, a row, a column and a vector. The 4x5 grid serves too.
var (
	cube = func() Matrix {
		m := Make(Float64, []int{2, 3, 4}, make([]float64, 24))
		for i := range m.Data {
			m.Data[i] = float64(100*(i/12) + 10*(i/4%3) + i%4 + 1)
		}
		return m
	}()
	row = Matrix{Rows: 1, Cols: 3, Data: []float64{1, 2, 3}}
	col = Matrix{Rows: 3, Cols: 1, Data: []float64{4, 5, 6}}
	vec = tensor([]int{3}, 7, 8, 9)
)

// shapeOps are the ops that give a tensor's elements other sizes, as
// PyTorch defines them: reshape, view, squeeze, unsqueeze, permute,
// transpose, t, flatten, expand, and the _copy forms of those that are
// views. A view's result shares self's memory (View); reshape's and
// flatten's may or may not, so they are not views here.
func shapeOps() []*Op {
	ls := func(l ...[]int) [][]int { return l }
	reshape := func(c Case) (Matrix, error) { return reshapeTo(c.In[0], c.Lists[0]) }
	reshapes := []Case{{In: []Matrix{grid}, Lists: ls([]int{5, 4})}, {In: []Matrix{grid}, Lists: ls([]int{20})},
		{In: []Matrix{grid}, Lists: ls([]int{2, -1, 5})}, {In: []Matrix{cube}, Lists: ls([]int{4, 6})}, {In: []Matrix{Make(Float64, []int{1, 1}, []float64{2.5})}, Lists: ls([]int{})}}
	squeeze := func(c Case) (Matrix, error) { return squeezeDims(c.In[0], nil) }
	squeezes := []Case{{In: []Matrix{row}}, {In: []Matrix{col}}, {In: []Matrix{grid}}, {In: []Matrix{Make(Float64, []int{1, 2, 1}, []float64{1, 2})}}}
	squeezeDim := func(c Case) (Matrix, error) { return squeezeDims(c.In[0], []int{int(c.Scalars[0])}) }
	squeezeDimCases := []Case{{In: []Matrix{row}, Scalars: []float64{0}}, {In: []Matrix{row}, Scalars: []float64{1}}, {In: []Matrix{col}, Scalars: []float64{-1}}}
	squeezeDims := func(c Case) (Matrix, error) { return squeezeDims(c.In[0], c.Lists[0]) }
	squeezeDimsCases := []Case{{In: []Matrix{Make(Float64, []int{1, 2, 1}, []float64{1, 2})}, Lists: ls([]int{0, 2})}, {In: []Matrix{row}, Lists: ls([]int{1})},
		{In: []Matrix{Make(Float64, []int{1, 2, 1}, []float64{1, 2})}, Lists: ls([]int{-1})}}
	unsqueeze := func(c Case) (Matrix, error) { return unsqueezeAt(c.In[0], int(c.Scalars[0])) }
	unsqueezes := []Case{{In: []Matrix{grid}, Scalars: []float64{0}}, {In: []Matrix{grid}, Scalars: []float64{1}}, {In: []Matrix{grid}, Scalars: []float64{-1}}, {In: []Matrix{vec}, Scalars: []float64{1}}}
	permute := func(c Case) (Matrix, error) { return permuted(c.In[0], c.Lists[0]) }
	permutes := []Case{{In: []Matrix{grid}, Lists: ls([]int{1, 0})}, {In: []Matrix{grid}, Lists: ls([]int{0, 1})},
		{In: []Matrix{cube}, Lists: ls([]int{2, 0, 1})}, {In: []Matrix{cube}, Lists: ls([]int{-1, 1, 0})}}
	transpose := func(c Case) (Matrix, error) { return transposed(c.In[0], int(c.Scalars[0]), int(c.Scalars[1])) }
	transposes := []Case{{In: []Matrix{grid}, Scalars: []float64{0, 1}}, {In: []Matrix{grid}, Scalars: []float64{-1, 0}}, {In: []Matrix{cube}, Scalars: []float64{0, 2}}, {In: []Matrix{grid}, Scalars: []float64{1, 1}}}
	t := func(c Case) (Matrix, error) {
		if len(c.In[0].Shape()) < 2 {
			return withDType(c.In[0], c.In[0].DType), nil
		}
		return transposed(c.In[0], 0, 1)
	}
	ts := []Case{{In: []Matrix{grid}}, {In: []Matrix{row}}, {In: []Matrix{vec}}}
	expand := func(c Case) (Matrix, error) { return expandTo(c.In[0], c.Lists[0]) }
	expands := []Case{{In: []Matrix{row}, Lists: ls([]int{2, 3})}, {In: []Matrix{col}, Lists: ls([]int{3, 4})}, {In: []Matrix{vec}, Lists: ls([]int{2, 3})},
		{In: []Matrix{col}, Lists: ls([]int{-1, 2})}, {In: []Matrix{row}, Lists: ls([]int{2, 2, 3})}}
	return []*Op{
		{Name: "reshape", Tensors: 1, Lists: []string{"shape"}, eval: reshape, Cases: reshapes},
		{Name: "_reshape_copy", Tensors: 1, Lists: []string{"size"}, eval: reshape, Cases: reshapes},
		{Name: "view", Tensors: 1, Lists: []string{"size"}, View: true, eval: reshape, Cases: reshapes},
		{Name: "view_copy", Tensors: 1, Lists: []string{"size"}, eval: reshape, Cases: reshapes},
		{Name: "squeeze", Tensors: 1, View: true, eval: squeeze, Cases: squeezes},
		{Name: "squeeze_copy", Tensors: 1, eval: squeeze, Cases: squeezes},
		{Name: "squeeze.dim", Tensors: 1, Scalars: []string{"dim"}, View: true, eval: squeezeDim, Cases: squeezeDimCases},
		{Name: "squeeze_copy.dim", Tensors: 1, Scalars: []string{"dim"}, eval: squeezeDim, Cases: squeezeDimCases},
		{Name: "squeeze.dims", Tensors: 1, Lists: []string{"dim"}, View: true, eval: squeezeDims, Cases: squeezeDimsCases},
		{Name: "squeeze_copy.dims", Tensors: 1, Lists: []string{"dim"}, eval: squeezeDims, Cases: squeezeDimsCases},
		{Name: "unsqueeze", Tensors: 1, Scalars: []string{"dim"}, View: true, eval: unsqueeze, Cases: unsqueezes},
		{Name: "unsqueeze_copy", Tensors: 1, Scalars: []string{"dim"}, eval: unsqueeze, Cases: unsqueezes},
		{Name: "permute", Tensors: 1, Lists: []string{"dims"}, View: true, eval: permute, Cases: permutes},
		{Name: "permute_copy", Tensors: 1, Lists: []string{"dims"}, eval: permute, Cases: permutes},
		{Name: "transpose.int", Tensors: 1, Scalars: []string{"dim0", "dim1"}, View: true, eval: transpose, Cases: transposes},
		{Name: "transpose_copy.int", Tensors: 1, Scalars: []string{"dim0", "dim1"}, eval: transpose, Cases: transposes},
		{Name: "t", Tensors: 1, View: true, eval: t, Cases: ts},
		{Name: "t_copy", Tensors: 1, eval: t, Cases: ts},
		{Name: "flatten.using_ints", Tensors: 1, Scalars: []string{"start_dim", "end_dim"}, eval: flattened, Cases: []Case{
			{In: []Matrix{grid}, Scalars: []float64{0, -1}}, {In: []Matrix{grid}, Scalars: []float64{1, -1}}, {In: []Matrix{cube}, Scalars: []float64{1, 2}},
			{In: []Matrix{cube}, Scalars: []float64{0, 1}}, {In: []Matrix{Make(Float64, nil, []float64{4})}, Scalars: []float64{0, -1}}}},
		{Name: "expand", Tensors: 1, Lists: []string{"size"}, View: true, eval: expand, Cases: expands},
		{Name: "expand_copy", Tensors: 1, Lists: []string{"size"}, eval: expand, Cases: expands},
	}
}

// reshapeTo is m's elements in row-major order with the given sizes, one
// of which may be -1: the size the others leave.
func reshapeTo(m Matrix, sizes []int) (Matrix, error) {
	out := slices.Clone(sizes)
	known, free := 1, -1
	for d, s := range out {
		switch {
		case s == -1 && free < 0:
			free = d
		case s < 0:
			return Matrix{}, fmt.Errorf("reshape: sizes %v", sizes)
		default:
			known *= s
		}
	}
	if free >= 0 && known > 0 {
		out[free] = len(m.Data) / known
		known *= out[free]
	}
	if known != len(m.Data) {
		return Matrix{}, fmt.Errorf("reshape: %d elements into sizes %v", len(m.Data), sizes)
	}
	return Make(m.DType, out, slices.Clone(m.Data)), nil
}

// squeezeDims is m without the dims of size 1 among dims (all of them
// when dims is nil).
func squeezeDims(m Matrix, dims []int) (Matrix, error) {
	sizes := m.Shape()
	drop := make([]bool, len(sizes))
	for d, s := range sizes {
		drop[d] = dims == nil && s == 1
	}
	for _, d := range dims {
		w, err := wrapDim(d, len(sizes))
		if err != nil {
			return Matrix{}, err
		}
		drop[w] = len(sizes) > 0 && sizes[w] == 1
	}
	out := []int{}
	for d, s := range sizes {
		if !drop[d] {
			out = append(out, s)
		}
	}
	return Make(m.DType, out, slices.Clone(m.Data)), nil
}

// unsqueezeAt is m with a dim of size 1 inserted at dim.
func unsqueezeAt(m Matrix, dim int) (Matrix, error) {
	sizes := m.Shape()
	w, err := wrapDim(dim, len(sizes)+1)
	if err != nil {
		return Matrix{}, err
	}
	return Make(m.DType, slices.Insert(slices.Clone(sizes), w, 1), slices.Clone(m.Data)), nil
}

// permuted is m with its dims in the order dims: the result's dim i is
// m's dim dims[i].
func permuted(m Matrix, dims []int) (Matrix, error) {
	sizes := m.Shape()
	if len(dims) != len(sizes) {
		return Matrix{}, fmt.Errorf("permute: dims %v of a %d-D tensor", dims, len(sizes))
	}
	from := make([]int, len(dims))
	seen := make([]bool, len(dims))
	for i, d := range dims {
		w, err := wrapDim(d, len(sizes))
		if err != nil || seen[w] {
			return Matrix{}, fmt.Errorf("permute: dims %v", dims)
		}
		from[i], seen[w] = w, true
	}
	out := make([]int, len(sizes))
	for i, d := range from {
		out[i] = sizes[d]
	}
	data := make([]float64, len(m.Data))
	idx := make([]int, len(sizes))
	for i := range data {
		oi := unravel(i, out)
		for k, d := range from {
			idx[d] = oi[k]
		}
		data[i] = m.Data[ravel(idx, sizes)]
	}
	return Make(m.DType, out, data), nil
}

// transposed is m with dims d0 and d1 swapped.
func transposed(m Matrix, d0, d1 int) (Matrix, error) {
	n := len(m.Shape())
	a, err1 := wrapDim(d0, n)
	b, err2 := wrapDim(d1, n)
	if err1 != nil || err2 != nil {
		return Matrix{}, fmt.Errorf("transpose: dims %d and %d of a %d-D tensor", d0, d1, n)
	}
	dims := make([]int, n)
	for i := range dims {
		dims[i] = i
	}
	if n > 0 {
		dims[a], dims[b] = dims[b], dims[a]
	}
	return permuted(m, dims)
}

// flattened is flatten.using_ints: dims start_dim to end_dim of m made
// one; a 0-D tensor becomes a 1-D one.
func flattened(c Case) (Matrix, error) {
	m := c.In[0]
	sizes := m.Shape()
	if len(sizes) == 0 {
		return Make(m.DType, []int{1}, slices.Clone(m.Data)), nil
	}
	a, err1 := wrapDim(int(c.Scalars[0]), len(sizes))
	b, err2 := wrapDim(int(c.Scalars[1]), len(sizes))
	if err1 != nil || err2 != nil || a > b {
		return Matrix{}, fmt.Errorf("flatten: start_dim %v, end_dim %v of a %d-D tensor", c.Scalars[0], c.Scalars[1], len(sizes))
	}
	out := append(slices.Clone(sizes[:a]), numel(sizes[a:b+1]))
	return Make(m.DType, append(out, sizes[b+1:]...), slices.Clone(m.Data)), nil
}

// expandTo is m broadcast to sizes: new dims in front, a dim of size 1
// repeated, -1 keeping m's size.
func expandTo(m Matrix, sizes []int) (Matrix, error) {
	in := m.Shape()
	lead := len(sizes) - len(in)
	if lead < 0 {
		return Matrix{}, fmt.Errorf("expand: sizes %v of a %d-D tensor", sizes, len(in))
	}
	out := slices.Clone(sizes)
	for d, s := range in {
		switch o := out[lead+d]; {
		case o == -1:
			out[lead+d] = s
		case s != 1 && s != o:
			return Matrix{}, fmt.Errorf("expand: sizes %v of a tensor of sizes %v", sizes, in)
		}
	}
	data := make([]float64, numel(out))
	idx := make([]int, len(in))
	for i := range data {
		oi := unravel(i, out)
		for d, s := range in {
			idx[d] = min(oi[lead+d], s-1)
		}
		data[i] = m.Data[ravel(idx, in)]
	}
	return Make(m.DType, out, data), nil
}
