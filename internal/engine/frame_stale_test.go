package engine_test

// Hand-written one-path wrappers of a tensor type that implements
// asserts.Anchored, as gen emits them once the type has StorageAnchor
// (the reads pass the anchors, Shape.Anchored) and as it emitted them
// before (no anchor read, Shape.Unanchored): the stale set's first call
// panics, naming the op, the type and go generate.

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/planted"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/internal/engine"
)

// negRows are a fresh unary op's rows: self unchanged, the return fresh.
var negRows = rows(unchanged(0), []engine.Row{
	row(checks.ImplUseCountLE1, 1, -1), row(checks.StorageUseCountEq1, 1, -1), row(checks.FreshNoAlias, 1, 0)})

var negLocs = []engine.Loc{engine.Arg("self"), engine.Ret(0)}

var (
	opNegPool = engine.Op{Name: "neg"}
	// the counted kind's shape of a generic type (Frame.BeginOf): as
	// generated before the type had StorageAnchor, and after
	negPoolStale = engine.Shape{Args: 1, Rets: 1, Rows: negRows, Locs: negLocs, Unanchored: true}
	negPoolFresh = engine.Shape{Args: 1, Rets: 1, Rows: negRows, Locs: negLocs, Anchored: true}
)

// negPool is a wrapper of neg on pool's tensors; anchored: its helpers
// read the anchors (Frame.Anchor, Frame.AfterRecycled).
func negPool(sh *engine.Shape, anchored bool, self *pool.Tensor[float64]) *pool.Tensor[float64] {
	var f frame2
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	if anchored {
		f.Anchor(0, self.StorageAnchor())
	}
	f.BeginOf(&opNegPool, sh, (*pool.Tensor[float64])(nil))
	ret := pool.New([]float64{-1, -2}, 2)
	if anchored {
		f.AfterRecycled(0, self.Ident(), self.StorageAnchor())
	} else {
		f.AfterArg(0, self.Ident())
	}
	iu, su := ret.UseCounts()
	f.Ret(1, ret.Ident(), iu, su, unsafe.Pointer(ret))
	if anchored {
		f.Anchor(1, ret.StorageAnchor())
	}
	f.End()
	return ret
}

var (
	opNegOwn    = engine.Op{Name: "neg"}
	ownRows     = []engine.Row{row(checks.SameImpl, 0, -1), row(checks.SameStorage, 0, -1), row(checks.FreshNoAlias, 1, 0)}
	plantedT    = func(h unsafe.Pointer) asserts.Identity { return (*planted.Tensor)(h) }
	negOwnStale = engine.Shape{Args: 1, Rets: 1, Rows: ownRows, Locs: negLocs, NoUseCounts: true, Unanchored: true, Tensor: plantedT}
	// a shape whose rows compare no memory: its anchors change nothing
	negOwnIDs = engine.Shape{Args: 1, Rets: 1, Rows: ownRows[:1], Locs: negLocs, NoUseCounts: true, Unanchored: true, Tensor: plantedT}
	// held as an interface (Frame.Iface): no Tensor function, the helpers
	// read no anchor (gen marks no such shape Unanchored; the runtime
	// cannot name its type either)
	negOwnIface = engine.Shape{Args: 1, Rets: 1, Rows: ownRows, Locs: negLocs, NoUseCounts: true, Unanchored: true}
)

// negOwn is a wrapper of neg on planted's tensors (a runtime without use
// counts) that reads no anchor, holding them by handle or as interfaces.
func negOwn(sh *engine.Shape, iface bool, self *planted.Tensor) *planted.Tensor {
	var f frame2
	f.Open()
	h := unsafe.Pointer(self)
	if iface {
		h = nil
	}
	f.ArgIdent(0, self.Ident(), nil, h)
	if iface {
		f.Iface(0, asserts.Identity(self))
	}
	f.Begin(&opNegOwn, sh)
	ret := planted.Of([]float64{-1, -2}, 2)
	f.AfterIdent(0, self.Ident(), nil)
	h = unsafe.Pointer(ret)
	if iface {
		h = nil
	}
	f.RetIdent(1, ret.Ident(), nil, h)
	if iface {
		f.Iface(1, asserts.Identity(ret))
	}
	f.End()
	return ret
}

// panicOf runs f and returns what it panicked with ("" for nothing).
func panicOf(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// TestStaleAnchorPanics: wrappers generated before the tensor type had
// StorageAnchor panic at their first call, and at every call after it,
// with the op, the type and the fix; those that read the anchor, those
// whose rows compare no memory and tensors held as interfaces run.
func TestStaleAnchorPanics(t *testing.T) {
	self := pool.New([]float64{1, 2}, 2)
	ps := planted.Of([]float64{1, 2}, 2)
	for _, c := range []struct {
		name string
		call func()
		want string
	}{
		{"counted-generic-stale", func() { negPool(&negPoolStale, false, self) },
			"asserts: neg: *pool.Tensor[float64] implements asserts.Anchored (StorageAnchor), which its wrappers were generated without: run go generate (without the anchors, same_storage and fresh_no_alias compare storage IDs only)"},
		{"counted-generic-fresh", func() { negPool(&negPoolFresh, true, self) }, ""},
		{"own-ids-stale", func() { negOwn(&negOwnStale, false, ps) },
			"asserts: neg: *planted.Tensor implements asserts.Anchored (StorageAnchor), which its wrappers were generated without: run go generate (without the anchors, same_storage and fresh_no_alias compare storage IDs only)"},
		{"own-ids-no-memory-rows", func() { negOwn(&negOwnIDs, false, ps) }, ""},
		{"own-ids-iface", func() { negOwn(&negOwnIface, true, ps) }, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			for range 2 { // no plan is kept after the panic: each call panics
				if got := panicOf(c.call); got != c.want {
					t.Fatalf("panic %q, want %q", got, c.want)
				}
			}
		})
	}
}
