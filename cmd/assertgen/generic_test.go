package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// genericModule makes a module requiring this one, with package g: a
// generic tensor type without the contract's methods but with Release,
// and the files of more (name to source).
func genericModule(t *testing.T, more map[string]string) string {
	t.Helper()
	gomod, gosum := requiringAssertgen(t, "example.com/m")
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
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := genericModule(t, map[string]string{"g/kernels.go": `package g

func Neg[E float32 | float64](self *Tensor[E]) *Tensor[E] { return self }

func AddTensor[F float32 | float64](self, other *Tensor[F], alpha F) *Tensor[F] { return self }
`})
	g := filepath.Join(dir, "g")
	stdout, stderr, code := runCLI(t, g, "init", "-ops", "neg,add.Tensor,abs")
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
	if _, stderr, code := runCLI(t, g, "gen"); code != 0 {
		t.Fatalf("gen after init: exit %d\n%s", code, stderr)
	}
	if c := read("checked/assertgen_checked.go"); !strings.Contains(c, "func Abs[E float32 | float64](self *kernels.Tensor[E]) *kernels.Tensor[E] {") {
		t.Errorf("the wrappers are not generic:\n%s", c)
	}
	buildAll(t, dir)
}

// TestInitGenericNeedsElements: a type parameter whose constraint has no
// finite type set needs its element types named (-type-params); with them
// init writes them into type_params:.
func TestInitGenericNeedsElements(t *testing.T) {
	if testing.Short() {
		t.Skip("loads Go packages")
	}
	dir := genericModule(t, map[string]string{"h/h.go": `package h

type Tensor[E any] struct{ data []E }

func Neg[E any](self *Tensor[E]) *Tensor[E] { return self }
`})
	h := filepath.Join(dir, "h")
	_, stderr, code := runCLI(t, h, "init")
	if want := "Tensor's type parameter E has no finite set of element types (its constraint is any): name the ones to check, -type-params E=float32,float64"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("init without -type-params: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if entries, _ := os.ReadDir(h); len(entries) != 1 {
		t.Errorf("a refused init wrote files: %v", entries)
	}
	stdout, stderr, code := runCLI(t, h, "init", "-type-params", "E=float64,int64")
	if code != 0 || !strings.Contains(stdout, "type_params: E: [float64, int64]") {
		t.Errorf("init -type-params: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestInitInfersScalar: init on a plain tensor type with no -types takes
// the Scalar type from its kernels' Scalar arguments, as for a generic
// type (README's three steps, without guide 0's -types Scalar=float64);
// kernels that disagree leave it any, and the kernels are then named.
func TestInitInfersScalar(t *testing.T) {
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
	stdout, stderr, code := runCLI(t, p, "init")
	if code != 0 || !strings.Contains(stdout, "types: Scalar: float64 (the type of the kernels' Scalar arguments)") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(p, "assertgen.yaml")); err != nil || !strings.Contains(string(b), `Scalar: "float64"`) {
		t.Errorf("assertgen.yaml (%v):\n%s", err, b)
	}
	if _, stderr, code := runCLI(t, p, "gen"); code != 0 {
		t.Fatalf("gen after init: exit %d\n%s", code, stderr)
	}
	q := filepath.Join(dir, "q")
	_, stderr, code = runCLI(t, q, "init")
	if code != 1 || !strings.Contains(stderr, "kernel AddTensor of add.Tensor has the wrong signature") || !strings.Contains(stderr, "kernel SubTensor of sub.Tensor has the wrong signature") {
		t.Errorf("init with kernels that disagree on Scalar: exit %d\n%s", code, stderr)
	}
	if entries, _ := os.ReadDir(q); len(entries) != 1 {
		t.Errorf("a refused init wrote files: %v", entries)
	}
}
