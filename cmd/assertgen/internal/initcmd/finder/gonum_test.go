package finder

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gonumModule returns a module requiring gonum v0.17.0 (from the module
// cache or the proxy), with an empty package lib.
func gonumModule(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds gonum")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.25.0\n\nrequire gonum.org/v1/gonum v0.17.0\n",
		"go.sum": "gonum.org/v1/gonum v0.17.0 h1:VbpOemQlsSMrYmn7T2OUvQ4dqxQXU+ouZFQsZOx50z4=\ngonum.org/v1/gonum v0.17.0/go.mod h1:El3tOrEuMpv2UdMrbNlKEh9vd86bmQ6vqIcDwxEOc1E=\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lib := filepath.Join(dir, "lib")
	if err := os.Mkdir(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip(err)
	}
	return lib
}

// TestBindGonum binds gonum's *mat.Dense: every binding's values are its
// op's (the check), a name is not a meaning (Mul, Exp and Pow are
// rejected for mul.Tensor, exp and pow.Tensor_Scalar), and nothing is
// written in the module.
func TestBindGonum(t *testing.T) {
	dir := gonumModule(t)
	spec, ok, err := ParseSpec("*gonum.org/v1/gonum/mat.Dense")
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	l, err := Load(dir, spec)
	if err != nil {
		t.Fatal(err)
	}
	if l.Ctor.Name != "NewDense" || l.Raw.Method != "RawMatrix" || l.Elem != "float64" || l.At != "At" {
		t.Errorf("ctor %+v raw %+v elem %s at %q", l.Ctor, l.Raw, l.Elem, l.At)
	}
	f := bindAll(t, dir, l)
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code
		t.Logf("%s: %s (%s named=%v map=%v also=%v)", b.Op, b.Code, b.Callable, b.Named, b.Map, b.Also)
	}
	rejected := map[string]string{}
	for _, r := range f.Rejected {
		t.Logf("rejected %s", r)
		for _, op := range r.Ops {
			rejected[r.Callable+" "+op] = r.Why
		}
	}
	for _, k := range []string{"Dense.Mul mul.Tensor", "Dense.Exp exp", "Dense.Pow pow.Tensor_Scalar"} {
		if !strings.Contains(rejected[k], "values are not the op's") {
			t.Errorf("%s: rejected %q, want its values", k, rejected[k])
		}
	}
	if len(got) < 40 {
		t.Errorf("%d ops bound, want at least 40", len(got))
	}
	for op, want := range map[string]string{
		"mul.Tensor":  "ret.MulElem(self, other)",
		"mm":          "ret.Mul(self, mat2)",
		"div_.Tensor": "self.DivElem(self, other)",
		// An op of two tensors with no method of its own (alpha, max) is
		// mapped over the first's elements, the second's read with At.
		"add.Tensor":        "ret.Apply(func(i, j int, v float64) float64 { return v + alpha*other.At(i, j) }, self)",
		"sub_.Tensor":       "self.Apply(func(i, j int, v float64) float64 { return v - alpha*other.At(i, j) }, self)",
		"maximum.out":       "out.Apply(func(i, j int, v float64) float64 { return max(v, other.At(i, j)) }, self)",
		"pow.Tensor_Tensor": "ret.Apply(func(i, j int, v float64) float64 { return math.Pow(v, exponent.At(i, j)) }, self)",
		// The *_like ops: dtype, layout, device and pin_memory left out.
		"zeros_like": "ret.Apply(func(_, _ int, v float64) float64 { return 0 }, self)",
		"full_like":  "ret.Apply(func(_, _ int, v float64) float64 { return fill_value }, self)",
		// The views through Dense.Slice, cat through its views and
		// Dense.Copy (the helpers init writes).
		"narrow":       "AssertgenNarrow(self, dim, start, length)",
		"select.int":   "AssertgenSelect(self, dim, index)",
		"slice.Tensor": "AssertgenSlice(self, dim, start, end, step)",
		"alias":        "AssertgenAlias(self)",
		"detach":       "AssertgenAlias(self)",
		"cat":          "AssertgenCat(tensors, dim)",
	} {
		if got[op] != want {
			t.Errorf("%s bound to %q, want %q", op, got[op], want)
		}
	}
	for _, op := range []string{"exp", "pow.Tensor_Scalar", "mul.Tensor"} {
		if strings.Contains(got[op], "ret.Exp(") || strings.Contains(got[op], "ret.Pow(") || strings.Contains(got[op], "ret.Mul(") {
			t.Errorf("%s bound to %q", op, got[op])
		}
	}
	if f.Views == nil || f.Views.Describe() != "Dense.Slice(r0, r1, c0, c1): rows r0 to r1, columns c0 to c1" || f.Cat == nil || f.Cat.Copy != "dst.Copy(src)" {
		t.Errorf("views %+v, cat %+v: want Dense.Slice(r0, r1, c0, c1), cat with dst.Copy(src)", f.Views, f.Cat)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("the check wrote %d files in the package", len(entries))
	}
}

// TestBindGonumKernels binds a kernel library over gonum's *mat.Dense,
// the package init runs in (issue 67, item 5): its exported functions
// are bound by their values as Dense's own methods are, Relu returning
// its result and Sigmoid into its first argument; gonum's own bindings
// stay.
func TestBindGonumKernels(t *testing.T) {
	dir := gonumModule(t)
	src := `package lib

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Relu returns max(a, 0).
func Relu(a *mat.Dense) *mat.Dense {
	r, c := a.Dims()
	out := mat.NewDense(r, c, nil)
	out.Apply(func(_, _ int, v float64) float64 { return max(v, 0) }, a)
	return out
}

// Sigmoid sets dst to 1/(1+e^-a).
func Sigmoid(dst, a *mat.Dense) {
	dst.Apply(func(_, _ int, v float64) float64 { return 1 / (1 + math.Exp(-v)) }, a)
}
`
	if err := os.WriteFile(filepath.Join(dir, "kern.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	spec, _, _ := ParseSpec("*gonum.org/v1/gonum/mat.Dense")
	l, err := Load(dir, spec, ".")
	if err != nil {
		t.Fatal(err)
	}
	f := bindAll(t, dir, l)
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code
	}
	for op, want := range map[string]string{
		"relu":        "lib.Relu(self)",
		"sigmoid":     "lib.Sigmoid(ret, self)",
		"sigmoid.out": "lib.Sigmoid(out, self)",
		"sigmoid_":    "lib.Sigmoid(self, self)",
		"mm":          "ret.Mul(self, mat2)",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	if !strings.Contains(strings.Join(f.Imports, " "), "example.com/m/lib") {
		t.Errorf("imports %v lack example.com/m/lib", f.Imports)
	}
}
