package sweep

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Shards (docs/sweep.md, "Shards"): a sweep of many ops split over
// machines, each sweeping a share of the table's ops, their reports
// merged into the one a single machine would have written ([Merge]).

// A Shard is the share Index (from 0) of Total shares of a sweep's ops:
// "1/3" is the second of three.
type Shard struct {
	Index, Total int
}

// String is the shard as INDEX/TOTAL.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Total) }

// ParseShard parses INDEX/TOTAL ("0/3"): a total of at least 1, an index
// from 0 to the total less 1.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	index, err1 := strconv.Atoi(i)
	total, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%q: want INDEX/TOTAL, two whole numbers (0/3: the first of three shards)", s)
	}
	sh := Shard{Index: index, Total: total}
	if err := sh.check(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

// check reports a shard that is none of its total's.
func (s Shard) check() error {
	switch {
	case s.Total < 1:
		return fmt.Errorf("%s: the total of shards must be at least 1", s)
	case s.Index < 0 || s.Index >= s.Total:
		return fmt.Errorf("%s: the index of a shard of %d runs from 0 to %d", s, s.Total, s.Total-1)
	}
	return nil
}

// The environment variables a sweep takes its shard from: a CI matrix's
// INDEX/TOTAL, and Bazel's test sharding protocol (whose runner expects
// the status file touched by a test that shards).
const (
	shardEnv       = "ASSERTGEN_SWEEP_SHARD"
	bazelTotalEnv  = "TEST_TOTAL_SHARDS"
	bazelIndexEnv  = "TEST_SHARD_INDEX"
	bazelStatusEnv = "TEST_SHARD_STATUS_FILE"
	// outEnv names the directory every sweep of the process writes its
	// report in; Bazel's undeclared outputs directory is the default.
	outEnv   = "ASSERTGEN_SWEEP_OUT"
	bazelOut = "TEST_UNDECLARED_OUTPUTS_DIR"
	// mergeEnv names a directory of shards' reports: a sweep merges them
	// instead of running ([Merge]).
	mergeEnv = "ASSERTGEN_SWEEP_MERGE"
	// pastEnv names a past report's file, whose times balance the shards.
	pastEnv = "ASSERTGEN_SWEEP_PAST"
)

// shardOf is the sweep's shard and what said so: o.Shard when its Total
// is set, else ASSERTGEN_SWEEP_SHARD, else Bazel's TEST_TOTAL_SHARDS and
// TEST_SHARD_INDEX; the whole table (0/1, from "") when none is. A value
// that is no shard is an error, never a sweep of every op.
func (o *Options) shardOf() (Shard, string, error) {
	if o.Shard != (Shard{}) {
		if err := o.Shard.check(); err != nil {
			return Shard{}, "", fmt.Errorf("sweep: Options.Shard %v", err)
		}
		return o.Shard, "Options.Shard", nil
	}
	if v := os.Getenv(shardEnv); v != "" {
		sh, err := ParseShard(v)
		if err != nil {
			return Shard{}, "", fmt.Errorf("sweep: %s=%v", shardEnv, err)
		}
		return sh, shardEnv + "=" + v, nil
	}
	if n := os.Getenv(bazelTotalEnv); n != "" {
		i := os.Getenv(bazelIndexEnv)
		sh, err := ParseShard(i + "/" + n)
		if err != nil {
			return Shard{}, "", fmt.Errorf("sweep: %s=%q, %s=%q: %v", bazelIndexEnv, i, bazelTotalEnv, n, err)
		}
		return sh, fmt.Sprintf("%s=%s, %s=%s", bazelIndexEnv, i, bazelTotalEnv, n), nil
	}
	return Shard{Index: 0, Total: 1}, "", nil
}

// touchStatus touches Bazel's shard status file, when Bazel names one:
// the test says so that it shards.
func touchStatus() error {
	p := os.Getenv(bazelStatusEnv)
	if p == "" {
		return nil
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return fmt.Errorf("sweep: %s: %v", bazelStatusEnv, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sweep: %s: %v", bazelStatusEnv, err)
	}
	now := time.Now()
	return os.Chtimes(p, now, now)
}

// A ShardInfo says which share of the table a report is of ([Report].Shard):
// the shard, what said so, the ops it owned and their cost.
type ShardInfo struct {
	Shard
	// From says what gave the shard: "Options.Shard", the environment
	// variable and its value; "" for a whole sweep (0/1), or the report
	// [Merge] made.
	From string `json:",omitempty"`
	// Ops are the ops the shard swept, in the table's order; Places gives
	// each one's place in the table (from 0), TableOps the table's size.
	Ops      []string
	Places   []int
	TableOps int
	// Table identifies the table and the settings the shards must share
	// to be merged: the ops' schemas and wrappers' types, the runtime's
	// type, the samples, the values and the content check.
	Table string
	// Cost is the shard's share of the table's cost (TableCost), in the
	// units of By: "steps" (an op's variants, given samples and values)
	// or "past ms" (its time in a past report, Options.Past).
	Cost, TableCost int64
	By              string
	// Split identifies what split the table besides its ops: each op's
	// cost and whether Options.Unstable named it. Shards split otherwise
	// (another past report, another unstable list) own ops that overlap
	// or leave some out, and [Merge] refuses them by this.
	Split string `json:",omitempty"`
}

// staleHere keeps of stale (verdict keys no finding, crash or refusal of
// the report needs) those a shard can judge: of an op it owned. A
// cause's verdict, or one of another shard's op, may be needed by
// another shard; only the merged report calls it stale.
func (s *ShardInfo) staleHere(stale []string) []string {
	if s.Total <= 1 {
		return stale
	}
	var out []string
	for _, k := range stale {
		if strings.HasPrefix(k, "crash in ") || strings.HasPrefix(k, "finding in ") {
			continue
		}
		op, _, _ := strings.Cut(k, " ")
		if slices.Contains(s.Ops, op) {
			out = append(out, k)
		}
	}
	return out
}

// String says which shard it is and what it owned, "" for a whole sweep.
func (s *ShardInfo) String() string {
	if s.Total <= 1 {
		return ""
	}
	return fmt.Sprintf("shard %s (%s): %d of the table's %d ops, cost %d of %d %s", s.Shard, s.From, len(s.Ops), s.TableOps, s.Cost, s.TableCost, s.By)
}

// share splits the table es over the shard's total and returns the
// shard's share. The split is the same on every machine for the same
// table, settings, past report and unstable ops: each op's cost is an
// integer (costs), and the ops go, the unstable ones first and then the
// costliest (ties in the table's order), each to the shard with the
// least cost so far (ties to the lowest index).
func share(es []entry, rt Runtime, n int, o Options, sh Shard, from string) (ShardInfo, error) {
	past := o.Past
	if past == nil && os.Getenv(pastEnv) != "" {
		p, err := ReadReport(os.Getenv(pastEnv))
		if err != nil {
			return ShardInfo{}, fmt.Errorf("sweep: %s: %v", pastEnv, err)
		}
		past = p
	}
	cost, by := costs(es, n, o.NoValues, past)
	info := ShardInfo{Shard: sh, From: from, TableOps: len(es), Table: tableHash(es, rt, n, o), By: by}
	order := make([]int, len(es))
	for i := range order {
		order[i] = i
		info.TableCost += cost[i]
	}
	unstable := make([]bool, len(es))
	for i, e := range es {
		unstable[i] = slices.Contains(o.Unstable, e.Name)
	}
	info.Split = splitHash(cost, unstable)
	slices.SortStableFunc(order, func(a, b int) int {
		if unstable[a] != unstable[b] {
			if unstable[a] {
				return -1
			}
			return 1
		}
		return cmp.Compare(cost[b], cost[a])
	})
	load := make([]int64, sh.Total)
	mine := make([]bool, len(es))
	for _, i := range order {
		least := 0
		for k := range load {
			if load[k] < load[least] {
				least = k
			}
		}
		load[least] += cost[i]
		mine[i] = least == sh.Index
	}
	for i, e := range es {
		if mine[i] {
			info.Ops = append(info.Ops, e.Name)
			info.Places = append(info.Places, i)
		}
	}
	info.Cost = load[sh.Index]
	return info, nil
}

// costs gives each op of es its cost and names the unit. Without a past
// report, an op costs its steps: its variants (n), its given samples and
// the values that matter (none with noValues). With one, an op it timed
// costs its time there in milliseconds (at least 1), and an op it did
// not time (new to the table) its steps at the past report's mean time
// per step of the ops it timed.
func costs(es []entry, n int, noValues bool, past *Report) ([]int64, string) {
	steps := make([]int64, len(es))
	for i, e := range es {
		steps[i] = int64(n + len(e.given))
		if !noValues {
			steps[i] += int64(len(Probes))
		}
	}
	if past == nil || len(past.Took) == 0 {
		return steps, "steps"
	}
	out := make([]int64, len(es))
	var ms, st int64
	for i, e := range es {
		if d, ok := past.Took[e.Name]; ok {
			out[i] = max(d.Milliseconds(), 1)
			ms += out[i]
			st += steps[i]
		}
	}
	for i, e := range es {
		if _, ok := past.Took[e.Name]; !ok {
			out[i] = max(steps[i]*ms/max(st, 1), 1)
		}
	}
	return out, "past ms"
}

// splitHash identifies a split's inputs beyond the table: each op's
// cost and whether it is unstable, in the table's order.
func splitHash(cost []int64, unstable []bool) string {
	h := sha256.New()
	for i, c := range cost {
		fmt.Fprintf(h, "%d %t\n", c, unstable[i])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// tableHash identifies the table es and the settings of a sweep of it
// that change its report: what shards must share to be merged.
func tableHash(es []entry, rt Runtime, n int, o Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "%T %d %t %t\n", rt, n, o.Content, o.NoValues)
	for _, e := range es {
		fmt.Fprintf(h, "%s %s %d\n", e.Func, reflect.TypeOf(e.Fn), len(e.given))
		for _, g := range e.given {
			fmt.Fprintf(h, "\t%s %t %t\n", g.Name, g.Exercises, g.Repair)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// owned are the entries of es the shard owns, in the table's order.
func (s *ShardInfo) owned(es []entry) []entry {
	if s.Total <= 1 {
		return es
	}
	out := make([]entry, 0, len(s.Places))
	for _, i := range s.Places {
		out = append(out, es[i])
	}
	return out
}

// outDir is the directory the sweep writes its report in ("": none):
// Options.Out, else ASSERTGEN_SWEEP_OUT, else Bazel's undeclared outputs.
func (o *Options) outDir() string {
	for _, d := range []string{o.Out, os.Getenv(outEnv), os.Getenv(bazelOut)} {
		if d != "" {
			return d
		}
	}
	return ""
}

// reportName is the name of the sweep's report file in its directory,
// without the shard: Options.Name, else the test's name (its '/' as
// '_'), else "sweep".
func (o *Options) reportName(t string) string {
	name := cmp.Or(o.Name, strings.ReplaceAll(t, "/", "_"), "sweep")
	return name
}

// reportFile is the file of shard sh's report of the sweep named name.
func reportFile(name string, sh Shard) string {
	return fmt.Sprintf("%s.shard-%d-of-%d.json", name, sh.Index, sh.Total)
}

// errNoShards is a merge with no reports.
var errNoShards = errors.New("sweep: no shard reports to merge")

// share is the sweep's shard of the table es (n variants per op): the
// whole table when no shard is set. The sweep's process (not a worker)
// touches Bazel's shard status file.
func (o *Options) share(es []entry, rt Runtime, n int) (ShardInfo, error) {
	sh, from, err := o.shardOf()
	if err != nil {
		return ShardInfo{}, err
	}
	if theWorker() == nil {
		if err := touchStatus(); err != nil {
			return ShardInfo{}, err
		}
	}
	return share(es, rt, n, *o, sh, from)
}

// mergeDir merges the shards' reports of the sweep named name in dir
// (ASSERTGEN_SWEEP_MERGE), which must be of the table and settings of
// this sweep (sh).
func mergeDir(dir, name string, sh ShardInfo) (*Report, error) {
	reps, err := ReadShards(dir, name)
	if err != nil {
		return nil, err
	}
	rep, err := Merge(reps...)
	if err != nil {
		return nil, err
	}
	if rep.Shard.Table != sh.Table {
		return nil, fmt.Errorf("sweep: %s=%s: its reports of %s are of another table or settings (%s) than this sweep's (%s)", mergeEnv, dir, name, rep.Shard.Table, sh.Table)
	}
	return rep, nil
}
