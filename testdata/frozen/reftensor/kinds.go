package reftensor

import (
	"fmt"
	"slices"
)

// AsSubclass returns t as a direct subclass instance: a view of the whole
// tensor marked Subclass (as_subclass).
func AsSubclass(t *Tensor) *Tensor {
	i := t.must("as_subclass")
	if i.layout == Sparse || i.kind == Wrapper || i.kind == Functional {
		panic(fmt.Sprintf("reftensor: as_subclass: %v %v tensors are not supported", i.layout, i.kind))
	}
	st := i.storage.Load()
	st.retain()
	return handle(newImpl(Subclass, i.device, Strided, st, i.sizes, i.strides, i.offset, i.version))
}

// Wrap returns a wrapper subclass tensor holding inner (which it shares, so
// the caller keeps its own handle). With propagate, the wrapper uses
// inner's StorageImpl and geometry (as a wrapper subclass that calls set_
// does), so views of the wrapper share storage; without, its storage is a
// stub of its own.
func Wrap(inner *Tensor, propagate bool) *Tensor {
	return handle(wrapImpl(inner, propagate, nil))
}

func wrapImpl(inner *Tensor, propagate bool, ver *versionCounter) *TensorImpl {
	in := inner.must("wrap")
	if in.layout == Sparse {
		panic("reftensor: wrap: sparse tensors cannot be wrapped")
	}
	var w *TensorImpl
	if propagate {
		st := in.storage.Load()
		st.retain()
		w = newImpl(Wrapper, in.device, Strided, st, in.sizes, in.strides, in.offset, ver)
	} else {
		// The stub holds no data; the wrapper's geometry mirrors the inner
		// tensor's, as _make_wrapper_subclass is usually called.
		w = newImpl(Wrapper, in.device, Strided, newStorage(in.device, stubStorage, 0), in.sizes, in.strides, in.offset, ver)
	}
	w.propagates = propagate
	w.inner = inner.Share()
	w.updateTraits()
	return w
}

// Inner returns a wrapper's inner tensor, borrowed from t; nil if t is not
// a wrapper.
func (t *Tensor) Inner() *Tensor {
	if t.Defined() && t.impl.kind == Wrapper {
		return t.impl.inner
	}
	return nil
}

// Functionalize returns a functional wrapper holding a copy of t's values:
// views of it share its StorageImpl, and in-place writes replace the
// storage's buffer with an updated copy instead of writing into it.
func Functionalize(t *Tensor) *Tensor {
	i := t.must("functionalize")
	if i.layout == Sparse || i.kind == Wrapper {
		panic(fmt.Sprintf("reftensor: functionalize: %v %v tensors are not supported", i.layout, i.kind))
	}
	out := Options{Device: i.device, Kind: Functional}.Empty(i.sizes...)
	if i.device == CPU {
		copy(out.impl.storage.Load().data, t.ToSlice())
	}
	return out
}

// FromFunctional returns a plain copy of a functional tensor's values.
func FromFunctional(t *Tensor) *Tensor {
	i := t.must("from_functional")
	out := Options{Device: i.device}.Empty(i.sizes...)
	if i.device == CPU {
		copy(out.impl.storage.Load().data, t.ToSlice())
	}
	return out
}

// sparseParts are a COO sparse tensor's indices (one row of len(sizes)
// coordinates per value) and values (a 1-dimensional tensor it owns).
type sparseParts struct {
	indices [][]int
	values  *Tensor
}

func (p *sparseParts) at(idx []int) float64 {
	var s float64
	for k, ix := range p.indices {
		if slices.Equal(ix, idx) {
			s += p.values.At(k)
		}
	}
	return s
}

// ToSparse returns a COO sparse tensor holding t's nonzero elements. A
// sparse tensor has no storage; its values tensor has.
func ToSparse(t *Tensor) *Tensor {
	i := t.must("to_sparse")
	if i.device != CPU || i.kind != Plain || i.layout != Strided {
		panic("reftensor: to_sparse: only plain CPU strided tensors are supported")
	}
	var idx [][]int
	var vals []float64
	cur := make([]int, len(i.sizes))
	d := i.storage.Load().data
	walk(i.sizes, []geometry{{i.sizes, i.strides, i.offset}}, func(o []int) {
		if v := d[o[0]]; v != 0 {
			idx = append(idx, slices.Clone(cur))
			vals = append(vals, v)
		}
		for k := len(cur) - 1; k >= 0; k-- {
			if cur[k]++; cur[k] < i.sizes[k] {
				break
			}
			cur[k] = 0
		}
	})
	return newSparse(i.sizes, idx, FromSlice(vals, len(vals)))
}

// NewSparse returns a COO sparse tensor of the given sizes with one value
// per row of indices. values must be 1-dimensional; the sparse tensor
// shares it.
func NewSparse(sizes []int, indices [][]int, values *Tensor) *Tensor {
	if values.Dim() != 1 || values.Size(0) != len(indices) {
		panic("reftensor: sparse: values must be 1-dimensional with one value per index row")
	}
	idx := make([][]int, len(indices))
	for k, ix := range indices {
		if len(ix) != len(sizes) {
			panic(fmt.Sprintf("reftensor: sparse: index %v for sizes %v", ix, sizes))
		}
		for d, v := range ix {
			if v < 0 || v >= sizes[d] {
				panic(fmt.Sprintf("reftensor: sparse: index %v out of range for sizes %v", ix, sizes))
			}
		}
		idx[k] = slices.Clone(ix)
	}
	return newSparse(sizes, idx, values.Share())
}

// newSparse takes over the reference to values.
func newSparse(sizes []int, idx [][]int, values *Tensor) *Tensor {
	checkSizes("sparse", sizes)
	impl := newImpl(Plain, CPU, Sparse, nil, sizes, nil, 0, nil)
	impl.sp = &sparseParts{indices: idx, values: values}
	return handle(impl)
}

func cloneSparse(t *Tensor) *Tensor {
	p := t.impl.sp
	idx := make([][]int, len(p.indices))
	for k, ix := range p.indices {
		idx[k] = slices.Clone(ix)
	}
	return newSparse(t.impl.sizes, idx, Clone(p.values))
}

// ToDense returns a fresh dense tensor with a sparse tensor's values.
func (t *Tensor) ToDense() *Tensor {
	i := t.must("to_dense")
	if i.layout != Sparse {
		return Clone(t)
	}
	out := Zeros(i.sizes...)
	oi := out.impl
	d := oi.storage.Load().data
	for k, ix := range i.sp.indices {
		d[oi.offsetOf("to_dense", ix)] += i.sp.values.At(k)
	}
	return out
}

// Values returns a view of a sparse tensor's values (values, _values): a
// new TensorImpl sharing the values' storage.
func (t *Tensor) Values() *Tensor {
	i := t.must("values")
	if i.layout != Sparse {
		panic("reftensor: values: not a sparse tensor")
	}
	return i.sp.values.Alias()
}

// Indices returns a copy of a sparse tensor's index rows.
func (t *Tensor) Indices() [][]int {
	i := t.must("indices")
	if i.layout != Sparse {
		panic("reftensor: indices: not a sparse tensor")
	}
	out := make([][]int, len(i.sp.indices))
	for k, ix := range i.sp.indices {
		out[k] = slices.Clone(ix)
	}
	return out
}

// Nnz returns the number of stored values of a sparse tensor.
func (t *Tensor) Nnz() int {
	i := t.must("nnz")
	if i.layout != Sparse {
		panic("reftensor: nnz: not a sparse tensor")
	}
	return len(i.sp.indices)
}

// ScaleInPlace multiplies every element by v in place and returns t
// (mul_.Scalar); for a sparse tensor it scales the values.
func (t *Tensor) ScaleInPlace(v float64) *Tensor {
	i := t.must("mul_")
	if i.layout == Sparse {
		i.sp.values.ScaleInPlace(v)
		i.bump()
		return t
	}
	s := Scalar(v)
	defer s.Release()
	return t.MulInPlace(s)
}
