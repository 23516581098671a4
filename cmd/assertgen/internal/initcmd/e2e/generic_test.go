package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// genericModule makes a module requiring this one, with package g: a
// generic tensor type without the contract's methods but with Release,
// and the files of more (name to source).
func genericModule(t *testing.T, more map[string]string) string {
	t.Helper()
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/m")
	dir := t.TempDir()
	files := map[string]string{"go.mod": gomod, "go.sum": gosum, "g/g.go": `package g

// Tensor is a generic tensor handle.
type Tensor[E float32 | float64] struct{ data []E }

func (t *Tensor[E]) Release() {}
`}
	for k, v := range more {
		files[k] = v
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestInitGeneric: issue 41 item 1, the generic case. init on a generic
// tensor type writes code that builds: the contract's methods on
// *Tensor[E] (not on the uninstantiated *Tensor), stubs only of the
// kernels the package lacks (its generic kernels are found), generic
// like them; and gen then wraps every op, generic in E (the type
// parameter's name in the declaration).
func TestInitGeneric(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := genericModule(t, map[string]string{"g/kernels.go": `package g

func Neg[E float32 | float64](self *Tensor[E]) *Tensor[E] { return self }

func AddTensor[F float32 | float64](self, other *Tensor[F], alpha F) *Tensor[F] { return self }
`})
	g := filepath.Join(dir, "g")
	stdout, stderr, code := clitest.Run(t, g, "init", "-ops", "neg,add.Tensor,abs")
	if code != 0 {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"type_params: E: [float32, float64] (the wrappers are generic in E; the tests run on each element type)",
		"types: Scalar: E (the type of the kernels' Scalar arguments)",
		"to write: kernel Abs of abs (stub in assertgen_kernels_todo.go)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("init's report lacks %q:\n%s", want, stdout)
		}
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(g, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if c := read("assertgen_contract.go"); !strings.Contains(c, "func (t *Tensor[E]) Ident() asserts.Ident {") || !strings.Contains(c, "func (t *Tensor[E]) UseCounts() (impl, storage int) {") {
		t.Errorf("assertgen_contract.go:\n%s", c)
	}
	stubs := read("assertgen_kernels_todo.go")
	if !strings.Contains(stubs, "func Abs[E float32 | float64](self *Tensor[E]) *Tensor[E] {") || strings.Contains(stubs, "func Neg") || strings.Contains(stubs, "func AddTensor") {
		t.Errorf("assertgen_kernels_todo.go:\n%s", stubs)
	}
	if y := read("assertgen.yaml"); !strings.Contains(y, `Tensor: "*example.com/m/g.Tensor[E]"`) || !strings.Contains(y, "E: [float32, float64]") {
		t.Errorf("assertgen.yaml:\n%s", y)
	}
	if _, stderr, code := clitest.Run(t, g, "gen"); code != 0 {
		t.Fatalf("gen after init: exit %d\n%s", code, stderr)
	}
	if c := read("checked/assertgen_checked.go"); !strings.Contains(c, "func Abs[E float32 | float64](self *kernels.Tensor[E]) *kernels.Tensor[E] {") {
		t.Errorf("the wrappers are not generic:\n%s", c)
	}
	clitest.BuildAll(t, dir)
}

// TestInitGenericNeedsElements: a type parameter whose constraint has no
// finite type set needs its element types named (-type-params); with them
// init writes them into type_params:.
func TestInitGenericNeedsElements(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("loads Go packages")
	}
	dir := genericModule(t, map[string]string{"h/h.go": `package h

type Tensor[E any] struct{ data []E }

func Neg[E any](self *Tensor[E]) *Tensor[E] { return self }
`})
	h := filepath.Join(dir, "h")
	_, stderr, code := clitest.Run(t, h, "init")
	if want := "Tensor's type parameter E has no finite set of element types (its constraint is any): name the ones to check, -type-params E=float32,float64"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("init without -type-params: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if entries, _ := os.ReadDir(h); len(entries) != 1 {
		t.Errorf("a refused init wrote files: %v", entries)
	}
	stdout, stderr, code := clitest.Run(t, h, "init", "-type-params", "E=float64,int64")
	if code != 0 || !strings.Contains(stdout, "type_params: E: [float64, int64]") {
		t.Errorf("init -type-params: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestInitInfersScalar: init on a plain tensor type with no -types takes
// the Scalar type from its kernels' Scalar arguments, as for a generic
// type (README's three steps, without guide 0's -types Scalar=float64);
// kernels that disagree leave it any, and the kernels are then named.
func TestInitInfersScalar(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := genericModule(t, map[string]string{"p/p.go": `package p

type Tensor struct{ data []float64 }

func (t *Tensor) Release() {}

func Neg(self *Tensor) *Tensor { return self }

func AddTensor(self, other *Tensor, alpha float64) *Tensor { return self }

func Add_Tensor(self, other *Tensor, alpha float64) *Tensor { return self }
`, "q/q.go": `package q

type Tensor struct{ data []float64 }

func AddTensor(self, other *Tensor, alpha float64) *Tensor { return self }

func SubTensor(self, other *Tensor, alpha float32) *Tensor { return self }
`})
	p := filepath.Join(dir, "p")
	stdout, stderr, code := clitest.Run(t, p, "init")
	if code != 0 || !strings.Contains(stdout, "types: Scalar: float64 (the type of the kernels' Scalar arguments)") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(p, "assertgen.yaml")); err != nil || !strings.Contains(string(b), `Scalar: "float64"`) {
		t.Errorf("assertgen.yaml (%v):\n%s", err, b)
	}
	if _, stderr, code := clitest.Run(t, p, "gen"); code != 0 {
		t.Fatalf("gen after init: exit %d\n%s", code, stderr)
	}
	q := filepath.Join(dir, "q")
	_, stderr, code = clitest.Run(t, q, "init")
	if code != 1 || !strings.Contains(stderr, "kernel AddTensor of add.Tensor has the wrong signature") || !strings.Contains(stderr, "kernel SubTensor of sub.Tensor has the wrong signature") {
		t.Errorf("init with kernels that disagree on Scalar: exit %d\n%s", code, stderr)
	}
	if entries, _ := os.ReadDir(q); len(entries) != 1 {
		t.Errorf("a refused init wrote files: %v", entries)
	}
}

// TestInitFillsPlain: init on a plain (non-generic) tensor type writes its
// conformance and sweep tests from what the package has, as for a
// generic type: the constructor (with a shape, or a 1-D one without),
// the hold methods, a view kernel and an in-place write. With the
// contract's methods written, both tests pass as init wrote them, and a
// view kernel that copies fails the conformance test's view case.
func TestInitFillsPlain(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds and tests Go code")
	}
	const contract = `package %s

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

func (t *Tensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.SliceMemory(t.data).Ident(unsafe.Pointer(t))
}

func (t *Tensor) StorageAnchor() unsafe.Pointer {
	if t == nil {
		return nil
	}
	return asserts.SliceMemory(t.data).Anchor()
}
`
	dir := genericModule(t, map[string]string{
		// A runtime with shapes: New(values, shape...), a view (T), a
		// write (Neg_) and Share/Release-free holds (no use counts).
		"s/s.go": "package s\n\n" + clitest.ShapedRuntime + `
// FromValues is a 1-D constructor; New, with a shape, is preferred.
func FromValues(values ...float64) *Tensor { return New(values, len(values)) }
`,
		// A runtime without shapes: FromSlice(values...) only, and
		// add_.Tensor as its only write.
		"f/f.go": `package f

type Tensor struct{ data []float32 }

func FromSlice(values ...float32) *Tensor { return &Tensor{data: append([]float32(nil), values...)} }

func Abs(self *Tensor) *Tensor {
	r := FromSlice(self.data...)
	for i, v := range r.data {
		r.data[i] = max(v, -v)
	}
	return r
}

func Add_Tensor(self, other *Tensor, alpha float32) *Tensor {
	for i := range self.data {
		self.data[i] += alpha * other.data[i]
	}
	return self
}

func Alias(self *Tensor) *Tensor { return &Tensor{data: self.data} }
`,
		// A package whose name the tests' locals would shadow (data).
		"data/data.go": `package data

type Tensor struct{ data []float64 }

func New(values []float64, shape ...int) *Tensor { return &Tensor{data: append([]float64(nil), values...)} }

func Neg(self *Tensor) *Tensor {
	r := New(self.data)
	for i := range r.data {
		r.data[i] = -r.data[i]
	}
	return r
}

func Alias(self *Tensor) *Tensor { return &Tensor{data: self.data} }

func Zero_(self *Tensor) *Tensor {
	clear(self.data)
	return self
}
`,
	})
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	goTest := func(pkg string) (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "-tags", "debugasserts", "./"+pkg+"/...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, c := range []struct {
		pkg      string
		want     []string // in the conformance test
		sweep    []string // in the sweep test
		notSweep string
	}{
		{"s", []string{"data, shape := []float64{1, 2, 3, 4, 5, 6}, []int{2, 3}", "return s.New(data, shape...)", "return s.Alias(x)", "s.Neg_(x)"},
			[]string{"type sweepAdapter struct{}", "dtype := reflect.TypeFor[float64]()", "data[i] = float64(v)", "shape := append([]int{}, sp.Shape...)", "checked.SweepOps)"}, "1-D tensors only"},
		{"f", []string{"data := []float32{1, 2, 3, 4, 5, 6}", "return f.FromSlice(data...)", "return f.Alias(x)", "f.Add_Tensor(x, x, 1)"},
			[]string{"case len(sp.Shape) != 1:", "f's constructor makes 1-D tensors only", "return reflect.ValueOf(f.FromSlice(data...)), nil"}, "shape := append("},
		{"data", []string{`assertgenData "example.com/m/data"`, "return assertgenData.New(data, shape...)", "return assertgenData.Alias(x)"},
			[]string{`assertgenData "example.com/m/data"`, "return reflect.ValueOf(assertgenData.New(data, shape...)), nil"}, "1-D tensors only"},
	} {
		p := filepath.Join(dir, c.pkg)
		stdout, stderr, code := clitest.Run(t, p, "init")
		if code != 0 || strings.Contains(stdout, "assertgen_contract_test.go") && strings.Contains(stdout, "to write: the functions") || strings.Contains(stdout, "sweepAdapter.Tensor") {
			t.Fatalf("%s: init: exit %d, want nothing left to write in the tests\n%s%s", c.pkg, code, stdout, stderr)
		}
		if flat := strings.Contains(stdout, "note: assertgen_sweep_test.go's sweepAdapter makes 1-D tensors only (FromSlice takes no shape)"); flat != (c.pkg == "f") {
			t.Errorf("%s: init's report says the sweep is 1-D only: %v\n%s", c.pkg, flat, stdout)
		}
		conf, sw := read(c.pkg+"/assertgen_contract_test.go"), read(c.pkg+"/assertgen_sweep_test.go")
		for _, w := range c.want {
			if !strings.Contains(conf, w) {
				t.Errorf("%s: assertgen_contract_test.go lacks %q:\n%s", c.pkg, w, conf)
			}
		}
		for _, w := range c.sweep {
			if !strings.Contains(sw, w) {
				t.Errorf("%s: assertgen_sweep_test.go lacks %q:\n%s", c.pkg, w, sw)
			}
		}
		if strings.Contains(sw, c.notSweep) || strings.Contains(conf, "TODO") || strings.Contains(sw, "TODO") {
			t.Errorf("%s: the tests say %q or TODO:\n%s\n%s", c.pkg, c.notSweep, conf, sw)
		}
		if err := os.WriteFile(filepath.Join(p, "assertgen_contract.go"), []byte(fmt.Sprintf(contract, c.pkg)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := clitest.Run(t, p, "gen"); code != 0 {
			t.Fatalf("%s: gen after init: exit %d\n%s", c.pkg, code, stderr)
		}
		if out, err := goTest(c.pkg); err != nil || !strings.Contains(out, "ok") {
			t.Errorf("%s: go test -tags debugasserts: %v\n%s", c.pkg, err, out)
		}
	}
	// A view kernel that copies: the conformance test's view case fails.
	src := filepath.Join(dir, "s", "s.go")
	b := []byte(read("s/s.go"))
	b = bytes.Replace(b, []byte("return &Tensor{data: self.data, shape: self.shape}"), []byte("return New(self.data, self.shape...)"), 1)
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := goTest("s"); err == nil || !strings.Contains(out, "TestAssertsContract/view") {
		t.Errorf("a copying Alias: want the conformance test's view case to fail: %v\n%s", err, out)
	}
}

// TestInitMemory: init -memory on a type without ids of its own writes a
// memory function to fill in (memory: in the config) in place of the
// contract's methods, and its conformance test beside the wrappers
// (through the adapter gen writes there); with the function written,
// go generate and the debug tests pass, the conformance test and the
// sweep included, and a view kernel that copies fails the conformance
// test's view case. -memory is refused, before anything is written, for
// a generic type, a type with Ident and with -use-counts true.
func TestInitMemory(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds and tests Go code")
	}
	dir := genericModule(t, map[string]string{"m/m.go": "package m\n\n" + clitest.ShapedRuntime + `
// Memory is taken: init names its function otherwise.
const Memory = 1
`, "k/k.go": `package k

import "github.com/assertgen/assertgen/asserts"

type Tensor struct{ data []float64 }

func New(values []float64, shape ...int) *Tensor { return &Tensor{data: append([]float64(nil), values...)} }

func Neg_(self *Tensor) *Tensor {
	for i := range self.data {
		self.data[i] = -self.data[i]
	}
	return self
}

func Alias(self *Tensor) *Tensor { return &Tensor{data: self.data} }

// Memory is written already: init -memory uses it.
func Memory(t *Tensor) asserts.Memory {
	return asserts.SliceMemory(t.data).Strided([]int{len(t.data)}, nil)
}
`, "h/h.go": `package h

type Tensor struct{ data []float64 }

func (t *Tensor) Ident() (id struct{}) { return }

func Neg(self *Tensor) *Tensor { return self }
`})
	m := filepath.Join(dir, "m")
	stdout, stderr, code := clitest.Run(t, m, "init", "-memory")
	if code != 0 {
		t.Fatalf("init -memory: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"wrote assertgen.yaml, generate.go, assertgen_memory.go, checked/assertgen_memory_test.go, assertgen_sweep_test.go",
		"use_counts: false (-memory: the identities come from the memory function, and it keeps no use counts)",
		"to write: AssertgenMemory (assertgen_memory.go)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("init -memory's report lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "contract methods") || strings.Contains(stdout, "optional:") {
		t.Errorf("init -memory asks for the contract's methods:\n%s", stdout)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(m, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if y := read("assertgen.yaml"); !strings.Contains(y, "memory: example.com/m/m.AssertgenMemory") || !strings.Contains(y, "use_counts: false") {
		t.Errorf("assertgen.yaml:\n%s", y)
	}
	for _, name := range []string{"assertgen_contract.go", "assertgen_contract_test.go"} {
		if _, err := os.Stat(filepath.Join(m, name)); err == nil {
			t.Errorf("init -memory wrote %s", name)
		}
	}
	if c := read("checked/assertgen_memory_test.go"); !strings.Contains(c, "return toID(m.New(data, shape...))") || !strings.Contains(c, "return toID(m.Alias(x))") || !strings.Contains(c, "m.Neg_(x)") || !strings.Contains(c, "return toID(m.Clone(x, nil))") {
		t.Errorf("checked/assertgen_memory_test.go:\n%s", c)
	}
	src := read("assertgen_memory.go")
	const todo = `panic("TODO: implement AssertgenMemory in assertgen_memory.go")`
	if !strings.Contains(src, "func AssertgenMemory(t *Tensor) asserts.Memory {") || !strings.Contains(src, todo) {
		t.Fatalf("assertgen_memory.go:\n%s", src)
	}
	src = strings.Replace(src, todo, "return asserts.SliceMemory(t.data).Strided(t.shape, nil)", 1)
	if err := os.WriteFile(filepath.Join(m, "assertgen_memory.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := clitest.Run(t, m, "gen"); code != 0 {
		t.Fatalf("gen after init -memory: exit %d\n%s", code, stderr)
	}
	goTest := func() (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "-v", "-tags", "debugasserts", "./m/...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := goTest(); err != nil || !strings.Contains(out, "--- PASS: TestMemory") || !strings.Contains(out, "--- PASS: TestSweep") {
		t.Errorf("go test -tags debugasserts after init -memory: %v\n%s", err, out)
	}
	orig := []byte(read("m.go"))
	for _, c := range []struct{ what, from, to, want string }{
		{"a copying Alias", "Alias(self *Tensor) *Tensor { return &Tensor{data: self.data, shape: self.shape} }", "Alias(self *Tensor) *Tensor { return New(self.data, self.shape...) }", "a view reports"},
		{"a sharing Clone", "*int) *Tensor { return New(self.data, self.shape...) }", "*int) *Tensor { return &Tensor{data: self.data, shape: self.shape} }", "a copy reports"},
	} {
		b := bytes.Replace(orig, []byte(c.from), []byte(c.to), 1)
		if bytes.Equal(b, orig) {
			t.Fatalf("%s: %q not in m.go", c.what, c.from)
		}
		if err := os.WriteFile(filepath.Join(m, "m.go"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := goTest(); err == nil || !strings.Contains(out, "--- FAIL: TestMemory/view") || !strings.Contains(out, c.want) {
			t.Errorf("%s: want TestMemory's view case to fail with %q: %v\n%s", c.what, c.want, err, out)
		}
	}

	// A package that has its memory function already: init uses it.
	k := filepath.Join(dir, "k")
	stdout, stderr, code = clitest.Run(t, k, "init", "-memory")
	if code != 0 || strings.Contains(stdout, "assertgen_memory.go,") || strings.Contains(stdout, "to write: Memory") {
		t.Fatalf("init -memory with a Memory: exit %d\n%s%s", code, stdout, stderr)
	}
	if y, _ := os.ReadFile(filepath.Join(k, "assertgen.yaml")); !strings.Contains(string(y), "memory: example.com/m/k.Memory # where a tensor's elements are: its identities\n") {
		t.Errorf("assertgen.yaml:\n%s", y)
	}
	if _, stderr, code := clitest.Run(t, k, "gen"); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, stderr)
	}
	cmd := exec.Command("go", "test", "-count=1", "-tags", "debugasserts", "./k/...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test -tags debugasserts with the package's Memory: %v\n%s", err, out)
	}

	// Refusals, each before anything is written.
	h := filepath.Join(dir, "h")
	for _, c := range []struct {
		dir  string
		args []string
		want string
	}{
		{h, []string{"init", "-memory"}, "-memory: *Tensor has Ident: its identities are its own; leave -memory out"},
		{filepath.Join(dir, "g"), []string{"init", "-memory"}, "-memory: *Tensor is generic, and a memory function is not"},
		{m, []string{"init", "-memory", "-use-counts", "true"}, "-memory with -use-counts true"},
	} {
		before, _ := os.ReadDir(c.dir)
		_, stderr, code := clitest.Run(t, c.dir, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s %v: exit %d, stderr %q, want %q", filepath.Base(c.dir), c.args, code, stderr, c.want)
		}
		if after, _ := os.ReadDir(c.dir); len(after) != len(before) {
			t.Errorf("%s %v: a refused init wrote files", filepath.Base(c.dir), c.args)
		}
	}
}
