package engine_test

import (
	"strings"
	"testing"
	"unsafe"

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
func boundReturn(uses int) *fake {
	f := newFake(kPlain)
	f.implUses, f.implBound, f.implBinding = uses, true, asserts.Binding{Context: 4}
	return f
}

// impl_use_count_eq_fresh passes a bound fresh tensor (use count 2) that
// impl_use_count_le_1 blames, and blames the extra reference either way.
func TestEqFreshAgainstLE1(t *testing.T) {
	for _, c := range []struct {
		name       string
		r          *fake
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
			out := tcall{rets: []any{c.r}, rows: []engine.Row{row(k, 0, -1)}, tensor: implBound}.
				run(t, checks.PyTorch, asserts.EnvState{})
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
		arg, r *fake
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
		out := eqFreshNotArg(c.arg, r).run(t, checks.PyTorch, asserts.EnvState{})
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
	out := eqFreshNotArg(plain, plain).run(t, checks.PyTorch, asserts.EnvState{ModeActive: true})
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonModeActive] != 1 || out.stats.Ran[checks.ImplUseCountEqFresh] != 0 {
		t.Errorf("under a mode: %v, %+v", out.violations, out.stats)
	}
}

// The list form checks each element, fast when every use count is 1.
func TestEqFreshList(t *testing.T) {
	mk := func(uses ...int) []*fake {
		var ts []*fake
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
		ts   []*fake
		want []string // one per violation
	}{
		{"all fresh", mk(1, 1, 1), nil},
		{"bound elements", mk(1, -2, -2), nil},
		{"eleven, one shared", mk(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1), []string{"return 0[9]: TensorImpl use count is 2, want 1"}},
		{"a bound element held elsewhere", mk(-2, -3), []string{"return 0[1]: TensorImpl use count is 3, want 2"}},
		{"empty", mk(), nil},
	} {
		out := tcall{rets: []any{c.ts}, tensor: implBound,
			rows: []engine.Row{{Check: checks.ImplUseCountEqFresh, Form: engine.FormRetList, T: 0, U: -1}}}.
			run(t, checks.Strict, asserts.EnvState{})
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
	sh := &engine.Shape{Args: 1, Rets: 2, Lists: 1 << 2,
		Rows: []engine.Row{row(checks.ImplUseCountEqFresh, 1, -1), row(checks.NotArgHandle, 1, 0),
			{Check: checks.ImplUseCountEqFresh, Form: engine.FormRetList, T: 2, U: -1}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0), engine.Ret(1)},
		Tensor: fakeOf, Elem: func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**fake)(h), i+1)[i] }}
	for _, rows := range []bool{false, true} {
		prev := engine.SetRowsOnly(rows)
		n := testing.AllocsPerRun(100, func() {
			var f engine.Frame[[2]engine.Slot, [1]engine.ListSlot]
			f.Open()
			f.Arg(0, x.Ident(), unsafe.Pointer(x))
			f.Begin(op, sh)
			f.AfterArg(0, x.Ident())
			iu, su := r.UseCounts()
			f.Ret(1, r.Ident(), iu, su, unsafe.Pointer(r))
			f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
			for j, e := range ts {
				iu, su := e.UseCounts()
				f.RetElem(0, j, e.Ident(), iu, su)
			}
			f.RetListRead(0)
			f.End()
		})
		engine.SetRowsOnly(prev)
		if n != 0 {
			t.Errorf("rows only %v: %v allocations per call", rows, n)
		}
	}
}

// implBound is the rows' tensor of f: implBoundFake, whose bound object
// decides the use count a fresh tensor has.
func implBound(f *fake) asserts.Identity { return implBoundFake{f} }

// eqFreshNotArg is a call of op(self) -> Tensor returning r, checked by
// impl_use_count_eq_fresh and NotArg.
func eqFreshNotArg(self, r *fake) tcall {
	return tcall{args: []any{self}, rets: []any{r}, tensor: implBound,
		rows: []engine.Row{row(checks.ImplUseCountEqFresh, 1, -1), row(checks.NotArgHandle, 1, 0)}}
}
