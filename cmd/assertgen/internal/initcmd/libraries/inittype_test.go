package libraries

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestInitLibraryType: issue 58's acceptance for gonum. In an empty
// package of a fresh module on Go 1.25.14, with gonum v0.17.0 from the
// module proxy, `go tool assertgen init -type '*gonum.org/v1/gonum/mat.Dense'`,
// `go generate ./...`, `go test ./...` and `go test -tags debugasserts
// ./...` pass; the generated code wraps at least 40 ops, the sweep test
// passes with no finding, every bound op's values are the reference's
// (TestBoundValues, in both builds), and no file is left to fill in (no TODO, no
// "to write" in the report). Mul, Exp and Pow are not bound to mul,
// exp and pow (their values are a matrix product, exponential and
// power), and the report says so.
func TestInitLibraryType(t *testing.T) {
	t.Parallel() // runs go commands in a module of its own
	if testing.Short() {
		t.Skip("fetches Go 1.25.14 and gonum, builds them")
	}
	mod, r := clitest.LibraryModule(t, "example.com/mylib", "gonum.org/v1/gonum@v0.17.0")
	run := func(dir string, args ...string) string { t.Helper(); return r.Must(t, dir, args...) }
	if v := run(mod, "go", "version"); !strings.Contains(v, "go1.25.14") {
		t.Fatalf("go version: %s", v)
	}
	pkg, report := r.Init(t, mod, "linalg", "*gonum.org/v1/gonum/mat.Dense")
	t.Log(report)
	for _, want := range []string{
		"assertgen init: wrote assertgen.yaml, generate.go, assertgen_memory.go, assertgen_views.go, checked/assertgen_memory_test.go, assertgen_sweep_test.go, assertgen_values_test.go",
		"views: through Dense.Slice(r0, r1, c0, c1): rows r0 to r1, columns c0 to c1, each checked by its values and by a write through the view",
		"cat: a new tensor made with mat.NewDense, each input copied once into a view of it (dst.Copy(src), copy_'s binding)",
		"guessed: full_like, ones_like, zeros_like: dtype, layout, device, pin_memory, memory_format left out",
		"guessed: out= (",
		"not bound: Dense.Mul: not mul.Tensor, mul.out, mul_.Tensor: its values are not the op's",
		"not bound: Dense.Exp: not exp, exp.out, exp_: its values are not the op's",
		"not bound: Dense.Pow: not pow.Tensor_Scalar, pow.Tensor_Scalar_out: its values are not the op's",
		"mm (Dense.Mul)",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q", want)
		}
	}
	if strings.Contains(report, "to write") {
		t.Errorf("init left something to write:\n%s", report)
	}
	// With -memory, an alias of the library's type in a package of the
	// user's is the library's type (issue 58, item 2).
	aliased := filepath.Join(mod, "aliased")
	if err := os.Mkdir(aliased, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(aliased, "tensor.go"), []byte("// Package aliased names gonum's matrix.\npackage aliased\n\nimport \"gonum.org/v1/gonum/mat\"\n\n// Tensor is gonum's matrix.\ntype Tensor = mat.Dense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := run(aliased, "go", "tool", "assertgen", "init", "-memory", "-ops", "mul,neg,mm", "-type", "Tensor"); !strings.Contains(out, "type: *gonum.org/v1/gonum/mat.Dense (-memory: -type names an alias of it)") {
		t.Errorf("init -memory -type Tensor in package aliased:\n%s", out)
	}
	// A kernel library over gonum's type, in the package init runs in
	// (issue 67, item 5): a function, a method of a type of its own, an
	// operator value.
	kern := writeKern(t, mod)
	start := time.Now()
	kernReport := run(kern, "go", "tool", "assertgen", "init", "-type", "*gonum.org/v1/gonum/mat.Dense", "-ops", "relu,sigmoid,maximum")
	t.Logf("init in kern took %v", time.Since(start).Round(time.Millisecond))
	checkKernInit(t, kern, kernReport)
	gen := run(mod, "go", "generate", "./...")
	m := regexp.MustCompile(`assertgen: (\d+) ops wrapped in checked`).FindAllStringSubmatch(gen, -1)
	if len(m) != 3 {
		t.Fatalf("go generate: %s", gen)
	}
	if n, _ := strconv.Atoi(m[2][1]); n < 40 { // linalg's, after aliased's and kern's
		t.Errorf("go generate: %s, want at least 40 ops wrapped", gen)
	}
	run(mod, "go", "test", "./...")
	// gonum's Kronecker wants an out= of the result's size: the sweep's
	// out, of its inputs' shape, is refused on every sample, and the sweep
	// fails on it with gonum's error until assertgen_verdicts.json
	// declares it, as a user does.
	if out, err := r(pkg, "go", "test", "-count=1", "-tags", "debugasserts", "-run", "^TestSweep$", "."); err == nil ||
		!strings.Contains(out, "kron.out refused on every sample it was given") || !strings.Contains(out, "mat: dimension mismatch") {
		t.Errorf("linalg's sweep without a verdict: %v, want it to fail on kron.out's refusal:\n%s", err, out)
	}
	verdict := `{"kron.out refused": "gonum's Kronecker wants out of the result's size"}` + "\n"
	if err := os.WriteFile(filepath.Join(pkg, "assertgen_verdicts.json"), []byte(verdict), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(mod, "go", "test", "-count=1", "-v", "-tags", "debugasserts", "./...")
	for _, want := range []string{"--- PASS: TestSweep (", "--- PASS: TestMemory (", "--- PASS: TestBoundValues (", " 0 findings, 0 crashes"} {
		if strings.Count(out, want) != 3 { // linalg's, aliased's and kern's
			t.Errorf("go test -tags debugasserts lacks %q:\n%s", want, out)
		}
	}
	start = time.Now()
	checkKernPlanted(t, r, kern)
	t.Logf("kern's sweep with the planted bugs took %v", time.Since(start).Round(time.Millisecond))
	err := filepath.WalkDir(mod, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(data), "TODO") {
			t.Errorf("%s: a TODO left to fill in", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
