package main

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Tests of issue 41 (trust, third round): init, vet -stubs and vet's
// interface mode under hostile input. Whatever a command says it wrote
// builds (buildAll); what it refuses, it refuses before writing anything.

// rtTensor is package rt of an init test: a counted tensor type (it has
// Release) without the contract's methods, and the kernel of neg.
const rtTensor = "package rt\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Tensor struct{ id asserts.ID }\n\nfunc (t *Tensor) Release() {}\n\nfunc Neg(self *Tensor) *Tensor { return &Tensor{} }\n"

// contractFile is a file of package rt, under the build constraint
// constraint ("" for none), with the contract methods named.
func contractFile(constraint string, methods ...string) string {
	src := "package rt\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\nvar _ asserts.Ident\n"
	if constraint != "" {
		src = "//go:build " + constraint + "\n\n" + src
	}
	for _, m := range methods {
		switch m {
		case "Ident":
			src += "\nfunc (t *Tensor) Ident() asserts.Ident { return asserts.Ident{} }\n"
		case "UseCounts":
			src += "\nfunc (t *Tensor) UseCounts() (int, int) { return 1, 1 }\n"
		}
	}
	return src
}

// initModule writes a module example.com/m that requires this one
// (replaced by the checkout), with files (paths relative to the module),
// and returns its directory.
func initModule(t *testing.T, files map[string]string) string {
	t.Helper()
	gomod, gosum := requiringAssertgen(t, "example.com/m")
	mod := t.TempDir()
	files = maps.Clone(files)
	files["go.mod"], files["go.sum"] = gomod, gosum
	for name, src := range files {
		p := filepath.Join(mod, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mod
}

// vetRelease vets the module at dir in the release build, its tests
// included (buildAll vets the debug build).
func vetRelease(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet ./...: %v\n%s", err, out)
	}
}

// TestInitOutputBuilds: issue 41 item 1 (the generic tensor type apart).
// What init writes builds, with what gen then writes, in the release and
// the debug build, tests included: when the contract's methods live in a
// file of one build only (init writes the others, and the conformance
// test only where the type has them all), when the package's external
// tests already declare the names init's tests would (TestSweep,
// sweepAdapter, an import's name), and when Tensor is an alias. In
// package main, which the generated wrappers could not import, init
// refuses and writes nothing.
func TestInitOutputBuilds(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	alias := strings.Replace(rtTensor, "type Tensor struct{ id asserts.ID }", "type Dense struct{ id asserts.ID }\n\ntype Tensor = Dense", 1)
	const all = "assertgen init: wrote assertgen.yaml, generate.go, assertgen_contract.go, assertgen_contract_test.go, assertgen_sweep_test.go"
	// Each case is a package rt of its own directory of one module, which
	// is built once at the end.
	cases := []struct {
		dir   string
		files map[string]string // package rt's
		err   string            // init's error; "" when it succeeds
		wrote string            // init's first line when it succeeds
	}{
		{dir: "main", files: map[string]string{"rt.go": strings.Replace(rtTensor, "package rt", "package main", 1) + "\nfunc main() {}\n"},
			err: "assertgen: package example.com/m/main is a program (package main): the generated wrappers import the package of the tensor type and its kernels, and a program cannot be imported; move them into a package of their own and run init there"},
		{dir: "debugfile", files: map[string]string{"rt.go": rtTensor, "contract_debug.go": contractFile("debugasserts", "Ident", "UseCounts")},
			wrote: "assertgen init: wrote assertgen.yaml, generate.go, assertgen_contract_test.go, assertgen_sweep_test.go"},
		{dir: "debugident", files: map[string]string{"rt.go": rtTensor, "contract_debug.go": contractFile("debugasserts", "Ident")}, wrote: all},
		{dir: "releaseident", files: map[string]string{"rt.go": rtTensor, "contract_release.go": contractFile("!debugasserts", "Ident")}, wrote: all},
		{dir: "testnames", files: map[string]string{"rt.go": rtTensor,
			"x_test.go": "package rt_test\n\nimport \"testing\"\n\nfunc TestSweep(t *testing.T) {}\n\nfunc TestAssertsContract(t *testing.T) {}\n\ntype sweepAdapter struct{}\n\nvar checked, sweep, assertstest = 1, 2, 3\n"},
			wrote: all},
		{dir: "alias", files: map[string]string{"rt.go": alias}, wrote: all},
	}
	files := map[string]string{}
	for _, tc := range cases {
		for name, src := range tc.files {
			files[filepath.Join(tc.dir, name)] = src
		}
	}
	mod := initModule(t, files)
	for _, tc := range cases {
		pkg := filepath.Join(mod, tc.dir)
		before := readSet(t, pkg)
		stdout, stderr, code := runCLI(t, pkg, "init")
		if tc.err != "" {
			if code != 1 || stderr != tc.err+"\n" || stdout != "" {
				t.Errorf("%s: init: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", tc.dir, code, stdout, stderr, tc.err)
			}
			if got := readSet(t, pkg); !maps.Equal(got, before) {
				t.Errorf("%s: init failed and left %v, had %v", tc.dir, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(before)))
			}
			os.RemoveAll(pkg) // a program: not one to build
			continue
		}
		if first, _, _ := strings.Cut(stdout, "\n"); code != 0 || first != tc.wrote {
			t.Errorf("%s: init: exit %d, first line %q, want %q\n%s%s", tc.dir, code, first, tc.wrote, stdout, stderr)
			continue
		}
		if _, stderr, code := runCLI(t, pkg, "gen"); code != 0 {
			t.Errorf("%s: gen after init: exit %d\n%s", tc.dir, code, stderr)
		}
	}
	buildAll(t, mod)
	vetRelease(t, mod)
}

// TestInitMessages: issue 41 item 3. A bad -types or -ops value is a
// usage error naming the flag (not a line of an assertgen.yaml that does
// not exist yet), as are a malformed -types entry and -use-counts; the
// list of the package's exported types has those whose names are not
// ASCII; a type init cannot write methods on says why.
func TestInitMessages(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	mod := func(src string) map[string]string {
		return map[string]string{"go.mod": "module example.com/rt\n\ngo 1.22\n", "rt.go": src}
	}
	const tensor = "package rt\n\ntype Tensor struct{}\n\nfunc (t *Tensor) Release() {}\n\nfunc Neg(self *Tensor) *Tensor { return self }\n"
	nothing := func(t *testing.T, dir string) {
		if got := dirList(t, dir); !slices.Equal(got, []string{"go.mod", "rt.go"}) {
			t.Errorf("init wrote files: %v", got)
		}
	}
	runCases(t, []cliCase{
		{name: "-types, a type that does not exist", files: mod(tensor), args: []string{"init", "-types", "Scalar=example.com/rt.Nope"}, code: 2, check: nothing, err: []string{
			"assertgen init: -types: Scalar: no type Nope in example.com/rt"}},
		{name: "-types with -ops", files: mod(tensor), args: []string{"init", "-ops", "neg", "-types", "Scalar=example.com/rt.Nope"}, code: 2, check: nothing, err: []string{
			"assertgen init: -types: Scalar: no type Nope in example.com/rt"}},
		{name: "-types, an unknown schema type", files: mod(tensor), args: []string{"init", "-types", "Scalr=float64"}, code: 2, check: nothing, err: []string{
			`assertgen init: -types: unknown schema type "Scalr"; did you mean "Scalar"?`}},
		{name: "-types without =", files: mod(tensor), args: []string{"init", "-types", "Scalar"}, code: 2, check: nothing, err: []string{
			`assertgen init: -types "Scalar": want T=GOTYPE for a schema type T other than Tensor (-type names the tensor type)`}},
		{name: "-ops, an unknown op", files: mod(tensor), args: []string{"init", "-ops", "nosuchop"}, code: 2, check: nothing, err: []string{
			`assertgen init: -ops: unknown op "nosuchop" in pytorch-2.14.1/native_functions.yaml`}},
		{name: "-use-counts", files: mod(tensor), args: []string{"init", "-use-counts", "maybe"}, code: 2, check: nothing, err: []string{
			`assertgen init: -use-counts "maybe": want auto, true or false`}},
		{name: "exported types not ASCII", files: mod("package rt\n\ntype Ωmega struct{}\n\ntype Δ = Ωmega\n\ntype tensor struct{}\n"), args: []string{"init"}, code: 1, check: nothing, err: []string{
			"assertgen: package example.com/rt declares no type Tensor; name your tensor type with -type (its exported types: Δ, Ωmega) (a library's type is named by its import path: -type '*gonum.org/v1/gonum/mat.Dense')"}},
		{name: "no exported type", files: mod("package rt\n\ntype tensor struct{}\n"), args: []string{"init"}, code: 1, check: nothing, err: []string{
			"assertgen: package example.com/rt declares no type Tensor, nor any exported type: declare your tensor type there, exported, or run init in its package (a library's type is named by its import path: -type '*gonum.org/v1/gonum/mat.Dense')"}},
		{name: "unexported type", files: mod("package rt\n\ntype tensor struct{}\n"), args: []string{"init", "-type", "tensor"}, code: 1, check: nothing, err: []string{
			"assertgen: example.com/rt.tensor is not exported: the generated wrappers and init's tests name it from other packages; export it"}},
		{name: "alias of another package's type", files: mod("package rt\n\nimport \"strings\"\n\ntype Tensor = strings.Builder\n"), args: []string{"init"}, code: 1, check: nothing, err: []string{
			"assertgen: example.com/rt.Tensor is an alias of strings.Builder, a type of another package: init writes the contract's methods on a type of package example.com/rt; name one with -type, or add -memory to take it as the library's type"}},
	})
}

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
		runCases(t, []cliCase{
			{name: cmd + ", function mode", files: files("kernels: .\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), args: []string{cmd}, code: 1, check: nothing, err: []string{
				"assertgen: assertgen.yaml:1:10: kernels: example.com/k is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own"}},
			{name: cmd + ", interface mode with kernels", files: files("mode: interface\nkernels: .\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), args: []string{cmd}, code: 1, check: nothing, err: []string{
				"assertgen: assertgen.yaml:2:10: kernels: example.com/k is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own"}},
			{name: cmd + ", the type map", files: files("mode: interface\noutput: ./out\nuse_counts: false\nops: [neg]\n" + tensor), args: []string{cmd}, code: 1, check: nothing, err: []string{
				"assertgen: assertgen.yaml:6:11: types: Tensor: package example.com/k is a program (package main), which the generated package cannot import"}},
		})
	}
}

// stubsModule is the module of the -stubs tests: package main at its root,
// and the kernels package k, whose Abs is a variable when absVar.
func stubsModule(t *testing.T, absVar bool) string {
	t.Helper()
	gomod, gosum := requiringAssertgen(t, "example.com/m")
	k := "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Tensor struct{ id asserts.ID }\n\nfunc (t *Tensor) Ident() asserts.Ident { return asserts.Ident{} }\n\nfunc (t *Tensor) UseCounts() (int, int) { return 1, 1 }\n\nfunc Neg(self *Tensor) *Tensor { return &Tensor{} }\n"
	if absVar {
		k += "\nvar Abs = 1\n"
	}
	files := map[string]string{
		"go.mod": gomod, "go.sum": gosum,
		"main.go":        "package main\n\nfunc main() {}\n",
		"k/k.go":         k,
		"assertgen.yaml": "kernels: ./k\noutput: ./out\ntypes:\n  Tensor: \"*example.com/m/k.Tensor\"\nops: [neg, abs]\n",
	}
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
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
	dir := stubsModule(t, true)
	before := readSet(t, filepath.Join(dir, "k"))
	stdout, stderr, code := runCLI(t, dir, "vet", "-stubs", "k/todo.go")
	if want := "assertgen.yaml:5:12: abs: no kernel Abs in example.com/m/k: Abs is a variable (k/k.go:13:5), not a function; rename it, then write:\n\tfunc Abs(self *Tensor) *Tensor\n"; code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("vet with var Abs: exit %d, stdout:\n%swant exit 1 and\n%s", code, stdout, want)
	}
	if want := "assertgen: -stubs k/todo.go: Abs is a variable of example.com/m/k (k/k.go:13:5): a stub func Abs would redeclare it; rename it or select fewer ops; nothing written\n"; stderr != want {
		t.Errorf("vet -stubs with var Abs: stderr %q, want %q", stderr, want)
	}
	if got := readSet(t, filepath.Join(dir, "k")); !maps.Equal(got, before) {
		t.Errorf("vet -stubs with var Abs wrote %v", slices.Sorted(maps.Keys(got)))
	}

	dir = stubsModule(t, false)
	root, k := readSet(t, dir), readSet(t, filepath.Join(dir, "k"))
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
			_, stderr, code := runCLI(t, dir, cmd, "-stubs", tc.file)
			if want := "assertgen " + cmd + ": -stubs " + tc.file + ": " + tc.why + "\n"; code != 2 || stderr != want {
				t.Errorf("%s -stubs %s: exit %d, stderr %q; want exit 2 and %q", cmd, tc.file, code, stderr, want)
			}
		}
		if got := readSet(t, dir); !maps.Equal(got, root) {
			t.Errorf("-stubs %s wrote %v", tc.file, slices.Sorted(maps.Keys(got)))
		}
		if got := readSet(t, filepath.Join(dir, "k")); !maps.Equal(got, k) {
			t.Errorf("-stubs %s wrote %v", tc.file, slices.Sorted(maps.Keys(got)))
		}
	}
	_, stderr, code = runCLI(t, dir, "vet", "-stubs", "k/todo.go")
	if want := "assertgen: wrote 1 kernel stubs to k/todo.go (package k): implement them there or move them\n"; code != 1 || stderr != want {
		t.Errorf("vet -stubs k/todo.go: exit %d, stderr %q, want exit 1 and %q", code, stderr, want)
	}
	if stdout, stderr, code := runCLI(t, dir, "vet"); code != 0 || stdout != "vet: 2 ops: 2 with a kernel, 0 missing, allowlists clean\n" {
		t.Errorf("vet after the stubs: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, stderr, code := runCLI(t, dir, "gen"); code != 0 {
		t.Errorf("gen after the stubs: exit %d\n%s", code, stderr)
	}
	buildAll(t, dir)
}

// TestVetInterfaceKernels: issue 41 item 6. In interface mode with a
// kernels package, the adapter Functions calls a kernel of every selected
// op: vet reports a missing kernel and a wrong signature as gen refuses
// them, and -stubs writes the missing ones. Without a kernels package
// there are no stubs to write: -stubs is a usage error.
func TestVetInterfaceKernels(t *testing.T) {
	t.Parallel() // runs go commands in directories of its own
	gomod, gosum := requiringAssertgen(t, "example.com/k")
	files := map[string]string{
		"go.mod": gomod, "go.sum": gosum,
		"k.go":   identTensor + "func Neg(self *Tensor, x int) *Tensor { return self }\n",
		"c.yaml": "mode: interface\nkernels: .\noutput: ./out\nuse_counts: false\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\nops: [neg, abs]\n",
	}
	runCases(t, []cliCase{
		{name: "wrong signature and missing kernel", files: files, args: []string{"vet", "-config", "c.yaml"}, code: 1, out: []string{
			"k.go:9:6: kernel Neg of neg has the wrong signature:",
			"\thave func(self *k.Tensor, x int) *k.Tensor",
			"\twant func(self *k.Tensor) *k.Tensor",
			"c.yaml:7:12: abs: no kernel Abs in example.com/k; write:",
			"\tfunc Abs(self *Tensor) *Tensor"}},
		{name: "-stubs", files: files, args: []string{"vet", "-config", "c.yaml", "-stubs", "todo.go"}, code: 1, err: []string{
			"assertgen: wrote 1 kernel stubs to todo.go (package k): implement them there or move them"}, check: func(t *testing.T, dir string) {
			if b, err := os.ReadFile(filepath.Join(dir, "todo.go")); err != nil || !strings.Contains(string(b), "func Abs(self *Tensor) *Tensor {") {
				t.Errorf("todo.go: %v\n%s", err, b)
			}
			cmd := exec.Command("go", "vet", ".")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("the kernels package with the stubs: go vet: %v\n%s", err, out)
			}
		}},
		{name: "gen -check -stubs", files: files, args: []string{"gen", "-config", "c.yaml", "-check", "-stubs", "todo.go"}, code: 2, err: []string{
			"assertgen gen: -stubs with -check: -check writes nothing"}},
		{name: "-stubs without kernels", files: files, args: []string{"vet", "-mode", "interface", "-ops", "neg", "-stubs", "todo.go"}, code: 2, err: []string{
			"assertgen vet: -stubs todo.go: interface mode without a kernels package has no kernels to stub (kernels: names the package of the functions the adapter calls)"},
			check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "todo.go")); err == nil {
					t.Error("todo.go written")
				}
			}},
	})
}
