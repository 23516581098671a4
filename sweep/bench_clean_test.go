package sweep

import "testing"

// BenchmarkCleanSweep is a sweep with no finding, in-process, with
// reproducers on: what it costs is what every clean sweep costs, the
// reproducers' machinery included (docs/benchmarks.md, "A clean sweep").
func BenchmarkCleanSweep(b *testing.B) {
	ops := ops2("neg(Tensor self) -> Tensor", cleanKernel, "cos(Tensor self) -> Tensor", cleanKernel,
		"exp(Tensor self) -> Tensor", cleanKernel, "abs(Tensor self) -> Tensor", cleanKernel)
	dir := b.TempDir()
	for b.Loop() {
		rep, err := Sweep(ops, fakeRuntime{}, Options{InProcess: true, Repro: dir})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Findings)+len(rep.Crashes) != 0 || len(rep.Repros) != 0 {
			b.Fatalf("want a clean sweep:\n%s", rep)
		}
	}
}
