package sweep

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// A panic's kind is its text without what varies with the sample: Go's
// runtime errors by what they are, another text with its numbers as N.
func TestPanicKind(t *testing.T) {
	for _, c := range []struct{ text, kind string }{
		{"runtime error: index out of range [0] with length 0", "index out of range"},
		{"runtime error: index out of range [-1]", "index out of range"},
		{"runtime error: slice bounds out of range [:4] with capacity 0", "slice bounds out of range"},
		{"runtime error: invalid memory address or nil pointer dereference", "nil pointer dereference"},
		{"assignment to entry in nil map", "nil map write"},
		{"runtime error: integer divide by zero", "integer divide by zero"},
		{"lib: 3 elements for shape [2 2] at 0x? (1.5 s)\nsecond line", "lib: N elements for shape [N N] at N (N s)"},
	} {
		if got := panicKind(c.text); got != c.kind {
			t.Errorf("panicKind(%q) = %q, want %q", c.text, got, c.kind)
		}
	}
	for _, c := range []struct {
		crash *Crash
		what  string
	}{
		{&Crash{Kind: crashGoroutine, Text: "assignment to entry in nil map"}, "goroutine panic: nil map write"},
		{&Crash{Kind: crashExit, Text: "the process exited with status 7 in the call"}, "exit status 7"},
		{&Crash{Kind: crashSignal, Text: "SIGSEGV: segmentation violation"}, "signal SIGSEGV"},
		{&Crash{Kind: crashRelease, Text: "in Release: lib: released 2 times"}, "release: lib: released N times"},
		{&Crash{Kind: crashHang, Text: "no return within 60s"}, "hang"},
	} {
		if got := crashWhat(c.crash); got != c.what {
			t.Errorf("crashWhat(%+v) = %q, want %q", c.crash, got, c.what)
		}
	}
}

// A trigger is what every sample of a finding or crash has and none of
// its op's samples that ran without it has: the empty variant and the
// empty value share a zero-size dim (and float32, which a sample that ran
// has too); one sample alone is all its features the others lack; a
// sample whose features are not known (a worker that died) does not
// count.
func TestTrigger(t *testing.T) {
	r := newReport(1)
	empty := featuresOf(&Sample{Specs: []Spec{{Dtype: "float32", Shape: []int{0}, Same: -1, ViewOf: -1}}})
	emptyProbe := featuresOf(&Sample{Specs: []Spec{{Dtype: "float32", Shape: []int{0, 3}, Same: -1, ViewOf: -1}}})
	matrix := featuresOf(&Sample{Specs: []Spec{{Dtype: "float32", Shape: []int{2, 3}, Same: -1, ViewOf: -1}}})
	vector := featuresOf(&Sample{Specs: []Spec{{Dtype: "float64", Shape: []int{3}, Same: -1, ViewOf: -1}}})
	zeroDim := featuresOf(&Sample{Specs: []Spec{{Dtype: "float32", Fill: fillNeg, Same: -1, ViewOf: -1}}})
	r.noteFeat("abs", "v0", matrix, true)
	r.noteFeat("abs", "v21", vector, true)
	r.noteFeat("abs", "empty", empty, false)
	r.noteFeat("abs", "value: empty", emptyProbe, false)
	r.noteFeat("abs", "value: negative 0-dim", zeroDim, false)
	r.noteFeat("abs", "died", 0, false)
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"empty", "value: empty"}, "a zero-size dim"},
		{[]string{"empty", "value: empty", "died"}, "a zero-size dim"},
		{[]string{"value: empty, called again"}, "a zero-size dim"},
		{[]string{"value: negative 0-dim"}, "a 0-dim tensor and negatives"},
		{[]string{"v0"}, "float32"}, // the vector that ran is float64
		{[]string{"died"}, ""},
	} {
		if got := triggerText(r.trigger("abs", c.names)); got != c.want {
			t.Errorf("trigger of %q: %q, want %q", c.names, got, c.want)
		}
	}
	if len(featureNames) > 64 || len(featureNames) != featProbes+len(argProbes)+len(probeFeatures) || len(dtypeNames) != featProbes-featDtypes {
		t.Errorf("%d features (%d dtypes): past the bits", len(featureNames), len(dtypeNames))
	}
}

// A crash's frames are those whose code may be at fault, innermost first
// and by their full names: from a recovered panic's stack (the library's,
// then the binding's and the wrapper's; not this package's, Go's runtime
// and standard library, nor reflect), and from a dead worker's trace, with
// the function that started the goroutine last.
func TestCrashFrames(t *testing.T) {
	rep, err := Sweep(causesOps("abs"), causesRuntime{}, Options{InProcess: true, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{causesPath + "/lib.Abs", causesPath + "/kernels.Abs", causesPath + "/checked.Abs"}
	if len(rep.Crashes) != 1 || !slices.Equal(rep.Crashes[0].Frames, want) {
		t.Fatalf("frames %q, want %q:\n%s", rep.Crashes[0].Frames, want, rep)
	}
	if m := rep.Causes[0].Members[0]; !slices.Equal(m.Frames, want[:1]) {
		t.Errorf("the member's frames %q, want the library's alone", m.Frames)
	}
	trace := strings.Split(`goroutine 7 [running]:
gorgonia.org/tensor/internal/execution.SoftMaxF32(...)
	/root/go/pkg/mod/gorgonia.org/tensor@v0.9.24/internal/execution/softmax.go:12 +0x1b4
sync.(*WaitGroup).Wait(...)
	/usr/lib/go/src/sync/waitgroup.go:30 +0x10
github.com/assertgen/assertgen/sweep.(*driver).probe(0x1)
	/work/sweep/driver.go:700 +0x10
created by gorgonia.org/tensor.(*Dense).softmax in goroutine 6
	/root/go/pkg/mod/gorgonia.org/tensor@v0.9.24/dense_softmax.go:40 +0x88

goroutine 1 [chan receive]:
example.com/other.F()
	/x/other.go:1 +0x1`, "\n")
	if got := traceFrames(trace, -1); !slices.Equal(got, []string{"gorgonia.org/tensor/internal/execution.SoftMaxF32", "gorgonia.org/tensor.(*Dense).softmax"}) {
		t.Errorf("traceFrames: %q", got)
	}
}

// Causes are the same, entry for entry and member for member, in-process
// and isolated with one worker or two: the report's order.
func TestCausesDeterministic(t *testing.T) {
	var keys [][]string
	for _, o := range []Options{{InProcess: true}, {Test: t}, {Test: t, Workers: 2}} {
		rep, err := Sweep(causesOps(append(libOps, "tanh")...), causesRuntime{}, o)
		if err != nil {
			t.Fatal(err)
		}
		var ks []string
		for _, c := range rep.Causes {
			ks = append(ks, c.Key)
			for _, m := range c.Members {
				ks = append(ks, "\t"+m.Key+" in "+strings.Join(m.Samples, "; ")+" at "+strings.Join(m.Frames, " < "))
			}
		}
		keys = append(keys, ks)
	}
	if !slices.Equal(keys[0], keys[1]) || !slices.Equal(keys[0], keys[2]) || len(keys[0]) != 13 {
		t.Errorf("in-process:\n%s\nisolated:\n%s\ntwo workers:\n%s", strings.Join(keys[0], "\n"), strings.Join(keys[1], "\n"), strings.Join(keys[2], "\n"))
	}
}

// One tensor passed as two arguments (clone.out(self, out=self)) of a
// kernel that gives out new memory trips same_storage on out in every
// sample and on self where self is out: self's finding, which shows only
// there, is out's cause's, not an entry of its own; self's own bug (a
// finding on samples out's has not) stays one.
func TestSameTensorOneCause(t *testing.T) {
	r := newReport(1)
	own := featuresOf(&Sample{Specs: []Spec{{Dtype: "float64", Shape: []int{2, 3}, Same: -1, ViewOf: -1}, {Dtype: "float64", Shape: []int{2, 3}, Same: -1, ViewOf: -1}}})
	alias := featuresOf(&Sample{Specs: []Spec{{Dtype: "float64", Shape: []int{2, 3}, Same: -1, ViewOf: -1}, {Dtype: "float64", Same: 0, ViewOf: -1}}})
	r.noteFeat("clone.out", "v0", own, true)
	r.noteFeat("clone.out", "v1", own, true)
	r.noteFeat("clone.out", "aliasing", alias, true)
	r.Findings = []*Finding{
		{Op: "clone.out", Check: checks.SameStorage, Where: "argument out", Variants: []string{"v0", "aliasing"}, Count: 2},
		{Op: "clone.out", Check: checks.SameStorage, Where: "argument self", Variants: []string{"aliasing"}, Count: 1},
	}
	cs := r.causesOf(nil)
	if len(cs) != 1 || len(cs[0].Members) != 2 || cs[0].Members[0].Key != "clone.out same_storage argument out" {
		t.Errorf("want one cause, out's first: %+v", cs)
	}
	// a third argument, the same tensor again, under self's (Finding.Cause):
	// out's too (examples/gcrt's add.out(self, other, out) of x, x, x)
	r.Findings = append(r.Findings, &Finding{Op: "clone.out", Check: checks.SameStorage, Where: "argument other", Variants: []string{"aliasing"}, Count: 1, Cause: "clone.out same_storage argument self"})
	if cs := r.causesOf(nil); len(cs) != 1 || len(cs[0].Members) != 3 {
		t.Errorf("want one cause of three: %+v", cs)
	}
	r.Findings = r.Findings[:2]
	r.Findings[1].Variants = []string{"v1", "aliasing"} // self's own, where out's did not show
	if cs := r.causesOf(nil); len(cs) != 2 {
		t.Errorf("want two causes: %+v", cs)
	}
}
