package engine

import (
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestTallyCounts: a call counts every check's runs and every reason's
// skips in a word of its own (a new check needs nothing set aside); the
// op's first call is its signature and a later call with the same counts
// adds one to the signature's calls; a call that reports (its counts
// spilled to the op before the handler) is counted apart, and the next
// call is the signature's again. The statistics are exact throughout.
func TestTallyCounts(t *testing.T) {
	op := &Op{Name: "tally"}
	var c Call // one for every call: Begin starts it afresh
	call := func(report bool) {
		c.beginWith(op, asserts.EnvState{})
		for k := range checks.Check(checks.NumChecks) {
			c.count(k, int(k)+2)
		}
		for r := range checks.Reason(checks.NumReasons) {
			c.skip(checks.Check(int(r)%checks.NumChecks), r)
		}
		if report {
			c.count(checks.SameImpl, 1)
			c.report(&violation{Violation: asserts.Violation{Check: checks.SameImpl}, loc: Arg("self")})
			c.skip(checks.SameImpl, checks.ReasonConcurrentWrite)
		}
		c.End()
	}
	var seen []uint64 // the signature's calls after each call
	vs := asserts.Collect(func() {
		for _, report := range []bool{false, false, true, false} {
			call(report)
			seen = append(seen, op.st.sigCalls.Load())
		}
	})
	if len(vs) != 1 {
		t.Fatalf("%d violations, want 1", len(vs))
	}
	if want := []uint64{1, 2, 2, 3}; !slices.Equal(seen, want) {
		t.Errorf("the signature's calls after each call: %v, want %v", seen, want)
	}
	s := op.Stats()
	if s.Calls != 4 {
		t.Errorf("%d calls, want 4", s.Calls)
	}
	for k := range checks.Check(checks.NumChecks) {
		want := 4 * uint64(k+2)
		for r := range checks.NumReasons {
			if r%checks.NumChecks == int(k) {
				want -= 4
			}
		}
		if got := s.Ran[k]; got != want {
			t.Errorf("%s ran %d times, want %d", k, got, want)
		}
	}
	for r := range checks.Reason(checks.NumReasons) {
		want := uint64(4)
		if r == checks.ReasonConcurrentWrite {
			want++
		}
		if got := s.Skipped[r]; got != want {
			t.Errorf("%s: %d skips, want %d", r, got, want)
		}
	}
	if got := s.Violations[checks.SameImpl]; got != 1 {
		t.Errorf("%d violations counted, want 1", got)
	}
}
