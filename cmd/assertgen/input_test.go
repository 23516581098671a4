package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/internal/input"
)

// TestInputBounds: issue 19 item 6. Every file assertgen reads as input is
// refused, at once and as "path: message", when it is not a regular file
// (here a symbolic link to /dev/zero, which used to be read until the
// memory ran out, and a directory) or larger than input.MaxSize.
func TestInputBounds(t *testing.T) {
	dir := t.TempDir()
	nf, err := os.ReadFile(filepath.Join("..", "..", "internal", "pytorch", "2.6.0", "native_functions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "nf.yaml"), nf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A sparse file one byte over the cap: refused before it is read.
	for _, name := range []string{"big.yaml", "big.txt"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(input.MaxSize + 1); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	loaders := []struct {
		name string
		args func(file string) []string
	}{
		{"schema", func(f string) []string { return []string{"plan", "-schema", f} }},
		{"tags", func(f string) []string { return []string{"plan", "-schema", "nf.yaml", "-tags-yaml", f} }},
		{"derivatives", func(f string) []string {
			return []string{"plan", "-schema", "nf.yaml", "-pytorch-version", "2.6", "-profile", "pytorch", "-derivatives", f}
		}},
		{"config", func(f string) []string { return []string{"plan", "-config", f} }},
		{"allowlist", func(f string) []string { return []string{"plan", "-allowlists", f} }},
		{"backend", func(f string) []string { return []string{"vet", "-mode", "interface", "-backend", f} }},
	}
	files := []struct{ file, msg string }{
		{"zero.yaml", "not a regular file (a character device)"},
		{"dir.yaml", "not a regular file (a directory)"},
		{"big.yaml", "larger than the 16 MiB limit on input files"},
	}
	for _, l := range loaders {
		for _, f := range files {
			t.Run(l.name+"/"+f.file, func(t *testing.T) {
				args := l.args(f.file)
				_, stderr, code := clitest.Run(t, dir, args...)
				// The path is as the user gave it or made absolute.
				if code != 1 || !strings.HasSuffix(strings.TrimSpace(stderr), f.file+": "+f.msg) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("assertgen %s: exit %d, stderr:\n%swant exit 1 and one line ending in %s: %s", strings.Join(args, " "), code, stderr, f.file, f.msg)
				}
			})
		}
	}
	// A schema list is read by the same reader.
	for _, f := range []struct{ file, msg string }{
		{"zero.txt", "not a regular file (a character device)"},
		{"big.txt", "larger than the 16 MiB limit on input files"},
	} {
		t.Run("list/"+f.file, func(t *testing.T) {
			_, stderr, code := clitest.Run(t, dir, "plan", "-schema", f.file)
			if code != 1 || !strings.HasSuffix(strings.TrimSpace(stderr), f.file+": "+f.msg) {
				t.Errorf("plan -schema %s: exit %d, stderr:\n%s", f.file, code, stderr)
			}
		})
	}
}

// TestConfigInputText: issue 19 items 1 and 8 on assertgen.yaml. A second
// document is refused where it starts (it used to be dropped: its
// "profile: strct" generated with the defaults); columns count bytes; a
// key repeated under types: is reported at the repeat.
func TestConfigInputText(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{
		{Name: "second document", Files: map[string]string{"assertgen.yaml": typesTensor + "---\nprofile: strct\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:3:1: a second YAML document starts here; the file must hold one document",
			}},
		{Name: "content after the end", Files: map[string]string{"assertgen.yaml": typesTensor + "...\nprofile: strict\n"},
			Args: []string{"plan", "-config", "assertgen.yaml"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:4:1: content after the end of the document ("..."); the file must hold one document`,
			}},
		{Name: "columns in bytes", Files: map[string]string{"assertgen.yaml": "types: {Tensor: \"*example.com/é.Tensor\", Scalr: float64}\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:1:43: types: unknown schema type "Scalr"; did you mean "Scalar"?`,
			}},
		// Found by FuzzParseConfig: a types: that does not decode kept
		// its decoded part, without positions; a newline in a type split
		// the message's line.
		{Name: "types that do not decode", Files: map[string]string{"assertgen.yaml": "types: {{0},0}\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:1:8: types: cannot unmarshal !!map into string`,
			}},
		{Name: "newline in a type", Files: map[string]string{"assertgen.yaml": "types:\n  Tensor: \"a\\nb\"\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:2:11: types: Tensor: invalid Go type "a\nb": a\nb is not a builtin type; qualify it with its import path, e.g. example.com/rt.a\nb`,
			}},
		{Name: "newline in a value that does not decode", Files: map[string]string{"assertgen.yaml": "types: 000\n \n 00\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:1:8: types: cannot unmarshal !!str `000\\n00` into map[string]string",
			}},
		{Name: "duplicate type", Files: map[string]string{"assertgen.yaml": typesTensor + "  Scalar: float64\n  Tensor: \"*example.com/rt.T\"\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:4:3: types: duplicate key "Tensor"; first at line 2`,
			}},
	})
}
