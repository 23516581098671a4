package reftensor

import "fmt"

// Options select the device and kind of a new tensor. The zero value makes
// plain CPU tensors.
type Options struct {
	Device Device
	// Kind is Plain, Subclass or Functional; Wrapper tensors are made with
	// Wrap.
	Kind Kind
}

// Empty returns a tensor of the given sizes whose elements are zero (Go
// memory is zeroed; PyTorch's would be uninitialized).
func (o Options) Empty(sizes ...int) *Tensor {
	checkSizes("empty", sizes)
	var sk storageKind
	switch o.Kind {
	case Plain, Subclass:
		sk = dataStorage
	case Functional:
		sk = functionalStorage
	default:
		panic(fmt.Sprintf("reftensor: empty: cannot make a %v tensor from Options; use Wrap", o.Kind))
	}
	// One allocation for the handle, the TensorImpl, its version counter and
	// the StorageImpl (and one for the data): fresh tensors are what kernels
	// make most. A view keeps the whole block alive, which costs memory, not
	// correctness.
	b := new(freshBlock)
	st := &b.st
	*st = StorageImpl{id: newID(), device: o.Device, kind: sk, n: numel(sizes)}
	if o.Device == CPU {
		st.data = make([]float64, st.n)
	}
	st.refs.Store(1)
	initImpl(&b.impl, o.Kind, o.Device, Strided, st, sizes, nil, 0, &b.ver)
	b.h.impl = &b.impl
	return &b.h
}

// freshBlock is what Empty allocates at once.
type freshBlock struct {
	h    Tensor
	impl TensorImpl
	ver  versionCounter
	st   StorageImpl
}

// Zeros returns a tensor of zeros.
func (o Options) Zeros(sizes ...int) *Tensor { return o.Empty(sizes...) }

// Full returns a tensor whose elements are all v.
func (o Options) Full(v float64, sizes ...int) *Tensor {
	t := o.Empty(sizes...)
	if st := t.impl.storage.Load(); st.data != nil {
		for i := range st.data {
			st.data[i] = v
		}
	}
	return t
}

// FromSlice returns a tensor holding a copy of data with the given sizes
// (one dimension of len(data) if none is given).
func (o Options) FromSlice(data []float64, sizes ...int) *Tensor {
	if sizes == nil {
		sizes = []int{len(data)}
	}
	if numel(sizes) != len(data) {
		panic(fmt.Sprintf("reftensor: from slice: %d values for sizes %v", len(data), sizes))
	}
	t := o.Empty(sizes...)
	if st := t.impl.storage.Load(); st.data != nil {
		copy(st.data, data)
	}
	return t
}

// Empty returns a plain CPU tensor of zeros of the given sizes.
func Empty(sizes ...int) *Tensor { return Options{}.Empty(sizes...) }

// Zeros returns a plain CPU tensor of zeros.
func Zeros(sizes ...int) *Tensor { return Options{}.Empty(sizes...) }

// Ones returns a plain CPU tensor of ones.
func Ones(sizes ...int) *Tensor { return Options{}.Full(1, sizes...) }

// Full returns a plain CPU tensor whose elements are all v.
func Full(v float64, sizes ...int) *Tensor { return Options{}.Full(v, sizes...) }

// FromSlice returns a plain CPU tensor holding a copy of data.
func FromSlice(data []float64, sizes ...int) *Tensor { return Options{}.FromSlice(data, sizes...) }

// Scalar returns a 0-dimensional tensor holding v.
func Scalar(v float64) *Tensor { return Options{}.Full(v) }

// Arange returns the 1-dimensional tensor 0, 1, ..., n-1.
func Arange(n int) *Tensor {
	t := Empty(n)
	d := t.impl.storage.Load().data
	for i := range d {
		d[i] = float64(i)
	}
	return t
}

// EmptyLike returns a fresh tensor of zeros like t: same device and kind
// (a wrapper's inner tensor is made like t's inner tensor and wrapped the
// same way), with the given sizes, or t's sizes if none is given. Kernels
// use it to allocate outputs.
func EmptyLike(t *Tensor, sizes ...int) *Tensor {
	i := t.must("empty_like")
	if sizes == nil {
		sizes = i.sizes
	}
	if i.layout == Sparse {
		panic("reftensor: empty_like: sparse tensors are not supported")
	}
	if i.kind == Wrapper {
		in := EmptyLike(i.inner, sizes...)
		defer in.Release()
		return Wrap(in, i.propagates)
	}
	return Options{Device: i.device, Kind: i.kind}.Empty(sizes...)
}

func checkSizes(op string, sizes []int) {
	for _, s := range sizes {
		if s < 0 {
			panic(fmt.Sprintf("reftensor: %s: negative size in %v", op, sizes))
		}
	}
}
