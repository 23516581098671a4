//go:build debugasserts

package main

import (
	"encoding/json"
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
// calls of add (x.add_(x), add(a, b, out=a)) raise nothing, and nothing is
// left without a verdict.
func TestSweep(t *testing.T) {
	rep, err := runMaster("", "../../verdicts.json", "add.Tensor,add_.Tensor,add.out,dropout,_local_scalar_dense,mm", len(variants), 1, time.Minute, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OpsExercised != 6 {
		t.Errorf("%d ops exercised, want 6", rep.OpsExercised)
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
	if rep.Unjudged != 0 || rep.Calls == 0 || rep.Checks == 0 {
		t.Errorf("unjudged %d, calls %d, checks %d", rep.Unjudged, rep.Calls, rep.Checks)
	}
}

// TestVerdictsFile rejects a verdict that is not kernel or allowlisted, or
// that has no reason or repro, and accepts verdicts.json.
func TestVerdictsFile(t *testing.T) {
	for _, bad := range []Verdict{
		{Op: "add_.Tensor", Check: "no_mutation", Verdict: "false_positive", Reason: "r", Repro: "x"},
		{Op: "dropout", Check: "impl_use_count_le_1", Verdict: "kernel", Reason: "r"},
		{Check: "impl_use_count_le_1", Verdict: "kernel", Reason: "r", Repro: "x"},
	} {
		if err := checkVerdicts([]Verdict{bad}); err == nil {
			t.Errorf("checkVerdicts(%+v) = nil, want an error", bad)
		}
	}
	b, err := os.ReadFile("../../verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []Verdict
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if err := checkVerdicts(vs); err != nil {
		t.Error(err)
	}
}

// TestSweepContent: with -content the training-mode sample shows
// rrelu_with_noise_ writing noise (same_content, verdict kernel); without
// it the rows are skipped and nothing is found.
func TestSweepContent(t *testing.T) {
	defer func(prev bool) { contentCheck = prev }(contentCheck)
	for _, on := range []bool{true, false} {
		contentCheck = on
		rep, err := runMaster("", "../../verdicts.json", "rrelu_with_noise_,add_.Tensor", len(variants), 1, time.Minute, io.Discard)
		if err != nil {
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
	}
}
