package asserts_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
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
			out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
				var l engine.ListSlot
				saveListOf(c, &l, ts)
				for j, e := range ts {
					c.BindingContext(argTensors.Elem(j), l.At(j), e)
				}
				afterListOf(c, &l, ts)
				c.List(checks.SameImpl, argTensors, &l)
				c.List(checks.SameStorage, argTensors, &l)
				c.List(checks.NoMutation, argTensors, &l)
				if l.Len() != n {
					t.Errorf("Len() = %d", l.Len())
				}
			})
			if len(out.violations) != 0 || out.stats.Ran[checks.SameImpl] != uint64(n) ||
				out.stats.Ran[checks.BindingContext] != uint64(n) || out.stats.TotalSkipped() != 0 {
				t.Errorf("violations %v, stats %+v", out.violations, out.stats)
			}
		})
	}
	t.Run("violations name the element", func(t *testing.T) {
		ts := tensors(12)
		out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
			var l engine.ListSlot
			saveListOf(c, &l, ts)
			ts[3].id.Impl = fid()
			ts[10].id.Version++
			afterListOf(c, &l, ts)
			c.List(checks.SameImpl, argTensors, &l)
			c.List(checks.SameStorage, argTensors, &l)
			c.List(checks.NoMutation, argTensors, &l)
		})
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
			out := run(t, p, asserts.EnvState{}, func(c *engine.Call) {
				var l engine.ListSlot
				saveOptListOf(c, &l, ts)
				ts[2].id.Impl = fid()
				afterListOf(c, &l, ts)
				c.List(checks.SameImpl, argTensors, &l)
			})
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
			out := run(t, tc.p, asserts.EnvState{}, func(c *engine.Call) {
				var l engine.ListSlot
				saveListOf(c, &l, ts)
				ts[0].id.Impl = fid()
				afterListOf(c, &l, ts)
				c.List(checks.SameImpl, argTensors, &l)
			})
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
			out := run(t, tc.p, asserts.EnvState{}, func(c *engine.Call) {
				var s, r engine.Slot
				c.Save(&s, self)
				c.After(&s, self)
				c.Result(&r, ret)
				c.SharesStorage(ret0, &r, argSelf, &s)
			})
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
		out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
			var s engine.Slot
			c.Save(&s, base)
			c.After(&s, base)
			var rl engine.ListSlot
			resultListOf(c, &rl, views)
			for i := range rl.Len() {
				c.SharesStorage(ret0.Elem(i), rl.At(i), argSelf, &s)
			}
			c.List(checks.ImplUseCountLE1, ret0, &rl)
			c.List(checks.StorageUseCountEq1, ret0, &rl)
			for i := range rl.Len() {
				c.FreshOrAlias(ret0.Elem(i), rl.At(i), argSelf, &s)
			}
		})
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
		out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
			var sl, rl engine.ListSlot
			saveListOf(c, &sl, outs)
			afterListOf(c, &sl, outs)
			resultListOf(c, &rl, []*fake{outs[0], newFake(kPlain)})
			c.ReturnsArgList(ret0, &rl, engine.Arg("out"), &sl)
		})
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
	out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
		var l engine.ListSlot
		saveListOf(c, &l, ts)
		afterListOf(c, &l, ts)
		c.List(checks.SameImpl, argTensors, &l)
		c.List(checks.SameImpl, argTensors, &l)
		// same_content off (the default): the lists' skips, then 303
		// rows of a single tensor.
		for j, e := range ts {
			c.SameContent(argTensors.Elem(j), l.At(j), e)
		}
		for j, e := range ts {
			c.SameContent(argTensors.Elem(j), l.At(j), e)
		}
		for range 303 {
			c.SameContent(argTensors, l.At(0), ts[0])
		}
		// returns_arg on a list return of the same length, then on one
		// tensor.
		var rl engine.ListSlot
		resultListOf(c, &rl, ts)
		c.ReturnsArgList(ret0, &rl, argTensors, &l)
		var r engine.Slot
		c.Result(&r, ts[0])
		c.ReturnsArg(ret0, &r, argTensors, l.At(0))
	})
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
	call := func(t *fake, mode bool) {
		var c engine.Call
		c.BeginWith(op, asserts.EnvState{ModeActive: mode})
		var s, r engine.Slot
		c.Save(&s, t)
		c.After(&s, t)
		c.SameImpl(argSelf, &s)
		c.NoMutation(argSelf, &s)
		c.Result(&r, t)
		c.ImplUseCountLE1(ret0, &r)
		c.PlanSkip(checks.StorageUseCountEq1, ret0)
		c.End()
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

func TestPanicHandler(t *testing.T) {
	prev := asserts.SetHandler(nil) // the default
	defer asserts.SetHandler(prev)
	if asserts.CurrentHandler() != asserts.Panic {
		t.Fatal("default handler is not Panic")
	}
	x := newFake(kPlain)
	defer func() {
		r := recover()
		err, ok := r.(error)
		var v *asserts.Violation
		if !ok || !errors.As(err, &v) || v.Check != checks.SameImpl || v.OpName() != "p.q" {
			t.Fatalf("recovered %v", r)
		}
		if !strings.HasPrefix(err.Error(), "p.q: same_impl: argument self: kernel replaced the TensorImpl (before "+
			x.id.Impl.String()+", after ") {
			t.Errorf("message %q", err.Error())
		}
	}()
	var c engine.Call
	c.BeginWith(&engine.Op{Name: "p", Overload: "q"}, asserts.EnvState{})
	var s engine.Slot
	c.Save(&s, x)
	old := *x
	x.id.Impl = fid()
	c.After(&s, x)
	*x = old
	c.SameImpl(argSelf, &s)
	t.Fatal("no panic")
}

// recorder is a testing.TB that records Errorf.
type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func TestTestingHandler(t *testing.T) {
	rec := &recorder{TB: t}
	prev := asserts.SetHandler(asserts.Testing(rec))
	defer asserts.SetHandler(prev)
	var c engine.Call
	c.BeginWith(&engine.Op{Name: "add"}, asserts.EnvState{})
	var r engine.Slot
	f := newFake(kPlain)
	f.implUses = 3
	c.Result(&r, f)
	c.ImplUseCountLE1(ret0, &r)
	c.End()
	if len(rec.msgs) != 1 || !strings.HasPrefix(rec.msgs[0], "add: impl_use_count_le_1: return 0: TensorImpl use count is 3, want <= 1; hint: ") {
		t.Errorf("recorded %q", rec.msgs)
	}
}

func TestCollectorReport(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	op := &engine.Op{Name: "mul", Overload: "Tensor"}
	for i := range 3 {
		var c engine.Call
		c.BeginWith(op, asserts.EnvState{ModeActive: i == 2})
		x := newFake(kPlain)
		var s, r engine.Slot
		c.Save(&s, x)
		x.id.Version++
		c.After(&s, x)
		c.NoMutation(argOther, &s)
		c.Result(&r, newFake(kPlain))
		c.ImplUseCountLE1(ret0, &r)
		c.End()
	}
	rep := col.Report()
	if rep.Calls != 3 || rep.ViolationCount != 3 || len(rep.Violations) != 3 ||
		rep.ByOp["mul.Tensor"]["no_mutation"] != 3 || rep.Skipped["mode_active"] != 1 ||
		rep.ChecksRun["impl_use_count_le_1"] != 2 {
		t.Errorf("report %+v", rep)
	}
	var buf bytes.Buffer
	if err := col.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back asserts.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.Violations[0].Check != checks.NoMutation ||
		back.Violations[0].Arg != "other" || back.Violations[0].Ret != -1 || back.Violations[0].Policy != checks.Strict {
		t.Errorf("JSON round trip: %v, %+v\n%s", err, back.Violations, buf.String())
	}
	sum := col.Summary()
	for _, want := range []string{
		"asserts: 3 calls, 5 checks run, 1 skipped, 3 violations\n",
		"  no_mutation ", "violations by op:\n  mul.Tensor               no_mutation              3\n",
		"skipped by reason:\n  mode_active                  1\n",
		"  mul.Tensor: no_mutation: argument other: kernel wrote an argument the schema does not mark mutable (version 3 before, 4 after)",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	col.Reset()
	if r := col.Report(); r.Calls != 0 || len(r.Violations) != 0 {
		t.Errorf("after Reset: %+v", r)
	}
}

func TestMisuseIsAProgrammingError(t *testing.T) {
	collect(t)
	x := newFake(kPlain)
	tests := []struct {
		name string
		body func(c *engine.Call)
		want string
	}{
		{"check before After", func(c *engine.Call) {
			var s engine.Slot
			c.Save(&s, x)
			c.SameImpl(argSelf, &s)
		}, "asserts: op.ov: same_impl: argument self checked before After (generated code out of date? re-run assertgen)"},
		{"use count of an argument", func(c *engine.Call) {
			var s engine.Slot
			c.Save(&s, x)
			c.After(&s, x)
			c.ImplUseCountLE1(argSelf, &s)
		}, "needs a Result snapshot of the return"},
		{"same_impl of a return", func(c *engine.Call) {
			var r engine.Slot
			c.Result(&r, x)
			c.SameImpl(ret0, &r)
		}, "needs a Save snapshot of the argument"},
		{"AfterList with another list", func(c *engine.Call) {
			var l engine.ListSlot
			saveListOf(c, &l, []*fake{x})
			afterListOf(c, &l, []*fake{x, x})
		}, "AfterList with another list than SaveList"},
		{"invalid policy", func(c *engine.Call) {
			var c2 engine.Call
			c2.BeginWith(&engine.Op{Name: "bad", Policy: 9}, asserts.EnvState{})
			var s engine.Slot
			c2.SaveOpt(&s, nil, false)
			c2.After(&s, (*fake)(nil))
			c2.SameImpl(argSelf, &s)
		}, "asserts: bad: invalid policy 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tt.want) {
					t.Errorf("recovered %v, want %q", r, tt.want)
				}
			}()
			run(t, checks.Strict, asserts.EnvState{}, tt.body)
		})
	}
}

func TestEnabled(t *testing.T) {
	defer asserts.SetEnabled(asserts.SetEnabled(false))
	if asserts.Checking() {
		t.Error("checking on after SetEnabled(false)")
	}
	if asserts.SetEnabled(true) || !asserts.Checking() {
		t.Error("SetEnabled(true): want the previous setting false, and checking on")
	}
}

type envFunc func() asserts.EnvState

func (f envFunc) State() asserts.EnvState { return f() }

func TestNames(t *testing.T) {
	for k := checks.Check(0); k < checks.NumChecks; k++ {
		if got, ok := checks.Parse(k.String()); !ok || got != k {
			t.Errorf("checks.Parse(%q) = %v, %v", k, got, ok)
		}
		var back checks.Check
		b, _ := k.MarshalText()
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("text round trip of %v: %v", k, err)
		}
	}
	if _, ok := checks.Parse("nope"); ok {
		t.Error("checks.Parse accepted an unknown name")
	}
	names := []string{}
	for k := checks.Check(0); k < checks.NumChecks; k++ {
		names = append(names, k.String())
	}
	if got := strings.Join(names, " "); got != "same_impl same_storage impl_use_count_le_1 storage_use_count_eq_1 "+
		"shares_storage fresh_or_alias returns_arg no_mutation distinct_outputs binding_context fresh_no_alias same_content "+
		"impl_use_count_eq_fresh fresh_not_held same_metadata view_holds_storage" {
		t.Errorf("check names: %s", got)
	}
	for _, p := range []checks.Policy{checks.Strict, checks.PyTorch} {
		if q, ok := checks.ParsePolicy(p.String()); !ok || q != p {
			t.Errorf("ParseProfile(%v)", p)
		}
	}
	if s := (asserts.WrapperSubclass | asserts.PropagatesStorage).String(); s != "wrapper_subclass|propagates_storage" {
		t.Errorf("traits %q", s)
	}
	if s := asserts.Plain.String(); s != "plain" {
		t.Errorf("plain %q", s)
	}
	if s := checks.SetOf(checks.SameImpl, checks.NoMutation).String(); s != "same_impl,no_mutation" {
		t.Errorf("check set %q", s)
	}
	if checks.All.String() != "all" || checks.Set(0).String() != "none" {
		t.Error("check set all/none")
	}
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
	body := func(rets ...*fake) func(c *engine.Call) {
		return func(c *engine.Call) {
			var sl engine.ListSlot
			saveOptListOf(c, &sl, []*fake{a, nil, b})
			afterListOf(c, &sl, []*fake{a, nil, b})
			var rl engine.ListSlot
			resultListOf(c, &rl, rets)
			for i := range rl.Len() {
				c.FreshOrAliasOf(ret0.Elem(i), rl.At(i), argTensors, &sl)
			}
			for i := range rl.Len() {
				c.SharesStorageOf(ret1.Elem(i), rl.At(i), argTensors, &sl)
			}
		}
	}
	// A new handle of a: the caller's and the return's.
	aNew := &fake{id: a.id, implUses: 2, storageUses: 1}
	out := run(t, checks.Strict, asserts.EnvState{}, body(aNew, view, fresh, held))
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
	out = run(t, checks.Strict, asserts.EnvState{ModeActive: true}, body(fresh))
	if len(out.violations) != 1 || out.violations[0].Check != checks.SharesStorage ||
		out.stats.Skipped[checks.ReasonModeActive] != 1 || out.stats.Ran[checks.FreshOrAlias] != 0 {
		t.Errorf("under a mode: %v %+v", out.violations, out.stats)
	}
	out = run(t, checks.Strict, asserts.EnvState{}, body(sp))
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
	single := func(ret *fake) func(c *engine.Call) {
		return func(c *engine.Call) {
			var s, r engine.Slot
			c.Save(&s, a)
			c.After(&s, a)
			c.Result(&r, ret)
			c.FreshOrAlias(ret0, &r, argSelf, &s)
		}
	}
	ofList := func(ret *fake) func(c *engine.Call) {
		return func(c *engine.Call) {
			var sl engine.ListSlot
			saveListOf(c, &sl, []*fake{newFake(kPlain), a})
			afterListOf(c, &sl, []*fake{newFake(kPlain), a})
			var r engine.Slot
			c.Result(&r, ret)
			c.FreshOrAliasOf(ret0, &r, argTensors, &sl)
		}
	}
	for _, tc := range []struct {
		name string
		body func(c *engine.Call)
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
			out := run(t, checks.Strict, tc.env, tc.body)
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
	out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
		var s engine.Slot
		c.Save(&s, a)
		released := &fake{}
		c.After(&s, released)
		c.SameImpl(argSelf, &s)
		c.SameStorage(argSelf, &s)
		c.NoMutation(argSelf, &s)
	})
	if len(out.violations) != 3 {
		t.Fatalf("got %d violations, want 3", len(out.violations))
	}
	for i, k := range []string{"same_impl", "same_storage", "no_mutation"} {
		want := "op.ov: " + k + ": argument self: kernel released the argument's handle or left it undefined (TensorImpl before " +
			a.id.Impl.String() + ", now none); hint: a kernel must not release or reset its caller's handles"
		v := out.violations[i]
		if !strings.HasPrefix(v.Error(), want) || !v.Released || v.Want != uint64(a.id.Impl) || v.Got != 0 {
			t.Errorf("violation %d = %v (Released %v, Want %#x, Got %#x), want %q", i, v.Error(), v.Released, v.Want, v.Got, want)
		}
	}
}

// The list loops gen writes per list type (saveList and afterList in
// wrappers_test.go have their form; a Tensor?[] ends with
// SummarizeSavedOpt) snapshot a list as the generic functions do: the list
// checks then count, skip and report alike. Lists of every size around the
// inline capacity; an undefined (absent) element, a written one and a
// replaced one.
func TestListLoopsMatchGeneric(t *testing.T) {
	col := collect(t)
	optLoop := func(c *engine.Call, l *engine.ListSlot, ts []*rt.Tensor) {
		l.Reset(len(ts))
		for i, t := range ts {
			c.Save(l.At(i), t)
		}
		c.SummarizeSavedOpt(l)
	}
	type outcome struct {
		stats   asserts.Stats
		defined []bool
		reports []string
	}
	run := func(n int, opt bool, save, after func(c *engine.Call, l *engine.ListSlot, ts []*rt.Tensor)) outcome {
		ts := make([]*rt.Tensor, n)
		for i := range ts {
			ts[i] = rt.Ones(2)
			defer ts[i].Release()
		}
		if opt && n > 2 {
			ts[1] = nil
		}
		var op engine.Op
		var c engine.Call
		var l engine.ListSlot
		col.Reset()
		c.Begin(&op)
		save(&c, &l, ts)
		if n > 4 {
			ts[3].Fill(2)      // a write: no_mutation fires
			ts[4] = rt.Ones(2) // a replaced element: same_impl and same_storage fire
			defer ts[4].Release()
		}
		after(&c, &l, ts)
		c.List(checks.SameImpl, engine.Arg("ts"), &l)
		c.List(checks.SameStorage, engine.Arg("ts"), &l)
		c.List(checks.NoMutation, engine.Arg("ts"), &l)
		c.End()
		o := outcome{stats: op.Stats()}
		for i := range l.Len() {
			o.defined = append(o.defined, l.At(i).Ident().Defined())
		}
		for _, v := range col.Violations() {
			o.reports = append(o.reports, fmt.Sprintf("%s %s[%d]", v.Check, v.Arg, v.Index))
		}
		return o
	}
	for _, n := range []int{0, 1, 7, 8, 9, 20} {
		for _, opt := range []bool{false, true} {
			gs, ls := saveListOf[*rt.Tensor], saveList
			if opt {
				gs, ls = saveOptListOf[*rt.Tensor], optLoop
			}
			g := run(n, opt, gs, afterListOf[*rt.Tensor])
			l := run(n, opt, ls, afterList)
			if g.stats != l.stats || !slices.Equal(g.defined, l.defined) || !slices.Equal(g.reports, l.reports) {
				t.Errorf("n=%d opt=%v:\n generic %+v\n loop    %+v", n, opt, g, l)
			}
			if want := 0; n > 4 {
				want = 3
				if len(l.reports) != want {
					t.Errorf("n=%d opt=%v: %d violations %q, want %d", n, opt, len(l.reports), l.reports, want)
				}
			}
		}
	}
}

// TestViolationValuePrints: the violations Collect returns are values, and
// a test prints them as they come (t.Error(v)), so a Violation prints as
// its one line, not as a struct of its fields.
func TestViolationValuePrints(t *testing.T) {
	v := asserts.Violation{Op: "alias", Check: checks.SharesStorage, Ret: 0, Index: -1,
		Other: "argument self", Want: 1, Got: 2, Pos: "tensor/kernels.go:9:6"}
	want := "tensor/kernels.go:9:6: alias: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x1, got 0x2)"
	for _, got := range []string{fmt.Sprint(v), fmt.Sprint(&v), fmt.Sprintf("%v", []asserts.Violation{v})} {
		if !strings.Contains(got, want) {
			t.Errorf("printed %q, want it to hold %q", got, want)
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
