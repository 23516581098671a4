//go:build debugasserts

package sweep

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/sweep"
)

// TestReproducers: gorgonia's crashes on empty tensors are at most three
// causes, each one reproducer, written outside any module (a temporary
// directory) and verified there: a module of its own that requires
// gorgonia alone (its dependencies indirect), builds with no module
// download (GOPROXY=off) and imports no package of assertgen; named for
// gorgonia's function it calls, at most 30 lines of code, passing go vet,
// failing with the call, what happened and what was expected, and
// minimized (a shape holding a zero, no dim above 1).
func TestReproducers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test per cause")
	}
	dir := t.TempDir()
	if d := os.Getenv("REPRO_KEEP"); d != "" { // an empty directory, to read the reproducers after
		dir = d
	}
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOPROXY", "off")
	r, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	// Sweep logged its bug list (Options.Test): each cause by the package at fault, with its reproducer
	if len(r.Repros) != len(r.Causes) || len(r.Repros) == 0 || len(r.Causes) > 3 {
		t.Fatalf("%d reproducers of %d causes (%d crashes, %d findings): want one per cause, at most three", len(r.Repros), len(r.Causes), len(r.Crashes), len(r.Findings))
	}
	for _, x := range r.Repros {
		if !x.Verified {
			t.Errorf("%s", x)
			continue
		}
		src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
		must(t, err)
		mod, err := os.ReadFile(filepath.Join(x.Dir, "go.mod"))
		must(t, err)
		s := string(src)
		m := callRE.FindStringSubmatch(s)
		if strings.Contains(s, "\"github.com/assertgen/") || strings.Contains(string(mod), "assertgen") ||
			!strings.Contains(string(mod), "require (\n\tgorgonia.org/tensor v0.9.24\n)\n") {
			t.Errorf("%s does not require gorgonia alone:\n%s\n%s", x.Dir, mod, s)
		}
		if m == nil || !strings.HasPrefix(x.Name, "Test"+m[1]+"Panics") || !strings.Contains(s, "want an error or a result, not a panic") ||
			!strings.HasPrefix(x.Title, "tensor."+m[1]+"(") || !strings.Contains(x.Sample, "[0") {
			t.Errorf("%s: %s (%s): want a test of gorgonia's function panicking on an empty tensor:\n%s", x.Dir, x.Name, x.Title, s)
		}
		if n := codeLines(s); n > 30 {
			t.Errorf("%s: %d lines of code, want at most 30:\n%s", x.Dir, n, s)
		}
		for _, m := range shapeRE.FindAllStringSubmatch(x.Sample, -1) {
			if strings.Trim(m[1], "01,") != "" {
				t.Errorf("%s: sample %s not minimized: a dim above 1", x.Key, x.Sample)
			}
		}
		cmd := exec.Command("go", "vet", ".")
		cmd.Dir = x.Dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: go vet: %v\n%s", x.Dir, err, out)
		}
	}
}

// callRE finds the gorgonia function a reproducer calls.
var callRE = regexp.MustCompile(`\n\t_(?:, _)* = tensor\.(\w+)\(`)

// codeLines counts src's lines that are not blank or comments.
func codeLines(src string) int {
	n := 0
	for _, l := range strings.Split(src, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") {
			n++
		}
	}
	return n
}

// shapeRE finds a tensor's shape in a sample's description.
var shapeRE = regexp.MustCompile(`(?:float|int|bool)\w*\[([0-9,]*)\]`)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// freshMod is the go.mod of a module that requires gorgonia alone (with
// the modules gorgonia requires, as this module's go.mod lists them).
func freshMod(t *testing.T) []byte {
	b, err := os.ReadFile("../go.mod")
	must(t, err)
	var req []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		f := strings.Fields(l)
		if len(f) >= 2 && strings.Contains(f[0], ".") && !strings.HasPrefix(f[0], "github.com/assertgen/") && strings.HasPrefix(f[1], "v") {
			req = append(req, "\t"+f[0]+" "+f[1])
		}
	}
	return []byte("module example.com/fresh\n\ngo 1.25.0\n\nrequire (\n" + strings.Join(req, "\n") + "\n)\n")
}

// TestReproHooks: the functions every reproducer of gorgonia's tensors
// gets, in a fresh module requiring gorgonia alone, on tensors as
// ReproTensor writes them (0-dim, empty, a matrix, a transposed one of
// the spec's sizes, a view, a Go int one): tensorSizes and tensorValues read them as made, tensorFill
// writes each element, tensorAddr is where the elements are (a view's
// inside its base's, a clone's elsewhere) and stays there, tensorImpl is
// the pointer; so that same_storage and same_impl get reproducers here.
func TestReproHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test")
	}
	mod := t.TempDir()
	sum, err := os.ReadFile("../go.sum")
	must(t, err)
	must(t, os.WriteFile(filepath.Join(mod, "go.mod"), freshMod(t), 0o666))
	must(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o666))
	src := adapter{}.ReproSource()
	mk := func(sp sweep.Spec, made ...string) string {
		e, err := adapter{}.ReproTensor(sp, made)
		must(t, err)
		return e
	}
	spec := func(dtype string, shape ...int) sweep.Spec {
		return sweep.Spec{Dtype: dtype, Shape: shape, Same: -1, ViewOf: -1}
	}
	tr := spec("float32", 2, 3)
	tr.Transposed = true
	view := spec("float64", 3)
	view.ViewOf, view.Index = 0, 1
	goInt := spec("int64", 2, 2) // the probe Go int's: a tensor.Int Dense
	goInt.GoInt = true
	var b strings.Builder
	b.WriteString("package hooks\n\nimport (\n\t\"slices\"\n\t\"testing\"\n")
	for _, p := range src.Imports {
		b.WriteString("\t\"" + p + "\"\n")
	}
	b.WriteString(")\n\n" + src.Decls + "\n\nfunc TestHooks(t *testing.T) {\n")
	b.WriteString("\tscalar, empty, m, tr := " + mk(spec("float64")) + ", " + mk(spec("float32", 0)) + ", " + mk(spec("float64", 2, 3)) + ", " + mk(tr) + "\n")
	b.WriteString("\tview, goInt := " + mk(view, "m") + ", " + mk(goInt) + "\n")
	b.WriteString(`	for _, c := range []struct {
		x     *tensor.Dense
		sizes []int
		n     int
	}{{scalar, []int{}, 1}, {empty, []int{0}, 0}, {m, []int{2, 3}, 6}, {tr, []int{2, 3}, 6}, {view, []int{3}, 3}, {goInt, []int{2, 2}, 4}} {
		if got := tensorSizes(c.x); !slices.Equal(got, c.sizes) {
			t.Errorf("sizes %v, want %v", got, c.sizes)
		}
		a := tensorAddr(c.x)
		tensorFill(c.x, 7)
		if got := tensorValues(c.x); len(got) != c.n || slices.ContainsFunc(got, func(v float64) bool { return v != 7 }) {
			t.Errorf("%v: after tensorFill(x, 7): %v", c.sizes, got)
		}
		if (a == 0) != (c.n == 0) || tensorAddr(c.x) != a || tensorImpl(c.x) != uintptr(unsafe.Pointer(c.x)) {
			t.Errorf("%v: tensorAddr %#x then %#x, tensorImpl %#x", c.sizes, a, tensorAddr(c.x), tensorImpl(c.x))
		}
	}
	if a := tensorAddr(view); a <= tensorAddr(m) || a >= tensorAddr(m)+6*8 {
		t.Errorf("a view's elements at %#x, not in its base's at %#x", a, tensorAddr(m))
	}
	if tensorAddr(m.Clone().(*tensor.Dense)) == tensorAddr(m) {
		t.Error("a clone's elements where its original's are")
	}
}
`)
	must(t, os.WriteFile(filepath.Join(mod, "hooks_test.go"), []byte(b.String()), 0o666))
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir, cmd.Env = mod, append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, b.String())
	}
}
