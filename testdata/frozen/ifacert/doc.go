// Package ifacert is a copy of examples/ifacert as it was when the frozen
// sets were written at version 4: a runtime whose tensors are held as an
// interface. Its config (assertgen.yaml) names no tensor type, so the
// Kernels interface and the Checked decorator in ./checked take and return
// asserts.Tensor. Its tests implement Kernels over the frozen copies of
// reftensor and refops, with a second dynamic type (a reftensor tensor in
// a struct) in the same calls. examples/ifacert's rowsref_test.go (version
// 3's rows path, the reference its one-path tests compare with) is not
// copied: the tests here check the one path on its own.
package ifacert
