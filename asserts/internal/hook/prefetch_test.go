package hook

import (
	"testing"
	"unsafe"
)

// TestPrefetchWHarmless: the hint neither faults nor changes memory, for
// a valid address, one past an object, and nil.
func TestPrefetchWHarmless(t *testing.T) {
	buf := make([]uint64, 16)
	for i := range buf {
		buf[i] = uint64(i)
	}
	PrefetchW(unsafe.Pointer(&buf[3]))
	PrefetchW(unsafe.Add(unsafe.Pointer(&buf[15]), 8))
	PrefetchW(nil)
	for i, v := range buf {
		if v != uint64(i) {
			t.Fatalf("buf[%d] = %d after PrefetchW, want %d", i, v, i)
		}
	}
}
