//go:build debugasserts

package sweep_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweep"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
)

// The tests sweep libtorch 1.13.1 (the host's); the test binary is its own
// worker (package sweep's isolation runs the test again, alone, up to its
// sweep).

const verdicts = "../verdicts.json"

func run(t *testing.T, o sweep.Options) (*sweep.Report, error) {
	t.Helper()
	if o.Verdicts == "" {
		o.Verdicts = verdicts
	}
	if o.Samples == 0 {
		o.Samples = len(sweep.Variants)
	}
	o.Jobs, o.Timeout = 1, time.Minute
	return sweep.Run(sweepops.Bindings(), o, io.Discard)
}

// TestSweep runs a few ops through worker processes: a crash is recorded
// and the sweep goes on, a kernel finding gets its verdict, the aliasing
// calls of add (x.add_(x), add(a, b, out=a)) raise nothing, and nothing is
// left without a verdict or stale.
func TestSweep(t *testing.T) {
	rep, err := run(t, sweep.Options{Ops: "add.Tensor,add_.Tensor,add.out,dropout,_local_scalar_dense,mm", Content: true})
	if err != nil {
		t.Fatal(err)
	}
	// mm runs clean on the first sample: its second operand is [3,2]
	// (package sweep gives mm and matmul a transposed shape).
	if rep.OpsExercised != 6 || rep.ExercisedAt["mm"] != 0 || rep.ExercisedAt["add.Tensor"] != 0 {
		t.Errorf("%d ops exercised (want 6), exercised at %v", rep.OpsExercised, rep.ExercisedAt)
	}
	crashed := false
	for _, c := range rep.Crashes {
		if c.Op == "_local_scalar_dense" && c.Sample == "6" && c.Signal == "SIGSEGV" {
			crashed = true
		}
	}
	if !crashed {
		t.Errorf("no SIGSEGV of _local_scalar_dense on the empty sample (6); crashes: %+v", rep.Crashes)
	}
	var kernel bool
	for _, v := range rep.Violations {
		kernel = kernel || (v.Op == "dropout" && v.Verdict == "kernel" && v.Repro != "")
		if v.Op != "dropout" {
			t.Errorf("violation on a clean op: %+v", v)
		}
	}
	if !kernel {
		t.Errorf("dropout's kernel verdict missing")
	}
	// x.add_(x) and add(a, b, out=a) ran: no_mutation skipped the argument
	// that shares the written one's storage, with its reason.
	if rep.Skipped["aliases_mutable_arg"] == 0 {
		t.Errorf("no no_mutation skipped under aliases_mutable_arg; skips: %v", rep.Skipped)
	}
	if rep.Unjudged != 0 || len(rep.Stale) != 0 || rep.Calls == 0 || rep.Checks == 0 {
		t.Errorf("unjudged %d, stale %v, calls %d, checks %d", rep.Unjudged, rep.Stale, rep.Calls, rep.Checks)
	}
}

func writeJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func ret(i int) *int { return &i }

// TestVerdictsByKey: a verdict covers its op, check and return on every
// sample (package sweep's Verdicts): dropout's verdicts, one per key,
// judge all its violations, whichever samples they showed in. A verdict whose key
// showed in the baseline on a sample the sweep ran, and shows no more, is
// stale; one whose samples the sweep did not run is not.
func TestVerdictsByKey(t *testing.T) {
	all, err := run(t, sweep.Options{Ops: "dropout,mm"})
	if err != nil {
		t.Fatal(err)
	}
	// One verdict per key dropout showed (each on one sample or more),
	// and one on mm, which keeps its contract on every sample but showed
	// the violation on sample 0 in the baseline.
	var vs []sweep.Verdict
	samples := map[string]map[int]bool{}
	for _, f := range all.Violations {
		k := f.Key()
		if samples[k] == nil {
			samples[k] = map[int]bool{}
			vs = append(vs, sweep.Verdict{Op: f.Op, Check: f.Check, Arg: f.Arg, Ret: f.Ret, Verdict: "kernel", Reason: "r", Repro: "x"})
		}
		samples[k][f.SampleID] = true
	}
	if len(samples["dropout impl_use_count_le_1 return 0"]) < 2 {
		t.Fatalf("want impl_use_count_le_1 violations of dropout's return on two samples or more: %+v", all.Violations)
	}
	vs = append(vs, sweep.Verdict{Op: "mm", Check: "impl_use_count_le_1", Ret: ret(0), Verdict: "kernel", Reason: "r", Repro: "x"})
	base := *all
	base.Violations = append(base.Violations, sweep.Finding{Op: "mm", Check: "impl_use_count_le_1", Ret: ret(0), SampleID: 0})
	rep, err := run(t, sweep.Options{Ops: "dropout,mm", Verdicts: writeJSON(t, vs), Baseline: writeJSON(t, base)})
	if err == nil || strings.Contains(err.Error(), "no verdict") || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("err = %v, want a stale verdict and no unjudged violation", err)
	}
	for _, f := range rep.Violations {
		if f.Verdict == "" || f.Op != "dropout" {
			t.Errorf("verdict %q given to %+v", f.Verdict, f)
		}
	}
	if rep.Unjudged != 0 || len(rep.Stale) != 1 || rep.Stale[0].Op != "mm" {
		t.Errorf("unjudged %d, stale %+v; want 0 and mm's verdict", rep.Unjudged, rep.Stale)
	}
	// A bounded sweep that does not run the sample the baseline saw a
	// verdict's key on does not call it stale.
	base.Violations[len(base.Violations)-1].SampleID = 3
	rep, err = run(t, sweep.Options{Ops: "mm", Samples: 1, Verdicts: writeJSON(t, vs[len(vs)-1:]), Baseline: writeJSON(t, base)})
	if err != nil || len(rep.Stale) != 0 {
		t.Errorf("mm on sample 0, the baseline's violation on sample 3: err %v, stale %v", err, rep.Stale)
	}
}

// TestBaseline: against a committed report, an op it exercised that is not
// exercised now fails the sweep, and so does a crash no verdict names that
// repeats with its op alone in a fresh worker; the same sweep against its
// own report and the release's verdicts passes.
func TestBaseline(t *testing.T) {
	ops := "mm,_local_scalar_dense,_cummax_helper"
	self := filepath.Join(t.TempDir(), "self.json")
	rep, err := run(t, sweep.Options{Ops: ops, Report: self})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, sweep.Options{Ops: ops, Baseline: self}); err != nil {
		t.Errorf("against its own report: %v", err)
	}
	base := *rep
	base.Crashes = nil
	base.ExercisedAt = map[string]int{"mm": 0, "_cummax_helper": 0, "not_bound_here": 0}
	for op := range rep.NotExercisedOps {
		base.ExercisedAt[op] = 0
	}
	all, err := sweep.LoadVerdicts(verdicts)
	if err != nil {
		t.Fatal(err)
	}
	var kernel []sweep.Verdict // without the crash verdicts
	for _, v := range all {
		if v.Verdict != "crash" {
			kernel = append(kernel, v)
		}
	}
	rep2, err := run(t, sweep.Options{Ops: ops, Baseline: writeJSON(t, base), Verdicts: writeJSON(t, kernel)})
	if err == nil || len(rep.NotExercisedOps) > 0 && !strings.Contains(err.Error(), "regressions") || !strings.Contains(err.Error(), "crashes have no verdict") {
		t.Fatalf("err = %v, want a crash without a verdict (and regressions: %v not exercised)", err, rep.NotExercisedOps)
	}
	if !slices.Contains(rep2.UnjudgedCrashes, "_local_scalar_dense crash: signal SIGSEGV") {
		t.Errorf("unjudged crashes %q: no SIGSEGV of _local_scalar_dense", rep2.UnjudgedCrashes)
	}
	got := strings.Join(rep2.Regressions, "\n")
	for op := range rep.NotExercisedOps {
		if !strings.Contains(got, op+": no longer exercised") {
			t.Errorf("regressions %q: %s not reported", got, op)
		}
	}
	// A baseline of fewer samples than the sweep cannot judge it.
	base.Samples = 1
	if _, err := run(t, sweep.Options{Ops: "mm", Baseline: writeJSON(t, base)}); err == nil {
		t.Errorf("a 1-sample baseline judged an 11-sample sweep")
	}
}

// TestCrashVerdictStaleAlone: a crash verdict whose kind the sweep did
// not show on a sample the baseline saw it on is swept alone in a fresh
// worker, and stale only if it does not show there either: mm's invented
// SIGSEGV is stale, _local_scalar_dense's verdict of two kinds is judged
// by its SIGSEGV on the empty sample.
func TestCrashVerdictStaleAlone(t *testing.T) {
	vs := []sweep.Verdict{
		{Op: "mm", Crash: "signal SIGSEGV", Verdict: "crash", Reason: "r", Repro: "x"},
		{Op: "_local_scalar_dense", Crashes: []string{"signal SIGABRT", "signal SIGSEGV"}, Varies: "v", Verdict: "crash", Reason: "r", Repro: "x"},
	}
	base := sweep.Report{Libtorch: "1.13.1", Samples: len(sweep.Variants), Crashes: []sweep.Crash{
		{Op: "mm", Profile: "strict", Sample: "0", Signal: "SIGSEGV"},
		{Op: "_local_scalar_dense", Profile: "strict", Sample: "6", Signal: "SIGSEGV"},
	}}
	rep, err := run(t, sweep.Options{Ops: "mm,_local_scalar_dense", Verdicts: writeJSON(t, vs), Baseline: writeJSON(t, base)})
	if err == nil || !strings.Contains(err.Error(), "1 verdicts are stale") || !strings.Contains(err.Error(), "mm crash: signal SIGSEGV") {
		t.Errorf("err = %v, want mm's crash verdict stale", err)
	}
	if len(rep.Stale) != 1 || rep.Stale[0].Op != "mm" || len(rep.UnjudgedCrashes)+len(rep.FlakyCrashes)+len(rep.ShownAlone) != 0 {
		t.Errorf("stale %+v, unjudged %q, flaky %q, shown alone %q; want mm's verdict stale, nothing else", rep.Stale, rep.UnjudgedCrashes, rep.FlakyCrashes, rep.ShownAlone)
	}
}

// TestVerdictsFile rejects a verdict that is not kernel or allowlisted,
// that has no reason or repro, that names both or neither of arg and ret,
// or whose key another verdict has; and accepts verdicts.json.
func TestVerdictsFile(t *testing.T) {
	ok := sweep.Verdict{Op: "dropout", Check: "impl_use_count_le_1", Ret: ret(0), Verdict: "kernel", Reason: "r", Repro: "x"}
	mod := func(f func(v *sweep.Verdict)) []sweep.Verdict { v := ok; f(&v); return []sweep.Verdict{v} }
	for name, bad := range map[string][]sweep.Verdict{
		"false_positive": mod(func(v *sweep.Verdict) { v.Verdict = "false_positive" }),
		"no repro":       mod(func(v *sweep.Verdict) { v.Repro = "" }),
		"no op":          mod(func(v *sweep.Verdict) { v.Op = "" }),
		"arg and ret":    mod(func(v *sweep.Verdict) { v.Arg = "self" }),
		"neither":        mod(func(v *sweep.Verdict) { v.Ret = nil }),
		"twice":          {ok, ok},
		"crash, a check": {{Op: "mm", Check: "impl_use_count_le_1", Crash: "signal SIGSEGV", Verdict: "crash", Reason: "r", Repro: "x"}},
		"crash, no kind": {{Op: "mm", Verdict: "crash", Reason: "r", Repro: "x"}},
		"crash, no why":  {{Op: "mm", Crash: "hang", Verdict: "crash", Repro: "x"}},
	} {
		if err := report.CheckVerdicts(bad); err == nil {
			t.Errorf("%s: report.CheckVerdicts(%+v) = nil, want an error", name, bad)
		}
	}
	if err := report.CheckVerdicts([]sweep.Verdict{ok, {Op: "mm", Crash: "signal SIGSEGV", Verdict: "crash", Reason: "r", Repro: "x"}}); err != nil {
		t.Errorf("a kernel and a crash verdict: %v", err)
	}
	if _, err := sweep.LoadVerdicts(verdicts); err != nil {
		t.Error(err)
	}
}

// TestSweepContent: with -content the training-mode sample shows
// rrelu_with_noise_ writing noise (same_content, verdict kernel); without
// it the rows are skipped and nothing is found.
func TestSweepContent(t *testing.T) {
	for _, on := range []bool{true, false} {
		// the committed report saw the noise finding on sample 10
		rep, err := run(t, sweep.Options{Ops: "rrelu_with_noise_,add_.Tensor", Content: on, Baseline: "../reports/1.13.1.json"})
		if on && err != nil {
			t.Fatal(err)
		}
		found := false
		for _, v := range rep.Violations {
			if v.Op == "rrelu_with_noise_" && v.Check == "same_content" && v.Arg == "noise" && v.Verdict == "kernel" {
				found = true
			} else {
				t.Errorf("content %v: unexpected violation %+v", on, v)
			}
		}
		if found != on || rep.ContentCheck != on {
			t.Errorf("content %v: report says content_check %v, rrelu_with_noise_ noise finding %v", on, rep.ContentCheck, found)
		}
		if on && rep.ChecksRun["same_content"] == 0 || !on && rep.Skipped["content_check_off"] == 0 {
			t.Errorf("content %v: checks run %v, skipped %v", on, rep.ChecksRun, rep.Skipped)
		}
		// Without the content check the noise verdict matches nothing on
		// the sample the baseline saw it on, which ran: stale.
		if !on && (err == nil || len(rep.Stale) == 0) {
			t.Errorf("content off: err %v, stale %v; want the noise verdict stale", err, rep.Stale)
		}
	}
}
