//go:build unix

package sweep

import (
	"strings"
	"syscall"
	"testing"
)

// A kernel whose process a signal kills (the OOM killer's SIGKILL, here
// its own) is a crash of kind signal of its op, and the sweep goes on.
func TestIsolatedSignalIsACrash(t *testing.T) {
	kill := func(self *fakeTensor) *fakeTensor {
		syscall.Kill(syscall.Getpid(), syscall.SIGKILL)
		select {}
	}
	ops := func(yield func(string, any) bool) {
		_ = yield("neg(Tensor self) -> Tensor", kill) && yield("cos(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return &fakeTensor{} })
	}
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Kind != crashSignal || rep.Crashes[0].Text != "killed by SIGKILL" || rep.Crashes[0].Count != 2 || rep.Tried["cos"] != ".. " {
		t.Errorf("want neg killed by SIGKILL twice, cos run:\n%s", rep)
	}
	if !strings.HasPrefix(rep.Crashes[0].Key(), "neg crash: signal") {
		t.Errorf("key %q", rep.Crashes[0].Key())
	}
}
