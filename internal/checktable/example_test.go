package checktable_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The table of checks, read through a check: what a row names, the calls
// generated code makes for it, and what a violation's Want and Got hold.
func ExampleStepsOf() {
	k := checks.SameContent
	fmt.Println(k, "on", checktable.ShapeOf(k))
	for _, st := range checktable.StepsOf(k) {
		fmt.Printf("%s: %s, a list: wrap.%s\n", st.Phase, st.Funcs[checktable.FormOne], st.Funcs[checktable.FormArgList])
	}
	f, ok := checktable.FormFor(checks.ReturnsArg, true, true, false)
	fmt.Println("returns_arg from a list return to a single argument:", f, ok)
	fmt.Println("want / got:", checktable.Values(k))
	// Output:
	// same_content on an argument
	// before the call: SameContent, a list: wrap.SameContentList
	// after the result: SameContentAfter, a list: wrap.SameContentAfterList
	// returns_arg from a list return to a single argument: ret list false
	// want / got: the digest of the argument's bytes before / after the kernel
}
