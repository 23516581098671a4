package finder

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
