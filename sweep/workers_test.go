package sweep

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// Several workers give the report one worker gives, to the byte, crashes
// and hangs included: each op's outcome is its own, and the report adds
// them up in the table's order whichever worker ran each.
func TestWorkersGiveOneWorkersReport(t *testing.T) {
	var reps []*Report
	for _, n := range []int{1, 3} { // one line: the hang's stacks name it
		rep, err := Sweep(planted(), poolRuntime{}, Options{Samples: 3, CallLimit: time.Second, Workers: n})
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	one, three := reps[0], reps[1]
	if one.String() != three.String() || one.Stats != three.Stats {
		t.Errorf("one worker:\n%s\nthree:\n%s", one, three)
	}
	if len(three.Crashes) != 5 || three.Crashes[0].Op != "neg" || three.Crashes[4].Op != "alias" {
		t.Errorf("the crashes are not in the table's order:\n%s", three)
	}
}

// givenSamples gives each op three samples of the runtime's own: a
// recorded call (sample 0 of its schema: it exercises the op), a call on
// the base sample's arguments made of another kind (it does not), and a
// recorded call the runtime cannot make.
func givenSamples(op string) []Given {
	f, err := funcschema.ParseFunc(op + "(Tensor self) -> Tensor")
	if err != nil {
		panic(err)
	}
	return []Given{
		{Name: "recorded call 1", Exercises: true, Make: func(*Sample) (*Sample, Runtime, error) {
			return For(f, 0), nil, nil
		}},
		{Name: "the base as another kind", Make: func(base *Sample) (*Sample, Runtime, error) {
			if base == nil {
				return nil, nil, errors.New("no base sample")
			}
			return base, otherKind{}, nil
		}},
		{Name: "recorded call 2", Exercises: true, Make: func(*Sample) (*Sample, Runtime, error) {
			return nil, nil, errors.New("a dtype this runtime lacks")
		}},
	}
}

// otherKind makes every tensor of kind -1.
type otherKind struct{ fakeRuntime }

func (otherKind) Tensor(Spec, []reflect.Value) (reflect.Value, error) {
	return reflect.ValueOf(&fakeTensor{-1}), nil
}

// A runtime's given samples run after the variants and before the
// values, each once, under its name, in-process as isolated: one that
// ran exercises its op when it says so, one made from the base sample
// gets the base's arguments, one the runtime cannot make is counted so.
func TestGivenSamples(t *testing.T) {
	var kinds []int
	ops := func(yield func(string, any) bool) {
		_ = yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor {
			kinds = append(kinds, self.k)
			return &fakeTensor{}
		}) && yield("abs(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor {
			panic(errors.New("abs: refused"))
		})
	}
	o := Options{Samples: 2, Given: givenSamples, InProcess: true}
	in, err := Sweep(ops, fakeRuntime{}, o)
	if err != nil {
		t.Fatal(err)
	}
	o.InProcess = false
	iso, err := Sweep(ops, fakeRuntime{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if in.String() != iso.String() {
		t.Errorf("in-process:\n%s\nisolated:\n%s", in, iso)
	}
	if got, want := in.Tried["neg"], ".. ..M ----------.....-.--.....x"; got != want {
		t.Errorf("neg tried %q, want %q", got, want)
	}
	// abs refuses every sample: it has no base, so nothing runs on one
	// but the probes of arguments (abs has none: -) and the degenerate
	// shapes, probed on the first sample it refused (refused again)
	if got, want := in.Tried["abs"], "EE EMM ----------____E_____EEEE_"; got != want {
		t.Errorf("abs tried %q, want %q", got, want)
	}
	if in.Exercised["neg"] != 0 || in.NotReached["abs"] != "abs: refused" || in.Unmade["a dtype this runtime lacks"] != 2 || in.Unmade["no base sample"] != 1 {
		t.Errorf("exercised %v, not reached %v, unmade %v", in.Exercised, in.NotReached, in.Unmade)
	}
	if !slices.Contains(kinds, -1) {
		t.Errorf("neg never ran on the base's arguments of the other kind: %v", kinds)
	}
}

// A given sample that ends its worker is a crash of its op under the
// given sample's name; a fresh worker runs the base sample again for the
// samples after it and the values, and the other worker's op runs whole.
func TestGivenSampleCrashIsolated(t *testing.T) {
	ops := func(yield func(string, any) bool) {
		_ = yield("exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor {
			if self.k == -1 {
				os.Exit(5)
			}
			return &fakeTensor{}
		}) && yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return &fakeTensor{} })
	}
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, Given: givenSamples, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Key() != "exp crash: exit" || rep.Crashes[0].Variants[0] != "the base as another kind" {
		t.Errorf("the crash of exp's given sample:\n%s", rep)
	}
	if rep.Tried["exp"] != ".. .CM ----------.....-.--.....x" || rep.Tried["neg"] != ".. ..M ----------.....-.--.....x" {
		t.Errorf("tried:\n%s", rep)
	}
}

// arounding records the samples its Around ran, and refuses those that
// ask for no grad mode, as a runtime without one would.
type arounding struct {
	fakeRuntime
	seen *[]string
}

func (a arounding) Around(s *Sample, call func() error) error {
	*a.seen = append(*a.seen, s.Func.Name.String())
	if s.NoGrad {
		return errors.New("no grad mode here")
	}
	return call()
}

// A runtime's Around runs each call of a sample, making and calling it,
// in the modes the sample asks for: its error is the call's.
func TestAround(t *testing.T) {
	var seen []string
	rt := arounding{seen: &seen}
	f, _ := funcschema.ParseFunc("neg(Tensor self) -> Tensor")
	fn := reflect.ValueOf(func(self *fakeTensor) *fakeTensor { return &fakeTensor{} })
	s := For(f, 0)
	if err := Call(rt, fn, s); err != nil || len(seen) != 1 {
		t.Fatalf("Call: %v; Around saw %v", err, seen)
	}
	s.NoGrad = true
	if err := Call(rt, fn, s); err == nil || err.Error() != "no grad mode here" {
		t.Errorf("Call under no grad: %v, want Around's error", err)
	}
	if _, err := callTwice(rt, fn, s); err == nil || len(seen) != 3 {
		t.Errorf("callTwice under no grad: %v; Around saw %v", err, seen)
	}
}

// briefing is fakeRuntime whose errors the report keeps by their class.
type briefing struct{ fakeRuntime }

func (briefing) Brief(err error) string { return "Refusal: " + strings.ToUpper(firstLine(err.Error())) }

// OnStep is told every step of every op, in-process as isolated with
// several workers (each op's steps in order), with the runtime's Brief
// of a refusal; the crashes come with their kind.
func TestOnStepTellsEveryStep(t *testing.T) {
	table := func(exits bool) func(yield func(string, any) bool) { // in-process, exp would end the test
		return func(yield func(string, any) bool) {
			_ = yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { panic(errors.New("neg: no")) }) &&
				(!exits || yield("exp(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { os.Exit(3); return nil })) &&
				yield("cos(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor { return &fakeTensor{} })
		}
	}
	var got [2][]string
	for i, o := range []Options{{Samples: 2, NoValues: true, InProcess: true}, {Samples: 2, NoValues: true, Workers: 2}} {
		o.OnStep = func(s Step) {
			line := fmt.Sprintf("%s %d %s again=%t %s %q", s.Op, s.Index, s.Name, s.Again, s.Err, s.Text)
			if s.Crash != nil {
				line += " " + s.Crash.Key()
			}
			got[i] = append(got[i], line)
		}
		if _, err := Sweep(table(!o.InProcess), briefing{}, o); err != nil {
			t.Fatal(err)
		}
		slices.Sort(got[i])
	}
	want := []string{
		`cos 0 ` + Variants[0].Name + ` again=false  ""`,
		`cos 0 ` + Variants[0].Name + ` again=true  ""`,
		`cos 1 ` + Variants[1].Name + ` again=false  ""`,
		`cos 1 ` + Variants[1].Name + ` again=true  ""`,
		`neg 0 ` + Variants[0].Name + ` again=false error "Refusal: NEG: NO"`,
		`neg 1 ` + Variants[1].Name + ` again=false error "Refusal: NEG: NO"`,
	}
	if !slices.Equal(got[0], want) {
		t.Errorf("in-process steps:\n%s\nwant\n%s", strings.Join(got[0], "\n"), strings.Join(want, "\n"))
	}
	exits := []string{
		`exp 0 ` + Variants[0].Name + ` again=false crash "crash: the process exited with status 3 in the call" exp crash: exit`,
		`exp 1 ` + Variants[1].Name + ` again=false crash "crash: the process exited with status 3 in the call" exp crash: exit`,
	}
	if w := slices.Sorted(slices.Values(append(want, exits...))); !slices.Equal(got[1], w) {
		t.Errorf("isolated steps:\n%s\nwant\n%s", strings.Join(got[1], "\n"), strings.Join(w, "\n"))
	}
}

// dtyped makes float32 tensors of kind -1 and others of kind -2.
type dtyped struct{ fakeRuntime }

func (dtyped) Tensor(sp Spec, _ []reflect.Value) (reflect.Value, error) {
	if sp.Dtype == "float32" {
		return reflect.ValueOf(&fakeTensor{-1}), nil
	}
	return reflect.ValueOf(&fakeTensor{-2}), nil
}

// A given sample with Repair is repaired as a variant is; without, the
// kernel's first refusal is its outcome.
func TestGivenRepair(t *testing.T) {
	ops := func(yield func(string, any) bool) {
		yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor {
			if self.k == -1 {
				panic(errors.New(`"neg_cpu" not implemented for 'Float'`))
			}
			return &fakeTensor{}
		})
	}
	given := func(string) []Given {
		mk := func(base *Sample) (*Sample, Runtime, error) { return base, dtyped{}, nil }
		return []Given{{Name: "repaired", Repair: true, Make: mk}, {Name: "once", Make: mk}}
	}
	var repairs []string
	rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 1, NoValues: true, InProcess: true, Given: given, OnStep: func(s Step) {
		if s.Name == "repaired" && !s.Again {
			repairs = s.Repairs
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tried["neg"] != ". .E" || len(repairs) != 1 {
		t.Errorf("tried %q, the repaired sample's repairs %q:\n%s", rep.Tried["neg"], repairs, rep)
	}
}

// The steps Skip names do not run, in-process as isolated: '/' in
// Tried, neither counted nor called; the others run as they would.
func TestSkip(t *testing.T) {
	var calls [2]int
	for i, inProcess := range []bool{true, false} {
		ops := func(yield func(string, any) bool) {
			yield("neg(Tensor self) -> Tensor", func(self *fakeTensor) *fakeTensor {
				calls[i]++
				if !inProcess && self.k == -1 {
					os.Exit(4) // isolated, a skipped given sample would end the worker
				}
				return &fakeTensor{}
			})
		}
		given := func(string) []Given {
			return []Given{{Name: "the base as another kind", Make: func(base *Sample) (*Sample, Runtime, error) { return base, otherKind{}, nil }}}
		}
		skip := func(op string, step int) bool { return op == "neg" && (step == 0 || step == 2 || step == 3+10) }
		rep, err := Sweep(ops, fakeRuntime{}, Options{Samples: 2, Given: given, Skip: skip, InProcess: inProcess})
		if err != nil {
			t.Fatal(err)
		}
		// the base is variant 1, a transposed view: non-contiguous is its
		if got, want := rep.Tried["neg"], "/. / ----------/....-=--.....x"; got != want || rep.Samples != 1 || rep.Exercised["neg"] != 1 || len(rep.Crashes) != 0 {
			t.Errorf("in-process %t: tried %q, want %q; %d samples, exercised at %d:\n%s", inProcess, got, want, rep.Samples, rep.Exercised["neg"], rep)
		}
	}
	if calls[0] != 3*10 {
		t.Errorf("in-process: %d calls, want 30 (variant 1 and the 9 values that ran, each called again twice)", calls[0])
	}
}
