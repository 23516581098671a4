//go:build debugasserts

package gonum_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/gonum/catalog"
	"github.com/assertgen/assertgen/sweep"
)

// ReproSource says how a reproducer reads and writes a *mat.Dense
// (docs/sweep.md, "Reproducers"): At, Dims and Set, gonum's own, and
// RawMatrix for where its elements are (same_storage), the pointer for
// the object a handle points at (same_impl). gonum keeps no version
// counter and no holds, and has nothing to release: no_mutation and the
// checks of holds do not run on it, so tensorVersion and tensorRelease
// are not declared.
func (sweepAdapter) ReproSource() sweep.Source {
	return sweep.Source{Imports: []string{"gonum.org/v1/gonum/mat", "unsafe"}, Decls: `// tensorValues returns x's elements in row-major order.
func tensorValues(x *mat.Dense) []float64 {
	r, c := x.Dims()
	var out []float64
	for i := range r {
		for j := range c {
			out = append(out, x.At(i, j))
		}
	}
	return out
}

// tensorSizes returns x's shape.
func tensorSizes(x *mat.Dense) []int {
	r, c := x.Dims()
	return []int{r, c}
}

// tensorFill writes v to each element of x.
func tensorFill(x *mat.Dense, v float64) {
	r, c := x.Dims()
	for i := range r {
		for j := range c {
			x.Set(i, j, v)
		}
	}
}

// tensorAddr is where x's elements are.
func tensorAddr(x *mat.Dense) uintptr {
	d := x.RawMatrix().Data
	if len(d) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&d[0]))
}

// tensorImpl is the object x points at.
func tensorImpl(x *mat.Dense) uintptr { return uintptr(unsafe.Pointer(x)) }`}
}

// ReproTensor writes the constructor Tensor calls: mat.NewDense of the
// spec's sizes and values.
func (sweepAdapter) ReproTensor(sp sweep.Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if len(sp.Shape) != 2 || sp.Dtype != "float64" || sp.Transposed || sp.ViewOf >= 0 {
		return "", fmt.Errorf("mat.NewDense makes 2-D float64 matrices")
	}
	return fmt.Sprintf("mat.NewDense(%d, %d, %#v)", sp.Shape[0], sp.Shape[1], sp.Elements()), nil
}

// TestReproducersOfTheCatalog: each wrong binding of the catalog, swept,
// gets a verified reproducer that imports gonum and not assertgen (the
// binding copied), whose title names the op and the promise it breaks.
func TestReproducersOfTheCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test per finding")
	}
	if err := os.MkdirAll("testdata", 0o777); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "repro-") // in the module: it requires gonum
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.RemoveAll(dir)
		os.Remove("testdata") // when this test made it
	})
	r, err := sweep.Sweep(catalog.SweepOps, sweepAdapter{}, sweep.Options{Content: true, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r.BugList())
	want := map[string]string{ // op: what its title says
		"t":         "t returns a copy, not a view of self",
		"narrow":    "narrow returns a copy, not a view of self",
		"alias":     "alias returns its input self as its result",
		"clone":     "clone returns its input self as its result",
		"add.out":   "add.out returns a new tensor, not its argument out",
		"neg_":      "neg_ returns a new tensor, not its argument self",
		"neg":       "neg changes its input self",
		"clone.out": "clone.out gives its argument ", // out, and self where out is self
	}
	got := map[string]bool{}
	for _, x := range r.Repros {
		op, _, _ := strings.Cut(x.Key, " ")
		if !x.Verified {
			t.Errorf("%s", x)
			continue
		}
		got[op] = true
		if w, ok := want[op]; !ok || !strings.HasPrefix(x.Title, w) {
			t.Errorf("%s: title %q, want it to start %q", x.Key, x.Title, w)
		}
		src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "\"github.com/assertgen/") {
			t.Errorf("%s imports assertgen:\n%s", x.Dir, src)
		}
	}
	for op := range want {
		if !got[op] {
			t.Errorf("%s: no verified reproducer", op)
		}
	}
	if t.Failed() {
		t.Log(r)
	}
}
