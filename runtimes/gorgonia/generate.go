// Package gorgonia checks gorgonia.org/tensor against PyTorch's operator
// schemas: gt implements assertgen's contract over *tensor.Dense, ops binds
// PyTorch ops to gorgonia's API, checked holds the generated wrappers, and
// findings the violations the sweep found, each with a repro test.
package gorgonia

//go:generate go tool assertgen gen -config checked/assertgen.yaml
