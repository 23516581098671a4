package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("- func: foo(Tensor self) -> Tensr\n- func: bar(Tensor self) -> Tensor\n  variants: fn\n"), 0o644)
	tests := []struct {
		args     []string
		code     int
		inStderr []string
	}{
		{[]string{"version"}, 0, nil},
		{nil, 2, []string{"usage: assertgen"}},
		{[]string{"frobnicate"}, 2, []string{`unknown command "frobnicate"`}},
		{[]string{"plan", "-bogus"}, 2, []string{"assertgen plan: unknown flag -bogus (assertgen plan -h lists the flags)"}},
		{[]string{"plan", "-h"}, 0, []string{"Usage of assertgen plan", "-json"}},
		{[]string{"explain", "-h"}, 0, []string{"usage: assertgen explain OP"}},
		{[]string{"gen", "-help"}, 0, []string{"-kernels"}},
		{[]string{"vet", "-h"}, 0, []string{"-config"}},
		{[]string{"plan", "extra"}, 1, []string{`assertgen: unknown op "extra" in pytorch-2.14.1/native_functions.yaml`}},
		{[]string{"vet", "extra"}, 2, []string{`assertgen vet: unexpected argument "extra"`}},
		{[]string{"plan", "-profile", "lenient"}, 2, []string{`unknown profile "lenient"`}},
		{[]string{"plan", "-schema", bad}, 1, []string{
			bad + `:1:29: unknown type "Tensr"`,
			bad + `:3:13: illegal variant "fn"`,
			"2 errors"}},
		{[]string{"plan", "-schema", filepath.Join(dir, "missing.yaml")}, 1, []string{"no such file"}},
		{[]string{"gen", "-mode", "interface", "-package", "x", "-output", dir, "-types", "Scalar=not a type"}, 2, []string{"assertgen gen: -types: Scalar: invalid Go type"}},
	}
	for _, tt := range tests {
		_, errOut, code := clitest.Run(t, dir, tt.args...)
		if code != tt.code {
			t.Errorf("assertgen %s: exit %d, want %d\n%s", strings.Join(tt.args, " "), code, tt.code, errOut)
		}
		for _, s := range tt.inStderr {
			if !strings.Contains(errOut, s) {
				t.Errorf("assertgen %s: stderr lacks %q:\n%s", strings.Join(tt.args, " "), s, errOut)
			}
		}
	}
}

// TestManualListsFlags checks that the manual (doc.go) names every flag of
// every command, as -h prints them.
func TestManualListsFlags(t *testing.T) {
	manual, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"plan", "explain", "gen", "vet"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{cmd, "-h"}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s -h: exit %d", cmd, code)
		}
		n := 0
		for _, line := range strings.Split(stderr.String(), "\n") {
			name, ok := strings.CutPrefix(line, "  -")
			if !ok {
				continue
			}
			name = strings.Fields(name)[0]
			n++
			if !bytes.Contains(manual, []byte("-"+name+" ")) && !bytes.Contains(manual, []byte("["+"-"+name+"]")) {
				t.Errorf("%s -%s is not in the manual", cmd, name)
			}
		}
		if n < 5 {
			t.Errorf("%s -h lists %d flags:\n%s", cmd, n, stderr.String())
		}
	}
}
