package engine

import (
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
			var s Saved
			c.BeginWith(&opMoving, asserts.EnvState{})
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
			var s Saved
			c.BeginWith(&opMoving, asserts.EnvState{})
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
