// Package checked holds the checked wrappers of gonum.org/v1/gonum/mat's
// operations, bound in assertgen.yaml: built with -tags debugasserts, each
// call is checked against its PyTorch schema.
package checked

//go:generate go tool assertgen gen
