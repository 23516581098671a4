package checked

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/gen/testdata/small/kernels"
)

// These benchmarks compare a generated wrapper with a direct call of its
// kernel. Without -tags debugasserts the wrapper is a forwarding function
// the compiler inlines: the two must cost the same. With the tag, the
// difference is the price of the checks.
//
//	go test -bench . -count 10 ./gen/testdata/small/out                       # release build
//	go test -tags debugasserts -bench . -count 10 ./gen/testdata/small/out   # debug build

var (
	x, y = &kernels.Tensor{}, &kernels.Tensor{}
	sink *kernels.Tensor
	n    int64
)

func BenchmarkKernelDirect(b *testing.B) {
	for b.Loop() {
		sink = kernels.Add_Tensor(x, y, 1)
		n += kernels.SizeInt(x, 0)
	}
}

func BenchmarkWrapper(b *testing.B) {
	asserts.SetHandler(asserts.HandlerFunc(func(*asserts.Violation) {}))
	defer asserts.SetHandler(nil)
	for b.Loop() {
		sink = Add_Tensor(x, y, 1)
		n += SizeInt(x, 0)
	}
}
