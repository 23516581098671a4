package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

// FingerprintMetadata tells apart the geometries a view-by-mutation bug
// produces, and is stable for equal ones.
func TestFingerprintMetadata(t *testing.T) {
	type g struct {
		sizes, strides []int
		off            int
	}
	base := g{[]int{4, 4}, []int{4, 1}, 0}
	others := []g{
		{[]int{4, 4}, []int{1, 4}, 0},       // transposed in place
		{[]int{4, 4}, []int{4, 1}, 1},       // storage offset moved
		{[]int{16}, []int{1}, 0},            // flattened
		{[]int{4, 4, 1}, []int{4, 1, 1}, 0}, // unsqueezed
		{[]int{4, 1}, []int{4, 4}, 0},       // sizes and strides swapped
		{[]int{2, 4}, []int{4, 1}, 8},       // narrowed
		{[]int{4, 4}, []int{4, 1}, -1},      // negative offset
		{[]int{4, 4}, nil, 0},               // no strides
		{[]int{4, 4, 4, 1}, nil, 0},         // no strides, the strides as sizes
		{nil, nil, 0},                       // 0-dim
	}
	fb := asserts.FingerprintMetadata(base.sizes, base.strides, base.off)
	if asserts.FingerprintMetadata([]int{4, 4}, []int{4, 1}, 0) != fb {
		t.Error("equal metadata, different fingerprints")
	}
	seen := map[uint64]int{fb: -1}
	for i, o := range others {
		f := asserts.FingerprintMetadata(o.sizes, o.strides, o.off)
		if j, dup := seen[f]; dup {
			t.Errorf("geometry %d fingerprints as %d", i, j)
		}
		seen[f] = i
	}
	if n := testing.AllocsPerRun(100, func() { asserts.FingerprintMetadata(base.sizes, base.strides, base.off) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
	// The int64 form folds the same values the same way.
	for i, o := range append(others, base) {
		s64, st64 := make([]int64, len(o.sizes)), make([]int64, len(o.strides))
		for k, v := range o.sizes {
			s64[k] = int64(v)
		}
		for k, v := range o.strides {
			st64[k] = int64(v)
		}
		if o.strides == nil {
			st64 = nil
		}
		if a, b := asserts.FingerprintMetadata(o.sizes, o.strides, o.off), asserts.FingerprintMetadata64(s64, st64, int64(o.off)); a != b {
			t.Errorf("geometry %d: int64 form %#x, int form %#x", i, b, a)
		}
	}
}
