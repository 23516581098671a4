package sweep

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// A report's file: JSON, versioned, its keys in a fixed order (a map's
// sorted), so that the same report writes the same bytes on any
// machine. The merged report of a sweep's shards is the report of the
// sweep on one machine but for the times (Took) and the order of the
// crashes no op's call started (Unattributed, in the shards' order).

// The format's name and version: a reader refuses another.
const (
	reportFormat  = "assertgen sweep report"
	reportVersion = 1
)

// plainReport is a Report without its methods, for encoding/json.
type plainReport Report

// reportJSON is a Report's file: its exported fields, with the counts
// and checks by name, the values' table, and the members of its causes
// that are the consequence of another (cause key: member keys).
type reportJSON struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	*plainReport
	Stats        statsJSON
	Findings     []findingJSON
	Values       []probeCount
	Consequences map[string][]string `json:",omitempty"`
	// DtypesRun are the dtypes a sample that ran had a tensor of
	// (Report.dtypesRan), in featDtypeNames' order.
	DtypesRun []string `json:",omitempty"`
}

// statsJSON is asserts.Stats by check and reason name.
type statsJSON struct {
	Calls                    uint64
	Ran, Violations, Skipped map[string]uint64
}

// findingJSON is a Finding with its check by name.
type findingJSON struct {
	Op, Check, Where, Message string
	Variants, Messages        []string
	Count                     int
	Cause                     string `json:",omitempty"`
}

// MarshalJSON encodes the report as its file ([ReadReport] reads it).
func (r *Report) MarshalJSON() ([]byte, error) {
	w := reportJSON{Format: reportFormat, Version: reportVersion, plainReport: (*plainReport)(r), Values: r.valueCounts}
	w.DtypesRun = dtypesIn(r.dtypesRan)
	w.Stats = statsJSON{Calls: r.Stats.Calls, Ran: map[string]uint64{}, Violations: map[string]uint64{}, Skipped: map[string]uint64{}}
	for k := range checks.NumChecks {
		if n := r.Stats.Ran[k]; n > 0 {
			w.Stats.Ran[checks.Check(k).String()] = n
		}
		if n := r.Stats.Violations[k]; n > 0 {
			w.Stats.Violations[checks.Check(k).String()] = n
		}
	}
	for k := range checks.NumReasons {
		if n := r.Stats.Skipped[k]; n > 0 {
			w.Stats.Skipped[checks.Reason(k).String()] = n
		}
	}
	w.Findings = []findingJSON{}
	for _, f := range r.Findings {
		w.Findings = append(w.Findings, findingJSON{f.Op, f.Check.String(), f.Where, f.Message, f.Variants, f.Messages, f.Count, f.Cause})
	}
	for _, c := range r.Causes {
		for _, m := range c.Members {
			if m.consequence {
				if w.Consequences == nil {
					w.Consequences = map[string][]string{}
				}
				w.Consequences[c.Key] = append(w.Consequences[c.Key], m.Key)
			}
		}
	}
	return json.Marshal(w)
}

// UnmarshalJSON decodes a report's file of this format's version.
func (r *Report) UnmarshalJSON(b []byte) error {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	if head.Format != reportFormat {
		return fmt.Errorf("not a sweep report (format %q, want %q)", head.Format, reportFormat)
	}
	if head.Version != reportVersion {
		return fmt.Errorf("a sweep report of version %d: this assertgen reads version %d", head.Version, reportVersion)
	}
	nr := newReport(0)
	w := reportJSON{plainReport: (*plainReport)(nr)}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if w.Values != nil {
		nr.valueCounts = w.Values
	}
	for _, d := range w.DtypesRun {
		if i := slices.Index(featDtypeNames, d); i >= 0 {
			nr.dtypesRan |= 1 << i
		}
	}
	nr.Stats = asserts.Stats{Calls: w.Stats.Calls}
	for name, n := range w.Stats.Ran {
		k, ok := checks.Parse(name)
		if !ok {
			return fmt.Errorf("the check %q in Stats.Ran is not one of this assertgen's", name)
		}
		nr.Stats.Ran[k] = n
	}
	for name, n := range w.Stats.Violations {
		k, ok := checks.Parse(name)
		if !ok {
			return fmt.Errorf("the check %q in Stats.Violations is not one of this assertgen's", name)
		}
		nr.Stats.Violations[k] = n
	}
	for name, n := range w.Stats.Skipped {
		k, ok := checks.ParseReason(name)
		if !ok {
			return fmt.Errorf("the reason %q in Stats.Skipped is not one of this assertgen's", name)
		}
		nr.Stats.Skipped[k] = n
	}
	nr.Findings = nil
	for _, f := range w.Findings {
		k, ok := checks.Parse(f.Check)
		if !ok {
			return fmt.Errorf("the finding %s %s %s: its check is not one of this assertgen's", f.Op, f.Check, f.Where)
		}
		nr.Findings = append(nr.Findings, &Finding{Op: f.Op, Check: k, Where: f.Where, Message: f.Message, Variants: f.Variants, Messages: f.Messages, Count: f.Count, Cause: f.Cause})
	}
	for _, c := range nr.Causes {
		for i := range c.Members {
			c.Members[i].consequence = slices.Contains(w.Consequences[c.Key], c.Members[i].Key)
		}
	}
	fillMaps(nr)
	*r = *nr
	return nil
}

// fillMaps makes r's nil maps empty ones, as a sweep's report has them.
func fillMaps(r *Report) {
	for _, m := range []*map[string]int{&r.Exercised, &r.RejectedBy, &r.Unmade, &r.RepairsUsed} {
		if *m == nil {
			*m = map[string]int{}
		}
	}
	for _, m := range []*map[string]string{&r.NotReached, &r.NoSample, &r.AgainFailed, &r.Tried} {
		if *m == nil {
			*m = map[string]string{}
		}
	}
	if r.NotGenerated == nil {
		r.NotGenerated = map[int]string{}
	}
	if r.ExercisedRepairs == nil {
		r.ExercisedRepairs = map[string][]string{}
	}
	if r.Took == nil {
		r.Took = map[string]time.Duration{}
	}
}

// ReadReport reads a report's file: a sweep's or a shard's (written
// where the sweep writes its outputs: [Options].Out), or a merged one.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := &Report{}
	if err := json.Unmarshal(b, r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return r, nil
}

// WriteReport writes r to path as its file, indented, with a final
// newline.
func WriteReport(path string, r *Report) error {
	b, err := json.MarshalIndent(r, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o666)
}

// writeShardReport writes the sweep's report into the sweep's output
// directory, when it has one, as NAME.shard-INDEX-of-TOTAL.json.
func writeShardReport(o *Options, test string, rep *Report) error {
	dir := o.outDir()
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("sweep: the report's directory: %v", err)
	}
	p := filepath.Join(dir, reportFile(o.reportName(test), rep.Shard.Shard))
	if err := WriteReport(p, rep); err != nil {
		return fmt.Errorf("sweep: the report: %v", err)
	}
	return nil
}

// ReadShards reads the reports of the sweep named name (its
// [Options].Name, else its test's name) that dir holds, one per shard:
// the files NAME.shard-INDEX-of-TOTAL.json, in the order of their index.
func ReadShards(dir, name string) ([]*Report, error) {
	paths, err := filepath.Glob(filepath.Join(dir, globQuote(name)+".shard-*-of-*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("sweep: %s holds no report of the sweep %s (%s)", dir, name, reportFile(name, Shard{Index: 0, Total: 1}))
	}
	var reps []*Report
	for _, p := range paths {
		r, err := ReadReport(p)
		if err != nil {
			return nil, err
		}
		if want := reportFile(name, r.Shard.Shard); filepath.Base(p) != want {
			return nil, fmt.Errorf("%s: the report of shard %s, named so", p, r.Shard.Shard)
		}
		reps = append(reps, r)
	}
	slices.SortFunc(reps, func(a, b *Report) int { return cmp.Compare(a.Shard.Index, b.Shard.Index) })
	return reps, nil
}

// globQuote escapes the characters filepath.Match reads in s.
func globQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Merge merges the reports of a sweep's shards, one of each of its
// total (any order), into the report the sweep would have written on
// one machine: its findings, crashes, refusals, ops not reached, counts,
// values' table and causes (a cause shown in several shards once, its
// members in the table's order) and reproducers, each listed once.
// [Verdicts.Judge] of it judges the whole: a verdict no shard needed is
// stale there. Reports of different tables or settings, a shard twice or
// one missing, are an error.
func Merge(shards ...*Report) (*Report, error) {
	if len(shards) == 0 {
		return nil, errNoShards
	}
	first := shards[0].Shard
	seen := make([]bool, max(first.Total, 0))
	for _, s := range shards {
		sh := s.Shard
		switch {
		case sh.Table != first.Table || sh.TableOps != first.TableOps || sh.By != first.By || sh.TableCost != first.TableCost:
			return nil, fmt.Errorf("sweep: merge: shard %s is of another table or settings (%s, %d ops) than shard %s (%s, %d ops)", sh.Shard, sh.Table, sh.TableOps, first.Shard, first.Table, first.TableOps)
		case sh.Total != first.Total:
			return nil, fmt.Errorf("sweep: merge: shard %s and shard %s: one sweep's shards have one total", sh.Shard, first.Shard)
		case sh.Split != first.Split:
			return nil, fmt.Errorf("sweep: merge: shard %s was split otherwise than shard %s (split %s, %s): every shard must be given the same past report (Options.Past, %s) and the same Options.Unstable", sh.Shard, first.Shard, sh.Split, first.Split, pastEnv)
		case sh.check() != nil:
			return nil, fmt.Errorf("sweep: merge: %v", sh.check())
		case seen[sh.Index]:
			return nil, fmt.Errorf("sweep: merge: shard %s twice", sh.Shard)
		case len(sh.Ops) != len(sh.Places) || len(sh.Ops) != s.Ops:
			return nil, fmt.Errorf("sweep: merge: shard %s: %d ops, %d places, %d swept", sh.Shard, len(sh.Ops), len(sh.Places), s.Ops)
		}
		seen[sh.Index] = true
	}
	if i := slices.Index(seen, false); i >= 0 {
		return nil, fmt.Errorf("sweep: merge: shard %s is missing (%d of %d given): a verdict only it needs would be called stale", Shard{Index: i, Total: first.Total}, len(shards), first.Total)
	}
	shards = slices.Clone(shards)
	slices.SortFunc(shards, func(a, b *Report) int { return cmp.Compare(a.Shard.Index, b.Shard.Index) })
	r := newReport(0)
	r.Shard = ShardInfo{Shard: Shard{Index: 0, Total: 1}, TableOps: first.TableOps, Table: first.Table, TableCost: first.TableCost, By: first.By, Split: first.Split}
	place, owner := map[string]int{}, map[string]Shard{}
	for _, s := range shards {
		r.Ops += s.Ops
		r.merge(s)
		r.Shard.Cost += s.Shard.Cost
		for i, op := range s.Shard.Ops {
			if o, ok := owner[op]; ok {
				return nil, fmt.Errorf("sweep: merge: shards %s and %s both swept %s: their splits differ (Options.Past and Unstable must be the same in every shard)", o, s.Shard.Shard, op)
			}
			place[op], owner[op] = s.Shard.Places[i], s.Shard.Shard
		}
	}
	r.Shard.Ops = slices.SortedFunc(maps.Keys(place), func(a, b string) int { return cmp.Compare(place[a], place[b]) })
	for _, op := range r.Shard.Ops {
		r.Shard.Places = append(r.Shard.Places, place[op])
	}
	if len(r.Shard.Ops) != first.TableOps {
		return nil, fmt.Errorf("sweep: merge: the shards swept %d of the table's %d ops", len(r.Shard.Ops), first.TableOps)
	}
	r.Checks = r.Stats.TotalRan()
	slices.SortFunc(r.Findings, func(a, b *Finding) int { return strings.Compare(a.Key(), b.Key()) })
	r.sortByOp(place)
	r.Causes = mergeCauses(shards, place)
	r.Repros = mergeRepros(r, shards)
	return r, nil
}

// mergeCauses is the shards' causes as one: each key once, with the
// members of every shard's cause of that key, in the table's order.
func mergeCauses(shards []*Report, place map[string]int) []*Cause {
	byKey := map[string]*Cause{}
	var out []*Cause
	for _, s := range shards {
		for _, c := range s.Causes {
			x := byKey[c.Key]
			if x == nil {
				cp := *c
				cp.Members, cp.Functions = nil, nil
				x = &cp
				byKey[c.Key] = x
				out = append(out, x)
			}
			x.Members = append(x.Members, c.Members...)
		}
	}
	sortCauses(out, place)
	return out
}

// mergeRepros is the shards' reproducers as one sweep lists them: one
// per cause of r, in its causes' order. A cause whose members fell in
// several shards has a reproducer from each; the one kept is the one a
// sweep of them all would keep: written before not, verified before not,
// then the earliest of the cause's members. Its Also is the merged
// cause's other members. Its file's header lists its shard's alone.
func mergeRepros(r *Report, shards []*Report) []*Repro {
	byCause := map[string][]*Repro{}
	for _, s := range shards {
		for _, x := range s.Repros {
			byCause[x.Cause] = append(byCause[x.Cause], x)
		}
	}
	if len(byCause) == 0 {
		return nil
	}
	var out []*Repro
	for _, c := range r.causeList() {
		xs := byCause[c.Key]
		if len(xs) == 0 {
			continue
		}
		at := func(x *Repro) int {
			return slices.IndexFunc(c.Members, func(m Member) bool { return m.Key == x.Key })
		}
		best := slices.MinFunc(xs, func(a, b *Repro) int {
			if d := boolInt(a.Dir == "") - boolInt(b.Dir == ""); d != 0 {
				return d
			}
			if d := boolInt(!a.Verified) - boolInt(!b.Verified); d != 0 {
				return d
			}
			return at(a) - at(b)
		})
		cp := *best
		cp.Also = otherKeys(c, cp.Key)
		out = append(out, &cp)
	}
	return out
}
