package wrap

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// counted is a tensor of a runtime with use counts, as plain as can be.
type counted struct {
	id     asserts.Ident
	iu, su int
}

func (t *counted) Ident() asserts.Ident        { return t.id }
func (t *counted) UseCounts() (impl, stor int) { return t.iu, t.su }

func countedOf(h unsafe.Pointer) asserts.Identity { return (*counted)(h) }

// unaryShape is a fresh op of one argument: neg(Tensor self) -> Tensor.
var unaryShape = Shape{
	Args: 1, Rets: 1,
	Rows: []Row{
		{Check: checks.BindingContext, T: 0, U: -1}, {Check: checks.SameContent, T: 0, U: -1},
		{Check: checks.SameImpl, T: 0, U: -1}, {Check: checks.SameStorage, T: 0, U: -1}, {Check: checks.NoMutation, T: 0, U: -1},
		{Check: checks.ImplUseCountLE1, T: 1, U: -1}, {Check: checks.NotArgHandle, T: 1, U: 0},
		{Check: checks.StorageUseCountEq1, T: 1, U: -1}, {Check: checks.FreshNoAlias, T: 1, U: 0},
		{Check: checks.FreshOrAlias, Skip: true, T: 2},
	},
	Locs:   []Loc{Arg("self"), Ret(0), Arg("other")},
	Tensor: countedOf,
}

// callUnary runs one call of op through a Frame and reports whether the
// call began on the fast plan and what End left of it.
func callUnary(op *Op, x, r *counted) (fast bool) {
	var f Frame[[2]Slot, [0]ListSlot]
	f.Open()
	f.Arg(0, x.Ident(), unsafe.Pointer(x))
	f.Begin(op, &unaryShape)
	fast = f.fast
	f.AfterArg(0, x.Ident())
	f.Ret(1, r.Ident(), r.iu, r.su, unsafe.Pointer(r))
	f.End()
	return fast
}

// TestFramePlanTakesPlainCalls: a plain call begins on the fast plan; a
// call with same_content on, under a mode, or with an argument that is
// not plain does not; a plain call that fails the plan is counted row by
// row, and what the op counts is the same either way.
func TestFramePlanTakesPlainCalls(t *testing.T) {
	p := unaryShape.planOf()
	if !p.fast || p.kept != 1 || p.whole != 1 || len(p.rets) != 1 || p.le1 != 2 || p.eq1 != 2 || p.rets[0].apart != 1 || p.rets[0].fresh != 1 || p.binds != 1 {
		t.Fatalf("plan = %+v", p)
	}
	x := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Version: 3, Traits: asserts.Versioned}, iu: 1, su: 1}
	r := &counted{id: asserts.Ident{Impl: 4, Storage: 5, Traits: asserts.Versioned}, iu: 1, su: 1}
	var op Op
	if !callUnary(&op, x, r) {
		t.Errorf("a plain call did not begin on the fast plan")
	}
	st := op.Stats()
	if st.Calls != 1 || st.Ran[checks.SameImpl] != 1 || st.Ran[checks.FreshNoAlias] != 1 || st.Skipped[checks.ReasonNoEnv] != 1 ||
		st.Skipped[checks.ReasonContentOff] != 1 || st.Skipped[checks.ReasonPlan] != 1 {
		t.Errorf("stats of a plain call: %+v", st)
	}
	sub := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Traits: asserts.Versioned | asserts.DirectSubclass}, iu: 1, su: 1}
	if callUnary(&op, sub, r) {
		t.Errorf("a subclass argument began on the fast plan")
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	if callUnary(&op, x, r) {
		t.Errorf("a call with same_content on began on the fast plan")
	}
}
