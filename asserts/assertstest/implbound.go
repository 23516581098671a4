package assertstest

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

func init() {
	cases = append(cases, testCase{"impl bindings", testImplBindings})
}

// testImplBindings checks the optional asserts.ImplBound: no object on a
// fresh, undefined or viewing tensor; a bound object is counted in the
// TensorImpl's use count (the contract impl_use_count_eq_fresh relies on)
// and shared by its handles; impl_use_count_eq_fresh passes a fresh tensor
// with an object and catches one held elsewhere too.
func testImplBindings(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	b, ok := x.(asserts.ImplBound)
	if !ok {
		if rt.BindImpl != nil {
			r.Errorf("Runtime.BindImpl is set but tensors do not implement asserts.ImplBound")
		} else {
			r.Logf("tensors do not implement asserts.ImplBound: every fresh tensor expects use count 1")
		}
		return
	}
	if _, bound := b.ImplBinding(); bound {
		r.Errorf("a fresh tensor's TensorImpl reports a bound object")
	}
	if n := engine.ExpectedFreshUseCount(x); n != 1 {
		r.Errorf("a fresh tensor expects use count %d, want 1", n)
	}
	u := rt.Undefined()
	defer rt.Release(u)
	if ub, ok := u.(asserts.ImplBound); ok {
		if _, bound := ub.ImplBinding(); bound {
			r.Errorf("an undefined tensor reports a bound object")
		}
	}
	if n := engine.ExpectedFreshUseCount(u); n != 0 {
		r.Errorf("an undefined tensor expects use count %d, want 0", n)
	}
	if rt.BindImpl == nil {
		r.Logf("Runtime.BindImpl is nil: TensorImpl bindings not checked")
		return
	}
	rt.BindImpl(x)
	got, bound := b.ImplBinding()
	if !bound {
		r.Errorf("after BindImpl the TensorImpl reports no object")
		return
	}
	if rt.Env != nil {
		if st := rt.Env.State(); got.Context != st.Context || got.Hermetic != st.Hermetic {
			r.Errorf("object made in context %d (hermetic %v) reports %+v", st.Context, st.Hermetic, got)
		}
	}
	if n := uses(x)[0]; n != 2 {
		r.Errorf("a fresh tensor with a bound object reports TensorImpl use count %d, want 2: the object's reference is counted", n)
	}
	if n := engine.ExpectedFreshUseCount(x); n != 2 {
		r.Errorf("a fresh tensor with a bound object expects use count %d, want 2", n)
	}
	y := rt.Share(x)
	if yb, ok := y.(asserts.ImplBound); !ok {
		r.Errorf("a shared handle does not implement asserts.ImplBound")
	} else if ygot, _ := yb.ImplBinding(); ygot != got {
		r.Errorf("a second handle reports %+v, the first %+v: the object belongs to the TensorImpl", ygot, got)
	}
	if n := uses(x)[0]; n != 3 {
		r.Errorf("two handles and a bound object: TensorImpl use count %d, want 3", n)
	}
	rt.Release(y)
	v := rt.View(x)
	if vb, ok := v.(asserts.ImplBound); ok {
		if _, bound := vb.ImplBinding(); bound {
			r.Errorf("a view (a TensorImpl of its own) reports its base's object")
		}
	}
	rt.Release(v)

	// impl_use_count_eq_fresh on x as a kernel's return: passes with its
	// object, catches an extra handle.
	op := &engine.Op{Name: "assertstest_fresh"}
	check := func() []asserts.Violation { return collect(func() { retCall(op, &shapeFreshBound, x) }) }
	if vs := check(); len(vs) > 0 {
		r.Errorf("a fresh tensor with a bound object is reported: %v", &vs[0])
	}
	y = rt.Share(x)
	if vs := check(); len(vs) != 1 || vs[0].Check != checks.ImplUseCountEqFresh {
		r.Errorf("a fresh tensor with a bound object and a second handle: %v, want one impl_use_count_eq_fresh violation", vs)
	}
	rt.Release(y)

	rt.UnbindImpl(x)
	if _, bound := b.ImplBinding(); bound {
		r.Errorf("after UnbindImpl the TensorImpl still reports an object")
	}
	if n := uses(x)[0]; n != 1 {
		r.Errorf("after UnbindImpl the TensorImpl use count is %d, want 1: the object's reference goes with it", n)
	}
}

// shapeFreshBound: a fresh return bound to an object (testImplBindings)
var shapeFreshBound = engine.Shape{Rets: 1, Locs: []engine.Loc{engine.Ret(0)}, Rows: rows(rowOf{checks.ImplUseCountEqFresh, 0, -1})}
