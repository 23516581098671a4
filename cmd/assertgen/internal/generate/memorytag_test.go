package generate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemoryOfEitherBuild: gen takes the memory function (memory:) from
// the release build or, where that build lacks it, from the build with
// the config's build tag, where the shape helpers that call it are built
// (init writes it behind //go:build debugasserts, issue 77 item 6); one
// of a build with another tag is not found, and gen says so at memory:.
// What it writes builds in both builds each time.
func TestMemoryOfEitherBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds Go code")
	}
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	const memory = "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\n// Memory says where d's elements are.\nfunc Memory(d *Dense) asserts.Memory { return asserts.SliceMemory(d.data) }\n"
	files := map[string]string{
		"go.mod": "module example.com/k\n\ngo 1.25.0\n\nrequire github.com/assertgen/assertgen v0.0.0\n\nreplace github.com/assertgen/assertgen => " + root + "\n",
		"go.sum": string(sum),
		"k.go":   "package k\n\n// Dense is a vector.\ntype Dense struct{ data []float64 }\n\n// Neg returns -d.\nfunc (d *Dense) Neg() *Dense {\n\tr := &Dense{data: make([]float64, len(d.data))}\n\tfor i, v := range d.data {\n\t\tr.data[i] = -v\n\t}\n\treturn r\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const cfg = "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\nmemory: example.com/k.Memory\nbind:\n  neg: self.Neg()\n"
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	gen := func(constraint, config string) (string, error) {
		src := memory
		if constraint != "" {
			src = "//go:build " + constraint + "\n\n" + src
		}
		if err := os.WriteFile(filepath.Join(mod, "memory.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(mod, "assertgen.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
		os.RemoveAll(filepath.Join(mod, "out"))
		var stdout, stderr bytes.Buffer
		err := CmdGen.Run([]string{"-config", filepath.Join(mod, "assertgen.yaml")}, &stdout, &stderr)
		return stdout.String() + stderr.String(), err
	}
	build := func(what string, tags ...string) {
		t.Helper()
		for _, tag := range tags {
			cmd := exec.Command("go", "vet", "-tags="+tag, "./...")
			cmd.Dir = mod
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: go vet -tags=%s ./...: %v\n%s", what, tag, err, out)
			}
		}
	}
	for _, tc := range []struct{ what, constraint, config string }{
		{"a memory function of both builds", "", cfg},
		{"one of the debug build alone", "debugasserts", cfg},
		{"one of the build of build_tag", "mytag", cfg + "build_tag: mytag\n"},
	} {
		if out, err := gen(tc.constraint, tc.config); err != nil {
			t.Errorf("%s: gen: %v\n%s", tc.what, err, out)
			continue
		}
		tag := "debugasserts"
		if tc.constraint == "mytag" {
			tag = "mytag"
		}
		build(tc.what, "", tag)
	}
	out, err := gen("mytag", cfg)
	if err == nil || !strings.Contains(err.Error()+out, "memory: no function Memory in example.com/k") {
		t.Errorf("a memory function of another build than the wrappers': gen %v, want it refused at memory:\n%s", err, out)
	}
}
