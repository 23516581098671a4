package sweep_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/assertgen/assertgen/sweep"
)

// Three shards (on three machines, or three CI jobs: Options.Shard here,
// ASSERTGEN_SWEEP_SHARD=INDEX/TOTAL there) each sweep a share of the
// table, balanced by cost, and write their reports in one directory
// (Options.Out); Merge makes of them the report of the sweep on one
// machine, whose causes span the shards.
func ExampleMerge() {
	dir, err := os.MkdirTemp("", "shards")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for i := range 3 {
		rep, err := sweep.Sweep(libOps, libRuntime{}, sweep.Options{InProcess: true, Shard: sweep.Shard{Index: i, Total: 3}, Out: dir, Name: "lib"})
		if err != nil {
			panic(err)
		}
		fmt.Printf("shard %s: %d ops, cost %d of %d %s, %d crashes\n", rep.Shard.Shard, rep.Ops, rep.Shard.Cost, rep.Shard.TableCost, rep.Shard.By, len(rep.Crashes))
	}
	shards, err := sweep.ReadShards(dir, "lib")
	if err != nil {
		panic(err)
	}
	merged, err := sweep.Merge(shards...)
	if err != nil {
		panic(err)
	}
	whole, err := sweep.Sweep(libOps, libRuntime{}, sweep.Options{InProcess: true})
	if err != nil {
		panic(err)
	}
	fmt.Println("merged:", merged.Ops, "ops,", len(merged.Crashes), "crashes,", len(merged.Causes), "causes")
	for _, c := range merged.Causes {
		fmt.Println("\t" + strings.ReplaceAll(c.String(), "github.com/assertgen/assertgen/sweep/testdata/", ""))
	}
	fmt.Println("the one machine's report:", merged.String() == whole.String())
	// Output:
	// shard 0/3: 4 ops, cost 196 of 490 steps, 4 crashes
	// shard 1/3: 3 ops, cost 147 of 490 steps, 3 crashes
	// shard 2/3: 3 ops, cost 147 of 490 steps, 3 crashes
	// merged: 10 ops, 10 crashes, 3 causes
	// 	crash in causes/lib: index out of range on a zero-size dim (6 crashes of 6 ops)
	// 	crash in causes/lib/reduce: nil map write on a 0-dim tensor (3 crashes of 3 ops)
	// 	crash in causes/kernels: index out of range on a 0-dim tensor (1 crash of 1 op)
	// the one machine's report: true
}

// A CI matrix's ASSERTGEN_SWEEP_SHARD=INDEX/TOTAL, read as a sweep reads
// it: the index from 0; a value that is no shard is an error, never a
// sweep of every op.
func ExampleParseShard() {
	for _, v := range []string{"1/4", "3/2", "x/y"} {
		sh, err := sweep.ParseShard(v)
		fmt.Println(sh, err)
	}
	// Output:
	// 1/4 <nil>
	// 0/0 3/2: the index of a shard of 2 runs from 0 to 1
	// 0/0 "x/y": want INDEX/TOTAL, two whole numbers (0/3: the first of three shards)
}
