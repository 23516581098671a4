// Package catalog is the freshness catalog of a runtime without use
// counts (gorgonia): kernels that return a tensor someone else still holds
// (a cached output, a global buffer), caught by fresh_not_held, and the
// controls that must stay silent (an output dropped and its memory reused
// by the allocator, a pool the runtime owns). It has only tests:
//
//	go test -tags debugasserts ./catalog
//
//go:generate go tool assertgen gen -config assertgen.yaml
package catalog
