package engine

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestFrameMemoryOneTest holds endMem's shortest path (fastPlan.memOne: a
// plan of one test of a single return against a single argument, no
// write, no hand-out; a view) to the rows: a view kernel that turns bad
// once its op is calibrated (it returns self, or a copy) is reported at
// that call on the fast plan, with the op's statistics of the same calls
// forced onto the rows (SetRowsOnly); the good calls before it ran on the
// fast plan. The shapes whose plan has more to do do not take the path.
func TestFrameMemoryOneTest(t *testing.T) {
	for _, c := range []struct {
		name string
		sh   *Shape
		one  bool
	}{
		{"view", &memViewShape, true},
		{"a return both self and apart from it", &memNeverShape, true},
		{"add (two tests)", &memAddShape, false},
		{"add_ (a write)", &memAddInPlShape, false},
		{"cat (a list)", &memCatShape, false},
		{"a fresh return held (a hand-out)", &Shape{Args: 1, Rets: 1, Rows: []Row{
			{Check: checks.NotArgHandle, T: 1, U: 0}, {Check: checks.FreshNotHeld, T: 1, U: 1},
		}}, false},
	} {
		if p := derivePlan(c.sh, true); p.memOne != c.one {
			t.Errorf("%s: memOne %v, want %v", c.name, p.memOne, c.one)
		}
	}
	for _, bad := range []string{"self", "copy"} {
		runCalibrated(t, "returns "+bad, true, func() *Shape {
			return &Shape{Args: 1, Rets: 1, Tensor: mdenseOf, Locs: []Loc{Arg("self"), Ret(0)}, Rows: memViewShape.Rows}
		}, func(p *fastPlan) bool { return p.memOne }, func(good int) func(i int, op *Op, sh *Shape) bool {
			a := newMdense()
			return func(i int, op *Op, sh *Shape) bool {
				r := &mdense{1, 2, a.data[:2]}
				switch {
				case i < good:
				case bad == "self":
					r = a
				default:
					r = newMdense()
				}
				var f Frame[[2]Slot, [0]ListSlot]
				f.Open()
				f.ArgMemory(0, unsafe.Pointer(a), a.mem())
				f.BeginMemory(op, sh)
				fast := f.frame.fast
				f.AfterArgMemory(0, unsafe.Pointer(a), a.mem())
				f.RetMemory(1, unsafe.Pointer(r), r.mem())
				f.EndMemory()
				return fast
			}
		})
	}
}

// runCalibrated runs an op's calls, good ones then 5 bad, once on the
// fast plan and once forced onto the rows (SetRowsOnly), each on a new
// shape of newShape and a kernel of newCall (good: the calls before it
// turns bad; a call reports whether it ran on the fast plan): the first
// violation is at call good (where firstAtGood), every call on the fast
// plan but the calibrating one, the plan takes the path onPath says, and
// the op's statistics are the same both ways.
func runCalibrated(t *testing.T, name string, firstAtGood bool, newShape func() *Shape, onPath func(*fastPlan) bool, newCall func(good int) func(i int, op *Op, sh *Shape) bool) {
	t.Helper()
	const good = 100 // the kernel's good calls
	var stats [2]asserts.Stats
	for k, rows := range []bool{false, true} {
		sh, call := newShape(), newCall(good)
		var op Op
		prevRows := SetRowsOnly(rows)
		col := asserts.NewCollector()
		prevHandler := asserts.SetHandler(col)
		at, fast := -1, 0
		for i := range good + 5 {
			if call(i, &op, sh) {
				fast++
			}
			if at < 0 && len(col.Violations()) > 0 {
				at = i
			}
		}
		asserts.SetHandler(prevHandler)
		SetRowsOnly(prevRows)
		name := fmt.Sprintf("%s, rows=%v", name, rows)
		if firstAtGood && at != good {
			t.Errorf("%s: first violation at call %d, want %d", name, at, good)
		}
		if want := good + 5 - 1; !rows && fast != want {
			t.Errorf("%s: %d calls on the fast plan, want %d (all but the calibrating one)", name, fast, want)
		}
		if !rows && !onPath(sh.plan.Load()) {
			t.Errorf("%s: the plan does not take endMem's path", name)
		}
		stats[k] = op.Stats()
		if stats[k].Calls != good+5 {
			t.Errorf("%s: %d calls, want %d", name, stats[k].Calls, good+5)
		}
	}
	if stats[0] != stats[1] {
		t.Errorf("%s: stats:\non the fast plan %+v\nforced onto the rows %+v", name, stats[0], stats[1])
	}
}

// TestFrameMemoryListTest holds endMem's path of a list (fastPlan.memList:
// a plan of one test of a list argument's elements against a single
// return, no write; cat) to the rows: a cat kernel that turns bad once its
// op is calibrated (it returns an element, a view of one, or swaps an
// element's handle) is reported at that call, with the op's statistics of
// the same calls forced onto the rows (SetRowsOnly); the good calls before
// it ran on the fast plan. The shapes whose plan has more to do do not
// take the path.
func TestFrameMemoryListTest(t *testing.T) {
	for _, c := range []struct {
		name string
		sh   *Shape
		list bool
	}{
		{"cat", &memCatShape, true},
		{"view", &memViewShape, false},
		{"add (two tests)", &memAddShape, false},
		{"cat with a fresh return held (a hand-out)", &Shape{Args: 1, Rets: 1, Lists: 1, Rows: append([]Row{
			{Check: checks.FreshNotHeld, T: 1, U: 1}}, memCatShape.Rows...)}, true},
		{"cat and a single argument", &Shape{Args: 2, Rets: 1, Lists: 1, Rows: append([]Row{
			{Check: checks.NotArgHandle, T: 2, U: 1}}, memCatShape.Rows...)}, false},
	} {
		if p := derivePlan(c.sh, true); p.memList != c.list {
			t.Errorf("%s: memList %v, want %v", c.name, p.memList, c.list)
		}
	}
	for _, bad := range []string{"element", "view", "swap"} {
		runCalibrated(t, bad, bad != "swap", func() *Shape {
			return &Shape{Args: 1, Rets: 1, Lists: 1, Tensor: mdenseOf,
				Elem: func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**mdense)(h), i+1)[i] },
				Locs: []Loc{Arg("tensors"), Ret(0)}, Rows: memCatShape.Rows}
		}, func(p *fastPlan) bool { return p.memList }, func(good int) func(i int, op *Op, sh *Shape) bool {
			ts := []*mdense{newMdense(), newMdense(), newMdense()}
			return func(i int, op *Op, sh *Shape) bool {
				r, after := newMdense(), ts
				switch {
				case i < good:
				case bad == "element":
					r = ts[2]
				case bad == "view":
					r = &mdense{1, 2, ts[1].data[:2]}
				default:
					c := *ts[2] // the same storage and geometry, another handle
					after = []*mdense{ts[0], ts[1], &c}
				}
				var f Frame[[1]Slot, [1]ListSlot]
				f.Open()
				f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
				for j, x := range ts {
					f.ElemMemory(0, j, unsafe.Pointer(x), x.mem())
				}
				f.BeginMemory(op, sh)
				fast := f.frame.fast
				f.AfterList(0, len(after))
				for j, x := range after {
					f.AfterElemMemory(0, j, unsafe.Pointer(x), x.mem())
				}
				f.RetMemory(0, unsafe.Pointer(r), r.mem())
				f.EndMemory()
				return fast
			}
		})
	}
}
