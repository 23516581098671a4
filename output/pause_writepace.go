//go:build assertgen_writepace

package output

import (
	"os"
	"time"
)

// writeStep is how long each step of a write waits in a build with the tag
// assertgen_writepace: ASSERTGEN_TEST_WRITE_DELAY, a duration
// (time.ParseDuration), or none when unset. Only cmd/assertgen's interrupt
// tests build the command with the tag, so that their signals come in the
// middle of a write. No other build has this file.
var writeStep, _ = time.ParseDuration(os.Getenv("ASSERTGEN_TEST_WRITE_DELAY"))

// pause waits writeStep between two steps of a write (see pause.go).
func pause() {
	if writeStep > 0 {
		time.Sleep(writeStep)
	}
}
