package reftensor

import (
	"fmt"
	"slices"
)

// geometry is how a strided tensor indexes its storage.
type geometry struct {
	sizes, strides []int
	offset         int
}

// view returns a view of t: a new TensorImpl with the geometry f computes
// from t's, the same StorageImpl (retained) and the same version counter. A
// wrapper's view wraps the view of its inner tensor.
func (t *Tensor) view(op string, f func(g geometry) geometry) *Tensor {
	i := t.must(op)
	switch {
	case i.layout == Sparse:
		panic(fmt.Sprintf("reftensor: %s: views of sparse tensors are not supported", op))
	case i.kind == Wrapper:
		in := i.inner.view(op, f)
		defer in.Release()
		return handle(wrapImpl(in, i.propagates, i.version))
	}
	g := f(geometry{sizes: i.sizes, strides: i.strides, offset: i.offset})
	st := i.storage.Load()
	if n := needed(g); n > st.n {
		panic(fmt.Sprintf("reftensor: %s: view needs %d storage elements, storage has %d", op, n, st.n))
	}
	st.retain()
	return handle(newImpl(i.kind, i.device, Strided, st, g.sizes, g.strides, g.offset, i.version))
}

// needed returns the storage size a geometry reaches.
func needed(g geometry) int {
	end := g.offset + 1
	for d, s := range g.sizes {
		if s == 0 {
			return 0
		}
		end += (s - 1) * g.strides[d]
	}
	return end
}

// Alias returns a view of the whole tensor (alias).
func (t *Tensor) Alias() *Tensor {
	return t.view("alias", func(g geometry) geometry { return g })
}

// View returns a view with the given sizes (view); one size may be -1. The
// tensor must be contiguous; use Reshape otherwise.
func (t *Tensor) View(sizes ...int) *Tensor {
	return t.view("view", func(g geometry) geometry {
		if !isContiguous(g.sizes, g.strides) {
			panic("reftensor: view: tensor is not contiguous; use Reshape")
		}
		s := inferSize("view", sizes, numel(g.sizes))
		st := make([]int, len(s))
		contiguousStrides(st, s)
		return geometry{s, st, g.offset}
	})
}

// Reshape returns a view with the given sizes if the tensor is contiguous,
// otherwise a fresh contiguous copy (reshape may alias its input).
func (t *Tensor) Reshape(sizes ...int) *Tensor {
	if t.must("reshape").layout == Strided && t.IsContiguous() {
		return t.View(sizes...)
	}
	c := Clone(t)
	defer c.Release()
	return c.View(sizes...)
}

// Flatten returns Reshape(-1).
func (t *Tensor) Flatten() *Tensor { return t.Reshape(-1) }

func inferSize(op string, sizes []int, n int) []int {
	s := slices.Clone(sizes)
	infer, known := -1, 1
	for d, v := range s {
		switch {
		case v == -1 && infer < 0:
			infer = d
		case v < 0:
			panic(fmt.Sprintf("reftensor: %s: invalid sizes %v", op, sizes))
		default:
			known *= v
		}
	}
	if infer >= 0 {
		if known == 0 || n%known != 0 {
			panic(fmt.Sprintf("reftensor: %s: sizes %v do not fit %d elements", op, sizes, n))
		}
		s[infer] = n / known
	}
	if numel(s) != n {
		panic(fmt.Sprintf("reftensor: %s: sizes %v do not fit %d elements", op, sizes, n))
	}
	return s
}

// Transpose returns a view with dimensions d0 and d1 swapped (transpose).
func (t *Tensor) Transpose(d0, d1 int) *Tensor {
	return t.view("transpose", func(g geometry) geometry {
		n := len(g.sizes)
		a, b := wrapDim(d0, n), wrapDim(d1, n)
		s, st := slices.Clone(g.sizes), slices.Clone(g.strides)
		s[a], s[b] = s[b], s[a]
		st[a], st[b] = st[b], st[a]
		return geometry{s, st, g.offset}
	})
}

// T returns the transpose of a tensor of at most 2 dimensions (t).
func (t *Tensor) T() *Tensor {
	if t.Dim() < 2 {
		return t.Alias()
	}
	if t.Dim() > 2 {
		panic("reftensor: t: tensor has more than 2 dimensions")
	}
	return t.Transpose(0, 1)
}

// Permute returns a view with the dimensions reordered (permute).
func (t *Tensor) Permute(dims ...int) *Tensor {
	return t.view("permute", func(g geometry) geometry {
		n := len(g.sizes)
		if len(dims) != n {
			panic(fmt.Sprintf("reftensor: permute: %d dimensions for a %d-dimensional tensor", len(dims), n))
		}
		s, st := make([]int, n), make([]int, n)
		seen := make([]bool, n)
		for i, d := range dims {
			d = wrapDim(d, n)
			if seen[d] {
				panic(fmt.Sprintf("reftensor: permute: repeated dimension in %v", dims))
			}
			seen[d] = true
			s[i], st[i] = g.sizes[d], g.strides[d]
		}
		return geometry{s, st, g.offset}
	})
}

// Select returns the view of index i along dimension dim, which it removes
// (select).
func (t *Tensor) Select(dim, i int) *Tensor {
	return t.view("select", func(g geometry) geometry {
		d := wrapDim(dim, len(g.sizes))
		if i < 0 {
			i += g.sizes[d]
		}
		if i < 0 || i >= g.sizes[d] {
			panic(fmt.Sprintf("reftensor: select: index %d out of range for size %d", i, g.sizes[d]))
		}
		return geometry{slices.Delete(slices.Clone(g.sizes), d, d+1),
			slices.Delete(slices.Clone(g.strides), d, d+1), g.offset + i*g.strides[d]}
	})
}

// Narrow returns the view of elements start..start+length-1 along dim
// (slice with step 1).
func (t *Tensor) Narrow(dim, start, length int) *Tensor {
	return t.view("narrow", func(g geometry) geometry {
		d := wrapDim(dim, len(g.sizes))
		if start < 0 || length < 0 || start+length > g.sizes[d] {
			panic(fmt.Sprintf("reftensor: narrow: [%d, %d) out of range for size %d", start, start+length, g.sizes[d]))
		}
		s := slices.Clone(g.sizes)
		s[d] = length
		return geometry{s, slices.Clone(g.strides), g.offset + start*g.strides[d]}
	})
}

// Unsqueeze returns a view with a dimension of size 1 inserted at dim
// (unsqueeze).
func (t *Tensor) Unsqueeze(dim int) *Tensor {
	return t.view("unsqueeze", func(g geometry) geometry {
		d := wrapDim(dim, len(g.sizes)+1)
		st := 1
		if d < len(g.sizes) {
			st = g.strides[d] * g.sizes[d]
		}
		return geometry{slices.Insert(slices.Clone(g.sizes), d, 1),
			slices.Insert(slices.Clone(g.strides), d, st), g.offset}
	})
}

// Squeeze returns a view without dimension dim, which must have size 1
// (squeeze).
func (t *Tensor) Squeeze(dim int) *Tensor {
	return t.view("squeeze", func(g geometry) geometry {
		d := wrapDim(dim, len(g.sizes))
		if g.sizes[d] != 1 {
			return geometry{slices.Clone(g.sizes), slices.Clone(g.strides), g.offset}
		}
		return geometry{slices.Delete(slices.Clone(g.sizes), d, d+1),
			slices.Delete(slices.Clone(g.strides), d, d+1), g.offset}
	})
}

// Expand returns a view broadcast to the given sizes (expand): dimensions
// of size 1 get stride 0, and new leading dimensions are added; -1 keeps a
// size.
func (t *Tensor) Expand(sizes ...int) *Tensor {
	return t.view("expand", func(g geometry) geometry {
		st, err := expandStrides(g.sizes, g.strides, sizes)
		if err != nil {
			panic("reftensor: expand: " + err.Error())
		}
		s := slices.Clone(sizes)
		lead := len(sizes) - len(g.sizes)
		for d := range s {
			if s[d] == -1 {
				s[d] = g.sizes[d-lead]
			}
		}
		return geometry{s, st, g.offset}
	})
}

// AsStrided returns a view with explicit geometry (as_strided).
func (t *Tensor) AsStrided(sizes, strides []int, offset int) *Tensor {
	if len(sizes) != len(strides) {
		panic("reftensor: as_strided: sizes and strides differ in length")
	}
	return t.view("as_strided", func(geometry) geometry {
		return geometry{slices.Clone(sizes), slices.Clone(strides), offset}
	})
}

// Unbind returns the views Select(dim, i) for every i (unbind).
func (t *Tensor) Unbind(dim int) []*Tensor {
	n := t.Size(dim)
	out := make([]*Tensor, n)
	for i := range out {
		out[i] = t.Select(dim, i)
	}
	return out
}

// Split returns views of consecutive chunks of size size along dim, the
// last one possibly smaller (split).
func (t *Tensor) Split(size, dim int) []*Tensor {
	if size <= 0 {
		panic("reftensor: split: size must be positive")
	}
	n := t.Size(dim)
	var out []*Tensor
	for s := 0; s < n; s += size {
		out = append(out, t.Narrow(dim, s, min(size, n-s)))
	}
	return out
}

// expandStrides returns the strides of (sizes, strides) broadcast to target.
func expandStrides(sizes, strides, target []int) ([]int, error) {
	lead := len(target) - len(sizes)
	if lead < 0 {
		return nil, fmt.Errorf("cannot expand sizes %v to %v", sizes, target)
	}
	out := make([]int, len(target))
	for d := range target {
		if d < lead {
			if target[d] < 0 {
				return nil, fmt.Errorf("cannot expand sizes %v to %v", sizes, target)
			}
			continue // stride 0
		}
		s := sizes[d-lead]
		switch {
		case target[d] == -1 || target[d] == s:
			out[d] = strides[d-lead]
		case s == 1:
			// stride 0
		default:
			return nil, fmt.Errorf("cannot expand sizes %v to %v", sizes, target)
		}
	}
	return out, nil
}

// broadcastShape returns the shape two shapes broadcast to.
func broadcastShape(op string, a, b []int) []int {
	n := max(len(a), len(b))
	out := make([]int, n)
	for d := range out {
		x, y := 1, 1
		if i := d - (n - len(a)); i >= 0 {
			x = a[i]
		}
		if i := d - (n - len(b)); i >= 0 {
			y = b[i]
		}
		switch {
		case x == y || y == 1:
			out[d] = x
		case x == 1:
			out[d] = y
		default:
			panic(fmt.Sprintf("reftensor: %s: sizes %v and %v do not broadcast", op, a, b))
		}
	}
	return out
}
