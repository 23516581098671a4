package engine

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// TestCheckLanes: each check counts its runs in a lane of its own (or in
// none), which no reason counts in and the call's spill mark is not.
func TestCheckLanes(t *testing.T) {
	used := map[int]string{laneSpilled: "the spill mark"}
	for r := range checks.Reason(checks.NumReasons) {
		if l := reasonLane[r]; l != laneNone && used[l] == "" {
			used[l] = "reason " + r.String()
		}
	}
	for k := range checks.Check(checks.NumChecks) {
		l := checkLane[k]
		if l == laneNone {
			continue
		}
		if l < 0 || l >= 32 {
			t.Errorf("%s: lane %d", k, l)
		} else if used[l] != "" {
			t.Errorf("%s: lane %d is %s's too", k, l, used[l])
		}
		used[l] = "check " + k.String()
	}
	if used[laneSpare] != "" && !strings.HasPrefix(used[laneSpare], "check ") {
		t.Errorf("the spare lane is %s's", used[laneSpare])
	}
}
