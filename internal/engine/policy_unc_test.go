package engine

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestUncountedPairTable: the decision each policy's table holds for the
// plain pair of a runtime without use counts (a return snapshotted by
// resultMemory, an argument completed by afterMemory) is the one classify
// and the policy give, reason included, for every check: the table is a
// shortcut, never another answer.
func TestUncountedPairTable(t *testing.T) {
	arr := make([]float64, 4)
	m := asserts.SliceMemory(arr)
	h, ret := unsafe.Pointer(new(int)), unsafe.Pointer(new(int))
	rm0 := asserts.SliceMemory(make([]float64, 4))
	for p := range checks.Policy(checks.NumPolicies) {
		op := &Op{Name: "unc", Policy: p}
		var c Call
		var s, r Slot
		c.Begin(op)
		saveMemory(&c, &s, h, &m)
		afterMemory(&c, &s, h, &m)
		resultMemory(&c, &r, ret, &rm0)
		if !uncountedPair(&r, &s) {
			t.Fatalf("profile %v: the pair of resultMemory and afterMemory is not an uncountedPair", p)
		}
		rm, rc := c.classify(&r)
		sm, sc := c.classify(&s)
		for k := range checks.Check(checks.NumChecks) {
			want := noSkip
			if (rm | sm).Has(k) {
				want = c.pol().reason(k, rc|sc)
			}
			if got := c.pol().unc[k]; got != want {
				t.Errorf("profile %v, %v: the table says %v, the policy %v", p, k, got, want)
			}
		}
	}
}
