//go:build race

package sweep

import (
	"strings"
	"sync"
	"testing"
)

// Under -race, a kernel whose goroutines race is a crash of kind "data
// race" of its op, isolated, where in-process the race detector fails the
// whole test binary; the sweep goes on.
func TestIsolatedRaceIsACrash(t *testing.T) {
	var shared int
	racy := func(self *fakeTensor) *fakeTensor {
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { shared++ })
		}
		wg.Wait()
		return self
	}
	clean := func(self *fakeTensor) *fakeTensor { return &fakeTensor{} }
	ops := func(yield func(string, any) bool) {
		_ = yield("neg(Tensor self) -> Tensor", racy) && yield("cos(Tensor self) -> Tensor", clean)
	}
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 1, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Op != "neg" || rep.Crashes[0].Kind != crashRace || !strings.HasPrefix(rep.Crashes[0].At, "sweep.TestIsolatedRaceIsACrash.func1.1 (race_test.go:") {
		t.Fatalf("want one data race of neg in the kernel's goroutine:\n%s", rep)
	}
	if rep.Tried["cos"] != ". " {
		t.Errorf("cos tried %q after the race", rep.Tried["cos"])
	}
}
