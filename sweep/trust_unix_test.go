//go:build unix

package sweep

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// childDir is where the kernels of TestChildProcessesDoNotHoldTheSweep
// write their children's process ids.
const childDir = "SWEEP_TRUST_CHILDREN"

// startChild starts a long sleep the way the kernel asks: holding the
// worker's output, inheriting its descriptors, or holding the channel to
// the master itself (as a fork without exec would); its pid goes to
// childDir.
func startChild(how string) {
	cmd := exec.Command("sleep", "300")
	switch how {
	case "output":
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	case "channel":
		cmd.ExtraFiles = []*os.File{os.NewFile(3, "a"), os.NewFile(4, "b")}
	}
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	os.WriteFile(filepath.Join(os.Getenv(childDir), strconv.Itoa(cmd.Process.Pid)), nil, 0o644)
}

// A kernel that starts a child process which outlives its call (holding
// the worker's output, or its descriptors, or the channel to the master)
// does not hold the sweep: the ops after it run, and the sweep ends
// within seconds, not at the child's end.
func TestChildProcessesDoNotHoldTheSweep(t *testing.T) {
	dir := os.Getenv(childDir) // the master's, in its workers
	if dir == "" {
		dir = t.TempDir()
		t.Setenv(childDir, dir)
	}
	t.Cleanup(func() {
		es, _ := os.ReadDir(dir)
		for _, e := range es {
			if pid, err := strconv.Atoi(e.Name()); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	child := func(how string, exit bool) func(*fakeTensor) *fakeTensor {
		return func(self *fakeTensor) *fakeTensor {
			startChild(how)
			if exit {
				os.Exit(3)
			}
			return &fakeTensor{}
		}
	}
	ops := ops2("neg(Tensor self) -> Tensor", child("output", false), "abs(Tensor self) -> Tensor", child("inherit", true),
		"exp(Tensor self) -> Tensor", child("channel", true), "sin(Tensor self) -> Tensor", child("channel", false),
		"cos(Tensor self) -> Tensor", cleanKernel)
	t0 := time.Now()
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 1, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(t0); took > 60*time.Second {
		t.Errorf("the sweep took %v", took)
	}
	want := map[string]string{"neg": ". ", "abs": "C ", "exp": "C ", "sin": ". ", "cos": ". "}
	for op, w := range want {
		if rep.Tried[op] != w {
			t.Errorf("%s tried %q, want %q:\n%s", op, rep.Tried[op], w, rep)
		}
	}
	if len(rep.Crashes) != 2 || rep.Crashes[0].Key() != "abs crash: exit" || rep.Crashes[1].Key() != "exp crash: exit" {
		t.Errorf("crashes:\n%s", rep)
	}
}
