package checktable_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The table of checks, read through a check: what a row names, the
// function of each step and form (a list form that names the single
// form's runs it on each element), and what a violation's Want and Got
// hold.
func ExampleStepsOf() {
	k := checks.SameContent
	fmt.Println(k, "on", checktable.ShapeOf(k))
	for _, st := range checktable.StepsOf(k) {
		fmt.Printf("%s: %s, a list: each element by %s\n", st.Phase, st.Funcs[checktable.FormOne], st.Funcs[checktable.FormArgList])
	}
	f, ok := checktable.FormFor(checks.ReturnsArg, true, true, false)
	fmt.Println("returns_arg from a list return to a single argument:", f, ok)
	fmt.Println("want / got:", checktable.Values(k))
	// Output:
	// same_content on an argument
	// before the call: SameContent, a list: each element by SameContent
	// after the result: SameContentAfter, a list: each element by SameContentAfter
	// returns_arg from a list return to a single argument: ret list false
	// want / got: the digest of the argument's bytes before / after the kernel
}
