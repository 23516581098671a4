//go:build debugasserts

package ops

import (
	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
)

// Memory says where a gorgonia Dense's elements are, for assertgen's
// checks (memory: in checked/assertgen.yaml and catalog/assertgen.yaml):
// its window on the backing array, Header.Raw, and its shape and strides.
// gorgonia's views (Slice, ShallowClone) slice the array with two
// indices, so every tensor on one array keeps the array's last byte of
// capacity, the storage's anchor; a tensor without bytes (an empty one)
// has no storage. The window's start, measured from that byte, stands
// for the storage offset in the metadata, so a narrowing moves it too. It
// reads the Dense's own fields and allocates nothing.
//
// A matrix (two sizes, two strides, the common case) takes Matrix, the
// same fingerprint as Strided's without its loop.
//
// It is built with -tags debugasserts alone, as the checked wrappers that
// call it are: the release build of ops links nothing of assertgen.
func Memory(d *tensor.Dense) asserts.Memory {
	m := asserts.SliceMemory(d.Header.Raw)
	if sizes, strides := d.Shape(), d.Strides(); len(sizes) == 2 && len(strides) == 2 {
		return m.Matrix(sizes[0], sizes[1], strides[0], strides[1])
	}
	return m.Strided(d.Shape(), d.Strides())
}
