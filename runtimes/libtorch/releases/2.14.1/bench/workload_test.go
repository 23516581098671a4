// Package bench (libtorch 2.14.1; a copy of runtimes/libtorch/bench with this
// release's bindings) measures the cost of the checks on real libtorch kernels: a
// fixed workload on 64x64 float tensors (add, t, mm, relu_, cat, sum) run
// through the bindings directly and through the checked wrappers. Run with
// -tags debugasserts for the checked side to check (without the tag both
// sides are direct calls).
package bench

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/releases/2.14.1/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/releases/2.14.1/checked"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func TestMain(m *testing.M) {
	torch.SetNumThreads(1)
	os.Exit(m.Run())
}

type kernels struct {
	add   func(a, b *torch.Tensor, alpha torch.Scalar) *torch.Tensor
	t     func(a *torch.Tensor) *torch.Tensor
	mm    func(a, b *torch.Tensor) *torch.Tensor
	relu_ func(a *torch.Tensor) *torch.Tensor
	cat   func(ts []*torch.Tensor, dim int64) *torch.Tensor
	sum   func(a *torch.Tensor, dtype *int) *torch.Tensor
}

var (
	direct   = kernels{aten.AddTensor, aten.T, aten.Mm, aten.Relu_, aten.Cat, aten.Sum}
	checked_ = kernels{checked.AddTensor, checked.T, checked.Mm, checked.Relu_, checked.Cat, checked.Sum}
)

func input() *torch.Tensor {
	v := make([]float64, 64*64)
	for i := range v {
		v[i] = float64(i%13)/6 - 1
	}
	return torch.FromFloat64s(torch.Float32, v, 64, 64)
}

// step is one iteration of the workload; it releases everything it makes.
func step(k *kernels, x, w *torch.Tensor) {
	a := k.add(x, w, torch.Float(1))
	wt := k.t(w)
	m := k.mm(a, wt)
	r := k.relu_(m)
	c := k.cat([]*torch.Tensor{m, a}, 0)
	s := k.sum(c, nil)
	for _, t := range []*torch.Tensor{a, wt, m, r, c, s} {
		t.Release()
	}
}

func bench(b *testing.B, k *kernels) {
	x, w := input(), input()
	defer x.Release()
	defer w.Release()
	b.ResetTimer()
	for b.Loop() {
		step(k, x, w)
	}
}

func BenchmarkWorkloadDirect(b *testing.B)  { bench(b, &direct) }
func BenchmarkWorkloadChecked(b *testing.B) { bench(b, &checked_) }

// TestWorkloadClean runs the workload checked: real kernels keep their
// schemas here, so any violation is a bug in the runtime or the checks.
func TestWorkloadClean(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	x, w := input(), input()
	defer x.Release()
	defer w.Release()
	for range 10 {
		step(&checked_, x, w)
	}
	if r := col.Report(); r.ViolationCount > 0 {
		t.Errorf("the workload broke %d checks:\n%s", r.ViolationCount, col.Summary())
	}
}

// BenchmarkWorkloadRatio alternates blocks of direct and checked iterations
// so that both see the same machine load (the machine is shared), and
// reports checked/direct time as the metric "ratio".
func BenchmarkWorkloadRatio(b *testing.B) {
	x, w := input(), input()
	defer x.Release()
	defer w.Release()
	const block = 200
	var td, tc time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i += block {
		t0 := time.Now()
		for range block {
			step(&direct, x, w)
		}
		t1 := time.Now()
		for range block {
			step(&checked_, x, w)
		}
		td += t1.Sub(t0)
		tc += time.Since(t1)
	}
	b.ReportMetric(float64(tc)/float64(td), "ratio")
	b.ReportMetric(float64(td.Nanoseconds())/float64(b.N), "direct-ns/op")
	b.ReportMetric(float64(tc.Nanoseconds())/float64(b.N), "checked-ns/op")
}

// TestWorkloadConcurrent runs the checked workload on several goroutines at
// once, each with its own tensors, and on one shared input: checks and
// handles must be safe to use concurrently (run with -race).
func TestWorkloadConcurrent(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	shared := input()
	defer shared.Release()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			w := input()
			defer w.Release()
			for range 20 {
				step(&checked_, shared, w)
			}
		})
	}
	wg.Wait()
	want := uint64(0)
	if checkedBuild {
		want = 4 * 20 * 6
	}
	if r := col.Report(); r.ViolationCount > 0 || r.Calls != want {
		t.Errorf("%d calls (want %d), %d violations:\n%s", r.Calls, want, r.ViolationCount, col.Summary())
	}
}
