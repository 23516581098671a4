package assertstest

import "testing"

// The suites without subtests, for the package's own tests: they run them
// on a recorder to see which cases fail.

// Check runs the suite without subtests, prefixing each failure with its
// case, on any testing.TB (a recorder, in the suite's own tests).
func Check(tb testing.TB, rt Runtime) {
	tb.Helper()
	if err := rt.validate(); err != nil {
		tb.Errorf("%v", err)
		return
	}
	for _, c := range cases {
		c.run(&reporter{tb: tb, prefix: c.name + ": "}, rt)
	}
}

// CheckUncounted is RunUncounted without subtests, on any testing.TB.
func CheckUncounted(tb testing.TB, u Uncounted) {
	tb.Helper()
	if err := u.validate(); err != nil {
		tb.Errorf("%v", err)
		return
	}
	for _, c := range uncountedCases {
		c.run(&reporter{tb: tb, prefix: c.name + ": "}, u)
	}
}
