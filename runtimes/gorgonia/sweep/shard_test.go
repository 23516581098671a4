//go:build debugasserts

package sweep

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/sweep"
)

// TestShards sweeps every bound op as 1, 2, 3 and 7 shards (machines of
// their own: each writes its report into a directory of its own), merges
// each total's reports, and holds the merged report to the sweep's on one
// machine: its file but for the times (Took) and addresses, its text, and
// the verdicts' judgement (none unjudged, none stale).
func TestShards(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps every op 14 times")
	}
	dir := t.TempDir()
	var runs []sweep.Shard
	for _, n := range []int{1, 2, 3, 7} {
		for i := range n {
			runs = append(runs, sweep.Shard{Index: i, Total: n})
		}
	}
	// Every sweep first, from one line: a worker runs the test again up
	// to its sweep, and reads no file another sweep wrote.
	whole, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, Name: "gorgonia", Test: t})
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range runs {
		out := filepath.Join(dir, fmt.Sprint(sh.Total))
		rep, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, Name: "gorgonia", Test: t, Shard: sh, Out: out})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Shard.Shard != sh || rep.Ops != len(rep.Shard.Ops) || rep.Shard.TableOps != whole.Ops {
			t.Fatalf("shard %s: its report says %+v", sh, rep.Shard)
		}
	}
	for _, n := range []int{1, 2, 3, 7} {
		shards, err := sweep.ReadShards(filepath.Join(dir, fmt.Sprint(n)), "gorgonia")
		if err != nil {
			t.Fatal(err)
		}
		merged, err := sweep.Merge(shards...)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := reportFile(t, whole), reportFile(t, merged); a != b {
			t.Errorf("%d shards: the merged report's file is not the one machine's:\n--- one machine\n%s\n--- merged\n%s", n, a, b)
		}
		if a, b := noAddrs(whole.String()), noAddrs(merged.String()); a != b {
			t.Errorf("%d shards: the merged report's text is not the one machine's:\n--- one machine\n%s\n--- merged\n%s", n, a, b)
		}
		unjudged, stale := verdicts.Judge(merged)
		if len(unjudged)+len(stale) > 0 {
			t.Errorf("%d shards: unjudged %q, stale %q", n, unjudged, stale)
		}
		if n == 3 {
			t.Logf("3 shards, %d crashes and %d findings in %d causes: %s; %s; %s", len(merged.Crashes), len(merged.Findings), len(merged.Causes), shards[0].Shard.String(), shards[1].Shard.String(), shards[2].Shard.String())
		}
	}
}

// reportFile is r's file without its times, its addresses as 0x?.
func reportFile(t *testing.T, r *sweep.Report) string {
	c := *r
	c.Took = nil
	b, err := json.MarshalIndent(&c, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	return noAddrs(string(b))
}

// addrRE finds an address in a message.
var addrRE = regexp.MustCompile(`0x[0-9a-f]+`)

// noAddrs is s with its addresses as 0x?.
func noAddrs(s string) string { return addrRE.ReplaceAllString(s, "0x?") }
