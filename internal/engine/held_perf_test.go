package engine

import (
	"runtime"
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

// BenchmarkHandOut is fresh_not_held's registry alone, as a runtime
// without ids of its own meets it with the collector off or a large heap:
// each hand-out a storage at a new address (anchors 128 bytes apart, the
// 16-element float64 arrays of a 4x4 tensor), never seen before, walking
// 64 MiB of addresses, a collection each time it starts again. "evict" reads 256 KiB between hand-outs, as a
// kernel's allocations would, so that the registry's lines are rarely
// still in the core's caches: the lines a hand-out reads are then what
// it costs.
func BenchmarkHandOut(b *testing.B) {
	const base, span = 0xc000000000, 64 << 20
	junk := make([]uint64, 32<<10)
	for _, evict := range []bool{false, true} {
		name := "hot"
		if evict {
			name = "evict"
		}
		b.Run(name, func(b *testing.B) {
			var prev handout
			var sum uint64
			a := uintptr(0)
			for b.Loop() {
				if a = (a + 128) % span; a == 0 {
					// the walk comes back to its addresses: a new
					// collection cycle, as the allocator's would be
					b.StopTimer()
					runtime.GC()
					observeGC()
					b.StartTimer()
				}
				st := asserts.ID(base + a + 127)
				if fresh.handOut(st, uintptr(st), true, true, 0, Ret(0), 0, &prev) {
					b.Fatal("a new address reported")
				}
				if evict {
					for i := 0; i < len(junk); i += 8 {
						sum += junk[i]
					}
				}
			}
			_ = sum
		})
	}
}
