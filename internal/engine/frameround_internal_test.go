package engine

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// listInPlace is one call of inPlaceListShape's op (self and a list out
// written, self returned) through Frame f of shape sh: out's elements
// after the kernel are after (the kernel may replace one). It returns
// whether the call began on the fast plan and what it reported.
func listInPlace[S Slots, L ListSlots](f *Frame[S, L], op *Op, sh *Shape, self, ret *counted, outs, after []*counted) (fast bool, vs string) {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.List(0, len(outs), unsafe.Pointer(unsafe.SliceData(outs)))
	for j, e := range outs {
		f.Elem(0, j, e.Ident())
	}
	f.Begin(op, sh)
	fast = f.frame.fast
	f.AfterArg(0, self.Ident())
	f.AfterList(0, len(after))
	for j, e := range after {
		f.AfterElem(0, j, e.Ident())
	}
	f.Ret(1, ret.Ident(), ret.iu, ret.su, unsafe.Pointer(ret))
	f.End()
	var b strings.Builder
	for _, v := range col.Violations() {
		fmt.Fprintf(&b, "%s at %s %d %d; ", v.Check, v.Arg, v.Ret, v.Index)
	}
	return fast, b.String()
}

// TestFrameRoundedUp: a Frame larger than its shape (gen rounds the
// arrays up so that shapes share Frame types; Shape.Slots and ListSlots
// say so) checks what the Frame of the shape's own size checks, on the
// fast plan and off it: its lists are read where the larger singles put
// them. A Frame of another size than the Shape says is refused.
func TestFrameRoundedUp(t *testing.T) {
	self := &counted{id: asserts.Ident{Impl: 201, Storage: 202, Traits: asserts.Versioned}, iu: 1, su: 1}
	o1 := &counted{id: asserts.Ident{Impl: 203, Storage: 204, Traits: asserts.Versioned}}
	o2 := &counted{id: asserts.Ident{Impl: 205, Storage: 206, Traits: asserts.Versioned}}
	o3 := &counted{id: asserts.Ident{Impl: 207, Storage: 204, Traits: asserts.Versioned}}
	other := &counted{id: asserts.Ident{Impl: 209, Storage: 210, Traits: asserts.Versioned}, iu: 1, su: 1}
	sh := &inPlaceListShape
	rounded := Shape{Args: sh.Args, Rets: sh.Rets, Lists: sh.Lists, Rows: sh.Rows, Locs: sh.Locs, Writes: sh.Writes,
		Tensor: sh.Tensor, Elem: sh.Elem, Slots: 5, ListSlots: 3}
	outs := []*counted{o1, o2}
	for _, c := range []struct {
		name      string
		ret       *counted
		after     []*counted
		content   bool
		wantFast  bool
		wantViols bool
	}{
		{"passes", self, outs, false, true, false},
		{"returns another", other, outs, false, true, true},
		{"replaces an element", self, []*counted{o3, o2}, false, true, true},
		{"off the plan", self, []*counted{o1, o3}, true, false, true},
	} {
		prev := asserts.SetContentCheck(c.content)
		var exactOp, roundOp Op
		var fe Frame[[2]Slot, [1]ListSlot]
		fast, vs := listInPlace(&fe, &exactOp, &inPlaceListShape, self, c.ret, outs, c.after)
		var fr Frame[[5]Slot, [3]ListSlot]
		rfast, rvs := listInPlace(&fr, &roundOp, &rounded, self, c.ret, outs, c.after)
		asserts.SetContentCheck(prev)
		if fast != c.wantFast || rfast != fast {
			t.Errorf("%s: began on the fast plan %v (rounded up %v), want %v", c.name, fast, rfast, c.wantFast)
		}
		if (vs != "") != c.wantViols || rvs != vs {
			t.Errorf("%s: reported %q, rounded up %q", c.name, vs, rvs)
		}
		if exactOp.Stats() != roundOp.Stats() {
			t.Errorf("%s: stats %+v, rounded up %+v", c.name, exactOp.Stats(), roundOp.Stats())
		}
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "a Frame of 2 single and 1 list snapshots for a shape of 5 and 3") {
			t.Errorf("a Frame of the shape's own size for a Shape rounded up: %v", r)
		}
	}()
	var op Op
	var f Frame[[2]Slot, [1]ListSlot]
	listInPlace(&f, &op, &rounded, self, self, outs, outs)
}

// TestFrameMemoryRoundedUp is TestFrameRoundedUp's for the memory kind's
// plan tests of a list (memCatShape's).
func TestFrameMemoryRoundedUp(t *testing.T) {
	a, b := newMdense(), newMdense()
	rounded := Shape{Args: 1, Rets: 1, Lists: 1, Rows: memCatShape.Rows, Slots: 4, ListSlots: 2}
	list := func(args []*mdense, r *mdense) (bool, bool) {
		var fe Frame[[1]Slot, [1]ListSlot]
		var fr Frame[[4]Slot, [2]ListSlot]
		return catMem(&fe, &memCatShape, args, r), catMem(&fr, &rounded, args, r)
	}
	for _, c := range []struct {
		name string
		r    *mdense
		pass bool
	}{
		{"fresh", newMdense(), true},
		{"returns an element", b, false},
		{"returns a view of an element", &mdense{1, 2, a.data[:2]}, false},
	} {
		exact, round := list([]*mdense{a, b}, c.r)
		if exact != c.pass || round != exact {
			t.Errorf("%s: passes the plan's tests %v (rounded up %v), want %v", c.name, exact, round, c.pass)
		}
	}
}

// catMem reads a cat of args returning r into f, of shape sh, and reports
// whether the call passes the memory kind's plan.
func catMem[S Slots, L ListSlots](f *Frame[S, L], sh *Shape, args []*mdense, r *mdense) bool {
	p := sh.planOf(true)
	f.frame.p = p
	f.List(0, len(args), unsafe.Pointer(unsafe.SliceData(args)))
	for j, x := range args {
		f.ElemMemory(0, j, unsafe.Pointer(x), x.mem())
		f.AfterElemMemory(0, j, unsafe.Pointer(x), x.mem())
	}
	f.RetMemory(0, unsafe.Pointer(r), r.mem())
	return p.fast && f.frame.odd == 0 && f.frame.diff == 0 && f.frame.passesMem(p)
}
