//go:build debugasserts

package pool_test

import (
	"testing"

	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/checked"
	"github.com/assertgen/assertgen/examples/pool/checked32"
)

// BenchmarkChecked times each op called directly, through the generic
// checked wrapper (checked, instantiated with float32) and through the
// wrapper of the one instantiation (checked32, from checked32.yaml), on
// 2x3 float32 tensors: contiguous of a contiguous tensor and zero_ cost
// their kernels a hold (no allocation), so that the difference is mostly
// the checks. docs/benchmarks.md has the figures. Each call's result is
// released, so the pool's buffers are reused.
func BenchmarkChecked(b *testing.B) {
	x := pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	y := pool.New([]float32{6, 5, 4, 3, 2, 1}, 2, 3)
	for _, op := range []struct {
		name                    string
		direct, generic, single func() *pool.Tensor[float32]
	}{
		{"contiguous", func() *pool.Tensor[float32] { return pool.Contiguous(x, 0) },
			func() *pool.Tensor[float32] { return checked.Contiguous(x, 0) },
			func() *pool.Tensor[float32] { return checked32.Contiguous(x, 0) }},
		{"zero_", func() *pool.Tensor[float32] { return pool.Zero_(y) },
			func() *pool.Tensor[float32] { return checked.Zero_(y) },
			func() *pool.Tensor[float32] { return checked32.Zero_(y) }},
		{"alias", func() *pool.Tensor[float32] { return pool.Alias(x) },
			func() *pool.Tensor[float32] { return checked.Alias(x) },
			func() *pool.Tensor[float32] { return checked32.Alias(x) }},
		{"add", func() *pool.Tensor[float32] { return pool.AddTensor(x, y, 1) },
			func() *pool.Tensor[float32] { return checked.AddTensor(x, y, 1) },
			func() *pool.Tensor[float32] { return checked32.AddTensor(x, y, 1) }},
	} {
		for _, v := range []struct {
			name string
			call func() *pool.Tensor[float32]
		}{{"direct", op.direct}, {"generic", op.generic}, {"float32", op.single}} {
			b.Run(op.name+"/"+v.name, func(b *testing.B) {
				for b.Loop() {
					v.call().Release()
				}
			})
		}
	}
}
