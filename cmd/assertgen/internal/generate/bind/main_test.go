// Package bind holds gen's and vet's end-to-end tests of bound code
// (bind:, bind_imports:) over a library's type with a memory function:
// errors at their place in the config, what gen refuses because it would
// not build, and the generated packages built and tested in both builds.
// They are a test binary of their own, apart from generate's other
// tests, to keep each under a few minutes.
package bind

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
