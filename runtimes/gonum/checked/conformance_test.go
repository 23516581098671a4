//go:build debugasserts

package checked_test

import (
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/runtimes/gonum/checked/internal/assertgenshapes"
)

// foreign is d as the checks see it: the generated adapter, whose
// identities are d's address and its memory's (gonum.Memory).
func foreign(d *mat.Dense) asserts.Identity { return (*assertgenshapes.ForeignDense)(d) }

func dense(i asserts.Identity) *mat.Dense { return (*mat.Dense)(i.(*assertgenshapes.ForeignDense)) }

// TestConformance runs asserts' conformance suite for runtimes without
// use counts on *mat.Dense through the adapter gen wrote: identities that
// are addresses, views on their base's memory, digests, anchors, a
// rebinding seen, a collected address that comes back as a new tensor.
func TestConformance(t *testing.T) {
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New: func() asserts.Identity {
			return foreign(mat.NewDense(3, 4, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}))
		},
		Undefined: func() asserts.Identity { return (*assertgenshapes.ForeignDense)(nil) },
		View:      func(x asserts.Identity) asserts.Identity { return foreign(dense(x).Slice(1, 3, 0, 4).(*mat.Dense)) },
		Copy:      func(x asserts.Identity) asserts.Identity { return foreign(mat.DenseCopyOf(dense(x))) },
		Write:     func(x asserts.Identity) { d := dense(x); d.Set(0, 0, d.At(0, 0)+1) },
		Rebind: func(x asserts.Identity) {
			d := dense(x)
			raw := d.RawMatrix()
			d.SetRawMatrix(blas64.General{Rows: raw.Rows, Cols: raw.Cols, Stride: raw.Stride, Data: append([]float64(nil), raw.Data...)})
		},
	})
}
