package planted_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/examples/planted"
)

// planted passes assertstest's suite of runtimes without use counts.
func TestConformance(t *testing.T) {
	p := func(x asserts.Identity) *planted.Tensor { return x.(*planted.Tensor) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New:       func() asserts.Identity { return planted.Of([]float64{1, 2, 3, 4, 5, 6}, 2, 3) },
		Undefined: func() asserts.Identity { return (*planted.Tensor)(nil) },
		View:      func(x asserts.Identity) asserts.Identity { return planted.TransposeInt(p(x), 0, 1) },
		Copy:      func(x asserts.Identity) asserts.Identity { return planted.Clone(p(x), nil) },
		Write:     func(x asserts.Identity) { planted.Add_Tensor(p(x), p(x), 1) },
	})
}
