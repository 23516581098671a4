package gcrt

import "fmt"

func wrapDim(d int64, n int) int {
	if d < 0 {
		d += int64(n)
	}
	if d < 0 || int(d) >= n {
		panic(fmt.Sprintf("gcrt: dim %d out of range for %d dims", d, n))
	}
	return int(d)
}

func swapped(s []int, a, b int) []int {
	s = append([]int(nil), s...)
	s[a], s[b] = s[b], s[a]
	return s
}

// TransposeInt is transpose.int: a view with dims dim0 and dim1 swapped.
func TransposeInt(self *Tensor, dim0, dim1 int64) *Tensor {
	a, b := wrapDim(dim0, len(self.sizes)), wrapDim(dim1, len(self.sizes))
	return self.view(swapped(self.sizes, a, b), swapped(self.strides, a, b), self.offset)
}

// T_ is t_: self itself becomes its transpose (a 2-d tensor; fewer dims
// are left alone).
func T_(self *Tensor) *Tensor {
	if len(self.sizes) == 2 {
		self.sizes, self.strides = swapped(self.sizes, 0, 1), swapped(self.strides, 0, 1)
	}
	return self
}

// Narrow returns the view of t's elements start..start+length along dim.
func (t *Tensor) Narrow(dim, start, length int) *Tensor {
	sizes := append([]int(nil), t.sizes...)
	sizes[dim] = length
	return t.view(sizes, append([]int(nil), t.strides...), t.offset+start*t.strides[dim])
}

// Narrow is narrow: the view of length elements from start along dim.
func Narrow(self *Tensor, dim, start, length int64) *Tensor {
	d := wrapDim(dim, len(self.sizes))
	if start < 0 || length < 0 || int(start+length) > self.sizes[d] {
		panic("gcrt: narrow out of range")
	}
	return self.Narrow(d, int(start), int(length))
}

// SelectInt is select.int: the view at index along dim, without dim.
func SelectInt(self *Tensor, dim, index int64) *Tensor {
	d := wrapDim(dim, len(self.sizes))
	if index < 0 {
		index += int64(self.sizes[d])
	}
	if index < 0 || int(index) >= self.sizes[d] {
		panic("gcrt: select index out of range")
	}
	sizes := append(append([]int(nil), self.sizes[:d]...), self.sizes[d+1:]...)
	strides := append(append([]int(nil), self.strides[:d]...), self.strides[d+1:]...)
	return self.view(sizes, strides, self.offset+int(index)*self.strides[d])
}

// Unsqueeze is unsqueeze: a view with a dim of size 1 inserted at dim.
func Unsqueeze(self *Tensor, dim int64) *Tensor {
	d := wrapDim(dim, len(self.sizes)+1)
	st := 1
	if d < len(self.sizes) {
		st = self.sizes[d] * self.strides[d]
	}
	sizes := append(append(append([]int(nil), self.sizes[:d]...), 1), self.sizes[d:]...)
	strides := append(append(append([]int(nil), self.strides[:d]...), st), self.strides[d:]...)
	return self.view(sizes, strides, self.offset)
}

// inferSizes resolves one -1 in size against n elements.
func inferSizes(size []int64, n int) []int {
	out := make([]int, len(size))
	known, infer := 1, -1
	for i, s := range size {
		if s == -1 {
			infer = i
			continue
		}
		out[i] = int(s)
		known *= int(s)
	}
	if infer >= 0 && known != 0 {
		out[infer] = n / known
		known *= out[infer]
	}
	if known != n {
		panic(fmt.Sprintf("gcrt: shape %v is invalid for %d elements", size, n))
	}
	return out
}

// View is view: a view with the given sizes (self must be contiguous).
func View(self *Tensor, size []int64) *Tensor {
	if !self.IsContiguous() {
		panic("gcrt: view of a non-contiguous tensor")
	}
	sizes := inferSizes(size, self.Numel())
	return self.view(sizes, contiguousStrides(sizes), self.offset)
}

// Reshape is reshape: a view when self is contiguous, else a copy.
func Reshape(self *Tensor, shape []int64) *Tensor {
	if self.IsContiguous() {
		return View(self, shape)
	}
	return View(Contiguous(self, 0), shape)
}

// Contiguous is contiguous: self when contiguous, else a row-major copy.
func Contiguous(self *Tensor, memoryFormat int) *Tensor {
	if self.IsContiguous() {
		return self
	}
	return From(self.Values(), self.sizes...)
}
