package sweep

import (
	"os/exec"
	"testing"
)

// The held-back case of shapes before repair, on the library itself:
// testdata/spagorow is a user's module over spago's Dense (spago v1.1.0,
// from the module proxy) whose softmax.int binding answers a matrix with
// the vector it wants. Its sweep test passes when the sweep alone reports
// spago's Softmax of a row vector (its input [1 3] turned into [3 1]) on
// the probe "size-1 dims" of the sample as the schema gives it.
func TestSpagoSoftmaxRow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own over spago")
	}
	cmd := exec.Command("go", "test", "-tags", "debugasserts", "-count=1", "-run", "^TestSweepFindsSoftmaxRow$", ".")
	cmd.Dir = "testdata/spagorow"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", cmd.Dir, err, out)
	}
}
