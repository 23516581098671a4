package torch_test

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// BenchmarkIdent is the cost of one snapshot read (one cgo call).
func BenchmarkIdent(b *testing.B) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2)
	defer x.Release()
	for b.Loop() {
		_ = x.Ident()
	}
}

// BenchmarkUseCounts is the cost of reading the use counts.
func BenchmarkUseCounts(b *testing.B) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2)
	defer x.Release()
	for b.Loop() {
		_, _ = x.UseCounts()
	}
}
