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
func Memory(d *tensor.Dense) asserts.Memory {
	return asserts.SliceMemory(d.Header.Raw).Strided(d.Shape(), d.Strides())
}
