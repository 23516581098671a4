package asserts

import (
	"os"
	"sync/atomic"
)

var enabled atomic.Bool

func init() {
	// ASSERTGEN_ASSERTS=off turns checking off in a debug build without a
	// rebuild or a code change.
	switch os.Getenv("ASSERTGEN_ASSERTS") {
	case "0", "off", "false":
	default:
		enabled.Store(true)
	}
}

// Checking reports whether checking is switched on at run time (see
// [SetEnabled] and ASSERTGEN_ASSERTS), whatever the build tags. Generated
// checked wrappers test it first: they are compiled only under their own
// build tag, which the generator lets users choose, so they must not depend
// on [Compiled].
func Checking() bool { return enabled.Load() }

// SetEnabled switches checking on or off at run time and returns the
// previous setting.
func SetEnabled(on bool) (prev bool) { return enabled.Swap(on) }
