package sweep

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/sweep/testdata/causes/checked"
	"github.com/assertgen/assertgen/sweep/testdata/causes/lib"
)

// One cause, one report (issue 77, items 1, 2 and 7): testdata/causes is a
// user's module in small, a library (lib) with two bugs each behind
// several ops (an index out of range on empty tensors, in a loop of its
// own per function; a nil map written for 0-dim tensors, in package
// lib/reduce), the user's kernel package over it (kernels, whose tanh
// has a bug of its own) and the wrappers and sweep table gen wrote
// (checked, whose clone gen's bound code returns its argument);
// causesRuntime is its sweep adapter.

// causesPath is the import path of testdata/causes.
const causesPath = "github.com/assertgen/assertgen/sweep/testdata/causes"

// The keys of testdata/causes's causes.
const (
	emptyCause   = "crash in " + causesPath + "/lib: index out of range on a zero-size dim"
	zeroDimCause = "crash in " + causesPath + "/lib/reduce: nil map write on a 0-dim tensor"
	tanhCause    = "crash in " + causesPath + "/kernels: index out of range on a 0-dim tensor"
)

// causesRuntime makes lib's contiguous tensors, of float64 elements
// whatever their dtype.
type causesRuntime struct{}

func (causesRuntime) Capabilities() Capabilities { return Capabilities{} }

func (causesRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 || sp.Transposed || sp.Strides != nil || sp.Named || isComplex(sp.Dtype) {
		return reflect.Value{}, errors.New("lib makes contiguous real tensors only")
	}
	return reflect.ValueOf(lib.New(sp.Elements(), sp.Shape...)), nil
}

func (causesRuntime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

func (causesRuntime) ReproSource() Source {
	return Source{Imports: []string{causesPath + "/lib"}, Decls: `
func tensorValues(x *lib.T) []float64 { return append([]float64{}, x.Data...) }

func tensorSizes(x *lib.T) []int { return append([]int{}, x.Shape...) }

func tensorFill(x *lib.T, v float64) {
	for i := range x.Data {
		x.Data[i] = v
	}
}`}
}

func (causesRuntime) ReproTensor(sp Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	var vs, shape []string
	for _, v := range sp.Elements() {
		vs = append(vs, strconv.FormatFloat(v, 'g', -1, 64))
	}
	for _, n := range sp.Shape {
		shape = append(shape, ", "+strconv.Itoa(n))
	}
	return fmt.Sprintf("lib.New([]float64{%s}%s)", strings.Join(vs, ", "), strings.Join(shape, "")), nil
}

// causesOps is testdata/causes's sweep table cut to the ops named.
func causesOps(names ...string) iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for s, w := range checked.SweepOps {
			if name, _, _ := strings.Cut(s, "("); slices.Contains(names, name) && !yield(s, w) {
				return
			}
		}
	}
}

// libOps are testdata/causes's ops that reach lib's two bugs.
var libOps = []string{"neg", "neg_", "abs", "exp", "sin", "cos", "sum", "amax", "amin"}

// A library with two causes behind nine ops gives two entries, in-process
// as isolated: each op's crash is its own (nine keys, eight functions of
// lib and one of lib/reduce), their causes two, and a verdict of each
// cause's key judges all its crashes.
func TestTwoCausesTwoEntries(t *testing.T) {
	for _, inProcess := range []bool{true, false} {
		rep, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: inProcess, Test: t})
		if err != nil {
			t.Fatal(err)
		}
		s := rep.String()
		if len(rep.Crashes) != 9 || !strings.Contains(s, "9 crashes: 2 causes\n") ||
			!strings.Contains(s, "\n\t"+emptyCause+" (6 crashes of 6 ops)\n") || !strings.Contains(s, "\n\t"+zeroDimCause+" (3 crashes of 3 ops)\n") {
			t.Errorf("in-process %t: want 9 crashes of 2 causes:\n%s", inProcess, s)
		}
		u, stale := Verdicts{emptyCause: "lib reads element 0 of an empty tensor", zeroDimCause: "lib/reduce writes a nil map"}.Judge(rep)
		if len(u) != 0 || len(stale) != 0 {
			t.Errorf("in-process %t: two verdicts, by cause: unjudged %q, stale %q", inProcess, u, stale)
		}
	}
}

// The bug list files each cause under the package whose code is at
// fault: lib's crashes under lib and lib/reduce, the library's; tanh's,
// in the user's kernel package's own code, under that package, the
// binding's; and the report's text ends with it.
func TestBugListByPackageAtFault(t *testing.T) {
	rep, err := Sweep(causesOps(append(libOps, "tanh")...), causesRuntime{}, Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	want := causesPath + "/lib (the library):\n" +
		"- crash: index out of range on a zero-size dim, in lib.Abs and 4 more functions; 6 ops: abs, cos, exp, neg, neg_, sin\n" +
		causesPath + "/lib/reduce (the library):\n" +
		"- crash: nil map write on a 0-dim tensor, in reduce.Fold; 3 ops: amax, amin, sum\n" +
		causesPath + "/kernels (the binding):\n" +
		"- crash: index out of range on a 0-dim tensor, in kernels.Tanh; 1 op: tanh\n"
	if got := rep.BugList(); got != want || !strings.HasSuffix(rep.String(), got) {
		t.Errorf("the bug list:\n%s\nwant:\n%s\nthe report:\n%s", got, want, rep)
	}
}

// Verdicts of the keys of today's findings and crashes (an op's crash
// and its function) still judge what they name, beside verdicts of
// causes: a cause all of whose crashes old keys judge is judged, and
// none of them is stale.
func TestOldVerdictKeysStillJudge(t *testing.T) {
	rep, err := Sweep(causesOps(append(libOps, "tanh")...), causesRuntime{}, Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	v := Verdicts{zeroDimCause: "lib/reduce writes a nil map", "tanh crash: panic at kernels.Tanh": "the binding reads the last dim"}
	for _, op := range []string{"neg", "neg_", "abs", "exp", "sin", "cos"} {
		fn := strings.ToUpper(op[:1]) + strings.TrimSuffix(op[1:], "_")
		v[op+" crash: panic at lib."+fn] = "lib reads element 0 of an empty tensor"
	}
	if u, stale := v.Judge(rep); len(u) != 0 || len(stale) != 0 {
		t.Errorf("unjudged %q, stale %q:\n%s", u, stale, rep)
	}
	delete(v, "exp crash: panic at lib.Exp") // one crash of the cause without a verdict: the cause's line names it alone
	u, _ := v.Judge(rep)
	if len(u) != 1 || !strings.HasPrefix(u[0], "no verdict names the cause \""+emptyCause+"\" (6 crashes of 6 ops; ") ||
		!strings.Contains(u[0], "\n\texp crash: panic at lib.Exp: ") || strings.Contains(u[0], "neg crash") {
		t.Errorf("unjudged %q", u)
	}
}

// A verdict of a cause is stale only when none of its crashes shows: with
// abs alone of its six ops swept (the others fixed), it is not; with
// none of them, it is, and it alone.
func TestStaleCauseVerdict(t *testing.T) {
	v := Verdicts{emptyCause: "lib reads element 0 of an empty tensor", zeroDimCause: "lib/reduce writes a nil map", tanhCause: "the binding reads the last dim"}
	for _, c := range []struct {
		ops   []string
		stale []string
	}{
		{[]string{"abs", "sum", "tanh"}, nil},
		{[]string{"sum", "tanh"}, []string{emptyCause}},
	} {
		rep, err := Sweep(causesOps(c.ops...), causesRuntime{}, Options{InProcess: true})
		if err != nil {
			t.Fatal(err)
		}
		if u, stale := v.Judge(rep); len(u) != 0 || !slices.Equal(stale, c.stale) {
			t.Errorf("%v: unjudged %q, stale %q, want stale %q:\n%s", c.ops, u, stale, c.stale, rep)
		}
	}
}

// One cause, one reproducer (issue 77, items 3 and 4): lib's two causes
// behind nine ops give two reproducers, written to a directory outside
// any module (the natural first try of ASSERTGEN_SWEEP_REPRO) and
// verified there: each a module of its own requiring the sweep's module
// by replace (lib is in it), named for lib's function and the trigger,
// calling lib directly (the kernel package's code left out), failing
// with what was called on what and what was expected, listing the
// cause's other members, and no longer than twice a hand-written test
// of the bug.
func TestTwoCausesTwoReproducers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers")
	}
	dir := t.TempDir()
	if d := os.Getenv("REPRO_KEEP"); d != "" { // an empty directory, to read the reproducers after
		dir = d
	}
	t.Setenv(reproEnv, dir) // as a user turns them on without changing a test
	rep, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Repros) != 2 {
		t.Fatalf("%d reproducers, want 2 (one per cause):\n%s", len(rep.Repros), rep)
	}
	for i, want := range []struct {
		cause, name, call string
		others            int
	}{
		{emptyCause, "TestAbsPanicsOnEmptyTensor", "lib.Abs(self)", 5},
		{zeroDimCause, "TestAmaxPanicsOnZeroDimTensor", "lib.Amax(self)", 2},
	} {
		r := rep.Repros[i]
		if !r.Verified || r.Cause != want.cause || r.Name != want.name || len(r.Also) != want.others {
			t.Errorf("reproducer %d: %s (cause %q, name %s, %d others), want a verified %s of %q with %d others", i, r, r.Cause, r.Name, len(r.Also), want.name, want.cause, want.others)
			continue
		}
		src, err := os.ReadFile(filepath.Join(r.Dir, "repro_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		mod, err := os.ReadFile(filepath.Join(r.Dir, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		s := string(src)
		if !strings.Contains(s, "func "+want.name+"(t *testing.T) {") || !strings.Contains(s, want.call) ||
			strings.Contains(s, "kernels") || strings.Contains(s, "tensorValues") || strings.Contains(s, "assertgen/asserts") ||
			!strings.Contains(s, "want an error or a result, not a panic") || !strings.Contains(s, "// Expected: an error or a result, not a panic.") ||
			!strings.Contains(s, "// Library: github.com/assertgen/assertgen") || !strings.Contains(s, runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH) {
			t.Errorf("%s:\n%s", r.Dir, s)
		}
		// Each other member is listed: a crash by the library's path,
		// its op after it; a finding by its key.
		for _, k := range r.Also {
			op := strings.Fields(k)[0]
			if !regexp.MustCompile(`(?m)^//   - (\S.* \((.*, )?` + regexp.QuoteMeta(op) + `(, .*)?\)|` + regexp.QuoteMeta(k) + `)$`).MatchString(s) {
				t.Errorf("%s does not list %q:\n%s", r.Dir, k, s)
			}
		}
		if n := codeLines(s); n > 2*handWrittenLines {
			t.Errorf("%s: %d lines of code, more than twice a hand-written test's %d:\n%s", r.Dir, n, handWrittenLines, s)
		}
		if !strings.Contains(string(mod), "\nreplace (\n\tgithub.com/assertgen/assertgen => ") || !strings.HasPrefix(r.Command, "cd "+dir+"/") || !strings.HasSuffix(r.Command, " && go test ./...") {
			t.Errorf("%s: command %q, go.mod:\n%s", r.Dir, r.Command, mod)
		}
	}
}

// handWrittenLines are the lines of code of a hand-written minimal test
// of one of lib's crashes:
//
//	package repro
//
//	import (
//		"testing"
//
//		"github.com/assertgen/assertgen/sweep/testdata/causes/lib"
//	)
//
//	func TestNegOfEmpty(t *testing.T) {
//		defer func() {
//			if p := recover(); p != nil {
//				t.Fatalf("lib.Neg of an empty tensor panics: %v", p)
//			}
//		}()
//		lib.Neg(lib.New(nil, 0))
//	}
const handWrittenLines = 13

// codeLines counts src's lines that are not blank or comments.
func codeLines(src string) int {
	n := 0
	for _, l := range strings.Split(src, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") {
			n++
		}
	}
	return n
}

// brokenRuntime writes each tensor as a call lib does not declare: its
// reproducers do not build.
type brokenRuntime struct{ causesRuntime }

func (brokenRuntime) ReproTensor(Spec, []string) (string, error) { return "lib.Nope()", nil }

// A reproducer that could not be built is never silent: the report's
// first line says it is not verified, and the sweep fails its test.
func TestUnbuiltReproducerFails(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the reproducer")
	}
	rec := &recorded{TB: t}
	rep, err := Sweep(causesOps("sum"), brokenRuntime{}, Options{InProcess: true, Repro: t.TempDir(), Test: rec})
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(rep.String(), "\n")
	if len(rep.Repros) != 1 || rep.Repros[0].Verified || !strings.HasSuffix(first, ": 1 cause, 1 reproducer (1 not verified)") ||
		len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "could not be built or run") || !strings.Contains(rec.errors[0], "undefined: lib.Nope") {
		t.Errorf("errors %q; the report:\n%s", rec.errors, rep)
	}
}

// The report's first line counts the reproducers and says how many are
// not verified or not written.
func TestReproSummary(t *testing.T) {
	for _, c := range []struct {
		rs   []*Repro
		want string
	}{
		{nil, ""},
		{[]*Repro{{Dir: "a", Verified: true}}, ", 1 reproducer (all verified)"},
		{[]*Repro{{Dir: "a", Verified: true}, {Dir: "b"}}, ", 2 reproducers (1 not verified)"},
		{[]*Repro{{Dir: "a"}, {Note: "no template"}}, ", 2 reproducers (1 not verified, 1 not written)"},
		{[]*Repro{{Note: "no template"}}, ", 1 reproducer (1 not written)"},
	} {
		if got := (&Report{Repros: c.rs}).reproSummary(); got != c.want {
			t.Errorf("%d reproducers: %q, want %q", len(c.rs), got, c.want)
		}
	}
}
