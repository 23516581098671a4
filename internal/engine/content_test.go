package engine_test

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// A versioned write that no_mutation reports is not reported again by
// same_content; where no_mutation does not run (skipped by the plan),
// same_content reports it.
func TestSameContentReportsOnce(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	for _, noMutation := range []bool{true, false} {
		x := newFake(kPlain)
		rs := []engine.Row{row(checks.SameContent, 0, -1)}
		if noMutation {
			rs = append(rs, row(checks.NoMutation, 0, -1))
		}
		sh := &engine.Shape{Args: 1, Rows: rs, Locs: []engine.Loc{engine.Arg("self")}, Tensor: contentOf}
		out := runFrame(t, checks.Strict, asserts.EnvState{}, func(op *engine.Op) {
			var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
			f.Open()
			f.Arg(0, x.Ident(), unsafe.Pointer(x))
			f.Begin(op, sh)
			x.id.Version++
			x.content++
			f.AfterArg(0, x.Ident())
			f.End()
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

// contentOf is the Shape's Tensor of a contentFake's fake.
func contentOf(h unsafe.Pointer) asserts.Identity { return contentFake{(*fake)(h)} }

// An argument sharing storage with a mutable one is skipped before the
// kernel (no digest), under aliases_mutable_arg.
func TestSameContentAliasesMutable(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	x := newFake(kPlain)
	y := &fake{id: x.id, implUses: 1, storageUses: 2}
	y.id.Impl = fid() // a view of x
	sh := &engine.Shape{Args: 2, Rows: []engine.Row{row(checks.SameContent, 1, -1)},
		Locs: []engine.Loc{engine.Arg("self"), engine.Arg("other")}, Writes: []int8{0}, Tensor: contentOf}
	out := runFrame(t, checks.Strict, asserts.EnvState{}, func(op *engine.Op) {
		var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, x.Ident(), unsafe.Pointer(x))
		f.Arg(1, y.Ident(), unsafe.Pointer(y))
		f.Begin(op, sh)
		x.content++ // the legal write through self
		f.AfterArg(0, x.Ident())
		f.AfterArg(1, y.Ident())
		f.End()
	})
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonAliasesMutable] != 1 || out.stats.Ran[checks.SameContent] != 0 {
		t.Errorf("violations %v, stats %+v; want a skip under aliases_mutable_arg", out.violations, out.stats)
	}
}

// The list forms check each element.
func TestSameContentList(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	a, b := newFake(kPlain), newFake(kPlain)
	ts := []*fake{a, b}
	sh := &engine.Shape{Args: 1, Lists: 1 << 0,
		Rows:   []engine.Row{{Check: checks.SameContent, Form: engine.FormArgList, T: 0, U: -1}},
		Locs:   []engine.Loc{engine.Arg("tensors")},
		Tensor: contentOf, Elem: func(h unsafe.Pointer, i int) asserts.Identity { return contentFake{unsafe.Slice((**fake)(h), i+1)[i]} }}
	call := func(op *engine.Op) {
		var f engine.Frame[[0]engine.Slot, [1]engine.ListSlot]
		f.Open()
		f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
		for j, e := range ts {
			f.Elem(0, j, e.Ident())
		}
		f.Begin(op, sh)
		b.content++
		f.AfterList(0, len(ts))
		for j, e := range ts {
			f.AfterElem(0, j, e.Ident())
		}
		f.End()
	}
	out := runFrame(t, checks.Strict, asserts.EnvState{}, call)
	if len(out.violations) != 1 || out.violations[0].Where() != "argument tensors[1]" || out.stats.Ran[checks.SameContent] != 2 {
		t.Errorf("violations %v, ran %v; want one at tensors[1], 2 run", out.violations, out.stats.Ran)
	}
	asserts.SetContentCheck(false)
	out = runFrame(t, checks.Strict, asserts.EnvState{}, call)
	if len(out.violations) != 0 || out.stats.Skipped[checks.ReasonContentOff] != 2 {
		t.Errorf("off: violations %v, skipped %v; want 2 under content_check_off", out.violations, out.stats.Skipped)
	}
}

// The default path (content off) allocates nothing.
func TestSameContentOffAllocs(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	op := &engine.Op{Name: "op"}
	x := newFake(kPlain)
	sh := &engine.Shape{Args: 1, Rows: []engine.Row{row(checks.SameContent, 0, -1), row(checks.NoMutation, 0, -1)},
		Locs: []engine.Loc{engine.Arg("self")}, Tensor: contentOf}
	n := testing.AllocsPerRun(100, func() {
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, x.Ident(), unsafe.Pointer(x))
		f.Begin(op, sh)
		f.AfterArg(0, x.Ident())
		f.End()
	})
	if n != 0 {
		t.Errorf("%v allocations per call with same_content off, want 0", n)
	}
}
