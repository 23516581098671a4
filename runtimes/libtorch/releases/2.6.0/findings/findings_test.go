//go:build debugasserts

// Package findings reproduces this release's kernel verdicts
// (../verdicts.json) on this release: TestVerdictsReproduce sweeps every
// judged op on exactly the samples its verdicts list and requires each
// verdict to match a violation (none stale) and every violation to have a
// verdict. Run inside the release's chroot:
//
//	runtimes/libtorch/release.sh RELEASE run sh -c 'cd releases/RELEASE && go test -tags debugasserts ./findings'
package findings

import (
	"io"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/runtimes/libtorch/releases/2.6.0/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweep"
)

func TestMain(m *testing.M) {
	if os.Getenv(sweep.WorkerEnv) != "" {
		sweep.RunWorker(sweepops.Bindings())
		return
	}
	os.Exit(m.Run())
}

func TestVerdictsReproduce(t *testing.T) {
	vs, err := sweep.LoadVerdicts("../verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Skip("no verdicts")
	}
	ops := map[string]bool{}
	n := 0
	for _, v := range vs {
		ops[v.Op] = true
		for _, k := range v.Samples {
			n = max(n, k+1)
		}
	}
	var names []string
	for op := range ops {
		names = append(names, op)
	}
	sort.Strings(names)
	rep, err := sweep.Run(sweepops.Bindings(), sweep.Options{
		Ops: strings.Join(names, ","), Samples: n, Verdicts: "../verdicts.json",
		Jobs: 2, Timeout: time.Minute, Content: true,
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	// Every verdict sample ran: a verdict on a sample that crashed or hung
	// would judge nothing.
	matched := map[string]bool{}
	for _, f := range rep.Violations {
		matched[f.Op] = true
	}
	for _, op := range names {
		if !matched[op] {
			t.Errorf("%s: a verdict, and no violation on its samples", op)
		}
	}
}
