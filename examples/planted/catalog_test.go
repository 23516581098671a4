//go:build debugasserts

package planted_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/planted"
	"github.com/assertgen/assertgen/examples/planted/checked"
	"github.com/assertgen/assertgen/sweep"
)

// kernels is planted's kernels with some replaced by planted bugs.
type kernels struct {
	checked.Functions
	add        func(self, other *planted.Tensor, alpha float64) *planted.Tensor
	add_       func(self, other *planted.Tensor, alpha float64) *planted.Tensor
	mul        func(self, other *planted.Tensor) *planted.Tensor
	abs, relu  func(self *planted.Tensor) *planted.Tensor
	softmax    func(self *planted.Tensor, dim int64, dtype *int) *planted.Tensor
	sum        func(self *planted.Tensor, dim []int64, keepdim bool, dtype *int) *planted.Tensor
	reshape    func(self *planted.Tensor, shape []int64) *planted.Tensor
	transpose  func(self *planted.Tensor, dim0, dim1 int64) *planted.Tensor
	contiguous func(self *planted.Tensor, memoryFormat int) *planted.Tensor
	clone      func(self *planted.Tensor, memoryFormat *int) *planted.Tensor
	cat        func(tensors []*planted.Tensor, dim int64) *planted.Tensor
}

func or[F any](f F, set bool, d F) F {
	if set {
		return f
	}
	return d
}

func (k kernels) AddTensor(a, b *planted.Tensor, alpha float64) *planted.Tensor {
	return or(k.add, k.add != nil, planted.AddTensor)(a, b, alpha)
}
func (k kernels) Add_Tensor(a, b *planted.Tensor, alpha float64) *planted.Tensor {
	return or(k.add_, k.add_ != nil, planted.Add_Tensor)(a, b, alpha)
}
func (k kernels) MulTensor(a, b *planted.Tensor) *planted.Tensor {
	return or(k.mul, k.mul != nil, planted.MulTensor)(a, b)
}
func (k kernels) Abs(a *planted.Tensor) *planted.Tensor {
	return or(k.abs, k.abs != nil, planted.Abs)(a)
}
func (k kernels) Relu(a *planted.Tensor) *planted.Tensor {
	return or(k.relu, k.relu != nil, planted.Relu)(a)
}
func (k kernels) SoftmaxInt(a *planted.Tensor, dim int64, dtype *int) *planted.Tensor {
	return or(k.softmax, k.softmax != nil, planted.SoftmaxInt)(a, dim, dtype)
}
func (k kernels) SumDimIntList(a *planted.Tensor, dim []int64, keepdim bool, dtype *int) *planted.Tensor {
	return or(k.sum, k.sum != nil, planted.SumDimIntList)(a, dim, keepdim, dtype)
}
func (k kernels) Reshape(a *planted.Tensor, shape []int64) *planted.Tensor {
	return or(k.reshape, k.reshape != nil, planted.Reshape)(a, shape)
}
func (k kernels) TransposeInt(a *planted.Tensor, d0, d1 int64) *planted.Tensor {
	return or(k.transpose, k.transpose != nil, planted.TransposeInt)(a, d0, d1)
}
func (k kernels) Contiguous(a *planted.Tensor, f int) *planted.Tensor {
	return or(k.contiguous, k.contiguous != nil, planted.Contiguous)(a, f)
}
func (k kernels) Clone(a *planted.Tensor, f *int) *planted.Tensor {
	return or(k.clone, k.clone != nil, planted.Clone)(a, f)
}
func (k kernels) Cat(ts []*planted.Tensor, dim int64) *planted.Tensor {
	return or(k.cat, k.cat != nil, planted.Cat)(ts, dim)
}

// A plant is one planted bug: its id, the kernels with it, the finding that must
// name it ("op check where", or "op crash" for a Go runtime error), and
// whether only the values that matter reach it (the variants alone miss
// it).
type plant struct {
	id     string // FuzzPlanted's $PLANTED
	name   string
	k      kernels
	find   string
	values bool
}

var plants = []plant{
	{"alpha", "add scales other in place when alpha != 1", kernels{add: planted.AddScalesOther}, "add.Tensor same_content argument other", true},
	{"zeros", "add returns self when other is all zeros", kernels{add: planted.AddZeroReturnsSelf}, "add.Tensor impl_use_count_eq_fresh return 0", true},
	{"alpha0", "add returns self when alpha is 0", kernels{add: planted.AddAlphaZeroReturnsSelf}, "add.Tensor impl_use_count_eq_fresh return 0", true},
	{"reshape", "reshape's copy path makes self contiguous in place", kernels{reshape: planted.ReshapeContiguousInPlace}, "reshape same_metadata argument self", true},
	{"softmax-dim", "softmax transposes self when dim != 0", kernels{softmax: planted.SoftmaxTransposes}, "softmax.int same_metadata argument self", true},
	{"softmax-vectors", "softmax of a vector only transposes a row vector", kernels{softmax: planted.SoftmaxVectorsOnly}, "softmax.int same_metadata argument self", true},
	{"softmax-size1", "softmax over a dim of size 1 fills self with ones", kernels{softmax: planted.SoftmaxSize1Ones}, "softmax.int same_content argument self", true},
	{"sum-keepdim", "sum with keepdim reuses one buffer per shape", kernels{sum: planted.SumKeepdimCached}, "sum.dim_IntList fresh_not_held return 0", true},
	{"sum-negdim", "sum indexes a negative dim out of range", kernels{sum: planted.SumNegativeDim}, "sum.dim_IntList crash", false}, // the argument values give dim -1 to a sample it refuses (dtype given)
	{"mul-broadcast", "mul expands a broadcast other in place", kernels{mul: planted.MulExpandsOther}, "mul.Tensor same_metadata argument other", true},
	{"relu-shared", "relu shares one zero tensor when nothing is positive", kernels{relu: planted.ReluSharedZeros}, "relu fresh_not_held return 0", true},
	{"abs-mixed", "abs writes self when the signs are mixed", kernels{abs: planted.AbsMixedWritesSelf}, "abs same_content argument self", true},
	{"abs-scalar", "abs of a 0-dim tensor writes |x| into it", kernels{abs: planted.AbsScalarWritesSelf}, "abs same_content argument self", true},
	{"relu-vector", "relu of a 1-d tensor writes max(x, 0) into it", kernels{relu: planted.ReluVectorWritesSelf}, "relu same_content argument self", true},
	{"add_-new", "add_ returns a new tensor", kernels{add_: planted.Add_ReturnsNew}, "add_.Tensor returns_arg return 0", false},
	{"transpose-copy", "transpose returns a copy", kernels{transpose: planted.TransposeCopies}, "transpose.int shares_storage return 0", false},
	{"contiguous-cached", "contiguous returns a cached copy", kernels{contiguous: planted.ContiguousCached}, "contiguous fresh_not_held return 0", false},
	{"cat-one", "cat of one tensor returns it", kernels{cat: planted.CatOfOneReturnsIt}, "cat impl_use_count_eq_fresh return 0", false},
	{"clone-view", "clone returns a view of a non-contiguous input", kernels{clone: planted.CloneViewsNonContiguous}, "clone fresh_no_alias return 0", false},
}

// found returns what a sweep of k found: each finding's key, and "op
// crash" for each crash.
func found(t *testing.T, k kernels, o sweep.Options) []string {
	o.Content, o.Test = true, t
	rep, err := sweep.Sweep(checked.SweepOps(k), adapter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Key())
	}
	for _, c := range rep.Crashes {
		got = append(got, c.Op+" crash")
	}
	return got
}

// TestSweepFindsEveryPlant: the sweep alone, with no test written for the
// bug, finds each planted bug by the check that should catch it; the
// variants alone (Options.NoValues) miss every one of them that only some
// values reach, and find the others.
func TestSweepFindsEveryPlant(t *testing.T) {
	for _, p := range plants {
		t.Run(p.name, func(t *testing.T) {
			got := found(t, p.k, sweep.Options{})
			if !slices.Contains(got, p.find) {
				t.Errorf("no %s; the sweep found %q", p.find, got)
			}
			alone := found(t, p.k, sweep.Options{NoValues: true})
			if slices.Contains(alone, p.find) == p.values {
				t.Errorf("the variants alone found %q (want %s found: %v)", alone, p.find, !p.values)
			}
		})
	}
}

// The planted kernels are the only difference: with none, nothing.
func TestPlantsAreTheOnlyFindings(t *testing.T) {
	if got := found(t, kernels{}, sweep.Options{}); len(got) > 0 {
		t.Errorf("planted's own kernels: %s", strings.Join(got, "; "))
	}
}

// TestFuzzFindingsReplay: each input the fuzzer found for a plant
// (testdata/fuzz/FuzzPlanted/ID, written by fuzztime.sh -corpus) replays as
// a plain test: go test -run FuzzPlanted/ID, with $PLANTED=ID, fails with
// the plant's finding; without it (planted's own kernels) the same input
// passes, as every corpus entry does in a plain go test.
func TestFuzzFindingsReplay(t *testing.T) {
	if os.Getenv("PLANTED") != "" {
		t.Skip("run by the test itself")
	}
	for _, p := range plants {
		t.Run(p.id, func(t *testing.T) {
			if _, err := os.Stat(filepath.Join("testdata", "fuzz", "FuzzPlanted", p.id)); err != nil {
				t.Fatalf("no fuzzer finding for the plant: %v", err)
			}
			cmd := exec.Command(os.Args[0], "-test.run", "^FuzzPlanted$/^"+p.id+"$", "-test.v")
			cmd.Env = append(os.Environ(), "PLANTED="+p.id)
			out, err := cmd.CombinedOutput()
			op, check, _ := strings.Cut(p.find, " ")
			check, _, _ = strings.Cut(check, " ")
			if err == nil || !strings.Contains(string(out), "--- FAIL: FuzzPlanted/"+p.id) || !strings.Contains(string(out), op+": "+check+": ") {
				t.Errorf("replayed with the plant, want a failure with %s: %s: %v\n%s", op, check, err, out)
			}
		})
	}
}
