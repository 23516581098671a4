//go:build debugasserts

package pool_test

import (
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/checked"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
	"github.com/assertgen/assertgen/testdata/onepath"
)

var genericOps = []string{"add.Tensor", "add_.Tensor", "add.out", "cat", "contiguous", "select.int", "split.Tensor",
	"transpose.int", "zero_", "alias", "clone"}

// genericStats returns the statistics of the op named name: the one that
// ran of the function-mode sets' ops of that name (checked's; checked32's
// do not run here), zero for none.
func genericStats(name string) asserts.Stats {
	for _, op := range engine.Ops() {
		if op.FullName() == name && op.Kernel != nil && op.Stats().Calls > 0 {
			return op.Stats()
		}
	}
	return asserts.Stats{}
}

// genericCalls calls each op of the comparison once on tensors of T, by
// the one path's generic wrappers, and releases what it made.
func genericCalls[T float32 | float64]() {
	x := pool.New([]T{1, 2, 3, 4, 5, 6}, 2, 3)
	y := pool.New([]T{6, 5, 4, 3, 2, 1}, 2, 3)
	o := pool.New([]T{0, 0, 0, 0, 0, 0}, 2, 3)
	made := []*pool.Tensor[T]{checked.AddTensor(x, y, 1), checked.Cat([]*pool.Tensor[T]{x, y}, 0), checked.Contiguous(x, 0),
		checked.SelectInt(x, 0, 1), checked.TransposeInt(x, 0, 1), checked.Alias(x), checked.Clone(x, nil)}
	checked.Add_Tensor(o, y, 1)
	checked.AddOut(x, y, 1, o)
	checked.Zero_(o)
	made = append(made, checked.SplitTensor(x, 1, 0)...)
	for _, t := range append(made, x, y, o) {
		t.Release()
	}
}

// TestOnePathGenericCountsAsRowsPath holds the one path of a generic
// tensor type (type_params: engine.Frame.BeginOf, whose rows make the
// tensors of the call's instantiation) to testdata/onepath_generic.golden,
// written from version 3's rows, for float32 and float64, plain, under a
// mode, hermetic, in a context, with same_content off and on (the rows
// that read the tensors): on the fast plan and with every call forced
// onto the rows (engine.SetRowsOnly). The calls are correct: no
// violations.
func TestOnePathGenericCountsAsRowsPath(t *testing.T) {
	onepath.Compare(t, filepath.Join("testdata", "onepath_generic.golden"), []string{"float32", "float64"}, func(t *testing.T, i int, _ string, rows bool) string {
		vs := onepath.Violations(func() {
			for range 3 {
				if i == 0 {
					genericCalls[float32]()
				} else {
					genericCalls[float64]()
				}
			}
		})
		if len(vs) != 0 {
			t.Errorf("rows=%v: violations %v", rows, vs)
		}
		var stats []asserts.Stats
		for _, name := range genericOps {
			stats = append(stats, genericStats(name))
		}
		return golden.ScenarioText(genericOps, stats, nil)
	})
}
