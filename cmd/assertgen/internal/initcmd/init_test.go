package initcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspect: the tensor type is found by name, use_counts follows its
// methods (or the flag), and an interface or a missing type is refused.
func TestInspect(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/rt\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "rt.go"), []byte(`package rt

type Counted struct{}

func (c *Counted) Release() {}

type GC struct{ data []float64 }

func (g GC) Len() int { return len(g.data) }

type Iface interface{ Len() int }
`), 0o644)
	for _, tc := range []struct {
		name, counts string
		counted      bool
		err          string
	}{
		{name: "Counted", counted: true},
		{name: "GC", counted: false},
		{name: "GC", counts: "true", counted: true},
		{name: "Counted", counts: "false", counted: false},
		{name: "Iface", err: "is an interface"},
		{name: "Tensor", err: "declares no type Tensor; name your tensor type with -type (its exported types: Counted, GC, Iface)"},
		{name: "GC", counts: "maybe", err: `-use-counts "maybe": want auto, true or false`},
	} {
		got, err := inspect(dir, tc.name, tc.counts, nil, false)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %s: %v, want an error with %q", tc.name, tc.counts, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got.Counted != tc.counted || got.GoType != "*example.com/rt."+tc.name {
			t.Errorf("%s %s: counted %v (%s), type %s; want %v", tc.name, tc.counts, got.Counted, got.Why, got.GoType, tc.counted)
		}
	}
}

// TestTemplates: each kind of runtime gets its adapter methods (only
// those its type lacks) and its conformance suite, gofmt'd.
func TestTemplates(t *testing.T) {
	for _, tc := range []struct {
		t    target
		want map[string][]string
		not  map[string][]string
	}{
		{t: target{Path: "example.com/rt", Name: "rt", Type: "T", GoType: "*example.com/rt.T", Counted: true, Has: map[string]bool{"Ident": true}},
			want: map[string][]string{"assertgen_contract.go": {"func (t *T) UseCounts() (impl, storage int) {"},
				"assertgen_contract_test.go": {"assertstest.Run(t, assertstest.Runtime{"},
				"assertgen.yaml":             {`ops: ["add.Tensor", "alias"]`, "Tensor: \"*example.com/rt.T\""}},
			not: map[string][]string{"assertgen_contract.go": {"Ident()", "unsafe"}, "assertgen.yaml": {"use_counts: false"}}},
		{t: target{Path: "example.com/rt", Name: "rt", Type: "T", GoType: "*example.com/rt.T", Has: map[string]bool{}},
			want: map[string][]string{"assertgen_contract.go": {"func (t *T) Ident() asserts.Ident {", "func (t *T) StorageAnchor() unsafe.Pointer {"},
				"assertgen_contract_test.go": {"assertstest.RunUncounted(t, assertstest.Uncounted{"},
				"assertgen.yaml":             {"use_counts: false"},
				"generate.go":                {"//go:generate go tool assertgen gen"}},
			not: map[string][]string{"assertgen_contract.go": {"UseCounts"}}},
	} {
		for _, f := range templates {
			if f.want != nil && !f.want(&tc.t) && f.name != "assertgen_contract.go" {
				continue // the other kind's test
			}
			b, err := render(f, &tc.t, []string{"add.Tensor", "alias"})
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			for _, w := range tc.want[f.name] {
				if !strings.Contains(string(b), w) {
					t.Errorf("%s (counted %v) lacks %q:\n%s", f.name, tc.t.Counted, w, b)
				}
			}
			for _, w := range tc.not[f.name] {
				if strings.Contains(string(b), w) {
					t.Errorf("%s (counted %v) has %q:\n%s", f.name, tc.t.Counted, w, b)
				}
			}
		}
	}
}

// TestWriteAll: one existing file and nothing is written.
func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b"), []byte("mine"), 0o644)
	err := writeAll(dir, []string{"a", "b", "c"}, map[string][]byte{"a": nil, "b": nil, "c": nil}, nil)
	if err == nil || !strings.Contains(err.Error(), "b: exists already") {
		t.Errorf("err %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left: %v, want b alone", entries)
	}
}

// TestReportOptional: init names the optional contract methods the type
// lacks, with the check each runs, and none it has; and, when it names
// one, that adding it takes another go generate (the wrappers call the
// methods the type has when gen writes them).
func TestReportOptional(t *testing.T) {
	const regen = "after adding one, run go generate ./... again"
	for _, tc := range []struct {
		counted  bool
		has      map[string]bool
		want     []string
		not      []string
		optional int
	}{
		{has: map[string]bool{}, want: []string{"optional: MetadataFingerprint (asserts.Metadata", "no_metadata_access", "optional: ContentDigest (asserts.Contents)", "no_content_access", regen}, optional: 2},
		{has: map[string]bool{"MetadataFingerprint": true}, want: []string{"optional: ContentDigest", regen}, not: []string{"MetadataFingerprint"}, optional: 1},
		{has: map[string]bool{"MetadataFingerprint": true, "ContentDigest": true}, not: []string{"optional:", regen}},
		// a counted runtime is told of StorageAnchor (a pool's checks);
		// an uncounted one has it in its contract
		{counted: true, has: map[string]bool{"MetadataFingerprint": true, "ContentDigest": true}, want: []string{"optional: StorageAnchor (asserts.Anchored", "asserts.Recycled", regen}, optional: 1},
		{counted: true, has: map[string]bool{"MetadataFingerprint": true, "ContentDigest": true, "StorageAnchor": true}, not: []string{"optional:", regen}},
	} {
		var b strings.Builder
		report(&b, &target{Type: "T", Has: tc.has, Counted: tc.counted}, []string{"assertgen.yaml"}, nil)
		out := b.String()
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("has %v: report lacks %q:\n%s", tc.has, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("has %v: report has %q:\n%s", tc.has, w, out)
			}
		}
		if n := strings.Count(out, "  optional: "); n != tc.optional {
			t.Errorf("has %v: %d optional lines, want %d:\n%s", tc.has, n, tc.optional, out)
		}
	}
}
