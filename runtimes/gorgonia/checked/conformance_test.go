//go:build debugasserts

package checked_test

import (
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/runtimes/gorgonia/checked/internal/assertgenshapes"
)

// foreign is d as the checks see it: the generated adapter, whose
// identities are d's address and its memory's (ops.Memory).
func foreign(d *tensor.Dense) asserts.Identity { return (*assertgenshapes.ForeignDense)(d) }

func dense(i asserts.Identity) *tensor.Dense {
	return (*tensor.Dense)(i.(*assertgenshapes.ForeignDense))
}

// TestConformance runs asserts' conformance suite for runtimes without
// use counts on gorgonia's *tensor.Dense through the adapter gen wrote.
func TestConformance(t *testing.T) {
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New: func() asserts.Identity {
			return foreign(tensor.New(tensor.WithShape(3, 4), tensor.WithBacking([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})))
		},
		Undefined: func() asserts.Identity { return (*assertgenshapes.ForeignDense)(nil) },
		View: func(x asserts.Identity) asserts.Identity {
			v, err := dense(x).Slice(tensor.S(1, 3))
			if err != nil {
				t.Fatal(err)
			}
			return foreign(v.(*tensor.Dense))
		},
		Copy:  func(x asserts.Identity) asserts.Identity { return foreign(dense(x).Clone().(*tensor.Dense)) },
		Write: func(x asserts.Identity) { d := dense(x); d.Float64s()[0]++ },
		Rebind: func(x asserts.Identity) {
			d := dense(x)
			d.Header.Raw = append([]byte(nil), d.Header.Raw...)
		},
	})
}
