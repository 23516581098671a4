// Package ifacert is a runtime whose tensors are held as an interface:
// its config (assertgen.yaml) names no tensor type, so the Kernels
// interface and the Checked decorator assertgen writes in ./checked take
// and return asserts.Tensor, the README's interface mode. Its tests
// implement Kernels over examples/reftensor (with a second dynamic type,
// a reftensor tensor in a struct, in the same calls) and hold the one
// path to version 3's rows path (rowsref_test.go).
//
//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen
package ifacert
