package refvalues

import (
	"fmt"
	"math"
	"slices"
)

// reductionOps are the reductions (sum, mean, max, min, amax, amin,
// argmax, argmin, whole or along dims, with keepdim), softmax and
// log_softmax, cumsum, and the index ops gather and index_select.
func reductionOps() []*Op {
	ls := func(l ...[]int) [][]int { return l }
	whole := func(f func([]float64) float64) func(Case) (Matrix, error) {
		return func(c Case) (Matrix, error) { return reduce(c.In[0], nil, false, Float64, f) }
	}
	wholes := []Case{{In: []Matrix{mixed}}, {In: []Matrix{large}}, {In: []Matrix{cube}}}
	nanWholes := append(wholes[:len(wholes):len(wholes)], Case{In: []Matrix{nan1}})
	alongDims := func(f func([]float64) float64) func(Case) (Matrix, error) {
		return func(c Case) (Matrix, error) { return reduce(c.In[0], c.Lists[0], c.Scalars[0] != 0, Float64, f) }
	}
	dimCases := []Case{{In: []Matrix{large}, Lists: ls([]int{1}), Scalars: []float64{0}}, {In: []Matrix{large}, Lists: ls([]int{0}), Scalars: []float64{1}},
		{In: []Matrix{mixed}, Lists: ls([]int{0, 1}), Scalars: []float64{0}}, {In: []Matrix{grid}, Lists: ls([]int{-1}), Scalars: []float64{1}},
		{In: []Matrix{cube}, Lists: ls([]int{0, 2}), Scalars: []float64{0}}}
	nanDimCases := append(dimCases[:len(dimCases):len(dimCases)], Case{In: []Matrix{nan1}, Lists: ls([]int{1}), Scalars: []float64{0}})
	arg := func(f func([]float64) float64) func(Case) (Matrix, error) {
		return func(c Case) (Matrix, error) {
			if IsNone(c.Scalars[0]) {
				return reduce(c.In[0], nil, false, Int64, f)
			}
			return reduce(c.In[0], []int{int(c.Scalars[0])}, c.Scalars[1] != 0, Int64, f)
		}
	}
	argCases := []Case{{In: []Matrix{large}, Scalars: []float64{1, 0}}, {In: []Matrix{mixed}, Scalars: []float64{0, 1}}, {In: []Matrix{ties}, Scalars: []float64{-1, 0}},
		{In: []Matrix{ties}, Scalars: []float64{none, 0}}, {In: []Matrix{nan1}, Scalars: []float64{0, 0}}, {In: []Matrix{cube}, Scalars: []float64{1, 1}}}
	softmaxes := []Case{{In: []Matrix{mixed}, Scalars: []float64{0}}, {In: []Matrix{large}, Scalars: []float64{1}}, {In: []Matrix{large}, Scalars: []float64{-2}}, {In: []Matrix{cube}, Scalars: []float64{-1}}}
	return []*Op{
		{Name: "sum", Tensors: 1, eval: whole(sum), Cases: wholes},
		{Name: "mean", Tensors: 1, eval: whole(mean), Cases: wholes},
		{Name: "max", Tensors: 1, eval: whole(maxOf), Cases: nanWholes},
		{Name: "min", Tensors: 1, eval: whole(minOf), Cases: nanWholes},
		{Name: "sum.dim_IntList", Tensors: 1, Lists: []string{"dim"}, Scalars: []string{"keepdim"}, eval: alongDims(sum), Cases: dimCases},
		{Name: "mean.dim", Tensors: 1, Lists: []string{"dim"}, Scalars: []string{"keepdim"}, eval: alongDims(mean), Cases: dimCases},
		{Name: "amax", Tensors: 1, Lists: []string{"dim"}, Scalars: []string{"keepdim"}, eval: alongDims(maxOf), Cases: nanDimCases},
		{Name: "amin", Tensors: 1, Lists: []string{"dim"}, Scalars: []string{"keepdim"}, eval: alongDims(minOf), Cases: nanDimCases},
		{Name: "argmax", Tensors: 1, Scalars: []string{"dim", "keepdim"}, eval: arg(argmaxOf), Cases: argCases},
		{Name: "argmin", Tensors: 1, Scalars: []string{"dim", "keepdim"}, eval: arg(argminOf), Cases: argCases},
		{Name: "softmax.int", Tensors: 1, Scalars: []string{"dim"}, eval: alongDim(softmax), Cases: softmaxes},
		{Name: "log_softmax.int", Tensors: 1, Scalars: []string{"dim"}, eval: alongDim(logSoftmax), Cases: softmaxes},
		{Name: "cumsum", Tensors: 1, Scalars: []string{"dim"}, eval: alongDim(cumsum), Cases: softmaxes},
		{Name: "gather", Tensors: 2, Scalars: []string{"dim"}, eval: gather, Cases: []Case{
			{In: []Matrix{grid, Make(Int64, []int{2, 5}, []float64{0, 1, 2, 3, 0, 3, 2, 1, 0, 1})}, Scalars: []float64{0}},
			{In: []Matrix{grid, Make(Int64, []int{4, 2}, []float64{4, 0, 1, 1, 3, 2, 0, 4})}, Scalars: []float64{1}},
			{In: []Matrix{grid, Make(Int64, []int{2, 3}, []float64{2, 2, 0, 1, 4, 3})}, Scalars: []float64{-1}}}},
		{Name: "index_select", Tensors: 2, Scalars: []string{"dim"}, eval: indexSelect, Cases: []Case{
			{In: []Matrix{grid, Make(Int64, []int{3}, []float64{2, 0, 2})}, Scalars: []float64{0}},
			{In: []Matrix{grid, Make(Int64, []int{2}, []float64{4, 1})}, Scalars: []float64{1}},
			{In: []Matrix{cube, Make(Int64, []int{2}, []float64{3, 0})}, Scalars: []float64{-1}}}},
	}
}

// ties is a matrix whose rows hold their largest and smallest values
// twice: argmax and argmin give the first.
var ties = Matrix{Rows: 2, Cols: 4, Data: []float64{1, 3, 3, 1, -2, 5, -2, 5}}

// reduce is f over the elements of m in dims (all of them when dims is
// empty), as dtype d, with the reduced dims kept at size 1 when keepdim.
// f gets each group's elements in row-major order.
func reduce(m Matrix, dims []int, keepdim bool, d DType, f func([]float64) float64) (Matrix, error) {
	sizes := m.Shape()
	reduced := make([]bool, len(sizes))
	for _, dim := range dims {
		w, err := wrapDim(dim, len(sizes))
		if err != nil {
			return Matrix{}, err
		}
		if len(sizes) > 0 {
			reduced[w] = true
		}
	}
	for i := range reduced {
		reduced[i] = reduced[i] || len(dims) == 0
	}
	kept, out := []int{}, []int{}
	for dim, s := range sizes {
		switch {
		case !reduced[dim]:
			kept = append(kept, s)
			out = append(out, s)
		case keepdim:
			kept = append(kept, 1)
		}
	}
	groups := make([][]float64, numel(kept))
	for i, v := range m.Data {
		idx := unravel(i, sizes)
		at := 0
		for dim, x := range idx {
			if !reduced[dim] {
				at = at*sizes[dim] + x
			}
		}
		groups[at] = append(groups[at], v)
	}
	data := make([]float64, len(groups))
	for i, g := range groups {
		data[i] = f(g)
	}
	if keepdim {
		out = kept
	}
	return Make(d, out, data), nil
}

// alongDim is the eval of an op that maps each run of elements along a
// dim (its first scalar) to as many: softmax, cumsum.
func alongDim(f func([]float64) []float64) func(Case) (Matrix, error) {
	return func(c Case) (Matrix, error) {
		m := c.In[0]
		sizes := m.Shape()
		dim, err := wrapDim(int(c.Scalars[0]), len(sizes))
		if err != nil {
			return Matrix{}, err
		}
		out := mapTo(m, Float64, nil)
		if len(sizes) == 0 {
			copy(out.Data, f(slices.Clone(m.Data)))
			return out, nil
		}
		step := strides(sizes)[dim]
		for i := range m.Data {
			if unravel(i, sizes)[dim] != 0 {
				continue
			}
			run := make([]float64, sizes[dim])
			for k := range run {
				run[k] = m.Data[i+k*step]
			}
			for k, v := range f(run) {
				out.Data[i+k*step] = v
			}
		}
		return out, nil
	}
}

func sum(vs []float64) float64 {
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s
}

func mean(vs []float64) float64 { return sum(vs) / float64(len(vs)) }

// maxOf and minOf are NaN where any element is.
func maxOf(vs []float64) float64 { return vs[int(argmaxOf(vs))] }
func minOf(vs []float64) float64 { return vs[int(argminOf(vs))] }

// argmaxOf is the index of the first largest element, a NaN counting as
// the largest.
func argmaxOf(vs []float64) float64 {
	best := 0
	for i, v := range vs {
		if math.IsNaN(vs[best]) {
			break
		}
		if math.IsNaN(v) || v > vs[best] {
			best = i
		}
	}
	return float64(best)
}

// argminOf is the index of the first smallest element, a NaN counting as
// the smallest.
func argminOf(vs []float64) float64 {
	neg := make([]float64, len(vs))
	for i, v := range vs {
		neg[i] = -v
	}
	return argmaxOf(neg)
}

func softmax(vs []float64) []float64 {
	top := maxOf(vs)
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = math.Exp(v - top)
	}
	s := sum(out)
	for i := range out {
		out[i] /= s
	}
	return out
}

func logSoftmax(vs []float64) []float64 {
	top := maxOf(vs)
	s := 0.0
	for _, v := range vs {
		s += math.Exp(v - top)
	}
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = v - top - math.Log(s)
	}
	return out
}

func cumsum(vs []float64) []float64 {
	out := make([]float64, len(vs))
	s := 0.0
	for i, v := range vs {
		s += v
		out[i] = s
	}
	return out
}

// gather is out[i][j] = self[index[i][j]][j] along dim 0 (and so on for
// the other dims): index has self's rank, and sizes no larger than
// self's but in dim.
func gather(c Case) (Matrix, error) {
	self, index := c.In[0], c.In[1]
	sizes, isizes := self.Shape(), index.Shape()
	dim, err := wrapDim(int(c.Scalars[0]), len(sizes))
	if err != nil || len(isizes) != len(sizes) {
		return Matrix{}, fmt.Errorf("gather: dim %v, index of sizes %v, self of sizes %v", c.Scalars[0], isizes, sizes)
	}
	out := mapTo(index, self.DType, nil)
	for i, at := range index.Data {
		idx := unravel(i, isizes)
		for d := range idx {
			if d != dim && idx[d] >= sizes[d] {
				return Matrix{}, sizeError("gather", self, index)
			}
		}
		if idx[dim] = int(at); at < 0 || idx[dim] >= sizes[dim] {
			return Matrix{}, fmt.Errorf("gather: index %v out of range", at)
		}
		out.Data[i] = self.Data[ravel(idx, sizes)]
	}
	return out, nil
}

// indexSelect is self's entries along dim at the 1-D index's positions.
func indexSelect(c Case) (Matrix, error) {
	self, index := c.In[0], c.In[1]
	sizes := self.Shape()
	dim, err := wrapDim(int(c.Scalars[0]), len(sizes))
	if err != nil || len(index.Shape()) != 1 {
		return Matrix{}, fmt.Errorf("index_select: dim %v, index of sizes %v", c.Scalars[0], index.Shape())
	}
	out := slices.Clone(sizes)
	out[dim] = len(index.Data)
	data := make([]float64, numel(out))
	for i := range data {
		idx := unravel(i, out)
		at := int(index.Data[idx[dim]])
		if at < 0 || at >= sizes[dim] {
			return Matrix{}, fmt.Errorf("index_select: index %d out of range", at)
		}
		idx[dim] = at
		data[i] = self.Data[ravel(idx, sizes)]
	}
	return Make(self.DType, out, data), nil
}
