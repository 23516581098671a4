package ops

import "gorgonia.org/tensor"

// contiguous reports whether d's elements lie in row-major order of its
// shape (strides of size-1 dims do not matter).
func contiguous(d *tensor.Dense) bool {
	shape, strides := d.Shape(), d.Strides()
	want := shape.CalcStrides()
	for i := range shape {
		if shape[i] != 1 && (i >= len(strides) || strides[i] != want[i]) {
			return false
		}
	}
	return true
}

// contiguousCopy returns a new row-major copy of d.
func contiguousCopy(op string, d *tensor.Dense) *tensor.Dense {
	c := d.Clone().(*tensor.Dense)
	if err := c.Transpose(); err != nil { // a lazy transpose, on the copy's own array
		fail(op, err)
	}
	if !contiguous(c) {
		m, ok := c.Materialize().(*tensor.Dense)
		if !ok {
			failf(op, "cannot materialize")
		}
		c = m
	}
	return c
}

// sizes resolves a PyTorch size list (one -1 inferred) against n elements.
func sizes(op string, n int, size []int64) []int {
	out := make([]int, len(size))
	infer, known := -1, 1
	for i, s := range size {
		switch {
		case s == -1 && infer < 0:
			infer = i
		case s < 0:
			failf(op, "bad size %v", size)
		default:
			out[i] = int(s)
			known *= int(s)
		}
	}
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			failf(op, "cannot infer size %v for %d elements", size, n)
		}
		out[infer] = n / known
	}
	return out
}

// reshaped returns a view of self with the given shape: a ShallowClone
// (same backing array) reshaped. Only for contiguous tensors: gorgonia's
// Reshape of a lazily transposed tensor moves the data in the backing
// array, which the clone shares with self.
func reshaped(op string, self *tensor.Dense, shape []int) *tensor.Dense {
	d := self
	if !contiguous(d) {
		failf(op, "a view with a new shape of a non-contiguous tensor (PyTorch's view fails there too; reshape copies)")
	}
	v := d.ShallowClone()
	if err := v.Reshape(shape...); err != nil {
		fail(op, err)
	}
	return v
}

// T is t(Tensor(a) self) -> Tensor(a): ShallowClone, then T() for a 2-d tensor.
func T(self *tensor.Dense) *tensor.Dense {
	v := self.ShallowClone()
	if v.Dims() == 2 {
		if err := v.T(); err != nil {
			fail("t", err)
		}
	} else if v.Dims() > 2 {
		failf("t", "%d-d tensor", v.Dims())
	}
	return v
}

// permuted returns a ShallowClone of self transposed by perm. A tensor of
// more than 2 dims that is not contiguous is rejected: if it is a lazy
// transpose, gorgonia's T first carries out the earlier transpose by
// moving the data in the backing array the clone shares with self and
// every other view of it (findings.TestTOfATransposedViewMovesSharedData).
func permuted(op string, self *tensor.Dense, perm []int) *tensor.Dense {
	if self.Dims() > 2 && !contiguous(self) {
		failf(op, "a non-contiguous tensor of %d dims: gorgonia's T would move the data of the shared array", self.Dims())
	}
	v := self.ShallowClone()
	if err := v.T(perm...); err != nil {
		fail(op, err)
	}
	return v
}

// TransposeInt is transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a): ShallowClone, then T(perm...).
func TransposeInt(self *tensor.Dense, dim0, dim1 int64) *tensor.Dense {
	n := self.Dims()
	a, b := axis(self, dim0), axis(self, dim1)
	if a < 0 || a >= n || b < 0 || b >= n {
		failf("transpose", "dims %d, %d of a %d-d tensor", dim0, dim1, n)
	}
	if a == b {
		return self.ShallowClone()
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	perm[a], perm[b] = b, a
	return permuted("transpose", self, perm)
}

// Permute is permute(Tensor(a) self, int[] dims) -> Tensor(a): ShallowClone, then T(dims...).
func Permute(self *tensor.Dense, dims []int64) *tensor.Dense {
	perm := make([]int, len(dims))
	for i, d := range dims {
		perm[i] = axis(self, d)
	}
	return permuted("permute", self, perm)
}

// sliceAt returns self.Slice with s at dim and whole ranges elsewhere.
func sliceAt(op string, self *tensor.Dense, dim int, s tensor.Slice) *tensor.Dense {
	n := self.Dims()
	if dim < 0 || dim >= n {
		failf(op, "dim %d of a %d-d tensor", dim, n)
	}
	ss := make([]tensor.Slice, n)
	ss[dim] = s
	v, err := self.Slice(ss...)
	return view(op, v, err)
}

// SliceTensor is slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a): Dense.Slice with tensor.S(start, end, step).
func SliceTensor(self *tensor.Dense, dim int64, start, end *int64, step int64) *tensor.Dense {
	ax := axis(self, dim)
	if ax < 0 || ax >= self.Dims() {
		failf("slice", "dim %d", dim)
	}
	size := int64(self.Shape()[ax])
	s, e := int64(0), size
	if start != nil {
		s = *start
	}
	if end != nil {
		e = *end
	}
	if s < 0 {
		s += size
	}
	if e < 0 {
		e += size
	}
	s, e = max(0, min(s, size)), max(0, min(e, size))
	if e <= s || step < 1 {
		failf("slice", "empty or reversed range %d:%d:%d (gorgonia has no empty views)", s, e, step)
	}
	return sliceAt("slice", self, ax, tensor.S(int(s), int(e), int(step)))
}

// SelectInt is select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a): Dense.Slice with tensor.S(index), which drops the dim.
func SelectInt(self *tensor.Dense, dim, index int64) *tensor.Dense {
	ax := axis(self, dim)
	if ax < 0 || ax >= self.Dims() {
		failf("select", "dim %d", dim)
	}
	if index < 0 {
		index += int64(self.Shape()[ax])
	}
	return sliceAt("select", self, ax, tensor.S(int(index)))
}

// Narrow is narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a): Dense.Slice with tensor.S(start, start+length).
func Narrow(self *tensor.Dense, dim, start, length int64) *tensor.Dense {
	if length < 1 {
		failf("narrow", "length %d (gorgonia has no empty views)", length)
	}
	return sliceAt("narrow", self, axis(self, dim), tensor.S(int(start), int(start+length), 1))
}

// View is view(Tensor(a) self, SymInt[] size) -> Tensor(a): ShallowClone, then Reshape (contiguous tensors only).
func View(self *tensor.Dense, size []int64) *tensor.Dense {
	return reshaped("view", self, sizes("view", self.Shape().TotalSize(), size))
}

// Unsqueeze is unsqueeze(Tensor(a) self, int dim) -> Tensor(a): ShallowClone, then Reshape with a 1 inserted (contiguous tensors only).
func Unsqueeze(self *tensor.Dense, dim int64) *tensor.Dense {
	shape := self.Shape().Clone()
	d := int(dim)
	if d < 0 {
		d += len(shape) + 1
	}
	if d < 0 || d > len(shape) {
		failf("unsqueeze", "dim %d", dim)
	}
	shape = append(shape[:d], append([]int{1}, shape[d:]...)...)
	return reshaped("unsqueeze", self, shape)
}

// SqueezeDim is squeeze.dim(Tensor(a) self, int dim) -> Tensor(a): ShallowClone, then Reshape without the dim if its size is 1.
func SqueezeDim(self *tensor.Dense, dim int64) *tensor.Dense {
	shape := self.Shape().Clone()
	d := axis(self, dim)
	if d < 0 || d >= len(shape) {
		failf("squeeze", "dim %d", dim)
	}
	if shape[d] != 1 {
		return self.ShallowClone()
	}
	return reshaped("squeeze", self, append(shape[:d], shape[d+1:]...))
}

// Alias is alias(Tensor(a) self) -> Tensor(a): Dense.ShallowClone.
func Alias(self *tensor.Dense) *tensor.Dense { return self.ShallowClone() }

// Detach is detach(Tensor(a) self) -> Tensor(a): Dense.ShallowClone (gorgonia has no autograd state on a Dense).
func Detach(self *tensor.Dense) *tensor.Dense { return self.ShallowClone() }

// Reshape is reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a): a view (ShallowClone, Reshape) of a contiguous tensor, a reshaped copy otherwise.
func Reshape(self *tensor.Dense, shape []int64) *tensor.Dense {
	s := sizes("reshape", self.Shape().TotalSize(), shape)
	if contiguous(self) {
		return reshaped("reshape", self, s)
	}
	c := contiguousCopy("reshape", self)
	if err := c.Reshape(s...); err != nil {
		fail("reshape", err)
	}
	return c
}

// Contiguous is contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a): self when contiguous, else a row-major copy.
func Contiguous(self *tensor.Dense, memoryFormat int) *tensor.Dense {
	if contiguous(self) {
		return self
	}
	return contiguousCopy("contiguous", self)
}

// FlattenUsingInts is flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a): Reshape's binding with dims start_dim..end_dim merged.
func FlattenUsingInts(self *tensor.Dense, startDim, endDim int64) *tensor.Dense {
	shape := self.Shape()
	if len(shape) == 0 {
		return Reshape(self, []int64{1})
	}
	s, e := axis(self, startDim), axis(self, endDim)
	if s < 0 || e >= len(shape) || s > e {
		failf("flatten", "dims %d..%d", startDim, endDim)
	}
	var out []int64
	for i := 0; i < s; i++ {
		out = append(out, int64(shape[i]))
	}
	n := int64(1)
	for i := s; i <= e; i++ {
		n *= int64(shape[i])
	}
	out = append(out, n)
	for i := e + 1; i < len(shape); i++ {
		out = append(out, int64(shape[i]))
	}
	return Reshape(self, out)
}
