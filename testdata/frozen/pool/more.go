package pool

import "fmt"

// Kernels the frozen set adds to examples/pool's: an op of each form whose
// wrapper calls a facade entry pool's own ops do not (an optional tensor,
// several returns, a list of optionals, lists returned fresh, a mutable
// list, an out= list, a list of views).

// ClampTensor is clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor.
func ClampTensor[T Float](self *Tensor[T], min_ *Tensor[T], max_ *Tensor[T]) *Tensor[T] {
	out := unary(self, func(a T) T { return a })
	if min_ != nil {
		lo := elems(min_, len(out.st.data))
		for i := range out.st.data {
			out.st.data[i] = max(out.st.data[i], lo[i])
		}
	}
	if max_ != nil {
		hi := elems(max_, len(out.st.data))
		for i := range out.st.data {
			out.st.data[i] = min(out.st.data[i], hi[i])
		}
	}
	return out
}

// IndexTensor is index.Tensor(Tensor self, Tensor?[] indices) -> Tensor:
// the first dim indexed by the values of indices[0] (nil: every row).
func IndexTensor[T Float](self *Tensor[T], indices []*Tensor[T]) *Tensor[T] {
	if len(self.shape) == 0 || len(indices) == 0 || indices[0] == nil {
		return Clone(self, nil)
	}
	var rows []*Tensor[T]
	for _, v := range indices[0].Values() {
		rows = append(rows, SelectInt(self, 0, int64(v)))
	}
	if len(rows) == 0 {
		return empty[T](append([]int{0}, self.shape[1:]...))
	}
	out := empty[T](append([]int{len(rows)}, self.shape[1:]...))
	for i, r := range rows {
		copyInto(out.window(0, i, 1), r)
		r.Release()
	}
	return out
}

// MaxDim is max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices),
// for a tensor of at most two dims.
func MaxDim[T Float](self *Tensor[T], dim int64, keepdim bool) (*Tensor[T], *Tensor[T]) {
	if len(self.shape) == 0 {
		return Clone(self, nil), New([]T{0})
	}
	if len(self.shape) > 2 {
		panic(fmt.Errorf("max.dim: the frozen pool reduces tensors of at most 2 dims, not %v", self.shape))
	}
	d := wrapDim(dim, len(self.shape))
	parts := UnbindInt(self, int64(1-d))
	if len(self.shape) == 1 {
		parts = []*Tensor[T]{self.Retain()}
	}
	vals, idx := make([]T, len(parts)), make([]T, len(parts))
	for i, p := range parts {
		for k, v := range p.Values() {
			if k == 0 || v > vals[i] {
				vals[i], idx[i] = v, T(k)
			}
		}
		p.Release()
	}
	shape := []int{len(parts)}
	if len(self.shape) == 1 {
		shape = nil
	}
	if keepdim {
		shape = clone(self.shape)
		shape[d] = 1
	}
	return New(vals, shape...), New(idx, shape...)
}

// UnbindInt is unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[].
func UnbindInt[T Float](self *Tensor[T], dim int64) []*Tensor[T] {
	if len(self.shape) == 0 {
		panic(fmt.Errorf("unbind: dimension specified as %d but tensor has no dimensions", dim))
	}
	d := wrapDim(dim, len(self.shape))
	out := make([]*Tensor[T], self.shape[d])
	for i := range out {
		out[i] = SelectInt(self, int64(d), int64(i))
	}
	return out
}

// UnbindCopyInt is unbind_copy.int(Tensor self, int dim=0) -> Tensor[].
func UnbindCopyInt[T Float](self *Tensor[T], dim int64) []*Tensor[T] {
	views := UnbindInt(self, dim)
	for i, v := range views {
		views[i] = Clone(v, nil)
		v.Release()
	}
	return views
}

// UnbindCopyIntOut is unbind_copy.int_out(Tensor self, int dim=0, *, Tensor(a!)[] out) -> ().
func UnbindCopyIntOut[T Float](self *Tensor[T], dim int64, out []*Tensor[T]) {
	copies := UnbindCopyInt(self, dim)
	if len(copies) != len(out) {
		panic(fmt.Errorf("unbind_copy.int_out: %d outputs for %d slices", len(out), len(copies)))
	}
	for i, c := range copies {
		intoOut(c, out[i]).Release()
	}
}

// XForeachAddList is _foreach_add.List(Tensor[] self, Tensor[] other, *, Scalar alpha=1) -> Tensor[].
func XForeachAddList[T Float](self []*Tensor[T], other []*Tensor[T], alpha T) []*Tensor[T] {
	if len(self) != len(other) {
		panic(fmt.Errorf("_foreach_add: lists of %d and %d tensors", len(self), len(other)))
	}
	out := make([]*Tensor[T], len(self))
	for i := range self {
		out[i] = AddTensor(self[i], other[i], alpha)
	}
	return out
}

// XForeachAdd_List is _foreach_add_.List(Tensor(a!)[] self, Tensor[] other, *, Scalar alpha=1) -> ().
func XForeachAdd_List[T Float](self []*Tensor[T], other []*Tensor[T], alpha T) {
	if len(self) != len(other) {
		panic(fmt.Errorf("_foreach_add_: lists of %d and %d tensors", len(self), len(other)))
	}
	for i := range self {
		Add_Tensor(self[i], other[i], alpha).Release()
	}
}

// Chunk is chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]:
// views of at most ceil(n/chunks) along dim.
func Chunk[T Float](self *Tensor[T], chunks int64, dim int64) []*Tensor[T] {
	if chunks <= 0 {
		panic(fmt.Errorf("chunk expects `chunks` to be greater than 0, got: %d", chunks))
	}
	if len(self.shape) == 0 {
		panic(fmt.Errorf("chunk expects at least a 1-dimensional tensor"))
	}
	n := int64(self.shape[wrapDim(dim, len(self.shape))])
	return SplitTensor(self, max((n+chunks-1)/chunks, 1), dim)
}

// FlattenDenseTensors is flatten_dense_tensors(Tensor[] tensors) -> Tensor
// (a return that may alias a list's element): a flat view of the one
// contiguous tensor of the list, or a new tensor of every element's values.
func FlattenDenseTensors[T Float](tensors []*Tensor[T]) *Tensor[T] {
	if len(tensors) == 1 && tensors[0].contiguous() {
		return View(tensors[0], []int64{-1})
	}
	var vals []T
	for _, x := range tensors {
		vals = append(vals, x.Values()...)
	}
	return New(vals, len(vals))
}

// Atleast1dSequence is atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]
// (returns that may alias the list's elements): each element itself when
// it has a dim, a view of one element otherwise.
func Atleast1dSequence[T Float](tensors []*Tensor[T]) []*Tensor[T] {
	out := make([]*Tensor[T], len(tensors))
	for i, x := range tensors {
		if len(x.shape) > 0 {
			out[i] = x.Retain()
		} else {
			out[i] = View(x, []int64{1})
		}
	}
	return out
}
