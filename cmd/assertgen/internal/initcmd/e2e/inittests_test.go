package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestInitTypeWords: init names what is wrong with the type it is given:
// an alias of an instance of the package's own generic type names the
// generic type and the flags that check that instance; a type declared
// only in a test file is said to be there (not "declares no type").
func TestInitTypeWords(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	mod := func(files ...string) map[string]string {
		m := map[string]string{"go.mod": "module example.com/rt\n\ngo 1.22\n"}
		for i := 0; i+1 < len(files); i += 2 {
			m[files[i]] = files[i+1]
		}
		return m
	}
	generic := "package rt\n\ntype Tensor[T float32 | float64] struct{ data []T }\n\ntype F32 = Tensor[float32]\n"
	clitest.RunCases(t, []clitest.Case{
		{Name: "alias of an instance", Files: mod("rt.go", generic), Args: []string{"init", "-type", "F32"}, Code: 1, Err: []string{
			"assertgen: example.com/rt.F32 is an alias of rt.Tensor[float32], an instance of the generic type Tensor: init writes the contract's methods on the generic type and checks the instances its type_params: name; run init -type Tensor -type-params T=float32 (or init -memory -type F32: a memory function of the instance, no methods)"}},
		{Name: "alias of a slice", Files: mod("rt.go", "package rt\n\ntype Tensor = []float32\n"), Args: []string{"init"}, Code: 1, Err: []string{
			"assertgen: example.com/rt.Tensor is an alias of []float32: init writes the contract's methods on a named type declared in package example.com/rt; name one with -type"}},
		{Name: "declared in a test file", Files: mod("rt.go", "package rt\n", "rt_test.go", "package rt\n\ntype Tensor struct{}\n"), Args: []string{"init"}, Code: 1, Err: []string{
			"assertgen: rt_test.go:3:6: Tensor is declared in a test file, which only the package's tests build: the generated wrappers import package example.com/rt, and init writes the contract's methods in it; declare Tensor in a file of the package (not _test.go)"}},
		{Name: "declared in an external test file", Files: mod("rt.go", "package rt\n\ntype Other struct{}\n", "x_test.go", "package rt_test\n\ntype Tensor struct{}\n"), Args: []string{"init"}, Code: 1, Err: []string{
			"assertgen: x_test.go:3:6: Tensor is declared in a test file, which only the package's tests build: the generated wrappers import package example.com/rt, and init writes the contract's methods in it; declare Tensor in a file of the package (not _test.go)"}},
	})
}

// TestInitBesideOwnTests: what init would declare that the package's own
// test files declare already (a test double's Ident method) is refused at the test file's line, nothing written; a Memory
// the tests declare makes init -memory name its function otherwise, and
// what it writes builds, tests included. A ./checked that is a package of
// the user's (gen's output, -memory's test) is refused.
func TestInitBesideOwnTests(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	identTest := "package rt\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\nfunc (t *Tensor) Ident() asserts.Ident { return asserts.Ident{} }\n"
	memTest := "package rt\n\nimport \"testing\"\n\nfunc Memory() int { return 1 }\n\nfunc TestMemory(t *testing.T) { Memory() }\n"
	plain := "package rt\n\ntype Tensor struct{ data []float64 }\n\nfunc Neg(self *Tensor) *Tensor { return self }\n"
	mod := clitest.InitModule(t, map[string]string{
		"ident/rt.go": clitest.RtTensor, "ident/x_test.go": identTest,
		"mem/rt.go": plain, "mem/x_test.go": memTest,
		"own/rt.go": plain, "own/checked/c.go": "package checked\n\nconst Mine = 1\n",
		"ownmem/rt.go": plain, "ownmem/checked/c.go": "// Package view is mine.\npackage view\n",
	})
	for _, tc := range []struct {
		dir  string
		args []string
		err  string
	}{
		{"ident", []string{"init"}, "assertgen: x_test.go:5:18: (*Tensor).Ident is declared in a test file of the package: init writes it in assertgen_contract.go, and the package's tests would declare it twice; move it into a file of the package (init then leaves it to you) or rename it"},
		{"own", []string{"init"}, "assertgen: checked/c.go:1:9: ./checked holds a package of yours (package checked): init's config has gen write the checked wrappers there (output: ./checked); move your package, or write the config yourself with another output: directory"},
		{"ownmem", []string{"init", "-memory"}, "assertgen: checked/c.go:2:9: ./checked holds a package of yours (package view): init's config has gen write the checked wrappers there (output: ./checked), and -memory writes its test there; move your package, or write the config yourself with another output: directory"},
	} {
		pkg := filepath.Join(mod, tc.dir)
		before := clitest.ReadSet(t, pkg)
		stdout, stderr, code := clitest.Run(t, pkg, tc.args...)
		if first, _, _ := strings.Cut(stderr, "\n"); code != 1 || first != tc.err || stdout != "" {
			t.Errorf("%s: %v: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", tc.dir, tc.args, code, stdout, stderr, tc.err)
		}
		if got := clitest.ReadSet(t, pkg); len(got) != len(before) {
			t.Errorf("%s: init failed and wrote %v", tc.dir, slices.Sorted(func(yield func(string) bool) {
				for k := range got {
					if !yield(k) {
						return
					}
				}
			}))
		}
		os.RemoveAll(pkg)
	}
	pkg := filepath.Join(mod, "mem")
	if stdout, stderr, code := clitest.Run(t, pkg, "init", "-memory"); code != 0 || !strings.Contains(stdout, "assertgen_memory.go") {
		t.Fatalf("init -memory beside a test's Memory: exit %d\n%s%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(pkg, "assertgen_memory.go")); err != nil || !strings.Contains(string(b), "func AssertgenMemory(") {
		t.Errorf("init -memory beside a test's Memory: want func AssertgenMemory (%v):\n%s", err, b)
	}
	if _, stderr, code := clitest.Run(t, pkg, "gen"); code != 0 {
		t.Errorf("gen after init -memory: exit %d\n%s", code, stderr)
	}
	clitest.BuildAll(t, mod)
	vetRelease(t, mod)
}

// TestInitMemoryAliasOfInstance: init -memory -type F32, where F32 is an
// alias of an instance of the package's generic type (type F32 =
// Tensor[float32]), writes the memory function of *F32 and the config
// that maps Tensor to it (-memory writes no methods, and gen takes the
// alias); gen and both builds of what it wrote pass (issue 68, item 19:
// init refused it, naming -type-params, which -memory then refused).
func TestInitMemoryAliasOfInstance(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	rt := "package rt\n\ntype Tensor[T float32 | float64] struct{ data []T }\n\ntype F32 = Tensor[float32]\n\nfunc Neg(self *F32) *F32 {\n\tout := &F32{data: make([]float32, len(self.data))}\n\tfor i, v := range self.data {\n\t\tout.data[i] = -v\n\t}\n\treturn out\n}\n"
	mod := clitest.InitModule(t, map[string]string{"rt/rt.go": rt})
	pkg := filepath.Join(mod, "rt")
	stdout, stderr, code := clitest.Run(t, pkg, "init", "-memory", "-type", "F32")
	if code != 0 {
		t.Fatalf("init -memory -type F32: exit %d\n%s%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(pkg, "assertgen_memory.go")); err != nil || !strings.Contains(string(b), "func Memory(t *F32) asserts.Memory {") {
		t.Errorf("assertgen_memory.go (%v):\n%s", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(pkg, "assertgen.yaml")); err != nil || !strings.Contains(string(b), `Tensor: "*example.com/m/rt.F32"`) || !strings.Contains(string(b), "memory: example.com/m/rt.Memory") {
		t.Errorf("assertgen.yaml (%v):\n%s", err, b)
	}
	if _, stderr, code := clitest.Run(t, pkg, "gen"); code != 0 {
		t.Errorf("gen after init -memory -type F32: exit %d\n%s", code, stderr)
	}
	clitest.BuildAll(t, mod)
	vetRelease(t, mod)
}
