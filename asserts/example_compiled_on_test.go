//go:build debugasserts

package asserts_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts"
)

// Compiled tells whether this build has the debugasserts tag; a constant,
// so a runtime's bookkeeping behind it is compiled out of other builds (see
// example_compiled_off_test.go for the release build's output).
func ExampleCompiled() {
	if asserts.Compiled {
		fmt.Println("debug build: wrappers check")
	} else {
		fmt.Println("release build: wrappers call their kernels directly")
	}
	// Output:
	// debug build: wrappers check
}
