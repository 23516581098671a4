package engine_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// hiddenFake is a fresh return whose runtime says its storage count may
// include references of its own (asserts.HiddenStorageRefs).
func hiddenFake(implUses, storageUses int) *fake {
	f := newFake(kPlain)
	f.id.Traits |= asserts.HiddenStorageRefs
	f.implUses, f.storageUses = implUses, storageUses
	return f
}

// TestHiddenStorageRefs: storage_use_count_eq_1 on a return with the
// HiddenStorageRefs trait passes at count 1 and is inconclusive above it
// (skipped under hidden_storage_refs, not reported); without the trait the
// same count is reported; the trait turns off nothing else.
func TestHiddenStorageRefs(t *testing.T) {
	cases := []struct {
		name        string
		trait       bool
		impl, stor  int
		wantViolate bool
		wantSkip    bool
	}{
		{"trait, count 1: passes", true, 1, 1, false, false},
		{"trait, count 3: inconclusive", true, 1, 3, false, true},
		{"trait, count 2: inconclusive", true, 1, 2, false, true},
		{"no trait, count 3: reported", false, 1, 3, true, false},
		{"no trait, count 1: passes", false, 1, 1, false, false},
	}
	for _, p := range []checks.Policy{checks.Strict, checks.PyTorch, checks.PyTorch113} {
		for _, tc := range cases {
			f := newFake(kPlain)
			f.implUses, f.storageUses = tc.impl, tc.stor
			if tc.trait {
				f = hiddenFake(tc.impl, tc.stor)
			}
			out := tcall{rets: []any{f}, rows: []engine.Row{row(checks.StorageUseCountEq1, 0, -1)}}.run(t, p, asserts.EnvState{})
			k := checks.StorageUseCountEq1
			if got := len(out.violations) > 0; got != tc.wantViolate {
				t.Errorf("%v, %s: violations %v", p, tc.name, out.violations)
			}
			skips := out.stats.Skipped[checks.ReasonHiddenStorageRefs]
			if tc.wantSkip != (skips == 1) || tc.wantSkip == (out.stats.Ran[k] == 1) {
				t.Errorf("%v, %s: ran %d, skipped under hidden_storage_refs %d", p, tc.name, out.stats.Ran[k], skips)
			}
		}
	}
}

// TestHiddenStorageRefsOtherChecks: the trait makes no other check blind:
// a return with it that shares an input's storage, or whose TensorImpl is
// held twice, is reported; an argument with it that the kernel swapped or
// wrote is reported.
func TestHiddenStorageRefsOtherChecks(t *testing.T) {
	t.Run("impl_use_count_le_1", func(t *testing.T) {
		f := hiddenFake(2, 3)
		out := tcall{rets: []any{f}, rows: []engine.Row{row(checks.ImplUseCountLE1, 0, -1), row(checks.StorageUseCountEq1, 0, -1)}}.
			run(t, checks.Strict, asserts.EnvState{})
		if len(out.violations) != 1 || out.violations[0].Check != checks.ImplUseCountLE1 {
			t.Errorf("violations %v, want impl_use_count_le_1 alone", out.violations)
		}
	})
	t.Run("fresh_no_alias", func(t *testing.T) {
		in := newFake(kPlain)
		f := hiddenFake(1, 3)
		f.id.Storage = in.id.Storage // the kernel returned a view of its input
		out := tcall{args: []any{in}, rets: []any{f},
			rows: []engine.Row{row(checks.StorageUseCountEq1, 1, -1), row(checks.FreshNoAlias, 1, 0)}}.run(t, checks.Strict, asserts.EnvState{})
		if len(out.violations) != 1 || out.violations[0].Check != checks.FreshNoAlias {
			t.Errorf("violations %v, want fresh_no_alias alone", out.violations)
		}
		if out.stats.Skipped[checks.ReasonHiddenStorageRefs] != 1 {
			t.Errorf("skips %v, want storage_use_count_eq_1 under hidden_storage_refs", out.stats.Skipped)
		}
	})
	t.Run("arguments", func(t *testing.T) {
		in := hiddenFake(1, 3)
		out := tcall{args: []any{in}, rows: unchanged(0), kernel: func() {
			in.id.Version++
			in.id.Storage = fid()
		}}.run(t, checks.Strict, asserts.EnvState{})
		var got []string
		for _, v := range out.violations {
			got = append(got, v.Check.String())
		}
		if strings.Join(got, ",") != "same_storage,no_mutation" {
			t.Errorf("violations %v, want same_storage and no_mutation", got)
		}
	})
}

// TestHiddenStorageRefsFreshOrAlias: fresh_or_alias on a return that is
// neither the argument nor a view of it decides with the use counts; with
// the trait and a storage count above 1 it is inconclusive unless the
// TensorImpl count alone shows the return is not fresh.
func TestHiddenStorageRefsFreshOrAlias(t *testing.T) {
	cases := []struct {
		name       string
		trait      bool
		impl, stor int
		want       string // "pass", "skip", "report"
	}{
		{"trait, counts [1 1]", true, 1, 1, "pass"},
		{"trait, counts [1 3]", true, 1, 3, "skip"},
		{"trait, counts [2 3]", true, 2, 3, "report"},
		{"no trait, counts [1 3]", false, 1, 3, "report"},
	}
	for _, tc := range cases {
		for _, list := range []bool{false, true} {
			in := newFake(kPlain)
			f := newFake(kPlain)
			f.implUses, f.storageUses = tc.impl, tc.stor
			if tc.trait {
				f = hiddenFake(tc.impl, tc.stor)
			}
			call := tcall{args: []any{in}, rets: []any{f}, rows: []engine.Row{row(checks.FreshOrAlias, 1, 0)}}
			if list {
				call.args = []any{[]*fake{in}}
				call.rows[0].Form = engine.FormArgList
			}
			out := call.run(t, checks.Strict, asserts.EnvState{})
			got := "pass"
			switch {
			case len(out.violations) > 0:
				got = "report"
			case out.stats.Skipped[checks.ReasonHiddenStorageRefs] == 1:
				got = "skip"
			}
			if got != tc.want {
				t.Errorf("%s (list argument %v): %s, want %s (violations %v, skips %v)", tc.name, list, got, tc.want, out.violations, out.stats.Skipped)
			}
		}
	}
}

// TestHiddenStorageRefsList: the list form of storage_use_count_eq_1
// judges each element as the single form does.
func TestHiddenStorageRefsList(t *testing.T) {
	plain, hidden, held := newFake(kPlain), hiddenFake(1, 3), newFake(kPlain)
	held.storageUses = 2
	out := tcall{rets: []any{[]*fake{plain, hidden, held}},
		rows: []engine.Row{{Check: checks.StorageUseCountEq1, Form: engine.FormRetList, T: 0, U: -1}}}.run(t, checks.Strict, asserts.EnvState{})
	if len(out.violations) != 1 || out.violations[0].Where() != "return 0[2]" {
		t.Errorf("violations %v, want return 0[2] alone", out.violations)
	}
	k := checks.StorageUseCountEq1
	if out.stats.Ran[k] != 2 || out.stats.Skipped[checks.ReasonHiddenStorageRefs] != 1 {
		t.Errorf("ran %d, skipped %v; want 2 run and 1 under hidden_storage_refs", out.stats.Ran[k], out.stats.Skipped)
	}
}
