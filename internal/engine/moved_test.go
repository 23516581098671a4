package engine

import (
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// movingTensor is a library's tensor whose data the library may move to
// new memory on first use (a host-to-device copy), the tensor staying the
// same one.
type movingTensor struct{ data []float64 }

func (t *movingTensor) memory() asserts.Memory { return asserts.SliceMemory(t.data) }

// moveData gives t new memory with its values, telling the checks (tell)
// or not.
func (t *movingTensor) moveData(tell bool) {
	before := t.memory()
	t.data = append([]float64(nil), t.data...)
	if tell {
		asserts.MovedMemory(before, t.memory())
	}
}

var opMoving = Op{Name: "moving"}

// TestDeclaredMoveIsNoViolation: a kernel during which the runtime moves
// an argument's data, and says so (asserts.MovedMemory), keeps the
// argument's storage for same_storage (of a memory: runtime, whose storage
// ID is the memory's address; and of a runtime with identities of its own
// and anchors); the same move untold, or told of other memory, is
// reported.
func TestDeclaredMoveIsNoViolation(t *testing.T) {
	// memory: the snapshots of the wrappers of a memory: runtime
	viaMemory := func(x *movingTensor, kernel func()) []asserts.Violation {
		return asserts.Collect(func() {
			var c Call
			var s Slot
			c.beginWith(&opMoving, asserts.EnvState{})
			m := x.memory()
			saveMemory(&c, &s, unsafe.Pointer(x), &m)
			kernel()
			m = x.memory()
			afterMemory(&c, &s, unsafe.Pointer(x), &m)
			c.SameImplStorageVersion(Arg("self"), &s)
			c.End()
		})
	}
	for _, tc := range []struct {
		name   string
		kernel func(x, other *movingTensor)
		want   int
	}{
		{"no move", func(x, other *movingTensor) {}, 0},
		{"a declared move", func(x, other *movingTensor) { x.moveData(true) }, 0},
		{"a move untold", func(x, other *movingTensor) { x.moveData(false) }, 1},
		{"a move told of another tensor", func(x, other *movingTensor) { other.moveData(true); x.moveData(false) }, 1},
		{"two declared moves", func(x, other *movingTensor) { x.moveData(true); x.moveData(true) }, 0},
		{"a declared move, then one untold", func(x, other *movingTensor) { x.moveData(true); x.moveData(false) }, 1},
	} {
		x, other := &movingTensor{data: make([]float64, 4)}, &movingTensor{data: make([]float64, 4)}
		vs := viaMemory(x, func() { tc.kernel(x, other) })
		if len(vs) != tc.want {
			t.Errorf("%s: %d violations, want %d: %v", tc.name, len(vs), tc.want, vs)
		}
		for _, v := range vs {
			if v.Check != checks.SameStorage {
				t.Errorf("%s: %v, want same_storage", tc.name, &v)
			}
		}
	}
	// identities of its own, with anchors: the anchor moves, the ID stays
	x := &movingTensor{data: make([]float64, 4)}
	id := asserts.Ident{Impl: 101, Storage: 102}
	viaAnchor := func(tell bool) []asserts.Violation {
		return asserts.Collect(func() {
			var c Call
			var s Slot
			c.beginWith(&opMoving, asserts.EnvState{})
			c.SaveIdent(&s, anchoredStub{id, x})
			x.moveData(tell)
			c.AfterIdent(&s, anchoredStub{id, x})
			c.SameStorage(Arg("self"), &s)
			c.End()
		})
	}
	if vs := viaAnchor(true); len(vs) != 0 {
		t.Errorf("identities and anchors, a declared move: %v", vs)
	}
	if vs := viaAnchor(false); len(vs) != 1 || vs[0].Check != checks.SameStorage {
		t.Errorf("identities and anchors, a move untold: %d violations, want one same_storage", len(vs))
	}
}

// anchoredStub is a tensor with identities of its own whose anchor is its
// data's memory.
type anchoredStub struct {
	id asserts.Ident
	t  *movingTensor
}

func (a anchoredStub) Ident() asserts.Ident { return a.id }
func (a anchoredStub) StorageAnchor() unsafe.Pointer {
	return a.t.memory().Anchor()
}

// mvec is a tensor of the memory kind whose data the runtime may move: a
// window on an array, its geometry a 1 x len matrix.
type mvec struct{ data []float64 }

func (v *mvec) mem() asserts.Memory {
	return asserts.SliceMemory(v.data).Matrix(1, len(v.data), len(v.data), 1)
}

func (v *mvec) Ident() asserts.Ident                { return v.mem().Ident(unsafe.Pointer(v)) }
func (v *mvec) MetadataFingerprint() (uint64, bool) { return v.mem().Metadata() }
func (v *mvec) StorageAnchor() unsafe.Pointer       { return v.mem().Anchor() }
func mvecOf(h unsafe.Pointer) asserts.Identity      { return (*mvec)(h) }

// moveTo moves v's data into arr at offset off, keeping its length, and
// tells the checks (how: "memory", the memory function's values; "slice",
// SliceMemory's, without geometry; "" untold).
func (v *mvec) moveTo(arr []float64, off int, how string) {
	before, old := v.mem(), v.data
	copy(arr[off:], v.data)
	v.data = arr[off : off+len(v.data)]
	switch how {
	case "memory":
		asserts.MovedMemory(before, v.mem())
	case "slice":
		asserts.MovedMemory(asserts.SliceMemory(old), asserts.SliceMemory(v.data))
	}
}

// memMovingShape is a read-only op of the memory kind on two tensors
// (dot): each kept, with its storage and geometry; a fresh return.
var memMovingShape = Shape{Args: 2, Rets: 1, Tensor: mvecOf,
	Locs: []Loc{Arg("self"), Arg("other"), Ret(0)},
	Rows: []Row{
		{Check: checks.SameImpl, T: 0, U: -1}, {Check: checks.SameStorage, T: 0, U: -1}, {Check: checks.SameMetadata, T: 0, U: -1},
		{Check: checks.SameImpl, T: 1, U: -1}, {Check: checks.SameStorage, T: 1, U: -1}, {Check: checks.SameMetadata, T: 1, U: -1},
		{Check: checks.FreshNoAlias, T: 2, U: 0}, {Check: checks.FreshNoAlias, T: 2, U: 1},
	}}

// callMoving is a checked call of op (memMovingShape) on x and y whose
// kernel is kernel, through the memory kind's Frame.
func callMoving(op *Op, x, y *mvec, kernel func()) []asserts.Violation {
	return asserts.Collect(func() {
		var f Frame[[3]Slot, [0]ListSlot]
		defer f.Abandon()
		f.Open()
		f.ArgMemory(0, unsafe.Pointer(x), x.mem())
		f.ArgMemory(1, unsafe.Pointer(y), y.mem())
		f.BeginMemory(op, &memMovingShape)
		kernel()
		r := &mvec{data: make([]float64, 1)}
		f.AfterArgMemory(0, unsafe.Pointer(x), x.mem())
		f.AfterArgMemory(1, unsafe.Pointer(y), y.mem())
		f.RetMemory(2, unsafe.Pointer(r), r.mem())
		f.EndMemory()
	})
}

// checksOf lists the checks of vs, in order.
func checksOf(vs []asserts.Violation) []checks.Check {
	var cs []checks.Check
	for _, v := range vs {
		cs = append(cs, v.Check)
	}
	return cs
}

// TestDeclaredMoveToAnotherSize: a declared move to memory of another
// capacity (a device's allocation rounded up, a view whose array grows)
// changes each window's distance to its anchor, which asserts.Memory's
// fingerprint measures. The move's shift is taken with it, so
// same_metadata does not compare the fingerprint on the old memory with
// the one on the new. No violation, told with the memory function's
// values or with SliceMemory's (no geometry), on an op's first call (the
// rows) and on a calibrated one (the fast plan's reads, the rows after
// the kernel). A kernel that both moves the data and reshapes the tensor
// is reported (same_metadata), and so is the same move untold
// (same_storage).
func TestDeclaredMoveToAnotherSize(t *testing.T) {
	ss, sm := checks.SameStorage, checks.SameMetadata
	for _, tc := range []struct {
		name   string
		kernel func(x, y *mvec)
		want   []checks.Check
	}{
		{"no move", func(x, y *mvec) {}, nil},
		{"told, 4 times the size", func(x, y *mvec) { x.moveTo(make([]float64, 16), 0, "memory") }, nil},
		{"told by SliceMemory, 4 times the size", func(x, y *mvec) { x.moveTo(make([]float64, 16), 0, "slice") }, nil},
		{"told, the same size", func(x, y *mvec) { x.moveTo(make([]float64, 4), 0, "memory") }, nil},
		{"told, a view at 2 to 2 of a larger array", func(x, y *mvec) { x.moveTo(make([]float64, 40), 2, "memory") }, nil},
		{"told, both, another size each", func(x, y *mvec) {
			x.moveTo(make([]float64, 16), 0, "memory")
			y.moveTo(make([]float64, 5), 0, "slice")
		}, nil},
		{"told twice, a chain", func(x, y *mvec) {
			x.moveTo(make([]float64, 16), 0, "memory")
			x.moveTo(make([]float64, 7), 1, "memory")
		}, nil},
		{"untold, 4 times the size", func(x, y *mvec) { x.moveTo(make([]float64, 16), 0, "") }, []checks.Check{ss, sm}},
		{"told, then reshaped", func(x, y *mvec) {
			x.moveTo(make([]float64, 16), 0, "memory")
			x.data = x.data[:2]
		}, []checks.Check{sm}},
	} {
		for _, calibrated := range []bool{false, true} {
			var op Op
			if calibrated {
				x, y := &mvec{make([]float64, 4)}, &mvec{make([]float64, 4)}
				if vs := callMoving(&op, x, y, func() {}); len(vs) != 0 {
					t.Fatalf("a plain call: %v", vs)
				}
			}
			x, y := &mvec{make([]float64, 4)}, &mvec{make([]float64, 4)}
			if strings.Contains(tc.name, "a view") {
				x.data = make([]float64, 8)[2:6]
			}
			got := checksOf(callMoving(&op, x, y, func() { tc.kernel(x, y) }))
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s (calibrated %v): %v, want %v", tc.name, calibrated, got, tc.want)
			}
		}
	}
}

// TestDeclaredMovesOfAPool: every move declared while a call runs is
// found, whatever the anchors' addresses. Tensors whose blocks are 64 KiB
// apart (a pool's) would share a slot of a table indexed by anchor bits,
// each move pushing the one before out, and the first of two told moves
// would be reported (same_storage). Two moves in one checked call, and
// 64 moves from anchors 64 KiB apart (and 64 from anchors 16 bytes
// apart) looked up after the last.
func TestDeclaredMovesOfAPool(t *testing.T) {
	const block = 64 << 10 / 8 // float64s in 64 KiB
	pool := make([]float64, 64*block)
	blk := func(i int) []float64 { return pool[i*block : i*block+4 : (i+1)*block] }
	x, y := &mvec{blk(0)}, &mvec{blk(1)}
	if d := uintptr(y.mem().Anchor()) - uintptr(x.mem().Anchor()); d != 64<<10 {
		t.Fatalf("anchors %d bytes apart, want 64 KiB", d)
	}
	var op Op
	vs := callMoving(&op, x, y, func() {
		x.moveTo(make([]float64, 4), 0, "memory")
		y.moveTo(make([]float64, 4), 0, "memory")
	})
	if len(vs) != 0 {
		t.Errorf("two declared moves from blocks 64 KiB apart: %v", checksOf(vs))
	}
	dst := make([]float64, 64*block)
	for _, step := range []int{block, 2} {
		since := writeClock.Load()
		anchor := func(s []float64, i int) unsafe.Pointer { return unsafe.Pointer(&s[i*step+1]) }
		for i := range 64 {
			moved(anchor(pool, i), anchor(dst, i), 0)
		}
		for i := range 64 {
			if ok, _ := movedDuring(anchor(pool, i), anchor(dst, i), since); !ok {
				t.Errorf("anchors %d bytes apart: move %d of 64 not found", step*8, i)
			}
		}
		if ok, _ := movedDuring(anchor(pool, 0), anchor(dst, 1), since); ok {
			t.Errorf("anchors %d bytes apart: a move to another anchor found", step*8)
		}
	}
}

// TestMovedLogBounds: the log finds only moves declared after the call's
// clock, follows a chain in the order it was declared (not backwards),
// sums its shifts, and, when more moves were declared during a call than
// it keeps, misses the oldest (a report, never a pass of another move).
func TestMovedLogBounds(t *testing.T) {
	a := make([]byte, 8)
	p := func(i int) unsafe.Pointer { return unsafe.Pointer(&a[i]) }
	moved(p(0), p(1), 8)
	since := writeClock.Load()
	if ok, _ := movedDuring(p(0), p(1), since); ok {
		t.Errorf("a move declared before the call found")
	}
	moved(p(2), p(3), 8)
	moved(p(3), p(4), 16)
	moved(p(5), p(6), 0)
	if ok, shift := movedDuring(p(2), p(4), since); !ok || shift != 24 {
		t.Errorf("a chain of two: %v, shift %d, want true, 24", ok, shift)
	}
	if ok, _ := movedDuring(p(3), p(2), since); ok {
		t.Errorf("a move followed backwards")
	}
	since = writeClock.Load()
	moved(p(0), p(1), 0)
	for range movedSlots {
		moved(p(5), p(6), 0)
	}
	if ok, _ := movedDuring(p(0), p(1), since); ok {
		t.Errorf("a move pushed out of the log found")
	}
	if ok, _ := movedDuring(p(5), p(6), since); !ok {
		t.Errorf("the newest move not found")
	}
}

// memMovingCatShape is cat of the memory kind: each element of the list
// kept, with its storage and geometry; a fresh return.
var memMovingCatShape = Shape{Args: 1, Rets: 1, Lists: 1, Tensor: mvecOf,
	Elem: func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**mvec)(h), i+1)[i] },
	Locs: []Loc{Arg("tensors"), Ret(0)},
	Rows: []Row{
		{Check: checks.SameStorage, Form: FormArgList, T: 0, U: -1}, {Check: checks.SameMetadata, Form: FormArgList, T: 0, U: -1},
		{Check: checks.FreshNoAlias, Form: FormArgList, T: 1, U: 0},
	}}

// TestDeclaredMoveOfAListElement: a declared move of a list argument's
// element to memory of another size is no violation (the element's
// snapshot takes the move's shift, as a single argument's does); untold,
// it is reported.
func TestDeclaredMoveOfAListElement(t *testing.T) {
	call := func(op *Op, xs []*mvec, kernel func()) []checks.Check {
		return checksOf(asserts.Collect(func() {
			var f Frame[[1]Slot, [1]ListSlot]
			defer f.Abandon()
			f.Open()
			f.List(0, len(xs), unsafe.Pointer(unsafe.SliceData(xs)))
			for j, x := range xs {
				f.ElemMemory(0, j, unsafe.Pointer(x), x.mem())
			}
			f.BeginMemory(op, &memMovingCatShape)
			kernel()
			f.AfterList(0, len(xs))
			for j, x := range xs {
				f.AfterElemMemory(0, j, unsafe.Pointer(x), x.mem())
			}
			r := &mvec{make([]float64, 8)}
			f.RetMemory(0, unsafe.Pointer(r), r.mem())
			f.EndMemory()
		}))
	}
	for _, tc := range []struct {
		how  string
		want []checks.Check
	}{{"memory", nil}, {"slice", nil}, {"", []checks.Check{checks.SameStorage, checks.SameMetadata}}} {
		for _, calibrated := range []bool{false, true} {
			var op Op
			if calibrated {
				if got := call(&op, []*mvec{{make([]float64, 4)}, {make([]float64, 4)}}, func() {}); got != nil {
					t.Fatalf("a plain call: %v", got)
				}
			}
			xs := []*mvec{{make([]float64, 4)}, {make([]float64, 4)}}
			got := call(&op, xs, func() { xs[1].moveTo(make([]float64, 16), 0, tc.how) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("told by %q (calibrated %v): %v, want %v", tc.how, calibrated, got, tc.want)
			}
		}
	}
}
