package sweep

import (
	"fmt"
	"iter"
	"strings"
	"testing"
)

// nilErr is an error type whose Error method reads its receiver: a nil
// *nilErr panics when asked its text.
type nilErr struct{ msg string }

func (e *nilErr) Error() string { return e.msg }

// table is a sweep table of one op and one function.
func table(schemaLine string, fn any) iter.Seq2[string, any] {
	return func(yield func(string, any) bool) { yield(schemaLine, fn) }
}

// A kernel that panics with a typed-nil error does not crash the sweep:
// the sample is a crash finding that names the nil error, never repaired.
func TestTypedNilErrorPanic(t *testing.T) {
	fn := func(self *fakeTensor) *fakeTensor {
		var e *nilErr
		panic(e)
	}
	rep, err := Sweep(table("neg(Tensor self) -> Tensor", fn), fakeRuntime{}, Options{Samples: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || !strings.Contains(rep.Crashes[0].Text, "nil *sweep.nilErr") || rep.Rejected != 0 {
		t.Fatalf("want one crash naming the nil *sweep.nilErr, no rejection:\n%s", rep)
	}
}

// A kernel's Go runtime error (an index out of range, a nil dereference)
// is a crash finding with its panic text and where it happened, not a
// rejected sample, and no repair reads its text (the valid-index rule
// would match "index out of range").
func TestRuntimeErrorIsACrash(t *testing.T) {
	index := func(self *fakeTensor) *fakeTensor {
		var l []int
		_ = l[3]
		return self
	}
	var nilMap map[string]int
	deref := func(self *fakeTensor) *fakeTensor {
		var p *fakeTensor
		nilMap[""] = p.k
		return self
	}
	for _, c := range []struct {
		fn   any
		text string
	}{{index, "runtime error: index out of range [3] with length 0"}, {deref, "runtime error: invalid memory address or nil pointer dereference"}} {
		rep, err := Sweep(table("neg(Tensor self) -> Tensor", c.fn), fakeRuntime{}, Options{Samples: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Crashes) != 1 || rep.Crashes[0].Text != c.text || rep.Crashes[0].Count != 2 || rep.Rejected != 0 || len(rep.Crashes[0].Variants) != 2 {
			t.Fatalf("want one crash %q in 2 samples and none rejected:\n%s", c.text, rep)
		}
		cr := rep.Crashes[0]
		if !strings.Contains(cr.At, "sweep.TestRuntimeErrorIsACrash") || !strings.Contains(cr.At, "crash_test.go:") {
			t.Errorf("the crash's place %q does not name the kernel", cr.At)
		}
		if !strings.Contains(rep.String(), "crash: neg: "+c.text) {
			t.Errorf("the report does not print the crash:\n%s", rep)
		}
		rec := recorded{TB: t}
		Run(&rec, fakeRuntime{}, table("neg(Tensor self) -> Tensor", c.fn))
		if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], c.text) {
			t.Errorf("Run's errors: %q", rec.errors)
		}
	}
}

// A sample whose call crashes is not repaired.
func TestCrashIsNotRepaired(t *testing.T) {
	s := For(ops(t, "2.6")["neg"], 0)
	calls := 0
	err := s.Run(func(*Sample) error {
		calls++
		return &crashError{Text: "runtime error: index out of range [3] with length 3"}
	})
	if calls != 1 || len(s.Repairs) != 0 || err == nil {
		t.Errorf("%d calls, repairs %v, err %v", calls, s.Repairs, err)
	}
}

// recorded is the test's testing.TB, keeping the errors and dropping the
// logs.
type recorded struct {
	testing.TB
	errors []string
}

func (r *recorded) Helper()    {}
func (r *recorded) Log(...any) {}
func (r *recorded) Errorf(f string, args ...any) {
	r.errors = append(r.errors, strings.TrimSpace(fmt.Sprintf(f, args...)))
}

// A signal or a hang in a cgo call has no crashing function the trace
// names: the goroutine's innermost frame is runtime.cgocall (or, in the
// stacks of a hang, the cgo stub), and the Go function that made the call
// is not the one that crashed.
func TestCgoCrashHasNoFunction(t *testing.T) {
	trace := `SIGSEGV: segmentation violation
PC=0x7f0000001234 m=0 sigcode=1 addr=0x0
signal arrived during cgo execution

goroutine 1 gp=0xc000002380 m=0 mp=0x1 [syscall]:
runtime.cgocall(0x5d1a20, 0xc00012f9a8)
	/usr/lib/go/src/runtime/cgocall.go:167 +0x4b fp=0xc00012f980 sp=0xc00012f948 pc=0x40a1ab
example.com/lib/shim._Cfunc_call(0x7f, 0x2)
	_cgo_gotypes.go:60 +0x47
example.com/lib/shim.Call(0x2)
	/src/lib/shim/shim.go:12 +0x1d
`
	ce := death(trace, trace, nil)
	if ce.Kind != crashSignal || ce.At != "" || ce.Text != "SIGSEGV: segmentation violation" {
		t.Errorf("kind %q, text %q, at %q; want a signal at no function", ce.Kind, ce.Text, ce.At)
	}
	if got := firstUserFrame(strings.Split(trace[strings.Index(trace, "goroutine 1"):], "\n"), 1); got != "" {
		t.Errorf("a goroutine in a cgo call: frame %q, want none", got)
	}
	// A hung call's stacks are runtime.Stack's, in which a goroutine in a
	// cgo call starts at the cgo stub (runtime.cgocall is not shown): a
	// hang in C is "op crash: hang" too (libtorch 1.13.1's
	// _histogramdd_from_bin_cts was "hang at part2._Cfunc_ag_call_p2").
	stacks := `goroutine 1 [running]:
main.main()
	/src/main.go:27 +0x5f

goroutine 20 [syscall]:
example.com/lib/shim._Cfunc_call(0x7f, 0x2)
	_cgo_gotypes.go:60 +0x47
example.com/lib/shim.Call(0x2)
	/src/lib/shim/shim.go:12 +0x1d
`
	if got := firstUserFrame(strings.Split(stacks, "\n"), 20); got != "" {
		t.Errorf("a hung goroutine in a cgo call: frame %q, want none", got)
	}
	if got := firstUserFrame(strings.Split(stacks, "\n"), 1); got != "main.main (main.go:27)" {
		t.Errorf("a goroutine in Go: frame %q", got)
	}
}
