//go:build debugasserts

package sweep

import (
	"reflect"

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

// ValueFirst is the first value's sample number.
var ValueFirst = valueFirst
