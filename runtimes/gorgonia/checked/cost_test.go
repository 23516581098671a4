//go:build debugasserts && unix

package checked_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"syscall"
	"testing"
	"time"
)

// cpuNow is the CPU time of the whole process, user and system, the
// collector's threads included (getrusage): a round preempted by other
// processes on a loaded machine does not count the time it waited.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// perCall times n calls of f in CPU ns per call. The collector runs
// before the calls and not during them: a collection is a lump of CPU
// time that would land in one round and not the next.
func perCall(f func(), n int) float64 {
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	start := cpuNow()
	for range n {
		f()
	}
	return float64((cpuNow() - start).Nanoseconds()) / float64(n)
}

// TestCostSideBySide times each op's direct and checked calls in
// alternating rounds by the process's CPU time and prints the medians
// and the median difference (for add, the floor's too: floor_test.go).
// Opt-in (GORGONIA_COST=1): timing on a shared machine is no test.
//
//	GORGONIA_COST=1 go test -tags debugasserts -run TestCostSideBySide -v ./checked
func TestCostSideBySide(t *testing.T) {
	if os.Getenv("GORGONIA_COST") == "" {
		t.Skip("set GORGONIA_COST=1")
	}
	const rounds, n = 15, 20000
	fmt.Printf("%d rounds of %d calls each, timed by process CPU time (getrusage)\n", rounds, n)
	for _, c := range benchCases() {
		for range n { // warm up: the registry and the caches
			c.direct()
			c.checked()
		}
		var d, w, diff, fdiff []float64
		for range rounds {
			a, b := perCall(c.direct, n), perCall(c.checked, n)
			d, w, diff = append(d, a), append(w, b), append(diff, b-a)
			if c.floor != nil {
				fdiff = append(fdiff, perCall(c.floor, n)-a)
			}
		}
		med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
		allocs := testing.AllocsPerRun(1000, c.checked) - testing.AllocsPerRun(1000, c.direct)
		fmt.Printf("%-10s direct %7.1f ns  checked %7.1f ns  checked-direct %+7.1f ns (min %+.1f, max %+.1f)  extra allocs/call %.2f\n",
			c.name, med(d), med(w), med(diff), slices.Min(diff), slices.Max(diff), allocs)
		if fdiff != nil {
			fmt.Printf("%-10s floor-direct %+7.1f ns (min %+.1f, max %+.1f)\n", c.name, med(fdiff), slices.Min(fdiff), slices.Max(fdiff))
		}
	}
}
