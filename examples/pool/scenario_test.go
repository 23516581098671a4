//go:build debugasserts

package pool_test

import (
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// scenarioText is what a golden file holds of a scenario: a line per op
// of ops whose statistics are not zero (its calls, then check=ran/failed
// by check, skip:reason=n by reason), then a line per violation.
func scenarioText(ops []string, stats []asserts.Stats, violations []string) string {
	var b strings.Builder
	for i, st := range stats {
		if st == (asserts.Stats{}) {
			continue
		}
		fmt.Fprintf(&b, "%s calls=%d", ops[i], st.Calls)
		for k := range checks.Check(checks.NumChecks) {
			if st.Ran[k]|st.Violations[k] != 0 {
				fmt.Fprintf(&b, " %v=%d/%d", k, st.Ran[k], st.Violations[k])
			}
		}
		for r := range checks.Reason(checks.NumReasons) {
			if st.Skipped[r] != 0 {
				fmt.Fprintf(&b, " skip:%v=%d", r, st.Skipped[r])
			}
		}
		b.WriteString("\n")
	}
	for _, v := range violations {
		fmt.Fprintf(&b, "violation %s\n", strings.TrimRight(v, " "))
	}
	return b.String()
}
