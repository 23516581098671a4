//go:build debugasserts

package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
)

// The sweep on the public sweep's isolation: one public sweep per
// profile, whose steps (OnStep) this file turns into the report's
// samples, outcomes, violations and crashes.

// LoadVerdicts reads and checks a verdicts.json.
func LoadVerdicts(path string) ([]Verdict, error) { return report.LoadVerdicts(path) }

// LoadReport reads a sweep report.
func LoadReport(path string) (*Report, error) { return report.LoadReport(path) }

// Run runs the sweep of release r and writes its summary to out. The
// report comes back also with an error: unjudged violations or crashes,
// stale verdicts, regressions against the baseline.
func Run(r Bindings, o Options, out io.Writer) (*Report, error) {
	t0 := time.Now()
	torch.SetNumThreads(1) // here and in each worker, which runs Run again up to its sweep
	s, err := embedded(r.Version)
	if err != nil {
		return nil, err
	}
	n := min(max(o.Samples, 1), NumSamples)
	names := selectOps(r.Bound, o.Ops)
	// the unstable ops split the shards (every worker reads them again);
	// the other inputs are read after the sweeps: each worker runs Run
	// again up to its sweep, and a committed report is megabytes of JSON
	unstable := map[string]string{}
	if o.Unstable != "" {
		if unstable, err = report.LoadUnstable(o.Unstable); err != nil {
			return nil, err
		}
	}
	c, err := sweepOps(s, r, o, n, names, slices.Sorted(maps.Keys(unstable)))
	if err != nil {
		return nil, err
	}
	if sh := c.reps[profiles[0]].Shard; sh.Total > 1 {
		// a shard reports and is judged on the ops it owned alone
		names = sh.Ops
		fmt.Fprintln(out, sh.String())
	}
	verdicts, base, err := loadInputs(r, o, n)
	if err != nil {
		return nil, err
	}
	rep := c.report(r, o, n, len(s.Ops), names)
	judge(rep, c, newAlone(r, o, n), verdicts, base, unstable, names, n == NumSamples && o.Kinds && o.Values)
	rep.Seconds = time.Since(t0).Seconds()
	if o.Report != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(o.Report, append(b, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	report.Summary(out, rep, len(names))
	return rep, failures(rep, o)
}

// sweepOps sweeps the ops names of r under each profile and returns what
// their steps told; the shards spread the unstable ops.
func sweepOps(s *schema.Schema, r Bindings, o Options, n int, names, unstable []string) (*collector, error) {
	c := newCollector(r.Version, n, names, o.Verbose)
	values := o.Values && n > valueFirst
	var skip func(op string, step int) bool
	for _, profile := range profiles {
		table := r.Checked
		if profile == "pytorch" {
			table = r.CheckedPyTorch
		}
		rep, err := samples.Sweep(tableOf(s, names, table), adapter{&pool{}}, samples.Options{
			Samples: min(n, len(Variants)), Content: o.Content, NoValues: !values, CallLimit: o.Timeout,
			Workers: max(o.Jobs, 1), Test: o.Test, Given: c.given(s, o.Kinds), OnStep: c.onStep(profile), Skip: skip,
			Shard: o.Shard, Out: o.Out, Name: profile, Unstable: unstable,
		})
		if err != nil {
			return nil, err
		}
		c.reps[profile] = rep
		c.stats = c.stats.Add(rep.Stats)
		skip = crashedIn(rep)
	}
	return c, nil
}

// crashedIn says which steps crashed or hung in rep, or were not run
// after a hang: the pytorch profile's sweep skips them, its wrappers
// calling the same kernels on the same inputs as the strict profile's.
func crashedIn(rep *samples.Report) func(op string, step int) bool {
	return func(op string, step int) bool {
		codes := strings.ReplaceAll(rep.Tried[op], " ", "")
		return step < len(codes) && strings.IndexByte("CH/", codes[step]) >= 0
	}
}

// tableOf is the public sweep's table of the ops names: each op's schema
// and its wrapper in table.
func tableOf(s *schema.Schema, names []string, table map[string]any) func(yield func(string, any) bool) {
	return func(yield func(string, any) bool) {
		for _, name := range names {
			if !yield(s.Op(name).Schema, table[name]) {
				return
			}
		}
	}
}

// loadInputs reads the verdicts and the baseline.
func loadInputs(r Bindings, o Options, n int) (verdicts []Verdict, base *Report, err error) {
	if verdicts, err = LoadVerdicts(o.Verdicts); err != nil {
		return nil, nil, err
	}
	if o.Baseline != "" {
		if base, err = LoadReport(o.Baseline); err != nil {
			return nil, nil, err
		}
		if base.Libtorch != r.Version || base.Samples < n {
			return nil, nil, fmt.Errorf("%s: a report of libtorch %s with %d samples per op cannot judge a sweep of %s with %d", o.Baseline, base.Libtorch, base.Samples, r.Version, n)
		}
	}
	return verdicts, base, nil
}

// selectOps returns the bound ops matching the comma-separated patterns.
func selectOps(bound []string, patterns string) []string {
	if patterns == "" {
		patterns = "*"
	}
	var names []string
	for _, b := range bound {
		for _, p := range strings.Split(patterns, ",") {
			if ok, _ := path.Match(p, b); ok {
				names = append(names, b)
				break
			}
		}
	}
	return names
}

// judge judges the report's violations and crashes by the verdicts and
// the baseline: the stale verdicts, and, sweeping ops alone in a fresh
// worker (alone), the crashes and the violations without a verdict that
// repeat alone and the flaky ones (report.JudgeCrashes, JudgeFindings),
// and the regressions that repeat alone.
func judge(rep *Report, c *collector, alone *alone, verdicts []Verdict, base *Report, unstable map[string]string, names []string, full bool) {
	report.Judge(rep.Violations, verdicts)
	judged := report.Judged(base, report.Swept{Ran: c.ran, Tried: c.tried, Full: full}, unstable)
	stale := report.StaleFindings(verdicts, rep.Violations, judged)
	cj := report.JudgeCrashes(verdicts, rep.Crashes, judged, alone.crashes)
	rep.UnjudgedCrashes, rep.FlakyCrashes, rep.ShownAlone = cj.Unjudged, cj.Flaky, cj.ShownAlone
	_, rep.FlakyViolations = report.JudgeFindings(rep.Violations, alone.findings)
	for _, f := range rep.Violations {
		if f.Verdict == "" {
			rep.Unjudged++
		}
	}
	for _, k := range append(cj.Flaky, rep.FlakyViolations...) {
		fmt.Fprintf(os.Stderr, "sweep: %s: did not repeat with its op alone in a fresh worker (an earlier op in the worker, or the op's own undefined behaviour in some runs); flaky, not counted\n", k)
	}
	for _, k := range cj.ShownAlone {
		fmt.Fprintf(os.Stderr, "sweep: %s: not shown by the sweep, shown with its op alone in a fresh worker; not stale\n", k)
	}
	for _, v := range verdicts { // the verdicts' order
		if slices.ContainsFunc(append(stale, cj.Stale...), func(s Verdict) bool { return s.Key() == v.Key() }) {
			rep.Stale = append(rep.Stale, v)
		}
	}
	if base != nil {
		for _, l := range report.Regressions(base, rep, names, unstable) {
			op, _, _ := strings.Cut(l, ":")
			if alone.exercised(op) {
				fmt.Fprintf(os.Stderr, "sweep: %s: exercised alone in a fresh worker (an earlier op in the worker is the likely cause); not counted\n", l)
				continue
			}
			rep.Regressions = append(rep.Regressions, l)
		}
	}
}

// alone sweeps ops alone, each in a fresh worker, once each: a worker
// runs many ops, and an earlier op's undefined behaviour (a write past a
// buffer) can crash a later one, or keep it from crashing, which then
// runs on its own.
type alone struct {
	r    Bindings
	o    Options
	n    int
	done map[string]*collector // nil: the sweep failed
}

func newAlone(r Bindings, o Options, n int) *alone {
	return &alone{r: r, o: o, n: n, done: map[string]*collector{}}
}

// sweep sweeps op alone (once).
func (a *alone) sweep(op string) *collector {
	if c, ok := a.done[op]; ok {
		return c
	}
	o := a.o
	o.Ops, o.Jobs, o.Verbose = op, 1, false
	o.Shard, o.Out = samples.Shard{Index: 0, Total: 1}, "" // the op alone, whatever the shard
	c, err := sweepOps(mustSchema(a.r.Version), a.r, o, a.n, []string{op}, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sweep: %s alone: %v\n", op, err)
		c = nil
	}
	a.done[op] = c
	return c
}

// crashes are op's crashes alone.
func (a *alone) crashes(op string) []Crash {
	if c := a.sweep(op); c != nil {
		return c.crashes()
	}
	return nil
}

// findings are op's violations alone.
func (a *alone) findings(op string) []Finding {
	if c := a.sweep(op); c != nil {
		return c.findings()
	}
	return nil
}

// exercised says whether op alone ran a sample without an error under
// the strict profile.
func (a *alone) exercised(op string) bool {
	c := a.sweep(op)
	return c != nil && c.exercised(op)
}

// mustSchema is the release's schema, parsed by Run already.
func mustSchema(release string) *schema.Schema {
	s, err := embedded(release)
	if err != nil {
		panic(err) // Run parsed it
	}
	return s
}

// failures is the sweep's error: violations or crashes without a verdict,
// stale verdicts, regressions; nil when there are none.
func failures(rep *Report, o Options) error {
	var errs []string
	if rep.Unjudged > 0 {
		errs = append(errs, fmt.Sprintf("%d violations have no verdict (see %s)", rep.Unjudged, o.Verdicts))
	}
	if len(rep.UnjudgedCrashes) > 0 {
		errs = append(errs, fmt.Sprintf("%d crashes have no verdict and repeat alone (see %s): %s", len(rep.UnjudgedCrashes), o.Verdicts, strings.Join(rep.UnjudgedCrashes, "; ")))
	}
	if len(rep.Stale) > 0 {
		var ks []string
		for _, v := range rep.Stale {
			ks = append(ks, v.Key())
		}
		errs = append(errs, fmt.Sprintf("%d verdicts are stale: their key showed no more where it showed before, a crash's not with its op alone either (remove them from %s): %s", len(rep.Stale), o.Verdicts, strings.Join(ks, "; ")))
	}
	if len(rep.Regressions) > 0 {
		errs = append(errs, fmt.Sprintf("%d regressions against %s", len(rep.Regressions), o.Baseline))
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// statsNames are the report's counts of a sweep's checks: the calls, the
// checks run by check and skipped by reason, by name.
func statsNames(st asserts.Stats) (ran, skipped map[string]uint64) {
	var m struct {
		Ran     map[string]uint64 `json:"checks_run"`
		Skipped map[string]uint64 `json:"skipped"`
	}
	b, _ := json.Marshal(st)
	json.Unmarshal(b, &m)
	return m.Ran, m.Skipped
}

// sortReport puts the report's lists in a fixed order: crashes and
// violations by op, then profile, then sample.
func sortReport(rep *Report) {
	sort.SliceStable(rep.Crashes, func(i, j int) bool { return rep.Crashes[i].Op < rep.Crashes[j].Op })
	sort.SliceStable(rep.Violations, func(i, j int) bool { return rep.Violations[i].Op < rep.Violations[j].Op })
}
