package asserts_test

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// addPlainRows is add.Tensor with use_counts: false and
// impl_use_count_eq_fresh, as gen emits it for examples/gcrt, on a tensor
// without version counters. With short it takes the wrappers' one-test
// shortcuts (Saved.Plain, Saved.FreshFrom, Saved.ImplApart), which hold
// for such tensors; without, it calls every row.
func addPlainRows(op *engine.Op, short bool, self, other *plainTensor, alpha float64) *plainTensor {
	var c engine.Call
	var s0, s1, s2 engine.Saved
	l := &locsAdd
	c.Begin(op)
	c.BeginFresh()
	c.SaveIdent(&s0, self)
	c.SaveIdent(&s1, other)
	if short && !c.Hermetic() && s0.Plain() && s1.Plain() {
		c.BindingContextRows(2)
	} else {
		c.BindingContext(l[0], &s0, self)
		c.BindingContext(l[1], &s1, other)
	}
	ret := (*plainTensor)(unsafe.Pointer(k.add((*rt.Tensor)(unsafe.Pointer(self)), (*rt.Tensor)(unsafe.Pointer(other)), alpha)))
	c.AfterIdent(&s0, self)
	c.AfterIdent(&s1, other)
	c.ResultIdent(&s2, ret)
	c.SameImplStorageVersion(l[0], &s0)
	c.SameImplStorageVersion(l[1], &s1)
	c.ImplUseCountEqFresh(l[2], &s2, ret)
	if !short || !(s2.ImplApart(&s0) && s2.ImplApart(&s1)) {
		c.NotArg(l[2], &s2, l[0], &s0)
		c.NotArg(l[2], &s2, l[1], &s1)
	}
	c.StorageUseCountEq1(l[2], &s2)
	if short && s2.FreshFrom(&s0) && s2.FreshFrom(&s1) {
		c.FreshNoAliasRows(2)
	} else {
		c.FreshNoAlias(l[2], &s2, l[0], &s0)
		c.FreshNoAlias(l[2], &s2, l[1], &s1)
	}
	c.FreshNotHeld(l[2], &s2, ret)
	c.End()
	return ret
}

// The count-less shortcuts and fast paths (a plain argument without a
// version counter, a return taken by ResultIdent, the use-count rows
// counted straight under no_use_counts) count exactly what the rows
// called one by one count: the same runs, skips by reason and violations,
// on legal calls and on a kernel returning its argument or a cached
// output.
func TestUncountedShortcutsCountAsRows(t *testing.T) {
	col := collect(t)
	a, b := rt.Ones(2), rt.Ones(2)
	defer a.Release()
	defer b.Release()
	cached := rt.Zeros(2)
	defer cached.Release()
	kernels := map[string]func(self, other *rt.Tensor, alpha float64) *rt.Tensor{
		"legal":  k.add,
		"self":   func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self },
		"cached": func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return cached },
	}
	var c engine.Call
	var s0, s2 engine.Saved
	c.Begin(&engine.Op{Name: "add", Overload: "Tensor"})
	c.SaveIdent(&s0, (*plainTensor)(a))
	if !s0.Plain() {
		t.Error("a plain argument without a version counter is not Plain")
	}
	c.AfterIdent(&s0, (*plainTensor)(a))
	c.ResultIdent(&s2, (*plainTensor)(cached))
	if !s2.FreshFrom(&s0) {
		t.Error("FreshFrom does not hold for a ResultIdent return and a plain argument on other storages")
	}
	c.Abandon()
	prev := k
	defer func() { k = prev }()
	for _, name := range []string{"legal", "self", "cached"} {
		k.add = kernels[name]
		var reports [2]int
		var stats [2]asserts.Stats
		for i, short := range []bool{false, true} {
			op := &engine.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
			col.Reset()
			for _, x := range []*rt.Tensor{a, b, cached} { // fresh_not_held's registry starts afresh
				asserts.Released((*plainTensor)(x))
			}
			for range 3 {
				r := addPlainRows(op, short, (*plainTensor)(a), (*plainTensor)(b), 1)
				if name == "legal" {
					(*rt.Tensor)(unsafe.Pointer(r)).Release()
				}
			}
			reports[i], stats[i] = len(col.Violations()), op.Stats()
		}
		if stats[0] != stats[1] || reports[0] != reports[1] {
			t.Errorf("%s: rows one by one: %d reports, %+v\nshortcuts: %d reports, %+v", name, reports[0], stats[0], reports[1], stats[1])
		}
		if name != "legal" && reports[1] == 0 || name == "legal" && reports[1] != 0 {
			t.Errorf("%s: %d reports", name, reports[1])
		}
		if stats[1].Skipped[checks.ReasonNoUseCounts] != 3*2 {
			t.Errorf("%s: no_use_counts skipped %d, want 6", name, stats[1].Skipped[checks.ReasonNoUseCounts])
		}
	}
}
