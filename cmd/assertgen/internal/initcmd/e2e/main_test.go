// Package e2e holds init's end-to-end tests: the command run in modules of
// its own on tensor types of every form, what it refuses and how it says
// so, and what it writes built and tested in both builds. They are a test
// binary of their own, apart from init's other tests, to keep each under
// a few minutes.
package e2e

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
		fmt.Println("cmd/assertgen/internal/initcmd/e2e: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	os.Exit(clitest.Main(m))
}
