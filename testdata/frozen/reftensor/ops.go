package reftensor

import (
	"fmt"
	"slices"
)

// walk calls f once per element of the given shape, in row-major order,
// with the storage offset of that element in each operand.
func walk(sizes []int, ops []geometry, f func(offs []int)) {
	if numel(sizes) == 0 {
		return
	}
	offs := make([]int, len(ops))
	for j := range ops {
		offs[j] = ops[j].offset
	}
	idx := make([]int, len(sizes))
	for {
		f(offs)
		d := len(sizes) - 1
		for ; d >= 0; d-- {
			idx[d]++
			for j := range ops {
				offs[j] += ops[j].strides[d]
			}
			if idx[d] < sizes[d] {
				break
			}
			for j := range ops {
				offs[j] -= ops[j].strides[d] * sizes[d]
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// operand returns t's geometry broadcast to sizes.
func operand(op string, t *TensorImpl, sizes []int) geometry {
	st, err := expandStrides(t.sizes, t.strides, sizes)
	if err != nil {
		panic(fmt.Sprintf("reftensor: %s: %v", op, err))
	}
	return geometry{sizes: sizes, strides: st, offset: t.offset}
}

// dense checks that the operands are strided tensors that are not
// wrappers (those are unwrapped before) on one device, and returns it. A
// 0-dimensional CPU tensor goes with any device, as in PyTorch.
func dense(op string, ts ...*Tensor) Device {
	dev, set := CPU, false
	for _, t := range ts {
		i := t.must(op)
		if i.layout == Sparse {
			panic(fmt.Sprintf("reftensor: %s: sparse tensors are not supported (use ToDense)", op))
		}
		if i.device == CPU && len(i.sizes) == 0 {
			continue
		}
		if set && i.device != dev {
			panic(fmt.Sprintf("reftensor: %s: tensors on %v and %v", op, dev, i.device))
		}
		dev, set = i.device, true
	}
	return dev
}

// resultKind returns the kind of a result computed from ts (none of which
// is a wrapper): Functional if any is, else Subclass if any is, else Plain.
func resultKind(ts ...*Tensor) Kind {
	k := Plain
	for _, t := range ts {
		switch t.impl.kind {
		case Functional:
			return Functional
		case Subclass:
			k = Subclass
		}
	}
	return k
}

// wrapperOf returns the first wrapper among ts.
func wrapperOf(ts ...*Tensor) *TensorImpl {
	for _, t := range ts {
		if t.Defined() && t.impl.kind == Wrapper {
			return t.impl
		}
	}
	return nil
}

// Unwrapped returns t's inner tensor if t is a wrapper subclass, else t.
// The result is borrowed from t. Kernels call it on their arguments, run on
// the results and Rewrap what they return.
func Unwrapped(t *Tensor) *Tensor {
	if t.Defined() && t.impl.kind == Wrapper {
		return t.impl.inner
	}
	return t
}

// Rewrap wraps a kernel's result as the wrapper w is wrapped (same storage
// propagation) and releases the result, whose reference the wrapper now
// holds. If w is not a wrapper it returns the result as is.
func Rewrap(w *Tensor, result *Tensor) *Tensor {
	if !w.Defined() || w.impl.kind != Wrapper {
		return result
	}
	defer result.Release()
	return Wrap(result, w.impl.propagates)
}

// map2 returns f applied element-wise to a and b broadcast together.
func map2(op string, a, b *Tensor, f func(x, y float64) float64) *Tensor {
	if w := wrapperOf(a, b); w != nil {
		r := map2(op, Unwrapped(a), Unwrapped(b), f)
		defer r.Release()
		return Wrap(r, w.propagates)
	}
	dev := dense(op, a, b)
	ai, bi := a.impl, b.impl
	sizes := broadcastShape(op, ai.sizes, bi.sizes)
	out := Options{Device: dev, Kind: resultKind(a, b)}.Empty(sizes...)
	if dev == Meta {
		return out
	}
	oi := out.impl
	od, ad, bd := oi.storage.Load().data, ai.storage.Load().data, bi.storage.Load().data
	if n := len(od); slices.Equal(ai.sizes, sizes) && slices.Equal(bi.sizes, sizes) &&
		isContiguous(ai.sizes, ai.strides) && isContiguous(bi.sizes, bi.strides) {
		// The common case: same shapes, contiguous.
		ad, bd = ad[ai.offset:ai.offset+n], bd[bi.offset:bi.offset+n]
		for i := range od {
			od[i] = f(ad[i], bd[i])
		}
		return out
	}
	walk(sizes, []geometry{{oi.sizes, oi.strides, 0}, operand(op, ai, sizes), operand(op, bi, sizes)}, func(o []int) {
		od[o[0]] = f(ad[o[1]], bd[o[2]])
	})
	return out
}

// map1 returns f applied element-wise to a.
func map1(op string, a *Tensor, f func(x float64) float64) *Tensor {
	if a.Defined() && a.impl.kind == Wrapper {
		r := map1(op, a.impl.inner, f)
		defer r.Release()
		return Wrap(r, a.impl.propagates)
	}
	dev := dense(op, a)
	ai := a.impl
	out := Options{Device: dev, Kind: resultKind(a)}.Empty(ai.sizes...)
	if dev == Meta {
		return out
	}
	oi := out.impl
	od, ad := oi.storage.Load().data, ai.storage.Load().data
	if isContiguous(ai.sizes, ai.strides) {
		ad = ad[ai.offset : ai.offset+len(od)]
		for i := range od {
			od[i] = f(ad[i])
		}
		return out
	}
	walk(ai.sizes, []geometry{{oi.sizes, oi.strides, 0}, {ai.sizes, ai.strides, ai.offset}}, func(o []int) {
		od[o[0]] = f(ad[o[1]])
	})
	return out
}

// Add returns a + alpha*b, broadcasting (add.Tensor).
func Add(a, b *Tensor, alpha float64) *Tensor {
	return map2("add", a, b, func(x, y float64) float64 { return x + alpha*y })
}

// Sub returns a - alpha*b, broadcasting (sub.Tensor).
func Sub(a, b *Tensor, alpha float64) *Tensor {
	return map2("sub", a, b, func(x, y float64) float64 { return x - alpha*y })
}

// Mul returns a * b, broadcasting (mul.Tensor).
func Mul(a, b *Tensor) *Tensor {
	return map2("mul", a, b, func(x, y float64) float64 { return x * y })
}

// Div returns a / b, broadcasting (div.Tensor).
func Div(a, b *Tensor) *Tensor {
	return map2("div", a, b, func(x, y float64) float64 { return x / y })
}

// Neg returns -a (neg).
func Neg(a *Tensor) *Tensor { return map1("neg", a, func(x float64) float64 { return -x }) }

// AddScalar returns a + v (add.Scalar).
func AddScalar(a *Tensor, v float64) *Tensor {
	return map1("add", a, func(x float64) float64 { return x + v })
}

// MulScalar returns a * v (mul.Scalar).
func MulScalar(a *Tensor, v float64) *Tensor {
	return map1("mul", a, func(x float64) float64 { return x * v })
}

// Clone returns a fresh contiguous copy of t of the same kind (clone).
func Clone(t *Tensor) *Tensor {
	if t.Defined() && t.impl.layout == Sparse {
		return cloneSparse(t)
	}
	return map1("clone", t, func(x float64) float64 { return x })
}

// Contiguous returns t itself (a second handle to its TensorImpl) if t is
// contiguous, else a contiguous copy (contiguous: the result may alias).
func Contiguous(t *Tensor) *Tensor {
	if t.must("contiguous").layout == Strided && t.IsContiguous() {
		return t.Share()
	}
	return Clone(t)
}

// Sum returns the sum of all elements as a 0-dimensional tensor (sum).
func Sum(t *Tensor) *Tensor {
	if t.Defined() && t.impl.kind == Wrapper {
		r := Sum(t.impl.inner)
		defer r.Release()
		return Wrap(r, t.impl.propagates)
	}
	dev := dense("sum", t)
	out := Options{Device: dev, Kind: resultKind(t)}.Empty()
	if dev == Meta {
		return out
	}
	var s float64
	i := t.impl
	d := i.storage.Load().data
	walk(i.sizes, []geometry{{i.sizes, i.strides, i.offset}}, func(o []int) { s += d[o[0]] })
	out.impl.storage.Load().data[0] = s
	return out
}

// beginWrite records an in-place write to t and returns the buffer to write
// (nil on meta). A functional tensor's buffer is replaced by a copy first:
// the StorageImpl stays, the old values are never overwritten.
func (t *TensorImpl) beginWrite() []float64 {
	t.bump()
	st := t.storage.Load()
	if st == nil {
		return nil
	}
	if st.kind == functionalStorage && st.data != nil {
		st.data = slices.Clone(st.data)
	}
	return st.data
}

// inPlace applies f to t's elements and b's (broadcast to t), writing t.
func (t *Tensor) inPlace2(op string, b *Tensor, f func(x, y float64) float64) *Tensor {
	ti := t.must(op)
	if ti.kind == Wrapper {
		Unwrapped(t).inPlace2(op, Unwrapped(b), f)
		ti.bump()
		return t
	}
	if b.Defined() && b.impl.kind == Wrapper {
		b = b.impl.inner
	}
	dense(op, t, b)
	bi := b.impl
	bg := operand(op, bi, ti.sizes)
	bd := bi.storage.Load().data
	if bi.storage.Load() == ti.storage.Load() && bd != nil {
		bd = slices.Clone(bd) // reading what we write: read a snapshot
	}
	td := ti.beginWrite()
	if td == nil {
		return t
	}
	walk(ti.sizes, []geometry{{ti.sizes, ti.strides, ti.offset}, bg}, func(o []int) {
		td[o[0]] = f(td[o[0]], bd[o[1]])
	})
	return t
}

// AddInPlace adds alpha*b to t in place and returns t (add_).
func (t *Tensor) AddInPlace(b *Tensor, alpha float64) *Tensor {
	return t.inPlace2("add_", b, func(x, y float64) float64 { return x + alpha*y })
}

// MulInPlace multiplies t by b in place and returns t (mul_).
func (t *Tensor) MulInPlace(b *Tensor) *Tensor {
	return t.inPlace2("mul_", b, func(x, y float64) float64 { return x * y })
}

// CopyFrom copies src (broadcast to t's sizes) into t and returns t (copy_).
func (t *Tensor) CopyFrom(src *Tensor) *Tensor {
	return t.inPlace2("copy_", src, func(_, y float64) float64 { return y })
}

// Fill sets every element of t to v and returns t (fill_).
func (t *Tensor) Fill(v float64) *Tensor {
	ti := t.must("fill_")
	switch {
	case ti.kind == Wrapper:
		ti.inner.Fill(v)
		ti.bump()
		return t
	case ti.layout == Sparse:
		panic("reftensor: fill_: sparse tensors are not supported")
	}
	td := ti.beginWrite()
	if td != nil {
		walk(ti.sizes, []geometry{{ti.sizes, ti.strides, ti.offset}}, func(o []int) { td[o[0]] = v })
	}
	return t
}

// Zero sets every element of t to 0 and returns t (zero_).
func (t *Tensor) Zero() *Tensor { return t.Fill(0) }

// AddOut writes a + alpha*b into out, resizing it to the broadcast shape,
// and returns out (add.out). It shows the out= idiom: the result's
// StorageImpl is out's, grown in place if needed.
func AddOut(a, b *Tensor, alpha float64, out *Tensor) *Tensor {
	r := Add(a, b, alpha)
	defer r.Release()
	out.Resize(r.Sizes()...)
	return out.CopyFrom(r)
}

// offsetOf returns the storage offset of the element at idx.
func (t *TensorImpl) offsetOf(op string, idx []int) int {
	if len(idx) != len(t.sizes) {
		panic(fmt.Sprintf("reftensor: %s: %d indices for %d dimensions", op, len(idx), len(t.sizes)))
	}
	o := t.offset
	for d, i := range idx {
		if i < 0 {
			i += t.sizes[d]
		}
		if i < 0 || i >= t.sizes[d] {
			panic(fmt.Sprintf("reftensor: %s: index %v out of range for sizes %v", op, idx, t.sizes))
		}
		o += i * t.strides[d]
	}
	return o
}

// At returns the element at idx.
func (t *Tensor) At(idx ...int) float64 {
	i := t.must("at")
	switch {
	case i.kind == Wrapper:
		return i.inner.At(idx...)
	case i.layout == Sparse:
		return i.sp.at(idx)
	case i.device == Meta:
		panic("reftensor: at: meta tensors have no data")
	}
	return i.storage.Load().data[i.offsetOf("at", idx)]
}

// SetAt sets the element at idx to v (an in-place write).
func (t *Tensor) SetAt(v float64, idx ...int) {
	i := t.must("set_at")
	switch {
	case i.kind == Wrapper:
		i.inner.SetAt(v, idx...)
		i.bump()
		return
	case i.layout == Sparse:
		panic("reftensor: set_at: sparse tensors are not supported")
	case i.device == Meta:
		panic("reftensor: set_at: meta tensors have no data")
	}
	o := i.offsetOf("set_at", idx)
	i.beginWrite()[o] = v
}

// Item returns the value of a one-element tensor.
func (t *Tensor) Item() float64 {
	if t.Numel() != 1 {
		panic(fmt.Sprintf("reftensor: item: tensor has %d elements", t.Numel()))
	}
	return t.At(make([]int, t.Dim())...)
}

// ToSlice returns a copy of the elements in row-major order.
func (t *Tensor) ToSlice() []float64 {
	i := t.must("to_slice")
	switch {
	case i.kind == Wrapper:
		return i.inner.ToSlice()
	case i.layout == Sparse:
		d := t.ToDense()
		defer d.Release()
		return d.ToSlice()
	case i.device == Meta:
		panic("reftensor: to_slice: meta tensors have no data")
	}
	out := make([]float64, 0, numel(i.sizes))
	d := i.storage.Load().data
	walk(i.sizes, []geometry{{i.sizes, i.strides, i.offset}}, func(o []int) { out = append(out, d[o[0]]) })
	return out
}

// Resize sets t's sizes (contiguous strides, same offset), growing its
// StorageImpl's buffer in place if needed, and returns t (resize_). The
// TensorImpl and the StorageImpl stay the same.
func (t *Tensor) Resize(sizes ...int) *Tensor {
	i := t.must("resize_")
	checkSizes("resize_", sizes)
	switch {
	case i.kind == Wrapper:
		i.inner.Resize(sizes...)
		in := i.inner.impl
		i.setGeometry(in.sizes, in.strides, in.offset)
		i.bump()
		return t
	case i.layout == Sparse:
		panic("reftensor: resize_: sparse tensors are not supported")
	}
	i.storage.Load().ensure(i.offset + numel(sizes))
	i.setGeometry(sizes, nil, i.offset)
	i.bump()
	return t
}

// SetStorage makes t use src's StorageImpl, sizes, strides and offset,
// keeping t's TensorImpl, and returns t (set_.source_Tensor). It is the one
// operation that changes the StorageImpl of a TensorImpl.
func (t *Tensor) SetStorage(src *Tensor) *Tensor {
	i := t.must("set_")
	s := src.must("set_")
	if i.layout == Sparse || s.layout == Sparse {
		panic("reftensor: set_: sparse tensors are not supported")
	}
	if i.kind == Wrapper {
		panic("reftensor: set_: set_ on a wrapper subclass is not supported (wrap with propagation instead)")
	}
	if s.kind == Wrapper {
		s = s.inner.impl
	}
	st := s.storage.Load()
	st.retain()
	if old := i.storage.Swap(st); old != nil {
		old.release()
	}
	i.setGeometry(s.sizes, s.strides, s.offset)
	i.bump()
	return t
}
