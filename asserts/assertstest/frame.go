package assertstest

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/engine"
)

// The suite's checked calls are the one path's, as generated code in
// interface mode makes them: a Frame of one argument (slot 0) and one
// return (slot 1), or of one of them (slot 0), each tensor held as an
// interface (Frame.Iface), a Shape's rows run by the runtime.

type (
	frame1 = engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	frame2 = engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
)

// rowOf is a row of single tensors: its check and its tensors T and U
// (-1: none).
type rowOf struct {
	k    checks.Check
	t, u int8
}

// rows makes a shape's rows.
func rows(rs ...rowOf) []engine.Row {
	out := make([]engine.Row, len(rs))
	for i, r := range rs {
		out[i] = engine.Row{Check: r.k, Form: engine.FormOne, T: r.t, U: r.u}
	}
	return out
}

// unchanged are the rows of argument 0, which the op must not change.
var unchanged = func() []rowOf {
	var rs []rowOf
	for _, k := range checktable.Unchanged(false) {
		rs = append(rs, rowOf{k, 0, -1})
	}
	return rs
}()

// collect runs f with no Env registered (the suite's calls check outside
// any mode or context, whatever the runtime's Env says) and returns the
// violations of its checked calls (asserts.Collect).
func collect(f func()) []asserts.Violation {
	defer asserts.SetEnv(asserts.SetEnv(nil))
	return asserts.Collect(f)
}

// argRetCall runs kernel on x through a checked call of op, of shape sh
// (shapeFresh or shapeView), and returns what the kernel returned.
func argRetCall(op *engine.Op, sh *engine.Shape, x asserts.Tensor, kernel func(asserts.Tensor) asserts.Tensor) asserts.Tensor {
	var f frame2
	f.Open()
	f.Arg(0, x.Ident(), nil)
	f.Iface(0, x)
	f.Begin(op, sh)
	ret := kernel(x)
	f.AfterArg(0, x.Ident())
	id, iu, su := identCounts(ret)
	f.Ret(1, id, iu, su, nil)
	f.Iface(1, ret)
	f.End()
	return ret
}

// identCounts reads a return's identities and use counts, in one read
// when t implements asserts.IdentCounter.
func identCounts(t asserts.Tensor) (asserts.Ident, int, int) {
	if ic, ok := t.(asserts.IdentCounter); ok {
		return ic.IdentCounts()
	}
	iu, su := t.UseCounts()
	return t.Ident(), iu, su
}

// retCall runs x through a checked call of op, of shape sh, as its
// return: read with its use counts, or (sh.NoUseCounts) with its storage
// anchor.
func retCall(op *engine.Op, sh *engine.Shape, x asserts.Identity) {
	var f frame1
	f.Open()
	f.Begin(op, sh)
	if t, ok := x.(asserts.Tensor); ok && !sh.NoUseCounts {
		id, iu, su := identCounts(t)
		f.Ret(0, id, iu, su, nil)
	} else {
		a, _ := anchor(x)
		f.RetIdent(0, x.Ident(), a, nil)
	}
	f.Iface(0, x)
	f.End()
}

// argCall runs kernel on x through a checked call of op, of shape sh, as
// its argument: read with its storage anchor when it reports one, by the
// own-ids kind's reads when sh.NoUseCounts.
func argCall(op *engine.Op, sh *engine.Shape, x asserts.Identity, kernel func()) {
	var f frame1
	f.Open()
	a, anchored := anchor(x)
	if sh.NoUseCounts {
		f.ArgIdent(0, x.Ident(), a, nil)
	} else {
		f.Arg(0, x.Ident(), nil)
		f.Anchor(0, a)
	}
	f.Iface(0, x)
	f.Begin(op, sh)
	kernel()
	after, _ := anchor(x)
	switch {
	case sh.NoUseCounts:
		f.AfterIdent(0, x.Ident(), after)
	case anchored:
		f.AfterRecycled(0, x.Ident(), after)
	default:
		f.AfterArg(0, x.Ident())
	}
	f.End()
}
