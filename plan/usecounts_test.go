package plan

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema"
)

// TestNoUseCounts checks the rows of a plan for a runtime without use
// counts: each fresh return gets fresh_not_held after its other rows, in
// both profiles, and nothing else changes.
func TestNoUseCounts(t *testing.T) {
	s, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range []Profile{Strict, PyTorch} {
		with, err := BuildWith(s, Options{Profile: profile, Identity: OwnIDs})
		if err != nil {
			t.Fatal(err)
		}
		without, err := BuildWith(s, Options{Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		if with.Identity != OwnIDs || without.Identity != Counted {
			t.Errorf("%s: Plan.Identity = %s and %s", profile, with.Identity, without.Identity)
		}
		n := 0
		for i, op := range with.Ops {
			var kept []Check
			for _, c := range op.Checks {
				if c.Name == checks.FreshNotHeld {
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
	if err := Explain(&b, s, "neg", Options{Profile: Strict, Identity: OwnIDs}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"note: planned for a runtime without use counts", "fresh_not_held          return 0"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("explain neg lacks %q:\n%s", want, b.String())
		}
	}
}

// TestAllowlistParity: issue 30 item 3, over every op of the embedded
// releases and so every default allowlist entry that matches one. Where a
// runtime keeps no use counts, the row that replaces a use-count row on a
// return (fresh_not_held for storage_use_count_eq_1, fresh_not_held(ret,
// arg) for fresh_or_alias) is skipped wherever the row it replaces is,
// with the same reason and source: an entry that excuses the storage's
// other owners ("the caller also holds" it) excuses them for both.
func TestAllowlistParity(t *testing.T) {
	excused := 0
	for _, release := range []string{"1.13", "2.6", "2.14"} {
		s, err := schema.Embedded(release)
		if err != nil {
			t.Fatal(err)
		}
		for _, profile := range []Profile{Strict, PyTorch} {
			p, err := BuildWith(s, Options{Profile: profile, Identity: OwnIDs})
			if err != nil {
				t.Fatalf("%s %s: %v", release, profile, err)
			}
			for _, op := range p.Ops {
				for _, sk := range op.Skipped {
					if sk.Ret == nil || sk.Name != checks.StorageUseCountEq1 && sk.Name != checks.FreshOrAlias {
						continue
					}
					for _, c := range op.Checks {
						if c.Name == checks.FreshNotHeld && c.Ret != nil && *c.Ret == *sk.Ret && (c.Arg == "") == (sk.Name == checks.StorageUseCountEq1) {
							t.Errorf("%s %s %s: %s on return %d is skipped (%s) but fresh_not_held runs", release, profile, op.Name, sk.Name, *sk.Ret, sk.Reason)
						}
					}
					for _, h := range op.Skipped {
						if h.Name == checks.FreshNotHeld && h.Ret != nil && *h.Ret == *sk.Ret && (h.Arg == "") == (sk.Name == checks.StorageUseCountEq1) {
							excused++
							if h.Reason != sk.Reason || h.Source != sk.Source {
								t.Errorf("%s %s %s: fresh_not_held skipped for %q (%s), its use-count row for %q (%s)", release, profile, op.Name, h.Reason, h.Source, sk.Reason, sk.Source)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d fresh_not_held rows excused with their use-count rows", excused)
	if excused == 0 {
		t.Error("no fresh_not_held row excused: the default allowlist has entries for set.source_Storage, the skip_storage_use_count lists")
	}
	s, err := schema.Embedded("2.14")
	if err != nil {
		t.Fatal(err)
	}
	p, err := BuildWith(s, Options{Profile: Strict, Identity: OwnIDs})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Select([]string{"set.source_Storage"}, nil); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, sk := range p.Ops[0].Skipped {
		found = found || sk.Name == checks.FreshNotHeld && strings.Contains(sk.Reason, "the caller also holds")
	}
	if !found {
		t.Errorf("set.source_Storage: fresh_not_held not excused; skipped: %+v", p.Ops[0].Skipped)
	}
}
