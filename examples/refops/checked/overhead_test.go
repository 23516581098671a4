package checked_test

import (
	"testing"

	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checked"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// The cost of a generated wrapper against its kernel called directly, on
// real reftensor kernels. In a release build (no tag) the wrapper is an
// inlined forwarding call and the pairs must match; with -tags debugasserts
// the difference is the price of the checks:
//
//	go test -run '^$' -bench . -count 10 ./examples/refops/checked
//	go test -tags debugasserts -run '^$' -bench . -count 10 ./examples/refops/checked
func BenchmarkAdd(b *testing.B) {
	x, y := rt.Arange(16), rt.Arange(16)
	defer x.Release()
	defer y.Release()
	b.Run("kernel", func(b *testing.B) {
		for b.Loop() {
			refops.AddTensor(x, y, 1).Release()
		}
	})
	b.Run("wrapper", func(b *testing.B) {
		for b.Loop() {
			checked.AddTensor(x, y, 1).Release()
		}
	})
}

func BenchmarkTranspose(b *testing.B) {
	v := rt.Zeros(4, 4)
	defer v.Release()
	b.Run("kernel", func(b *testing.B) {
		for b.Loop() {
			refops.TransposeInt(v, 0, 1).Release()
		}
	})
	b.Run("wrapper", func(b *testing.B) {
		for b.Loop() {
			checked.TransposeInt(v, 0, 1).Release()
		}
	})
}
