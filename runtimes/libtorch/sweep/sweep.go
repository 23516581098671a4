//go:build debugasserts

// Package sweep runs every bound libtorch op of one release on samples
// generated from its schema, through the checked wrappers, and reports per
// op whether the release kernel keeps the aliasing contract of its schema.
// Each release's cmd/sweep is a one-line main calling [Main] with that
// release's tables (sweepops.Bindings):
//
//	go run -tags debugasserts ./cmd/sweep -report REPORT.json [-samples N] [-ops PATTERN] [-j N] [-baseline REPORT.json]
//
// Each op runs in a worker process (the same binary, told so by its
// environment), so a kernel that crashes (SIGSEGV, SIGFPE, SIGABRT) is a
// finding and the sweep goes on with a new worker from the next sample.
// Violations are matched against the release's verdicts.json precisely (op,
// check, argument or return, sample); a violation without a verdict, and a
// verdict that no violation matches any more, fail the sweep. With
// -baseline (the committed report of the same release), fewer ops
// exercised and an op that crashes or hangs and did not fail it too.
package sweep

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/report"
)

// Bindings are what the sweep needs of one libtorch release's bindings,
// generated per release (sweepops.Bindings).
type Bindings struct {
	// Version is the libtorch release, whose embedded schema the samples
	// are built from (aten.SchemaVersion).
	Version string
	// Bound lists the ops with a binding, in schema order.
	Bound []string
	// Unbound gives the reason of each op left without a binding.
	Unbound map[string]string
	// Checked and CheckedPyTorch map each bound op to its checked wrapper
	// under the strict and the pytorch profile.
	Checked, CheckedPyTorch map[string]any
}

// Options are a sweep's settings (Main's flags).
type Options struct {
	Report   string        // write the JSON report here ("": none)
	Verdicts string        // the release's verdicts.json
	Baseline string        // a committed report to compare with ("": none)
	Unstable string        // the release's unstable.json: ops the baseline comparison leaves out
	Ops      string        // comma-separated op name patterns (path.Match)
	Samples  int           // samples per op: variants 0 to Samples-1
	Jobs     int           // worker processes
	Timeout  time.Duration // per-op time limit
	Content  bool          // run the same_content check in the workers
	// Kinds runs the meta and functional samples (21, 22).
	Kinds bool
	// Values runs the values that matter (27-46) on each op's first
	// clean sample.
	Values bool
	// Verbose prints every sample of every op: its outcome, repairs and
	// last error (with -ops, one op's samples).
	Verbose bool
}

// Main is a release's sweep command: a worker when its environment says
// so, else the master, which parses the flags, runs the sweep and exits 1
// on an unjudged violation, a stale verdict or a regression.
func Main(r Bindings) {
	if os.Getenv(WorkerEnv) != "" {
		RunWorker(r)
		return
	}
	var o Options
	flag.StringVar(&o.Report, "report", "", "write the JSON report to this file")
	flag.IntVar(&o.Samples, "samples", NumSamples, "samples per op: the variants, then the replayed OpInfo calls (at most their number)")
	flag.StringVar(&o.Ops, "ops", "*", "comma-separated op name patterns (path.Match)")
	flag.IntVar(&o.Jobs, "j", 1, "worker processes")
	flag.StringVar(&o.Verdicts, "verdicts", "verdicts.json", "the verdicts of known violations")
	flag.StringVar(&o.Baseline, "baseline", "", "a committed report of this release: fail on fewer ops exercised or a new crash or hang")
	flag.StringVar(&o.Unstable, "unstable", "", "the release's unstable.json: ops whose outcome varies by undefined behaviour, left out of -baseline")
	flag.DurationVar(&o.Timeout, "timeout", 60*time.Second, "per-op time limit")
	flag.BoolVar(&o.Content, "content", true, "run the same_content check (asserts.SetContentCheck) in the workers")
	flag.BoolVar(&o.Kinds, "kinds", true, "run the meta and functional samples (21, 22); -kinds=false leaves them out")
	flag.BoolVar(&o.Values, "values", true, "run the values that matter (27-46) on each op's first clean sample; -values=false leaves them out")
	flag.BoolVar(&o.Verbose, "v", false, "print every sample of every op: outcome, repairs, last error (with -ops, one op's samples)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "sweep: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if o.Samples < 1 || o.Samples > NumSamples {
		fmt.Fprintf(os.Stderr, "sweep: -samples %d: want 1 to %d\n", o.Samples, NumSamples)
		os.Exit(2)
	}
	if _, err := Run(r, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sweep:", err)
		os.Exit(1)
	}
}

// The report's types (package report).
type (
	Report  = report.Report
	Finding = report.Finding
	Crash   = report.Crash
	Verdict = report.Verdict
	OpTime  = report.OpTime
)

// profiles are the checked wrappers' profiles a sweep runs, in order:
// Bindings.Checked, then Bindings.CheckedPyTorch.
var profiles = []string{"strict", "pytorch"}

// The master and its workers speak JSON lines.
// WorkerEnv, set in a process's environment, makes Main (or a test
// binary's TestMain calling RunWorker) a worker of the sweep.
const WorkerEnv = "AG_SWEEP_WORKER"

// contentEnv, set for a worker, switches the same_content check on in it.
const contentEnv = "AG_SWEEP_CONTENT"

type sampleResult struct {
	T          string              `json:"t"` // "start", "rebase", "rebased", "res", "done"
	K          int                 `json:"k"`
	ErrClass   string              `json:"err_class,omitempty"`
	ErrMsg     string              `json:"err_msg,omitempty"`
	Calls      uint64              `json:"calls,omitempty"`
	Checks     uint64              `json:"checks,omitempty"`
	ChecksRun  map[string]uint64   `json:"checks_run,omitempty"`
	Skipped    map[string]uint64   `json:"skipped,omitempty"`
	Violations []asserts.Violation `json:"violations,omitempty"`
	Repairs    []string            `json:"repairs,omitempty"`
	Base       int                 `json:"base,omitempty"` // the meta and functional samples' and the values' source sample
	// NotRun, for a value that did not run, says why: "=" the base sample
	// has its values already, "-" the op has no argument of its kind, "_"
	// there is no base sample (none ran clean, or it did not when a new
	// worker ran it again).
	NotRun string `json:"not_run,omitempty"`
}
