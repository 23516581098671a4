//go:build debugasserts

package gonum_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/gonum/catalog"
	"github.com/assertgen/assertgen/sweep"
)

// TestReproducersOfTheCatalog: each wrong binding of the catalog, swept
// with the reproducer hooks init wrote into sweepAdapter
// (assertgen_sweep_test.go: mat.NewDense, RawMatrix), is one cause and
// gets one verified reproducer, filed under the catalog's package, in a
// module of its own that requires gonum and not assertgen (the binding
// copied), whose title names the bound function it calls and the
// promise it breaks; the bug list files each, one entry, under the
// catalog's package.
func TestReproducersOfTheCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test per finding")
	}
	// the directory is in the module (a reproducer requires gonum), made
	// by the sweep's process alone: its workers run this test again up
	// to the sweep, find it in the environment and make none of their own
	dir := os.Getenv("ASSERTGEN_SWEEP_REPRO")
	if dir == "" {
		if err := os.MkdirAll("testdata", 0o777); err != nil {
			t.Fatal(err)
		}
		var err error
		if dir, err = os.MkdirTemp("testdata", "repro-"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			os.RemoveAll(dir)
			os.Remove("testdata") // when this test made it
		})
		t.Setenv("ASSERTGEN_SWEEP_REPRO", dir)
	}
	r, err := sweep.Sweep(catalog.SweepOps, sweepAdapter{}, sweep.Options{Content: true, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	// Sweep logged its bug list (Options.Test): each cause by the package
	// at fault, with its reproducer. Each wrong binding is one cause (one
	// entry), filed under the catalog's package, whose bound code it is,
	// not under gonum's mat, which its code calls (or not at all).
	if bugs := r.BugList(); !strings.HasPrefix(bugs, "github.com/assertgen/assertgen/runtimes/gonum/catalog (the binding):\n") ||
		strings.Count(bugs, "\n- ") != 8 || strings.Contains(bugs, "gonum.org/") {
		t.Errorf("the bug list, want the 8 wrong bindings under the catalog's package:\n%s", bugs)
	}
	want := map[string]string{ // op: what its title says
		"t":         "boundT(self) returns a copy, not a view of self",
		"narrow":    "boundNarrow(self, dim, start, length) returns a copy, not a view of self",
		"alias":     "boundAlias(self) returns its input self as its result",
		"clone":     "boundClone(self, memory_format) returns its input self as its result",
		"add.out":   "boundAddOut(self, other, alpha, out) returns a new tensor, not its argument out",
		"neg_":      "boundNeg_(self) returns a new tensor, not its argument self",
		"neg":       "boundNeg(self) changes its input self",
		"clone.out": "boundCloneOut(self, memory_format, out) gives its argument ", // out, and self where out is self
	}
	if len(r.Repros) != len(want) || len(r.Causes) != len(want) {
		t.Errorf("%d reproducers of %d causes, want one per wrong binding (%d)", len(r.Repros), len(r.Causes), len(want))
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
		mod, err := os.ReadFile(filepath.Join(x.Dir, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "\"github.com/assertgen/") || strings.Contains(string(mod), "assertgen") || !strings.Contains(string(mod), "\tgonum.org/v1/gonum v") {
			t.Errorf("%s imports assertgen, or requires no gonum:\n%s\n%s", x.Dir, mod, src)
		}
		if x.Package != "github.com/assertgen/assertgen/runtimes/gonum/catalog" {
			t.Errorf("%s: filed under %s, want the catalog's package", x.Key, x.Package)
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
