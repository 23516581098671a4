package bind

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestGenRefusesAnchorInTests (issue 68, 15): a tensor type whose
// StorageAnchor a test file of its package declares. gen reads the
// package without its test files: it wrote wrappers without the anchor,
// exit 0, and every checked call of the package's tests, where the type
// has the method, panicked saying to run go generate, which changed
// nothing. gen, gen -check and vet now refuse it at the method, naming
// the test file; the same method in a file of the package is no problem.
func TestGenRefusesAnchorInTests(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("runs the go command")
	}
	lib := "package k\n\nimport (\n\t\"unsafe\"\n\n\t\"github.com/assertgen/assertgen/asserts\"\n)\n\n" +
		"type Tensor struct{ data []float64 }\n\n" +
		"func (t *Tensor) Ident() asserts.Ident { return asserts.SliceMemory(t.data).Ident(unsafe.Pointer(t)) }\n\n" +
		"func Neg(self *Tensor) *Tensor { return &Tensor{append([]float64(nil), self.data...)} }\n"
	anchor := "package k\n\nimport (\n\t\"unsafe\"\n\n\t\"github.com/assertgen/assertgen/asserts\"\n)\n\n" +
		"func (t *Tensor) StorageAnchor() unsafe.Pointer { return asserts.SliceMemory(t.data).Anchor() }\n"
	cfg := "kernels: .\nops: [neg]\noutput: ./out\nuse_counts: false\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\n"
	mod := func(file string) map[string]string {
		gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
		return map[string]string{"go.mod": gomod, "go.sum": gosum, "k.go": lib, file: anchor, "assertgen.yaml": cfg}
	}
	const refusal = "assertgen: k_anchor_test.go:9:18: StorageAnchor of *example.com/k.Tensor is declared in a test file, which gen does not read: the wrappers are generated without it, and in the package's tests, where *example.com/k.Tensor has it (asserts.Anchored), their first checked call of an op that compares memory panics, saying to run go generate, which changes nothing; declare StorageAnchor in a file of the package that is not a test (go test builds those too), or leave it out"
	nothing := func(t *testing.T, dir string) {
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Error("code was generated")
		}
	}
	clitest.RunCases(t, []clitest.Case{
		{Name: "gen", Files: mod("k_anchor_test.go"), Args: []string{"gen"}, Code: 1, Err: []string{refusal}, Check: nothing},
		{Name: "gen -check", Files: mod("k_anchor_test.go"), Args: []string{"gen", "-check"}, Code: 1, Err: []string{refusal}},
		{Name: "vet", Files: mod("k_anchor_test.go"), Args: []string{"vet"}, Code: 1, Err: []string{refusal}},
		{Name: "in a file of the package", Files: mod("k_anchor.go"), Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in out"},
			Check: func(t *testing.T, dir string) { bindBuilds(t, dir) }},
	})
}
