package generate_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// lineStarting returns the 1-based line of src that starts with prefix.
func lineStarting(t *testing.T, src, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line starts with %q", prefix)
	return 0
}

// TestViolationNamesItsCode: issue 58 item 4. A violation names the code
// that broke the schema, in its text (first, as file:line: for editors and
// CI annotations) and in its JSON (pos), the same on every machine: a
// kernel function by its declaration's file (relative to the module's
// root) and line, a generic kernel likewise, and a bound op by its
// binding's line and column in assertgen.yaml. Nothing of the kernels'
// lines is in the generated code: a kernel moved down a line is named at
// its new line without gen running again.
func TestViolationNamesItsCode(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds and tests Go code")
	}
	lib := `package k

import "github.com/assertgen/assertgen/asserts"

// Dense is a library's type without ids of its own.
type Dense struct{ data []float64 }

func New(v ...float64) *Dense { return &Dense{data: v} }

func Memory(d *Dense) asserts.Memory { return asserts.SliceMemory(d.data) }

// Neg returns its argument: the bug.
func Neg(self *Dense) *Dense { return self }

// Alias returns its receiver, which abs is bound to: the bug.
func (d *Dense) Alias() *Dense { return d }
`
	cfg := "kernels: .\nmemory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [neg, abs]\nbind:\n  abs: self.Alias()\n"
	generic := `package g

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// Tensor is a generic tensor without use counts.
type Tensor[E float32 | float64] struct{ data []E }

func New[E float32 | float64](v ...E) *Tensor[E] { return &Tensor[E]{data: v} }

func (t *Tensor[E]) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.SliceMemory(t.data).Ident(unsafe.Pointer(t))
}

func (t *Tensor[E]) StorageAnchor() unsafe.Pointer {
	if t == nil {
		return nil
	}
	return asserts.SliceMemory(t.data).Anchor()
}

// Neg returns its argument: the bug.
func Neg[E float32 | float64](self *Tensor[E]) *Tensor[E] { return self }
`
	gcfg := "kernels: .\nuse_counts: false\noutput: ./out\ntype_params:\n  E: [float32, float64]\ntypes:\n  Tensor: \"*example.com/k/g.Tensor[E]\"\n  Scalar: E\nops: [neg]\n"
	test := `package k_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"example.com/k"
	"example.com/k/g"
	gout "example.com/k/g/out"
	"example.com/k/out"
)

func TestPos(t *testing.T) {
	vs := asserts.Collect(func() {
		out.Neg(k.New(1, 2))
		out.Abs(k.New(1, 2))
		gout.Neg(g.New[float32](1, 2))
	})
	for _, v := range asserts.Deduplicate(vs) {
		b, _ := json.Marshal(v.Violation)
		fmt.Printf("text: %s\njson: %s\n", v.Violation.Error(), b)
	}
}
`
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
	dir := t.TempDir()
	for name, src := range map[string]string{"go.mod": gomod, "go.sum": gosum, "k.go": lib, "assertgen.yaml": cfg,
		"g/g.go": generic, "g/assertgen.yaml": gcfg, "pos_test.go": test} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{dir, filepath.Join(dir, "g")} {
		if _, stderr, code := clitest.Run(t, d, "gen"); code != 0 {
			t.Fatalf("gen in %s: exit %d\n%s", d, code, stderr)
		}
	}
	run := func() string {
		t.Helper()
		cmd := exec.Command("go", "test", "-count=1", "-v", "-tags", "debugasserts", "-run", "TestPos", ".")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go test: %v\n%s", err, out)
		}
		return string(out)
	}
	want := func(out, lib, generic string) {
		t.Helper()
		neg := fmt.Sprintf("k.go:%d:6", lineStarting(t, lib, "func Neg("))
		gneg := fmt.Sprintf("g/g.go:%d:6", lineStarting(t, generic, "func Neg["))
		abs := fmt.Sprintf("assertgen.yaml:%d:8", lineStarting(t, cfg, "  abs:"))
		for _, w := range []string{"text: " + neg + ": neg: ", `json: {"op":"neg","pos":"` + neg + `",`,
			"text: " + abs + ": abs: ", `json: {"op":"abs","pos":"` + abs + `",`,
			"text: " + gneg + ": neg: ", `json: {"op":"neg","pos":"` + gneg + `",`} {
			if !strings.Contains(out, w) {
				t.Errorf("the violations lack %q:\n%s", w, out)
			}
		}
	}
	want(run(), lib, generic)
	// Lines above the kernels move; the generated code stays as it is.
	lib2 := strings.Replace(lib, "// Neg returns", "// Two lines more.\n//\n// Neg returns", 1)
	generic2 := strings.Replace(generic, "// Neg returns", "// One line more.\n// Neg returns", 1)
	os.WriteFile(filepath.Join(dir, "k.go"), []byte(lib2), 0o644)
	os.WriteFile(filepath.Join(dir, "g", "g.go"), []byte(generic2), 0o644)
	for _, d := range []string{dir, filepath.Join(dir, "g")} {
		if _, stderr, code := clitest.Run(t, d, "gen", "-check"); code != 0 {
			t.Errorf("gen -check in %s after the kernel moved: exit %d, want 0 (no line of it in the generated code)\n%s", d, code, stderr)
		}
	}
	want(run(), lib2, generic2)
}
