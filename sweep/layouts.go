package sweep

// The layout, dtype and autograd variants: every op also runs on complex
// tensors and their lazy conjugate and negative bits, sparse COO and CSR,
// quantized and mkldnn tensors, and on the autograd path (requires_grad
// leaves, views of them, views of non-leaves), after the variants of
// samples.go, whose numbers they keep.
var layoutVariants = []Variant{
	{Name: "complex64 [2,3]", Tensor: t("complex64", 2, 3), Optionals: OptTensors, ListLen: 1},
	{Name: "complex128 [2,3] with the conj bit (conj() views)", Tensor: bits(t("complex128", 2, 3), func(s *Spec) { s.Conj = true }), Optionals: OptTensors, ListLen: 1},
	{Name: "float [2,3] with the neg bit (_neg_view() views)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Neg = true }), Optionals: OptTensors, ListLen: 1},
	{Name: "sparse COO float [2,3]", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Layout = SparseCOO }), Optionals: OptTensors, ListLen: 1},
	{Name: "sparse CSR float [2,3]", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Layout = SparseCSR }), Optionals: OptTensors, ListLen: 1},
	{Name: "quantized quint8 [2,3] (per-tensor affine)", Tensor: bits(t("quint8", 2, 3), func(s *Spec) { s.Layout = Quantized }), Optionals: OptTensors, ListLen: 1},
	{Name: "mkldnn float [1,2,4,4]", Tensor: bits(t("float32", 1, 2, 4, 4), func(s *Spec) { s.Layout = Mkldnn }), Optionals: OptTensors, ListLen: 1},
	{Name: "requires_grad float [2,3] leaves (the autograd path)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.RequiresGrad = true }), Optionals: OptTensors, ListLen: 1},
	{Name: "transposed views of requires_grad leaves (in-place refused)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.NonLeafView = true }), Optionals: OptTensors, ListLen: 1},
	{Name: "transposed views of non-leaves (leaf.clone(); in-place legal)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.NonLeafView, s.NonLeafBase = true, true }), Optionals: OptTensors, ListLen: 1},
}

func init() { Variants = append(Variants, layoutVariants...) }

func bits(s Spec, f func(*Spec)) Spec {
	f(&s)
	return s
}

// asIndex makes sp an index tensor: int64 and strided, without the bits
// and autograd that only floating-point and complex tensors carry.
func (sp *Spec) asIndex() {
	sp.Dtype = "int64"
	sp.Conj, sp.Neg, sp.RequiresGrad, sp.NonLeafView, sp.NonLeafBase = false, false, false, false, false
	sp.Layout = ""
}
