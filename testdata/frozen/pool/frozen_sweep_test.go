//go:build debugasserts

package pool_test

import (
	"testing"

	"github.com/assertgen/assertgen/sweep"

	"example.com/frozen/pool/checkedstrict"
)

// TestSweepStrict sweeps the frozen strict set's ops (the forms pool's own
// ops lack: optionals, several returns, lists returned fresh or as views,
// a mutable list, an out= list) and wants every op to run and none to
// report: version 4 code, today's runtime.
func TestSweepStrict(t *testing.T) {
	rep := sweep.Run(t, sweepAdapter[float64]{}, checkedstrict.SweepOps[float64])
	for _, op := range []string{"max.dim", "clamp.Tensor", "index.Tensor", "chunk", "unbind.int", "unbind_copy.int",
		"unbind_copy.int_out", "_foreach_add.List", "_foreach_add_.List", "flatten_dense_tensors", "atleast_1d.Sequence"} {
		if _, ok := rep.Exercised[op]; !ok {
			t.Errorf("the sweep did not run %s", op)
		}
	}
}
