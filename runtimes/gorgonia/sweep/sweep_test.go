//go:build debugasserts

package sweep

import (
	"errors"
	"reflect"
	"sort"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/schema/funcschema"
	"github.com/assertgen/assertgen/sweep"
)

// TestSweep runs every bound op on every sample under the strict profile
// with same_content on: at least 40 ops, 60 of them exercised, every check that a runtime
// without use counts can run ran, the use-count rows were skipped under
// no_use_counts, and every finding has a verdict.
func TestSweep(t *testing.T) {
	r, err := run()
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.Ops < 40 || len(r.Exercised) < 60 {
		t.Errorf("%d ops bound, %d exercised; want at least 40 and 60", r.Ops, len(r.Exercised))
	}
	st := r.Stats // the checks of the sweep's calls, in its workers
	for _, k := range []checks.Check{checks.SameImpl, checks.SameStorage, checks.SharesStorage,
		checks.ReturnsArg, checks.FreshNoAlias, checks.FreshNotHeld, checks.SameContent, checks.FreshOrAlias} {
		if st.Ran[k] == 0 {
			t.Errorf("%s never ran", k)
		}
	}
	for _, rs := range []checks.Reason{checks.ReasonNoUseCounts, checks.ReasonNoVersion} {
		if st.Skipped[rs] == 0 {
			t.Errorf("no skip under %s", rs)
		}
	}
	if st.Skipped[checks.ReasonCounted] != 0 || st.Skipped[checks.ReasonNoAnchor] != 0 {
		t.Errorf("skips under use_counted or no_storage_anchor: %v", st.Skipped)
	}
	var ks []string
	for k := range checks.NumChecks {
		if st.Ran[k] > 0 {
			ks = append(ks, checks.Check(k).String())
		}
	}
	sort.Strings(ks)
	for _, k := range ks {
		c, _ := checks.Parse(k)
		t.Logf("ran %-24s %6d", k, st.Ran[c])
	}
	for rs := range checks.NumReasons {
		if n := st.Skipped[rs]; n > 0 {
			t.Logf("skipped %-21s %6d", checks.Reason(rs), n)
		}
	}
	unjudged, stale := verdicts.Judge(r)
	for _, u := range unjudged {
		t.Errorf("without a verdict: %s", u)
	}
	for _, k := range stale {
		t.Errorf("a verdict nothing needs (fixed? remove it): %s", k)
	}
	for _, c := range r.Crashes {
		for _, v := range c.Variants {
			if v != "empty float [0]" && v != "value: empty" {
				t.Errorf("%s, in %s: a crash on a sample that is not empty", c, v)
			}
		}
	}
}

// FuzzSweep is the coverage-guided fuzz target over the same ops and
// adapter (go test -tags debugasserts -fuzz FuzzSweep ./sweep).
func FuzzSweep(f *testing.F) { sweep.Fuzz(f, adapter{}, checked.SweepOps) }

// TestRejected lists, with -v, each sample gorgonia or the binding
// rejected and why (README.md, "Where gorgonia differs").
func TestRejected(t *testing.T) {
	n, all := 0, 0
	for line, fn := range checked.SweepOps {
		op, err := funcschema.ParseFunc(line) // the table's lines, as gen printed them
		if err != nil {
			t.Fatal(err)
		}
		for v := range sweep.Variants {
			all++
			s := sweep.For(op, v)
			var err error
			asserts.Collect(func() { // the violations are TestSweep's
				err = s.Run(func(s *sweep.Sample) error { return sweep.Call(adapter{}, reflect.ValueOf(fn), s) })
			})
			var me *sweep.MakeError
			if err != nil && !errors.As(err, &me) {
				n++
				t.Logf("%s [%s] %s: %v", op.Name.String(), sweep.Variants[v].Name, s.Describe(), err)
			}
		}
	}
	if n == all {
		t.Error("every sample was rejected")
	}
}
