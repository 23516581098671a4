package sweep

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Kernels that take one value of an argument only, as a binding of a
// library function does, refuse every sample at the argument's default;
// the sweep tries the argument at the values bindings commonly require
// and reaches each op, its sample repaired by the argument's value.
func TestArgValuesReachRefusedOps(t *testing.T) {
	table := func(yield func(string, any) bool) {
		_ = yield("flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)",
			func(self *Spec, start, end int64) *Spec {
				// ONNX's Flatten with axis 1: [d0, d1*d2*...]
				if start != 1 || end != -1 || len(self.Shape) < 2 {
					panic(fmt.Errorf("flatten: axis 1 only, not start_dim=%d end_dim=%d", start, end))
				}
				n := 1
				for _, d := range self.Shape[1:] {
					n *= d
				}
				return &Spec{Shape: []int{self.Shape[0], n}, Dtype: self.Dtype}
			}) &&
			yield("_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
				func(self *Spec, dtype *int, layout *int, device *string, pin *bool, nonBlocking bool, mf *int) *Spec {
					// a cast: its dtype given
					if dtype == nil {
						panic(errors.New("cast: a dtype to cast to"))
					}
					return &Spec{Shape: self.Shape, Dtype: self.Dtype}
				}) &&
			yield("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
				func(self *Spec, dim []int64, keepdim bool, dtype *int) *Spec {
					// ReduceSum with keepdims=1
					if !keepdim {
						panic(errors.New("reduce: keepdims only"))
					}
					return &Spec{Shape: self.Shape, Dtype: self.Dtype}
				}) &&
			yield("softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
				func(self *Spec, dim int64, dtype *int) *Spec {
					// a softmax along the last dim only
					if dim != -1 {
						panic(errors.New("softmax: along the last axis only"))
					}
					return &Spec{Shape: self.Shape, Dtype: self.Dtype}
				})
	}
	rec := &recorded{TB: t}
	rep := RunWith(rec, kindRuntime{}, table, Options{Samples: 3, InProcess: true, Test: t, NoValues: true})
	if len(rec.errors) != 0 || len(rep.Refused) != 0 {
		t.Fatalf("errors %q, refused %+v:\n%s", rec.errors, rep.Refused, rep)
	}
	for op, want := range map[string]string{
		"flatten.using_ints": "argument start_dim=1",
		"_to_copy":           "argument dtype=float64",
		"sum.dim_IntList":    "argument keepdim=true",
		"softmax.int":        "argument dim=-1",
	} {
		if k, ok := rep.Exercised[op]; !ok || k != 0 || !slices.Contains(rep.ExercisedRepairs[op], want) {
			t.Errorf("%s: exercised at %d (%v), repairs %q, want variant 0 repaired by %q:\n%s", op, k, ok, rep.ExercisedRepairs[op], want, rep)
		}
	}
}

// The argument values are tried in a fixed order, one argument at a
// time, the sample's own value left out, and only when nothing else
// repairs the sample: a kernel that runs at the default never sees them,
// and one that refuses every value is refused with its first error, its
// sample as it was.
func TestArgValuesOrder(t *testing.T) {
	f := ops(t, "2.6")["sum.dim_IntList"]
	s := For(f, 0) // [2,3], dim absent, keepdim false, dtype absent
	var names []string
	for _, v := range s.argValues() {
		names = append(names, v.Name)
	}
	want := []string{"argument dim=[0]", "argument dim=[-1]", "argument dim=[0 1]", "argument keepdim=true",
		"argument dtype=float64", "argument dtype=int64", "argument dtype=bool", "argument dtype=float32"}
	if !slices.Equal(names, want) {
		t.Errorf("argValues %q, want %q", names, want)
	}
	calls := 0
	err := s.Run(func(*Sample) error { calls++; return nil })
	if err != nil || calls != 1 || len(s.Repairs) != 0 {
		t.Errorf("a sample that runs: %v, %d calls, repairs %q", err, calls, s.Repairs)
	}
	s, calls = For(f, 0), 0
	err = s.Run(func(*Sample) error { calls++; return fmt.Errorf("refused %d", calls) })
	if err == nil || err.Error() != "refused 1" || calls != 1+len(want) || len(s.Repairs) != 0 || !strings.Contains(s.Describe(), "dim=None") {
		t.Errorf("a sample refused at every value: %v, %d calls, repairs %q, %s", err, calls, s.Repairs, s.Describe())
	}
}

// A kernel that asks for vectors (a column for dim 0, a row for dim 1)
// has every sample repaired to a column; its bug on a row vector shows
// only on a probe of the sample as the schema gives it: [2,3] with its
// first dim 1 is the row [1,3], which it takes as it is. The probe on
// the repaired base, [1,1], does not show it.
func TestShapesBeforeRepair(t *testing.T) {
	table := func(yield func(string, any) bool) {
		yield("softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", func(self *Spec, dim int64, dtype *int) *Spec {
			sh := self.Shape
			if len(sh) != 2 || sh[0] != 1 && sh[1] != 1 {
				want := []int{max(len(sh), 1), 1}
				if len(sh) == 2 {
					want = []int{sh[0], 1}
					if dim != 0 {
						want = []int{1, sh[1]}
					}
				}
				panic(&ShapeError{Arg: "self", Want: want})
			}
			if sh[0] == 1 && sh[1] > 1 {
				var col []float64
				_ = col[sh[1]-1] // the row's bug
			}
			return &Spec{Shape: sh, Dtype: self.Dtype}
		})
	}
	rep, err := Sweep(table, kindRuntime{}, Options{Samples: 1, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Crashes) != 1 || rep.Crashes[0].Variants[0] != "value: size-1 dims" || !strings.Contains(rep.Crashes[0].Text, "index out of range [2] with length 0") {
		t.Fatalf("crashes %+v, want one on the row [1,3] of value: size-1 dims:\n%s", rep.Crashes, rep)
	}
	if got := rep.ExercisedRepairs["softmax.int"]; !slices.Contains(got, "named shape") {
		t.Errorf("the base sample's repairs %q, want it repaired to a column", got)
	}
}

// A kernel that runs its base sample in float32 and refuses the same
// sample in float64 (an ONNX runtime's Gemm, which declares float64) is
// reported, with the library's error, though the op was reached; a
// kernel that refuses the float64 variant for another reason (its shape)
// and runs the base sample in float64 is not; a verdict declares the
// refusal.
func TestDtypeRefusedWhereAnotherRan(t *testing.T) {
	table := func(yield func(string, any) bool) {
		_ = yield("addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
			func(self, mat1, mat2 *Spec, beta, alpha float64) *Spec {
				for _, m := range []*Spec{self, mat1, mat2} {
					if len(m.Shape) != 2 || m.Shape[0] != m.Shape[1] {
						panic(&SquareError{})
					}
				}
				if mat1.Dtype == "float64" {
					panic(errors.New("gemm: type tensor(double) is not supported"))
				}
				return &Spec{Shape: self.Shape, Dtype: self.Dtype}
			}) &&
			yield("neg(Tensor self) -> Tensor", func(self *Spec) *Spec {
				if len(self.Shape) == 2 && self.Shape[0] == 3 {
					panic(errors.New("neg: three rows are not supported"))
				}
				return &Spec{Shape: self.Shape, Dtype: self.Dtype}
			})
	}
	const want = "addmm refused float64 where float32 ran: the base sample, contiguous float [2,3], optionals absent, refused as float64: " +
		"self=float64[3,3] mat1=float64[3,3] mat2=float64[3,3] beta=[1] alpha=[1] (repaired: square matrix): gemm: type tensor(double) is not supported " +
		"(a dtype the runtime makes: fix the library or the binding, or declare the refusal in a verdict)"
	for _, c := range []struct {
		inProcess bool
		v         Verdicts
		errs      []string
	}{
		{true, nil, []string{want}},
		{false, nil, []string{want}},
		{true, Verdicts{"addmm refused float64": "the library's Gemm has no double"}, nil},
	} {
		rec := &recorded{TB: t}
		rep := RunWith(rec, kindRuntime{}, table, Options{Samples: 4, InProcess: c.inProcess, Test: t, NoValues: true, Verdicts: c.v})
		if !slices.Equal(rec.errors, c.errs) {
			t.Errorf("verdicts %v: errors %q, want %q", c.v, rec.errors, c.errs)
		}
		if len(rep.DtypeRefused) != 1 || rep.DtypeRefused[0].Op != "addmm" || len(rep.Refused) != 0 || !strings.Contains(rep.String(), "\n\taddmm refused float64 where float32 ran") {
			t.Errorf("dtype refused %+v, refused %+v:\n%s", rep.DtypeRefused, rep.Refused, rep)
		}
		if got := rep.Tried["addmm"]; !strings.HasPrefix(got, "...E") {
			t.Errorf("addmm tried %q, want its float64 variant refused", got)
		}
	}
}

// An op that no variant ran, reached through the degenerate-shape probes
// alone (a kernel of row vectors), is held to the float dtypes as one
// that ran a variant: its probe that ran in float32 is called again in
// float64, which its variant refused with the library's error, and the
// refusal is Report.DtypeRefused, failing the sweep unless a verdict
// names it. A kernel of rows that takes both dtypes passes.
func TestDtypeRefusedProbeOnly(t *testing.T) {
	row := func(noDouble bool) func(self *Spec) *Spec {
		return func(self *Spec) *Spec {
			if len(self.Shape) != 2 || self.Shape[0] != 1 {
				panic(fmt.Errorf("neg: a row vector only, not %v", self.Shape))
			}
			if noDouble && self.Dtype == "float64" {
				panic(errors.New("neg: type tensor(double) is not supported"))
			}
			return &Spec{Shape: self.Shape, Dtype: self.Dtype}
		}
	}
	const want = "neg refused float64 where float32 ran: no variant ran, the probe size-1 dims did, of contiguous float [2,3], optionals absent, refused as float64: " +
		"self=float64[1,3] (value: size-1 dims): neg: type tensor(double) is not supported " +
		"(a dtype the runtime makes: fix the library or the binding, or declare the refusal in a verdict)"
	for _, c := range []struct {
		noDouble, inProcess bool
		v                   Verdicts
		errs                []string
	}{
		{true, true, nil, []string{want}},
		{true, false, nil, []string{want}},
		{true, true, Verdicts{"neg refused float64": "the library's neg has no double"}, nil},
		{false, true, nil, nil},
	} {
		table := func(yield func(string, any) bool) { _ = yield("neg(Tensor self) -> Tensor", row(c.noDouble)) }
		rec := &recorded{TB: t}
		rep := RunWith(rec, kindRuntime{}, table, Options{Samples: 4, InProcess: c.inProcess, Test: t, Verdicts: c.v})
		if !slices.Equal(rec.errors, c.errs) {
			t.Errorf("no double %v, verdicts %v: errors %q, want %q", c.noDouble, c.v, rec.errors, c.errs)
		}
		if _, ok := rep.Exercised["neg"]; !ok || len(rep.Refused) != 0 {
			t.Errorf("no double %v: neg not reached by its probes, or refused: %+v\n%s", c.noDouble, rep.Refused, rep)
		}
		if n := map[bool]int{true: 1}[c.noDouble]; len(rep.DtypeRefused) != n {
			t.Errorf("no double %v: dtype refused %+v, want %d\n%s", c.noDouble, rep.DtypeRefused, n, rep)
		}
	}
}
