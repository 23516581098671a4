//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/internal/layoutrepro"
	"github.com/assertgen/assertgen/runtimes/libtorch/releases/2.6.0/checked"
)

// TestLayoutsAndAutograd: clone of a conj or neg tensor (SchemaCheckMode's
// false alarm) and the autograd path raise no violation; a kernel that
// returns its input is still caught with requires_grad on.
func TestLayoutsAndAutograd(t *testing.T) {
	layoutrepro.Run(t, layoutrepro.Ops{
		Clone: checked.Clone, ResolveConj: checked.ResolveConj, Exp: checked.Exp, MaxDim: checked.MaxDim,
		Sin_: checked.Sin_, TransposeInt: checked.TransposeInt, Dropout: checked.Dropout,
	})
}
