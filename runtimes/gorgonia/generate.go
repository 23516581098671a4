// Package gorgonia checks gorgonia.org/tensor against PyTorch's operator
// schemas: ops binds PyTorch ops to gorgonia's API over *tensor.Dense as it
// is (ops.Memory says where a Dense's elements are, the one hook the
// checks need), checked holds the generated wrappers, and findings the
// violations the sweep found, each with a repro test.
package gorgonia

//go:generate go tool assertgen gen -config checked/assertgen.yaml
