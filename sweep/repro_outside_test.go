//go:build debugasserts

package sweep_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/sweepdemo/checked"
	"github.com/assertgen/assertgen/sweep"
)

// reproAdapter is the example's adapter with its tensors written as Go:
// reftensor.FromSlice of the spec's values.
type reproAdapter struct{ adapter }

func (reproAdapter) ReproSource() sweep.Source {
	return sweep.Source{Imports: []string{"github.com/assertgen/assertgen/examples/reftensor"}, Decls: `
func tensorValues(x *reftensor.Tensor) []float64 { return x.ToSlice() }

func tensorSizes(x *reftensor.Tensor) []int { return x.Sizes() }

func tensorFill(x *reftensor.Tensor, v float64) { x.Fill(v) }`}
}

func (reproAdapter) ReproTensor(sp sweep.Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	return fmt.Sprintf("reftensor.FromSlice(%#v, %s)", sp.Elements(), strings.Trim(strings.ReplaceAll(fmt.Sprint(sp.Shape), " ", ", "), "[]")), nil
}

// TestReproOfReturnsArg: the example's add_ returning a new tensor gets a
// reproducer that copies add_'s kernel (the kernels package is the
// user's), imports reftensor (the library) and not the checks, fails
// alone with the kernel's call and the broken promise, is minimized (no dim above 1)
// and verified by running it; the report's list of reproducers has its
// line, and its bug list, which it ends with, its title and command.
func TestReproOfReturnsArg(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	dir, err := os.MkdirTemp("testdata", "repro-") // in the module: it imports reftensor
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	r, err := sweep.Sweep(checked.SweepOps, reproAdapter{}, sweep.Options{Content: true, InProcess: true, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Repros) != 1 {
		t.Fatalf("%d reproducers, want 1:\n%s", len(r.Repros), r)
	}
	x := r.Repros[0]
	if !x.Verified || x.Key != "add_.Tensor returns_arg return 0" {
		t.Fatalf("%s, want a verified reproducer of add_.Tensor's returns_arg", x)
	}
	if want := "Add_Tensor(self, other, alpha) returns a new tensor, not its argument self on a 0-dim float32 tensor self and a 0-dim float32 tensor other"; x.Title != want || x.Name != "TestAddTensorReturnsANewTensor" {
		t.Errorf("title %q, want %q (minimized to 0-dim tensors)", x.Title, want)
	}
	src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"/asserts", "/sweep\"", "sweepdemo"} {
		if strings.Contains(string(src), bad) {
			t.Errorf("the reproducer names %s:\n%s", bad, src)
		}
	}
	if !strings.Contains(string(src), "func Add_Tensor(") || !strings.Contains(string(src), "if r0 != self {") {
		t.Errorf("the reproducer copies no kernel or checks no identity:\n%s", src)
	}
	if !strings.Contains(r.String(), "reproducers (1 verified, 0 not") || !strings.Contains(r.BugList(), "\t"+x.Title+" (cd ./sweep/testdata/repro-") ||
		!strings.HasSuffix(r.String(), r.BugList()) {
		t.Errorf("the report does not end with the reproducer:\n%s\n%s", r, r.BugList())
	}
}
