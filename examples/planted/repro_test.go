//go:build debugasserts

package planted_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/examples/planted"
	"github.com/assertgen/assertgen/examples/planted/checked"
	"github.com/assertgen/assertgen/sweep"
)

// TestReproInterfaceMode: a sweep of the planted catalog (interface mode:
// the kernels behind the Kernels interface, chosen at run time) with
// reproducers on writes none, and says per cause that it wrote none and
// why (interface mode), without minimizing for nothing; the report ends
// with those lines.
func TestReproInterfaceMode(t *testing.T) {
	dir := t.TempDir()
	start := time.Now()
	k := kernels{add_: planted.Add_ReturnsNew, clone: planted.CloneViewsNonContiguous}
	rep, err := sweep.Sweep(checked.SweepOps(k), adapter{}, sweep.Options{Content: true, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 || len(rep.Repros) != len(rep.Causes) {
		t.Fatalf("%d findings, %d crashes, %d causes, %d reproducers:\n%s", len(rep.Findings), len(rep.Crashes), len(rep.Causes), len(rep.Repros), rep)
	}
	for _, r := range rep.Repros {
		if r.Dir != "" || r.Tries != 0 || !strings.HasPrefix(r.Note, "interface mode: the wrapper ") || !strings.Contains(rep.String(), r.Key+": no reproducer: interface mode") {
			t.Errorf("%s: dir %q, %d tries, note %q; want no reproducer, said so", r.Key, r.Dir, r.Tries, r.Note)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d entries written in the reproducers' directory", len(ents))
	}
	t.Logf("%d findings, %v", len(rep.Findings), time.Since(start))
}
