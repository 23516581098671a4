package asserts_test

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// vector is a library's tensor type without ids of its own: a window on a
// []float64 buffer (see asserts.Memory).
type vector struct{ data []float64 }

var free [][]float64 // the library's free list

func newVector(n int) *vector {
	if k := len(free); k > 0 {
		b := free[k-1]
		free = free[:k-1]
		return &vector{b[:n]}
	}
	return &vector{make([]float64, n)}
}

// Ident and StorageAnchor are the vector's identities and storage anchor,
// read from its memory: the rows a call runs off the runtime's fast plan
// read them through the Shape's Tensor.
func (v *vector) Ident() asserts.Ident {
	return asserts.SliceMemory(v.data).Ident(unsafe.Pointer(v))
}

func (v *vector) StorageAnchor() unsafe.Pointer { return asserts.SliceMemory(v.data).Anchor() }

func vectorOf(h unsafe.Pointer) asserts.Identity { return (*vector)(h) }

var (
	opOnes    = engine.Op{Name: "ones", Policy: checks.Strict}
	shapeOnes = engine.Shape{
		Rets:   1,
		Rows:   []engine.Row{{Check: checks.FreshNotHeld, Form: engine.FormOne, T: 0, U: -1}},
		Locs:   []engine.Loc{engine.Ret(0)},
		Tensor: vectorOf,
	}
)

// ones is a checked call whose kernel returns a fresh vector, as the
// wrappers gen writes for a type named under memory: check it.
func ones(n int) *vector {
	var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.BeginMemory(&opOnes, &shapeOnes)
	v := newVector(n)
	f.RetMemory(0, unsafe.Pointer(v), asserts.SliceMemory(v.data))
	f.EndMemory()
	return v
}

// A runtime that pools the buffers of a library's type says so with
// ReleasedMemory where a buffer goes back: the fresh output that takes it
// next is not a storage somebody still holds.
func ExampleReleasedMemory() {
	vs := asserts.Collect(func() {
		a := ones(4)
		// a's buffer goes back to the free list, and the checks are told:
		// the next fresh output on it is a new ownership
		asserts.ReleasedMemory(asserts.SliceMemory(a.data))
		free = append(free, a.data)
		b := ones(4) // a's buffer, from the free list
		fmt.Println("same buffer:", &a.data[0] == &b.data[0])
	})
	fmt.Println("violations:", len(vs))
	// Output:
	// same buffer: true
	// violations: 0
}

// Extent is the bytes a tensor's window reaches up to its anchor, the
// last byte of the backing array's capacity: a lower bound of the
// storage's size, whatever the window's length. fresh_not_held judges a
// storage of 16 bytes or more by one bit of its anchor's granule.
func ExampleMemory_Extent() {
	buf := make([]float64, 16)           // a 4x4 matrix's array: 128 bytes
	row := asserts.SliceMemory(buf[4:8]) // its second row, a view
	last := asserts.SliceMemory(buf[15:])
	small := asserts.SliceMemory(make([]float32, 1))
	fmt.Println(row.Extent(), last.Extent(), small.Extent(), asserts.Memory{}.Extent())
	// Output: 96 8 4 0
}

var (
	opScaleInPlace    = engine.Op{Name: "mul_", Overload: "Scalar", Policy: checks.Strict}
	shapeScaleInPlace = engine.Shape{
		Args: 1, Rets: 1,
		Rows: []engine.Row{
			{Check: checks.SameImpl, Form: engine.FormOne, T: 0, U: -1},
			{Check: checks.SameStorage, Form: engine.FormOne, T: 0, U: -1},
			{Check: checks.ReturnsArg, Form: engine.FormOne, T: 1, U: 0},
		},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Writes: []int8{0},
		Tensor: vectorOf,
	}
)

// scaleInPlace is a checked in-place call (mul_.Scalar) whose kernel
// moves its argument's data to the device (move) before writing it, as the
// wrappers gen writes for a type named under memory: check it.
func scaleInPlace(v *vector, k float64, move func(*vector)) *vector {
	var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.ArgMemory(0, unsafe.Pointer(v), asserts.SliceMemory(v.data))
	f.BeginMemory(&opScaleInPlace, &shapeScaleInPlace)
	defer f.Abandon()
	move(v)
	for i := range v.data {
		v.data[i] *= k
	}
	f.AfterArgMemory(0, unsafe.Pointer(v), asserts.SliceMemory(v.data))
	f.RetMemory(1, unsafe.Pointer(v), asserts.SliceMemory(v.data))
	f.EndMemory()
	return v
}

// A library whose tensors move their data legally (to a device, on first
// use) says so with MovedMemory where it moves it: the checked call then
// takes the new memory as the tensor's storage. Untold, the move is what a
// kernel pointing a tensor at other memory would be.
func ExampleMovedMemory() {
	toDevice := func(v *vector) {
		before := asserts.SliceMemory(v.data)
		v.data = append([]float64(nil), v.data...) // the device's copy
		asserts.MovedMemory(before, asserts.SliceMemory(v.data))
	}
	untoldMove := func(v *vector) { v.data = append([]float64(nil), v.data...) }
	told := asserts.Collect(func() { scaleInPlace(&vector{make([]float64, 4)}, 2, toDevice) })
	untold := asserts.Collect(func() { scaleInPlace(&vector{make([]float64, 4)}, 2, untoldMove) })
	fmt.Println("told:", len(told))
	fmt.Println("untold:", len(untold), untold[0].Check)
	// Output:
	// told: 0
	// untold: 1 same_storage
}

// A runtime whose tensors report their storage anchors (asserts.Anchored)
// tells a move by the anchors before and after it, with Moved: a move to
// memory of the same size (MovedMemory, from the two memories, tells one
// to memory of another size too).
func ExampleMoved() {
	toDevice := func(v *vector) {
		before := v.StorageAnchor()
		v.data = append([]float64(nil), v.data...) // the device's copy, as large
		asserts.Moved(before, v.StorageAnchor())
	}
	vs := asserts.Collect(func() { scaleInPlace(&vector{make([]float64, 4)}, 2, toDevice) })
	fmt.Println("violations:", len(vs))
	// Output: violations: 0
}
