package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// binding_context's run-time functions, single tensors and lists, and
// its steps on the rows' path (rowrun.go).
func init() {
	st := &rowSteps[checks.BindingContext]
	st.before = forms{checktable.FormOne: stepBindingContext, checktable.FormArgList: stepBindingContext | stepEach}
	st.afterCall = forms{checktable.FormOne: stepBindingContextAfter, checktable.FormArgList: stepBindingContextAfter | stepEach}
	st.after = forms{checktable.FormOne: stepDone, checktable.FormArgList: stepDone}
}

// BindingContext checks, in a hermetic context, that the argument's storage
// carries no binding made in another context (binding_context). Outside
// hermetic contexts it passes without reading the tensor. Call it after
// [Call.Save], before the kernel runs, to catch the binding before the
// kernel touches it.
//
// A runtime that registered no [Env] has no hermetic contexts: the check
// is then counted as skipped (reason no_env), not as run.
func (c *Call) BindingContext(l Loc, s *Slot, t asserts.Identity) {
	c.t[c.bind]++
	if !c.env.Hermetic && (s.meta == asserts.Versioned|fPending || s.meta == fPending && s.id.Storage != 0) {
		return // plain, before After (fPending set): no skip decision to make
	}
	if c.bind != bindRun {
		return // counted under no_env
	}
	if c.skipped(checks.BindingContext, s) || !c.env.Hermetic {
		return
	}
	bt, ok := t.(asserts.Bound)
	if !ok {
		c.skip(checks.BindingContext, checks.ReasonNoBinding)
		return
	}
	b, ok := bt.StorageBinding()
	if s.meta&fPending != 0 {
		// Before the kernel: keep what was bound for BindingContextAfter
		s.bound = b.Context
		s.mread = s.mread&^mreadBound | b2u(ok)<<4
	}
	if !ok || b.Context == c.env.Context {
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: checks.BindingContext, Traits: s.traits(), Want: uint64(c.env.Context), Got: uint64(b.Context), Binding: &b, Env: &asserts.EnvState{ModeActive: c.env.ModeActive, Context: c.env.Context, Hermetic: c.env.Hermetic}, GotStorage: uint64(s.id.Storage)}, loc: l})
}

// BindingContextAfter completes binding_context once the kernel has
// returned, before the snapshot is completed: in a hermetic context, the kernel must not
// have bound the argument's storage (or changed its binding), since a
// binding made in the context dangles once the context ends while the
// argument lives on. It is part of the check [Call.BindingContext] started
// and not counted again; outside hermetic contexts it does nothing.
func (c *Call) BindingContextAfter(l Loc, s *Slot, t asserts.Identity) {
	if !c.env.Hermetic {
		return
	}
	if m, _ := c.classify(s); m.Has(checks.BindingContext) {
		return // skipped, and counted, before the kernel
	}
	if s.meta&fPending == 0 {
		c.misuse(checks.BindingContext, l, "BindingContextAfter called after After")
	}
	bt, ok := t.(asserts.Bound)
	if !ok {
		return
	}
	b, bound := bt.StorageBinding()
	was := s.mread&mreadBound != 0
	if bound == was && (!bound || b.Context == s.bound) {
		return
	}
	if c.concurrentWrite(writeKey(s.id)) {
		// Another goroutine's call declared a write to this storage while
		// this one ran: the binding may be that call's (see concurrent.go).
		c.skip(checks.BindingContext, checks.ReasonConcurrentWrite)
		return
	}
	v := &violation{Violation: asserts.Violation{Check: checks.BindingContext, Traits: s.traits(), Want: uint64(s.bound), Got: uint64(b.Context), WhileCalled: true, Env: &asserts.EnvState{ModeActive: c.env.ModeActive, Context: c.env.Context, Hermetic: c.env.Hermetic}, GotStorage: uint64(s.id.Storage)}, loc: l}
	if bound {
		v.Binding = &b
	}
	c.report(v)
}

// bindingListPasses counts binding_context on every element of list
// argument l and reports true when none needs a decision of its own:
// outside a hermetic context, every element versioned and regular or,
// of a runtime without version counters, plain with storage, as
// [Call.BindingContext] finds for each.
func (c *Call) bindingListPasses(l *ListSlot) bool {
	if c.env.Hermetic || l.ok&okRegular == 0 && !l.allPlain(fPending) {
		return false
	}
	c.t[c.bind] += uint64(l.n)
	return true
}
