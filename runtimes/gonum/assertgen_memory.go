//go:build debugasserts

package gonum

import (
	"github.com/assertgen/assertgen/asserts"

	"gonum.org/v1/gonum/mat"
)

// AssertgenMemory says where a *mat.Dense's elements are, for assertgen's checks
// (memory: in assertgen.yaml), written by assertgen init from the
// library's exported API ((*mat.Dense).RawMatrix). The checks take a
// tensor's identities from it: the TensorImpl is the handle's address, the
// storage the anchor of its memory, which every tensor on one buffer
// shares.
//
// It is built with -tags debugasserts alone, as the checked wrappers that call
// it are: the release build neither declares it nor links assertgen.
//
// It reads float64 tensors of rank 2, each with its geometry at its rank, as init checked.
func AssertgenMemory(t *mat.Dense) asserts.Memory {
	raw := t.RawMatrix()
	return asserts.SliceMemory(raw.Data).Matrix(raw.Rows, raw.Cols, raw.Stride, 1)
}
