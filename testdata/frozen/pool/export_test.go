package pool

// The broken kernels of the bug catalog (catalog_test.go): each keeps the
// runtime's identities right and breaks its memory, the bugs a pooling
// runtime has.

// AddOutKeepsGivenBuffer is add.out that, to resize out, gives out's
// buffer back to the free list and goes on using it (a slice of it): the
// next fresh output of that size takes the buffer while out still points
// at it.
func AddOutKeepsGivenBuffer(self, other *Tensor[float32], alpha float32, out *Tensor[float32]) *Tensor[float32] {
	r := AddTensor(self, other, alpha)
	defer r.Release()
	if !equalShapes(r.shape, out.shape) {
		n := numel(r.shape)
		freeListOf[float32]().put(out.st.data)
		out.st.data = out.st.data[:n] // keeps the buffer it gave back
		out.shape, out.strides = clone(r.shape), contiguousStrides(r.shape)
	}
	return inPlace(out, r, func(_, b float32) float32 { return b })
}

// CloneDonates is clone that hands out its input's buffer under a new
// storage (a "donation" that forgets the caller still holds the input):
// the two storages have IDs of their own and one buffer.
func CloneDonates(self *Tensor[float32], memoryFormat *int) *Tensor[float32] {
	st := &storage[float32]{id: newID(), data: self.st.data}
	return onStorage(st, clone(self.shape), clone(self.strides), self.off)
}

// MulReturnsSelf is mul that returns self, with a hold taken on it.
func MulReturnsSelf(self, other *Tensor[float32]) *Tensor[float32] {
	return self.Retain()
}

// SelectKeepsNoHold is select.int that makes its view without retaining
// the storage: the view is a new tensor on self's storage, but the
// storage's count of tensors does not count it. Releasing the view then
// gives the buffer back to the free list while self still uses it, and
// releasing self takes the count below zero.
func SelectKeepsNoHold(self *Tensor[float32], dim, index int64) *Tensor[float32] {
	v := SelectInt(self, dim, index)
	v.st.tensors.Add(-1) // the hold onStorage took, dropped
	return v
}

// GiveBack puts t's buffer on the free list while t keeps pointing at it,
// as AddOutKeepsGivenBuffer does, for the conformance suite's Recycle;
// t's storage then never gives it back again (its tensor count cannot
// reach 0), so the buffer is on the list once.
func GiveBack[T Float](t *Tensor[T]) {
	freeListOf[T]().put(t.st.data)
	t.st.tensors.Add(1 << 40)
}

// SharesBuffer reports whether a and b point into one buffer.
func SharesBuffer[T Float](a, b *Tensor[T]) bool {
	return a.st != nil && b.st != nil && len(a.st.data) > 0 && len(b.st.data) > 0 &&
		&a.st.data[:cap(a.st.data)][cap(a.st.data)-1] == &b.st.data[:cap(b.st.data)][cap(b.st.data)-1]
}
