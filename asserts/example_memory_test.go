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
