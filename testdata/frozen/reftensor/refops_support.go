package reftensor

import (
	"fmt"
	"slices"
)

// This file holds what the kernels of examples/refops need beyond the
// operations above: in-place geometry changes (as_strided_ and the in-place
// views built on it) and set_ to a StorageImpl.

// SetGeometry gives t new sizes, strides and storage offset in place,
// keeping its TensorImpl and StorageImpl, and returns t (as_strided_; the
// in-place views transpose_, t_, unsqueeze_ and squeeze_ are built on it).
// A nil strides means contiguous. The geometry must fit in the storage. Like
// every in-place op it bumps the version counter. On a wrapper subclass it
// changes the inner tensor's geometry and mirrors it.
func (t *Tensor) SetGeometry(sizes, strides []int, offset int) *Tensor {
	i := t.must("as_strided_")
	checkSizes("as_strided_", sizes)
	if strides != nil && len(strides) != len(sizes) {
		panic(fmt.Sprintf("reftensor: as_strided_: %d strides for %d sizes", len(strides), len(sizes)))
	}
	if offset < 0 {
		panic(fmt.Sprintf("reftensor: as_strided_: negative storage offset %d", offset))
	}
	switch {
	case i.layout == Sparse:
		panic("reftensor: as_strided_: sparse tensors are not supported")
	case i.kind == Wrapper:
		i.inner.SetGeometry(sizes, strides, offset)
		in := i.inner.impl
		i.setGeometry(in.sizes, in.strides, in.offset)
		i.bump()
		return t
	}
	if strides == nil {
		strides = make([]int, len(sizes))
		contiguousStrides(strides, sizes)
	}
	g := geometry{slices.Clone(sizes), slices.Clone(strides), offset}
	if n, st := needed(g), i.storage.Load(); n > st.n {
		panic(fmt.Sprintf("reftensor: as_strided_: geometry needs %d storage elements, storage has %d", n, st.n))
	}
	i.setGeometry(g.sizes, g.strides, g.offset)
	i.bump()
	return t
}

// SetGeometryRaw is SetGeometry WITHOUT the version bump: what a kernel
// does when it rewrites a TensorImpl's sizes, strides and offset directly
// (a "view" made by transposing or narrowing its input in place), below
// the layer that counts versions. It is the means of the bug that
// asserts' same_metadata check exists for (a kernel changing the
// geometry of an input its schema marks read-only, invisible to
// no_mutation and same_content); use it only to reproduce that bug. It
// takes strided, non-wrapper tensors, and the geometry must fit in the
// storage.
func (t *Tensor) SetGeometryRaw(sizes, strides []int, offset int) *Tensor {
	i := t.must("set_geometry_raw")
	if i.layout == Sparse || i.kind == Wrapper {
		panic("reftensor: set_geometry_raw: strided, non-wrapper tensors only")
	}
	if strides == nil {
		strides = make([]int, len(sizes))
		contiguousStrides(strides, sizes)
	}
	g := geometry{slices.Clone(sizes), slices.Clone(strides), offset}
	if n, st := needed(g), i.storage.Load(); offset < 0 || len(strides) != len(sizes) || n > st.n {
		panic("reftensor: set_geometry_raw: the geometry does not fit the storage")
	}
	i.setGeometry(g.sizes, g.strides, g.offset)
	return t
}

// SetStorageImpl makes t use st with the given storage offset, sizes and
// strides (nil: contiguous), keeping t's TensorImpl, and returns t
// (set_.source_Storage_storage_offset). The storage is retained; t releases
// the one it used. set_.source_Storage is
//
//	t.SetStorageImpl(st, 0, []int{st.Len()}, nil)
//
// st must be on t's device, and t must be a strided tensor that is not a
// wrapper subclass.
func (t *Tensor) SetStorageImpl(st *StorageImpl, offset int, sizes, strides []int) *Tensor {
	i := t.must("set_")
	if st == nil {
		panic("reftensor: set_: nil storage")
	}
	if i.layout == Sparse || i.kind == Wrapper {
		panic(fmt.Sprintf("reftensor: set_: %v %v tensors are not supported", i.layout, i.kind))
	}
	if st.device != i.device {
		panic(fmt.Sprintf("reftensor: set_: storage on %v for a tensor on %v", st.device, i.device))
	}
	checkSizes("set_", sizes)
	if strides == nil {
		strides = make([]int, len(sizes))
		contiguousStrides(strides, sizes)
	}
	if len(strides) != len(sizes) {
		panic(fmt.Sprintf("reftensor: set_: %d strides for %d sizes", len(strides), len(sizes)))
	}
	if n := needed(geometry{sizes, strides, offset}); n > st.n || offset < 0 {
		panic(fmt.Sprintf("reftensor: set_: geometry needs %d storage elements at offset %d, storage has %d", n, offset, st.n))
	}
	st.retain()
	if old := i.storage.Swap(st); old != nil {
		old.release()
	}
	i.setGeometry(sizes, strides, offset)
	i.bump()
	return t
}
