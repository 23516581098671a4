package asserts_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/wrap"
)

// geomHandle is a handle with a geometry it reports through
// asserts.Metadata.
type geomHandle struct {
	handle
	sizes, strides []int
	offset         int
}

func (g *geomHandle) MetadataFingerprint() (uint64, bool) {
	if g == nil {
		return 0, false
	}
	return asserts.FingerprintMetadata(g.sizes, g.strides, g.offset), true
}

// same_metadata in the shape gen emits for tensors held as asserts.Tensor
// (interface mode without a type map): a view kernel that transposes its
// input in place, instead of making a new TensorImpl, is reported.
func ExampleCall_SaveMetadataTensor() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	op := wrap.Op{Name: "transpose", Overload: "int"}
	var x asserts.Tensor = &geomHandle{handle: handle{impl: 0x40, storage: 0x41, uses: 1},
		sizes: []int{4, 4}, strides: []int{4, 1}}
	transposeInPlace := func(t asserts.Tensor) {
		g := t.(*geomHandle)
		g.strides[0], g.strides[1] = g.strides[1], g.strides[0]
	}

	var c wrap.Call
	c.BeginWith(&op, asserts.EnvState{})
	var a0 wrap.Saved
	c.SaveTensor(&a0, x)
	c.SaveMetadataTensor(&a0, x)
	transposeInPlace(x)
	c.AfterTensor(&a0, x)
	c.SameImplStorageVersion(wrap.Arg("self"), &a0)
	c.SameMetadataTensor(wrap.Arg("self"), &a0, x)
	c.End()

	for _, v := range col.Violations() {
		fmt.Println(v.OpName(), v.Check, v.Where())
	}
	// Output:
	// transpose.int same_metadata argument self
}

// A runtime that keeps its geometry in int64 (the Go type of the schema's
// int[]) fingerprints it with FingerprintMetadata64: the same geometry
// gives the same fingerprint as FingerprintMetadata's.
func ExampleFingerprintMetadata64() {
	sizes, strides := []int64{2, 3}, []int64{3, 1}
	transposed := []int64{1, 3}
	fmt.Println(asserts.FingerprintMetadata64(sizes, strides, 0) == asserts.FingerprintMetadata([]int{2, 3}, []int{3, 1}, 0))
	fmt.Println(asserts.FingerprintMetadata64(sizes, strides, 0) == asserts.FingerprintMetadata64(sizes, transposed, 0))
	// Output:
	// true
	// false
}
