package base

import (
	"os"
	"runtime/debug"
)

// SetGC sets the garbage collector for the command line args, unless GOGC
// is set. assertgen is a short-lived process that allocates much and keeps
// little.
//
// plan, explain and vet keep the schema and the plan, and write little
// more. So they run without collection, and a 1 GiB limit makes them
// collect rather than grow past it. Without collection, `plan -json` takes
// about a tenth less CPU than with GOGC=400, and a third less than with
// GOGC=100. scripts/bench_vs_torchgen.sh times GOGC=100 beside it.
//
// gen keeps the schema, the plan and its rendered output, all in
// proportion to the number of ops. It collects with GOGC=400 and no memory
// limit. A fixed limit makes the collector's cost grow with the square of
// the ops once the live heap nears it. At 124k ops the heap lives at 870
// MB, and under a 1 GiB limit the collector runs back to back
// (docs/gen.md, "Linear in the number of ops").
func SetGC(args []string) {
	gen := len(args) > 0 && args[0] == "gen"
	if !gen {
		debug.SetMemoryLimit(1 << 30)
	}
	if os.Getenv("GOGC") != "" {
		return
	}
	if gen {
		debug.SetGCPercent(400)
		return
	}
	debug.SetGCPercent(-1)
}
