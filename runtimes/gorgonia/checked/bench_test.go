//go:build debugasserts

package checked_test

import (
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// benchCase is one op called directly (its kernel) and through its
// checked wrapper.
type benchCase struct {
	name            string
	direct, checked func()
	floor           func() // the identity rows by hand (floor_test.go), if any
}

// benchCases are the ops of BenchmarkChecked and TestCostSideBySide, on
// 4x4 float64 tensors.
func benchCases() []benchCase {
	vs := make([]float64, 16)
	for i := range vs {
		vs[i] = float64(i + 1)
	}
	x := tensor.New(tensor.WithShape(4, 4), tensor.WithBacking(vs))
	y := tensor.New(tensor.WithShape(4, 4), tensor.WithBacking(append([]float64(nil), vs...)))
	list := []*tensor.Dense{x, y}
	return []benchCase{
		{"add", func() { ops.AddTensor(x, y, 1) }, func() { checked.AddTensor(x, y, 1) }, func() { floorAdd(x, y, 1) }},
		{"neg", func() { ops.Neg(x) }, func() { checked.Neg(x) }, nil},
		{"add_", func() { ops.Add_Tensor(x, y, 1) }, func() { checked.Add_Tensor(x, y, 1) }, nil},
		{"transpose", func() { ops.TransposeInt(x, 0, 1) }, func() { checked.TransposeInt(x, 0, 1) }, nil},
		{"cat", func() { ops.Cat(list, 0) }, func() { checked.Cat(list, 0) }, nil},
		{"mm", func() { ops.Mm(x, y) }, func() { checked.Mm(x, y) }, nil},
	}
}

// BenchmarkChecked puts each checked wrapper beside its kernel called
// directly: checked minus direct is what the checks cost on gorgonia
// (identities from the Dense's address and ops.Memory, fresh_not_held's
// registry, the slow path of every input check for want of version
// counters). same_content is off (the default).
func BenchmarkChecked(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name+"/direct", func(b *testing.B) {
			for b.Loop() {
				c.direct()
			}
		})
		b.Run(c.name+"/checked", func(b *testing.B) {
			for b.Loop() {
				c.checked()
			}
		})
		if c.floor != nil {
			b.Run(c.name+"/floor", func(b *testing.B) {
				for b.Loop() {
					c.floor()
				}
			})
		}
	}
}
