// Package libraries holds the tests of init -type on libraries' types as
// a user meets them: gonum, spago and gorgonia from the module proxy, in a
// fresh module on the Go release the guide names, through go tool
// assertgen. Each takes minutes: they are a test binary of their own,
// apart from init's other tests.
package libraries

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
