package engine_test

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// gcTensor is reftensor without its use counts: a runtime that implements
// asserts.Identity (with version counters), asserts.Anchored and
// asserts.Contents, as a garbage-collected runtime would.
type gcTensor rt.Tensor

func (g *gcTensor) rt() *rt.Tensor { return (*rt.Tensor)(g) }

func (g *gcTensor) Ident() asserts.Ident { return g.rt().Ident() }

func (g *gcTensor) StorageAnchor() unsafe.Pointer {
	if g == nil || !g.rt().Defined() {
		return nil
	}
	return unsafe.Pointer(g.rt().Storage())
}

// plainTensor is gcTensor without version counters (the Versioned trait
// cleared), like gorgonia: every input check takes its slow path.
type plainTensor rt.Tensor

func (p *plainTensor) Ident() asserts.Ident {
	id := (*rt.Tensor)(p).Ident()
	id.Traits &^= asserts.Versioned
	id.Version = 0
	return id
}

func (p *plainTensor) StorageAnchor() unsafe.Pointer { return (*gcTensor)(p).StorageAnchor() }

// addUncounted is Add as gen emits it with use_counts: false, through a
// Frame: the arguments and the return read by their identities and
// storage anchors, the use-count rows kept (skipped at run time under
// no_use_counts) and fresh_not_held after them.
func addUncounted[T interface {
	asserts.Identity
	asserts.Anchored
	*gcTensor | *plainTensor
}](self, other T, alpha float64) T {
	sh := &shapeAddUncGC
	if _, plain := any(self).(*plainTensor); plain {
		sh = &shapeAddUncPlain
	}
	var f frame3
	f.Open()
	f.ArgIdent(0, self.Ident(), self.StorageAnchor(), unsafe.Pointer(self))
	f.ArgIdent(1, other.Ident(), other.StorageAnchor(), unsafe.Pointer(other))
	f.Begin(&opAddUncounted, sh)
	ret := T(unsafe.Pointer(k.add((*rt.Tensor)(unsafe.Pointer(self)), (*rt.Tensor)(unsafe.Pointer(other)), alpha)))
	f.AfterIdent(0, self.Ident(), self.StorageAnchor())
	f.AfterIdent(1, other.Ident(), other.StorageAnchor())
	f.RetIdent(2, ret.Ident(), ret.StorageAnchor(), unsafe.Pointer(ret))
	f.End()
	return ret
}

// rowsAddUnc are add's rows of a runtime without use counts.
var rowsAddUnc = append(slices.Clone(shapeAdd.Rows), row(checks.FreshNotHeld, 2, -1))

var (
	shapeAddUncGC = engine.Shape{Args: 2, Rets: 1, NoUseCounts: true, Rows: rowsAddUnc, Locs: locsAdd[:],
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*gcTensor)(h) }}
	shapeAddUncPlain = engine.Shape{Args: 2, Rets: 1, NoUseCounts: true, Rows: rowsAddUnc, Locs: locsAdd[:],
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*plainTensor)(h) }}
)

var opAddUncounted = engine.Op{Name: "add", Overload: "Tensor"}

// A runtime without use counts gets every check that needs none; the
// use-count rows are skipped and counted under no_use_counts, and
// fresh_not_held runs. A kernel returning its cached output is caught.
func TestUncountedRuntime(t *testing.T) {
	collect(t)
	a, b := rt.Ones(2), rt.Ones(2)
	defer a.Release()
	defer b.Release()
	asserts.ResetStats()
	for range 3 {
		addUncounted((*gcTensor)(a), (*gcTensor)(b), 1).rt().Release()
	}
	st := opAddUncounted.Stats()
	if st.Skipped[checks.ReasonNoUseCounts] != 3*2 || st.Ran[checks.FreshNotHeld] != 3 ||
		st.Ran[checks.ImplUseCountLE1] != 0 || st.Ran[checks.NoMutation] != 6 {
		t.Errorf("stats: ran %v, skipped %v", st.Ran, st.Skipped)
	}
	cached := rt.Zeros(2)
	defer cached.Release()
	prev := k
	defer func() { k = prev }()
	k.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return cached }
	vs := asserts.Collect(func() {
		addUncounted((*gcTensor)(a), (*gcTensor)(b), 1)
		addUncounted((*gcTensor)(a), (*gcTensor)(b), 1)
	})
	if len(vs) != 1 || vs[0].Check != checks.FreshNotHeld {
		t.Errorf("cached output: %v, want one fresh_not_held", vs)
	}
}

// A composite kernel that returns the fresh output of a checked call it
// made itself passes it on: legal, silent. The same kernel returning a
// storage handed out before its call began is reported.
func TestFreshNotHeldNested(t *testing.T) {
	collect(t)
	a, b := rt.Ones(2), rt.Ones(2)
	defer a.Release()
	defer b.Release()
	op := engine.Op{Name: "composite"}
	sh := &engine.Shape{Rets: 1, NoUseCounts: true, Rows: []engine.Row{row(checks.FreshNotHeld, 0, -1)},
		Locs: []engine.Loc{engine.Ret(0)}, Tensor: func(h unsafe.Pointer) asserts.Identity { return (*gcTensor)(h) }}
	composite := func(kernel func() *gcTensor) *gcTensor {
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Begin(&op, sh)
		out := kernel()
		f.RetIdent(0, out.Ident(), out.StorageAnchor(), unsafe.Pointer(out))
		f.End()
		return out
	}
	vs := asserts.Collect(func() {
		for range 3 {
			composite(func() *gcTensor { return addUncounted((*gcTensor)(a), (*gcTensor)(b), 1) })
		}
	})
	if len(vs) != 0 {
		t.Errorf("a composite kernel passing on an inner call's output: %v", &vs[0])
	}
	var kept *gcTensor
	vs = asserts.Collect(func() {
		kept = composite(func() *gcTensor { return addUncounted((*gcTensor)(a), (*gcTensor)(b), 1) })
		composite(func() *gcTensor { return kept }) // handed out before this call began
	})
	if len(vs) != 1 || vs[0].Check != checks.FreshNotHeld || vs[0].Op != "composite" {
		t.Errorf("a composite kernel returning an earlier output: %v, want one fresh_not_held of composite", vs)
	}
}

// Where fresh_not_held does not run (a runtime with use counts: skipped
// under use_counted) and where a return is snapshot without counts, a
// checked call allocates nothing.
func TestFreshNotHeldOffDoesNotAllocate(t *testing.T) {
	collect(t)
	out := rt.Zeros(2)
	defer out.Release()
	op := engine.Op{Name: "neg"}
	one := func(k checks.Check) engine.Row { return row(k, 0, -1) }
	counted := &engine.Shape{Rets: 1, Locs: locsTranspose[1:], Tensor: rtTensor,
		Rows: []engine.Row{one(checks.StorageUseCountEq1), one(checks.FreshNotHeld)}} // skipped: use_counted
	uncounted := &engine.Shape{Rets: 1, Locs: locsTranspose[1:], NoUseCounts: true,
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*gcTensor)(h) },
		Rows:   []engine.Row{one(checks.ImplUseCountLE1), one(checks.ImplUseCountEqFresh), one(checks.StorageUseCountEq1)}} // skipped: no_use_counts
	for _, rows := range []bool{false, true} {
		prev := engine.SetRowsOnly(rows)
		if n := testing.AllocsPerRun(100, func() {
			var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
			f.Open()
			f.Begin(&op, counted)
			iu, su := out.UseCounts()
			f.Ret(0, out.Ident(), iu, su, unsafe.Pointer(out))
			f.End()
		}); n != 0 {
			t.Errorf("counted return (rows only %v): %v allocations, want 0", rows, n)
		}
		if n := testing.AllocsPerRun(100, func() {
			var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
			f.Open()
			f.Begin(&op, uncounted)
			g := (*gcTensor)(out)
			f.RetIdent(0, g.Ident(), g.StorageAnchor(), unsafe.Pointer(g))
			f.End()
		}); n != 0 {
			t.Errorf("uncounted return, use-count rows (rows only %v): %v allocations, want 0", rows, n)
		}
		engine.SetRowsOnly(prev)
	}
	if st := op.Stats(); st.Skipped[checks.ReasonCounted] == 0 || st.Skipped[checks.ReasonNoUseCounts] == 0 || st.Ran[checks.ImplUseCountEqFresh] != 0 {
		t.Errorf("skips %v", st.Skipped)
	}
}

// BenchmarkUncounted puts a checked add of a runtime without use counts
// (fresh_not_held in place of the use counts) beside the same add with
// them, on reftensor with its real kernel (a fresh output each call):
// checked minus direct is the cost of the checks. "uncounted-plain" also
// drops the version counters, as gorgonia has none.
func BenchmarkUncounted(b *testing.B) {
	x, y := rt.Ones(4, 4), rt.Ones(4, 4)
	defer x.Release()
	defer y.Release()
	b.Run("add/direct", func(b *testing.B) {
		for b.Loop() {
			k.add(x, y, 1).Release()
		}
	})
	b.Run("add/counted", func(b *testing.B) {
		for b.Loop() {
			Add(x, y, 1).Release()
		}
	})
	b.Run("add/uncounted", func(b *testing.B) {
		for b.Loop() {
			addUncounted((*gcTensor)(x), (*gcTensor)(y), 1).rt().Release()
		}
	})
	b.Run("add/uncounted-plain", func(b *testing.B) {
		for b.Loop() {
			(*rt.Tensor)(addUncounted((*plainTensor)(x), (*plainTensor)(y), 1)).Release()
		}
	})
}

// An optional argument (Tensor?) of a runtime without use counts is read
// by ArgOpt, without its storage anchor. Read again by AfterRecycled (as
// gen writes it) or by AfterIdent, its same_storage compares the
// StorageImpl IDs alone, and a kept tensor is no rebinding.
func TestOptionalArgumentKeepsItsAnchor(t *testing.T) {
	col := collect(t)
	x := rt.Ones(2)
	defer x.Release()
	p := (*plainTensor)(x)
	sh := engine.Shape{Args: 1, NoUseCounts: true, Rows: unchanged(0), Locs: []engine.Loc{engine.Arg("weight")},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*plainTensor)(h) }}
	type frame1 = engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	for _, after := range []func(f *frame1){
		func(f *frame1) { f.AfterIdent(0, p.Ident(), p.StorageAnchor()) },
		func(f *frame1) { f.AfterRecycled(0, p.Ident(), p.StorageAnchor()) },
	} {
		var f frame1
		f.Open()
		f.ArgOpt(0, p.Ident(), unsafe.Pointer(p), true)
		f.Begin(&engine.Op{Name: "foo", Policy: checks.Strict}, &sh)
		after(&f)
		f.End()
	}
	for _, v := range col.Violations() {
		t.Errorf("false alarm: %v", &v)
	}
}
