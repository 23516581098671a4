package spago

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestInitLibraryTypeSpago: issue 58's second library, spago v1.1.0's
// generic *mat.Dense[float64] (from the module proxy): its constructor
// takes options, its elements are reached through an interface
// (Data().F64()), its operations return new values. init binds at least
// 30 ops whose values it checked; the sweep and the bound ops' values
// pass in both builds, and so does the conformance suite (TestMemory),
// whose metadata case allows the one allocation a read of the elements
// through spago's API makes (init measures it, the report says so).
// spago's Dense.Slice copies: no view is bound through it, and the
// report says why.
func TestInitLibraryTypeSpago(t *testing.T) {
	t.Parallel() // runs go commands in a module of its own
	if testing.Short() {
		t.Skip("fetches Go 1.25.14 and spago, builds them")
	}
	mod, run := clitest.LibraryModule(t, "example.com/mynn", "github.com/nlpodyssey/spago/mat@v1.1.0")
	pkg, report := run.Init(t, mod, "nn", "*github.com/nlpodyssey/spago/mat.Dense[float64]")
	t.Log(report)
	for _, want := range []string{
		"tests: tensors made with mat.NewDense (2-D float64), read and written through Data",
		"guessed: the elements, Data().F64(), are contiguous and row-major in the sizes Shape() gives",
		"note: reading the elements through the library's API allocates (1 per call)",
		"not bound: Dense.Mul: not mul.Tensor, mul_.Tensor: its values are not the op's",
		"not bound: Dense.Slice: not alias, detach, narrow, select.int, slice.Tensor: on ",
		": a copy, not a view: its result is not on self's memory",
		"the conformance test (checked/assertgen_memory_test.go) allows that many (MemoryAllocs)",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q", want)
		}
	}
	run.GenerateAndTest(t, pkg, 30, "as MemoryAllocs allows")
}
