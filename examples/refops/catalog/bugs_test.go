package catalog_test

// The broken kernels. Each type embeds checkedif.Functions, so it implements
// checkedif.Kernels, and overrides the one method that holds the bug.

import (
	"slices"
	"sync"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// copyingTranspose is a view that copies: transpose.int returns a
// contiguous copy of the transposed tensor ("callers are faster on
// contiguous data"). Writes through the result no longer reach self.
type copyingTranspose struct{ checkedif.Functions }

func (copyingTranspose) TransposeInt(self *rt.Tensor, dim0, dim1 int64) *rt.Tensor {
	v := refops.TransposeInt(self, dim0, dim1)
	defer v.Release()
	return rt.Clone(v)
}

// cloneReturnsInput is a functional op that returns its input: clone skips
// the copy when self is already contiguous.
type cloneReturnsInput struct{ checkedif.Functions }

func (cloneReturnsInput) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	if self.IsContiguous() {
		return self.Share() // nothing to lay out again
	}
	return refops.Clone(self, memoryFormat)
}

// foreachFlattens is an in-place op that replaces an element of self with
// another TensorImpl: _foreach_zero_ flattens each multi-dimensional tensor
// to zero it in one loop, and stores the flat view back into the list.
type foreachFlattens struct{ checkedif.Functions }

func (foreachFlattens) XForeachZero_(self []*rt.Tensor) {
	for i, t := range self {
		if t.Dim() > 1 && t.IsContiguous() {
			self[i] = t.View(-1) // the bug: the caller's list now holds the view
		}
		self[i].Zero()
	}
}

// reallocResize is an in-place op that swaps self's StorageImpl: resize_
// grows by allocating a bigger buffer, copying the old values and pointing
// self at it, instead of growing the StorageImpl in place.
type reallocResize struct{ checkedif.Functions }

func (reallocResize) Resize_(self *rt.Tensor, size []int64, memoryFormat *int) *rt.Tensor {
	sizes := make([]int, len(size))
	n := 1
	for i, s := range size {
		sizes[i] = int(s)
		n *= int(s)
	}
	if self.Offset()+n <= self.Storage().Len() {
		return refops.Resize_(self, size, memoryFormat)
	}
	bigger := rt.EmptyLike(self, n)
	defer bigger.Release()
	head := bigger.Narrow(0, 0, self.Numel())
	flat := self.Reshape(-1)
	head.CopyFrom(flat)
	head.Release()
	flat.Release()
	return self.SetStorageImpl(bigger.Storage(), 0, sizes, nil)
}

// outReturnsNew is an out= op that returns a new tensor: add.out computes
// self + alpha*other and returns it, never touching out.
type outReturnsNew struct{ checkedif.Functions }

func (outReturnsNew) AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
	return rt.Add(self, other, alpha)
}

// cachingMm is a kernel that caches its output: mm memoizes its result by
// the identities of its inputs and keeps a handle to it.
type cachingMm struct {
	checkedif.Functions
	mu    sync.Mutex
	cache map[[2]asserts.ID]*rt.Tensor
}

func (c *cachingMm) Mm(self, mat2 *rt.Tensor) *rt.Tensor {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := [2]asserts.ID{self.Ident().Impl, mat2.Ident().Impl}
	if r, ok := c.cache[key]; ok {
		return r.Share()
	}
	r := refops.Mm(self, mat2)
	if c.cache == nil {
		c.cache = map[[2]asserts.ID]*rt.Tensor{}
	}
	c.cache[key] = r.Share()
	return r
}

// metaExpandAllocates is a meta-device view that allocates fresh storage:
// "a meta tensor has no data, so a tensor of the right shape is all expand
// needs to return".
type metaExpandAllocates struct{ checkedif.Functions }

func (metaExpandAllocates) Expand(self *rt.Tensor, size []int64, implicit bool) *rt.Tensor {
	if self.Device() != rt.Meta {
		return refops.Expand(self, size, implicit)
	}
	sizes := make([]int, len(size))
	lead := len(size) - self.Dim()
	for i, s := range size {
		sizes[i] = int(s)
		if s == -1 {
			sizes[i] = self.Size(i - lead)
		}
	}
	return rt.Options{Device: rt.Meta, Kind: self.Kind()}.Empty(sizes...)
}

// splitCopies is split returning copies: split.Tensor clones each piece
// ("the pieces are handed to other threads").
type splitCopies struct{ checkedif.Functions }

func (splitCopies) SplitTensor(self *rt.Tensor, splitSize, dim int64) []*rt.Tensor {
	parts := refops.SplitTensor(self, splitSize, dim)
	for i, p := range parts {
		parts[i] = rt.Clone(p)
		p.Release()
	}
	return parts
}

// splitShortcut is split taking a shortcut: when one piece covers the
// whole dimension it returns the input's handle as that piece, instead of
// a view of it. In Go that leaves every use count at 1.
type splitShortcut struct{ checkedif.Functions }

func (splitShortcut) SplitTensor(self *rt.Tensor, splitSize, dim int64) []*rt.Tensor {
	if splitSize >= int64(self.Size(int(dim))) {
		return []*rt.Tensor{self}
	}
	return refops.SplitTensor(self, splitSize, dim)
}

// packedMax is two outputs sharing one buffer: max.dim computes values and
// indices into one stacked tensor and returns its two rows.
type packedMax struct{ checkedif.Functions }

func (packedMax) MaxDim(self *rt.Tensor, dim int64, keepdim bool) (*rt.Tensor, *rt.Tensor) {
	v, i := refops.MaxDim(self, dim, keepdim)
	defer v.Release()
	defer i.Release()
	buf := refops.Stack([]*rt.Tensor{v, i}, 0)
	defer buf.Release()
	return buf.Select(0, 0), buf.Select(0, 1)
}

// divFixesZeros writes an input the schema does not mark mutable: div.Tensor
// replaces the zeros of other by a tiny number, in place, to avoid
// infinities.
type divFixesZeros struct{ checkedif.Functions }

func (divFixesZeros) DivTensor(self, other *rt.Tensor) *rt.Tensor {
	if other.Device() != rt.Meta {
		vals := other.ToSlice()
		if slices.Contains(vals, 0) {
			for i, v := range vals {
				if v == 0 {
					vals[i] = 1e-300
				}
			}
			fixed := rt.FromSlice(vals, other.Sizes()...)
			other.CopyFrom(fixed) // the bug: other is Tensor, not Tensor(a!)
			fixed.Release()
		}
	}
	return refops.DivTensor(self, other)
}

// clampGlobalMax handles a storage bound outside the hermetic context it
// runs in: clamp.Tensor without a max uses a package-level default bound,
// made (and its storage's foreign object bound, e.g. by pickling it) in the
// main interpreter, and redispatches to clamp.Tensor with it. Inside a
// torch::deploy-style hermetic interpreter that object must not be touched:
// it is the PyObject-preservation bug.
type clampGlobalMax struct {
	checkedif.Functions
	ops checkedif.Kernels // the dispatcher: nested calls are checked too
}

// defaultMax is made at package initialization, in the root context, and
// its storage object is bound there.
var defaultMax = func() *rt.Tensor {
	t := rt.Scalar(6)
	t.StorageObject()
	return t
}()

func (c clampGlobalMax) ClampTensor(self, min_, max_ *rt.Tensor) *rt.Tensor {
	if !max_.Defined() {
		return c.ops.ClampTensor(self, min_, defaultMax)
	}
	return refops.ClampTensor(self, min_, max_)
}

// copyBySet uses set_ inside an op that is not allowlisted: copy_ of a
// tensor of the same shape points self at src's storage ("share the buffer
// instead of copying it"). Later writes to either tensor show in both.
type copyBySet struct{ checkedif.Functions }

func (copyBySet) Copy_(self, src *rt.Tensor, nonBlocking bool) *rt.Tensor {
	if slices.Equal(self.Sizes(), src.Sizes()) && src.IsContiguous() {
		return self.SetStorage(src)
	}
	return refops.Copy_(self, src, nonBlocking)
}

// rebindTranspose is an in-place view that replaces self's TensorImpl:
// transpose_ computes the out-of-place view and points the handle at it.
type rebindTranspose struct{ checkedif.Functions }

func (rebindTranspose) Transpose_(self *rt.Tensor, dim0, dim1 int64) *rt.Tensor {
	v := refops.TransposeInt(self, dim0, dim1)
	*self = *v // the caller's handle now refers to the view's TensorImpl
	return self
}

// mulInPlaceReturnsNew is an in-place op that returns a new tensor: mul_
// computes self * other out of place and returns it; self is unchanged.
type mulInPlaceReturnsNew struct{ checkedif.Functions }

func (mulInPlaceReturnsNew) Mul_Tensor(self, other *rt.Tensor) *rt.Tensor {
	return rt.Mul(self, other)
}

// cachingContiguous is a may-alias op that returns a tensor held elsewhere:
// contiguous keeps the copies it makes of non-contiguous tensors, to return
// them again.
type cachingContiguous struct {
	checkedif.Functions
	mu    sync.Mutex
	cache map[asserts.ID]*rt.Tensor
}

func (c *cachingContiguous) Contiguous(self *rt.Tensor, memoryFormat int) *rt.Tensor {
	if self.IsContiguous() {
		return refops.Contiguous(self, memoryFormat)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	id := self.Ident().Impl
	if r, ok := c.cache[id]; ok {
		return r.Share()
	}
	r := refops.Contiguous(self, memoryFormat)
	if c.cache == nil {
		c.cache = map[asserts.ID]*rt.Tensor{}
	}
	c.cache[id] = r.Share()
	return r
}

// keepingAdd is a direct subclass's add that keeps its output, as a
// __torch_function__ override that logs results does.
type keepingAdd struct {
	checkedif.Functions
	mu   sync.Mutex
	kept []*rt.Tensor
}

func (k *keepingAdd) AddTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	r := refops.AddTensor(self, other, alpha)
	k.mu.Lock()
	k.kept = append(k.kept, r.Share())
	k.mu.Unlock()
	return r
}

func (k *keepingAdd) release() {
	for _, t := range k.kept {
		t.Release()
	}
	k.kept = nil
}

// cloneReturnsSelfPointer returns its input's handle itself, without
// Share: the use counts stay 1, and the caller then holds one handle twice
// and would release its TensorImpl twice. C++ cannot make this mistake
// (returning a Tensor copies the handle); impl_use_count_le_1 catches it
// by comparing the return with every argument (internal/engine's Call.NotArg).
type cloneReturnsSelfPointer struct{ checkedif.Functions }

func (cloneReturnsSelfPointer) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	return self
}

// cloneViews is a functional op that returns a view of its input: clone
// skips the copy and hands out an alias ("nobody writes it anyway"). Under
// a tracing mode the use counts prove nothing, so only fresh_no_alias sees
// it.
type cloneViews struct{ checkedif.Functions }

func (cloneViews) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor { return self.Alias() }

// contiguousReturnsHandle is a may-alias op that returns its argument's
// handle itself: contiguous on a contiguous tensor returns self, so the
// caller, who owns both handles, releases one tensor twice.
type contiguousReturnsHandle struct{ checkedif.Functions }

func (contiguousReturnsHandle) Contiguous(self *rt.Tensor, memoryFormat int) *rt.Tensor {
	if self.IsContiguous() {
		return self
	}
	return refops.Contiguous(self, memoryFormat)
}

// negBindsInput binds a foreign object to its input's storage while it runs:
// neg asks for self's storage object to log it, which in a hermetic context
// makes a binding that dangles once the context ends.
type negBindsInput struct{ checkedif.Functions }

func (negBindsInput) Neg(self *rt.Tensor) *rt.Tensor {
	_ = self.StorageObject() // "for the trace"
	return refops.Neg(self)
}

// negReleasesSelf releases its caller's handle: neg "cleans up" its input.
type negReleasesSelf struct{ checkedif.Functions }

func (negReleasesSelf) Neg(self *rt.Tensor) *rt.Tensor {
	out := refops.Neg(self)
	self.Release()
	return out
}

// copyingNarrow is a narrow that copies: legal for the schema (narrow may
// return a copy), wrong for a runtime that declares with a views entry
// that its narrow always returns a view.
type copyingNarrow struct{ checkedif.Functions }

func (copyingNarrow) Narrow(self *rt.Tensor, dim, start, length int64) *rt.Tensor {
	v := refops.Narrow(self, dim, start, length)
	defer v.Release()
	return rt.Clone(v)
}

// addScratch is add.Tensor with a kernel that borrows its read-only input
// other as scratch space: it writes through the data pointer
// (reftensor's SetAtRaw, below the layer that bumps versions) and leaves
// the scribble there. other's version counter does not move, so no_mutation
// cannot see the write; only same_content, which compares other's bytes
// before and after the call, can (the rrelu_with_noise noise bug of
// PyTorch 1.13, in Go).
type addScratch struct{ checkedif.Functions }

func (k addScratch) AddTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	r := k.Functions.AddTensor(self, other, alpha)
	other.SetAtRaw(-1, 0) // "nobody reads other after add"
	return r
}

// transposeInPlace is a view op that makes its view by changing its
// input: transpose.int swaps self's sizes and strides in place (two
// swaps, no copy) and returns an alias of the transposed self. The result
// is right, and so is every identity: the caller's tensor is now
// transposed, with no byte written and no version bumped.
type transposeInPlace struct{ checkedif.Functions }

func (transposeInPlace) TransposeInt(self *rt.Tensor, dim0, dim1 int64) *rt.Tensor {
	sizes, strides := self.Sizes(), self.Strides()
	d0, d1 := int(dim0), int(dim1)
	sizes[d0], sizes[d1] = sizes[d1], sizes[d0]
	strides[d0], strides[d1] = strides[d1], strides[d0]
	self.SetGeometryRaw(sizes, strides, self.Offset())
	return self.Alias()
}

// selectMovesOffset is a view op that moves its input's storage offset:
// select.int steps self's offset to the selected slice (the pointer walk
// of a C kernel), takes slice 0 of it, and never steps back.
type selectMovesOffset struct{ checkedif.Functions }

func (selectMovesOffset) SelectInt(self *rt.Tensor, dim, index int64) *rt.Tensor {
	d := int(dim)
	off := self.Offset() + int(index)*self.Strides()[d]
	sizes := self.Sizes()
	sizes[d] -= int(index)
	self.SetGeometryRaw(sizes, self.Strides(), off)
	return refops.SelectInt(self, dim, 0)
}
