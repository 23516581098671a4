package sweep

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// planted is a table of kernels with the bugs that end a process, and
// two that do not: each is a crash of its op, and the sweep goes on.
func planted() func(yield func(string, any) bool) {
	table := []struct {
		schema string
		fn     any
	}{
		{"neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { // a panic on a goroutine of its own
			go func() {
				var l []int
				_ = l[len(l)+3]
			}()
			select {} // the goroutine's panic ends the process
		}},
		{"abs(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { // never returns
			var mu sync.Mutex
			mu.Lock()
			mu.Lock()
			return self
		}},
		{"exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { // os.Exit
			os.Exit(7)
			return self
		}},
		{"sin(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { // a recovered panic
			var p *fakeTensor
			return &fakeTensor{p.k}
		}},
		{"alias(Tensor(a) self) -> Tensor(a)", func(self *fakeTensor) *fakeTensor { // no hold on the storage
			return &fakeTensor{k: unheld}
		}},
		{"cos(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return &fakeTensor{} }},
	}
	return func(yield func(string, any) bool) {
		for _, e := range table {
			if !yield(e.schema, e.fn) {
				return
			}
		}
	}
}

// unheld marks a fakeTensor whose Release panics, as a pooling runtime's
// does for a view that took no hold on its base's storage.
const unheld = -7

// poolRuntime is fakeRuntime with a Release that panics on an unheld
// tensor.
type poolRuntime struct{ fakeRuntime }

func (poolRuntime) Release(results []reflect.Value) {
	for _, r := range results {
		if t, ok := r.Interface().(*fakeTensor); ok && t.k == unheld {
			panic("pool: storage released more times than it was retained")
		}
	}
}

// A sweep of kernels that crash on a goroutine of their own, never
// return, call os.Exit, panic, and leave a tensor the runtime's Release
// trips on reports each as a crash of its op, of its kind, at the
// kernel, on each sample it crashed in; the op after them runs all its
// samples and values.
func TestIsolatedSweepSurvivesCrashes(t *testing.T) {
	rep, err := Sweep(planted(), poolRuntime{}, Options{Samples: 3, CallLimit: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ op, kind, text, at, tried string }{
		{"neg", crashGoroutine, "runtime error: index out of range [3] with length 0", "sweep.planted.func1.1 (isolate_test.go:", "CCC _________________________"},
		{"abs", crashHang, "no return within 1s", "sweep.planted.func2 (isolate_test.go:", "H// /////////////////////////"},
		{"exp", crashExit, "the process exited with status 7 in the call", "", "CCC _________________________"},
		{"sin", crashPanic, "runtime error: invalid memory address or nil pointer dereference", "sweep.planted.func4 (isolate_test.go:", "CCC _________________________"},
		{"alias", crashRelease, "in Release: pool: storage released more times than it was retained", "sweep.poolRuntime.Release (isolate_test.go:", "CCC _________________________"},
	}
	if len(rep.Crashes) != len(want) {
		t.Fatalf("%d crashes, want %d:\n%s", len(rep.Crashes), len(want), rep)
	}
	for i, w := range want {
		c := rep.Crashes[i]
		if c.Op != w.op || c.Kind != w.kind || c.Text != w.text || !strings.HasPrefix(c.At, w.at) || w.at == "" && c.At != "" {
			t.Errorf("crash %d: %s %q %q at %q; want %s %q %q at %q...", i, c.Op, c.Kind, c.Text, c.At, w.op, w.kind, w.text, w.at)
		}
		if got := rep.Tried[w.op]; got != w.tried {
			t.Errorf("%s tried %q, want %q", w.op, got, w.tried)
		}
	}
	if n := rep.Crashes[1].Count; n != 1 || !strings.Contains(rep.Crashes[1].Output, "sync.(*Mutex).Lock") {
		t.Errorf("the hang: %d calls, want 1; its stacks do not show the lock:\n%s", n, rep.Crashes[1].Output)
	}
	if !strings.Contains(rep.Crashes[0].Output, "goroutine [running]:") || strings.Contains(rep.Crashes[0].Output, "+0x") {
		t.Errorf("the goroutine panic's output is not its normalized trace:\n%s", rep.Crashes[0].Output)
	}
	if rep.Tried["cos"] != "... ----------.....-.--.....x" || rep.Exercised["cos"] != 0 {
		t.Errorf("cos, after the crashes, tried %q:\n%s", rep.Tried["cos"], rep)
	}
}

// In-process, the same kernels that do not end the process report what
// they report isolated: the same report, to the byte.
func TestIsolatedReportIsTheInProcessOne(t *testing.T) {
	survivors := func(yield func(string, any) bool) {
		for line, fn := range planted() {
			if strings.HasPrefix(line, "sin") || strings.HasPrefix(line, "alias") || strings.HasPrefix(line, "cos") {
				if !yield(line, fn) {
					return
				}
			}
		}
	}
	iso, err := Sweep(survivors, poolRuntime{}, Options{Samples: 4})
	if err != nil {
		t.Fatal(err)
	}
	in, err := Sweep(survivors, poolRuntime{}, Options{Samples: 4, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if iso.String() != in.String() {
		t.Errorf("isolated:\n%s\nin-process:\n%s", iso, in)
	}
	if len(in.Crashes) != 2 || in.Crashes[1].Kind != crashRelease {
		t.Errorf("in-process, the Release's panic is not a crash of alias:\n%s", in)
	}
}

// ASSERTGEN_SWEEP chooses where every sweep runs; a value it does not know
// is an error before any op runs.
func TestIsolationEnv(t *testing.T) {
	for _, c := range []struct {
		env, err string
		in       bool
	}{{"", "", false}, {"isolated", "", false}, {"inprocess", "", true}, {"yes", `sweep: ASSERTGEN_SWEEP="yes": want inprocess or isolated`, false}} {
		t.Setenv(isolationEnv, c.env)
		in, err := Options{}.inProcess()
		if in != c.in || err == nil && c.err != "" || err != nil && err.Error() != c.err {
			t.Errorf("%s=%q: in-process %t, error %v; want %t, %q", isolationEnv, c.env, in, err, c.in, c.err)
		}
	}
}

// soon is a test whose deadline is near.
type soon struct {
	*testing.T
	at time.Time
}

func (s soon) Deadline() (time.Time, bool) { return s.at, true }

// A sweep keeps within its test's deadline: a call's limit is at most a
// quarter of the time left (here 1 s, the least), and the ops not run at
// nine tenths of it are not reached, with the reason, instead of the test
// binary's timeout ending everything.
func TestIsolatedSweepKeepsTheDeadline(t *testing.T) {
	hang := func(self *fakeTensor) *fakeTensor { select {} }
	ops := func(yield func(string, any) bool) {
		_ = yield("abs(Tensor self) -> Tensor", hang) && yield("neg(Tensor self) -> Tensor", hang) &&
			yield("exp(Tensor self) -> Tensor", hang) && yield("sin(Tensor self) -> Tensor", hang) &&
			yield("cos(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return self })
	}
	t0 := time.Now()
	deadline := t0.Add(3 * time.Second)
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true, Test: soon{t, deadline}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if time.Now().After(deadline) {
		t.Errorf("the sweep ended %v after its deadline", time.Since(deadline))
	}
	if len(rep.Crashes) == 0 || rep.Crashes[0].Op != "abs" || rep.Crashes[0].Text != "no return within 1s" {
		t.Errorf("abs did not hang first, at the limit of 1 s:\n%s", rep)
	}
	if rep.NotReached["cos"] != "not run: the sweep's budget (the test's deadline) ran out" || rep.Tried["cos"] != "// " {
		t.Errorf("cos, after the budget: %q, tried %q:\n%s", rep.NotReached["cos"], rep.Tried["cos"], rep)
	}
}

// A sweep in a main program runs the program again as its workers, with
// its arguments: an op that calls os.Exit and one whose goroutine panics
// are crashes, and the op after them runs.
func TestSweepFromAMainProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	bin := filepath.Join(t.TempDir(), "sweepmain")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/sweepmain").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `exp crash: exit: the process exited with status 4 in the call (2)
neg crash: goroutine panic at main.main.func1.2.1: neg: a worker goroutine's bug (2)
exp "CC "
neg "CC "
cos ".. "
`
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// A worker that dies after its step told its result (a goroutine the
// kernel left behind panicked) or after its op ended records the crash
// under that step's name, and neither the step nor the op runs again or
// gets a second code in Tried.
func TestDeathAfterAStepIsNotItsResultAgain(t *testing.T) {
	es, err := parseTable(planted())
	if err != nil {
		t.Fatal(err)
	}
	trace := "panic: late\n\ngoroutine 7 [running labels:{\"sweep.step\": \"5 1 step\"}]:\nexample.com/lib.kernel.func1()\n\t/src/lib/k.go:3 +0x1d\n"
	for _, c := range []struct {
		name            string
		startDone, ends bool
		probes          int
		next            position
	}{
		{"after its step, the values to run", true, false, len(Probes), position{op: 5, step: 2, base: 0, alias: -1}},
		{"after its op", false, true, 0, position{op: 6, base: -1, alias: -1}},
	} {
		ty := newTally(es, 2, c.probes, nil)
		m := &master{ty: ty, q: &queue{next: 6, n: len(es)}, cur: 6}
		for k := range 2 {
			ty.apply(&event{T: evStep, Op: 5, Step: k, Res: &result{}})
		}
		if c.ends {
			ty.apply(&event{T: evOpDone, Op: 5})
		}
		m.lastStart, m.startDone, m.opEnded = &event{T: evStart, Op: 5, Step: 1}, c.startDone, c.ends
		out := newTail()
		out.Write([]byte(trace))
		next, err := m.died(position{}, nil, nil, out)
		if err != nil {
			t.Fatal(err)
		}
		if c.startDone {
			ty.endOp()
		}
		cr := ty.r.Crashes
		if next != c.next || ty.r.Tried["cos"] != ".. " || len(cr) != 1 ||
			cr[0].Kind != crashGoroutine || cr[0].At != "lib.kernel.func1 (k.go:3)" || cr[0].Variants[0] != Variants[1].Name {
			t.Errorf("%s: next %+v, tried %q, crashes %v", c.name, next, ty.r.Tried["cos"], cr)
		}
	}
}

// A worker re-runs its test up to the sweep and leaves by os.Exit, or
// dies: what the test's t.TempDir made there and what its kernels left in
// the temporary directory is removed with the worker's own temporary
// directory, so that a sweep's many workers do not fill the disk.
func TestWorkersLeaveNoTemporaryFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // a worker's TMPDIR, from here on, is its own
	t.Setenv("TMP", tmp)
	t.Setenv("TEMP", tmp)
	_ = t.TempDir() // in a worker: under the worker's directory
	leave := func(self *fakeTensor) *fakeTensor {
		if f, err := os.CreateTemp("", "kernel-"); err == nil {
			f.Close()
		}
		return &fakeTensor{}
	}
	ops := func(yield func(string, any) bool) {
		_ = yield("neg(Tensor self) -> Tensor", leave) &&
			yield("exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { leave(self); os.Exit(7); return self })
	}
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Op != "exp" {
		t.Fatalf("want exp's exit as the one crash:\n%s", rep)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left in the temporary directory: %s", e.Name())
	}
}

// TestWorkerNeedsATemporaryDirectory holds that an isolated sweep that
// cannot make its worker a temporary directory of its own stops with the
// reason, rather than run workers whose files nothing would remove.
func TestWorkerNeedsATemporaryDirectory(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	t.Setenv("TMPDIR", missing)
	t.Setenv("TMP", missing)
	t.Setenv("TEMP", missing)
	ops := func(yield func(string, any) bool) {
		yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return &fakeTensor{} })
	}
	_, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, NoValues: true})
	if err == nil || !strings.Contains(err.Error(), "sweep: a worker's temporary directory: ") || !strings.Contains(err.Error(), missing) {
		t.Fatalf("want the worker's temporary directory's error naming %s, got %v", missing, err)
	}
}
