//lint:file-ignore SA1019 these tests hold the memory kind's version-3 entries (deprecated, called by testdata/frozen's sets until MinVersion is 4) to the one path

package asserts_test

import (
	"fmt"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
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

var opOnes = wrap.Op{Name: "ones", Policy: checks.Strict}

// ones is a checked call whose kernel returns a fresh vector, as the
// wrappers of a type named under memory: check it.
func ones(n int) *vector {
	var c wrap.Call
	var r wrap.Saved
	c.Begin(&opOnes)
	c.BeginFresh()
	v := newVector(n)
	m := asserts.SliceMemory(v.data)
	c.ResultMemory(&r, unsafe.Pointer(v), &m)
	c.FreshNotHeldAnchor(wrap.Ret(0), &r, m.Anchor())
	c.End()
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

var opScaleInPlace = wrap.Op{Name: "mul_", Overload: "Scalar", Policy: checks.Strict}

// scaleInPlace is a checked in-place call (mul_.Scalar) whose kernel
// moves its argument's data to the device (move) before writing it, as the
// wrappers of a type named under memory: check it.
func scaleInPlace(v *vector, k float64, move func(*vector)) *vector {
	var c wrap.Call
	var s wrap.Saved
	c.Begin(&opScaleInPlace)
	m := asserts.SliceMemory(v.data)
	c.SaveMemory(&s, unsafe.Pointer(v), &m)
	move(v)
	for i := range v.data {
		v.data[i] *= k
	}
	m = asserts.SliceMemory(v.data)
	c.AfterMemory(&s, unsafe.Pointer(v), &m)
	c.SameImplStorageVersion(wrap.Arg("self"), &s)
	c.End()
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
