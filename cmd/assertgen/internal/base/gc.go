package base

import (
	"os"
	"runtime/debug"
)

// SetGC sets the garbage collector for the command line args, unless GOGC
// is set. assertgen is a short-lived process that allocates much and keeps
// little. plan, explain and vet keep the schema and the plan and write
// little more: without collection `plan -json` takes about a tenth less
// CPU than with GOGC=400 and a third less than with GOGC=100
// (scripts/bench_vs_torchgen.sh times GOGC=100 beside it); a 1 GiB limit
// makes them collect rather than grow past it. gen keeps the schema, the
// plan and its rendered output, all in proportion to the number of ops,
// and collects with GOGC=400 and no memory limit: a fixed limit makes the
// collector's cost grow with the square of the ops once the live heap
// nears it (at 124k ops the heap lived at 870 MB of a 1 GiB limit and the
// collector ran back to back; docs/gen.md, "Linear in the number of ops").
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
