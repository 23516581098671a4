// Package catalog is generated from assertgen.yaml: wrong bindings of
// gonum's methods, for catalog_test.go.
package catalog

//go:generate go tool assertgen gen
