package sweep

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The isolated sweep under hostile kernels (issue 68, items 1-8, and its
// guards): each test's kernels do what a kernel or an adapter may do to
// its worker, and the sweep must go on and blame the op that did it.

// ops2 is a table of the ops given, in order, as (schema, wrapper) pairs.
func ops2(pairs ...any) func(yield func(string, any) bool) {
	return func(yield func(string, any) bool) {
		for i := 0; i+1 < len(pairs); i += 2 {
			if !yield(pairs[i].(string), pairs[i+1]) {
				return
			}
		}
	}
}

func cleanKernel(self *fakeTensor) *fakeTensor { return &fakeTensor{} }

// A kernel or an adapter that calls runtime.Goexit (what t.FailNow or a
// require helper does) ends its call, not the sweep: a crash of kind
// goexit of its op, at the function that called it, in each sample, and
// the ops after it run; in-process as isolated.
func TestGoexitIsACrashOfItsOp(t *testing.T) {
	goexit := func(self *fakeTensor) *fakeTensor {
		runtime.Goexit()
		return self
	}
	ops := ops2("neg(Tensor self) -> Tensor", goexit, "cos(Tensor self) -> Tensor", cleanKernel)
	for _, inProcess := range []bool{true, false} {
		rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true, InProcess: inProcess})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Crashes) != 1 || rep.Crashes[0].Kind != crashGoexit || rep.Crashes[0].Count != 2 ||
			!strings.HasPrefix(rep.Crashes[0].At, "sweep.TestGoexitIsACrashOfItsOp.func1 (trust_test.go:") {
			t.Errorf("in-process %t: want neg's goexit twice at the kernel:\n%s", inProcess, rep)
		}
		if rep.Tried["neg"] != "CC " || rep.Tried["cos"] != ".. " {
			t.Errorf("in-process %t: tried %v", inProcess, rep.Tried)
		}
	}
}

// goexitRuntime is fakeRuntime whose Tensor calls runtime.Goexit for the
// sample's second tensor: an adapter's require helper that failed.
type goexitRuntime struct{ fakeRuntime }

func (goexitRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if len(made) == 1 {
		runtime.Goexit()
	}
	return fakeRuntime{}.Tensor(sp, made)
}

// An adapter's Goexit is a crash of the op whose sample it made, and the
// ops after it run.
func TestAdapterGoexitIsACrash(t *testing.T) {
	ops := ops2("add.Tensor(Tensor self, Tensor other) -> Tensor", func(a, b *fakeTensor) *fakeTensor { return &fakeTensor{} },
		"cos(Tensor self) -> Tensor", cleanKernel)
	rep, err := Sweep(ops, goexitRuntime{}, Options{Samples: 1, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Key() != "add.Tensor crash: goexit at sweep.goexitRuntime.Tensor" || rep.Tried["cos"] != ". " {
		t.Errorf("want add's goexit in the adapter, cos run:\n%s", rep)
	}
}

// helperEnv selects the helper test a test of this file runs as a
// program of its own (the test binary run again).
const helperEnv = "SWEEP_TRUST_HELPER"

// runHelper runs the test binary's test named with helperEnv=what and
// the flags given, and returns its output and exit error.
func runHelper(t *testing.T, test, what string, env []string, flags ...string) (string, error) {
	t.Helper()
	args := append([]string{"-test.run=^" + test + "$", "-test.v"}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), helperEnv+"="+what), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// The helper of TestWorkerTestFailureIsTheTests: a sweep whose kernel
// holds the test's t and fails it.
func TestHelperTestFailure(t *testing.T) {
	what := os.Getenv(helperEnv)
	if what == "" {
		t.Skip("run by TestWorkerTestFailureIsTheTests")
	}
	var calls atomic.Int32
	kernel := func(self *fakeTensor) *fakeTensor {
		if calls.Add(1) == 1 {
			switch what {
			case "errorf":
				t.Errorf("the kernel's own check: %d is wrong", 41)
			case "fatalf":
				t.Fatalf("the kernel's own check: %d is fatal", 42)
			}
		}
		return &fakeTensor{}
	}
	rep, err := Sweep(ops2("neg(Tensor self) -> Tensor", kernel, "cos(Tensor self) -> Tensor", cleanKernel), fakeRuntime{},
		Options{Samples: 1, NoValues: true, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("tried neg %q cos %q, %d crashes\n", rep.Tried["neg"], rep.Tried["cos"], len(rep.Crashes))
}

// t.Errorf or t.Fatalf of the test, called in a worker by a kernel (or an
// adapter) that holds t, fails the test as it does in-process, with its
// message: isolation does not change a verdict.
func TestWorkerTestFailureIsTheTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	for _, what := range []string{"errorf", "fatalf"} {
		for _, mode := range []string{"inprocess", "isolated"} {
			out, err := runHelper(t, "TestHelperTestFailure", what, []string{isolationEnv + "=" + mode})
			n := map[string]string{"errorf": "41 is wrong", "fatalf": "42 is fatal"}[what]
			if err == nil || !strings.Contains(out, "--- FAIL: TestHelperTestFailure") || !strings.Contains(out, "the kernel's own check: "+n) {
				t.Errorf("%s %s: the test did not fail with the kernel's message (%v):\n%s", what, mode, err, out)
			}
			if !strings.Contains(out, `cos ". "`) {
				t.Errorf("%s %s: cos did not run:\n%s", what, mode, out)
			}
		}
	}
}

// The kernels of TestLateGoroutinePanicIsItsStarters: neg's first call
// leaves a goroutine that panics when abs's kernel (in the same worker)
// lets it, and waits for the panic to end the worker.
var (
	lateTrigger = make(chan struct{})
	lateArmed   atomic.Bool
	lateOnce    sync.Once
)

func lateStarter(self *fakeTensor) *fakeTensor {
	lateOnce.Do(func() {
		lateArmed.Store(true)
		go func() {
			<-lateTrigger
			panic("a goroutine neg left behind")
		}()
	})
	return &fakeTensor{}
}

func lateVictim(self *fakeTensor) *fakeTensor {
	if lateArmed.Load() {
		close(lateTrigger)
		select {}
	}
	return &fakeTensor{}
}

// A goroutine that one op's call left behind and that panics while
// another op runs is a crash of the op whose call started it, on the
// sample that started it; the op it interrupted runs again in a fresh
// worker and reports what it does alone (here nothing).
func TestLateGoroutinePanicIsItsStarters(t *testing.T) {
	ops := ops2("neg(Tensor self) -> Tensor", lateStarter, "abs(Tensor self) -> Tensor", lateVictim, "cos(Tensor self) -> Tensor", cleanKernel)
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Op != "neg" || rep.Crashes[0].Kind != crashGoroutine ||
		rep.Crashes[0].Text != "a goroutine neg left behind" || !slices.Equal(rep.Crashes[0].Variants, []string{Variants[0].Name}) ||
		!strings.HasPrefix(rep.Crashes[0].At, "sweep.lateStarter.func1.1 (trust_test.go:") {
		t.Errorf("want the crash of neg's goroutine, on its first sample:\n%s", rep)
	}
	if rep.Tried["neg"] != ".. " || rep.Tried["abs"] != ".. " || rep.Tried["cos"] != ".. " || len(rep.Unattributed) != 0 {
		t.Errorf("tried %v:\n%s", rep.Tried, rep)
	}
}

// The kernel of TestUnattributedGoroutinePanic: abs, the first time in
// any worker (a file marks it), lets a goroutine the test started before
// the sweep panic.
var (
	testTrigger = make(chan struct{})
	testOnce    sync.Once
)

// A goroutine no call started (the test's own) that panics while an op
// runs, and does not again when the op runs in a fresh worker, is a crash
// no op is blamed for: the report says it cannot be attributed.
func TestUnattributedGoroutinePanic(t *testing.T) {
	dir := os.Getenv("SWEEP_TRUST_MARKER") // the master's, in its workers
	if dir == "" {
		dir = t.TempDir()
		t.Setenv("SWEEP_TRUST_MARKER", dir)
	}
	marker := filepath.Join(dir, "triggered")
	testOnce.Do(func() {
		go func() {
			<-testTrigger
			panic("the test's own goroutine")
		}()
	})
	victim := func(self *fakeTensor) *fakeTensor {
		if f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			f.Close()
			close(testTrigger)
			select {}
		}
		return &fakeTensor{}
	}
	ops := ops2("abs(Tensor self) -> Tensor", victim, "cos(Tensor self) -> Tensor", cleanKernel)
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 0 || len(rep.Unattributed) != 1 || rep.Unattributed[0].Text != "the test's own goroutine" ||
		rep.Tried["abs"] != ".. " || rep.Tried["cos"] != ".. " {
		t.Errorf("want one crash no op is blamed for, abs run:\n%s", rep)
	}
	if !strings.Contains(rep.String(), "not attributed to an op") {
		t.Errorf("the report does not say the crash is not attributed:\n%s", rep)
	}
}

// racingPanic panics with text: one of a call's goroutines racing to
// panic, whose text differs from run to run.
func racingPanic(text string) { panic(text) }

// A goroutine no step's call started (a pool's) that panics while an op
// runs, and panics again in the same function with another text when
// the op runs in a fresh worker, is the op's crash: goroutines racing to
// panic say other texts, at other lines, of one bug.
func TestGoroutinePanicAttributedOnRerun(t *testing.T) {
	dir := os.Getenv("SWEEP_RACE_MARKER") // the master's, in its workers
	if dir == "" {
		dir = t.TempDir()
		t.Setenv("SWEEP_RACE_MARKER", dir)
	}
	marker := filepath.Join(dir, "first")
	// A pool's goroutine, started before the sweep (in each worker too):
	// the call hands it work, and it panics.
	pool := make(chan string)
	go func() { racingPanic(<-pool) }()
	racing := func(self *fakeTensor) *fakeTensor {
		text := "the second run's text"
		if f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			f.Close()
			text = "the first run's text"
		}
		pool <- text
		select {}
	}
	ops := ops2("abs(Tensor self) -> Tensor", racing, "cos(Tensor self) -> Tensor", cleanKernel)
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Unattributed) != 0 || len(rep.Crashes) != 1 || rep.Crashes[0].Op != "abs" || rep.Tried["cos"] != ".. " {
		t.Errorf("want abs's crash, none unattributed, cos run:\n%s", rep)
	}
}

// A correct kernel that prints a line starting "panic: " does not make a
// later call's os.Exit a goroutine panic with its text: a death is read
// from the output of the step it happened in. Nor does one that prints
// it and exits: Go's runtime exits with status 2 after a panic.
func TestPrintedPanicIsNoPanic(t *testing.T) {
	printer := func(self *fakeTensor) *fakeTensor {
		fmt.Println("panic: not a panic, a message")
		fmt.Fprintln(os.Stderr, "fatal error: not one either")
		return &fakeTensor{}
	}
	ops := ops2("neg(Tensor self) -> Tensor", printer,
		"exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { os.Exit(3); return self },
		"abs(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { printer(self); os.Exit(3); return self })
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 1, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 2 || rep.Crashes[0].Key() != "exp crash: exit" || rep.Crashes[1].Key() != "abs crash: exit" ||
		rep.Crashes[0].Text != "the process exited with status 3 in the call" {
		t.Errorf("want exp's and abs's exits:\n%s", rep)
	}
	if strings.Contains(rep.Crashes[0].Output, "not a panic") {
		t.Errorf("exp's output has neg's:\n%s", rep.Crashes[0].Output)
	}
}

// A call's time limit is per call: a sample called again (two calls on
// one set of arguments) is not a hang when each call keeps within it.
func TestCallLimitIsPerCall(t *testing.T) {
	slow := func(self *fakeTensor) *fakeTensor {
		time.Sleep(1500 * time.Millisecond)
		return &fakeTensor{}
	}
	rep, err := Sweep(ops2("neg(Tensor self) -> Tensor", slow), fakeRuntime{}, Options{Samples: 1, NoValues: true, CallLimit: 2500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 0 || rep.Tried["neg"] != ". " || rep.Again != 1 {
		t.Errorf("want neg run and called again, no hang:\n%s", rep)
	}
}

// With GOTRACEBACK=all and many goroutines, a goroutine's panic is still
// one of its kind, text and place: the trace's start is kept, however
// long the trace.
func TestLongTraceKeepsThePanic(t *testing.T) {
	t.Setenv("GOTRACEBACK", "all")
	pool := func(self *fakeTensor) *fakeTensor {
		block := make(chan struct{})
		for range 3000 {
			go func() { <-block }()
		}
		go func() {
			var l []int
			_ = l[len(l)+5]
		}()
		select {}
	}
	rep, err := Sweep(ops2("neg(Tensor self) -> Tensor", pool, "cos(Tensor self) -> Tensor", cleanKernel), fakeRuntime{}, Options{Samples: 1, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Kind != crashGoroutine || rep.Crashes[0].Text != "runtime error: index out of range [5] with length 0" ||
		!strings.HasPrefix(rep.Crashes[0].At, "sweep.TestLongTraceKeepsThePanic.func1.2 (trust_test.go:") || rep.Tried["cos"] != ". " {
		t.Errorf("want neg's goroutine panic at its function:\n%s", rep)
	}
}

// The benchmark of TestSweepFromABenchmark.
func BenchmarkHelperIsolatedSweep(b *testing.B) {
	if os.Getenv(helperEnv) == "" {
		b.Skip("run by TestSweepFromABenchmark")
	}
	ops := ops2("exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { os.Exit(6); return self }, "cos(Tensor self) -> Tensor", cleanKernel)
	for b.Loop() {
		rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 1, NoValues: true, Test: b})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Crashes) != 1 || rep.Crashes[0].Key() != "exp crash: exit" || rep.Tried["cos"] != ". " {
			b.Fatalf("want exp's exit, cos run:\n%s", rep)
		}
	}
}

// A sweep in a benchmark runs isolated as in a test: its workers run the
// benchmark, once, up to the sweep.
func TestSweepFromABenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	out, err := runHelper(t, "^$", "bench", nil, "-test.bench=^BenchmarkHelperIsolatedSweep$", "-test.benchtime=2x")
	if err != nil || !strings.Contains(out, "BenchmarkHelperIsolatedSweep") || !strings.Contains(out, "\nPASS\n") {
		t.Errorf("%v:\n%s", err, out)
	}
}

// Guards. A kernel that writes megabytes is no crash, and its op's
// samples and the op after it run.
func TestMegabytesOfOutputAreNoCrash(t *testing.T) {
	chatty := func(self *fakeTensor) *fakeTensor {
		line := bytes.Repeat([]byte("x"), 1023)
		for range 4096 {
			os.Stdout.Write(append(line, '\n'))
		}
		fmt.Fprint(os.Stderr, "panic: ")
		return &fakeTensor{}
	}
	rep, err := Sweep(ops2("neg(Tensor self) -> Tensor", chatty, "cos(Tensor self) -> Tensor", cleanKernel), fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 0 || rep.Tried["neg"] != ".. " || rep.Tried["cos"] != ".. " {
		t.Errorf("tried %v:\n%s", rep.Tried, rep)
	}
}

// Guard: os.Exit(0) in a call is a crash (the worker did not finish its
// sweep), and the op after it runs.
func TestExitZeroIsACrash(t *testing.T) {
	ops := ops2("exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { os.Exit(0); return self }, "cos(Tensor self) -> Tensor", cleanKernel)
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Key() != "exp crash: exit" || rep.Crashes[0].Text != "the process exited with status 0 in the call" ||
		rep.Crashes[0].Count != 2 || rep.Tried["cos"] != ".. " {
		t.Errorf("want exp's exit 0 twice, cos run:\n%s", rep)
	}
}

// The helper of TestRepeatedRunsFindTheSame: the planted sweep, its
// crashes' keys printed.
func TestHelperRepeated(t *testing.T) {
	if os.Getenv(helperEnv) == "" {
		t.Skip("run by TestRepeatedRunsFindTheSame")
	}
	rep, err := Sweep(planted(), poolRuntime{}, Options{Samples: 2, NoValues: true, CallLimit: 2 * time.Second, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, c := range rep.Crashes {
		keys = append(keys, c.Key()+" "+strings.Join(c.Variants, ","))
	}
	fmt.Printf("found: %s | %v\n", strings.Join(keys, "; "), rep.Tried)
}

// Guard: -count 2 -cpu 1,2 run the sweep's test four times, and each run
// finds the same crashes on the same samples.
func TestRepeatedRunsFindTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	out, err := runHelper(t, "TestHelperRepeated", "repeat", nil, "-test.count=2", "-test.cpu=1,2")
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var found []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "found: ") {
			found = append(found, l)
		}
	}
	if len(found) != 4 || slices.Compact(slices.Clone(found))[0] != found[3] || len(slices.Compact(slices.Clone(found))) != 1 ||
		!strings.Contains(found[0], "neg crash: goroutine panic at sweep.planted.func1.1") {
		t.Errorf("want four runs finding the same:\n%s", strings.Join(found, "\n"))
	}
}
