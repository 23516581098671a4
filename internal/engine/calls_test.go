package engine_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

func TestListChecks(t *testing.T) {
	tensors := func(n int) []*fake {
		ts := make([]*fake, n)
		for i := range ts {
			ts[i] = newFake(kPlain)
		}
		return ts
	}
	for _, n := range []int{0, 1, 8, 9, 20} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			ts := tensors(n)
			out := tcall{args: []any{ts}, rows: listRows(checks.BindingContext, checks.SameImpl, checks.SameStorage, checks.NoMutation)}.
				run(t, checks.Strict, asserts.EnvState{})
			if len(out.violations) != 0 || out.stats.Ran[checks.SameImpl] != uint64(n) ||
				out.stats.Ran[checks.BindingContext] != uint64(n) || out.stats.TotalSkipped() != 0 {
				t.Errorf("violations %v, stats %+v", out.violations, out.stats)
			}
		})
	}
	t.Run("violations name the element", func(t *testing.T) {
		ts := tensors(12)
		out := tcall{args: []any{ts}, rows: listRows(checks.SameImpl, checks.SameStorage, checks.NoMutation), kernel: func() {
			ts[3].id.Impl = fid()
			ts[10].id.Version++
		}}.run(t, checks.Strict, asserts.EnvState{})
		var got []string
		for _, v := range out.violations {
			got = append(got, v.Check.String()+" "+v.Where())
		}
		want := []string{"same_impl argument tensors[3]", "no_mutation argument tensors[10]"}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("violations at %v, want %v", got, want)
		}
	})
	t.Run("Tensor?[] with absent elements", func(t *testing.T) {
		// PyTorch puts no subclass guard around same_impl on a Tensor?[]
		// (both releases): the subclass element is checked, and its swap
		// reported; the absent one is skipped.
		for _, p := range []checks.Policy{checks.PyTorch, checks.PyTorch113} {
			ts := []*fake{newFake(kPlain), nil, newFake(kSubclass)}
			out := tcall{args: []any{ts}, rows: listRows(checks.SameImpl), kernel: func() { ts[2].id.Impl = fid() }}.
				run(t, p, asserts.EnvState{})
			s := out.stats
			if len(out.violations) != 1 || out.violations[0].Where() != "argument tensors[2]" ||
				s.Ran[checks.SameImpl] != 2 || s.Skipped[checks.ReasonAbsent] != 1 || s.TotalSkipped() != 1 {
				t.Errorf("%s: violations %v, stats %+v", p, out.violations, s)
			}
		}
	})
	t.Run("Tensor[] with a subclass element", func(t *testing.T) {
		// tensorlist_has_dispatch: one subclass element skips the list's
		// check for every element under the pytorch profiles; strict
		// checks the others.
		for _, tc := range []struct {
			p           checks.Policy
			ran, skiped uint64
			violations  int
		}{{checks.PyTorch, 0, 3, 0}, {checks.PyTorch113, 0, 3, 0}, {checks.Strict, 3, 0, 1}} {
			ts := []*fake{newFake(kPlain), newFake(kSubclass), newFake(kPlain)}
			out := tcall{args: []any{ts}, rows: listRows(checks.SameImpl), kernel: func() { ts[0].id.Impl = fid() }}.
				run(t, tc.p, asserts.EnvState{})
			s := out.stats
			if len(out.violations) != tc.violations || s.Ran[checks.SameImpl] != tc.ran ||
				s.Skipped[checks.ReasonDirectSubclass] != tc.skiped {
				t.Errorf("%s: violations %v, stats %+v", tc.p, out.violations, s)
			}
		}
	})
	t.Run("view check and a subclass return", func(t *testing.T) {
		// PyTorch 2.x skips shares_storage when the return is a subclass;
		// 1.13 guards it with the viewed argument only.
		for _, tc := range []struct {
			p          checks.Policy
			violations int
		}{{checks.PyTorch, 0}, {checks.PyTorch113, 1}} {
			self := newFake(kPlain)
			ret := newFake(kSubclass) // not a view of self
			out := tcall{args: []any{self}, rets: []any{ret}, rows: []engine.Row{row(checks.SharesStorage, 1, 0)}}.
				run(t, tc.p, asserts.EnvState{})
			if len(out.violations) != tc.violations {
				t.Errorf("%s: violations %v, stats %+v", tc.p, out.violations, out.stats)
			}
		}
	})
	t.Run("list returns", func(t *testing.T) {
		base := newFake(kPlain)
		views := []*fake{{id: base.id, implUses: 1, storageUses: 3}, {id: base.id, implUses: 1, storageUses: 3}}
		views[0].id.Impl, views[1].id.Impl = fid(), fid()
		copied := &fake{id: asserts.Ident{Impl: fid(), Storage: fid(), Traits: asserts.Versioned}, implUses: 2, storageUses: 1}
		views = append(views, copied)
		retList := func(k checks.Check, u int8) engine.Row {
			return engine.Row{Check: k, Form: engine.FormRetList, T: 1, U: u}
		}
		out := tcall{args: []any{base}, rets: []any{views}, rows: []engine.Row{retList(checks.SharesStorage, 0),
			retList(checks.ImplUseCountLE1, -1), retList(checks.StorageUseCountEq1, -1), retList(checks.FreshOrAlias, 0)}}.
			run(t, checks.Strict, asserts.EnvState{})
		var got []string
		for _, v := range out.violations {
			got = append(got, v.Check.String()+" "+v.Where())
		}
		want := "shares_storage return 0[2],impl_use_count_le_1 return 0[2],storage_use_count_eq_1 return 0[0]," +
			"storage_use_count_eq_1 return 0[1],fresh_or_alias return 0[2]"
		if strings.Join(got, ",") != want {
			t.Errorf("violations %v,\nwant %s", got, want)
		}
	})
	t.Run("returns_arg on lists", func(t *testing.T) {
		outs := tensors(3)
		out := tcall{args: []any{outs}, rets: []any{[]*fake{outs[0], newFake(kPlain)}},
			rows: []engine.Row{{Check: checks.ReturnsArg, Form: engine.FormLists, T: 1, U: 0}}}.run(t, checks.Strict, asserts.EnvState{})
		if len(out.violations) != 2 || out.violations[0].Where() != "return 0[1]" || out.violations[1].Where() != "return 0[2]" {
			t.Errorf("violations %v", out.violations)
		}
	})
	t.Run("distinct outputs with lists", func(t *testing.T) {
		a, b := newFake(kPlain), newFake(kPlain)
		shared := newFake(kPlain)
		shared.id.Storage = b.id.Storage
		out := distinctOutputsFrame(t, a, []*fake{b, shared})
		if len(out.violations) != 1 || !strings.Contains(out.violations[0].Error(),
			"distinct_outputs: return 1[0]: shares StorageImpl "+b.id.Storage.String()+" with return 1[1]") {
			t.Errorf("violations %v", out.violations)
		}
		if out.stats.Ran[checks.DistinctOutputs] != 3 {
			t.Errorf("%d pairs checked, want 3", out.stats.Ran[checks.DistinctOutputs])
		}
	})
}

// A list of 70,000 elements counts exactly, check by check and skip by
// skip (more than the 65,535 a call once counted in a 16-bit lane).
func TestHugeListCounts(t *testing.T) {
	ts := make([]*fake, 70000)
	for i := range ts {
		ts[i] = newFake(kPlain)
	}
	// same_content off (the default): the list's skips twice, then 303
	// rows of a single tensor (ts[0] as an argument of its own);
	// returns_arg on a list return of the same length, then on one tensor.
	rows := listRows(checks.SameImpl, checks.SameImpl, checks.SameContent, checks.SameContent)
	for range 303 {
		rows = append(rows, row(checks.SameContent, 1, -1))
	}
	rows = append(rows, engine.Row{Check: checks.ReturnsArg, Form: engine.FormLists, T: 2, U: 0}, row(checks.ReturnsArg, 3, 1))
	out := tcall{args: []any{ts, ts[0]}, rets: []any{ts, ts[0]}, rows: rows}.run(t, checks.Strict, asserts.EnvState{})
	if got := out.stats.Ran[checks.SameImpl]; got != 140000 {
		t.Errorf("ran %d, want 140000", got)
	}
	if got := out.stats.Skipped[checks.ReasonContentOff]; got != 140303 {
		t.Errorf("same_content skipped %d times, want 140303", got)
	}
	if got := out.stats.Ran[checks.ReturnsArg]; got != 70001 {
		t.Errorf("returns_arg ran %d, want 70001", got)
	}
	if len(out.violations) != 0 {
		t.Errorf("violations %v", out.violations[0])
	}
}

func TestStats(t *testing.T) {
	op := &engine.Op{Name: "stats", Overload: "test"}
	x := newFake(kPlain)
	sub := newFake(kSubclass)
	defer asserts.SetEnv(asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{} })))
	rows := []engine.Row{row(checks.SameImpl, 0, -1), row(checks.NoMutation, 0, -1), row(checks.ImplUseCountLE1, 1, -1),
		{Check: checks.StorageUseCountEq1, Form: engine.FormOne, T: 1, U: -1, Skip: true}}
	plain, subclass := tcall{args: []any{x}, rets: []any{x}, rows: rows}, tcall{args: []any{sub}, rets: []any{sub}, rows: rows}
	plain.sh = plain.shape(plain.rets)
	subclass.sh = plain.sh
	call := func(t *fake, mode bool) {
		c := plain
		if t == sub {
			c = subclass
		}
		if mode {
			c.call(op, asserts.EnvState{ModeActive: true})
			return
		}
		c.frame(op)
	}
	for range 5 {
		call(x, false) // the signature
	}
	call(sub, false) // impl_use_count_le_1 skipped: another signature
	call(x, true)    // mode
	s := op.Stats()
	want := asserts.Stats{Calls: 7}
	want.Ran[checks.SameImpl] = 7
	want.Ran[checks.NoMutation] = 7
	want.Ran[checks.ImplUseCountLE1] = 5
	want.Skipped[checks.ReasonDirectSubclass] = 1
	want.Skipped[checks.ReasonModeActive] = 1
	want.Skipped[checks.ReasonPlan] = 7
	if s != want {
		t.Errorf("Stats() = %+v,\nwant %+v", s, want)
	}
	found := false
	for _, o := range engine.Ops() {
		found = found || o == op
	}
	if !found {
		t.Error("Ops() does not list the op")
	}
	if total := asserts.ReadStats(); total.Calls < 7 || total.TotalRan() < s.TotalRan() {
		t.Errorf("ReadStats() = %+v", total)
	}
	js, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(js), `"skipped":{"direct_subclass":1,"mode_active":1,"plan":7}`) {
		t.Errorf("JSON %s, %v", js, err)
	}
	if d := s.Sub(s); d != (asserts.Stats{}) || s.Add(asserts.Stats{}) != s {
		t.Error("Add/Sub")
	}

	// Concurrent calls count exactly.
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				call(x, false)
			}
		})
	}
	wg.Wait()
	if got := op.Stats().Calls; got != 8007 {
		t.Errorf("%d calls counted, want 8007", got)
	}

	asserts.ResetStats()
	if s := op.Stats(); s != (asserts.Stats{}) {
		t.Errorf("after ResetStats: %+v", s)
	}
	call(x, false)
	if s := op.Stats(); s.Calls != 1 || s.Ran[checks.SameImpl] != 1 {
		t.Errorf("after reset and one call: %+v", s)
	}
}

// A Shape that does not fit its wrappers' calls is a bug of the
// generator, not of a kernel: the rows panic, naming it.
func TestMisuseIsAProgrammingError(t *testing.T) {
	collect(t)
	x := newFake(kPlain)
	one := func(k checks.Check, t, u int8) []engine.Row { return []engine.Row{row(k, t, u)} }
	tests := []struct {
		name string
		call func(op *engine.Op)
		want string
	}{
		{"use count of an argument", func(op *engine.Op) {
			tcall{args: []any{x}, rows: one(checks.ImplUseCountLE1, 0, -1)}.call(op, asserts.EnvState{})
		}, "asserts: op.ov: impl_use_count_le_1: argument self needs a Result snapshot of the return (generated code out of date? re-run assertgen)"},
		{"same_impl of a return", func(op *engine.Op) {
			tcall{rets: []any{x}, rows: one(checks.SameImpl, 0, -1)}.call(op, asserts.EnvState{})
		}, "needs a Save snapshot of the argument"},
		{"AfterList with another list", func(op *engine.Op) {
			c := tcall{args: []any{[]*fake{x}}, rows: listRows(checks.SameImpl)}
			sh := c.shape(nil)
			var f engine.Frame[[0]engine.Slot, [1]engine.ListSlot]
			f.Open()
			f.List(0, 1, unsafe.Pointer(&x))
			f.Elem(0, 0, x.Ident())
			f.Begin(op, sh)
			f.AfterList(0, 2)
		}, "AfterList with another list than SaveList"},
		{"invalid policy", func(*engine.Op) {
			// an absent argument: its skip asks the policy
			tcall{args: []any{(*fake)(nil)}, rows: one(checks.SameImpl, 0, -1)}.call(&engine.Op{Name: "bad", Policy: 9}, asserts.EnvState{})
		}, "asserts: bad: invalid policy 9"},
	}
	defer engine.SetRowsOnly(engine.SetRowsOnly(true))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tt.want) {
					t.Errorf("recovered %v, want %q", r, tt.want)
				}
			}()
			tt.call(&engine.Op{Name: "op", Overload: "ov", Policy: checks.Strict})
		})
	}
}

// TestLocNames: a Loc prints as a violation names its tensor.
func TestLocNames(t *testing.T) {
	l := engine.Arg("tensors").Elem(2)
	if l.String() != "argument tensors[2]" {
		t.Errorf("loc %v", l)
	}
	if r := engine.Ret(1); r.String() != "return 1" {
		t.Errorf("loc %v", r)
	}
}

// The policy tables are DESIGN.md's, as data.
func TestPolicy(t *testing.T) {
	rows := func(p checks.Policy) map[string]string {
		m := map[string]string{}
		for _, r := range engine.Rules(p) {
			m[r.Reason.String()] = r.Skips.String()
		}
		return m
	}
	strict := rows(checks.Strict)
	wantStrict := map[string]string{
		"mode_active":                 "impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage",
		"direct_subclass":             "impl_use_count_le_1,impl_use_count_eq_fresh",
		"wrapper_subclass":            "same_storage,impl_use_count_le_1,storage_use_count_eq_1,shares_storage,distinct_outputs,binding_context,fresh_no_alias,same_content,impl_use_count_eq_fresh,fresh_not_held,view_holds_storage",
		"wrapper_propagating_storage": "impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage",
		"no_storage":                  "same_storage,storage_use_count_eq_1,shares_storage,distinct_outputs,binding_context,fresh_no_alias,same_content,fresh_not_held,view_holds_storage",
		"no_use_counts":               "impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage",
		"other_holders":               "view_holds_storage",
		"use_counted":                 "fresh_not_held",
		"no_storage_anchor":           "fresh_not_held",
		"aliases_mutable_arg":         "no_mutation,same_content,same_metadata",
		"no_metadata_access":          "same_metadata",
		"content_check_off":           "same_content",
		"no_content_access":           "same_content",
		"meta":                        "none",
		"functional_wrapper":          "none",
		"undefined":                   "all",
		"absent":                      "all",
	}
	for reason, want := range wantStrict {
		if strict[reason] != want {
			t.Errorf("strict %s skips %s, want %s", reason, strict[reason], want)
		}
	}
	py := rows(checks.PyTorch)
	for _, reason := range []string{"mode_active", "direct_subclass", "wrapper_subclass", "wrapper_propagating_storage"} {
		if py[reason] != "all" {
			t.Errorf("pytorch %s skips %s, want all", reason, py[reason])
		}
	}
	if len(engine.Rules(checks.Strict)) != checks.NumReasons || engine.Rules(checks.Policy(7)) != nil {
		t.Error("Policy: one rule per reason; nil for an unknown profile")
	}
}

// Returns checked against a list argument: any element will do.
func TestChecksAgainstListArguments(t *testing.T) {
	a, b := newFake(kPlain), newFake(kPlain)
	view := &fake{id: b.id, implUses: 1, storageUses: 2}
	view.id.Impl = fid()
	fresh := newFake(kPlain)
	held := newFake(kPlain)
	held.implUses = 2
	// op(Tensor?[] tensors) -> (Tensor[], Tensor[]), the two lists alike:
	// fresh_or_alias of the first, shares_storage of the second.
	body := func(rets ...*fake) tcall {
		return tcall{args: []any{[]*fake{a, nil, b}}, rets: []any{rets, slices.Clone(rets)},
			rows: []engine.Row{{Check: checks.FreshOrAlias, Form: engine.FormLists, T: 1, U: 0},
				{Check: checks.SharesStorage, Form: engine.FormLists, T: 2, U: 0}}}
	}
	// A new handle of a: the caller's and the return's.
	aNew := &fake{id: a.id, implUses: 2, storageUses: 1}
	out := body(aNew, view, fresh, held).run(t, checks.Strict, asserts.EnvState{})
	var got []string
	for i := range out.violations {
		got = append(got, out.violations[i].Error())
	}
	want := []string{
		"op.ov: fresh_or_alias: return 0[3]: is neither an element of argument tensors, a view of one, nor fresh (TensorImpl " +
			held.id.Impl.String() + " use count 2, StorageImpl " + held.id.Storage.String() + " use count 1); hint: a may-alias op must return an element of tensors, a view of one, or a fresh tensor nobody else holds",
		"op.ov: shares_storage: return 1[2]: does not share the StorageImpl of any element of argument tensors (got " + fresh.id.Storage.String() + "); hint: a view kernel must return a tensor sharing the storage of an element of tensors",
		"op.ov: shares_storage: return 1[3]: does not share the StorageImpl of any element of argument tensors (got " + held.id.Storage.String() + ")",
	}
	if len(got) != 3 {
		t.Fatalf("violations:\n%s", strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("violation %d:\n%s\nwant prefix\n%s", i, got[i], w)
		}
	}
	if out.stats.Ran[checks.FreshOrAlias] != 4 || out.stats.Ran[checks.SharesStorage] != 4 {
		t.Errorf("stats %+v", out.stats)
	}
	// Skips: under a mode nothing decides "fresh" (shares_storage still
	// runs); a sparse return has no storage to share.
	sp := newFake(kSparse)
	out = body(fresh).run(t, checks.Strict, asserts.EnvState{ModeActive: true})
	if len(out.violations) != 1 || out.violations[0].Check != checks.SharesStorage ||
		out.stats.Skipped[checks.ReasonModeActive] != 1 || out.stats.Ran[checks.FreshOrAlias] != 0 {
		t.Errorf("under a mode: %v %+v", out.violations, out.stats)
	}
	out = body(sp).run(t, checks.Strict, asserts.EnvState{})
	if out.stats.Skipped[checks.ReasonNoStorage] != 1 {
		t.Errorf("sparse return: %+v", out.stats)
	}
}

// A may-alias return with an argument's TensorImpl must be a new handle of
// it (use count 2: the caller's and the return's), not the argument's
// handle itself, which the caller would release twice. Under a mode the
// use count proves nothing and the check passes.
func TestFreshOrAliasSameHandle(t *testing.T) {
	a := newFake(kPlain)
	newHandle := &fake{id: a.id, implUses: 2, storageUses: 1}
	single := func(ret *fake) tcall {
		return tcall{args: []any{a}, rets: []any{ret}, rows: []engine.Row{row(checks.FreshOrAlias, 1, 0)}}
	}
	ofList := func(ret *fake) tcall {
		return tcall{args: []any{[]*fake{newFake(kPlain), a}}, rets: []any{ret},
			rows: []engine.Row{{Check: checks.FreshOrAlias, Form: engine.FormArgList, T: 1, U: 0}}}
	}
	for _, tc := range []struct {
		name string
		body tcall
		env  asserts.EnvState
		want string
	}{
		{"new handle", single(newHandle), asserts.EnvState{}, ""},
		{"same handle", single(a), asserts.EnvState{},
			"op.ov: fresh_or_alias: return 0: is the handle of argument self itself (TensorImpl " + a.id.Impl.String() +
				", use count 1), not a new handle of it; hint: returning self as is hands the caller a handle it already holds, and it will be released twice; return a new handle of the same tensor, a view of it, or a new tensor"},
		{"same handle under a mode", single(a), asserts.EnvState{ModeActive: true}, ""},
		{"list: new handle", ofList(newHandle), asserts.EnvState{}, ""},
		{"list: same handle", ofList(a), asserts.EnvState{},
			"op.ov: fresh_or_alias: return 0: is the handle of argument tensors[1] itself (TensorImpl " + a.id.Impl.String() + ", use count 1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := tc.body.run(t, checks.Strict, tc.env)
			switch {
			case tc.want == "" && len(out.violations) != 0:
				t.Errorf("got %v, want no violation", out.violations[0].Error())
			case tc.want != "" && (len(out.violations) != 1 || !strings.HasPrefix(out.violations[0].Error(), tc.want)):
				t.Errorf("got %v, want one violation %q", out.violations, tc.want)
			}
		})
	}
}

// A kernel that releases an argument's handle (or resets it) is reported
// as such, not as a swap to TensorImpl 0x0.
func TestReleasedArgumentMessage(t *testing.T) {
	a := newFake(kPlain)
	before := a.id.Impl
	out := tcall{args: []any{a}, rows: unchanged(0), kernel: func() { *a = fake{} }}.run(t, checks.Strict, asserts.EnvState{})
	if len(out.violations) != 3 {
		t.Fatalf("got %d violations, want 3", len(out.violations))
	}
	for i, k := range []string{"same_impl", "same_storage", "no_mutation"} {
		want := "op.ov: " + k + ": argument self: kernel released the argument's handle or left it undefined (TensorImpl before " +
			before.String() + ", now none); hint: a kernel must not release or reset its caller's handles"
		v := out.violations[i]
		if !strings.HasPrefix(v.Error(), want) || !v.Released || v.Want != uint64(before) || v.Got != 0 {
			t.Errorf("violation %d = %v (Released %v, Want %#x, Got %#x), want %q", i, v.Error(), v.Released, v.Want, v.Got, want)
		}
	}
}

// distinctOutputsFrame runs, on the rows (a forced slow path), a Frame of
// an op whose returns are r0 and the list r1, checked by one
// distinct_outputs row.
func distinctOutputsFrame(t *testing.T, r0 *fake, r1 []*fake) outcome {
	t.Helper()
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	defer engine.SetRowsOnly(engine.SetRowsOnly(true))
	op := &engine.Op{Name: "op", Overload: "ov", Policy: checks.Strict}
	sh := &engine.Shape{
		Rets: 2, Lists: 1 << 1,
		Rows:   []engine.Row{{Check: checks.DistinctOutputs, Form: engine.FormOne, T: 0, U: -1, Set: 1<<0 | 1<<1}},
		Locs:   []engine.Loc{engine.Ret(0), engine.Ret(1)},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*fake)(h) },
		Elem:   func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**fake)(h), i+1)[i] },
	}
	var f engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
	f.Open()
	f.Begin(op, sh)
	iu, su := r0.UseCounts()
	f.Ret(0, r0.Ident(), iu, su, unsafe.Pointer(r0))
	f.List(0, len(r1), unsafe.Pointer(unsafe.SliceData(r1)))
	for j, e := range r1 {
		iu, su := e.UseCounts()
		f.RetElem(0, j, e.Ident(), iu, su)
	}
	f.RetListRead(0)
	f.End()
	return outcome{violations: col.Violations(), stats: op.Stats()}
}

// listRows are rows of the checks ks on list argument 0.
func listRows(ks ...checks.Check) []engine.Row {
	var rs []engine.Row
	for _, k := range ks {
		rs = append(rs, engine.Row{Check: k, Form: engine.FormArgList, T: 0, U: -1})
	}
	return rs
}
