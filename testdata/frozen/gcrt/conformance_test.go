package gcrt_test

import (
	"testing"

	"example.com/frozen/gcrt"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
)

// gcrt passes assertstest's suite of runtimes without use counts, the
// cases of unfaithful identities included (its storage ID and its anchor
// name the same memory, and a kernel's rebinding is seen).
func TestConformance(t *testing.T) {
	g := func(x asserts.Identity) *gcrt.Tensor { return x.(*gcrt.Tensor) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New:       func() asserts.Identity { return arange(2, 3) },
		Undefined: func() asserts.Identity { return (*gcrt.Tensor)(nil) },
		View:      func(x asserts.Identity) asserts.Identity { return gcrt.TransposeInt(g(x), 0, 1) },
		Copy:      func(x asserts.Identity) asserts.Identity { return gcrt.Clone(g(x), nil) },
		Write:     func(x asserts.Identity) { gcrt.Zero_(g(x)) },
		Rebind:    func(x asserts.Identity) { gcrt.Rebind(g(x)) },
	})
}
