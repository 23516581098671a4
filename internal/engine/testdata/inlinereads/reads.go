// Package inlinereads holds the memory kind's helpers in the form gen
// writes them (gen/frame.go: a Before and an After helper per shape, a
// tensor type whose Memory method calls the runtime's memory function),
// for TestMemoryReadsInline, which builds it with -gcflags=-m: each read
// must be inlined at its call site, or a checked call pays a call and
// its spills per tensor.
package inlinereads

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/wrap"
)

// Dense is a tensor of the memory kind.
type Dense struct {
	data           []float64
	sizes, strides []int
}

// Memory says where d's elements are, as a memory function init writes
// does (asserts.SliceMemory, then Strided).
func (d *Dense) Memory() asserts.Memory {
	if d == nil {
		return asserts.Memory{}
	}
	return asserts.SliceMemory(d.data).Strided(d.sizes, d.strides)
}

// Before reads a single argument and begins the call.
func Before(fr *wrap.Frame[[2]wrap.Slot, [0]wrap.ListSlot], op *wrap.Op, sh *wrap.Shape, t0 *Dense) {
	fr.Open()
	fr.ArgMemory(0, unsafe.Pointer(t0), t0.Memory())
	fr.BeginMemory(op, sh)
}

// After reads the argument again and the return, and ends the call.
func After(fr *wrap.Frame[[2]wrap.Slot, [0]wrap.ListSlot], t0 *Dense, t1 *Dense) {
	fr.AfterArgMemory(0, unsafe.Pointer(t0), t0.Memory())
	fr.RetMemory(1, unsafe.Pointer(t1), t1.Memory())
	fr.EndMemory()
}

// BeforeList reads a list argument and begins the call.
func BeforeList(fr *wrap.Frame[[1]wrap.Slot, [1]wrap.ListSlot], op *wrap.Op, sh *wrap.Shape, t0 []*Dense) {
	fr.Open()
	fr.List(0, len(t0), unsafe.Pointer(unsafe.SliceData(t0)))
	for j, e := range t0 {
		fr.ElemMemory(0, j, unsafe.Pointer(e), e.Memory())
	}
	fr.BeginMemory(op, sh)
}

// AfterList reads the list again and the return, and ends the call.
func AfterList(fr *wrap.Frame[[1]wrap.Slot, [1]wrap.ListSlot], t0 []*Dense, t1 *Dense) {
	fr.AfterList(0, len(t0))
	for j, e := range t0 {
		fr.AfterElemMemory(0, j, unsafe.Pointer(e), e.Memory())
	}
	fr.RetMemory(0, unsafe.Pointer(t1), t1.Memory())
	fr.EndMemory()
}
