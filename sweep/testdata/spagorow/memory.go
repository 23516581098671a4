// Package spagorow is the sweep's fixture of shapes before repair
// (docs/sweep.md): a user's kernel package over spago's Dense whose
// softmax asks for vectors; the sweep alone finds spago's Softmax of a
// row vector turning its input's shape from [1 3] into [3 1].
package spagorow

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/nlpodyssey/spago/mat"
)

// AssertgenMemory says where a Dense's elements are: its data (Data
// shares it for float64) in row-major order of its shape.
func AssertgenMemory(t *mat.Dense[float64]) asserts.Memory {
	sh := t.Shape()
	return asserts.SliceMemory(t.Data().F64()).Matrix(sh[0], sh[1], sh[1], 1)
}
