package gcrt

// Broken kernels for the bug catalog (catalog_test.go), written inside the
// package as a runtime's author would write them: each is a real kernel with
// one bug of a class a garbage-collected runtime has.

import (
	"sync"
	"syscall"
	"unsafe"
)

// AddOutRebinds is add.out that writes its result into a new slice and
// points out at it, keeping out's storage ID: callers holding views of
// out's old memory no longer see out's values.
func AddOutRebinds(self, other *Tensor, alpha float64, out *Tensor) *Tensor {
	r := AddTensor(self, other, alpha)
	out.data = r.data // the bug: new memory under the old storage ID
	out.sizes, out.strides, out.offset = r.sizes, r.strides, 0
	return out
}

var contiguousCache sync.Map // *Tensor -> *Tensor

// ContiguousCached is contiguous that keeps the copy it makes of a
// non-contiguous input and returns it again next time: two callers share
// one buffer.
func ContiguousCached(self *Tensor, memoryFormat int) *Tensor {
	if self.IsContiguous() {
		return self
	}
	if c, ok := contiguousCache.Load(self); ok {
		return c.(*Tensor)
	}
	c := Contiguous(self, memoryFormat)
	contiguousCache.Store(self, c)
	return c
}

// TransposeInPlace is transpose.int that swaps self's own sizes and
// strides and returns self: a view op that changes its input.
func TransposeInPlace(self *Tensor, dim0, dim1 int64) *Tensor {
	a, b := wrapDim(dim0, len(self.sizes)), wrapDim(dim1, len(self.sizes))
	self.sizes, self.strides = swapped(self.sizes, a, b), swapped(self.strides, a, b)
	return self
}

var addCache struct {
	sync.Mutex
	out *Tensor
}

// AddCached is add.Tensor that reuses one output buffer across calls.
func AddCached(self, other *Tensor, alpha float64) *Tensor {
	addCache.Lock()
	defer addCache.Unlock()
	if addCache.out == nil || addCache.out.Numel() != self.Numel() {
		addCache.out = New(self.sizes...)
	}
	r := AddTensor(self, other, alpha)
	copy(addCache.out.data, r.data)
	return addCache.out
}

// CloneReturnsSelf is clone that skips the copy of a contiguous input.
func CloneReturnsSelf(self *Tensor, memoryFormat *int) *Tensor {
	if self.IsContiguous() {
		return self
	}
	return Clone(self, memoryFormat)
}

// CloneSharesMemory is clone that gives its result a new storage ID on
// self's memory: one buffer under two storages (a write to the clone
// changes self).
func CloneSharesMemory(self *Tensor, memoryFormat *int) *Tensor {
	return &Tensor{data: self.data, sid: nextID(), id: nextID(), sizes: self.sizes, strides: self.strides, offset: self.offset}
}

// CloneView is clone that returns a new view of self's storage.
func CloneView(self *Tensor, memoryFormat *int) *Tensor {
	return self.view(self.sizes, self.strides, self.offset)
}

// Add_ReturnsNew is add_ that computes self+alpha*other into a new tensor
// and returns it, leaving self alone.
func Add_ReturnsNew(self, other *Tensor, alpha float64) *Tensor {
	return AddTensor(self, other, alpha)
}

// Add_Reallocates is add_ that gives self a new allocation (a new storage
// ID): views of self no longer see its values.
func Add_Reallocates(self, other *Tensor, alpha float64) *Tensor {
	r := AddTensor(self, other, alpha)
	self.data, self.sid = r.data, r.sid
	self.sizes, self.strides, self.offset = r.sizes, r.strides, 0
	return self
}

// TransposeCopies is transpose.int that returns a contiguous copy.
func TransposeCopies(self *Tensor, dim0, dim1 int64) *Tensor {
	return Clone(TransposeInt(self, dim0, dim1), nil)
}

// NegInPlace is neg that negates its input in place and returns a copy.
func NegInPlace(self *Tensor) *Tensor {
	self.each(func(i int) { self.data[i] = -self.data[i] })
	return Clone(self, nil)
}

// CatAliases is cat that returns a view of its only input.
func CatAliases(tensors []*Tensor, dim int64) *Tensor {
	if len(tensors) == 1 {
		t := tensors[0]
		return t.view(t.sizes, t.strides, t.offset)
	}
	return Cat(tensors, dim)
}

// SelectReturnsSelf is select.int that, for a tensor of one element along
// dim, squeezes self in place and returns it.
func SelectReturnsSelf(self *Tensor, dim, index int64) *Tensor {
	d := wrapDim(dim, len(self.sizes))
	if self.sizes[d] != 1 {
		return SelectInt(self, dim, index)
	}
	self.sizes = append(append([]int(nil), self.sizes[:d]...), self.sizes[d+1:]...)
	self.strides = append(append([]int(nil), self.strides[:d]...), self.strides[d+1:]...)
	return self
}

// Mapped returns a fresh tensor of n zeros over anonymous memory mapped
// with syscall.Mmap (outside the Go heap), and the function that unmaps it.
func Mapped(n int) (*Tensor, func() error) {
	b, err := syscall.Mmap(-1, 0, n*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	data := unsafe.Slice((*float64)(unsafe.Pointer(&b[0])), n)
	return Over(data, n), func() error { return syscall.Munmap(b) }
}

// Rebind points t at a copy of its memory, keeping its storage ID: what
// AddOutRebinds does to out, for assertstest's "a rebinding is seen".
func Rebind(t *Tensor) { t.data = append([]float64(nil), t.data...) }

var mappedCache struct {
	sync.Mutex
	t *Tensor
}

// ResetAddCache drops AddCached's buffer, so that a run starts without
// one (the one path's statistics test runs each bug twice).
func ResetAddCache() {
	addCache.Lock()
	addCache.out = nil
	addCache.Unlock()
}

// ResetMappedCache drops CloneMappedCached's buffer, so that a run of
// the catalog starts without one and reports the same under -count.
func ResetMappedCache() {
	mappedCache.Lock()
	mappedCache.t = nil
	mappedCache.Unlock()
}

// CloneMappedCached is clone that copies into one buffer mapped outside
// the Go heap (a scratch file, say), kept across calls: every caller gets
// the same storage.
func CloneMappedCached(self *Tensor, memoryFormat *int) *Tensor {
	mappedCache.Lock()
	defer mappedCache.Unlock()
	if mappedCache.t == nil || mappedCache.t.Numel() != self.Numel() {
		mappedCache.t, _ = Mapped(self.Numel())
	}
	return Copy_(mappedCache.t, self, false)
}

// CatReturnsFirst is cat that returns its first input for a list of one
// tensor: the input's handle itself (not_arg_handle).
func CatReturnsFirst(tensors []*Tensor, dim int64) *Tensor {
	if len(tensors) == 1 {
		return tensors[0]
	}
	return Cat(tensors, dim)
}

var catCache struct {
	sync.Mutex
	out *Tensor
}

// ResetCatCache forgets CatCached's buffer.
func ResetCatCache() {
	catCache.Lock()
	catCache.out = nil
	catCache.Unlock()
}

// CatCached is cat that writes into one buffer it keeps and returns it
// on every call of the same size (fresh_not_held).
func CatCached(tensors []*Tensor, dim int64) *Tensor {
	catCache.Lock()
	defer catCache.Unlock()
	r := Cat(tensors, dim)
	if catCache.out == nil || catCache.out.Numel() != r.Numel() {
		catCache.out = New(r.sizes...)
	}
	copy(catCache.out.data, r.data)
	return catCache.out
}

// CatFlattensInputs is cat that reshapes its 2-dimensional inputs to one
// dimension in place (same_metadata on the list's elements).
func CatFlattensInputs(tensors []*Tensor, dim int64) *Tensor {
	r := Cat(tensors, dim)
	for _, t := range tensors {
		if len(t.sizes) == 2 && t.IsContiguous() {
			t.sizes, t.strides = []int{t.sizes[0] * t.sizes[1]}, []int{1}
		}
	}
	return r
}
