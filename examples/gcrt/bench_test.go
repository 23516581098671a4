package gcrt_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checked"
)

// The cost of the count-less checked call against the direct call, on
// 4x4 float64 tensors (issue 30 item 6):
//
//	go test -tags debugasserts -run '^$' -bench . -count 10 ./examples/gcrt
//
// and side by side, interleaved, with medians (TestCostSideBySide):
//
//	GCRT_COST=1 go test -tags debugasserts -run TestCostSideBySide -v ./examples/gcrt

type benchOp struct {
	name            string
	direct, wrapped func()
	floor           func() // the hand-written minimal check (floor_test.go), if any
}

func benchOps() []benchOp {
	x, y := arange(4, 4), arange(4, 4)
	z, o := arange(4, 4), arange(4, 4)
	var xs []*gcrt.Tensor
	for range 8 {
		xs = append(xs, arange(2))
	}
	return []benchOp{
		{"add", func() { gcrt.AddTensor(x, y, 1) }, func() { checked.AddTensor(x, y, 1) }, func() { floorAdd(x, y, 1) }},
		{"add_", func() { gcrt.Add_Tensor(z, y, 0) }, func() { checked.Add_Tensor(z, y, 0) }, nil},
		{"add.out", func() { gcrt.AddOut(x, y, 1, o) }, func() { checked.AddOut(x, y, 1, o) }, nil},
		{"neg", func() { gcrt.Neg(x) }, func() { checked.Neg(x) }, nil},
		{"transpose", func() { gcrt.TransposeInt(x, 0, 1) }, func() { checked.TransposeInt(x, 0, 1) }, nil},
		{"contiguous", func() { gcrt.Contiguous(x, 0) }, func() { checked.Contiguous(x, 0) }, nil},
		{"cat8", func() { gcrt.Cat(xs, 0) }, func() { checked.Cat(xs, 0) }, nil},
	}
}

func BenchmarkOps(b *testing.B) {
	for _, op := range benchOps() {
		b.Run(op.name+"/direct", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.direct()
			}
		})
		b.Run(op.name+"/checked", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.wrapped()
			}
		})
		if op.floor != nil {
			b.Run(op.name+"/floor", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					op.floor()
				}
			})
		}
	}
}

// perCall times n calls of f on cpuClock, in ns per call. The collector
// runs before the calls, and not during them: a collection is a lump of
// CPU time that would land in one round and not in the next, while its
// cost per call is the same for direct and checked calls (the checked
// ones allocate nothing more: the test prints that too).
func perCall(f func(), n int) float64 {
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	start := cpuNow()
	for range n {
		f()
	}
	return float64((cpuNow() - start).Nanoseconds()) / float64(n)
}

// TestCostSideBySide measures each op's direct and checked calls in
// alternating rounds, on cpuClock, and prints the medians and the median
// difference.
// Opt-in (GCRT_COST=1): timing on a shared machine is no test.
func TestCostSideBySide(t *testing.T) {
	if os.Getenv("GCRT_COST") == "" || !asserts.Compiled {
		t.Skip("set GCRT_COST=1 and -tags debugasserts")
	}
	const rounds, n = 21, 20000
	fmt.Printf("%d rounds of %d calls each, timed by %s\n", rounds, n, cpuClock)
	for _, op := range benchOps() {
		for range 3 * n { // warm up: the registry and the caches
			op.direct()
			op.wrapped()
		}
		var d, w, diff, fdiff []float64
		for range rounds {
			a, b := perCall(op.direct, n), perCall(op.wrapped, n)
			d, w, diff = append(d, a), append(w, b), append(diff, b-a)
			if op.floor != nil {
				fdiff = append(fdiff, perCall(op.floor, n)-a)
			}
		}
		med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
		allocs := testing.AllocsPerRun(1000, op.wrapped) - testing.AllocsPerRun(1000, op.direct)
		fmt.Printf("%-10s direct %7.1f ns  checked %7.1f ns  checked-direct %+7.1f ns (min %+.1f, max %+.1f)  extra allocs/call %.2f\n",
			op.name, med(d), med(w), med(diff), slices.Min(diff), slices.Max(diff), allocs)
		if op.floor != nil {
			fmt.Printf("%-10s floor-direct %+7.1f ns (min %+.1f, max %+.1f)\n", op.name, med(fdiff), slices.Min(fdiff), slices.Max(fdiff))
		}
	}
}

// TestMemoryBounded makes 10^7 checked fresh calls (10^6 with -short) and
// checks that the heap stays bounded: the registry of fresh_not_held
// forgets the storages the collector reclaimed.
func TestMemoryBounded(t *testing.T) {
	if !asserts.Compiled || os.Getenv("GCRT_COST") == "" {
		t.Skip("set GCRT_COST=1 and -tags debugasserts (10^7 calls)")
	}
	x := arange(4, 4)
	n := 10_000_000
	var ms runtime.MemStats
	peak := uint64(0)
	for i := range n {
		checked.AddTensor(x, x, 1)
		if i%1_000_000 == 999_999 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
			t.Logf("%d calls: heap in use %d KiB", i+1, ms.HeapInuse>>10)
		}
	}
	if peak > 64<<20 {
		t.Errorf("heap in use reached %d MiB over %d calls", peak>>20, n)
	}
}
