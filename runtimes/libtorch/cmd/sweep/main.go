//go:build debugasserts

// Command sweep is the sweep of libtorch 1.13.1 (see package sweep):
//
//	go run -tags debugasserts ./cmd/sweep -report REPORT.json [-samples N] [-ops PATTERN] [-j N] [-baseline REPORT.json]
package main

import (
	"github.com/assertgen/assertgen/runtimes/libtorch/sweep"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
)

func main() { sweep.Main(sweepops.Bindings()) }
