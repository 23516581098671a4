package finder

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the package's tests in the release build only: no
// package they link reads the build tag, so the debug build's test binary
// would run the same code again, and the programs they check are built
// with the tag by the tests themselves (ASSERTGEN_CMD_TESTS_IN_DEBUG=1
// runs them in the debug build too).
func TestMain(m *testing.M) {
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		fmt.Println("cmd/assertgen/internal/initcmd/finder: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	os.Exit(m.Run())
}
