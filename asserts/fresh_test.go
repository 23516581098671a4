package asserts_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// ExpectedFreshUseCount is PyTorch 2.14's expected_fresh_use_count in
// terms of the contract: 0 undefined, 2 with a bound foreign object, 1
// otherwise.
func TestExpectedFreshUseCount(t *testing.T) {
	bound := newFake(kPlain)
	bound.implBound = true
	unbound := newFake(kPlain) // implements ImplBound, reports no object
	for _, c := range []struct {
		name string
		t    asserts.Tensor
		want int
	}{
		{"undefined", newFake(kUndefined), 0},
		{"nil", (*fake)(nil), 0},
		{"undefined, ImplBound", implBoundFake{newFake(kUndefined)}, 0},
		{"plain", newFake(kPlain), 1},
		{"ImplBound, no object", implBoundFake{unbound}, 1},
		{"ImplBound, object", implBoundFake{bound}, 2},
	} {
		if got := engine.ExpectedFreshUseCount(c.t); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// boundReturn returns a fresh tensor whose TensorImpl has a foreign object
// bound to it, with the given use count.
func boundReturn(uses int) implBoundFake {
	f := newFake(kPlain)
	f.implUses, f.implBound, f.implBinding = uses, true, asserts.Binding{Context: 4}
	return implBoundFake{f}
}

// impl_use_count_eq_fresh passes a bound fresh tensor (use count 2) that
// impl_use_count_le_1 blames, and blames the extra reference either way.
func TestEqFreshAgainstLE1(t *testing.T) {
	for _, c := range []struct {
		name       string
		r          asserts.Tensor
		le1, fresh string // "" = passes
	}{
		{"fresh", newFake(kPlain), "", ""},
		{"fresh, bound", boundReturn(2), "use count is 2, want <= 1", ""},
		{"extra reference", func() *fake { f := newFake(kPlain); f.implUses = 2; return f }(),
			"use count is 2, want <= 1", "TensorImpl use count is 2, want 1 for a fresh tensor with no foreign object bound to it"},
		{"extra reference, bound", boundReturn(3),
			"use count is 3, want <= 1", "TensorImpl use count is 3, want 2: a fresh tensor's handle and the foreign object bound to it (made in context 4)"},
		{"defined, use count 0", func() *fake { f := newFake(kPlain); f.implUses = 0; return f }(),
			"", "TensorImpl use count is 0, want 1"},
	} {
		for _, k := range []checks.Check{checks.ImplUseCountLE1, checks.ImplUseCountEqFresh} {
			out := run(t, checks.PyTorch, asserts.EnvState{}, func(cl *engine.Call) {
				var r engine.Slot
				cl.Result(&r, c.r)
				if k == checks.ImplUseCountLE1 {
					cl.ImplUseCountLE1(engine.Ret(0), &r)
				} else {
					cl.ImplUseCountEqFresh(engine.Ret(0), &r, c.r)
				}
			})
			want := c.le1
			if k == checks.ImplUseCountEqFresh {
				want = c.fresh
			}
			if out.stats.Ran[k] != 1 {
				t.Errorf("%s: %v ran %d times", c.name, k, out.stats.Ran[k])
			}
			switch {
			case want == "" && len(out.violations) != 0:
				t.Errorf("%s: %v reported %v", c.name, k, &out.violations[0])
			case want != "" && (len(out.violations) != 1 || out.violations[0].Check != k || !strings.Contains(out.violations[0].Error(), want)):
				t.Errorf("%s: %v: %v, want one violation containing %q", c.name, k, out.violations, want)
			}
		}
	}
}

// NotArg after impl_use_count_eq_fresh reports under that check, also for
// an argument with a bound object returned as is: its use count, 2, is
// that of a fresh bound tensor, so only NotArg sees it. A return that the
// use-count check reported is not reported again.
func TestNotArgAfterEqFresh(t *testing.T) {
	self := boundReturn(2) // an input the caller holds, with its object
	plain := newFake(kPlain)
	for _, c := range []struct {
		name   string
		arg, r asserts.Tensor
		want   string
	}{
		{"bound argument returned as is", self, self,
			"impl_use_count_eq_fresh: return 0: is the TensorImpl of argument self (0x"},
		{"argument returned as is", plain, plain,
			"impl_use_count_eq_fresh: return 0: is the TensorImpl of argument self (0x"},
		{"a new bound tensor", plain, boundReturn(2), ""},
		{"bound argument returned with an extra handle", boundReturn(3), nil,
			"impl_use_count_eq_fresh: return 0: TensorImpl use count is 3, want 2"},
	} {
		r := c.r
		if r == nil {
			r = c.arg
		}
		out := run(t, checks.PyTorch, asserts.EnvState{}, func(cl *engine.Call) {
			var s, rs engine.Slot
			cl.Save(&s, c.arg)
			cl.After(&s, c.arg)
			cl.Result(&rs, r)
			cl.ImplUseCountEqFresh(engine.Ret(0), &rs, r)
			cl.NotArg(engine.Ret(0), &rs, engine.Arg("self"), &s)
		})
		switch {
		case c.want == "" && len(out.violations) != 0:
			t.Errorf("%s: reported %v", c.name, &out.violations[0])
		case c.want != "" && (len(out.violations) != 1 || !strings.Contains(out.violations[0].Error(), c.want)):
			t.Errorf("%s: %v, want one violation containing %q", c.name, out.violations, c.want)
		}
		if len(out.violations) == 1 && out.violations[0].Hint == "" {
			t.Errorf("%s: no hint", c.name)
		}
	}
	// Under a mode both are skipped, NotArg with its check.
	out := run(t, checks.PyTorch, asserts.EnvState{ModeActive: true}, func(cl *engine.Call) {
		var s, rs engine.Slot
		cl.Save(&s, plain)
		cl.After(&s, plain)
		cl.Result(&rs, plain)
		cl.ImplUseCountEqFresh(engine.Ret(0), &rs, plain)
		cl.NotArg(engine.Ret(0), &rs, engine.Arg("self"), &s)
	})
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonModeActive] != 1 || out.stats.Ran[checks.ImplUseCountEqFresh] != 0 {
		t.Errorf("under a mode: %v, %+v", out.violations, out.stats)
	}
}

// The list form checks each element, fast when every use count is 1.
func TestEqFreshList(t *testing.T) {
	mk := func(uses ...int) []asserts.Tensor {
		var ts []asserts.Tensor
		for _, u := range uses {
			if u < 0 {
				ts = append(ts, boundReturn(-u))
				continue
			}
			f := newFake(kPlain)
			f.implUses = u
			ts = append(ts, f)
		}
		return ts
	}
	for _, c := range []struct {
		name string
		ts   []asserts.Tensor
		want []string // one per violation
	}{
		{"all fresh", mk(1, 1, 1), nil},
		{"bound elements", mk(1, -2, -2), nil},
		{"eleven, one shared", mk(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1), []string{"return 0[9]: TensorImpl use count is 2, want 1"}},
		{"a bound element held elsewhere", mk(-2, -3), []string{"return 0[1]: TensorImpl use count is 3, want 2"}},
		{"empty", mk(), nil},
	} {
		out := run(t, checks.Strict, asserts.EnvState{}, func(cl *engine.Call) {
			var l engine.ListSlot
			resultListOf(cl, &l, c.ts)
			for j, e := range c.ts {
				cl.ImplUseCountEqFresh(engine.Ret(0).Elem(j), l.At(j), e)
			}
		})
		if got := out.stats.Ran[checks.ImplUseCountEqFresh]; got != uint64(len(c.ts)) {
			t.Errorf("%s: ran %d, want %d", c.name, got, len(c.ts))
		}
		if len(out.violations) != len(c.want) {
			t.Errorf("%s: %v, want %d violations", c.name, out.violations, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(out.violations[i].Error(), w) {
				t.Errorf("%s: %v, want %q", c.name, &out.violations[i], w)
			}
		}
	}
}

// The check and NotArg on a plain fresh return allocate nothing.
func TestEqFreshDoesNotAllocate(t *testing.T) {
	op := &engine.Op{Name: "op", Policy: checks.PyTorch}
	x, r := newFake(kPlain), newFake(kPlain)
	ts := []*fake{newFake(kPlain), newFake(kPlain)}
	n := testing.AllocsPerRun(100, func() {
		var c engine.Call
		var s, rs engine.Slot
		var l engine.ListSlot
		c.BeginWith(op, asserts.EnvState{})
		c.Save(&s, x)
		c.After(&s, x)
		c.Result(&rs, r)
		c.ImplUseCountEqFresh(engine.Ret(0), &rs, r)
		c.NotArg(engine.Ret(0), &rs, engine.Arg("self"), &s)
		resultListOf(&c, &l, ts)
		for j, e := range ts {
			c.ImplUseCountEqFresh(engine.Ret(1).Elem(j), l.At(j), e)
		}
		c.End()
	})
	if n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}
