//go:build debugasserts

// Package sweep runs every bound libtorch op of one release on samples
// generated from its schema, through the checked wrappers, and reports per
// op whether the release kernel keeps the aliasing contract of its schema.
// Each release's cmd/sweep is a one-line main calling [Main] with that
// release's tables (sweepops.Bindings):
//
//	go run -tags debugasserts ./cmd/sweep -report REPORT.json [-samples N] [-ops PATTERN] [-j N] [-baseline REPORT.json]
//
// The sweep is the root module's public sweep (package
// github.com/assertgen/assertgen/sweep), run once per profile: its worker
// processes (the program run again, -j at once), so that a kernel that
// crashes (SIGSEGV, SIGFPE, SIGABRT) or hangs is a crash of its op on its
// sample and the sweep goes on with a fresh worker at the next sample;
// the replayed OpInfo calls and the meta and functional samples are its
// given samples (sweep.Options.Given), and this package makes its report
// from each step the public sweep tells (sweep.Options.OnStep).
// Violations and crashes are judged by the release's verdicts.json, by
// key (op, check and argument or return; op and kind of crash): one
// without a verdict, and a verdict that shows no more where it showed
// before, fail the sweep; for a crash, only if its op swept alone in a
// fresh worker crashes so (a crash without a verdict; else it is flaky,
// reported) or does not (a crash verdict). With -baseline (the committed
// report of the same release), fewer ops exercised fail it too.
package sweep

import (
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	samples "github.com/assertgen/assertgen/sweep"
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
	Jobs     int           // worker processes at once
	Timeout  time.Duration // per-call time limit
	Content  bool          // run the same_content check in the workers
	// Test is the test a sweep runs in (its workers run that test alone,
	// up to the sweep; nil in a program, and in a top-level test).
	Test testing.TB
	// Kinds runs the meta and functional samples (24, 25).
	Kinds bool
	// Values runs the values that matter (30-54) on each op's first
	// clean sample.
	Values bool
	// Verbose prints every sample of every op: its outcome, repairs and
	// last error (with -ops, one op's samples).
	Verbose bool
	// Shard sweeps one share of the ops (package sweep's Options.Shard;
	// its zero value: ASSERTGEN_SWEEP_SHARD, else every op); Out is the
	// directory each profile's sweep writes its report in
	// (strict.shard-INDEX-of-TOTAL.json, pytorch....), for sweep.Merge.
	Shard samples.Shard
	Out   string
}

// Main is a release's sweep command: it parses the flags, runs the sweep
// and exits 1 on an unjudged violation or crash, a stale verdict or a
// regression. Its workers are the command run again with its flags: each
// parses them and reaches the sweep it serves (package sweep, "Isolation").
func Main(r Bindings) {
	var o Options
	flag.StringVar(&o.Report, "report", "", "write the JSON report to this file")
	flag.IntVar(&o.Samples, "samples", NumSamples, "samples per op: the variants, then the replayed OpInfo calls (at most their number)")
	flag.StringVar(&o.Ops, "ops", "*", "comma-separated op name patterns (path.Match)")
	flag.IntVar(&o.Jobs, "j", 1, "worker processes")
	flag.StringVar(&o.Verdicts, "verdicts", "verdicts.json", "the verdicts of known violations")
	flag.StringVar(&o.Baseline, "baseline", "", "a committed report of this release: fail on fewer ops exercised or a new crash or hang")
	flag.StringVar(&o.Unstable, "unstable", "", "the release's unstable.json: ops whose outcome varies by undefined behaviour, left out of -baseline")
	flag.DurationVar(&o.Timeout, "timeout", 60*time.Second, "per-call time limit: a call past it is a hang, and its op's later samples are not run")
	flag.BoolVar(&o.Content, "content", true, "run the same_content check (asserts.SetContentCheck) in the workers")
	flag.BoolVar(&o.Kinds, "kinds", true, "run the meta and functional samples (24, 25); -kinds=false leaves them out")
	flag.BoolVar(&o.Values, "values", true, "run the values that matter (30-54) on each op's first clean sample; -values=false leaves them out")
	flag.BoolVar(&o.Verbose, "v", false, "print every sample of every op: outcome, repairs, last error (with -ops, one op's samples)")
	shard := flag.String("shard", "", "INDEX/TOTAL: sweep that share of the ops (package sweep's shards; default $ASSERTGEN_SWEEP_SHARD, else every op)")
	flag.StringVar(&o.Out, "out", "", "write each profile's package-sweep report (JSON, for sweep.Merge) in this directory")
	flag.Parse()
	if *shard != "" {
		sh, err := samples.ParseShard(*shard)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sweep: -shard %v\n", err)
			os.Exit(2)
		}
		o.Shard = sh
	}
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
