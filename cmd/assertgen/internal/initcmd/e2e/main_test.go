// Package e2e holds init's end-to-end tests: the command run in modules of
// its own on tensor types of every form, what it refuses and how it says
// so, and what it writes built and tested in both builds. They are a test
// binary of their own, apart from init's other tests, to keep each under
// a few minutes.
package e2e

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
