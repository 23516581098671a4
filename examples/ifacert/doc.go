// Package ifacert is a runtime whose tensors are held as an interface:
// its config (assertgen.yaml) names no tensor type, so the Kernels
// interface and the Checked decorator assertgen writes in ./checked take
// and return asserts.Tensor, the README's interface mode. Its tests
// implement Kernels over examples/reftensor (with a second dynamic type,
// a reftensor tensor in a struct, in the same calls) and hold the one
// path, on its fast plan and forced onto its rows, to a golden written
// from version 3's rows path (testdata/onepath.golden).
//
//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen
package ifacert
