package sweep

import (
	"fmt"
	"slices"
	"strings"
)

// A Spec describes one tensor of a sample, for a runtime to make (see
// [Runtime]). The zero values of its layout, bits and autograd fields ask
// for a plain strided tensor without autograd.
type Spec struct {
	// Dtype names the element type: one of [Dtypes].
	Dtype string
	// Shape is the tensor's shape (empty for a 0-dim tensor).
	Shape []int
	// Transposed asks for a transposed view of a base of the reversed
	// shape (a tensor that is not contiguous), for 2-d shapes.
	Transposed bool
	// Same is the index (in the order the runtime is asked to make them)
	// of an earlier tensor this one is, itself: an aliasing sample such
	// as x.add_(x); -1 for a tensor of its own.
	Same int
	// ViewOf is the index of an earlier tensor this one is a view of:
	// base.select(0, Index), so that two arguments are views of one base
	// (an aliasing sample of a functional op); -1 for none.
	ViewOf, Index int
	// Layout is the tensor's layout: "" (strided) or one of [Layouts].
	Layout string
	// Conj and Neg ask for the lazy conjugate and negative bits of a
	// complex tensor (torch's conj() and _neg_view() views).
	Conj, Neg bool
	// RequiresGrad makes the tensor a leaf that requires grad.
	RequiresGrad bool
	// NonLeafView makes the tensor a view of a leaf that requires grad
	// (a non-leaf with an autograd base), the argument being the view.
	NonLeafView bool
	// NonLeafBase, with NonLeafView, makes the view's base a non-leaf
	// (leaf.clone()), so that an in-place op on the view is legal (autograd
	// rebases its history) where on a view of a leaf it is refused.
	NonLeafBase bool
	// Named names the tensor's dims in order by [DimNames] (dim 0 "N",
	// then "C", "H", "W", ...): a repair asks for it when a kernel looks a
	// Dimname up (the sample's Dimname values are "N"). A runtime without
	// named dims refuses the spec (the runtime cannot make the sample).
	Named bool
	// Fill chooses the element values: "" for [Values], or one of
	// [Fills] (a repair asks for them: valid indices, a positive-definite
	// matrix, increasing values; a probe for zeros, ones, negatives and
	// mixed signs).
	Fill string
	// Data, when set, are the element values in row-major order of the
	// shape, repeated to the element count; they override Fill (the fuzz
	// target asks for them).
	Data []float64
	// Strides, when set, are the tensor's strides in elements (one per
	// dim, none negative; 0 repeats an element along that dim), and Offset
	// its storage offset: a view at Offset into a storage just large
	// enough, elements between its own left as they are. The fuzz target
	// asks for them, for strided specs without Transposed; a runtime that
	// cannot make such a view says so from Tensor, like for a layout it
	// lacks.
	Strides []int
	Offset  int
}

// clone returns a copy of sp that shares no slice with it.
func (sp Spec) clone() Spec {
	sp.Shape, sp.Data, sp.Strides = slices.Clone(sp.Shape), slices.Clone(sp.Data), slices.Clone(sp.Strides)
	return sp
}

// StorageSize returns the number of elements a storage needs for the
// spec's view: its offset and its farthest element, by its strides (or
// its contiguous strides when it has none); 0 for an empty spec.
func (sp *Spec) StorageSize() int {
	if sp.Numel() == 0 {
		return 0
	}
	if sp.Strides == nil {
		return sp.Offset + sp.Numel()
	}
	n := sp.Offset + 1
	for i, d := range sp.Shape {
		n += (d - 1) * sp.Strides[i]
	}
	return n
}

// The layouts a Spec may ask for; "" is strided.
const (
	SparseCOO = "sparse_coo"
	SparseCSR = "sparse_csr"
	// SparseCSC is the compressed sparse column layout (no variant asks
	// for it: a repair or a setup does, for ccol_indices and row_indices).
	SparseCSC = "sparse_csc"
	// SparseBSR and SparseBSC are the blocked compressed layouts, of 1x1
	// blocks (a setup asks for them: the outs of _to_sparse_bsr and
	// _to_sparse_bsc).
	SparseBSR = "sparse_bsr"
	SparseBSC = "sparse_bsc"
	// SparseCOOUncoalesced is a sparse COO tensor whose coalesced flag is
	// off (a repair asks for it: _coalesce asserts it).
	SparseCOOUncoalesced = "sparse_coo_uncoalesced"
	// Quantized is a per-tensor affine quantized tensor (Dtype quint8,
	// qint8 or qint32).
	Quantized = "quantized"
	// QuantizedPerChannel is a per-channel affine quantized tensor along
	// dim 0 (Dtype quint8; no variant asks for it: a repair or a setup
	// does, for the q_per_channel_* accessors and per-channel outs).
	QuantizedPerChannel = "quantized_per_channel"
	Mkldnn              = "mkldnn"
)

// Layouts lists the non-strided layouts.
var Layouts = []string{SparseCOO, SparseCSR, Quantized, Mkldnn, SparseCSC, QuantizedPerChannel, SparseBSR, SparseBSC, SparseCOOUncoalesced}

// IsQuantizedLayout reports whether layout is one of the quantized ones.
func IsQuantizedLayout(layout string) bool {
	return layout == Quantized || layout == QuantizedPerChannel
}

// Dtypes lists the element types a Spec may name, by their PyTorch names
// without the "torch." prefix.
var Dtypes = []string{
	"float32", "float64", "float16", "bfloat16",
	"int64", "int32", "int16", "int8", "uint8", "uint64", "bool",
	"complex64", "complex128",
	"quint8", "qint8", "qint32",
}

// The fills a Spec may ask for; "" is [Values].
const (
	FillZeros = "zeros"  // every element 0: an index valid for any size
	FillOnes  = "ones"   // every element 1
	FillRange = "arange" // 0, 1, 2, ...: increasing, distinct
	FillSPD   = "spd"    // each trailing square matrix symmetric positive-definite
	FillNeg   = "neg"    // every element negative: -[Values] (integers -1, -2)
	FillMixed = "mixed"  // signs alternating from negative: -0.5, 1.2, ... (integers -1, 1, -2, 2)
)

// Fills lists the fills.
var Fills = []string{FillZeros, FillOnes, FillRange, FillSPD, FillNeg, FillMixed}

// IsComplex reports whether dtype is a complex type.
func IsComplex(dtype string) bool { return strings.HasPrefix(dtype, "complex") }

// IsFloating reports whether dtype is a real floating-point type.
func IsFloating(dtype string) bool {
	return strings.HasPrefix(dtype, "float") || dtype == "bfloat16"
}

// IsQuantized reports whether dtype is a quantized type.
func IsQuantized(dtype string) bool { return strings.HasPrefix(dtype, "q") }

// Signed reports whether dtype holds negative values: not bool, uint8,
// uint64 or quint8.
func Signed(dtype string) bool {
	switch dtype {
	case "bool", "uint8", "uint64", "quint8":
		return false
	}
	return true
}

// Integral reports whether dtype holds integers (bool included).
func Integral(dtype string) bool { return strings.Contains(dtype, "int") || dtype == "bool" }

// NewSpec returns a strided spec of its own, of dtype and shape.
func NewSpec(dtype string, shape ...int) Spec {
	return Spec{Dtype: dtype, Shape: shape, Same: -1, ViewOf: -1}
}

// dimNames are the names [DimNames] gives dims, in order.
var dimNames = []string{"N", "C", "H", "W", "D", "T", "L", "K"}

// DimNames returns the names of the dims of a named spec of rank n: "N",
// "C", "H", "W", "D", "T", "L", "K", then "d8", "d9", ...
//
// The names are PyTorch's usual ones for a batch of images, so that a
// sample's Dimname value "N" is dim 0 of every named tensor.
func DimNames(n int) []string {
	l := make([]string, n)
	for i := range l {
		if i < len(dimNames) {
			l[i] = dimNames[i]
		} else {
			l[i] = fmt.Sprintf("d%d", i)
		}
	}
	return l
}

// Numel returns the number of elements of the spec's shape.
func (sp *Spec) Numel() int {
	n := 1
	for _, s := range sp.Shape {
		n *= s
	}
	return n
}

// The size bound of every sample: no spec has more than MaxElements
// elements (its empty dims counted as 1) or more than MaxDims dims, so
// that no repair, setup or fuzzed input asks a runtime for more memory
// than a test has, whatever the kernel answers. The samples use a few
// hundred elements at most; a kernel's result may be larger (kron, outer:
// the square).
const (
	MaxElements = 1 << 12
	MaxDims     = 8
)

// Bounded reports a shape past the size bound: more than MaxDims dims or
// MaxElements elements (empty dims counted as 1, so that [0, n] is
// bounded by n), or a negative size.
func Bounded(shape []int) error {
	if len(shape) > MaxDims {
		return fmt.Errorf("%d dims, above the sweep's bound of %d", len(shape), MaxDims)
	}
	n := 1
	for _, d := range shape {
		if d < 0 {
			return fmt.Errorf("a negative size %d", d)
		}
		if d > MaxElements || n*max(d, 1) > MaxElements {
			return fmt.Errorf("shape %v is above the sweep's bound of %d elements", shape, MaxElements)
		}
		n *= max(d, 1)
	}
	return nil
}

// Check reports a spec a runtime could not make whatever it supports: a
// shape past the size bound ([Bounded]), an unknown dtype, layout or fill,
// or bits and layouts that do not go together.
func (sp *Spec) Check() error {
	if err := Bounded(sp.Shape); err != nil {
		return err
	}
	if !contains(Dtypes, sp.Dtype) {
		return fmt.Errorf("unknown dtype %q", sp.Dtype)
	}
	if sp.Layout != "" && !contains(Layouts, sp.Layout) {
		return fmt.Errorf("unknown layout %q", sp.Layout)
	}
	if sp.Fill != "" && !contains(Fills, sp.Fill) {
		return fmt.Errorf("unknown fill %q", sp.Fill)
	}
	if sp.Conj && !IsComplex(sp.Dtype) {
		return fmt.Errorf("the conj bit needs a complex dtype, not %s", sp.Dtype)
	}
	if (sp.Conj || sp.Neg) && sp.Layout != "" {
		return fmt.Errorf("the conj and neg bits go with strided tensors, not %s", sp.Layout)
	}
	if sp.Neg && sp.Dtype == "bool" {
		return fmt.Errorf("the neg bit needs a numeric dtype, not bool")
	}
	if IsQuantizedLayout(sp.Layout) != IsQuantized(sp.Dtype) {
		return fmt.Errorf("dtype %s in layout %q: quantized dtypes go with the quantized layout only", sp.Dtype, sp.Layout)
	}
	if sp.Named && sp.Layout != "" {
		return fmt.Errorf("named dims go with strided tensors, not %s", sp.Layout)
	}
	if err := sp.checkStrides(); err != nil {
		return err
	}
	if (sp.Fill == FillNeg || sp.Fill == FillMixed) && !Signed(sp.Dtype) {
		return fmt.Errorf("fill %s needs a signed dtype, not %s", sp.Fill, sp.Dtype)
	}
	if sp.NonLeafBase && !sp.NonLeafView {
		return fmt.Errorf("a non-leaf base needs a non-leaf view")
	}
	if (sp.RequiresGrad || sp.NonLeafView) && !IsFloating(sp.Dtype) && !IsComplex(sp.Dtype) {
		return fmt.Errorf("only floating-point and complex tensors require grad, not %s", sp.Dtype)
	}
	return nil
}

// checkStrides reports strides or an offset a strided view cannot have:
// a stride per dim, none negative, a strided layout, no transposed view
// (it is one), and a storage within the size bound.
func (sp *Spec) checkStrides() error {
	switch {
	case sp.Strides == nil && sp.Offset == 0:
		return nil
	case sp.Offset < 0:
		return fmt.Errorf("a negative storage offset %d", sp.Offset)
	case sp.Strides != nil && len(sp.Strides) != len(sp.Shape):
		return fmt.Errorf("%d strides for %d dims", len(sp.Strides), len(sp.Shape))
	case slices.ContainsFunc(sp.Strides, func(x int) bool { return x < 0 }):
		return fmt.Errorf("negative strides %v", sp.Strides)
	case sp.Layout != "" || sp.Transposed || sp.Same >= 0 || sp.ViewOf >= 0:
		return fmt.Errorf("strides and an offset go with a strided tensor of its own")
	case sp.StorageSize() > MaxElements:
		return fmt.Errorf("a storage of %d elements, above the sweep's bound of %d", sp.StorageSize(), MaxElements)
	}
	return nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Values returns n deterministic element values for a spec of dtype:
// positive, distinct for floats, 0/1 for integer and bool types.
func Values(dtype string, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		if Integral(dtype) {
			v[i] = float64(i % 2)
		} else {
			v[i] = 0.5 + float64((i*7)%11)/10
		}
	}
	return v
}

// Elements returns the spec's element values in row-major order of its
// shape (for a transposed spec: of the transposed view), from its Data or
// by its fill. A complex runtime uses them as the real parts.
func (sp *Spec) Elements() []float64 {
	n := sp.Numel()
	if len(sp.Data) > 0 {
		v := make([]float64, n)
		for i := range v {
			v[i] = sp.Data[i%len(sp.Data)]
		}
		return v
	}
	switch sp.Fill {
	case FillNeg, FillMixed:
		v := Values(sp.Dtype, n)
		for i := range v {
			switch {
			case sp.Fill == FillNeg && Integral(sp.Dtype):
				v[i] = -float64(1 + i%2)
			case sp.Fill == FillNeg:
				v[i] = -v[i]
			case Integral(sp.Dtype):
				v[i] = float64((i%2)*2-1) * float64(1+(i/2)%2)
			case i%2 == 0:
				v[i] = -v[i]
			}
		}
		return v
	case FillZeros, FillOnes, FillRange:
		v := make([]float64, n)
		for i := range v {
			switch sp.Fill {
			case FillOnes:
				v[i] = 1
			case FillRange:
				v[i] = float64(i)
			}
		}
		return v
	case FillSPD:
		// n+1 on the diagonal, 1/(1+|i-j|) off it: symmetric and strictly
		// diagonally dominant, so positive-definite.
		v := make([]float64, n)
		if len(sp.Shape) < 2 {
			for i := range v {
				v[i] = 1
			}
			return v
		}
		r, c := sp.Shape[len(sp.Shape)-2], sp.Shape[len(sp.Shape)-1]
		for k := range v {
			i, j := (k/c)%r, k%c
			if i == j {
				v[k] = float64(c + 1)
			} else {
				d := i - j
				if d < 0 {
					d = -d
				}
				v[k] = 1 / float64(1+d)
			}
		}
		return v
	}
	return Values(sp.Dtype, n)
}
