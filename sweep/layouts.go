package sweep

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
