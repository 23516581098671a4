//go:build debugasserts

package sweep

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	samples "github.com/assertgen/assertgen/sweep"
)

// TestAdapterMakesLayouts: the adapter makes each layout, bit and autograd
// spec of the layout variants as torch reports it back.
func TestAdapterMakesLayouts(t *testing.T) {
	want := map[string]torch.Info{
		"complex64 [2,3]": {Leaf: true},
		"complex128 [2,3] with the conj bit (conj() views)":             {Conj: true, Leaf: true, View: true},
		"float [2,3] with the neg bit (_neg_view() views)":              {Neg: true, Leaf: true, View: true},
		"sparse COO float [2,3]":                                        {Layout: torch.SparseCOO, Leaf: true},
		"sparse CSR float [2,3]":                                        {Layout: torch.SparseCSR, Leaf: true},
		"quantized quint8 [2,3] (per-tensor affine)":                    {Quantized: true, Leaf: true},
		"mkldnn float [1,2,4,4]":                                        {Layout: torch.Mkldnn, Leaf: true},
		"requires_grad float [2,3] leaves (the autograd path)":          {RequiresGrad: true, Leaf: true},
		"transposed views of requires_grad leaves (in-place refused)":   {RequiresGrad: true, View: true},
		"transposed views of non-leaves (leaf.clone(); in-place legal)": {RequiresGrad: true, View: true},
	}
	var p pool
	defer p.release()
	a := adapter{&p}
	seen := 0
	for _, v := range samples.Variants {
		w, ok := want[v.Name]
		if !ok {
			continue
		}
		seen++
		xv, err := a.Tensor(v.Tensor, nil)
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		x := xv.Interface().(*torch.Tensor)
		if got := x.Info(); got != w {
			t.Errorf("%s: Info %+v, want %+v", v.Name, got, w)
		}
		if got := x.Sizes(); len(got) != len(v.Tensor.Shape) {
			t.Errorf("%s: sizes %v, want %v", v.Name, got, v.Tensor.Shape)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d layout variants are in samples.Variants", seen, len(want))
	}
}
