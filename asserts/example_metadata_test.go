package asserts_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts"
)

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
