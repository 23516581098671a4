package clitest

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// RequiringAssertgen returns the go.mod of module path requiring this
// module (replaced by the checkout), and this module's go.sum.
func RequiringAssertgen(t testing.TB, path string) (gomod, gosum string) {
	t.Helper()
	root := Root()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := "go 1.25.0"
	for _, l := range strings.Split(string(mod), "\n") {
		if strings.HasPrefix(l, "go ") {
			goLine = l // a requirer needs at least its requirement's go version
		}
	}
	return "module " + path + "\n\n" + goLine + "\n\nrequire github.com/assertgen/assertgen v0.0.0\n\nreplace github.com/assertgen/assertgen => " + root + "\n", string(sum)
}

// InitModule writes a module example.com/m that requires this one
// (replaced by the checkout), with files (paths relative to the module),
// and returns its directory.
func InitModule(t testing.TB, files map[string]string) string {
	t.Helper()
	gomod, gosum := RequiringAssertgen(t, "example.com/m")
	mod := t.TempDir()
	files = maps.Clone(files)
	files["go.mod"], files["go.sum"] = gomod, gosum
	WriteFiles(t, mod, files)
	return mod
}

// RtTensor is package rt of an init test: a counted tensor type (it has
// Release) without the contract's methods, and the kernel of neg.
const RtTensor = "package rt\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Tensor struct{ id asserts.ID }\n\nfunc (t *Tensor) Release() {}\n\nfunc Neg(self *Tensor) *Tensor { return &Tensor{} }\n"

// StubsModule is the module of the -stubs tests: package main at its root,
// and the kernels package k, whose Abs is a variable when absVar.
func StubsModule(t testing.TB, absVar bool) string {
	t.Helper()
	k := "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Tensor struct{ id asserts.ID }\n\nfunc (t *Tensor) Ident() asserts.Ident { return asserts.Ident{} }\n\nfunc (t *Tensor) UseCounts() (int, int) { return 1, 1 }\n\nfunc Neg(self *Tensor) *Tensor { return &Tensor{} }\n"
	if absVar {
		k += "\nvar Abs = 1\n"
	}
	gomod, gosum := RequiringAssertgen(t, "example.com/m")
	dir := t.TempDir()
	WriteFiles(t, dir, map[string]string{
		"go.mod": gomod, "go.sum": gosum,
		"main.go":        "package main\n\nfunc main() {}\n",
		"k/k.go":         k,
		"assertgen.yaml": "kernels: ./k\noutput: ./out\ntypes:\n  Tensor: \"*example.com/m/k.Tensor\"\nops: [neg, abs]\n",
	})
	return dir
}
