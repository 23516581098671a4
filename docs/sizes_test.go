package docs

import (
	"os"
	"regexp"
	"strconv"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/internal/engine"
)

// TestFrameSizes: the sizes asserts.md gives the Frame's parts, what each
// checked call holds on the wrapper's stack and zeroes, are the types' (on
// a 64-bit system); benchmarks.md refers to them.
func TestFrameSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("asserts.md gives the sizes on a 64-bit system")
	}
	src, err := os.ReadFile("asserts.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`([0-9]+) bytes of\s+call state, a ` + "`Slot`" + ` per single tensor, ([0-9]+) bytes \(([0-9]+) words[^)]*\), and a ` + "`ListSlot`" + `\s+per list, ([0-9]+) bytes \(([0-9]+) elements inline, ([0-9]+) bytes each, and ([0-9]+) bytes[^)]*\)\. add's Frame is ([0-9]+) bytes`).FindSubmatch(src)
	if m == nil {
		t.Fatal("asserts.md does not say how large a Frame's parts are")
	}
	n := func(i int) uintptr { v, _ := strconv.Atoi(string(m[i])); return uintptr(v) }
	type frame3 = engine.Frame[[3]engine.Slot, [0]engine.ListSlot]
	slot, list := unsafe.Sizeof(engine.Slot{}), unsafe.Sizeof(engine.ListSlot{})
	for _, c := range []struct {
		what      string
		doc, real uintptr
	}{
		{"the call state", n(1), unsafe.Sizeof(engine.Frame[[1]engine.Slot, [1]engine.ListSlot]{}) - slot - list},
		{"a Slot", n(2), slot},
		{"a Slot's words", n(3) * 8, slot},
		{"a ListSlot", n(4), list},
		{"add's Frame", n(8), unsafe.Sizeof(frame3{})},
	} {
		if c.doc != c.real {
			t.Errorf("asserts.md: %s is %d bytes; it is %d", c.what, c.doc, c.real)
		}
	}
	if n(5)*n(6)+n(7) != list {
		t.Errorf("asserts.md: a ListSlot is %d elements of %d bytes and %d bytes; it is %d bytes", n(5), n(6), n(7), list)
	}
}
