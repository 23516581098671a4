//go:build debugasserts

package checked_test

import (
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

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
		{"cat", func() { ops.Cat(list, 0) }, func() { checked.Cat(list, 0) }, func() { floorCat(list, 0) }},
		{"mm", func() { ops.Mm(x, y) }, func() { checked.Mm(x, y) }, func() { floorMm(x, y) }},
	}
}

// BenchmarkChecked puts each checked wrapper beside its kernel called
// directly: checked minus direct is what the checks cost on gorgonia
// (identities from the Dense's address and ops.Memory, fresh_not_held's
// registry, the slow path of every input check for want of version
// counters). same_content is off (the default). Each sub-benchmark reports,
// beside the wall time, the calling thread's CPU time per call
// (cpu-ns/op), as runtimes/gonum's does; <op>/paired reports checked
// minus direct measured side by side (overhead-ns/op, see paired), and
// <op>/floor-paired the floor's (floor_test.go) likewise.
func BenchmarkChecked(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name+"/direct", func(b *testing.B) { loop(b, c.direct) })
		b.Run(c.name+"/checked", func(b *testing.B) { loop(b, c.checked) })
		b.Run(c.name+"/paired", func(b *testing.B) { paired(b, c.direct, c.checked) })
		if c.floor != nil {
			b.Run(c.name+"/floor", func(b *testing.B) { loop(b, c.floor) })
			b.Run(c.name+"/floor-paired", func(b *testing.B) { paired(b, c.direct, c.floor) })
		}
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
// minus direct per call (overhead-ns/op). Side by side, both halves of a
// pair meet the same machine: on a shared machine, whose speed drifts by
// more than 10% between the seconds direct and checked run one after the
// other, the median of the pairs moves by a few ns from run to run where
// the difference of the two sub-benchmarks' medians moves by a hundred
// (cat's kernel takes about 2 µs).
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
