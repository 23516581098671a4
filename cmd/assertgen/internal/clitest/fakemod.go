package clitest

import (
	"os"
	"path/filepath"
	"testing"
)

// FakeModule copies package finder's fake library module (package
// fake, a matrix type M; package user, the user's, without a type, with
// userFiles added) to a new directory, requiring this checkout, and
// returns it. With -short it skips the test: its tests build and run
// init's value check.
func FakeModule(t *testing.T, userFiles map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs init's value check")
	}
	mod := t.TempDir()
	// The module requires this one (replaced by the checkout), whose
	// asserts the memory function imports.
	root := Root()
	if err := os.CopyFS(mod, os.DirFS(filepath.Join(root, "cmd", "assertgen", "internal", "initcmd", "finder", "testdata", "fakemod"))); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/fakemod\n\ngo 1.25.0\n\nrequire github.com/assertgen/assertgen v0.0.0\n\nreplace github.com/assertgen/assertgen => " + root + "\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, src := range userFiles {
		if err := os.WriteFile(filepath.Join(mod, "user", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mod
}
