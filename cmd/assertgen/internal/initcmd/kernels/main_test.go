// Package kernels holds init's tests on dtlib, the fake library of every
// dtype and rank, and on kernel packages over a library's type: the bugs
// planted in each form found by the sweep with a reproducer each, and
// the kernels init binds with or without alpha, of two results or
// generic. Each builds and runs modules of its own, minutes of test
// binary apart from init's other tests.
package kernels

import (
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestMain runs the tests in the release build only (clitest.Main).
func TestMain(m *testing.M) { clitest.Main(m) }
