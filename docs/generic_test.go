package docs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuideGenericRuntime is issue 40's acceptance for generic runtimes:
// it follows docs/guide.md's "A generic runtime" section in a module of
// its own (example.com/mypool, next to a link to this repository): the
// pooling runtime of examples/pool, `go tool assertgen init` with no flag,
// `go generate ./...`, and the release and debug test runs, the generated
// conformance and sweep tests included, with no hand-written line. What
// init wrote is what examples/pool commits (its import path aside). Then
// a kernel that copies where its schema says view fails the checked tests.
func TestGuideGenericRuntime(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("builds the tool in a new module (-short skips it)")
	}
	mod, run := followGuide(t, "genstart", "mypool")
	if out, err := run("go tool assertgen gen -check -config pool/assertgen.yaml"); err != nil {
		t.Fatalf("gen -check after go generate: %v\n%s", err, out)
	}
	out, err := run("go test -count=1 -tags debugasserts -run 'TestSweep|TestAssertsContract' -v ./pool")
	if err != nil {
		t.Fatalf("the generated tests: %v\n%s", err, out)
	}
	for _, want := range []string{
		"--- PASS: TestAssertsContract/float32", "--- PASS: TestAssertsContract/float64",
		"--- PASS: TestSweep/float32", "--- PASS: TestSweep/float64",
		"sweep: 25 ops (25 exercised, 0 not reached)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the generated tests' output lacks %q:\n%s", want, out)
		}
	}

	// init wrote what examples/pool commits.
	example := filepath.Join("..", "examples", "pool")
	for _, name := range []string{"assertgen.yaml", "generate.go", "assertgen_contract_test.go", "assertgen_sweep_test.go"} {
		got, err := os.ReadFile(filepath.Join(mod, "pool", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(example, name))
		if err != nil {
			t.Fatal(err)
		}
		got = bytes.ReplaceAll(got, []byte("example.com/mypool/pool"), []byte("github.com/assertgen/assertgen/examples/pool"))
		if !bytes.Equal(got, want) {
			t.Errorf("init wrote a %s other than examples/pool's (regenerate it there with go tool assertgen init):\n%s", name, got)
		}
	}

	// Make Alias copy: the sweep's alias samples and the suite's views
	// fail the checked tests with shares_storage.
	src := filepath.Join(mod, "pool", "kernels.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const view = "\treturn onStorage(self.st, clone(self.shape), clone(self.strides), self.off)\n"
	if bytes.Count(b, []byte(view)) != 1 {
		t.Fatalf("examples/pool's Alias changed; update this test (want one %q)", view)
	}
	b = bytes.Replace(b, []byte(view), []byte("\treturn Clone(self, nil)\n"), 1)
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run("go test -count=1 -tags debugasserts ./pool")
	if err == nil || !strings.Contains(out, "alias: shares_storage: return 0: does not share the StorageImpl of argument self") {
		t.Errorf("a copying Alias under -tags debugasserts: err %v, want a shares_storage failure:\n%s", err, out)
	}
}
