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
	// Dtype names the element type by its PyTorch name without "torch.":
	// "float32", "float64", "float16", "bfloat16", "int64", "int32",
	// "int16", "int8", "uint8", "uint64", "bool", "complex64",
	// "complex128", "quint8", "qint8" or "qint32".
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
	// Layout is the tensor's layout: "" (strided) or one of the layout
	// constants ([SparseCOO], ..., [Mkldnn]).
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
	// Fill chooses the element values [Spec.Elements] gives: "" for the
	// default ones (positive, distinct for floats; 0 and 1 for integer
	// and bool dtypes), or "zeros", "ones", "arange" (0, 1, 2, ...), "spd"
	// (each trailing square matrix symmetric positive-definite), "neg"
	// (every element negative) or "mixed" (signs alternating). A repair
	// asks for them (valid indices, a positive-definite matrix), a probe
	// for zeros, ones, negatives and mixed signs.
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
	// GoInt, with Dtype "int64", asks for the elements as Go's int: the
	// runtime's own integer type where it has one besides int64
	// (gorgonia's tensor.Int). Only the probe "Go int" sets it, and only
	// for a runtime whose [Capabilities] has GoInt.
	GoInt bool
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
	if sp.numel() == 0 {
		return 0
	}
	if sp.Strides == nil {
		return sp.Offset + sp.numel()
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

// layoutNames lists the non-strided layouts.
var layoutNames = []string{SparseCOO, SparseCSR, Quantized, Mkldnn, SparseCSC, QuantizedPerChannel, SparseBSR, SparseBSC, SparseCOOUncoalesced}

// isQuantizedLayout reports whether layout is one of the quantized ones.
func isQuantizedLayout(layout string) bool {
	return layout == Quantized || layout == QuantizedPerChannel
}

// dtypeNames lists the element types a Spec may name, by their PyTorch names
// without the "torch." prefix.
var dtypeNames = []string{
	"float32", "float64", "float16", "bfloat16",
	"int64", "int32", "int16", "int8", "uint8", "uint64", "bool",
	"complex64", "complex128",
	"quint8", "qint8", "qint32",
}

// The fills a Spec may ask for; "" is [Values].
const (
	fillZeros = "zeros"  // every element 0: an index valid for any size
	fillOnes  = "ones"   // every element 1
	fillRange = "arange" // 0, 1, 2, ...: increasing, distinct
	fillSPD   = "spd"    // each trailing square matrix symmetric positive-definite
	fillNeg   = "neg"    // every element negative: -[Values] (integers -1, -2)
	fillMixed = "mixed"  // signs alternating from negative: -0.5, 1.2, ... (integers -1, 1, -2, 2)
)

// fillNames lists the fills.
var fillNames = []string{fillZeros, fillOnes, fillRange, fillSPD, fillNeg, fillMixed}

// isComplex reports whether dtype is a complex type.
func isComplex(dtype string) bool { return strings.HasPrefix(dtype, "complex") }

// isFloating reports whether dtype is a real floating-point type.
func isFloating(dtype string) bool {
	return strings.HasPrefix(dtype, "float") || dtype == "bfloat16"
}

// isQuantized reports whether dtype is a quantized type.
func isQuantized(dtype string) bool { return strings.HasPrefix(dtype, "q") }

// signedDtype reports whether dtype holds negative values: not bool, uint8,
// uint64 or quint8.
func signedDtype(dtype string) bool {
	switch dtype {
	case "bool", "uint8", "uint64", "quint8":
		return false
	}
	return true
}

// integralDtype reports whether dtype holds integers (bool included).
func integralDtype(dtype string) bool { return strings.Contains(dtype, "int") || dtype == "bool" }

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

// numel returns the number of elements of the spec's shape.
func (sp *Spec) numel() int {
	n := 1
	for _, s := range sp.Shape {
		n *= s
	}
	return n
}

// The size bound of every sample: no spec has more than maxElements
// elements (its empty dims counted as 1) or more than maxDims dims, so
// that no repair, setup or fuzzed input asks a runtime for more memory
// than a test has, whatever the kernel answers. The samples use a few
// hundred elements at most; a kernel's result may be larger (kron, outer:
// the square).
const (
	maxElements = 1 << 12
	maxDims     = 8
)

// checkBound reports a shape past the size bound: more than maxDims dims or
// maxElements elements (empty dims counted as 1, so that [0, n] is
// bounded by n), or a negative size.
func checkBound(shape []int) error {
	if len(shape) > maxDims {
		return fmt.Errorf("%d dims, above the sweep's bound of %d", len(shape), maxDims)
	}
	n := 1
	for _, d := range shape {
		if d < 0 {
			return fmt.Errorf("a negative size %d", d)
		}
		if d > maxElements || n*max(d, 1) > maxElements {
			return fmt.Errorf("shape %v is above the sweep's bound of %d elements", shape, maxElements)
		}
		n *= max(d, 1)
	}
	return nil
}

// check reports a spec a runtime could not make whatever it supports: a
// shape past the size bound ([checkBound]), an unknown dtype, layout or fill,
// or bits and layouts that do not go together.
func (sp *Spec) check() error {
	if err := checkBound(sp.Shape); err != nil {
		return err
	}
	if !contains(dtypeNames, sp.Dtype) {
		return fmt.Errorf("unknown dtype %q", sp.Dtype)
	}
	if sp.Layout != "" && !contains(layoutNames, sp.Layout) {
		return fmt.Errorf("unknown layout %q", sp.Layout)
	}
	if sp.Fill != "" && !contains(fillNames, sp.Fill) {
		return fmt.Errorf("unknown fill %q", sp.Fill)
	}
	if sp.Conj && !isComplex(sp.Dtype) {
		return fmt.Errorf("the conj bit needs a complex dtype, not %s", sp.Dtype)
	}
	if (sp.Conj || sp.Neg) && sp.Layout != "" {
		return fmt.Errorf("the conj and neg bits go with strided tensors, not %s", sp.Layout)
	}
	if sp.Neg && sp.Dtype == "bool" {
		return fmt.Errorf("the neg bit needs a numeric dtype, not bool")
	}
	if sp.GoInt && (sp.Dtype != "int64" || sp.Layout != "" || sp.RequiresGrad || sp.NonLeafView) {
		return fmt.Errorf("a Go int tensor is a strided int64 one without autograd, not %s", sp)
	}
	if isQuantizedLayout(sp.Layout) != isQuantized(sp.Dtype) {
		return fmt.Errorf("dtype %s in layout %q: quantized dtypes go with the quantized layout only", sp.Dtype, sp.Layout)
	}
	if sp.Named && sp.Layout != "" {
		return fmt.Errorf("named dims go with strided tensors, not %s", sp.Layout)
	}
	if err := sp.checkStrides(); err != nil {
		return err
	}
	if (sp.Fill == fillNeg || sp.Fill == fillMixed) && !signedDtype(sp.Dtype) {
		return fmt.Errorf("fill %s needs a signed dtype, not %s", sp.Fill, sp.Dtype)
	}
	if sp.NonLeafBase && !sp.NonLeafView {
		return fmt.Errorf("a non-leaf base needs a non-leaf view")
	}
	if (sp.RequiresGrad || sp.NonLeafView) && !isFloating(sp.Dtype) && !isComplex(sp.Dtype) {
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
	case sp.StorageSize() > maxElements:
		return fmt.Errorf("a storage of %d elements, above the sweep's bound of %d", sp.StorageSize(), maxElements)
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

// elementValues returns n deterministic element values for a spec of
// dtype: positive, distinct for floats, 0/1 for integer and bool types.
func elementValues(dtype string, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		if integralDtype(dtype) {
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
	n := sp.numel()
	if len(sp.Data) > 0 {
		v := make([]float64, n)
		for i := range v {
			v[i] = sp.Data[i%len(sp.Data)]
		}
		return v
	}
	switch sp.Fill {
	case fillNeg, fillMixed:
		v := elementValues(sp.Dtype, n)
		for i := range v {
			switch {
			case sp.Fill == fillNeg && integralDtype(sp.Dtype):
				v[i] = -float64(1 + i%2)
			case sp.Fill == fillNeg:
				v[i] = -v[i]
			case integralDtype(sp.Dtype):
				v[i] = float64((i%2)*2-1) * float64(1+(i/2)%2)
			case i%2 == 0:
				v[i] = -v[i]
			}
		}
		return v
	case fillZeros, fillOnes, fillRange:
		v := make([]float64, n)
		for i := range v {
			switch sp.Fill {
			case fillOnes:
				v[i] = 1
			case fillRange:
				v[i] = float64(i)
			}
		}
		return v
	case fillSPD:
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
	return elementValues(sp.Dtype, n)
}
