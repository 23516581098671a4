package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// A versioned write that no_mutation reports is not reported again by
// same_content; where no_mutation does not run (skipped by the plan),
// same_content reports it.
func TestSameContentReportsOnce(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	self := engine.Arg("self")
	for _, noMutation := range []bool{true, false} {
		x := newFake(kPlain)
		ct := contentFake{x}
		out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
			var s engine.Slot
			c.Save(&s, ct)
			c.SameContent(self, &s, ct)
			x.id.Version++
			x.content++
			c.After(&s, ct)
			if noMutation {
				c.NoMutation(self, &s)
			}
			c.SameContentAfter(self, &s, ct)
		})
		want := checks.SameContent
		if noMutation {
			want = checks.NoMutation
		}
		if len(out.violations) != 1 || out.violations[0].Check != want {
			t.Errorf("no_mutation run %v: violations %v, want one %v", noMutation, out.violations, want)
		}
	}
}

// An argument sharing storage with a mutable one is skipped before the
// kernel (no digest), under aliases_mutable_arg.
func TestSameContentAliasesMutable(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	x := newFake(kPlain)
	y := &fake{id: x.id, implUses: 1, storageUses: 2}
	y.id.Impl = fid() // a view of x
	out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
		var sx, sy engine.Slot
		c.Save(&sx, contentFake{x})
		c.Save(&sy, contentFake{y})
		c.Mutable(&sx)
		c.SameContent(engine.Arg("other"), &sy, contentFake{y})
		x.content++ // the legal write through self
		c.After(&sx, contentFake{x})
		c.After(&sy, contentFake{y})
		c.SameContentAfter(engine.Arg("other"), &sy, contentFake{y})
	})
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonAliasesMutable] != 1 || out.stats.Ran[checks.SameContent] != 0 {
		t.Errorf("violations %v, stats %+v; want a skip under aliases_mutable_arg", out.violations, out.stats)
	}
}

// The list forms check each element.
func TestSameContentList(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	a, b := newFake(kPlain), newFake(kPlain)
	ts := []contentFake{{a}, {b}}
	out := run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
		var l engine.ListSlot
		saveListOf(c, &l, ts)
		for j, e := range ts {
			c.SameContent(engine.Arg("tensors").Elem(j), l.At(j), e)
		}
		b.content++
		afterListOf(c, &l, ts)
		for j, e := range ts {
			c.SameContentAfter(engine.Arg("tensors").Elem(j), l.At(j), e)
		}
	})
	if len(out.violations) != 1 || out.violations[0].Where() != "argument tensors[1]" || out.stats.Ran[checks.SameContent] != 2 {
		t.Errorf("violations %v, ran %v; want one at tensors[1], 2 run", out.violations, out.stats.Ran)
	}
	asserts.SetContentCheck(false)
	out = run(t, checks.Strict, asserts.EnvState{}, func(c *engine.Call) {
		var l engine.ListSlot
		saveListOf(c, &l, ts)
		for j, e := range ts {
			c.SameContent(engine.Arg("tensors").Elem(j), l.At(j), e)
		}
		b.content++
		afterListOf(c, &l, ts)
		for j, e := range ts {
			c.SameContentAfter(engine.Arg("tensors").Elem(j), l.At(j), e)
		}
	})
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonContentOff] != 2 {
		t.Errorf("off: violations %v, skipped %v; want 2 under content_check_off", out.violations, out.stats.Skipped)
	}
}

func TestContentSwitch(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	add, addOut, mul := &engine.Op{Name: "add", Overload: "Tensor"}, &engine.Op{Name: "add", Overload: "out"}, &engine.Op{Name: "mul", Overload: "Tensor"}
	for _, tc := range []struct {
		env           string
		add, out, mul bool
	}{
		{"", false, false, false},
		{"off", false, false, false},
		{"0", false, false, false},
		{"on", true, true, true},
		{"1", true, true, true},
		{"all", true, true, true},
		{"add.Tensor", true, false, false},
		{" add.Tensor , mul.Tensor ", true, false, true},
		{"add", true, true, false},
		{"rrelu_with_noise_", false, false, false},
	} {
		asserts.SetContentCheckFrom(tc.env)
		if got := [3]bool{engine.ContentCheck(add), engine.ContentCheck(addOut), engine.ContentCheck(mul)}; got != [3]bool{tc.add, tc.out, tc.mul} {
			t.Errorf("ASSERTGEN_CONTENT=%q: add.Tensor, add.out, mul.Tensor switched %v", tc.env, got)
		}
	}
	asserts.SetContentCheckOps("add.Tensor")
	if prev := asserts.SetContentCheck(true); prev {
		t.Error("SetContentCheck reported on-for-all while only one op was on")
	}
	if prev := asserts.SetContentCheck(false); !prev {
		t.Error("SetContentCheck did not report the previous on")
	}
}

// The default path (content off) allocates nothing.
func TestSameContentOffAllocs(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	op := &engine.Op{Name: "op"}
	x := contentFake{newFake(kPlain)}
	self := engine.Arg("self")
	n := testing.AllocsPerRun(100, func() {
		var c engine.Call
		c.Begin(op)
		var s engine.Slot
		c.Save(&s, x)
		c.SameContent(self, &s, x)
		c.After(&s, x)
		c.NoMutation(self, &s)
		c.SameContentAfter(self, &s, x)
		c.End()
	})
	if n != 0 {
		t.Errorf("%v allocations per call with same_content off, want 0", n)
	}
}
