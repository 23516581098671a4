// Package testhook holds the hooks tests of other packages set to slow
// production code down at chosen points. Production code only calls them;
// nothing but a test sets them, and unset they do nothing.
package testhook

import "time"

// WriteStep, when not zero, is how long output.Write sleeps before each
// step of a write (each staged file, the journal, each rename), so that a
// test can interrupt a write in the middle. cmd/assertgen's tests set it
// in the re-executed test binary (see its TestMain).
var WriteStep time.Duration

// Pause sleeps for WriteStep.
func Pause() {
	if WriteStep > 0 {
		time.Sleep(WriteStep)
	}
}
