package initcmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// The tests of this file (issue 77, item 6): what init writes leaves the
// release build of the user's package as it was, linking no package of
// assertgen ("release builds call the kernels directly, at no cost"),
// and so do the wrappers' release build and the sweep's reproducers of
// the package, while the debug build and its tests see the memory
// function the generated shape helpers call.

// assertgenModule is the module whose packages the user's release build
// must not link.
const assertgenModule = "github.com/assertgen/assertgen"

// cleanGo runs the go command in dir as the user would, in the fake
// module (go.mod as the test wrote it).
func cleanGo(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// cleanGen runs assertgen gen on the config in dir, as the user would.
func cleanGen(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command(clitest.Command(t), "gen", "-config", "assertgen.yaml")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen in %s: %v\n%s", dir, err, out)
	}
}

// assertgenDeps returns the packages of assertgen that go list -deps of
// the patterns in dir lists, in the release build (no tags) and with the
// flags given (-test).
func assertgenDeps(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	out, err := cleanGo(t, dir, append([]string{"list", "-deps"}, args...)...)
	if err != nil {
		t.Fatalf("go list -deps %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	var linked []string
	for _, p := range strings.Fields(out) {
		if p == assertgenModule || strings.HasPrefix(p, assertgenModule+"/") {
			linked = append(linked, p)
		}
	}
	return linked
}

// TestInitLibraryReleaseClean: init -type on a library's type (fake's
// M, with a kernel of the user's package bound to relu) writes nothing
// that the release build of the user's package, or of the wrappers gen
// writes, links assertgen with; the debug build's tests init wrote
// (the memory function's conformance test, the sweep, the values) pass.
// A bug planted in the user's kernel then gives a sweep reproducer,
// which imports the user's package and links nothing of assertgen.
func TestInitLibraryReleaseClean(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	const relu = `package user

import "example.com/fakemod/fake"

// Relu returns max(a, 0).
func Relu(a *fake.M) *fake.M {
	raw := a.Raw()
	out := make([]float64, len(raw.Data))
	for i, v := range raw.Data {
		out[i] = max(v, 0)
	}
	return fake.New(raw.Rows, raw.Cols, out)
}
`
	mod := clitest.FakeModule(t, map[string]string{"kern.go": relu})
	dir := filepath.Join(mod, "user")
	var report strings.Builder
	if err := Init(InitOptions{Dir: dir, Type: "*example.com/fakemod/fake.M", Ops: []string{"relu", "abs", "neg"}, Out: &report}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), "by the kernels of example.com/fakemod/user: relu") {
		t.Fatalf("init did not bind the user's Relu:\n%s", report.String())
	}
	cleanGen(t, dir)
	for _, pkg := range []string{".", "./checked"} {
		if linked := assertgenDeps(t, dir, pkg); len(linked) > 0 {
			t.Errorf("the release build of %s links assertgen's %s", pkg, strings.Join(linked, ", "))
		}
	}
	if out, err := cleanGo(t, dir, "vet", "./..."); err != nil {
		t.Errorf("go vet ./... (release): %v\n%s", err, out)
	}
	if out, err := cleanGo(t, dir, "test", "-count=1", "./..."); err != nil {
		t.Errorf("go test ./... (release): %v\n%s", err, out)
	}
	out, err := cleanGo(t, dir, "test", "-count=1", "-tags", "debugasserts", "-v", "./...")
	if err != nil {
		t.Fatalf("go test -tags debugasserts ./...: %v\n%s", err, out)
	}
	for _, want := range []string{"--- PASS: TestMemory", "--- PASS: TestSweep", "--- PASS: TestBoundValues"} {
		if !strings.Contains(out, want) {
			t.Errorf("go test -tags debugasserts ./... lacks %q:\n%s", want, out)
		}
	}

	// The bug: relu returns its input where none of its elements is
	// negative (the sweep's empty and positive samples), where relu's
	// result is fresh. The bound code calls user.Relu: the reproducer
	// imports the user's package.
	buggy := strings.Replace(relu, "\traw := a.Raw()\n", "\traw := a.Raw()\n\tif !slicesNeg(raw.Data) {\n\t\treturn a\n\t}\n", 1) +
		"\nfunc slicesNeg(d []float64) bool {\n\tfor _, v := range d {\n\t\tif v < 0 {\n\t\t\treturn true\n\t\t}\n\t}\n\treturn false\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "kern.go"), []byte(buggy), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-tags", "debugasserts", "-run", "^TestSweep$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "ASSERTGEN_SWEEP_REPRO=testdata/repro")
	b, err := cmd.CombinedOutput()
	out = string(b)
	if err == nil || !strings.Contains(out, "--- FAIL: TestSweep") {
		t.Fatalf("the sweep of the planted relu passed (%v):\n%s", err, out)
	}
	if m := regexp.MustCompile(`reproducers \((\d+) verified, (\d+) not`).FindStringSubmatch(out); m == nil || m[1] == "0" || m[2] != "0" {
		t.Fatalf("the planted relu has no verified reproducer, or one not verified:\n%s", out)
	}
	repros, _ := filepath.Glob(filepath.Join(dir, "testdata", "repro", "*", "repro_test.go"))
	if len(repros) == 0 {
		t.Fatalf("no reproducer written:\n%s", out)
	}
	imports := 0
	for _, p := range repros {
		src, _ := os.ReadFile(p)
		if bytes.Contains(src, []byte(`"example.com/fakemod/user"`)) {
			imports++
		}
		if linked := assertgenDeps(t, filepath.Dir(p), "-test", "."); len(linked) > 0 {
			t.Errorf("reproducer %s links assertgen's %s", filepath.Base(filepath.Dir(p)), strings.Join(linked, ", "))
		}
	}
	t.Logf("%d reproducers, %d importing the user's package", len(repros), imports)
}

// TestInitMemoryReleaseClean: plain init -memory, a runtime's own tensor
// type without ids: the memory function init writes, filled in, is in
// the debug build alone, so the runtime's release build links no package
// of assertgen and its debug tests (the memory function's conformance
// test, the sweep) pass. A memory function in a file of both builds, as
// init wrote it before, keeps working: gen takes either.
func TestInitMemoryReleaseClean(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	rt := "package user\n\n" + clitest.ShapedRuntime
	mod := clitest.FakeModule(t, map[string]string{"rt.go": rt})
	dir := filepath.Join(mod, "user")
	var report strings.Builder
	if err := Init(InitOptions{Dir: dir, Memory: true, Out: &report}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, MemoryFile)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const todo = `panic("TODO: implement Memory in assertgen_memory.go")`
	if !bytes.Contains(src, []byte(todo)) {
		t.Fatalf("%s:\n%s", MemoryFile, src)
	}
	filled := bytes.Replace(src, []byte(todo), []byte("return asserts.SliceMemory(t.data).Strided(t.shape, nil)"), 1)
	if err := os.WriteFile(path, filled, 0o644); err != nil {
		t.Fatal(err)
	}
	cleanGen(t, dir)
	check := func(what string) {
		t.Helper()
		for _, pkg := range []string{".", "./checked"} {
			if linked := assertgenDeps(t, dir, pkg); len(linked) > 0 && what == "init's" {
				t.Errorf("with %s memory function, the release build of %s links assertgen's %s", what, pkg, strings.Join(linked, ", "))
			}
		}
		for _, tags := range [][]string{nil, {"-tags", "debugasserts"}} {
			if out, err := cleanGo(t, dir, append(append([]string{"vet"}, tags...), "./...")...); err != nil {
				t.Errorf("with %s memory function, go vet %v ./...: %v\n%s", what, tags, err, out)
			}
		}
		if out, err := cleanGo(t, dir, "test", "-count=1", "./..."); err != nil {
			t.Errorf("with %s memory function, go test ./... (release): %v\n%s", what, err, out)
		}
		out, err := cleanGo(t, dir, "test", "-count=1", "-tags", "debugasserts", "-v", "./...")
		if err != nil || !strings.Contains(out, "--- PASS: TestMemory") || !strings.Contains(out, "--- PASS: TestSweep") {
			t.Errorf("with %s memory function, go test -tags debugasserts ./...: %v\n%s", what, err, out)
		}
	}
	check("init's")

	// An upgrade over a memory file of both builds (what init wrote
	// before): gen takes it, and both builds build and pass as before.
	untagged := regexp.MustCompile(`(?m)^//go:build debugasserts\n\n`).ReplaceAll(filled, nil)
	if bytes.Equal(untagged, filled) {
		t.Fatalf("%s is not built with -tags debugasserts alone:\n%s", MemoryFile, filled)
	}
	if err := os.WriteFile(path, untagged, 0o644); err != nil {
		t.Fatal(err)
	}
	cleanGen(t, dir)
	check("an untagged")
}

// TestInitPlainReleaseClean: plain init on a runtime's own tensor type
// with ids of its own: the contract methods init writes, filled in, are
// in the debug build alone, so the release build of the runtime and of
// its wrappers links no package of assertgen, and the debug build's
// conformance test and sweep pass.
func TestInitPlainReleaseClean(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	const rt = `package user

import "sync/atomic"

var ids atomic.Uint64

type storage struct {
	id   uint64
	data []float64
}

// Tensor is a handle on a storage.
type Tensor struct {
	id uint64
	st *storage
}

// New returns a tensor holding a copy of values.
func New(values []float64) *Tensor {
	return &Tensor{id: ids.Add(1), st: &storage{id: ids.Add(1), data: append([]float64(nil), values...)}}
}

// Neg is neg.
func Neg(self *Tensor) *Tensor {
	r := New(self.st.data)
	for i := range r.st.data {
		r.st.data[i] = -r.st.data[i]
	}
	return r
}

// Neg_ is neg_.
func Neg_(self *Tensor) *Tensor {
	for i := range self.st.data {
		self.st.data[i] = -self.st.data[i]
	}
	return self
}

// Alias is alias.
func Alias(self *Tensor) *Tensor { return &Tensor{id: ids.Add(1), st: self.st} }
`
	mod := clitest.FakeModule(t, map[string]string{"rt.go": rt})
	dir := filepath.Join(mod, "user")
	var report strings.Builder
	if err := Init(InitOptions{Dir: dir, Out: &report}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "assertgen_contract.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, report.String())
	}
	if !bytes.HasPrefix(src, []byte("//go:build debugasserts\n")) {
		t.Fatalf("assertgen_contract.go is not built with -tags debugasserts alone:\n%s", src)
	}
	filled := regexp.MustCompile(`panic\("TODO: implement \(\*Tensor\)\.Ident[^\n]*`).ReplaceAll(src, []byte("if t == nil {\n\t\treturn asserts.Ident{}\n\t}\n\treturn asserts.Ident{Impl: asserts.ID(t.id), Storage: asserts.ID(t.st.id)}"))
	filled = regexp.MustCompile(`panic\("TODO: implement \(\*Tensor\)\.StorageAnchor[^\n]*`).ReplaceAll(filled, []byte("if t == nil {\n\t\treturn nil\n\t}\n\treturn unsafe.Pointer(t.st)"))
	if bytes.Contains(filled, []byte("TODO: implement")) {
		t.Fatalf("assertgen_contract.go has a TODO this test does not fill:\n%s", filled)
	}
	if err := os.WriteFile(path, filled, 0o644); err != nil {
		t.Fatal(err)
	}
	cleanGen(t, dir)
	for _, pkg := range []string{".", "./checked"} {
		if linked := assertgenDeps(t, dir, pkg); len(linked) > 0 {
			t.Errorf("the release build of %s links assertgen's %s", pkg, strings.Join(linked, ", "))
		}
	}
	if out, err := cleanGo(t, dir, "test", "-count=1", "./..."); err != nil {
		t.Errorf("go test ./... (release): %v\n%s", err, out)
	}
	out, err := cleanGo(t, dir, "test", "-count=1", "-tags", "debugasserts", "-v", "./...")
	if err != nil {
		t.Fatalf("go test -tags debugasserts ./...: %v\n%s\ninit:\n%s", err, out, report.String())
	}
	for _, want := range []string{"--- PASS: TestAssertsContract", "--- PASS: TestSweep"} {
		if !strings.Contains(out, want) {
			t.Errorf("go test -tags debugasserts ./... lacks %q:\n%s", want, out)
		}
	}
}
