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
// line per profile and exits 1 when one differs, with the ops whose
// records differ (their findings, crashes, refusals, outcomes) and the
// first lines that do.
//
//	go run ./cmd/sweepmerge -unstable unstable.json WHOLE SHARDS
//
// lets the ops the file names (a release's unstable.json: kernels whose
// outcome varies between any two runs) differ: when only they differ,
// the profile passes, saying which did; the counts over every op, which
// theirs are part of, are then compared only when none of them differs.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/sweep"
)

func main() {
	unstablePath := flag.String("unstable", "", "a release's unstable.json: the ops it names may differ")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: sweepmerge [-unstable FILE] WHOLE SHARDS (the -out directories of the unsharded sweep and of its shards)")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	unstable := map[string]string{}
	if *unstablePath != "" {
		var err error
		if unstable, err = report.LoadUnstable(*unstablePath); err != nil {
			fmt.Fprintf(os.Stderr, "sweepmerge: %v\n", err)
			os.Exit(1)
		}
	}
	failed := false
	for _, profile := range []string{"strict", "pytorch"} {
		line, err := check(flag.Arg(0), flag.Arg(1), profile, unstable)
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
// report with the unsharded one in whole; the unstable ops may differ.
func check(whole, shards, profile string, unstable map[string]string) (string, error) {
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
	allowed, err := compare(ws[0], merged, unstable)
	if err != nil {
		return "", fmt.Errorf("the report merged from %d shards differs from the unsharded sweep's: %v", len(ss), err)
	}
	var costs []string
	for _, s := range ss {
		costs = append(costs, fmt.Sprintf("%d ops, cost %d", s.Ops, s.Shard.Cost))
	}
	same := "the unsharded sweep's report, times and addresses aside"
	if len(allowed) > 0 {
		same = fmt.Sprintf("the unsharded sweep's records of every op but %d unstable ones (%s), times and addresses aside; the counts over every op not compared", len(allowed), strings.Join(allowed, ", "))
	}
	return fmt.Sprintf("%s: %d shards (%s of %d %s) merged: %d ops, %d findings, %d crashes, %d causes: %s",
		profile, len(ss), strings.Join(costs, "; "), merged.Shard.TableCost, merged.Shard.By, merged.Ops, len(merged.Findings), len(merged.Crashes), len(merged.Causes), same), nil
}

// compare holds the merged report to the unsharded one (comparable) and
// returns the unstable ops whose records differ: an error names the
// other ops that do, or the first lines of a difference that no op's
// records show (the counts, the values' table, the causes).
func compare(whole, merged *sweep.Report, unstable map[string]string) ([]string, error) {
	a, b := comparable(whole), comparable(merged)
	if a == b {
		return nil, nil
	}
	wa, wb := byOp(whole), byOp(merged)
	var allowed, differ []string
	for _, op := range whole.Shard.Ops {
		if wa[op] == wb[op] {
			continue
		}
		if _, ok := unstable[op]; ok {
			allowed = append(allowed, op)
		} else {
			differ = append(differ, op)
		}
	}
	switch {
	case len(differ) > 0:
		return nil, fmt.Errorf("the records of %d ops differ (%s)%s:\n%s", len(differ), strings.Join(differ, ", "), orUnstable(allowed), firstDiff(wa[differ[0]], wb[differ[0]]))
	case len(allowed) == 0:
		return nil, fmt.Errorf("no op's records differ, the counts do:\n%s", firstDiff(a, b))
	}
	return allowed, nil
}

// orUnstable names the unstable ops that differ too.
func orUnstable(ops []string) string {
	if len(ops) == 0 {
		return ""
	}
	return fmt.Sprintf(", and of %d unstable ones (%s)", len(ops), strings.Join(ops, ", "))
}

// An opRecord is what a report says of one op alone.
type opRecord struct {
	Tried, NotReached, NoSample, AgainFailed string
	Exercised                                int
	ExercisedRepairs                         []string
	Findings                                 []*sweep.Finding
	Crashes                                  []*sweep.Crash
	Refused, DtypeRefused                    []*sweep.Refusal
}

// byOp is each op's record in r as text, as comparable writes a report.
func byOp(r *sweep.Report) map[string]string {
	recs := map[string]*opRecord{}
	rec := func(op string) *opRecord {
		if recs[op] == nil {
			recs[op] = &opRecord{Tried: r.Tried[op], NotReached: r.NotReached[op], NoSample: r.NoSample[op], AgainFailed: r.AgainFailed[op],
				Exercised: r.Exercised[op], ExercisedRepairs: r.ExercisedRepairs[op]}
		}
		return recs[op]
	}
	for _, op := range r.Shard.Ops {
		rec(op)
	}
	for _, f := range r.Findings {
		rec(f.Op).Findings = append(rec(f.Op).Findings, f)
	}
	c := comparableCrashes(r.Crashes)
	for _, x := range c {
		rec(x.Op).Crashes = append(rec(x.Op).Crashes, x)
	}
	for _, x := range r.Refused {
		rec(x.Op).Refused = append(rec(x.Op).Refused, x)
	}
	for _, x := range r.DtypeRefused {
		rec(x.Op).DtypeRefused = append(rec(x.Op).DtypeRefused, x)
	}
	out := map[string]string{}
	for op, x := range recs {
		b, err := json.MarshalIndent(x, "", "\t")
		if err != nil {
			panic(err) // a report always encodes
		}
		out[op] = addrRE.ReplaceAllString(string(b), "0x?")
	}
	return out
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
// milliseconds, an unsharded sweep without one in steps, and its split
// identity (sweep.ShardInfo.Split) follows those costs.
func comparable(r *sweep.Report) string {
	c := *r
	c.Took = nil
	c.Shard.Cost, c.Shard.TableCost, c.Shard.By, c.Shard.Split = 0, 0, "", ""
	c.Crashes = comparableCrashes(r.Crashes)
	b, err := json.MarshalIndent(&c, "", "\t")
	if err != nil {
		panic(err) // a report always encodes
	}
	return addrRE.ReplaceAllString(string(b)+"\n"+c.String(), "0x?")
}

// comparableCrashes are cs, of each crash's output its crashing
// goroutine alone.
func comparableCrashes(cs []*sweep.Crash) []*sweep.Crash {
	var out []*sweep.Crash
	for _, x := range cs {
		y := *x
		if parts := strings.SplitN(y.Output, "\n\n", 3); len(parts) == 3 {
			y.Output = parts[0] + "\n\n" + parts[1]
		}
		out = append(out, &y)
	}
	return out
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
