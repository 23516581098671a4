package assertgen

import (
	"fmt"
	"os"
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

// TestMain runs this package's tests once, in the release build. They
// check the repository as a whole, from source and with programs of their
// own that build, vet and test both builds by their own tags
// (TestFrozenSets, TestPublicAPIHolds, TestExportedNamesHaveCallers): no
// file of this package, nor what they read, changes with the tag, so a
// debug-build run of them repeats the release build's, minutes long, and
// tests nothing more. ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them there too,
// as it does cmd/assertgen's and the docs' tests.
func TestMain(m *testing.M) {
	if asserts.Compiled && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		fmt.Println("assertgen: its tests run without -tags debugasserts: they build both ways themselves (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	os.Exit(m.Run())
}
