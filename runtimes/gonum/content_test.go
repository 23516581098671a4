//go:build debugasserts

package gonum_test

import (
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/runtimes/gonum/checked"
)

// TestContentCheckOnInHandWrittenTests: the sweep test init wrote switches
// same_content on for every debug test of the package, this hand-written
// one too: a checked call digests its read-only inputs instead of
// skipping them under content_check_off.
func TestContentCheckOnInHandWrittenTests(t *testing.T) {
	if os.Getenv("ASSERTGEN_CONTENT") != "" {
		t.Skip("ASSERTGEN_CONTENT decides")
	}
	before := asserts.ReadStats()
	a := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	checked.AddTensor(a, a, 1)
	st := asserts.ReadStats().Sub(before)
	if st.Ran[checks.SameContent] == 0 || st.Skipped[checks.ReasonContentOff] != 0 {
		t.Errorf("same_content ran %d, skipped under content_check_off %d: want it on", st.Ran[checks.SameContent], st.Skipped[checks.ReasonContentOff])
	}
}
