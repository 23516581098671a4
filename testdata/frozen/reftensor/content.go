package reftensor

import (
	"hash/maphash"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// contentSeed is the seed of every content digest of the process: digests
// are compared within one run only.
var contentSeed = maphash.MakeSeed()

// ContentDigest implements asserts.Contents: a maphash digest of the
// storage elements the tensor can reach, from its offset to the farthest
// element its sizes and strides address (the gaps of a strided view
// included). A tensor with no elements digests nothing. ok is false for an
// undefined tensor, a layout without storage (sparse), a meta tensor, and a
// wrapper subclass whose storage is a stub: they have no bytes to read.
func (t *Tensor) ContentDigest() (digest uint64, ok bool) {
	if t == nil || t.impl == nil {
		return 0, false
	}
	i := t.impl
	st := i.storage.Load()
	if st == nil || st.data == nil {
		return 0, false
	}
	lo, hi := i.offset, i.offset // the reachable range, [lo, hi]
	for d, n := range i.sizes {
		if n == 0 {
			return maphash.Bytes(contentSeed, nil), true
		}
		if s := i.strides[d]; s >= 0 {
			hi += (n - 1) * s
		} else {
			lo += (n - 1) * s
		}
	}
	data := st.data
	lo, hi = max(lo, 0), min(hi, len(data)-1)
	if lo > hi {
		return maphash.Bytes(contentSeed, nil), true
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&data[lo])), (hi-lo+1)*int(unsafe.Sizeof(data[0])))
	return maphash.Bytes(contentSeed, b), true
}

// SetAtRaw sets the element at idx to v WITHOUT bumping the version
// counter: the write a kernel makes through a tensor's data pointer, below
// the layer that counts versions. It is the means of the bug that
// asserts' same_content check exists for (a kernel writing an input its
// schema marks read-only, invisible to no_mutation); use it only to
// reproduce that bug. Wrapper subclasses write their inner tensor the same
// way.
func (t *Tensor) SetAtRaw(v float64, idx ...int) {
	i := t.must("set_at_raw")
	switch {
	case i.kind == Wrapper:
		i.inner.SetAtRaw(v, idx...)
		return
	case i.layout == Sparse:
		panic("reftensor: set_at_raw: sparse tensors are not supported")
	case i.device == Meta:
		panic("reftensor: set_at_raw: meta tensors have no data")
	}
	i.storage.Load().data[i.offsetOf("set_at_raw", idx)] = v
}

var _ asserts.Contents = (*Tensor)(nil)
