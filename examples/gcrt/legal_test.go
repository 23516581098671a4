package gcrt_test

import (
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checked"
)

// legal runs every op of checked.yaml the way a program uses gcrt, on
// aliased arguments and views; its values are checked too.
func legal(t testing.TB) {
	x := arange(4, 4)
	checked.Add_Tensor(x, x, 1) // x.add_(x)
	if got := x.Values()[:3]; !slices.Equal(got, []float64{2, 4, 6}) {
		t.Errorf("x.add_(x): %v", got)
	}
	row := checked.SelectInt(x, 0, 1)
	checked.Mul_Tensor(row, row) // in place on a view
	checked.Zero_(checked.Narrow(x, 1, 0, 1))
	xt := checked.TransposeInt(x, 0, 1)
	c := checked.Contiguous(xt, 0)
	checked.Contiguous(c, 0)
	checked.Reshape(xt, []int64{-1})
	checked.View(c, []int64{2, 8})
	checked.Unsqueeze(x, 0)
	checked.AddOut(x, x, 1, x) // out aliases self
	o := gcrt.New(4, 4)
	checked.AddOut(xt, c, 2, o)
	checked.Copy_(checked.Narrow(o, 0, 0, 2), checked.Narrow(x, 0, 2, 2), false)
	y := checked.Cat([]*gcrt.Tensor{x, o, c}, 0)
	checked.MulTensor(checked.Neg(y), checked.Clone(y, nil))
	m := gcrt.New(4, 4)
	checked.T_(m)
	checked.Set_SourceTensor(m, x)
	checked.Set_SourceStorage(gcrt.New(1), y.Storage())
	checked.SetSourceStorage(gcrt.New(1), y.Storage())
	checked.Add_Tensor(checked.TransposeInt(x, 0, 1), c, 1)
}

func noViolations(t *testing.T, f func()) {
	t.Helper()
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	f()
	asserts.SetHandler(prev)
	for _, v := range col.Violations() {
		t.Errorf("false alarm: %v", &v)
	}
}

func TestLegal(t *testing.T) {
	noViolations(t, func() { legal(t) })
}

// TestCollectedAndReused drops fresh results so that the collector frees
// them and the allocator hands their memory out again: a storage that
// comes out fresh twice only because its memory was reused is not held.
func TestCollectedAndReused(t *testing.T) {
	x := arange(4, 4)
	noViolations(t, func() {
		for i := range 20000 {
			checked.AddTensor(x, x, 1)
			checked.Contiguous(checked.TransposeInt(x, 0, 1), 0)
			if i%1000 == 0 {
				runtime.GC()
			}
		}
	})
}

// TestConcurrent runs the legal calls on 8 goroutines at once (run it
// with -race).
func TestConcurrent(t *testing.T) {
	noViolations(t, func() {
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 50 {
					legal(t)
				}
			}()
		}
		wg.Wait()
	})
}
