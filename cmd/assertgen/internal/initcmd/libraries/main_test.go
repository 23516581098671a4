// Package libraries holds the tests of init -type on libraries' types as
// a user meets them: gonum, spago and gorgonia from the module proxy, in a
// fresh module on the Go release the guide names, through go tool
// assertgen. Each takes minutes: they are a test binary of their own,
// apart from init's other tests.
package libraries

import (
	"fmt"
	"os"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the package's tests in the release build only: the
// modules they make build and test both builds themselves
// (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them in the debug build too).
func TestMain(m *testing.M) {
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		fmt.Println("cmd/assertgen/internal/initcmd/libraries: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	os.Exit(clitest.Main(m))
}
