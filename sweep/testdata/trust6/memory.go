// Package trust6 is the user's package of package sweep's trust tests
// (issue 79): lib is the library, kernels (package kern) a kernel
// library over it, checked the wrappers gen writes from assertgen.yaml
// and their sweep table; Memory says where a lib.T's elements are.
// Regenerate checked with `go generate ./sweep/testdata/trust6`.
package trust6

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/sweep/testdata/trust6/lib"
)

//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen -config assertgen.yaml

// Memory says where t's elements are, with its sizes and contiguous
// strides.
func Memory(t *lib.T) asserts.Memory {
	var m asserts.Memory
	switch d := t.Data.(type) {
	case []float32:
		m = asserts.SliceMemory(d)
	case []float64:
		m = asserts.SliceMemory(d)
	case []int64:
		m = asserts.SliceMemory(d)
	case []int:
		m = asserts.SliceMemory(d)
	case []bool:
		m = asserts.SliceMemory(d)
	}
	strides := make([]int, len(t.Shape))
	n := 1
	for i := len(t.Shape) - 1; i >= 0; i-- {
		strides[i] = n
		n *= t.Shape[i]
	}
	return m.Strided(t.Shape, strides)
}
