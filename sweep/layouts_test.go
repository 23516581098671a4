package sweep

import (
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestLayoutVariants: the layout, dtype and autograd variants come after
// the others, each a spec Check accepts; an index argument of one is a
// plain int64 tensor; a repair to a layout drops the conj and neg bits
// (and autograd, for quantized), which only strided tensors carry.
func TestLayoutVariants(t *testing.T) {
	first := len(Variants) - len(layoutVariants)
	for i, v := range layoutVariants {
		if Variants[first+i].Name != v.Name {
			t.Fatalf("variant %d is %q, want %q: the layout variants go last", first+i, Variants[first+i].Name, v.Name)
		}
		sp := v.Tensor
		if err := sp.Check(); err != nil {
			t.Errorf("%s: %v", v.Name, err)
		}
		sp.asIndex()
		if err := sp.Check(); err != nil || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Layout != "" {
			t.Errorf("%s as an index: %+v (%v)", v.Name, sp, err)
		}
	}
	sch, err := schema.Embedded("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	op := sch.Op("int_repr")
	s := For(op, first+2) // the neg bit
	if !s.Specs[0].Neg {
		t.Fatalf("sample %d of int_repr: %+v, want the neg bit", first+2, s.Specs[0])
	}
	layout(s, Quantized, false)
	if sp := s.Specs[0]; sp.Neg || sp.Layout != Quantized || sp.Check() != nil {
		t.Errorf("after a repair to quantized: %+v (Check: %v), want no neg bit", sp, sp.Check())
	}
	bad := NewSpec("quint8", 2, 3)
	bad.Layout, bad.Neg = Quantized, true
	if bad.Check() == nil {
		t.Errorf("a quantized spec with the neg bit passes Check")
	}
}
