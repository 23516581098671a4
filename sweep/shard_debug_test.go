//go:build debugasserts

package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reproducers of a sweep merged from shards are the one machine's,
// each once and in its order: the shards write them into one directory
// (as each machine would into the same path of its own), each shard
// into a directory of its own there, a finding of
// the binding's (clone) and crashes of causes that span the shards.
func TestMergedShardsKeepReproducers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers, three times")
	}
	ops := causesOps("clone", "neg", "sum", "tanh", "abs")
	o := Options{Content: true, InProcess: true, Repro: trustReproDir(t, "repro-shards-")}
	whole, err := Sweep(ops, causesRuntime{}, o)
	if err != nil {
		t.Fatal(err)
	}
	var shards []*Report
	for i := range 2 {
		o.Shard = Shard{i, 2}
		rep, err := Sweep(ops, causesRuntime{}, o)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, rep)
	}
	merged, err := Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	verified := 0
	for _, x := range merged.Repros {
		if x.Verified {
			verified++
		}
	}
	if len(merged.Repros) < 4 || verified == 0 || len(shards[0].Repros) == 0 || len(shards[1].Repros) == 0 {
		t.Errorf("%d reproducers (%d verified), %d and %d in the shards:\n%s", len(merged.Repros), verified, len(shards[0].Repros), len(shards[1].Repros), merged)
	}
	sameReport(t, "with reproducers, 2 shards", whole, merged, nil)
	// Each shard wrote into a directory of its own: no reproducer of
	// the merged report was written over by another shard's.
	dirs := map[string]bool{}
	for _, x := range merged.Repros {
		if x.Dir == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
		if dirs[x.Dir] || !shardDirRE.MatchString(x.Dir+"/") || err != nil || !strings.Contains(string(src), "func "+x.Name+"(") {
			t.Errorf("reproducer of %s: directory %s (twice: %v), not a shard's, or its test not %s (%v)", x.Cause, x.Dir, dirs[x.Dir], x.Name, err)
		}
		dirs[x.Dir] = true
	}
}
