// Package causes is the user's package of package sweep's causes tests
// (issue 77): lib is the library (two bugs, each behind several ops),
// kernels the binding's kernel package over it (one bug of its own),
// checked the wrappers gen writes from assertgen.yaml (clone bound in
// the config, to its argument: gen's bound code's bug) and their sweep
// table; Memory says where a lib.T's elements are. Regenerate checked
// with `go generate ./sweep/testdata/causes`.
package causes

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/sweep/testdata/causes/lib"
)

//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen -config assertgen.yaml

// Memory says where t's elements are, with its sizes and contiguous
// strides.
func Memory(t *lib.T) asserts.Memory {
	strides := make([]int, len(t.Shape))
	n := 1
	for i := len(t.Shape) - 1; i >= 0; i-- {
		strides[i] = n
		n *= t.Shape[i]
	}
	return asserts.SliceMemory(t.Data).Strided(t.Shape, strides)
}
