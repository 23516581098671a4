// Command sweepmerge merges the reports of a libtorch sweep's shards and
// holds each profile's merged report to the unsharded sweep's:
//
//	go run ./cmd/sweepmerge WHOLE SHARDS
//
// WHOLE is the -out directory of the sweep of every op (sweep -out
// WHOLE), SHARDS the directory holding the reports of its shards (sweep
// -shard I/N -out SHARDS, one run per shard). For each profile (strict,
// pytorch) it merges the shards' reports (package sweep's Merge) and
// compares the merged report with the unsharded one, their files and
// texts, but for the times each op took, the addresses in the findings'
// messages and the goroutines of a crash's trace but the crashing one,
// which differ from run to run of one sweep too. It prints a
// line per profile and exits 1 when one differs, with the first lines
// that do.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/assertgen/assertgen/sweep"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: sweepmerge WHOLE SHARDS (the -out directories of the unsharded sweep and of its shards)")
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, profile := range []string{"strict", "pytorch"} {
		line, err := check(flag.Arg(0), flag.Arg(1), profile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sweepmerge: %s: %v\n", profile, err)
			failed = true
			continue
		}
		fmt.Println(line)
	}
	if failed {
		os.Exit(1)
	}
}

// check merges profile's shard reports in shards and compares the merged
// report with the unsharded one in whole.
func check(whole, shards, profile string) (string, error) {
	ws, err := sweep.ReadShards(whole, profile)
	if err != nil {
		return "", err
	}
	if len(ws) != 1 || ws[0].Shard.Total != 1 {
		return "", fmt.Errorf("%s: want the report of one unsharded sweep, have %d of shard %s", whole, len(ws), ws[0].Shard.Shard)
	}
	ss, err := sweep.ReadShards(shards, profile)
	if err != nil {
		return "", err
	}
	merged, err := sweep.Merge(ss...)
	if err != nil {
		return "", err
	}
	a, b := comparable(ws[0]), comparable(merged)
	if a != b {
		return "", fmt.Errorf("the report merged from %d shards differs from the unsharded sweep's:\n%s", len(ss), firstDiff(a, b))
	}
	var costs []string
	for _, s := range ss {
		costs = append(costs, fmt.Sprintf("%d ops, cost %d", s.Ops, s.Shard.Cost))
	}
	return fmt.Sprintf("%s: %d shards (%s of %d %s) merged: %d ops, %d findings, %d crashes, %d causes: the unsharded sweep's report, times and addresses aside",
		profile, len(ss), strings.Join(costs, "; "), merged.Shard.TableCost, merged.Shard.By, merged.Ops, len(merged.Findings), len(merged.Crashes), len(merged.Causes)), nil
}

// addrRE finds an address in a finding's message.
var addrRE = regexp.MustCompile(`0x[0-9a-f]+`)

// comparable is r's file and text without its times, its addresses as
// 0x?, and of each crash's output its crashing goroutine alone: a
// worker's trace ends with the runtime's own goroutines (the collector's,
// the scavenger's), whose states differ from run to run.
//
// The split's cost basis is left out too: shards balanced by a past
// report's times (ASSERTGEN_SWEEP_PAST) count their cost in past
// milliseconds, an unsharded sweep without one in steps.
func comparable(r *sweep.Report) string {
	c := *r
	c.Took = nil
	c.Shard.Cost, c.Shard.TableCost, c.Shard.By = 0, 0, ""
	c.Crashes = nil
	for _, x := range r.Crashes {
		y := *x
		if parts := strings.SplitN(y.Output, "\n\n", 3); len(parts) == 3 {
			y.Output = parts[0] + "\n\n" + parts[1]
		}
		c.Crashes = append(c.Crashes, &y)
	}
	b, err := json.MarshalIndent(&c, "", "\t")
	if err != nil {
		panic(err) // a report always encodes
	}
	return addrRE.ReplaceAllString(string(b)+"\n"+c.String(), "0x?")
}

// firstDiff shows the first line where a and b part, with a few after.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		if i >= len(la) || i >= len(lb) || la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n--- unsharded\n%s\n--- merged\n%s", i+1, strings.Join(la[i:min(i+4, len(la))], "\n"), strings.Join(lb[i:min(i+4, len(lb))], "\n"))
		}
	}
	return ""
}
