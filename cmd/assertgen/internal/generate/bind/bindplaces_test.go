package bind

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// bindLib is a library whose operations are methods, for the bind tests
// below: Dense (with a memory function, plain and through an alias of
// asserts.Memory) and a generic G.
const bindLib = "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\n" +
	"type Dense struct{ data []float64 }\n\n" +
	"func Memory(d *Dense) asserts.Memory { return asserts.SliceMemory(d.data) }\n\n" +
	"// Mem is asserts.Memory by another name.\ntype Mem = asserts.Memory\n\n" +
	"func MemoryAlias(d *Dense) Mem { return asserts.SliceMemory(d.data) }\n\n" +
	"func (d *Dense) Add(a, b *Dense) { d.data = append(d.data[:0], a.data...) }\n\n" +
	"func (d *Dense) Neg() *Dense { return &Dense{data: append([]float64(nil), d.data...)} }\n\n" +
	"type G[T any] struct{ data []T }\n\n" +
	"func (g *G[T]) Neg() *G[T] { return &G[T]{data: append([]T(nil), g.data...)} }\n"

// bindModule is a module example.com/k of bindLib and files, with cfg as
// its assertgen.yaml.
func bindModule(t *testing.T, cfg string, files map[string]string) map[string]string {
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
	m := map[string]string{"go.mod": gomod, "go.sum": gosum, "k.go": bindLib, "assertgen.yaml": cfg}
	for k, v := range files {
		m[k] = v
	}
	return m
}

// bindBuilds checks that the package gen wrote builds in both builds.
func bindBuilds(t *testing.T, dir string) {
	for _, tags := range []string{"", "debugasserts"} {
		cmd := exec.Command("go", "vet", "-tags", tags, "./out/...")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the generated package (tags %q) does not build: %v\n%s", tags, err, out)
		}
	}
}

// TestBindErrorsAtTheirPlace: an error in bound code is reported at the
// line and column of the config that hold the code it is about, for a
// binding gen returns (return self.X()) and for every YAML style of
// value: literal, folded, quoted over lines.
func TestBindErrorsAtTheirPlace(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	cfg := "kernels: .\nmemory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [neg]\nbind:\n"
	var cases []clitest.Case
	for _, c := range []struct{ name, bind, at string }{
		{"expression", "  neg: self.Ngg()\n", "9:13"},
		{"expression in parentheses", "  neg: (self.Ngg())\n", "9:14"},
		{"literal", "  neg: |\n    x := self.Neg()\n    return x.Ngg()\n", "11:14"},
		{"literal, blank line", "  neg: |-\n    x := self.Neg()\n\n    return x.Ngg()\n", "12:14"},
		{"folded", "  neg: >\n    self.Neg().\n      Ngg()\n", "11:7"},
		{"double-quoted over lines", "  neg: \"self.Neg().\n     Ngg()\"\n", "10:6"},
		{"single-quoted", "  neg: 'self.Ngg()'\n", "9:14"},
		{"double-quoted with an escape", "  neg: \"self.Neg(\\\"a\\\").Ngg()\"\n", "9:25"},
	} {
		cases = append(cases, clitest.Case{Name: c.name, Files: bindModule(t, cfg+c.bind, nil), Args: []string{"vet"}, Code: 1,
			Err: []string{"assertgen: assertgen.yaml:" + c.at + ": bind: neg: " + map[bool]string{true: "x", false: "self.Neg()"}[strings.Contains(c.bind, "x :=")] + ".Ngg undefined (type *k.Dense has no field or method Ngg)"}})
	}
	// Error at the start of the code, not of the return gen adds.
	cases[0].Err[0] = "assertgen: assertgen.yaml:9:13: bind: neg: self.Ngg undefined (type *k.Dense has no field or method Ngg)"
	cases[1].Err[0] = "assertgen: assertgen.yaml:9:14: bind: neg: self.Ngg undefined (type *k.Dense has no field or method Ngg)"
	cases[6].Err[0] = "assertgen: assertgen.yaml:9:14: bind: neg: self.Ngg undefined (type *k.Dense has no field or method Ngg)"
	cases[7].Err = []string{"assertgen: assertgen.yaml:9:18: bind: neg: too many arguments in call to self.Neg", `assertgen.yaml:9:25: bind: neg: self.Neg("a").Ngg undefined (type *k.Dense has no field or method Ngg)`}
	// A syntax error, at its place too (one past the code: at the code's
	// last byte).
	cases = append(cases,
		clitest.Case{Name: "syntax error in a literal block", Files: bindModule(t, cfg+"  neg: |\n    x := self.Neg()\n    return x.Neg(]\n", nil), Args: []string{"vet"}, Code: 1,
			Err: []string{"assertgen: assertgen.yaml:11:18: bind: neg: not Go code: expected operand, found ']' (and 1 more errors)"}},
		clitest.Case{Name: "syntax error past the code", Files: bindModule(t, cfg+"  neg: |\n    x := self.Neg()\n    return x.Neg(\n", nil), Args: []string{"vet"}, Code: 1,
			Err: []string{"assertgen: assertgen.yaml:11:17: bind: neg: not Go code: expected operand, found '}'"}})
	clitest.RunCases(t, cases)
}

// TestBindImportsOfOneName: two packages of bind_imports with one name
// are refused at the second's place in bind_imports, once (not at a
// binding, not with go/types' "other declaration" as an error of its
// own).
func TestBindImportsOfOneName(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	cfg := "kernels: .\nmemory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [neg]\n" +
		"bind_imports:\n  - example.com/k/a/floats\n  - example.com/k/b/floats\nbind:\n  neg: floats.Neg(self)\n"
	floats := "package floats\n\nimport \"example.com/k\"\n\nfunc Neg(d *k.Dense) *k.Dense { return d.Neg() }\n"
	dir := t.TempDir()
	clitest.WriteFiles(t, dir, bindModule(t, cfg, map[string]string{"a/floats/f.go": floats, "b/floats/f.go": floats}))
	stdout, stderr, code := clitest.Run(t, dir, "gen")
	const want = "assertgen: assertgen.yaml:10:5: bind_imports: example.com/k/b/floats is package floats, and so is example.com/k/a/floats, which bound code refers to already: bound code names a package by its name, so keep one of them\n"
	if code != 1 || stderr != want || stdout != "" {
		t.Errorf("gen: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and, alone,\n%s", code, stdout, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("code was generated")
	}
}

// TestBindValidInput: input gen used to refuse builds: an instance whose
// type argument is of a third package, in bind mode; a memory function
// whose result is an alias of asserts.Memory; a ret binding whose
// parameter is named as the Tensor type's package (addmv's mat, with a
// package mat).
func TestBindValidInput(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	elem := "package elem\n\n// Half is an element type of its own package.\ntype Half uint16\n"
	memH := "package k\n\nimport (\n\t\"example.com/k/elem\"\n\t\"github.com/assertgen/assertgen/asserts\"\n)\n\nfunc MemoryH(g *G[elem.Half]) asserts.Memory { return asserts.SliceMemory(g.data) }\n"
	mat := "package mat\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Dense struct{ data []float64 }\n\n" +
		"func Memory(d *Dense) asserts.Memory { return asserts.SliceMemory(d.data) }\n\n" +
		"func (d *Dense) AddMV(self, m, v *Dense, beta, alpha float64) { d.data = append(d.data[:0], self.data...) }\n"
	clitest.RunCases(t, []clitest.Case{
		{Name: "type argument of a third package", Files: bindModule(t, "ops: [abs]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.G[example.com/k/elem.Half]\"\nmemory: example.com/k.MemoryH\nbind:\n  abs: self.Neg()\n",
			map[string]string{"elem/elem.go": elem, "h.go": memH}), Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in out"}, Check: bindBuilds},
		{Name: "memory of an alias of asserts.Memory", Files: bindModule(t, "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\nmemory: example.com/k.MemoryAlias\nbind:\n  neg: self.Neg()\n", nil),
			Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in out"}, Check: bindBuilds},
		{Name: "parameter named as the package", Files: bindModule(t, "ops: [addmv]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k/mat.Dense\"\n  Scalar: float64\nmemory: example.com/k/mat.Memory\nbind:\n  addmv: ret.AddMV(self, mat, vec, beta, alpha)\n",
			map[string]string{"mat/mat.go": mat}), Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in out"}, Check: bindBuilds},
	})
}

// TestBindRedeclaredOnce: go/types' "other declaration of x", the
// continuation of a redeclaration's error, is not reported as an error
// of its own.
func TestBindRedeclaredOnce(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	cfg := "kernels: .\nmemory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [neg]\nbind:\n  neg: x := self; var x = self; return x\n"
	dir := t.TempDir()
	clitest.WriteFiles(t, dir, bindModule(t, cfg, nil))
	stdout, stderr, code := clitest.Run(t, dir, "vet")
	const want = "assertgen: assertgen.yaml:9:23: bind: neg: x redeclared in this block\n"
	if code != 1 || stderr != want || stdout != "" {
		t.Errorf("vet: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and, alone,\n%s", code, stdout, stderr, want)
	}
}
