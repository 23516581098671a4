package refops_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/checked"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// TestLongListCounts: a report's counts are exact at any list length. The
// counts of a cat of n plain tensors are a + b·n for each check and skip
// reason (its rows run once per element, or once per call); measured at
// n = 100 and 200, they must hold at lengths past 65,535, what a call
// once counted in a 16-bit lane (the checks ran on every element all
// along, but same_metadata's count wrapped: 70,000 elements counted
// 4,464).
func TestLongListCounts(t *testing.T) {
	if !asserts.Compiled {
		t.Skip("counts come from the debug build's checks")
	}
	if testing.Short() {
		t.Skip("cats of 70,000 and 140,000 tensors (-short skips it)")
	}
	cat := func(n int) asserts.Stats {
		ts := make([]*rt.Tensor, n)
		for i := range ts {
			ts[i] = rt.Zeros(1)
		}
		return statsDuring(func() { checked.Cat(ts, 0) })
	}
	s100, s200 := cat(100), cat(200)
	linear := func(at100, at200 uint64, n int) uint64 {
		b := (at200 - at100) / 100
		return at100 - 100*b + uint64(n)*b
	}
	for _, n := range []int{70_000, 140_000} {
		st := cat(n)
		for k := range checks.Check(checks.NumChecks) {
			if want := linear(s100.Ran[k], s200.Ran[k], n); st.Ran[k] != want {
				t.Errorf("cat of %d tensors: %s ran %d times, want %d (%d at 100, %d at 200)", n, k, st.Ran[k], want, s100.Ran[k], s200.Ran[k])
			}
		}
		for r := range checks.Reason(checks.NumReasons) {
			if want := linear(s100.Skipped[r], s200.Skipped[r], n); st.Skipped[r] != want {
				t.Errorf("cat of %d tensors: %s skipped %d times, want %d", n, r, st.Skipped[r], want)
			}
		}
		if st.Ran[checks.SameMetadata] < uint64(n) {
			t.Errorf("cat of %d tensors: same_metadata ran %d times, fewer than the elements", n, st.Ran[checks.SameMetadata])
		}
	}
}
