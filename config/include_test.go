package config

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// writeFiles writes each file of files (path: text) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIncludeMerges: an including config keeps the keys it sets, adds its
// lists after the included ones and its mapping entries to theirs (its own
// winning), takes the other keys from the included file with their paths
// read from that file's directory, and keeps each value's position in
// its own file.
func TestIncludeMerges(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"assertgen.yaml": `package: checked
output: ./checked
memory: example.com/lib.Memory
sweep: true
use_counts: false
allowlists: [allow.yaml]
types:
  Tensor: "*example.com/lib.T"
  Scalar: float64
bind_imports: [math]
ops: [neg, mm]
bind:
  neg: ret.Neg(self)
  mm: ret.Mul(self, mat2)
`,
		"checked/assertgen.yaml": `include: [../assertgen.yaml]
memory: example.com/lib.FastMemory
bind_imports: [example.com/lib/extra]
ops: [narrow, mm]
bind:
  narrow: extra.Narrow(self, dim, start, length)
  mm: extra.Mm(self, mat2)
`,
	})
	c, err := Load(filepath.Join(dir, "checked/assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	inc, own := filepath.Join(dir, "assertgen.yaml"), filepath.Join(dir, "checked/assertgen.yaml")
	for _, tc := range []struct{ what, got, want string }{
		{"memory", c.Memory, "example.com/lib.FastMemory"},
		{"package", c.Package, "checked"},
		{"output", c.Output, "."},
		{"allowlists", strings.Join(c.Allowlists, ","), "../allow.yaml"},
		{"ops", strings.Join(c.Ops, ","), "neg,mm,narrow"}, // mm, in both, once: rebound
		{"bind_imports", strings.Join(c.BindImports, ","), "math,example.com/lib/extra"},
		{"bind", strings.Join(slices.Sorted(maps.Keys(c.Bind)), ","), "mm,narrow,neg"},
		{"bind mm", c.Bind["mm"], "extra.Mm(self, mat2)"},
		{"bind neg", c.Bind["neg"], "ret.Neg(self)"},
		{"types", c.Types["Tensor"] + " " + c.Types["Scalar"], "*example.com/lib.T float64"},
		{"ops.0 at", c.At("ops.0").String(), inc + ":11:7"},
		{"ops.2 at", c.At("ops.2").String(), own + ":4:7"},
		{"bind.neg= at", c.At("bind.neg=").String(), inc + ":13:8"},
		{"bind.mm= at", c.At("bind.mm=").String(), own + ":7:7"},
		{"neg's code at", c.BindAt["neg"].At.String(), inc + ":13:8"},
		{"memory at", c.At("memory").String(), own + ":2:9"},
		{"output at", c.At("output").String(), inc + ":2:9"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.what, tc.got, tc.want)
		}
	}
	if !c.Sweep || c.Identity().UseCounts() {
		t.Errorf("sweep %v, no use counts %v: want both from the included file", c.Sweep, !c.Identity().UseCounts())
	}
	if got := c.Resolve(c.Output); got != filepath.Join(dir, "checked") {
		t.Errorf("output resolves to %s, want the included file's ./checked", got)
	}
}

// TestIncludeErrors: a bad include is an error at its place: a missing
// file, a cycle, an error inside the included file (at its place there)
// and an op listed twice in the including file (one it lists in both is
// one op).
func TestIncludeErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"missing.yaml": "include: [nothere.yaml]\n",
		"a.yaml":       "include: [b.yaml]\n",
		"b.yaml":       "include: [a.yaml]\n",
		"bad.yaml":     "include: [inner.yaml]\n",
		"inner.yaml":   "packge: x\n",
		"twice.yaml":   "include: [ops.yaml]\nops: [neg]\n",
		"ops.yaml":     "ops: [mm, neg]\n",
	})
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct{ file, want string }{
		{"missing.yaml", at("missing.yaml") + ":1:11: include: " + at("nothere.yaml")},
		{"a.yaml", at("b.yaml") + ":1:11: include: a.yaml includes itself (through " + at("a.yaml") + ", " + at("b.yaml") + ")"},
		{"bad.yaml", at("inner.yaml") + `:1:1: unknown key "packge"`},
	} {
		_, err := Load(at(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %s", tc.file, err, tc.want)
		}
	}
	c, err := Load(at("twice.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := schema.ParseList("t.txt", []byte("neg(Tensor self) -> Tensor\nmm(Tensor self, Tensor mat2) -> Tensor\n"))
	if err != nil {
		t.Fatal(err)
	}
	// An op both files list is one op: the including file may rebind it
	// (issue 67, item 5); listed twice in one file, it is an error.
	if err := c.CheckOps(s); err != nil || !slices.Equal(c.Ops, []string{"mm", "neg"}) {
		t.Errorf("an op in both files: ops %v, %v; want [mm neg] and no error", c.Ops, err)
	}
	writeFiles(t, dir, map[string]string{"again.yaml": "include: [ops.yaml]\nops: [neg, mm, neg]\n"})
	if c, err = Load(at("again.yaml")); err != nil {
		t.Fatal(err)
	}
	want := at("again.yaml") + `:2:16: ops: duplicate op "neg" (first at ` + at("ops.yaml") + ":1:11)"
	if err := c.CheckOps(s); err == nil || err.Error() != want {
		t.Errorf("an op twice in one file: %v, want %s", err, want)
	}
}
