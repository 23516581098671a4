package sweep

import (
	"fmt"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestVariantNumbers holds the numbering of Variants and Probes: the
// committed verdicts and reports of runtimes/libtorch, gorgonia and gonum
// name samples by these numbers, so a variant or a probe is added at the
// end, and none is removed, moved or changed.
func TestVariantNumbers(t *testing.T) {
	want := []string{
		"0 contiguous float [2,3], optionals absent: float32[2,3], optionals 0, lists of 1, alias false, training false",
		"1 non-contiguous float [2,3] (transposed views), optionals present: float32[2,3].T, optionals 2, lists of 1, alias false, training false",
		"2 0-dim float: float32[], optionals 1, lists of 1, alias false, training false",
		"3 square float64 [3,3], lists of 3: float64[3,3], optionals 1, lists of 3, alias false, training false",
		"4 int64 [2,3]: int64[2,3], optionals 1, lists of 1, alias false, training false",
		"5 aliasing: x.op_(x), op(a, b, out=a), or two views of one base: float32[2,3], optionals 1, lists of 1, alias true, training false",
		"6 empty float [0]: float32[0], optionals 1, lists of 1, alias false, training false",
		"7 bool [2,3]: bool[2,3], optionals 1, lists of 1, alias false, training false",
		"8 4-d float [1,2,4,4] (a batch of images: conv, pooling): float32[1,2,4,4], optionals 1, lists of 1, alias false, training false",
		"9 3-d float [2,3,4]: float32[2,3,4], optionals 1, lists of 1, alias false, training false",
		"10 training mode: float [2,3], bools named training or train true (rrelu's noise, dropout, batch norm): float32[2,3], optionals 1, lists of 1, alias false, training true",
		"11 complex64 [2,3]: complex64[2,3], optionals 1, lists of 1, alias false, training false",
		"12 complex128 [2,3] with the conj bit (conj() views): complex128[2,3].conj, optionals 1, lists of 1, alias false, training false",
		"13 float [2,3] with the neg bit (_neg_view() views): float32[2,3].neg, optionals 1, lists of 1, alias false, training false",
		"14 sparse COO float [2,3]: float32[2,3].sparse_coo, optionals 1, lists of 1, alias false, training false",
		"15 sparse CSR float [2,3]: float32[2,3].sparse_csr, optionals 1, lists of 1, alias false, training false",
		"16 quantized quint8 [2,3] (per-tensor affine): quint8[2,3].quantized, optionals 1, lists of 1, alias false, training false",
		"17 mkldnn float [1,2,4,4]: float32[1,2,4,4].mkldnn, optionals 1, lists of 1, alias false, training false",
		"18 requires_grad float [2,3] leaves (the autograd path): float32[2,3].requires_grad, optionals 1, lists of 1, alias false, training false",
		"19 transposed views of requires_grad leaves (in-place refused): float32[2,3].nonleaf_view, optionals 1, lists of 1, alias false, training false",
		"20 transposed views of non-leaves (leaf.clone(); in-place legal): float32[2,3].nonleaf_view.of_nonleaf, optionals 1, lists of 1, alias false, training false",
		"21 1-d float [3]: float32[3], optionals 1, lists of 1, alias false, training false",
		"22 single element float [1]: float32[1], optionals 1, lists of 1, alias false, training false",
		"23 single element 4-d float [1,1,1,1]: float32[1,1,1,1], optionals 1, lists of 1, alias false, training false",
	}
	for i, v := range Variants {
		if i >= len(want) {
			break
		}
		if got := variantLine(i, v); got != want[i] {
			t.Errorf("variant %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	if len(Variants) < len(want) {
		t.Errorf("%d variants, want %d at least", len(Variants), len(want))
	}
	wantProbes := []string{
		"0 scalars 0",
		"1 scalars 1",
		"2 scalars -1",
		"3 scalars 2",
		"4 scalars 0.5",
		"5 dims 0",
		"6 dims -1",
		"7 dims last",
		"8 bools true",
		"9 bools false",
		"10 zeros",
		"11 ones",
		"12 negatives",
		"13 mixed signs",
		"14 size-1 dims",
		"15 broadcast",
		"16 non-contiguous",
		"17 non-viewable reshape",
		"18 one-element lists",
		"19 empty",
		"20 size-1 last dim",
		"21 single element",
	}
	for i, p := range Probes {
		if got := fmt.Sprintf("%d %s", i, p.Name); i < len(wantProbes) && got != wantProbes[i] {
			t.Errorf("probe %d is %q, want %q", i, got, wantProbes[i])
		}
	}
	if len(Probes) < len(wantProbes) {
		t.Errorf("%d probes, want %d at least", len(Probes), len(wantProbes))
	}
}

// TestLayoutVariants: every variant's tensor is a spec check accepts, and
// so is an index argument of it (a plain int64 tensor); a repair to a
// layout drops the conj and neg bits (and autograd, for quantized), which
// only strided tensors carry.
func TestLayoutVariants(t *testing.T) {
	for _, v := range Variants {
		sp := v.Tensor
		if err := sp.check(); err != nil {
			t.Errorf("%s: %v", v.Name, err)
		}
		sp.asIndex()
		if err := sp.check(); err != nil || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Layout != "" {
			t.Errorf("%s as an index: %+v (%v)", v.Name, sp, err)
		}
	}
	const negBit = 13 // the neg-bit variant
	sch, err := schema.Embedded("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	op := sch.Op("int_repr").Func
	s := For(op, negBit)
	if !s.Specs[0].Neg {
		t.Fatalf("sample %d of int_repr: %+v, want the neg bit", negBit, s.Specs[0])
	}
	layout(s, Quantized, false)
	if sp := s.Specs[0]; sp.Neg || sp.Layout != Quantized || sp.check() != nil {
		t.Errorf("after a repair to quantized: %+v (Check: %v), want no neg bit", sp, sp.check())
	}
	bad := NewSpec("quint8", 2, 3)
	bad.Layout, bad.Neg = Quantized, true
	if bad.check() == nil {
		t.Errorf("a quantized spec with the neg bit passes Check")
	}
}

// variantLine is what TestVariantNumbers holds of variant i.
func variantLine(i int, v variant) string {
	return fmt.Sprintf("%d %s: %s, optionals %d, lists of %d, alias %t, training %t", i, v.Name, v.Tensor, v.optionals, v.ListLen, v.Alias, v.Training)
}
