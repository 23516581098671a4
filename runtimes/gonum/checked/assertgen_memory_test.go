//go:build debugasserts

package checked_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	"github.com/assertgen/assertgen/runtimes/gonum"
	"github.com/assertgen/assertgen/runtimes/gonum/checked/internal/assertgenshapes"
	"gonum.org/v1/gonum/mat"
)

// TestMemory runs the conformance suite for runtimes without use counts on
// *mat.Dense through the adapter gen writes over AssertgenMemory, written by
// assertgen init: tensors made with mat.NewDense, written through
// their elements (RawMatrix), copied into a new tensor of their values.
// Views are made with gonum.AssertgenAlias (assertgen_views.go).
func TestMemory(t *testing.T) {
	toID := func(x *mat.Dense) asserts.Identity { return (*assertgenshapes.ForeignDense)(x) }
	fromID := func(i asserts.Identity) *mat.Dense { return (*mat.Dense)(i.(*assertgenshapes.ForeignDense)) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return (*assertgenshapes.ForeignDense)(nil) },
		New: func() asserts.Identity {
			data, shape := []float64{1, 2, 3, 4, 5, 6}, []int{2, 3}
			return toID(mat.NewDense(shape[0], shape[1], data))
		},
		View: func(i asserts.Identity) asserts.Identity { return toID(gonum.AssertgenAlias(fromID(i))) },
		Write: func(i asserts.Identity) {
			x := fromID(i)
			x.RawMatrix().Data[0]++
		},
		Copy: func(i asserts.Identity) asserts.Identity {
			x := fromID(i)
			var shape []int
			var vals []float64
			raw := x.RawMatrix()
			shape = []int{raw.Rows, raw.Cols}
			vals = make([]float64, 0, raw.Rows*raw.Cols)
			for i := 0; i < raw.Rows; i++ {
				for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
					vals = append(vals, float64(v))
				}
			}
			data := make([]float64, len(vals))
			for i, v := range vals {
				data[i] = float64(v)
			}
			return toID(mat.NewDense(shape[0], shape[1], data))
		},
	})
}
