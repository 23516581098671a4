// Package libraries holds the test of init -type on gonum's type as a
// user meets it: from the module proxy, in a fresh module on the Go
// release the guide names, through go tool assertgen. spago's and
// gorgonia's are in the packages below it: each library's takes minutes
// (cold, the three in one package passed go test's default 10-minute
// limit), so each is a test binary of its own, apart from init's other
// tests.
package libraries

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
