package docs

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuideGCRuntime follows docs/guide.md's "A garbage-collected runtime"
// section in a module of its own (example.com/mygc, next to a link to this
// repository), then makes AddTensor return a cached result and expects the
// checked tests to fail with fresh_not_held, and the release build not to
// check.
func TestGuideGCRuntime(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("builds the tool in a new module (-short skips it)")
	}
	mod, run := followGuide(t, "gcstart", "mygc")
	if out, err := run("go tool assertgen gen -check -config tensor/assertgen.yaml"); err != nil {
		t.Fatalf("gen -check after go generate: %v\n%s", err, out)
	}
	gen, err := os.ReadFile(filepath.Join(mod, "tensor", "checked", "internal", "assertgenshapes", "assertgen_shapes.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The guide's Tensor implements asserts.Anchored: the one path's
	// helpers read its anchor with its identities (ArgIdent, RetIdent),
	// no use counts, and its shapes have fresh_not_held rows.
	if !bytes.Contains(gen, []byte("fr.RetIdent(")) || !bytes.Contains(gen, []byte("checks.FreshNotHeld,")) ||
		!bytes.Contains(gen, []byte(".StorageAnchor(), unsafe.Pointer(t0))")) || bytes.Contains(gen, []byte("UseCounts()")) {
		t.Errorf("the wrappers of a runtime without use counts: want RetIdent, the anchors and fresh_not_held rows, no use counts:\n%s", gen)
	}

	// Make AddTensor hand out its last result again, as the guide says.
	src := filepath.Join(mod, "tensor", "tensor.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const fresh = "\treturn FromSlice(a...)\n}\n"
	if bytes.Count(b, []byte(fresh)) != 1 {
		t.Fatalf("the guide's AddTensor changed; update this test (want one %q)", fresh)
	}
	b = bytes.Replace(b, []byte(fresh), []byte(`	if last != nil && last.n == len(a) {
		copy(last.st.data, a) // overwrites the caller's earlier result
		return last
	}
	last = FromSlice(a...)
	return last
}

var last *Tensor
`), 1)
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("go test -count=1 -tags debugasserts ./...")
	if err == nil || !strings.Contains(out, "add.Tensor: fresh_not_held: return 0: StorageImpl") ||
		!strings.Contains(out, "came out fresh before, from add.Tensor return 0 (an earlier call, still alive), the fresh output before this one") {
		t.Errorf("a cached AddTensor under -tags debugasserts: err %v, want a fresh_not_held failure:\n%s", err, out)
	}
	// The violation starts with the kernel's position, as the guide shows.
	addAt := fmt.Sprintf("tensor/tensor.go:%d:6: add.Tensor: fresh_not_held: ", bytes.Count(b[:bytes.Index(b, []byte("func AddTensor("))], []byte("\n"))+1)
	if g, _ := os.ReadFile("guide.md"); !strings.Contains(out, addAt) || !bytes.Contains(g, []byte("\n"+addAt)) {
		t.Errorf("the violation of a cached AddTensor, and the guide, must start with %q:\n%s", addAt, out)
	}
	if strings.Contains(out, "fresh_no_alias") || strings.Contains(out, "same_content") {
		t.Errorf("the cached AddTensor is reported by other checks too:\n%s", out)
	}
	out, err = run("go test -count=1 ./...")
	if err == nil || strings.Contains(out, "fresh_not_held") || !strings.Contains(out, "a + b = [20 40]") {
		t.Errorf("a cached AddTensor in a release build: no check, only the test's own value check fails: %v\n%s", err, out)
	}
}

// TestGuideForeign follows docs/guide.md's section on a library's type as
// it is (gonum's *mat.Dense with a memory function) in a module of its
// own, then makes Mm return a cached result and expects fresh_not_held.
func TestGuideForeign(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("builds the tool in a new module (-short skips it)")
	}
	mod, run := followGuide(t, "foreign", "mygonum")
	src := filepath.Join(mod, "linalg", "linalg.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const fresh = "\tvar d mat.Dense\n\td.Mul(self, mat2)\n\treturn &d\n"
	if bytes.Count(b, []byte(fresh)) != 1 {
		t.Fatalf("the guide's Mm changed; update this test (want one %q)", fresh)
	}
	b = bytes.Replace(b, []byte(fresh), []byte("\tcache.Mul(self, mat2)\n\treturn &cache\n"), 1)
	b = append(b, "\nvar cache mat.Dense\n"...)
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "linalg", "cache_test.go"), []byte(`package linalg_test

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"example.com/mygonum/linalg/checked"
)

func TestTwoProducts(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	p := checked.Mm(a, a)
	q := checked.Mm(a, a)
	_, _ = p, q
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("go test -count=1 -tags debugasserts -run TestTwoProducts ./...")
	if err == nil || !strings.Contains(out, "mm: fresh_not_held: return 0: StorageImpl") ||
		!strings.Contains(out, "came out fresh before, from mm return 0 (an earlier call, still alive)") {
		t.Errorf("a cached Mm under -tags debugasserts: err %v, want a fresh_not_held failure:\n%s", err, out)
	}
	if out, err := run("go test -count=1 -run TestTwoProducts ./..."); err != nil {
		t.Errorf("a cached Mm in a release build: no check: %v\n%s", err, out)
	}

	// The release build of linalg, Memory in a file of the debug build,
	// links nothing of assertgen.
	if out, err := run("go list -deps ./linalg ./linalg/checked"); err != nil || strings.Contains(out, "github.com/assertgen/assertgen") {
		t.Errorf("the release build of linalg links assertgen (%v):\n%s", err, out)
	}

	// A Memory that cuts the capacity gives a view an anchor of its own:
	// the guide's TestMemory fails its view case.
	mem := filepath.Join(mod, "linalg", "memory.go")
	if b, err = os.ReadFile(mem); err != nil {
		t.Fatal(err)
	}
	const window = "asserts.SliceMemory(raw.Data)"
	if bytes.Count(b, []byte(window)) != 1 {
		t.Fatalf("the guide's Memory changed; update this test (want one %q)", window)
	}
	b = bytes.Replace(b, []byte(window), []byte("asserts.SliceMemory(raw.Data[:len(raw.Data):len(raw.Data)])"), 1)
	if err := os.WriteFile(mem, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run("go test -count=1 -tags debugasserts -run TestMemory ./...")
	if err == nil || !strings.Contains(out, "--- FAIL: TestMemory/view") {
		t.Errorf("a Memory that cuts the capacity: err %v, want TestMemory's view case to fail:\n%s", err, out)
	}
}
