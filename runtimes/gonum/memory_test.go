//go:build debugasserts

package gonum

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMemoryInPlace: Memory reads gonum v0.17's Dense in place, and what
// it reads is what RawMatrix's copy says (init's AssertgenMemory), for a
// matrix, a view, a column, a reused and an empty Dense.
func TestMemoryInPlace(t *testing.T) {
	if !rawInPlace {
		t.Fatal("Dense no longer begins with its RawMatrix: Memory copies it")
	}
	base := mat.NewDense(4, 5, nil)
	var reused mat.Dense
	reused.Mul(base, base.T())
	for i, m := range []*mat.Dense{base, base.Slice(1, 3, 2, 5).(*mat.Dense), base.Slice(0, 4, 4, 5).(*mat.Dense), &reused, {}} {
		if got, want := Memory(m), AssertgenMemory(m); got != want {
			t.Errorf("%d: Memory %+v, from RawMatrix %+v", i, got, want)
		}
	}
}
