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

// TestReproducers: each crash of the sweep on empty tensors gets a
// reproducer written in a fresh module that requires gorgonia alone,
// which imports no package of assertgen, passes go vet, fails naming its
// op, and is minimized (a shape holding a zero, no dim above 1).
func TestReproducers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test per crash")
	}
	mod := t.TempDir()
	if d := os.Getenv("REPRO_KEEP"); d != "" { // an empty directory, to read the reproducers after

		mod = d
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	must(t, os.WriteFile(filepath.Join(mod, "go.mod"), freshMod(t), 0o666))
	must(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o666))
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	r, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, Repro: filepath.Join(mod, "repro"), Test: t})
	if err != nil {
		t.Fatal(err)
	}
	// Sweep logged its bug list (Options.Test): each cause by the package at fault, with its reproducer
	if len(r.Repros) != len(r.Crashes)+len(r.Findings) || len(r.Repros) == 0 {
		t.Fatalf("%d reproducers of %d crashes and %d findings", len(r.Repros), len(r.Crashes), len(r.Findings))
	}
	for _, x := range r.Repros {
		if !x.Verified {
			t.Errorf("%s", x)
			continue
		}
		src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
		must(t, err)
		if strings.Contains(string(src), "\"github.com/assertgen/") {
			t.Errorf("%s imports assertgen:\n%s", x.Dir, src)
		}
		op, _, _ := strings.Cut(x.Key, " ")
		if !strings.HasPrefix(x.Title, op+" panics on ") || !strings.Contains(x.Sample, "[0") {
			t.Errorf("%s: title %q, sample %s: want the op's panic on an empty tensor", x.Key, x.Title, x.Sample)
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
