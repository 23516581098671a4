package main

import (
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/sweep"
)

// sample is a sweep's report of the ops a, b and c: b crashed, c found a
// violation.
func sample() *sweep.Report {
	return &sweep.Report{
		Ops:      3,
		Samples:  9,
		Checks:   40,
		Tried:    map[string]string{"a": "...", "b": ".C/", "c": "..."},
		Took:     map[string]time.Duration{"a": time.Second},
		Findings: []*sweep.Finding{{Op: "c", Check: checks.FreshNotHeld, Message: "held at 0xc000123"}},
		Crashes:  []*sweep.Crash{{Op: "b", Kind: "panic", Output: "goroutine 1:\nb()\n\ngoroutine 7:\nb.kernel()\n\ngoroutine 2 [GC]:\nruntime"}},
		Shard:    sweep.ShardInfo{Shard: sweep.Shard{Index: 0, Total: 1}, Ops: []string{"a", "b", "c"}, Places: []int{0, 1, 2}, TableOps: 3},
	}
}

// The merged report passes when it is the unsharded one but for times,
// addresses and the runtime's goroutines; an op's record that differs
// fails it, by name, unless the op is unstable (then the profile passes
// saying so); counts that differ where no op's record does fail it.
func TestCompare(t *testing.T) {
	unstable := map[string]string{"b": "crashes in some runs"}
	for _, c := range []struct {
		name    string
		edit    func(r *sweep.Report)
		allowed string
		err     string
	}{
		{name: "the same", edit: func(*sweep.Report) {}},
		{name: "times, addresses, other goroutines", edit: func(r *sweep.Report) {
			r.Took["a"] = 3 * time.Second
			r.Findings[0].Message = "held at 0xc000999"
			r.Crashes[0].Output = "goroutine 1:\nb()\n\ngoroutine 7:\nb.kernel()\n\ngoroutine 3 [sleep]:\nruntime"
		}},
		{name: "an unstable op's outcome", edit: func(r *sweep.Report) {
			r.Tried["b"], r.Crashes, r.Checks = "...", nil, 41
		}, allowed: "b"},
		{name: "another op's outcome", edit: func(r *sweep.Report) {
			r.Tried["a"], r.Tried["b"] = ".E.", "..."
		}, err: "the records of 1 ops differ (a), and of 1 unstable ones (b)"},
		{name: "a finding's check", edit: func(r *sweep.Report) { r.Findings[0].Check = checks.SameStorage }, err: "differ (c)"},
		{name: "the counts alone", edit: func(r *sweep.Report) { r.Checks = 41 }, err: "no op's records differ, the counts do"},
	} {
		t.Run(c.name, func(t *testing.T) {
			merged := sample()
			c.edit(merged)
			allowed, err := compare(sample(), merged, unstable)
			if got := strings.Join(allowed, ","); got != c.allowed {
				t.Errorf("unstable ops that differ: %q, want %q", got, c.allowed)
			}
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Errorf("error %v, want one with %q", err, c.err)
			}
		})
	}
}
