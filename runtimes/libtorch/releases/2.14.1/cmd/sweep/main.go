//go:build debugasserts

// Command sweep is the sweep of libtorch 2.14.1 (see package sweep):
//
//	go run -tags debugasserts ./cmd/sweep -report REPORT.json [-samples N] [-ops PATTERN] [-j N] [-baseline REPORT.json]
package main

import (
	"github.com/assertgen/assertgen/runtimes/libtorch/releases/2.14.1/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweep"
)

func main() { sweep.Main(sweepops.Bindings()) }
