package quickstart

import (
	"bytes"
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
	// The guide's Tensor implements asserts.Anchored: the wrappers read
	// its anchor themselves (FreshNotHeldAnchor, SaveAnchor).
	if !bytes.Contains(gen, []byte("c.ResultIdent(")) || !bytes.Contains(gen, []byte("c.FreshNotHeldAnchor(")) ||
		!bytes.Contains(gen, []byte("c.SaveAnchor(")) || bytes.Contains(gen, []byte("c.Result(")) {
		t.Errorf("the wrappers of a runtime without use counts: want ResultIdent, FreshNotHeldAnchor and SaveAnchor, no Result:\n%s", gen)
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
		!strings.Contains(out, "came out fresh before, from add.Tensor return 0 (an earlier call, still alive)") {
		t.Errorf("a cached AddTensor under -tags debugasserts: err %v, want a fresh_not_held failure:\n%s", err, out)
	}
	if strings.Contains(out, "fresh_no_alias") || strings.Contains(out, "same_content") {
		t.Errorf("the cached AddTensor is reported by other checks too:\n%s", out)
	}
	out, err = run("go test -count=1 ./...")
	if err == nil || strings.Contains(out, "fresh_not_held") || !strings.Contains(out, "a + b = [20 40]") {
		t.Errorf("a cached AddTensor in a release build: no check, only the test's own value check fails: %v\n%s", err, out)
	}
}
