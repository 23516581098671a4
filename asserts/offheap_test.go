//go:build unix

package asserts_test

import (
	"syscall"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

// mappedTensor is a tensor of a runtime whose storages may live outside the
// Go heap: its anchor is the last byte of its memory, as the Anchored
// contract describes for a slice, here a syscall.Mmap'd one.
type mappedTensor struct {
	mem       []byte
	impl, sto asserts.ID
}

func (m *mappedTensor) Ident() asserts.Ident {
	return asserts.Ident{Impl: m.impl, Storage: m.sto}
}

func (m *mappedTensor) StorageAnchor() unsafe.Pointer {
	return unsafe.Pointer(&m.mem[len(m.mem)-1])
}

var opMapped = asserts.Op{Name: "mapped_clone"}

// freshCall runs the rows of a fresh return as generated code does for a
// runtime without use counts: ResultIdent, then fresh_not_held.
func freshCall(ret *mappedTensor) {
	var c asserts.Call
	var r asserts.Saved
	c.Begin(&opMapped)
	c.BeginFresh()
	c.ResultIdent(&r, ret)
	c.FreshNotHeld(asserts.Ret(0), &r, ret)
	c.End()
}

// TestFreshNotHeldOffHeap returns a storage in mmap'd memory twice, and one
// in the Go heap twice: the first must not end the process (weak.Make
// would: "getWeakHandle on invalid pointer") and is skipped under
// off_heap_anchor; the second is reported as before.
func TestFreshNotHeldOffHeap(t *testing.T) {
	mem, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	st0 := opMapped.Stats()

	off := &mappedTensor{mem: mem, impl: 1 << 40, sto: 1<<40 + 1}
	freshCall(off)
	freshCall(off)
	if vs := col.Violations(); len(vs) != 0 {
		t.Fatalf("off-heap storage reported: %v", &vs[0])
	}
	st := opMapped.Stats().Sub(st0)
	if st.Skipped[asserts.ReasonOffHeap] != 2 || st.Ran[asserts.CheckFreshNotHeld] != 0 {
		t.Errorf("off-heap: want 2 skips under off_heap_anchor and none run, got %+v", st)
	}

	on := &mappedTensor{mem: make([]byte, 4096), impl: 1<<40 + 2, sto: 1<<40 + 3}
	freshCall(on)
	freshCall(on)
	if vs := col.Violations(); len(vs) != 1 || vs[0].Check != asserts.CheckFreshNotHeld {
		t.Errorf("a heap storage handed out twice: want one fresh_not_held, got %d", len(vs))
	}
}
