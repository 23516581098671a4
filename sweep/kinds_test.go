package sweep

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Each repair kind changes the sample as its error says, with no message
// text to read; a kind whose repair changes nothing is not handed to the
// text rules.
func TestRepairKinds(t *testing.T) {
	ops := ops(t, "2.6")
	for _, tc := range []struct {
		op      string
		variant int
		err     error
		rule    string
		want    string // in the repaired sample's Describe
	}{
		{"outer", 0, &RankError{Arg: "vec2", Want: 1}, "named rank", "self=float32[2,3] vec2=float32[3]"},
		{"outer", 0, &RankError{Want: 0}, "named rank", "self=float32[] vec2=float32[]"},
		{"mm", 0, &ShapeError{Arg: "mat2", Want: []int{3, 4}}, "named shape", "mat2=float32[3,4]"},
		{"add.Tensor", 0, &ShapeError{}, "", ""}, // the shapes are one already
		{"add.Tensor", 4, &ShapeError{Want: []int{5}}, "named shape", "self=int64[5] other=int64[5]"},
		{"add.Tensor", 0, &DtypeError{Got: "float32"}, "dtype not implemented", "self=int64[2,3] other=int64[2,3]"},
		{"add.Tensor", 0, &DtypeError{Arg: "other", Want: "float64"}, "named dtype", "self=float32[2,3] other=float64[2,3]"},
		{"add.Tensor", 0, &DtypeError{Arg: "other", Want: "no such dtype"}, "", ""},
		{"sum.dim_IntList", 2, &DimError{Lo: -1, Hi: 0, Got: 1}, "dim in range", "dim=[0]"},
		{"index_select", 0, &IndexError{Arg: "index"}, "valid index", "index=int64[2,3].zeros"},
		{"linalg_cholesky", 0, &SquareError{Arg: "self"}, "square matrix", "self=float32[3,3]"},
		// a kind found in a chain: the runtime's error wrapped
		{"outer", 0, fmt.Errorf("kernel: %w", &RankError{Arg: "self", Want: 1}), "named rank", "self=float32[3]"},
		{"outer", 0, &classified{err: errors.New("self: 2 dims, want 1"), kind: &RankError{Arg: "self", Want: 1}}, "named rank", "self=float32[3]"},
	} {
		s := For(ops[tc.op], tc.variant)
		if rule := s.repairError(tc.err); rule != tc.rule || !strings.Contains(s.Describe(), tc.want) {
			t.Errorf("%s [%d] %v: rule %q, sample %s; want rule %q, %q", tc.op, tc.variant, tc.err, rule, s.Describe(), tc.rule, tc.want)
		}
	}
}

// kindRuntime makes every tensor as its spec (the spec itself); it
// classifies no error (classifying does).
type kindRuntime struct{}

func (kindRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	return reflect.ValueOf(&sp), nil
}

func (kindRuntime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// vectorsOnly is a runtime's own error, in words no rule knows.
type vectorsOnly struct{ arg string }

func (e vectorsOnly) Error() string { return "vectors only, not " + e.arg }

type classifying struct{ kindRuntime }

func (classifying) Classify(err error) error {
	var v vectorsOnly
	if errors.As(err, &v) {
		return &RankError{Arg: v.arg, Want: 1}
	}
	return nil
}

// Both routes that need no PyTorch wording reach a kernel through
// runSample: a kernel that panics with a repair kind, and one whose own
// error the runtime's Classify method names; without the method the same
// kernel is not reached, and its error is the kernel's own.
func TestRunSampleRoutes(t *testing.T) {
	op := ops(t, "2.6")["outer"]
	typed := func(self, vec2 *Spec) *Spec {
		for _, a := range []struct {
			name string
			sp   *Spec
		}{{"self", self}, {"vec2", vec2}} {
			if len(a.sp.Shape) != 1 {
				panic(&RankError{Arg: a.name, Want: 1})
			}
		}
		return self
	}
	own := func(self, vec2 *Spec) *Spec {
		if len(self.Shape) != 1 {
			panic(vectorsOnly{"self"})
		}
		if len(vec2.Shape) != 1 {
			panic(vectorsOnly{"vec2"})
		}
		return self
	}
	for _, tc := range []struct {
		name    string
		fn      any
		rt      Runtime
		ran     bool
		repairs int
	}{
		{"typed panic", typed, kindRuntime{}, true, 2},
		{"classified", own, classifying{}, true, 2},
		{"unclassified", own, kindRuntime{}, false, 0},
	} {
		out := runSample(op, 0, tc.fn, tc.rt)
		if (out.Err == nil) != tc.ran || len(out.Sample.Repairs) != tc.repairs {
			t.Errorf("%s: err %v, repairs %v; want ran %v after %d repairs", tc.name, out.Err, out.Sample.Repairs, tc.ran, tc.repairs)
		}
		if tc.name == "unclassified" && !errors.As(out.Err, new(vectorsOnly)) {
			t.Errorf("unclassified: err %v, want the kernel's own error", out.Err)
		}
	}
}

// The driver runs each op of the table on every variant, counts what ran,
// what the runtime cannot make and what the kernel refused, and names why
// an op was not reached; a bad table is an error before anything runs.
func TestSweepReport(t *testing.T) {
	table := func(yield func(string, any) bool) {
		_ = yield("outer(Tensor self, Tensor vec2) -> Tensor", func(self, vec2 *Spec) *Spec {
			if len(self.Shape) != 1 || len(vec2.Shape) != 1 {
				panic(&RankError{Want: 1})
			}
			return self
		}) && yield("neg(Tensor self) -> Tensor", func(self *Spec) *Spec { panic("neg: not in this runtime") })
	}
	rep, err := Sweep(table, kindRuntime{}, Options{Samples: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Ops != 2 || rep.Samples != 6 || rep.Exercised["outer"] != 0 || rep.Rejected != 3 || rep.RejectedBy["neg"] != 3 || rep.Repaired != 3 {
		t.Errorf("report %+v", rep)
	}
	if got := rep.NotReached["neg"]; got != "neg: not in this runtime" || len(rep.NotReached) != 1 {
		t.Errorf("not reached %v", rep.NotReached)
	}
	if len(rep.Refused) != 1 || rep.Refused[0].Error != "neg: not in this runtime" || rep.Refused[0].Count != 3 {
		t.Errorf("refused %+v", rep.Refused)
	}
	if !strings.HasPrefix(rep.String(), "sweep: 2 ops (1 exercised, 1 not reached: 1 refused on every sample), 6 samples (0 the runtime cannot make, 3 ran after a repair, 3 rejected") {
		t.Errorf("report line %q", rep.String())
	}
	for _, bad := range []struct{ schema, want string }{
		{"outer(Tensor self", "sweep table"},
		{"outer(Tensor self, Tensor vec2) -> Tensor", "not a function"},
	} {
		tab := func(yield func(string, any) bool) { yield(bad.schema, 3) }
		if _, err := Sweep(tab, kindRuntime{}, Options{}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("table %q: err %v, want %q", bad.schema, err, bad.want)
		}
	}
}

func TestByName(t *testing.T) {
	table := func(yield func(string, any) bool) {
		_ = yield("neg(Tensor self) -> Tensor", 1) && yield("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", 2)
	}
	if m := ByName(table); len(m) != 2 || m["neg"] != 1 || m["add.Tensor"] != 2 {
		t.Errorf("ByName: %v", m)
	}
}

// releasing counts what Call hands its Release method.
type releasing struct {
	kindRuntime
	calls, results *int
}

func (r releasing) Release(res []reflect.Value) { *r.calls++; *r.results += len(res) }

// Call hands a Release method the results of a call that returned, and nil
// after a panic, once per call.
func TestCallReleases(t *testing.T) {
	var calls, results int
	rt := releasing{calls: &calls, results: &results}
	s := For(ops(t, "2.6")["outer"], 0)
	ok := reflect.ValueOf(func(a, b *Spec) (*Spec, *Spec) { return a, b })
	bad := reflect.ValueOf(func(a, b *Spec) *Spec { panic("no") })
	if err := Call(rt, ok, s); err != nil || calls != 1 || results != 2 {
		t.Errorf("err %v, %d releases of %d results", err, calls, results)
	}
	if err := Call(rt, bad, s); err == nil || err.Error() != "no" || calls != 2 || results != 2 {
		t.Errorf("err %v, %d releases of %d results", err, calls, results)
	}
}

// float64Only makes float64 tensors alone, and says so in a DtypeError.
type float64Only struct {
	kindRuntime
	named bool // Want float64, or Got not implemented
}

func (r float64Only) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Dtype != "float64" {
		if r.named {
			return reflect.Value{}, &DtypeError{Want: "float64"}
		}
		return reflect.Value{}, &DtypeError{Got: sp.Dtype}
	}
	return r.kindRuntime.Tensor(sp, made)
}

// A runtime that cannot make a sample's dtype and says so with a
// DtypeError has the sample moved to a dtype it makes, where any other
// error of its adapter ends the sample as one it cannot make.
func TestMakeErrorRepairedByKind(t *testing.T) {
	op := ops(t, "2.6")["neg"]
	neg := func(self *Spec) *Spec { return self }
	for _, tc := range []struct {
		name    string
		rt      Runtime
		ran     bool
		repairs []string
	}{
		{"named dtype", float64Only{named: true}, true, []string{"named dtype"}},
		{"dtype not implemented", float64Only{}, true, []string{"dtype not implemented", "dtype not implemented"}},
		{"plain error", refusing{}, false, nil},
	} {
		out := runSample(op, 0, neg, tc.rt)
		var me *MakeError
		if (out.Err == nil) != tc.ran || !slices.Equal(out.Sample.Repairs, tc.repairs) || !tc.ran && !errors.As(out.Err, &me) {
			t.Errorf("%s: err %v, repairs %q; want ran %v after %q", tc.name, out.Err, out.Sample.Repairs, tc.ran, tc.repairs)
		}
	}
}

// refusing makes no tensor, and says why in words of its own.
type refusing struct{ kindRuntime }

func (refusing) Tensor(Spec, []reflect.Value) (reflect.Value, error) {
	return reflect.Value{}, errors.New("no tensors here")
}
