//go:build debugasserts

package main

import (
	"io"
	"os"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) != "" {
		runWorker()
		return
	}
	os.Exit(m.Run())
}

// TestSweep runs a few ops through worker processes: a crash is recorded
// and the sweep goes on, a kernel finding gets its verdict, the aliasing
// false positive is recognised, and nothing is left without a verdict.
func TestSweep(t *testing.T) {
	rep, err := runMaster("", "../../verdicts.json", "add.Tensor,add_.Tensor,dropout,_local_scalar_dense,mm", len(variants), 1, time.Minute, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OpsExercised != 5 {
		t.Errorf("%d ops exercised, want 5", rep.OpsExercised)
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
	var kernel, fp bool
	for _, v := range rep.Violations {
		kernel = kernel || (v.Op == "dropout" && v.Verdict == "kernel" && v.Repro != "")
		fp = fp || (v.Op == "add_.Tensor" && v.Check == "no_mutation" && v.Arg == "other" && v.Verdict == "false_positive")
		if v.Op == "mm" || v.Op == "add.Tensor" {
			t.Errorf("violation on a clean op: %+v", v)
		}
	}
	if !kernel {
		t.Errorf("dropout's kernel verdict missing")
	}
	if !fp {
		t.Errorf("add_.Tensor(x, x)'s no_mutation on other is not recognised as the aliasing false positive")
	}
	if rep.Unjudged != 0 || rep.Calls == 0 || rep.Checks == 0 {
		t.Errorf("unjudged %d, calls %d, checks %d", rep.Unjudged, rep.Calls, rep.Checks)
	}
}
