// Package gorgonia holds the test of init -type on gorgonia v0.9.24's tensor type as a
// user meets it (the module proxy, a fresh module, go tool assertgen): a
// test binary of its own, as each library's takes minutes.
package gorgonia

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
