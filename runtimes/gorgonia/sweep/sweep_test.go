//go:build debugasserts

package sweep

import (
	"errors"
	"reflect"
	"sort"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	samples "github.com/assertgen/assertgen/sweep"
)

// TestSweep runs every bound op on every sample under the strict profile
// with same_content on: at least 40 ops, every check that a runtime
// without use counts can run ran, the use-count rows were skipped under
// no_use_counts, and every finding has a verdict.
func TestSweep(t *testing.T) {
	asserts.ResetStats()
	r, err := run()
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.Ops < 40 {
		t.Errorf("%d ops bound, want at least 40", r.Ops)
	}
	st := asserts.ReadStats()
	for _, k := range []asserts.Check{asserts.CheckSameImpl, asserts.CheckSameStorage, asserts.CheckSharesStorage,
		asserts.CheckReturnsArg, asserts.CheckFreshNoAlias, asserts.CheckFreshNotHeld, asserts.CheckSameContent, asserts.CheckFreshOrAlias} {
		if st.Ran[k] == 0 {
			t.Errorf("%s never ran", k)
		}
	}
	for _, rs := range []asserts.Reason{asserts.ReasonNoUseCounts, asserts.ReasonNoVersion} {
		if st.Skipped[rs] == 0 {
			t.Errorf("no skip under %s", rs)
		}
	}
	if st.Skipped[asserts.ReasonCounted] != 0 || st.Skipped[asserts.ReasonNoAnchor] != 0 {
		t.Errorf("skips under use_counted or no_storage_anchor: %v", st.Skipped)
	}
	var ks []string
	for k := range asserts.NumChecks {
		if st.Ran[k] > 0 {
			ks = append(ks, asserts.Check(k).String())
		}
	}
	sort.Strings(ks)
	for _, k := range ks {
		c, _ := asserts.ParseCheck(k)
		t.Logf("ran %-24s %6d", k, st.Ran[c])
	}
	for rs := range asserts.NumReasons {
		if n := st.Skipped[rs]; n > 0 {
			t.Logf("skipped %-21s %6d", asserts.Reason(rs), n)
		}
	}
	seen := map[string]bool{}
	for _, f := range r.Findings {
		seen[f.Key()] = true
		if verdicts[f.Key()] == "" {
			t.Errorf("finding without a verdict: %s\n\t%s", f.Key(), f.Message)
		}
	}
	for k := range verdicts {
		if !seen[k] {
			t.Errorf("verdict without a finding: %s", k)
		}
	}
}

// TestRejected lists, with -v, each sample gorgonia or the binding
// rejected and why (README.md, "Where gorgonia differs").
func TestRejected(t *testing.T) {
	ops, err := SchemaOps(Ops)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, o := range ops {
		for v := range samples.Variants {
			s := samples.For(o, v)
			var me *samples.MakeError
			if _, rej := call(reflect.ValueOf(Checked[o.Name]), s); rej != nil && !errors.As(rej, &me) {
				n++
				t.Logf("%s [%s] %s: %v", o.Name, samples.Variants[v].Name, s.Describe(), rej)
			}
		}
	}
	if n == len(ops)*len(samples.Variants) {
		t.Error("every sample was rejected")
	}
}
