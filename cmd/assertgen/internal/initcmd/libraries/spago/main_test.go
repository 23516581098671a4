// Package spago holds the test of init -type on spago v1.1.0's tensor type as a
// user meets it (the module proxy, a fresh module, go tool assertgen): a
// test binary of its own, as each library's takes minutes.
package spago

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
