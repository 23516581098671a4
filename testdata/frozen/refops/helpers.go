package refops

import (
	"fmt"
	"slices"

	rt "example.com/frozen/reftensor"
)

// Values of c10::MemoryFormat, for the memory_format arguments.
const (
	ContiguousFormat = 0 // contiguous_format
	PreserveFormat   = 1 // preserve_format
)

// ints converts schema int lists to reftensor's ints.
func ints(xs []int64) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// wrapDim wraps a possibly negative dimension for a tensor of n dimensions,
// as c10::maybe_wrap_dim does: a 0-dimensional tensor accepts 0 and -1.
func wrapDim(op string, d int64, n int) int {
	m := max(n, 1)
	if d < -int64(m) || d >= int64(m) {
		panic(fmt.Sprintf("refops: %s: dimension %d out of range [%d, %d]", op, d, -m, m-1))
	}
	if d < 0 {
		d += int64(m)
	}
	return int(d)
}

// noDtype panics for a dtype argument: reftensor has one dtype.
func noDtype(op string, dtype *int) {
	if dtype != nil {
		panic(fmt.Sprintf("refops: %s: dtype %d: reftensor has one dtype (float64); pass nil", op, *dtype))
	}
}

// firstWrapper returns the first wrapper subclass among ts, or nil.
func firstWrapper(ts ...*rt.Tensor) *rt.Tensor {
	for _, t := range ts {
		if t.Defined() && t.Kind() == rt.Wrapper {
			return t
		}
	}
	return nil
}

// resultOptions returns the device and kind of a tensor computed from ts
// (none of them a wrapper): meta if any is meta (a 0-dimensional CPU tensor
// mixes with any device, as in PyTorch), and functional if any is, else a
// direct subclass if any is, else plain. Undefined tensors are ignored.
func resultOptions(op string, ts ...*rt.Tensor) rt.Options {
	var o rt.Options
	var cpu bool
	for _, t := range ts {
		if !t.Defined() {
			continue
		}
		if t.Layout() != rt.Strided {
			panic(fmt.Sprintf("refops: %s: %v tensors are not supported", op, t.Layout()))
		}
		switch {
		case t.Device() == rt.Meta:
			o.Device = rt.Meta
		case t.Dim() > 0:
			cpu = true
		}
		switch t.Kind() {
		case rt.Functional:
			o.Kind = rt.Functional
		case rt.Subclass:
			if o.Kind != rt.Functional {
				o.Kind = rt.Subclass
			}
		}
	}
	if cpu && o.Device == rt.Meta {
		panic(fmt.Sprintf("refops: %s: tensors on cpu and meta", op))
	}
	return o
}

// newTensor returns a tensor of the given sizes made with o, holding data
// (row-major) unless o is on the meta device.
func newTensor(o rt.Options, sizes []int, data []float64) *rt.Tensor {
	if sizes == nil {
		sizes = []int{} // 0-dimensional, not FromSlice's one dimension
	}
	if o.Device == rt.Meta {
		return o.Empty(sizes...)
	}
	return o.FromSlice(data, sizes...)
}

// values returns t's elements in row-major order, broadcast to sizes if
// sizes is not nil; nil on the meta device.
func values(t *rt.Tensor, sizes []int) []float64 {
	if t.Device() == rt.Meta {
		return nil
	}
	if sizes == nil || slices.Equal(sizes, t.Sizes()) {
		return t.ToSlice()
	}
	e := t.Expand(sizes...)
	defer e.Release()
	return e.ToSlice()
}

// broadcast returns the shape the given shapes broadcast to.
func broadcast(op string, shapes ...[]int) []int {
	var out []int
	for _, s := range shapes {
		n := max(len(out), len(s))
		r := make([]int, n)
		for d := range r {
			x, y := 1, 1
			if i := d - (n - len(out)); i >= 0 {
				x = out[i]
			}
			if i := d - (n - len(s)); i >= 0 {
				y = s[i]
			}
			switch {
			case x == y || y == 1:
				r[d] = x
			case x == 1:
				r[d] = y
			default:
				panic(fmt.Sprintf("refops: %s: sizes %v do not broadcast", op, shapes))
			}
		}
		out = r
	}
	if out == nil {
		out = []int{}
	}
	return out
}

// numel returns the number of elements of a shape.
func numel(sizes []int) int {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return n
}

// split3 views a row-major shape as outer × sizes[d] × inner.
func split3(sizes []int, d int) (outer, n, inner int) {
	if len(sizes) == 0 {
		return 1, 1, 1
	}
	return numel(sizes[:d]), sizes[d], numel(sizes[d+1:])
}

// reducedSizes returns sizes with dimension d removed, or set to 1 with
// keepdim; a 0-dimensional shape stays 0-dimensional.
func reducedSizes(sizes []int, d int, keepdim bool) []int {
	if len(sizes) == 0 {
		return []int{}
	}
	out := slices.Clone(sizes)
	if keepdim {
		out[d] = 1
		return out
	}
	return slices.Delete(out, d, d+1)
}

// writeResult makes out hold r's values, resizing out to r's sizes first if
// they differ (as at::native::resize_output does), and returns out: the
// out= idiom, which keeps out's TensorImpl and StorageImpl.
func writeResult(out, r *rt.Tensor) *rt.Tensor {
	if want := r.Sizes(); !slices.Equal(out.Sizes(), want) {
		out.Resize(want...)
	}
	return out.CopyFrom(r)
}
