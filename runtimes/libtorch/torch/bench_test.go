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

// BenchmarkContentDigest is what same_content costs per argument and side
// of the call: one cgo call hashing a 2x2 and a 64x64 float tensor.
func BenchmarkContentDigest(b *testing.B) {
	for _, n := range []int64{2, 64} {
		x := torch.Zeros(torch.Float32, torch.CPU, n, n)
		b.Run(x.String(), func(b *testing.B) {
			for b.Loop() {
				_, _ = x.ContentDigest()
			}
		})
		x.Release()
	}
}

// BenchmarkIdentFresh is the identity read as a checked call makes it on a
// result: a tensor the table has not seen yet (a miss: a new entry, a weak
// reference), then read again; each iteration makes and releases one 64x64
// tensor. BenchmarkMakeRelease is the same without the reads: the
// difference is what the reads of a fresh tensor cost.
func BenchmarkIdentFresh(b *testing.B) {
	for b.Loop() {
		x := torch.Zeros(torch.Float32, torch.CPU, 64, 64)
		_ = x.Ident()
		_, _ = x.UseCounts()
		x.Release()
	}
}

func BenchmarkMakeRelease(b *testing.B) {
	for b.Loop() {
		x := torch.Zeros(torch.Float32, torch.CPU, 64, 64)
		x.Release()
	}
}

// BenchmarkIdentCounts is what wrap.Call.Result reads from a return: one
// cgo call (IdentCounts) against two (Ident, then UseCounts).
func BenchmarkIdentCounts(b *testing.B) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2)
	defer x.Release()
	b.Run("one-read", func(b *testing.B) {
		for b.Loop() {
			_, _, _ = x.IdentCounts()
		}
	})
	b.Run("two-reads", func(b *testing.B) {
		for b.Loop() {
			_ = x.Ident()
			_, _ = x.UseCounts()
		}
	})
}
