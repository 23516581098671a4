package plan

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/schema"
)

// TestNoUseCounts checks the rows of a plan for a runtime without use
// counts: each fresh return of the strict profile gets fresh_not_held
// after its other rows, and nothing else changes; the pytorch profile
// plans none (PyTorch has no such check).
func TestNoUseCounts(t *testing.T) {
	s, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range []Profile{Strict, PyTorch} {
		with, err := BuildWith(s, Options{Profile: profile, NoUseCounts: true})
		if err != nil {
			t.Fatal(err)
		}
		without, err := BuildWith(s, Options{Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		if !with.NoUseCounts || without.NoUseCounts {
			t.Errorf("%s: Plan.NoUseCounts = %v and %v", profile, with.NoUseCounts, without.NoUseCounts)
		}
		n := 0
		for i, op := range with.Ops {
			var kept []Check
			for _, c := range op.Checks {
				if c.Name == asserts.CheckFreshNotHeld {
					n++
					continue
				}
				kept = append(kept, c)
			}
			if got, want := rowsOf(kept), rowsOf(without.Ops[i].Checks); got != want {
				t.Errorf("%s %s: rows besides fresh_not_held differ:\n got %s\nwant %s", profile, op.Name, got, want)
			}
			if op.Name == "foo" && profile == Strict && !strings.HasSuffix(rowsOf(op.Checks), "fresh_no_alias(0,self) fresh_not_held(0)") {
				t.Errorf("foo: %s", rowsOf(op.Checks))
			}
		}
		if n == 0 { // both profiles plan fresh_not_held without use counts
			t.Errorf("%s: %d fresh_not_held rows", profile, n)
		}
	}
}

// TestExplainNoUseCounts checks that explain says what a plan without use
// counts does at run time, and shows the fresh_not_held row.
func TestExplainNoUseCounts(t *testing.T) {
	s, err := schema.Embedded("2.6")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Explain(&b, s, "neg", Options{Profile: Strict, NoUseCounts: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"note: planned for a runtime without use counts", "fresh_not_held          return 0"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("explain neg lacks %q:\n%s", want, b.String())
		}
	}
}
