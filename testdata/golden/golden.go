// Package golden compares a test's output with a golden file and, with
// the -update flag of the test binary, rewrites the file instead. It is
// the one golden helper of the repository's tests: a harness under
// testdata, imported by tests only (plan's and gen's goldens; the examples'
// one-path scenarios, scenarios.go).
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Updating reports whether the test binary runs with -update, for tests
// that keep a golden section inside a larger file.
func Updating() bool { return *update }

// Check compares got with the file at path, line by line, and reports the
// first ten lines that differ; with -update it writes got to path
// (creating its directory) instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	n := 0
	for i := 0; i < max(len(gl), len(wl)) && n < 10; i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s:%d:\n got %s\nwant %s", path, i+1, g, w)
			n++
		}
	}
	if n == 0 {
		t.Errorf("%s differs", path)
	}
	t.Errorf("%s: got %d lines, want %d; run go test -update to accept the new output", path, len(gl), len(wl))
}
