package generate_test

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// Tests of issue 41 (trust, third round), vet's side: vet -stubs and
// vet's interface mode under hostile input (init's: initcmd's
// init_vet_test.go). What a command refuses, it refuses before writing
// anything.

// TestKernelsNotMain: issue 41 item 4. gen and vet refuse a kernels
// package that is a program (package main), and a type map that names a
// type of one, at the value's position: the generated package would have
// to import it, which the go command refuses.
func TestKernelsNotMain(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	files := func(cfg string) map[string]string {
		return map[string]string{
			"go.mod":         "module example.com/k\n\ngo 1.22\n",
			"k.go":           "package main\n\ntype Tensor struct{}\n\nfunc Neg(self *Tensor) *Tensor { return self }\n\nfunc main() {}\n",
			"assertgen.yaml": cfg,
		}
	}
	const tensor = "types:\n  Tensor: \"*example.com/k.Tensor\"\n"
	nothing := func(t *testing.T, dir string) {
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Error("code was generated")
		}
	}
	for _, cmd := range []string{"gen", "vet"} {
		clitest.RunCases(t, []clitest.Case{
			{Name: cmd + ", function mode", Files: files("kernels: .\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), Args: []string{cmd}, Code: 1, Check: nothing, Err: []string{
				"assertgen: assertgen.yaml:1:10: kernels: example.com/k is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own"}},
			{Name: cmd + ", interface mode with kernels", Files: files("mode: interface\nkernels: .\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), Args: []string{cmd}, Code: 1, Check: nothing, Err: []string{
				"assertgen: assertgen.yaml:2:10: kernels: example.com/k is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own"}},
			{Name: cmd + ", the type map", Files: files("mode: interface\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), Args: []string{cmd}, Code: 1, Check: nothing, Err: []string{
				"assertgen: assertgen.yaml:6:11: types: Tensor: package example.com/k is a program (package main), which the generated package cannot import"}},
		})
	}
}

// TestVetStubs: issue 41 item 5. vet -stubs (and gen -stubs) writes the
// stubs only where they make the kernels package build with every kernel
// found: not over a variable of the kernel's name (said by vet's finding
// too), not into another package's directory, not under a name the go
// command leaves out of the package (_x.go, .x.go, x_test.go, x_windows.go,
// x.txt); those are refused before anything is written. A good -stubs
// file builds, and the next vet finds every kernel.
func TestVetStubs(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := clitest.StubsModule(t, true)
	before := clitest.ReadSet(t, filepath.Join(dir, "k"))
	stdout, stderr, code := clitest.Run(t, dir, "vet", "-stubs", "k/todo.go")
	if want := "assertgen.yaml:5:12: abs: no kernel Abs in example.com/m/k: Abs is a variable (k/k.go:13:5), not a function; rename it, then write:\n\tfunc Abs(self *Tensor) *Tensor\n"; code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("vet with var Abs: exit %d, stdout:\n%swant exit 1 and\n%s", code, stdout, want)
	}
	if want := "assertgen: -stubs k/todo.go: Abs is a variable of example.com/m/k (k/k.go:13:5): a stub func Abs would redeclare it; rename it or select fewer ops; nothing written\n"; stderr != want {
		t.Errorf("vet -stubs with var Abs: stderr %q, want %q", stderr, want)
	}
	if got := clitest.ReadSet(t, filepath.Join(dir, "k")); !maps.Equal(got, before) {
		t.Errorf("vet -stubs with var Abs wrote %v", slices.Sorted(maps.Keys(got)))
	}

	dir = clitest.StubsModule(t, false)
	root, k := clitest.ReadSet(t, dir), clitest.ReadSet(t, filepath.Join(dir, "k"))
	for _, tc := range []struct {
		file, why string
		cmds      []string
	}{
		{"todo.go", "the stubs are of package k (example.com/m/k), whose directory is k: name a file there, such as k/todo.go", []string{"vet", "gen"}},
		{"k/_todo.go", "the go command ignores a file whose name starts with _ or .: name a file it builds, such as k/todo.go", []string{"vet", "gen"}},
		{"k/.todo.go", "the go command ignores a file whose name starts with _ or .: name a file it builds, such as k/todo.go", []string{"vet"}},
		{"k/todo_windows.go", "the go command builds a file named _windows.go only for that system or architecture: name a file it builds, such as k/todo.go", []string{"vet"}},
		{"k/todo_test.go", "a _test.go file is built only into the package's tests: name a file it builds, such as k/todo.go", []string{"vet"}},
		{"k/todo.txt", "not a .go file: name a file the go command builds, such as k/todo.go", []string{"vet"}},
	} {
		for _, cmd := range tc.cmds {
			_, stderr, code := clitest.Run(t, dir, cmd, "-stubs", tc.file)
			if want := "assertgen " + cmd + ": -stubs " + tc.file + ": " + tc.why + "\n"; code != 2 || stderr != want {
				t.Errorf("%s -stubs %s: exit %d, stderr %q; want exit 2 and %q", cmd, tc.file, code, stderr, want)
			}
		}
		if got := clitest.ReadSet(t, dir); !maps.Equal(got, root) {
			t.Errorf("-stubs %s wrote %v", tc.file, slices.Sorted(maps.Keys(got)))
		}
		if got := clitest.ReadSet(t, filepath.Join(dir, "k")); !maps.Equal(got, k) {
			t.Errorf("-stubs %s wrote %v", tc.file, slices.Sorted(maps.Keys(got)))
		}
	}
	_, stderr, code = clitest.Run(t, dir, "vet", "-stubs", "k/todo.go")
	if want := "assertgen: wrote 1 kernel stubs to k/todo.go (package k): implement them there or move them\n"; code != 1 || stderr != want {
		t.Errorf("vet -stubs k/todo.go: exit %d, stderr %q, want exit 1 and %q", code, stderr, want)
	}
	if stdout, stderr, code := clitest.Run(t, dir, "vet"); code != 0 || stdout != "vet: 2 ops: 2 with a kernel, 0 missing, allowlists clean\n" {
		t.Errorf("vet after the stubs: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, stderr, code := clitest.Run(t, dir, "gen"); code != 0 {
		t.Errorf("gen after the stubs: exit %d\n%s", code, stderr)
	}
	clitest.BuildAll(t, dir)
}

// TestVetInterfaceKernels: issue 41 item 6. In interface mode with a
// kernels package, the adapter Functions calls a kernel of every selected
// op: vet reports a missing kernel and a wrong signature as gen refuses
// them, and -stubs writes the missing ones. Without a kernels package
// there are no stubs to write: -stubs is a usage error.
func TestVetInterfaceKernels(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
	files := map[string]string{
		"go.mod": gomod, "go.sum": gosum,
		"k.go":   identTensor + "func Neg(self *Tensor, x int) *Tensor { return self }\n",
		"c.yaml": "mode: interface\nkernels: .\noutput: ./out\nuse_counts: false\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\nops: [neg, abs]\n",
	}
	clitest.RunCases(t, []clitest.Case{
		{Name: "wrong signature and missing kernel", Files: files, Args: []string{"vet", "-config", "c.yaml"}, Code: 1, Out: []string{
			"k.go:9:6: kernel Neg of neg has the wrong signature:",
			"\thave func(self *k.Tensor, x int) *k.Tensor",
			"\twant func(self *k.Tensor) *k.Tensor",
			"c.yaml:7:12: abs: no kernel Abs in example.com/k; write:",
			"\tfunc Abs(self *Tensor) *Tensor"}},
		{Name: "-stubs", Files: files, Args: []string{"vet", "-config", "c.yaml", "-stubs", "todo.go"}, Code: 1, Err: []string{
			"assertgen: wrote 1 kernel stubs to todo.go (package k): implement them there or move them"}, Check: func(t *testing.T, dir string) {
			if b, err := os.ReadFile(filepath.Join(dir, "todo.go")); err != nil || !strings.Contains(string(b), "func Abs(self *Tensor) *Tensor {") {
				t.Errorf("todo.go: %v\n%s", err, b)
			}
			cmd := exec.Command("go", "vet", ".")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("the kernels package with the stubs: go vet: %v\n%s", err, out)
			}
		}},
		{Name: "gen -check -stubs", Files: files, Args: []string{"gen", "-config", "c.yaml", "-check", "-stubs", "todo.go"}, Code: 2, Err: []string{
			"assertgen gen: -stubs with -check: -check writes nothing"}},
		{Name: "-stubs without kernels", Files: files, Args: []string{"vet", "-mode", "interface", "-ops", "neg", "-stubs", "todo.go"}, Code: 2, Err: []string{
			"assertgen vet: -stubs todo.go: interface mode without a kernels package has no kernels to stub (kernels: names the package of the functions the adapter calls)"},
			Check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "todo.go")); err == nil {
					t.Error("todo.go written")
				}
			}},
	})
}
