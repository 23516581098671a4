package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// TestCollectorCountsOwnViolations checks that a collector counts the
// violations it handled, not those another handler got meanwhile, and
// counts the ones beyond what it keeps.
func TestCollectorCountsOwnViolations(t *testing.T) {
	op := engine.Op{Name: "neg"}
	violate := func() {
		checkedCall(&op, []engine.Row{row(checks.ImplUseCountLE1, 0, -1)}, []engine.Loc{engine.Ret(0)}, nil, &handle{Impl: 7, Storage: 7, Uses: 3}, nil)
	}
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	violate()
	asserts.SetHandler(asserts.HandlerFunc(func(*asserts.Violation) {})) // another handler, for a while
	violate()
	asserts.SetHandler(col)
	violate()
	r := col.Report()
	if r.ViolationCount != 2 || len(r.Violations) != 2 || r.ByOp["neg"]["impl_use_count_le_1"] != 2 {
		t.Errorf("report: %d violations, %d kept, by op %v; want 2, 2, 2", r.ViolationCount, len(r.Violations), r.ByOp)
	}
	col.Reset()
	if r := col.Report(); r.ViolationCount != 0 || len(r.ByOp) != 0 {
		t.Errorf("after Reset: %+v", r)
	}
}
