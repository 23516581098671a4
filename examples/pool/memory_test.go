package pool_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/examples/pool"
)

// TestAssertsMemory runs the conformance suite with Recycle, beside the
// one init wrote (assertgen_contract_test.go): the pool's storage
// identities follow its buffers, and a kernel that gives a buffer back to
// the free list while its tensor keeps it is reported at its call.
func TestAssertsMemory(t *testing.T) {
	assertstest.Run(t, assertstest.Runtime{
		Undefined: func() asserts.Tensor { return (*pool.Tensor[float32])(nil) },
		New:       func() asserts.Tensor { return pool.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3) },
		Share:     func(t asserts.Tensor) asserts.Tensor { return t.(*pool.Tensor[float32]).Retain() },
		Release:   func(t asserts.Tensor) { t.(*pool.Tensor[float32]).Release() },
		View:      func(t asserts.Tensor) asserts.Tensor { return pool.Alias(t.(*pool.Tensor[float32])) },
		Write:     func(t asserts.Tensor) { pool.Zero_(t.(*pool.Tensor[float32])).Release() },
		Recycle:   func(t asserts.Tensor) { pool.GiveBack(t.(*pool.Tensor[float32])) },
	})
}
