package engine_test

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// A tcall is one checked call through a Frame, for the tests that hold
// rows of their own to fakes: its tensors in the Shape's order (the
// arguments, then the returns), each a *fake (a single tensor; nil, an
// absent Tensor?) or a []*fake (a list; nil elements of a Tensor?[] are
// absent). It reads them as generated code does: the arguments before
// Begin, their identities again and the returns after the kernel.
type tcall struct {
	rows   []engine.Row
	locs   []engine.Loc // nil: self, other, tensors... by tensor (tnames)
	args   []any
	rets   []any // read after the kernel (it may change them in place)
	writes []int8
	kernel func() // runs between Begin and the after reads (nil: none)
	// tensor makes the rows' tensor of a fake (nil: the fake itself):
	// boundFake, contentFake... for the rows that read the tensor.
	tensor func(*fake) asserts.Identity
	// uncounted reads the call as a runtime without use counts does
	// (ArgIdent, AfterIdent, RetIdent; the Shape's NoUseCounts), with the
	// storage anchors anchor gives (nil: none).
	uncounted bool
	anchor    func(*fake) unsafe.Pointer
	meta      bool          // argument fingerprints read by Meta and MetaAfter (metaFake's)
	viewBase  bool          // the first argument's storage use count read for single return views (ViewBase)
	sh        *engine.Shape // the Shape of the call (nil: made at each call)
	// around runs before the call (after the Env is set) and returns what
	// runs after it (nil: nothing).
	around func() (after func())
}

// tnames are the default Locs: the first two arguments self and other,
// a list argument tensors, the returns by index.
func (c *tcall) locsFor(nargs, nrets int) []engine.Loc {
	if c.locs != nil {
		return c.locs
	}
	var ls []engine.Loc
	for i := range nargs {
		switch _, list := c.args[i].([]*fake); {
		case list:
			ls = append(ls, engine.Arg("tensors"))
		case i == 0:
			ls = append(ls, engine.Arg("self"))
		case i == 1:
			ls = append(ls, engine.Arg("other"))
		default:
			ls = append(ls, engine.Arg(fmt.Sprint("a", i)))
		}
	}
	for i := range nrets {
		ls = append(ls, engine.Ret(i))
	}
	return ls
}

// run runs the call on a fresh op.ov of profile p under env, collecting
// its violations.
func (c tcall) run(t testing.TB, p checks.Policy, env asserts.EnvState) outcome {
	t.Helper()
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	op := &engine.Op{Name: "op", Overload: "ov", Policy: p}
	c.call(op, env)
	return outcome{violations: col.Violations(), stats: op.Stats()}
}

// call runs the call of op under env (the current Env for the call).
func (c tcall) call(op *engine.Op, env asserts.EnvState) {
	defer asserts.SetEnv(asserts.SetEnv(envFunc(func() asserts.EnvState { return env })))
	if c.around != nil {
		defer c.around()()
	}
	c.frame(op)
}

// frame runs the call of op under the current Env.
func (c *tcall) frame(op *engine.Op) {
	sh := c.sh
	if sh == nil {
		sh = c.shape(c.rets)
	}
	c.exec(op, sh, c.rets)
}

// shape is the call's Shape for returns rets.
func (c *tcall) shape(rets []any) *engine.Shape {
	sh := &engine.Shape{Args: len(c.args), Rets: len(rets), Rows: c.rows, Writes: c.writes,
		Locs: c.locsFor(len(c.args), len(rets)), NoUseCounts: c.uncounted}
	for i, x := range append(append([]any{}, c.args...), rets...) {
		if l, ok := x.([]*fake); ok {
			sh.Lists |= 1 << i
			for _, e := range l {
				if e == nil {
					sh.OptLists |= 1 << i
				}
			}
		}
	}
	tensor := c.tensor
	if tensor == nil {
		tensor = func(f *fake) asserts.Identity { return f }
	}
	sh.Tensor = func(h unsafe.Pointer) asserts.Identity { return tensor((*fake)(h)) }
	sh.Elem = func(h unsafe.Pointer, i int) asserts.Identity { return tensor(unsafe.Slice((**fake)(h), i+1)[i]) }
	return sh
}

// exec runs the call on a Frame of its sizes.
func (c *tcall) exec(op *engine.Op, sh *engine.Shape, rets []any) {
	ns, nl := 0, 0
	for _, x := range append(append([]any{}, c.args...), rets...) {
		if _, ok := x.([]*fake); ok {
			nl++
		} else {
			ns++
		}
	}
	d := drivers[[2]int{ns, nl}]
	if d == nil {
		panic(fmt.Sprintf("tcall: no Frame of %d single and %d list tensors", ns, nl))
	}
	d(c, op, sh, rets)
}

// drivers are drive's instances by the Frame's single and list slots.
var drivers = map[[2]int]func(*tcall, *engine.Op, *engine.Shape, []any){
	{0, 1}: drive[[0]engine.Slot, [1]engine.ListSlot],
	{0, 2}: drive[[0]engine.Slot, [2]engine.ListSlot],
	{0, 3}: drive[[0]engine.Slot, [3]engine.ListSlot],
	{1, 0}: drive[[1]engine.Slot, [0]engine.ListSlot],
	{1, 1}: drive[[1]engine.Slot, [1]engine.ListSlot],
	{1, 2}: drive[[1]engine.Slot, [2]engine.ListSlot],
	{2, 0}: drive[[2]engine.Slot, [0]engine.ListSlot],
	{2, 1}: drive[[2]engine.Slot, [1]engine.ListSlot],
	{2, 2}: drive[[2]engine.Slot, [2]engine.ListSlot],
	{3, 0}: drive[[3]engine.Slot, [0]engine.ListSlot],
	{3, 1}: drive[[3]engine.Slot, [1]engine.ListSlot],
	{4, 0}: drive[[4]engine.Slot, [0]engine.ListSlot],
	{5, 0}: drive[[5]engine.Slot, [0]engine.ListSlot],
	{6, 0}: drive[[6]engine.Slot, [0]engine.ListSlot],
	{7, 0}: drive[[7]engine.Slot, [0]engine.ListSlot],
	{8, 0}: drive[[8]engine.Slot, [0]engine.ListSlot],
}

// drive is exec on a Frame of S and L.
func drive[S engine.Slots, L engine.ListSlots](c *tcall, op *engine.Op, sh *engine.Shape, rets []any) {
	var f engine.Frame[S, L]
	anchor := func(x *fake) unsafe.Pointer {
		if c.anchor == nil || x == nil {
			return nil
		}
		return c.anchor(x)
	}
	f.Open()
	si, li := 0, 0 // the next single and list slot
	type at struct{ s, l int }
	var slots []at
	for _, x := range c.args {
		switch x := x.(type) {
		case []*fake:
			f.List(li, len(x), unsafe.Pointer(unsafe.SliceData(x)))
			for j, e := range x {
				if c.uncounted {
					f.ElemIdent(li, j, e.Ident())
				} else {
					f.Elem(li, j, e.Ident())
				}
			}
			slots = append(slots, at{-1, li})
			li++
		case *fake:
			switch {
			case x == nil:
				f.ArgOpt(si, asserts.Ident{}, nil, false)
			case c.uncounted:
				f.ArgIdent(si, x.Ident(), anchor(x), unsafe.Pointer(x))
			default:
				f.Arg(si, x.Ident(), unsafe.Pointer(x))
			}
			if c.meta && x != nil {
				fp, ok := metaFake{x}.MetadataFingerprint()
				f.Meta(si, fp, ok)
			}
			slots = append(slots, at{si, -1})
			si++
		}
	}
	if c.viewBase && len(c.args) > 0 {
		x, _ := c.args[0].(*fake)
		_, su := x.UseCounts()
		for i, r := range rets {
			if _, ok := r.(*fake); ok {
				f.ViewBase(si+i, 0, su)
			}
		}
	}
	f.Begin(op, sh)
	if c.kernel != nil {
		c.kernel()
	}
	for i, x := range c.args {
		switch x := x.(type) {
		case []*fake:
			f.AfterList(slots[i].l, len(x))
			for j, e := range x {
				f.AfterElem(slots[i].l, j, e.Ident())
			}
		case *fake:
			if c.uncounted {
				f.AfterIdent(slots[i].s, x.Ident(), anchor(x))
			} else {
				f.AfterArg(slots[i].s, x.Ident())
			}
			if c.meta && x != nil {
				fp, ok := metaFake{x}.MetadataFingerprint()
				f.MetaAfter(slots[i].s, fp, ok)
			}
		}
	}
	for _, r := range rets {
		switch r := r.(type) {
		case []*fake:
			f.List(li, len(r), unsafe.Pointer(unsafe.SliceData(r)))
			for j, e := range r {
				if c.uncounted {
					f.RetElemIdent(li, j, e.Ident(), anchor(e))
				} else {
					iu, su := e.UseCounts()
					f.RetElem(li, j, e.Ident(), iu, su)
				}
			}
			f.RetListRead(li)
			li++
		case *fake:
			if c.uncounted {
				f.RetIdent(si, r.Ident(), anchor(r), unsafe.Pointer(r))
			} else {
				iu, su := r.UseCounts()
				f.Ret(si, r.Ident(), iu, su, unsafe.Pointer(r))
			}
			si++
		}
	}
	f.End()
}
