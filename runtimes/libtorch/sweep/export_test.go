//go:build debugasserts

package sweep

import (
	"fmt"
	"os"
	"reflect"
	"syscall"

	"github.com/assertgen/assertgen/runtimes/libtorch/opinfo"
	"github.com/assertgen/assertgen/schema"
)

// Hooks for the external tests.
var (
	MakeRecorded = makeRecorded
	MetaSample   = metaSample
	Functional   = functionalSample
	ReplayFirst  = replayFirst
)

// RunReplay runs a recorded call as the sweep replays it.
func RunReplay(op *schema.Op, fn any, c opinfo.Call) error {
	return runReplay(op, reflect.ValueOf(fn), c, nil)
}

// DeathCause names what ended a worker.
var DeathCause = deathCause

// ValueFirst is the first value's sample number.
var ValueFirst = valueFirst

// CrashEnv makes a test's workers crash (SIGABRT) before they call value
// K ("K"), and also whenever they run the values' base sample again
// ("K rebase").
const CrashEnv = "AG_SWEEP_TEST_CRASH"

func init() {
	var at int
	var rebase string
	if n, _ := fmt.Sscan(os.Getenv(CrashEnv), &at, &rebase); n == 0 {
		return
	}
	crashHook = func(k int, re bool) {
		if re && rebase == "rebase" || !re && k == at {
			syscall.Kill(os.Getpid(), syscall.SIGABRT)
			select {}
		}
	}
}
