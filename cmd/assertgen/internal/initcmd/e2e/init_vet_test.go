package e2e

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

// Tests of issue 41 (trust, third round), init's side (vet's:
// generate's vetstubs_test.go): whatever init says it wrote builds
// (clitest.BuildAll); what it refuses, it refuses before writing anything.

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

// vetRelease vets the module at dir in the release build, its tests
// included (clitest.BuildAll vets the debug build).
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
	alias := strings.Replace(clitest.RtTensor, "type Tensor struct{ id asserts.ID }", "type Dense struct{ id asserts.ID }\n\ntype Tensor = Dense", 1)
	const all = "assertgen init: wrote assertgen.yaml, generate.go, assertgen_contract.go, assertgen_contract_test.go, assertgen_sweep_test.go"
	// Each case is a package rt of its own directory of one module, which
	// is built once at the end.
	cases := []struct {
		dir   string
		files map[string]string // package rt's
		err   string            // init's error; "" when it succeeds
		wrote string            // init's first line when it succeeds
	}{
		{dir: "main", files: map[string]string{"rt.go": strings.Replace(clitest.RtTensor, "package rt", "package main", 1) + "\nfunc main() {}\n"},
			err: "assertgen: package example.com/m/main is a program (package main): the generated wrappers import the package of the tensor type and its kernels, and a program cannot be imported; move them into a package of their own and run init there"},
		{dir: "debugfile", files: map[string]string{"rt.go": clitest.RtTensor, "contract_debug.go": contractFile("debugasserts", "Ident", "UseCounts")},
			wrote: "assertgen init: wrote assertgen.yaml, generate.go, assertgen_contract_test.go, assertgen_sweep_test.go"},
		{dir: "debugident", files: map[string]string{"rt.go": clitest.RtTensor, "contract_debug.go": contractFile("debugasserts", "Ident")}, wrote: all},
		{dir: "releaseident", files: map[string]string{"rt.go": clitest.RtTensor, "contract_release.go": contractFile("!debugasserts", "Ident")}, wrote: all},
		{dir: "testnames", files: map[string]string{"rt.go": clitest.RtTensor,
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
	mod := clitest.InitModule(t, files)
	for _, tc := range cases {
		pkg := filepath.Join(mod, tc.dir)
		before := clitest.ReadSet(t, pkg)
		stdout, stderr, code := clitest.Run(t, pkg, "init")
		if tc.err != "" {
			if code != 1 || stderr != tc.err+"\n" || stdout != "" {
				t.Errorf("%s: init: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", tc.dir, code, stdout, stderr, tc.err)
			}
			if got := clitest.ReadSet(t, pkg); !maps.Equal(got, before) {
				t.Errorf("%s: init failed and left %v, had %v", tc.dir, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(before)))
			}
			os.RemoveAll(pkg) // a program: not one to build
			continue
		}
		if first, _, _ := strings.Cut(stdout, "\n"); code != 0 || first != tc.wrote {
			t.Errorf("%s: init: exit %d, first line %q, want %q\n%s%s", tc.dir, code, first, tc.wrote, stdout, stderr)
			continue
		}
		if _, stderr, code := clitest.Run(t, pkg, "gen"); code != 0 {
			t.Errorf("%s: gen after init: exit %d\n%s", tc.dir, code, stderr)
		}
	}
	clitest.BuildAll(t, mod)
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
		if got := clitest.DirList(t, dir); !slices.Equal(got, []string{"go.mod", "rt.go"}) {
			t.Errorf("init wrote files: %v", got)
		}
	}
	clitest.RunCases(t, []clitest.Case{
		{Name: "-types, a type that does not exist", Files: mod(tensor), Args: []string{"init", "-types", "Scalar=example.com/rt.Nope"}, Code: 2, Check: nothing, Err: []string{
			"assertgen init: -types: Scalar: no type Nope in example.com/rt"}},
		{Name: "-types with -ops", Files: mod(tensor), Args: []string{"init", "-ops", "neg", "-types", "Scalar=example.com/rt.Nope"}, Code: 2, Check: nothing, Err: []string{
			"assertgen init: -types: Scalar: no type Nope in example.com/rt"}},
		{Name: "-types, an unknown schema type", Files: mod(tensor), Args: []string{"init", "-types", "Scalr=float64"}, Code: 2, Check: nothing, Err: []string{
			`assertgen init: -types: unknown schema type "Scalr"; did you mean "Scalar"?`}},
		{Name: "-types without =", Files: mod(tensor), Args: []string{"init", "-types", "Scalar"}, Code: 2, Check: nothing, Err: []string{
			`assertgen init: -types "Scalar": want T=GOTYPE for a schema type T other than Tensor (-type names the tensor type)`}},
		{Name: "-ops, an unknown op", Files: mod(tensor), Args: []string{"init", "-ops", "nosuchop"}, Code: 2, Check: nothing, Err: []string{
			`assertgen init: -ops: unknown op "nosuchop" in pytorch-2.14.1/native_functions.yaml`}},
		{Name: "-use-counts", Files: mod(tensor), Args: []string{"init", "-use-counts", "maybe"}, Code: 2, Check: nothing, Err: []string{
			`assertgen init: -use-counts "maybe": want auto, true or false`}},
		{Name: "exported types not ASCII", Files: mod("package rt\n\ntype Ωmega struct{}\n\ntype Δ = Ωmega\n\ntype tensor struct{}\n"), Args: []string{"init"}, Code: 1, Check: nothing, Err: []string{
			"assertgen: package example.com/rt declares no type Tensor; name your tensor type with -type (its exported types: Δ, Ωmega) (a library's type is named by its import path: -type '*gonum.org/v1/gonum/mat.Dense')"}},
		{Name: "no exported type", Files: mod("package rt\n\ntype tensor struct{}\n"), Args: []string{"init"}, Code: 1, Check: nothing, Err: []string{
			"assertgen: package example.com/rt declares no type Tensor, nor any exported type: declare your tensor type there, exported, or run init in its package (a library's type is named by its import path: -type '*gonum.org/v1/gonum/mat.Dense')"}},
		{Name: "unexported type", Files: mod("package rt\n\ntype tensor struct{}\n"), Args: []string{"init", "-type", "tensor"}, Code: 1, Check: nothing, Err: []string{
			"assertgen: example.com/rt.tensor is not exported: the generated wrappers and init's tests name it from other packages; export it"}},
		{Name: "alias of another package's type", Files: mod("package rt\n\nimport \"strings\"\n\ntype Tensor = strings.Builder\n"), Args: []string{"init"}, Code: 1, Check: nothing, Err: []string{
			"assertgen: example.com/rt.Tensor is an alias of strings.Builder, a type of another package: init writes the contract's methods on a type of package example.com/rt; name one with -type, or add -memory to take it as the library's type"}},
	})
}
