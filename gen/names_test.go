package gen

import (
	"testing"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/output"
)

// TestOwnsName: every name Generate gives is of its prefix's set.
func TestOwnsName(t *testing.T) {
	for _, n := range []string{partName("p", "checked", 0), partName("p", "checked", 11), partName("p", "direct", 1), "p_kernels.go", "p_adapter.go", "p_shapes.go"} {
		if !output.OwnsName("p", n) {
			t.Errorf("OwnsName(p, %s) = false", n)
		}
	}
}

// TestShapeNameLeavesTheMarkOut: Shape.Unanchored names no shape (a set
// whose type lacks StorageAnchor keeps the names it had), and two shapes
// that differ only in the mark are two Shapes of two names, the first
// named by its content.
func TestShapeNameLeavesTheMarkOut(t *testing.T) {
	for _, markedFirst := range []bool{false, true} {
		ss := newShapeSet()
		plain := &steps.Frame{Shape: steps.Shape{Args: 1, Rets: 1}}
		marked := &steps.Frame{Shape: steps.Shape{Args: 1, Rets: 1, Unanchored: true}}
		first, second := plain, marked
		if markedFirst {
			first, second = marked, plain
		}
		a, b := ss.shapeVar(first), ss.shapeVar(second)
		if want := newShapeSet().shapeVar(plain); a != want {
			t.Errorf("marked first %v: the first shape is %s, want %s (its content's name)", markedFirst, a, want)
		}
		if a == b || ss.err != nil {
			t.Errorf("marked first %v: the twins are %s and %s (%v)", markedFirst, a, b, ss.err)
		}
		if again := ss.shapeVar(second); again != b || len(ss.shapeList) != 2 {
			t.Errorf("marked first %v: the second twin again is %s, want %s; %d shapes", markedFirst, again, b, len(ss.shapeList))
		}
	}
}
