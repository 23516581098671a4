package docs

import (
	"os"
	"regexp"
	"strconv"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/internal/engine"
)

// TestSavedSize: the size asserts.md gives a Saved, the snapshot each
// checked tensor of a call takes on the wrapper's stack, is the type's (on
// a 64-bit system); benchmarks.md refers to it.
func TestSavedSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("asserts.md gives the size on a 64-bit system")
	}
	src, err := os.ReadFile("asserts.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("A `Saved` is ([0-9]+) bytes \\(([0-9]+) words").FindSubmatch(src)
	if m == nil {
		t.Fatal("asserts.md does not say how large a Saved is")
	}
	bytes, _ := strconv.Atoi(string(m[1]))
	words, _ := strconv.Atoi(string(m[2]))
	if got := int(unsafe.Sizeof(engine.Saved{})); bytes != got || words*8 != got {
		t.Errorf("asserts.md: a Saved is %d bytes (%d words); it is %d bytes", bytes, words, got)
	}
}
