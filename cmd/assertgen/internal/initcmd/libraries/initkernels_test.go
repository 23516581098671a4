package libraries

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// kernFiles is a kernel library over gonum's *mat.Dense in the forms
// init binds (issue 67, item 5): a function (Relu), a method of a type
// of its own made by its zero-argument constructor (NewOps().Sigmoid,
// into its first tensor), and an operator value, a type whose method
// takes and returns tensors (Larger.Apply of a list, made as its zero
// value). Built with -tags planted, each has a bug of its own: Relu
// writes its input, Sigmoid writes its input's first element, Larger
// returns its first input itself where that is the larger everywhere
// (an all-zero second one).
var kernFiles = map[string]string{
	"kern.go": `// Package kern is a kernel library over gonum's *mat.Dense.
package kern

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Relu returns max(a, 0).
func Relu(a *mat.Dense) *mat.Dense {
	f := func(_, _ int, v float64) float64 { return max(v, 0) }
	if planted {
		a.Apply(f, a)
		return mat.DenseCopyOf(a)
	}
	var out mat.Dense
	out.Apply(f, a)
	return &out
}

// Ops holds kernels; NewOps makes them.
type Ops struct{ ready bool }

// NewOps returns Ops ready to use.
func NewOps() *Ops { return &Ops{ready: true} }

// Sigmoid sets dst to 1/(1+e^-a).
func (o *Ops) Sigmoid(dst, a *mat.Dense) {
	if !o.ready {
		panic("kern: Ops not made by NewOps")
	}
	dst.Apply(func(_, _ int, v float64) float64 { return 1 / (1 + math.Exp(-v)) }, a)
	if r, c := a.Dims(); planted && r > 0 && c > 0 && dst != a {
		a.Set(0, 0, 0)
	}
}

// Larger is the operator of the larger of two tensors' elements.
type Larger struct{}

// Apply returns the larger of xs[0]'s and xs[1]'s elements.
func (Larger) Apply(xs []*mat.Dense) ([]*mat.Dense, error) {
	if len(xs) != 2 {
		return nil, errors.New("kern: Larger takes two tensors")
	}
	f := func(i, j int, v float64) float64 {
		w := xs[1].At(i, j)
		if v != v || w != w {
			return math.NaN()
		}
		return max(v, w)
	}
	var out mat.Dense
	out.Apply(f, xs[0])
	if planted && mat.Equal(&out, xs[0]) {
		return []*mat.Dense{xs[0]}, nil // the first is the larger: it, not a copy
	}
	return []*mat.Dense{&out}, nil
}
`,
	"planted.go":  "//go:build planted\n\npackage kern\n\nconst planted = true\n",
	"released.go": "//go:build !planted\n\npackage kern\n\nconst planted = false\n",
}

// writeKern writes kernFiles in the new package kern of mod and returns
// its directory.
func writeKern(t *testing.T, mod string) string {
	t.Helper()
	dir := filepath.Join(mod, "kern")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range kernFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// checkKernInit checks init's report and config of package kern: each
// form bound by its values, the operator listed.
func checkKernInit(t *testing.T, kern, report string) {
	t.Helper()
	for _, want := range []string{
		"by the kernels of example.com/mylib/kern: maximum, relu, sigmoid, sigmoid.out\n",
		"by the operator kern.Larger.Apply, on new(kern.Larger): maximum",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report in kern lacks %q:\n%s", want, report)
		}
	}
	yaml, err := os.ReadFile(filepath.Join(kern, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`relu: "kern.Relu(self)" # kern.Relu`,
		`sigmoid: "kern.NewOps().Sigmoid(ret, self)" # kern.Ops.Sigmoid`,
		`sigmoid.out: "kern.NewOps().Sigmoid(out, self)" # kern.Ops.Sigmoid`,
		`maximum: "res, err := new(kern.Larger).Apply([]*mat.Dense{self, other}); if err != nil { panic(err) }; if len(res) != 1 { panic(\"kern.Larger.Apply returned other than one tensor\") }; return res[0]" # kern.Larger.Apply, by its values (its name is not the op's)`,
	} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("kern's assertgen.yaml lacks %q:\n%s", want, yaml)
		}
	}
}

// checkKernPlanted runs kern's sweep with the planted bugs: it fails on
// each, at its op.
func checkKernPlanted(t *testing.T, r clitest.ModuleRunner, kern string) {
	t.Helper()
	out, err := r(kern, "go", "test", "-count=1", "-tags", "debugasserts,planted", "-run", "^TestSweep$", ".")
	if err == nil {
		t.Fatalf("kern's sweep with the planted bugs passed:\n%s", out)
	}
	for _, want := range []string{`\n\s+relu same_content argument self \(`, `\n\s+sigmoid same_content argument self \(`, `\n\s+maximum \S+ return 0 \(`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("kern's sweep with the planted bugs lacks a finding %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "refused on every sample") {
		t.Errorf("kern's sweep refused an op on every sample:\n%s", out)
	}
}
