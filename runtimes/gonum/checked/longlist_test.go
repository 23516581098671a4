//go:build debugasserts

package checked

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestLongListCounts: the counts of a cat of n matrices (gonum's Dense
// through the memory: runtime, its calls on the rows', learned and lean
// paths) are a + b·n for each check and skip reason, measured at 100 and
// 200 and held at 70,000 (past the 65,535 a call once counted in a 16-bit
// lane).
func TestLongListCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("cats of 70,000 matrices (-short skips it)")
	}
	cat := func(n int) asserts.Stats {
		ts := make([]*mat.Dense, n)
		for i := range ts {
			ts[i] = mat.NewDense(1, 2, []float64{1, 2})
		}
		before := asserts.ReadStats()
		Cat(ts, 0)
		return asserts.ReadStats().Sub(before)
	}
	for range 3 { // the op learns its counts, then calibrates its lean path
		cat(100)
	}
	s100, s200 := cat(100), cat(200)
	linear := func(at100, at200 uint64, n int) uint64 {
		b := (at200 - at100) / 100
		return at100 - 100*b + uint64(n)*b
	}
	for _, n := range []int{70_000, 70_000, 140_000} {
		st := cat(n)
		for k := range checks.Check(checks.NumChecks) {
			if want := linear(s100.Ran[k], s200.Ran[k], n); st.Ran[k] != want {
				t.Errorf("cat of %d matrices: %s ran %d times, want %d (%d at 100, %d at 200)", n, k, st.Ran[k], want, s100.Ran[k], s200.Ran[k])
			}
		}
		for r := range checks.Reason(checks.NumReasons) {
			if want := linear(s100.Skipped[r], s200.Skipped[r], n); st.Skipped[r] != want {
				t.Errorf("cat of %d matrices: %s skipped %d times, want %d", n, r, st.Skipped[r], want)
			}
		}
	}
}
