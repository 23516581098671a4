package catalog_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/catalog/cow"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
)

// TestAllowlist shows the allowlist step of docs/guide.md end to end: the
// clone that returns its input is caught by the wrappers generated without
// an allowlist, and passes those generated with the copy-on-write entry of
// ../testdata/allowlist.yaml, which leave impl_use_count_le_1 out and count
// it under reason plan.
func TestAllowlist(t *testing.T) {
	needChecks(t)
	x := arange(4)
	defer x.Release()

	vs, _ := run(func() { checkedif.Checked(cloneReturnsInput{}).Clone(x, nil).Release() })
	if len(vs) != 1 || vs[0].Check != checks.ImplUseCountLE1 {
		t.Errorf("without the allowlist: want one impl_use_count_le_1 violation; got\n%s", list(vs))
	}

	vs, st := run(func() { cow.Checked(cloneReturnsInput{}).Clone(x, nil).Release() })
	wantNoViolations(t, vs)
	wantOnlySkips(t, st, checks.ReasonPlan, 1)
	if st.Ran[checks.StorageUseCountEq1] != 1 || st.Ran[checks.ImplUseCountLE1] != 0 {
		t.Errorf("with the allowlist: checks run %v, want storage_use_count_eq_1 and not impl_use_count_le_1", st.Ran)
	}
}
