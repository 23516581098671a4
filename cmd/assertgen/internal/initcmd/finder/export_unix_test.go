//go:build unix

package finder

import "time"

// setBounds sets callTimeout and runBound for a test and returns what
// puts them back.
func setBounds(call, run time.Duration) func() {
	c, r := callTimeout, runBound
	callTimeout, runBound = call, run
	return func() { callTimeout, runBound = c, r }
}
