// Package bind holds gen's and vet's end-to-end tests of bound code
// (bind:, bind_imports:) over a library's type with a memory function:
// errors at their place in the config, what gen refuses because it would
// not build, and the generated packages built and tested in both builds.
// They are a test binary of their own, apart from generate's other
// tests, to keep each under a few minutes.
package bind

import (
	"fmt"
	"os"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the package's tests in the release build only: the
// programs they check are built with the tag by the tests themselves
// (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them in the debug build too).
func TestMain(m *testing.M) {
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		fmt.Println("cmd/assertgen/internal/generate/bind: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	os.Exit(clitest.Main(m))
}
