package sweep

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// A crash's key is its op, kind and function, without the file and line;
// verdicts judge findings and crashes by key, whatever the samples, and
// name the ones no verdict names and the verdicts that name none.
func TestVerdictsJudgeByKey(t *testing.T) {
	r := &Report{
		Findings: []*Finding{{Op: "add_.Tensor", Check: checks.ReturnsArg, Where: "return 0", Message: "m", Variants: []string{"v0", "v3"}, Count: 2}},
		Crashes: []*Crash{
			{Op: "neg", Kind: crashPanic, Text: "runtime error: index out of range [0] with length 0", At: "tensor.(*Dense).Neg (dense.go:12)", Variants: []string{"empty float [0]"}, Count: 1},
			{Op: "exp", Kind: crashExit, Text: "the process exited with status 7 in the call", Variants: []string{"v0"}, Count: 1},
		},
	}
	for _, c := range []struct {
		crash *Crash
		key   string
	}{
		{r.Crashes[0], "neg crash: panic at tensor.(*Dense).Neg"},
		{r.Crashes[1], "exp crash: exit"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "SIGSEGV: segmentation violation"}, "mm crash: signal SIGSEGV"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "killed by SIGFPE"}, "mm crash: signal SIGFPE"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "SIGBUS: bus error", At: "lib.kernel (k.go:3)"}, "mm crash: signal SIGBUS at lib.kernel"},
	} {
		if got := c.crash.Key(); got != c.key {
			t.Errorf("key %q, want %q", got, c.key)
		}
	}
	for _, c := range []struct {
		name            string
		v               Verdicts
		unjudged, stale []string
	}{
		{"all known", Verdicts{"add_.Tensor returns_arg return 0": "r", "neg crash: panic at tensor.(*Dense).Neg": "r", "exp crash: exit": "r"}, nil, nil},
		{"none known", nil, []string{
			"no verdict names the cause \"crash in op exp: exit status 7\" (1 crash of 1 op; a verdict of that key judges it):\n" +
				"\texp crash: exit: 1 calls in v0: crash: exp: exit: the process exited with status 7 in the call",
			"no verdict names the cause \"crash in tensor: index out of range\" (1 crash of 1 op; a verdict of that key judges it):\n" +
				"\tneg crash: panic at tensor.(*Dense).Neg: 1 calls in empty float [0]: crash: neg: runtime error: index out of range [0] with length 0 at tensor.(*Dense).Neg (dense.go:12)",
			"no verdict names the cause \"finding in op add_.Tensor: add_.Tensor breaks returns_arg return 0\" (1 finding of 1 op; a verdict of that key judges it):\n" +
				"\tadd_.Tensor returns_arg return 0: 2 violations in v0; v3: m",
		}, nil},
		{"another function, a fixed bug", Verdicts{"add_.Tensor returns_arg return 0": "r", "neg crash: panic at tensor.(*Dense).Abs": "r", "exp crash: exit": "r", "sin crash: hang": "r"},
			[]string{"no verdict names the cause \"crash in tensor: index out of range\" (1 crash of 1 op; a verdict of that key judges it):\n" +
				"\tneg crash: panic at tensor.(*Dense).Neg: 1 calls in empty float [0]: crash: neg: runtime error: index out of range [0] with length 0 at tensor.(*Dense).Neg (dense.go:12)"},
			[]string{"neg crash: panic at tensor.(*Dense).Abs", "sin crash: hang"}},
		{"by cause", Verdicts{"crash in tensor: index out of range": "r", "crash in op exp: exit status 7": "r", "finding in op add_.Tensor: add_.Tensor breaks returns_arg return 0": "r"}, nil, nil},
	} {
		u, s := c.v.Judge(r)
		if !slices.Equal(u, c.unjudged) || !slices.Equal(s, c.stale) {
			t.Errorf("%s: unjudged %q, stale %q; want %q, %q", c.name, u, s, c.unjudged, c.stale)
		}
	}
}

// JudgeKeys judges the keys a driver of one's own found: each key once,
// and a verdict its judged function says the sweep could not show is not
// stale (a bounded sweep), one it could show and did not is.
func TestJudgeKeys(t *testing.T) {
	v := Verdicts{
		FindingKey("dropout", "impl_use_count_le_1", "return 0"): "kernel: returns its input",
		FindingKey("where", "distinct_outputs", "return 0"):      "kernel: views of one buffer",
		FindingKey("split", "same_storage", "argument self"):     "kernel: gone since",
		"neg crash: signal": "kernel: a segmentation fault",
	}
	found := []string{
		"dropout impl_use_count_le_1 return 0", "dropout impl_use_count_le_1 return 0", // two samples
		"add.out returns_arg return 0", "add.out returns_arg return 0",
		"neg crash: signal",
	}
	ranSplit := func(key string) bool { return strings.HasPrefix(key, "split ") }
	for _, c := range []struct {
		name            string
		judged          func(string) bool
		unjudged, stale []string
	}{
		{"every verdict judged", nil, []string{"add.out returns_arg return 0"},
			[]string{"split same_storage argument self", "where distinct_outputs return 0"}},
		{"where's samples not run", ranSplit, []string{"add.out returns_arg return 0"},
			[]string{"split same_storage argument self"}},
		{"nothing judged", func(string) bool { return false }, []string{"add.out returns_arg return 0"}, nil},
	} {
		u, s := v.JudgeKeys(found, c.judged)
		if !slices.Equal(u, c.unjudged) || !slices.Equal(s, c.stale) {
			t.Errorf("%s: unjudged %q, stale %q; want %q, %q", c.name, u, s, c.unjudged, c.stale)
		}
	}
	if got := (&Finding{Op: "add_.Tensor", Check: checks.ReturnsArg, Where: "return 0"}).Key(); got != FindingKey("add_.Tensor", "returns_arg", "return 0") {
		t.Errorf("Finding.Key %q is not FindingKey's form", got)
	}
}

// noTensors is a runtime that makes no tensor: an adapter's limit.
type noTensors struct{ kindRuntime }

func (noTensors) Tensor(Spec, []reflect.Value) (reflect.Value, error) {
	return reflect.Value{}, errors.New("this adapter makes no tensor")
}

// Not reached is not passed: an op whose kernel refuses every sample it
// is given fails the sweep, with the library's error and the first
// sample, unless a verdict declares it (and a verdict for a refusal that
// no longer happens is stale); an op that crashes is a crash, not a
// refusal; an op the runtime can make no sample for is listed apart and
// fails nothing.
func TestRefusedOnEverySample(t *testing.T) {
	refusing := func(fixed bool) func(yield func(string, any) bool) {
		return func(yield func(string, any) bool) {
			_ = yield("neg(Tensor self) -> Tensor", func(self *Spec) *Spec {
				if !fixed {
					panic(errors.New("neg: the library refuses\nits second line"))
				}
				return &Spec{Shape: self.Shape, Dtype: self.Dtype}
			}) && yield("abs(Tensor self) -> Tensor", func(self *Spec) *Spec { return &Spec{Shape: self.Shape, Dtype: self.Dtype} }) &&
				yield("exp(Tensor self) -> Tensor", crashingExp)
		}
	}
	const crash = "exp crash: panic at sweep.crashingExp"
	for _, c := range []struct {
		name      string
		rt        Runtime
		fixed     bool
		inProcess bool
		v         Verdicts
		errs      []string
	}{
		{"refused, isolated", kindRuntime{}, false, false, Verdicts{crash: "r"}, []string{
			"neg refused on every sample it was given (3), none ran; the first, contiguous float [2,3], optionals absent: self=float32[2,3]: neg: the library refuses (no check of the op ran: fix the binding or the adapter, or declare the refusal in a verdict)"}},
		{"refused, declared", kindRuntime{}, false, true, Verdicts{crash: "r", "neg refused": "the library has no neg"}, nil},
		{"no longer refused", kindRuntime{}, true, true, Verdicts{crash: "r", "neg refused": "the library has no neg"}, []string{
			"a verdict no finding, crash or refusal needs (the bug is fixed, or moved: remove it): neg refused"}},
		{"no sample made", noTensors{}, false, true, nil, nil},
	} {
		rec := &recorded{TB: t}
		rep := RunWith(rec, c.rt, refusing(c.fixed), Options{Samples: 3, InProcess: c.inProcess, Test: t, Verdicts: c.v})
		if !slices.Equal(rec.errors, c.errs) {
			t.Errorf("%s: errors %q, want %q", c.name, rec.errors, c.errs)
		}
		switch {
		case c.rt == Runtime(noTensors{}):
			if len(rep.Refused) != 0 || len(rep.NoSample) != 3 || rep.NoSample["neg"] != "this adapter makes no tensor" ||
				!strings.Contains(rep.String(), "3 not reached: 3 with no sample the runtime can make)") ||
				!strings.Contains(rep.String(), "\n\tno sample the runtime can make: neg: this adapter makes no tensor\n") {
				t.Errorf("%s: refused %v, no sample %v:\n%s", c.name, rep.Refused, rep.NoSample, rep)
			}
		case !c.fixed:
			want := &Refusal{Op: "neg", Count: 3, Variant: Variants[0].Name, Sample: "self=float32[2,3]", Error: "neg: the library refuses"}
			if len(rep.Refused) != 1 || !reflect.DeepEqual(rep.Refused[0], want) || len(rep.NoSample) != 0 || rep.NotReached["exp"] == "" ||
				!strings.Contains(rep.String(), "3 ops (1 exercised, 2 not reached: 1 refused on every sample, 1 crashed or not run)") {
				t.Errorf("%s: refused %+v, no sample %v:\n%s", c.name, rep.Refused, rep.NoSample, rep)
			}
		}
	}
}

// crashingExp indexes out of range on every sample: a crash, which is not
// a refusal.
func crashingExp(self *Spec) *Spec { return &Spec{Shape: []int{self.Shape[7]}} }

// An op refused on every variant gets the probes of the degenerate
// shapes on the first sample its kernel refused: a kernel of vectors
// only (spago's Softmax) runs on a row and a column vector there and is
// reached, not refused (a 0-dim and a 1-d tensor, it refuses); the other probes, which need a sample that ran,
// are not reached.
func TestRefusedReachedByShapeProbes(t *testing.T) {
	vectors := func(yield func(string, any) bool) {
		yield("neg(Tensor self) -> Tensor", func(self *Spec) *Spec {
			if len(self.Shape) != 2 || self.Shape[0] != 1 && self.Shape[1] != 1 {
				panic(errors.New("neg: a vector only"))
			}
			return &Spec{Shape: self.Shape, Dtype: self.Dtype}
		})
	}
	rec := &recorded{TB: t}
	rep := RunWith(rec, kindRuntime{}, vectors, Options{Samples: 3, InProcess: true, Test: t})
	first := slices.IndexFunc(Probes, func(p probe) bool { return p.Name == "size-1 dims" })
	if len(rec.errors) != 0 || len(rep.Refused) != 0 || rep.Exercised["neg"] != 3+first {
		t.Errorf("errors %q, refused %+v, exercised at %v (want %d):\n%s", rec.errors, rep.Refused, rep.Exercised, 3+first, rep)
	}
	tried := rep.Tried["neg"]
	for p, pr := range Probes {
		want := byte('_')
		switch {
		case pr.Name == "negative 0-dim" || pr.Name == "mixed signs 1-d":
			want = 'E' // run on the refused sample: not a matrix, refused again
		case slices.Contains(shapeProbes, pr.Name):
			want = '.'
		case slices.Contains(argProbes, pr.Name):
			want = '-' // run on the refused sample: neg has no such argument
		}
		if got := tried[len(tried)-len(Probes)+p]; got != want {
			t.Errorf("probe %s: %c, want %c (tried %q)", pr.Name, got, want, tried)
		}
	}
}

// An op whose kernel refuses an optional argument absent (argmax's dim)
// is refused at its default on every variant of a runtime that makes no
// view (the one variant that gives the optionals is of transposed
// views); the argument values reach it on variant 0, with its dim given,
// and the probes that give its dims a value run on that sample.
func TestRefusedReachedByArgProbes(t *testing.T) {
	noViews := func(yield func(string, any) bool) {
		yield("argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", func(self *Spec, dim *int64, keepdim bool) *Spec {
			if dim == nil {
				panic(errors.New("argmax: a dim only"))
			}
			return &Spec{Shape: self.Shape[:min(len(self.Shape), 1)], Dtype: "int64"}
		})
	}
	rec := &recorded{TB: t}
	rep := RunWith(rec, noViewRuntime{}, noViews, Options{Samples: 3, InProcess: true, Test: t})
	if len(rec.errors) != 0 || len(rep.Refused) != 0 || rep.Exercised["argmax"] != 0 || !slices.Contains(rep.ExercisedRepairs["argmax"], "argument dim=1") {
		t.Fatalf("errors %q, refused %+v, exercised %v, repairs %q:\n%s", rec.errors, rep.Refused, rep.Exercised, rep.ExercisedRepairs["argmax"], rep)
	}
	tried := rep.Tried["argmax"]
	for p, pr := range Probes {
		if c := tried[len(tried)-len(Probes)+p]; strings.HasPrefix(pr.Name, "dims ") && c != '.' && c != '=' {
			t.Errorf("probe %s: %c, want . or = (tried %q)", pr.Name, c, tried)
		}
	}
}

// noViewRuntime makes every tensor as its spec but views, which it
// cannot make (a library without a view method, as init finds gorgonia).
type noViewRuntime struct{ kindRuntime }

func (noViewRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Transposed || sp.Strides != nil || sp.ViewOf >= 0 {
		return reflect.Value{}, errors.New("no views")
	}
	return reflect.ValueOf(&sp), nil
}
