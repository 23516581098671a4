package refops

import (
	"fmt"
	"math"
	"slices"
	"sort"

	rt "example.com/frozen/reftensor"
)

// Sum is sum(Tensor self, *, ScalarType? dtype=None) -> Tensor: the sum of
// all elements, 0-dimensional.
func Sum(self *rt.Tensor, dtype *int) *rt.Tensor {
	noDtype("sum", dtype)
	return rt.Sum(self)
}

// SumDimIntList is sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor:
// the sums over the dimensions in dim (all of them if dim is nil or empty,
// as in 1.13.1), which are removed unless keepdim.
func SumDimIntList(self *rt.Tensor, dim []int64, keepdim bool, dtype *int) *rt.Tensor {
	noDtype("sum", dtype)
	if w := firstWrapper(self); w != nil {
		return rt.Rewrap(w, SumDimIntList(rt.Unwrapped(self), dim, keepdim, dtype))
	}
	o := resultOptions("sum", self)
	sizes := self.Sizes()
	reduce := make([]bool, len(sizes))
	if len(dim) == 0 {
		for d := range reduce {
			reduce[d] = true
		}
	}
	for _, d := range dim {
		w := wrapDim("sum", d, len(sizes))
		if len(sizes) == 0 {
			continue
		}
		if reduce[w] {
			panic(fmt.Sprintf("refops: sum: dim %d appears multiple times in the list of dims", w))
		}
		reduce[w] = true
	}
	// keep: the result's sizes with reduced dimensions set to 1.
	keep := slices.Clone(sizes)
	var outSizes []int
	for d, s := range sizes {
		if reduce[d] {
			keep[d] = 1
			if !keepdim {
				continue
			}
			s = 1
		}
		outSizes = append(outSizes, s)
	}
	if o.Device == rt.Meta {
		return o.Empty(nonNil(outSizes)...)
	}
	// Walk self in row-major order; each element adds to the output element
	// with the same indices in the dimensions kept.
	x := self.ToSlice()
	strides := make([]int, len(keep))
	for d, n := len(keep)-1, 1; d >= 0; d-- {
		if !reduce[d] {
			strides[d] = n
		}
		n *= keep[d]
	}
	acc := make([]float64, numel(keep))
	idx := make([]int, len(sizes))
	for _, v := range x {
		o := 0
		for d, i := range idx {
			o += i * strides[d]
		}
		acc[o] += v
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < sizes[d] {
				break
			}
			idx[d] = 0
		}
	}
	return newTensor(o, outSizes, acc)
}

// SumIntListOut is sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!).
func SumIntListOut(self *rt.Tensor, dim []int64, keepdim bool, dtype *int, out *rt.Tensor) *rt.Tensor {
	r := SumDimIntList(self, dim, keepdim, dtype)
	defer r.Release()
	return writeResult(out, r)
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// MaxDim is max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices):
// the maximum along dim and its index, the first one among equal maxima; a
// NaN is the maximum (the first NaN), as in PyTorch's CPU kernel.
func MaxDim(self *rt.Tensor, dim int64, keepdim bool) (*rt.Tensor, *rt.Tensor) {
	if w := firstWrapper(self); w != nil {
		v, i := MaxDim(rt.Unwrapped(self), dim, keepdim)
		return rt.Rewrap(w, v), rt.Rewrap(w, i)
	}
	o := resultOptions("max", self)
	sizes := self.Sizes()
	d := wrapDim("max", dim, len(sizes))
	outer, n, inner := split3(sizes, d)
	if n == 0 {
		panic("refops: max: cannot perform reduction function max on a dimension of size 0")
	}
	outSizes := reducedSizes(sizes, d, keepdim)
	if o.Device == rt.Meta {
		return o.Empty(outSizes...), o.Empty(outSizes...)
	}
	x := self.ToSlice()
	vals := make([]float64, outer*inner)
	idxs := make([]float64, outer*inner)
	for a := range outer {
		for c := range inner {
			base := a*n*inner + c
			best, at := x[base], 0
			for k := range n {
				v := x[base+k*inner]
				if !(v <= best) {
					best, at = v, k
					if math.IsNaN(v) {
						break
					}
				}
			}
			vals[a*inner+c], idxs[a*inner+c] = best, float64(at)
		}
	}
	return newTensor(o, outSizes, vals), newTensor(o, outSizes, idxs)
}

// MaxDimMax is max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices).
// As the 1.13.1 schema names them, max receives the values and max_values
// the indices.
func MaxDimMax(self *rt.Tensor, dim int64, keepdim bool, max_, maxValues *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	v, i := MaxDim(self, dim, keepdim)
	defer v.Release()
	defer i.Release()
	return writeResult(max_, v), writeResult(maxValues, i)
}

// Sort is sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices):
// self sorted along dim, and the index each value came from. The sort is
// stable, and NaN sorts above every number, as in PyTorch.
func Sort(self *rt.Tensor, dim int64, descending bool) (*rt.Tensor, *rt.Tensor) {
	if w := firstWrapper(self); w != nil {
		v, i := Sort(rt.Unwrapped(self), dim, descending)
		return rt.Rewrap(w, v), rt.Rewrap(w, i)
	}
	o := resultOptions("sort", self)
	sizes := self.Sizes()
	d := wrapDim("sort", dim, len(sizes))
	if o.Device == rt.Meta {
		return o.Empty(sizes...), o.Empty(sizes...)
	}
	outer, n, inner := split3(sizes, d)
	x := self.ToSlice()
	vals := make([]float64, len(x))
	idxs := make([]float64, len(x))
	perm := make([]int, n)
	less := func(a, b float64) bool { return a < b || (math.IsNaN(b) && !math.IsNaN(a)) }
	for a := range outer {
		for c := range inner {
			at := func(k int) float64 { return x[a*n*inner+k*inner+c] }
			for k := range perm {
				perm[k] = k
			}
			sort.SliceStable(perm, func(i, j int) bool {
				if descending {
					return less(at(perm[j]), at(perm[i]))
				}
				return less(at(perm[i]), at(perm[j]))
			})
			for k, p := range perm {
				vals[a*n*inner+k*inner+c] = at(p)
				idxs[a*n*inner+k*inner+c] = float64(p)
			}
		}
	}
	return newTensor(o, sizes, vals), newTensor(o, sizes, idxs)
}

// SortValues is sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices).
func SortValues(self *rt.Tensor, dim int64, descending bool, values, indices *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
	v, i := Sort(self, dim, descending)
	defer v.Release()
	defer i.Release()
	return writeResult(values, v), writeResult(indices, i)
}

// XCummaxHelper is _cummax_helper(Tensor self, Tensor(a!) values, Tensor(b!) indices, int dim) -> ():
// it writes the running maximum of self along dim into values and its index
// into indices (resized to self's sizes if they differ). Equal values move
// the index forward and a NaN sticks, as in PyTorch's cummax_helper_cpu.
func XCummaxHelper(self, values, indices *rt.Tensor, dim int64) {
	cumulative("cummax", self, values, indices, dim, func(x, best float64) bool { return x >= best })
}

// XCumminHelper is _cummin_helper(Tensor self, Tensor(a!) values, Tensor(b!) indices, int dim) -> ():
// the running minimum, as XCummaxHelper.
func XCumminHelper(self, values, indices *rt.Tensor, dim int64) {
	cumulative("cummin", self, values, indices, dim, func(x, best float64) bool { return x <= best })
}

// cumulative computes the running extreme of self along dim, replacing it
// whenever better(x, current) or x is NaN, into values and indices.
func cumulative(op string, self, values, indices *rt.Tensor, dim int64, better func(x, best float64) bool) {
	in := rt.Unwrapped(self)
	o := resultOptions(op, in)
	sizes := in.Sizes()
	d := wrapDim(op, dim, len(sizes))
	var vals, idxs []float64
	if o.Device != rt.Meta {
		outer, n, inner := split3(sizes, d)
		x := in.ToSlice()
		vals = make([]float64, len(x))
		idxs = make([]float64, len(x))
		for a := range outer {
			for c := range inner {
				base := a*n*inner + c
				best, at := x[base], 0
				for k := range n {
					v := x[base+k*inner]
					if math.IsNaN(v) || (!math.IsNaN(best) && better(v, best)) {
						best, at = v, k
					}
					vals[base+k*inner], idxs[base+k*inner] = best, float64(at)
				}
			}
		}
	}
	v := newTensor(o, sizes, vals)
	defer v.Release()
	i := newTensor(o, sizes, idxs)
	defer i.Release()
	writeResult(values, v)
	writeResult(indices, i)
}
