package pool_test

import (
	"math"
	"testing"

	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/checked"
)

// centered is code of a user of the runtime, generic in the element type
// as the runtime is: it calls the checked wrappers as it would call the
// kernels (with -tags debugasserts each call is checked, without it each
// is the kernel), and releases what it no longer holds.
func centered[T pool.Float](x *pool.Tensor[T]) *pool.Tensor[T] {
	sum := checked.Sum(x, nil)
	defer sum.Release()
	inv := pool.New([]T{1 / T(len(x.Values()))})
	defer inv.Release()
	mean := checked.MulTensor(sum, inv)
	defer mean.Release()
	return checked.SubTensor(x, mean, 1)
}

func testCentered[T pool.Float](t *testing.T) {
	x := pool.New([]T{1, 2, 3, 4, 5, 6}, 2, 3)
	defer x.Release()
	before := pool.Reused[T]()
	for range 3 {
		c := centered(x)
		xt := checked.T(c)
		got := xt.Values()
		xt.Release()
		c.Release()
		want := []T{-2.5, 0.5, -1.5, 1.5, -0.5, 2.5}
		for i := range want {
			if math.Abs(float64(got[i]-want[i])) > 1e-6 {
				t.Fatalf("centered(x)ᵀ = %v, want %v", got, want)
			}
		}
	}
	// The buffers of the released intermediates went back to the free
	// list, and the next calls' storages took them.
	if pool.Reused[T]() <= before {
		t.Errorf("no buffer was reused from the free list (%d before, %d after)", before, pool.Reused[T]())
	}
}

// TestCentered runs user code generic in the element type on both of the
// runtime's element types.
func TestCentered(t *testing.T) {
	t.Run("float32", testCentered[float32])
	t.Run("float64", testCentered[float64])
}
