package generate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/gen"
)

// TestGeneratedVersion reads the version a generated file was written for
// from each form of the guard gen has written.
func TestGeneratedVersion(t *testing.T) {
	for _, tc := range []struct {
		src           string
		version, line int
		ok            bool
	}{
		{"package p\n\nconst (\n\t_ = wrap.EnforceVersion(3 - wrap.MinVersion)\n\t_ = wrap.EnforceVersion(wrap.MaxVersion - 3)\n)\n", 3, 4, true},
		{"package p\n\n// Keeps this file in step\nconst _ = wrap.Version2\n", 2, 4, true},
		{"package p\nconst _ = asserts.Version1\n", 1, 2, true},
		{"package p\nconst _ = wrap.Version22x\n", 0, 0, false},
		{"package p\n", 0, 0, false},
	} {
		v, line, ok := generatedVersion([]byte(tc.src))
		if v != tc.version || line != tc.line || ok != tc.ok {
			t.Errorf("generatedVersion(%q) = %d, %d, %v; want %d, %d, %v", tc.src, v, line, ok, tc.version, tc.line, tc.ok)
		}
	}
}

// TestVersionNotes: a set generated for a version the runtime does not
// build is named, at its guard, with the command to run (versions 2 and 3
// too, since MinVersion is 4: at wrap.Version2, or at the guard); one
// inside the window, and files that are not generated, are not.
func TestVersionNotes(t *testing.T) {
	dir := t.TempDir()
	guard := func(v string) string {
		return "// " + gen.Header + "\n\npackage p\n\nconst (\n\t_ = wrap.EnforceVersion(" + v + " - wrap.MinVersion)\n)\n"
	}
	os.MkdirAll(filepath.Join(dir, gen.ShapesDir), 0o755)
	files := map[string]string{
		"assertgen_checked.go": "// " + gen.Header + "\n\npackage p\n\nconst _ = asserts.Version1\n",
		"assertgen_direct.go":  guard("4"),
		"assertgen_v2.go":      "// " + gen.Header + "\n\npackage p\n\n// Keeps this file in step\nconst _ = wrap.Version2\n",
		"assertgen_v3.go":      guard("3"),
		"assertgen_mine.go":    "package p\n\nconst _ = wrap.Version1\n", // not generated
		"other_checked.go":     guard("1"),                               // another prefix's
		filepath.Join(gen.ShapesDir, "assertgen_shapes.go"): guard("99"),
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notes := versionNotes(dir, "")
	if len(notes) != 4 {
		t.Fatalf("notes: %q, want four (versions 1, 2, 3 and 99)", notes)
	}
	for i, want := range []string{
		filepath.Join(dir, "assertgen_checked.go") + ":5:1: generated for version 1 of asserts/wrap,",
		filepath.Join(dir, "assertgen_v2.go") + ":6:1: generated for version 2 of asserts/wrap,",
		filepath.Join(dir, "assertgen_v3.go") + ":6:1: generated for version 3 of asserts/wrap,",
		filepath.Join(dir, gen.ShapesDir, "assertgen_shapes.go") + ":6:1: generated for version 99 of asserts/wrap,",
	} {
		if !strings.HasPrefix(notes[i], want) || !strings.Contains(notes[i], "run go generate ./...") {
			t.Errorf("note %d: %q, want it to start %q and say to run go generate", i, notes[i], want)
		}
	}
}
