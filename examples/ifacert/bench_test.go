//go:build debugasserts

package ifacert_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/ifacert/checked"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// BenchmarkOps: per op, the kernel called directly, through the one path
// (checked) and through the one path with every call forced onto its
// rows (rows, engine.SetRowsOnly), on tensors held as asserts.Tensor of
// two dynamic types.
//
//	go test -tags debugasserts -run '^$' -bench Ops ./examples/ifacert
func BenchmarkOps(b *testing.B) {
	ks := kernels{}
	x, y, out := ar(4), boxed{ar(4)}, rt.Zeros(4)
	list := []asserts.Tensor{ar(2), boxed{ar(2)}, ar(2), boxed{ar(2)}, ar(2), boxed{ar(2)}, ar(2), boxed{ar(2)}}
	m := rt.Zeros(2, 3)
	ops := []struct {
		name string
		call func(k checked.Kernels)
	}{
		{"add", func(k checked.Kernels) { k.AddTensor(x, y, 1.0) }},
		{"add_", func(k checked.Kernels) { k.Add_Tensor(x, y, 1.0) }},
		{"add.out", func(k checked.Kernels) { k.AddOut(x, y, 1.0, out) }},
		{"transpose", func(k checked.Kernels) { k.TransposeInt(m, 0, 1) }},
		{"cat8", func(k checked.Kernels) { k.Cat(list, 0) }},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, v := range []struct {
				name string
				k    checked.Kernels
			}{{"direct", ks}, {"checked", checked.Checked(ks)}, {"rows", checked.Checked(ks)}} {
				b.Run(v.name, func(b *testing.B) {
					defer engine.SetRowsOnly(engine.SetRowsOnly(v.name == "rows"))
					for b.Loop() {
						op.call(v.k)
					}
				})
			}
		})
	}
}
