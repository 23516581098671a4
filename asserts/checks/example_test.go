package checks_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts/checks"
)

// A set of checks, as the skip policy's rules turn them off.
func ExampleSetOf() {
	s := checks.SetOf(checks.NoMutation, checks.SameContent)
	fmt.Println(s, s.Has(checks.SameContent), s.Has(checks.SameImpl))
	fmt.Println(checks.All.Has(checks.ViewHoldsStorage), checks.Set(0))
	// Output:
	// no_mutation,same_content true false
	// true none
}
