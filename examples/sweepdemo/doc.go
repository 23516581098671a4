// Package sweepdemo stands in for a user's module in package sweep's Example:
// kernels is a runtime's own kernels (one with a bug), checked their
// generated wrappers and sweep table.
package sweepdemo

//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen -config assertgen.yaml
//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen -config assertgen_interface.yaml
