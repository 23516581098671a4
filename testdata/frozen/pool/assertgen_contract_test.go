package pool_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	"example.com/frozen/pool"
)

// TestAssertsContract runs the conformance suite of the contract adapter
// on the tensors of each element type, written by assertgen init.
func TestAssertsContract(t *testing.T) {
	t.Run("float32", func(t *testing.T) { testContract[float32](t) })
	t.Run("float64", func(t *testing.T) { testContract[float64](t) })
}

func testContract[T float32 | float64](t *testing.T) {
	assertstest.Run(t, assertstest.Runtime{
		Undefined: func() asserts.Tensor { return (*pool.Tensor[T])(nil) },
		New: func() asserts.Tensor {
			data, shape := []T{1, 2, 3, 4, 5, 6}, []int{2, 3}
			return pool.New(data, shape...)
		},
		Share:   func(t asserts.Tensor) asserts.Tensor { return t.(*pool.Tensor[T]).Retain() },
		Release: func(t asserts.Tensor) { t.(*pool.Tensor[T]).Release() },
		View: func(t asserts.Tensor) asserts.Tensor {
			x := t.(*pool.Tensor[T])
			return pool.Alias(x)
		},
		Write: func(t asserts.Tensor) {
			x := t.(*pool.Tensor[T])
			pool.Zero_(x).Release()
		},
	})
}
