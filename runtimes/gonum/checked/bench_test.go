//go:build debugasserts && linux

package checked

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
)

// BenchmarkChecked puts each checked wrapper beside its bound kernel
// called directly, on 4x4 matrices: checked minus direct is what the
// checks cost on gonum's *mat.Dense as it is (identities from its
// address and memory, fresh_not_held's registry, the input checks
// without version counters). same_content is off (the default).
// <op>/paired reports checked minus direct measured side by side
// (overhead-ns/op, see paired).
func BenchmarkChecked(b *testing.B) {
	cases := checkedCases()
	for _, c := range cases {
		b.Run(c.name+"/direct", func(b *testing.B) { loop(b, c.direct) })
		b.Run(c.name+"/checked", func(b *testing.B) { loop(b, c.checked) })
		b.Run(c.name+"/paired", func(b *testing.B) { paired(b, c.direct, c.checked) })
	}
}

// loop runs f b.N times on one OS thread and reports, beside the wall
// time, the thread's CPU time per call (cpu-ns/op): on a loaded machine
// the wall time counts the time other processes hold the core, the CPU
// time does not.
func loop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}

// paired alternates batches of pairBatch direct and pairBatch checked
// calls, one pair of batches per iteration (ns/op is the time of a pair),
// times each batch, and reports the median over the pairs of checked
// minus direct per call (overhead-ns/op): both halves of a pair meet the
// same machine, where the direct and checked sub-benchmarks, a second
// apart, may not (runtimes/gorgonia's bench_test.go has the same).
func paired(b *testing.B, direct, checked func()) {
	const pairBatch = 50
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var diffs []float64
	for b.Loop() {
		t0 := time.Now()
		for range pairBatch {
			direct()
		}
		t1 := time.Now()
		for range pairBatch {
			checked()
		}
		t2 := time.Now()
		diffs = append(diffs, float64(t2.Sub(t1)-t1.Sub(t0))/pairBatch)
	}
	slices.Sort(diffs)
	b.ReportMetric(diffs[len(diffs)/2], "overhead-ns/op")
}

// threadCPU is the calling thread's CPU time (user and system), in ns.
func threadCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil { // RUSAGE_THREAD
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
