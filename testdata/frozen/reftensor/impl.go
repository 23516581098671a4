package reftensor

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
)

// Device is where a tensor's data lives.
type Device uint8

const (
	// CPU tensors hold their data in Go memory.
	CPU Device = iota
	// Meta tensors have sizes and storage sizes but no data.
	Meta
)

// String returns "cpu" or "meta".
func (d Device) String() string {
	if d == Meta {
		return "meta"
	}
	return "cpu"
}

// Kind is the Python-level kind of a tensor.
type Kind uint8

const (
	// Plain is an ordinary tensor.
	Plain Kind = iota
	// Subclass is a direct subclass instance (see AsSubclass).
	Subclass
	// Wrapper is a wrapper subclass holding an inner tensor (see Wrap).
	Wrapper
	// Functional is a functional wrapper (see Functionalize).
	Functional
)

var kindNames = [...]string{"plain", "subclass", "wrapper", "functional"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Layout is how a tensor's elements are stored.
type Layout uint8

const (
	// Strided tensors index a storage with sizes, strides and an offset.
	Strided Layout = iota
	// Sparse tensors (COO) have indices and values and no storage.
	Sparse
)

// String returns "strided" or "sparse".
func (l Layout) String() string {
	if l == Sparse {
		return "sparse"
	}
	return "strided"
}

var nextID atomic.Uint64

// newID returns an identity never handed out before.
func newID() asserts.ID { return asserts.ID(nextID.Add(1)) }

// storageKind says what a StorageImpl's buffer is.
type storageKind uint8

const (
	dataStorage       storageKind = iota // holds data (nil on meta)
	stubStorage                          // a wrapper's stub: no data, size 0
	functionalStorage                    // written by replacing the buffer
)

// StorageImpl is the object that owns a tensor's data. Views share it; its
// use count is the number of TensorImpls using it.
type StorageImpl struct {
	id      asserts.ID
	refs    atomic.Int64
	device  Device
	kind    storageKind
	n       int       // size in elements (also on meta, which has no data)
	data    []float64 // len(data) == n on CPU; nil on meta and for stubs
	binding atomic.Pointer[Object]
}

func newStorage(dev Device, kind storageKind, n int) *StorageImpl {
	s := &StorageImpl{id: newID(), device: dev, kind: kind, n: n}
	if dev == CPU && kind != stubStorage {
		s.data = make([]float64, n)
	}
	s.refs.Store(1)
	return s
}

// ID returns the StorageImpl's identity.
func (s *StorageImpl) ID() asserts.ID { return s.id }

// UseCount returns the number of TensorImpls using the storage.
func (s *StorageImpl) UseCount() int { return int(s.refs.Load()) }

// Len returns the storage's size in elements.
func (s *StorageImpl) Len() int { return s.n }

// Device returns the storage's device.
func (s *StorageImpl) Device() Device { return s.device }

// Data returns the storage's buffer (nil on meta). The slice is valid while
// the caller holds a reference to a tensor using the storage, and until the
// next Resize or write to a functional tensor; writing to it directly
// bypasses the version counter.
func (s *StorageImpl) Data() []float64 { return s.data }

// Object returns the foreign object bound to the storage, or nil.
func (s *StorageImpl) Object() *Object { return s.binding.Load() }

func (s *StorageImpl) retain() { s.refs.Add(1) }

func (s *StorageImpl) release() {
	switch n := s.refs.Add(-1); {
	case n == 0:
		s.data = nil
	case n < 0:
		panic(fmt.Sprintf("reftensor: StorageImpl %v released more often than retained", s.id))
	}
}

// ensure grows the storage to at least n elements, keeping the StorageImpl
// (resize_ semantics): the buffer is reallocated and copied, the object is
// the same.
func (s *StorageImpl) ensure(n int) {
	if n <= s.n {
		return
	}
	if s.device == CPU && s.kind != stubStorage {
		d := make([]float64, n)
		copy(d, s.data)
		s.data = d
	}
	s.n = n
}

type versionCounter struct{ v atomic.Uint64 }

// TensorImpl is the object a handle points to: sizes, strides, offset, the
// StorageImpl and the version counter. Its use count is the number of
// handles pointing to it.
type TensorImpl struct {
	id         asserts.ID
	refs       atomic.Int64
	traits     asserts.Traits
	kind       Kind
	device     Device
	layout     Layout
	propagates bool
	storage    atomic.Pointer[StorageImpl]
	version    *versionCounter
	sizes      []int
	strides    []int
	offset     int
	dims       [8]int                 // backing array for sizes and strides up to 4 dims
	inner      *Tensor                // a wrapper's inner tensor (owned)
	sp         *sparseParts           // a sparse tensor's indices and values (owned)
	object     atomic.Pointer[Object] // the foreign object bound to it (see TensorObject)
}

// newImpl returns a TensorImpl with use count 1 taking over the caller's
// reference to st (which may be nil for storage-less layouts). A nil
// version starts a new version counter.
func newImpl(kind Kind, dev Device, layout Layout, st *StorageImpl, sizes, strides []int, offset int, ver *versionCounter) *TensorImpl {
	t := new(TensorImpl)
	if ver == nil {
		ver = new(versionCounter)
	}
	initImpl(t, kind, dev, layout, st, sizes, strides, offset, ver)
	return t
}

// initImpl initializes a zero TensorImpl as newImpl describes.
func initImpl(t *TensorImpl, kind Kind, dev Device, layout Layout, st *StorageImpl, sizes, strides []int, offset int, ver *versionCounter) {
	t.id, t.kind, t.device, t.layout, t.offset, t.version = newID(), kind, dev, layout, offset, ver
	t.setGeometry(sizes, strides, offset)
	if st != nil {
		t.storage.Store(st)
	}
	t.refs.Store(1)
	t.updateTraits()
}

func (t *TensorImpl) updateTraits() {
	tr := asserts.Versioned
	switch t.kind {
	case Subclass:
		tr |= asserts.DirectSubclass
	case Wrapper:
		tr |= asserts.WrapperSubclass
		if t.propagates {
			tr |= asserts.PropagatesStorage
		}
	case Functional:
		tr |= asserts.FunctionalWrapper
	}
	if t.device == Meta {
		tr |= asserts.Meta
	}
	if t.layout == Sparse {
		tr |= asserts.Storageless
	}
	t.traits = tr
}

// setGeometry copies sizes and strides into the TensorImpl (strides nil:
// contiguous).
func (t *TensorImpl) setGeometry(sizes, strides []int, offset int) {
	n := len(sizes)
	if 2*n <= len(t.dims) {
		t.sizes, t.strides = t.dims[:n:n], t.dims[n:2*n:2*n]
	} else {
		t.sizes, t.strides = make([]int, n), make([]int, n)
	}
	copy(t.sizes, sizes)
	if strides == nil {
		contiguousStrides(t.strides, sizes)
	} else {
		copy(t.strides, strides)
	}
	t.offset = offset
}

func contiguousStrides(dst, sizes []int) {
	s := 1
	for i := len(sizes) - 1; i >= 0; i-- {
		dst[i] = s
		s *= max(sizes[i], 1)
	}
}

// ID returns the TensorImpl's identity.
func (t *TensorImpl) ID() asserts.ID { return t.id }

// UseCount returns the number of handles pointing to the TensorImpl.
func (t *TensorImpl) UseCount() int { return int(t.refs.Load()) }

// Storage returns the StorageImpl, nil for a sparse tensor.
func (t *TensorImpl) Storage() *StorageImpl { return t.storage.Load() }

// Version returns the version counter's value.
func (t *TensorImpl) Version() uint64 { return t.version.v.Load() }

func (t *TensorImpl) retain() { t.refs.Add(1) }

func (t *TensorImpl) release() {
	switch n := t.refs.Add(-1); {
	case n == 0:
		if st := t.storage.Swap(nil); st != nil {
			st.release()
		}
		if t.inner != nil {
			t.inner.Release()
		}
		if t.sp != nil {
			t.sp.values.Release()
		}
	case n < 0:
		panic(fmt.Sprintf("reftensor: TensorImpl %v released more often than retained", t.id))
	}
}

// bump records an in-place write.
func (t *TensorImpl) bump() { t.version.v.Add(1) }

// Tensor is a handle to a TensorImpl; see the package documentation for who
// owns what. The nil *Tensor is an undefined tensor.
type Tensor struct {
	impl *TensorImpl
}

func handle(t *TensorImpl) *Tensor { return &Tensor{impl: t} }

// Undefined returns an undefined tensor handle.
func Undefined() *Tensor { return &Tensor{} }

// Defined reports whether the handle points to a TensorImpl.
func (t *Tensor) Defined() bool { return t != nil && t.impl != nil }

// Impl returns the TensorImpl, or nil for an undefined handle.
func (t *Tensor) Impl() *TensorImpl {
	if t == nil {
		return nil
	}
	return t.impl
}

// Share returns a second handle to the same TensorImpl, raising its use
// count by one. Sharing an undefined handle returns an undefined handle.
func (t *Tensor) Share() *Tensor {
	if !t.Defined() {
		return Undefined()
	}
	t.impl.retain()
	return handle(t.impl)
}

// Release drops the handle's reference and makes the handle undefined.
// Releasing an undefined handle does nothing.
func (t *Tensor) Release() {
	if !t.Defined() {
		return
	}
	impl := t.impl
	t.impl = nil
	impl.release()
}

// must returns the TensorImpl or panics for an undefined handle.
func (t *Tensor) must(op string) *TensorImpl {
	if !t.Defined() {
		panic("reftensor: " + op + ": undefined tensor")
	}
	return t.impl
}

// Sizes returns a copy of the sizes.
func (t *Tensor) Sizes() []int { return append([]int(nil), t.must("Sizes").sizes...) }

// Strides returns a copy of the strides.
func (t *Tensor) Strides() []int { return append([]int(nil), t.must("Strides").strides...) }

// Offset returns the storage offset.
func (t *Tensor) Offset() int { return t.must("Offset").offset }

// Dim returns the number of dimensions.
func (t *Tensor) Dim() int { return len(t.must("Dim").sizes) }

// Size returns the size of dimension d (negative d counts from the end).
func (t *Tensor) Size(d int) int {
	i := t.must("Size")
	return i.sizes[wrapDim(d, len(i.sizes))]
}

// Numel returns the number of elements.
func (t *Tensor) Numel() int { return numel(t.must("Numel").sizes) }

// Device returns the tensor's device.
func (t *Tensor) Device() Device { return t.must("Device").device }

// Kind returns the tensor's kind.
func (t *Tensor) Kind() Kind { return t.must("Kind").kind }

// Layout returns the tensor's layout.
func (t *Tensor) Layout() Layout { return t.must("Layout").layout }

// Storage returns the tensor's StorageImpl, nil for a sparse tensor.
func (t *Tensor) Storage() *StorageImpl { return t.must("Storage").storage.Load() }

// Version returns the tensor's version counter.
func (t *Tensor) Version() uint64 { return t.must("Version").Version() }

// IsContiguous reports whether the elements are laid out row-major without
// gaps.
func (t *Tensor) IsContiguous() bool {
	i := t.must("IsContiguous")
	return isContiguous(i.sizes, i.strides)
}

func isContiguous(sizes, strides []int) bool {
	s := 1
	for d := len(sizes) - 1; d >= 0; d-- {
		if sizes[d] != 1 && strides[d] != s {
			return false
		}
		s *= sizes[d]
	}
	return true
}

// String describes the handle, e.g.
// "tensor(impl=0x3 storage=0x2 sizes=[2 3] cpu plain)".
func (t *Tensor) String() string {
	if !t.Defined() {
		return "tensor(undefined)"
	}
	i := t.impl
	var b strings.Builder
	fmt.Fprintf(&b, "tensor(impl=%v", i.id)
	if st := i.storage.Load(); st != nil {
		fmt.Fprintf(&b, " storage=%v", st.id)
	}
	fmt.Fprintf(&b, " sizes=%v %v %v", i.sizes, i.device, i.kind)
	if i.layout == Sparse {
		b.WriteString(" sparse")
	}
	b.WriteString(")")
	return b.String()
}

func numel(sizes []int) int {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	return n
}

func wrapDim(d, n int) int {
	if d < 0 {
		d += n
	}
	if d < 0 || d >= n {
		panic(fmt.Sprintf("reftensor: dimension %d out of range for %d dimensions", d, n))
	}
	return d
}

// Ident implements asserts.Tensor.
func (t *Tensor) Ident() asserts.Ident {
	if t == nil || t.impl == nil {
		return asserts.Ident{}
	}
	i := t.impl
	id := asserts.Ident{Impl: i.id, Version: i.version.v.Load(), Traits: i.traits}
	if st := i.storage.Load(); st != nil {
		id.Storage = st.id
	}
	return id
}

// UseCounts implements asserts.Tensor.
func (t *Tensor) UseCounts() (impl, storage int) {
	if t == nil || t.impl == nil {
		return 0, 0
	}
	if st := t.impl.storage.Load(); st != nil {
		storage = int(st.refs.Load())
	}
	return int(t.impl.refs.Load()), storage
}

// StorageBinding implements asserts.Bound: the binding of the foreign
// object bound to the tensor's storage, if any.
func (t *Tensor) StorageBinding() (asserts.Binding, bool) {
	if t == nil || t.impl == nil {
		return asserts.Binding{}, false
	}
	st := t.impl.storage.Load()
	if st == nil {
		return asserts.Binding{}, false
	}
	o := st.binding.Load()
	if o == nil {
		return asserts.Binding{}, false
	}
	return asserts.Binding{Context: o.ctx.id, Hermetic: o.ctx.hermetic}, true
}

var (
	_ asserts.Tensor    = (*Tensor)(nil)
	_ asserts.Bound     = (*Tensor)(nil)
	_ asserts.ImplBound = (*Tensor)(nil)
)

// MetadataFingerprint implements asserts.Metadata: a fingerprint of the
// TensorImpl's sizes, strides and storage offset (asserts.FingerprintMetadata),
// read without allocating. ok is false for an undefined handle.
func (t *Tensor) MetadataFingerprint() (uint64, bool) {
	if t == nil || t.impl == nil {
		return 0, false
	}
	i := t.impl
	return asserts.FingerprintMetadata(i.sizes, i.strides, i.offset), true
}
