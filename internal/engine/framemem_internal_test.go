package engine

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// mdense is a tensor of the memory kind: its elements in data, its
// geometry rows x cols.
type mdense struct {
	rows, cols int
	data       []float64
}

func (d *mdense) mem() asserts.Memory {
	if d == nil {
		return asserts.Memory{}
	}
	return asserts.SliceMemory(d.data).Matrix(d.rows, d.cols, d.cols, 1)
}

func newMdense() *mdense { return &mdense{2, 2, make([]float64, 4)} }

// The memory kind's shapes of the four forms of tests its fast plan
// holds: a fresh return apart from its arguments (add), an in-place
// return that is its argument (add_), a view that shares its argument's
// storage (narrow), a fresh return apart from a list's elements (cat).
var (
	memAddShape = Shape{Args: 2, Rets: 1, Rows: []Row{
		{Check: checks.NotArgHandle, T: 2, U: 0}, {Check: checks.NotArgHandle, T: 2, U: 1},
		{Check: checks.FreshNoAlias, T: 2, U: 0}, {Check: checks.FreshNoAlias, T: 2, U: 1},
	}}
	memAddInPlShape = Shape{Args: 2, Rets: 1, Writes: []int8{0}, Rows: []Row{{Check: checks.ReturnsArg, T: 2, U: 0}}}
	memViewShape    = Shape{Args: 1, Rets: 1, Rows: []Row{
		{Check: checks.NotArgHandle, T: 1, U: 0}, {Check: checks.SharesStorage, T: 1, U: 0},
	}}
	// a return that must be both its argument and apart from it
	memNeverShape = Shape{Args: 1, Rets: 1, Rows: []Row{
		{Check: checks.NotArgHandle, T: 1, U: 0}, {Check: checks.ReturnsArg, T: 1, U: 0},
	}}
	memCatShape = Shape{Args: 1, Rets: 1, Lists: 1, Rows: []Row{
		{Check: checks.NotArgHandle, Form: FormArgList, T: 1, U: 0}, {Check: checks.FreshNoAlias, Form: FormArgList, T: 1, U: 0},
	}}
)

// TestFrameMemoryPlanTests holds the memory kind's tests of the returns
// (endMem's, passesMem) to what the rows they stand for decide: a plain
// call of a correct kernel passes them (else every call would run the
// rows, exact but slow), a return that breaks one of the rows fails them.
func TestFrameMemoryPlanTests(t *testing.T) {
	a, b := newMdense(), newMdense()
	view := &mdense{1, 2, a.data[:2]}
	ts := []*mdense{a, b}
	single := func(sh *Shape, args []*mdense, r *mdense) bool {
		var f Frame[[3]Slot, [0]ListSlot]
		p := sh.planOf(true)
		f.frame.p = p
		for i, x := range args {
			f.ArgMemory(i, unsafe.Pointer(x), x.mem())
			f.AfterArgMemory(i, unsafe.Pointer(x), x.mem())
		}
		f.RetMemory(len(args), unsafe.Pointer(r), r.mem())
		return p.fast && f.frame.odd == 0 && f.frame.diff == 0 && f.frame.passesMem(p)
	}
	list := func(args []*mdense, swap bool, r *mdense) bool {
		var f Frame[[1]Slot, [1]ListSlot]
		p := memCatShape.planOf(true)
		f.frame.p = p
		f.List(0, len(args), unsafe.Pointer(unsafe.SliceData(args)))
		for j, x := range args {
			f.ElemMemory(0, j, unsafe.Pointer(x), x.mem())
		}
		for j, x := range args {
			if swap && j == 0 {
				c := *x // the same storage and geometry, another handle
				x = &c
			}
			f.AfterElemMemory(0, j, unsafe.Pointer(x), x.mem())
		}
		f.RetMemory(0, unsafe.Pointer(r), r.mem())
		return p.fast && f.frame.odd == 0 && f.frame.diff == 0 && f.frame.passesMem(p)
	}
	for _, c := range []struct {
		name string
		pass bool
		got  bool
	}{
		{"add, fresh", true, single(&memAddShape, ts, newMdense())},
		{"add returns self", false, single(&memAddShape, ts, a)},
		{"add returns a view of other", false, single(&memAddShape, ts, &mdense{1, 2, b.data[:2]})},
		{"add_ returns self", true, single(&memAddInPlShape, ts, a)},
		{"add_ returns other", false, single(&memAddInPlShape, ts, b)},
		{"add_ returns a new tensor", false, single(&memAddInPlShape, ts, newMdense())},
		{"narrow, a view", true, single(&memViewShape, ts[:1], view)},
		{"narrow returns self", false, single(&memViewShape, ts[:1], a)},
		{"narrow copies", false, single(&memViewShape, ts[:1], newMdense())},
		{"a return both self and apart from it, self", false, single(&memNeverShape, ts[:1], a)},
		{"a return both self and apart from it, fresh", false, single(&memNeverShape, ts[:1], newMdense())},
		{"cat, fresh", true, list(ts, false, newMdense())},
		{"cat returns an element", false, list(ts, false, b)},
		{"cat returns a view of an element", false, list(ts, false, &mdense{1, 2, b.data[:2]})},
		{"cat swaps an element", false, list(ts, true, newMdense())},
	} {
		if c.got != c.pass {
			t.Errorf("%s: passes the plan's tests %v, want %v", c.name, c.got, c.pass)
		}
	}
}

func (d *mdense) Ident() asserts.Ident { return d.mem().Ident(unsafe.Pointer(d)) }

func mdenseOf(h unsafe.Pointer) asserts.Identity { return (*mdense)(h) }

// TestFrameMemoryEndsItsWrites: the write an in-place call of the memory
// kind declares (its self's storage) is in flight during the kernel and
// ended by EndMemory, on the rows (the first call, which calibrates the
// op) and on the fast plan, or by the deferred Abandon when the kernel
// panics.
func TestFrameMemoryEndsItsWrites(t *testing.T) {
	sh := Shape{Args: 2, Rets: 1, Writes: []int8{0}, Tensor: mdenseOf,
		Locs: []Loc{Arg("self"), Arg("other"), Ret(0)},
		Rows: []Row{{Check: checks.ReturnsArg, T: 2, U: 0}}}
	var op Op
	a, b := newMdense(), newMdense()
	st := asserts.ID(uintptr(a.mem().Anchor()))
	// ended is the writes in flight right after EndMemory, before the
	// deferred Abandon (-1: the kernel panicked)
	var ended int
	call := func(panics bool) (fast bool, during int) {
		ended = -1
		var f Frame[[3]Slot, [0]ListSlot]
		defer func() { _ = recover() }()
		defer f.Abandon()
		f.Open()
		f.ArgMemory(0, unsafe.Pointer(a), a.mem())
		f.ArgMemory(1, unsafe.Pointer(b), b.mem())
		f.BeginMemory(&op, &sh)
		fast, during = f.frame.fast, declared(st)
		if panics {
			panic("kernel")
		}
		f.AfterArgMemory(0, unsafe.Pointer(a), a.mem())
		f.AfterArgMemory(1, unsafe.Pointer(b), b.mem())
		f.RetMemory(2, unsafe.Pointer(a), a.mem())
		f.EndMemory()
		ended = declared(st)
		return fast, during
	}
	for i, c := range []struct {
		panics, fast bool
	}{{false, false}, {false, true}, {false, true}, {true, true}, {false, true}} {
		fast, during := call(c.panics)
		if fast != c.fast {
			t.Errorf("call %d: began on the fast plan %v, want %v", i, fast, c.fast)
		}
		if during != 1 {
			t.Errorf("call %d: %d writes in flight during the kernel, want 1", i, during)
		}
		if n := declared(st); n != 0 || !c.panics && ended != 0 {
			t.Errorf("call %d: writes in flight after EndMemory: %d, after the call: %d", i, ended, n)
		}
	}
	if s := op.Stats(); s.Calls != 4 || s.Violations != ([len(s.Violations)]uint64{}) {
		t.Errorf("stats %+v, want 4 calls and no violation", s)
	}
}
