package generate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMissingKernels: gen fails on selected ops without a kernel and
// prints the declaration of each, ready to paste; -stubs writes them as a
// file of the kernels package that compiles, after which gen wraps every
// op; allow_missing_kernels: true (or its flag) makes the gap expected.
func TestMissingKernels(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	dir := t.TempDir()
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
	files := map[string]string{
		"go.mod":   gomod,
		"go.sum":   gosum,
		"k.go":     identTensor + "func Neg(self *Tensor) *Tensor { return self }\n",
		"c.yaml":   "package: out\noutput: out\nkernels: .\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\nops: [neg, abs, add.Tensor]\nuse_counts: false\n",
		"ok.yaml":  "package: out\noutput: out2\nkernels: .\nallow_missing_kernels: true\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\nops: [neg, abs]\nuse_counts: false\n",
		"bad.yaml": "allow_missing_kernels: maybe\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(args []string, code int, stream string, lines ...string) {
		t.Helper()
		stdout, stderr, got := clitest.Run(t, dir, args...)
		out := map[string]string{"stdout": stdout, "stderr": stderr}[stream]
		if got != code {
			t.Errorf("assertgen %s: exit %d, want %d\n%s%s", strings.Join(args, " "), got, code, stdout, stderr)
		}
		for _, l := range lines {
			if !strings.Contains("\n"+out+"\n", "\n"+l+"\n") {
				t.Errorf("assertgen %s: %s lacks the line\n%s\n%s:\n%s", strings.Join(args, " "), stream, l, stream, out)
			}
		}
	}
	missing := []string{
		"c.yaml:6:12: abs: no kernel Abs in example.com/k; write:",
		"\tfunc Abs(self *Tensor) *Tensor",
		"c.yaml:6:17: add.Tensor: no kernel AddTensor in example.com/k; write:",
		"\tfunc AddTensor(self *Tensor, other *Tensor, alpha any) *Tensor",
	}
	expect([]string{"gen", "-config", "c.yaml"}, 1, "stderr", append(missing,
		"assertgen: 2 selected ops have no kernel: write them (gen -stubs FILE writes stubs), select fewer ops, or say allow_missing_kernels: true in the config")...)
	if _, err := os.Stat(filepath.Join(dir, "out", "assertgen_checked.go")); err != nil {
		t.Errorf("gen wraps the ops that have a kernel before it fails: %v", err)
	}
	expect([]string{"vet", "-config", "c.yaml", "-stubs", "stubs.go"}, 1, "stdout", missing...)
	stubs, err := os.ReadFile(filepath.Join(dir, "stubs.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package k\n", "func Abs(self *Tensor) *Tensor {\n\tpanic(\"TODO: implement Abs (abs)\")\n}",
		"// AddTensor is add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor."} {
		if !strings.Contains(string(stubs), want) {
			t.Errorf("stubs.go lacks %q:\n%s", want, stubs)
		}
	}
	// The stubs compile with the package: vet and gen find every kernel.
	expect([]string{"vet", "-config", "c.yaml"}, 0, "stdout")
	expect([]string{"gen", "-config", "c.yaml"}, 0, "stderr", "assertgen: 3 ops wrapped in out")
	// -stubs never replaces a file.
	os.WriteFile(filepath.Join(dir, "k.go"), []byte(files["k.go"]+"\nfunc Sin(self *Tensor) *Tensor { return self }\n"), 0o644)
	os.Remove(filepath.Join(dir, "stubs.go"))
	os.WriteFile(filepath.Join(dir, "keep.go"), []byte("package k\n"), 0o644)
	expect([]string{"vet", "-config", "c.yaml", "-stubs", "keep.go"}, 1, "stderr",
		"assertgen: keep.go exists; assertgen writes only new files (remove it or choose another name)")
	if b, _ := os.ReadFile(filepath.Join(dir, "keep.go")); string(b) != "package k\n" {
		t.Errorf("keep.go was changed:\n%s", b)
	}
	// Expected gaps.
	expect([]string{"gen", "-config", "ok.yaml"}, 0, "stderr", "assertgen: 1 ops wrapped in out2; 1 selected ops have no kernel (assertgen vet -v lists them)")
	expect([]string{"vet", "-config", "ok.yaml"}, 0, "stdout", "info: 1 of 2 selected ops have no kernel in example.com/k (-v lists them)")
	expect([]string{"gen", "-config", "c.yaml", "-output", "out3", "-allow-missing-kernels"}, 0, "stderr")
	expect([]string{"gen", "-config", "bad.yaml"}, 1, "stderr")
}
