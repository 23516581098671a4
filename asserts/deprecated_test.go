package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestDeprecatedNamesKeepTheirMeaning: the check vocabulary's former names
// in package asserts are the values of package checks they became, so that
// code written against them builds and behaves as before.
func TestDeprecatedNamesKeepTheirMeaning(t *testing.T) {
	pairs := []struct {
		old, now checks.Check
	}{
		{asserts.CheckSameImpl, checks.SameImpl},
		{asserts.CheckSameStorage, checks.SameStorage},
		{asserts.CheckImplUseCountLE1, checks.ImplUseCountLE1},
		{asserts.CheckStorageUseCountEq1, checks.StorageUseCountEq1},
		{asserts.CheckSharesStorage, checks.SharesStorage},
		{asserts.CheckFreshOrAlias, checks.FreshOrAlias},
		{asserts.CheckReturnsArg, checks.ReturnsArg},
		{asserts.CheckNoMutation, checks.NoMutation},
		{asserts.CheckDistinctOutputs, checks.DistinctOutputs},
		{asserts.CheckBindingContext, checks.BindingContext},
		{asserts.CheckFreshNoAlias, checks.FreshNoAlias},
		{asserts.CheckSameContent, checks.SameContent},
		{asserts.CheckImplUseCountEqFresh, checks.ImplUseCountEqFresh},
		{asserts.CheckFreshNotHeld, checks.FreshNotHeld},
		{asserts.CheckSameMetadata, checks.SameMetadata},
		{asserts.CheckNotArgHandle, checks.NotArgHandle},
	}
	seen := map[checks.Check]bool{}
	for _, p := range pairs {
		if p.old != p.now {
			t.Errorf("the former name of %s is %s", p.now, p.old)
		}
		seen[p.now] = true
		if k, ok := asserts.ParseCheck(p.now.String()); !ok || k != p.now {
			t.Errorf("ParseCheck(%q) = %v, %v", p.now.String(), k, ok)
		}
	}
	// Every check that had a name in package asserts has one there still;
	// view_holds_storage came after the move and has none.
	for k := range checks.Check(checks.NumPlanChecks) {
		if !seen[k] && k != checks.ViewHoldsStorage {
			t.Errorf("%s has no former name in package asserts", k)
		}
	}
	if asserts.SetOf(asserts.CheckSameImpl, asserts.CheckNoMutation) != checks.SetOf(checks.SameImpl, checks.NoMutation) || asserts.AllChecks != checks.All {
		t.Error("the former set names differ from package checks'")
	}
	for _, p := range []asserts.Policy{asserts.Strict, asserts.PyTorch, asserts.PyTorch113} {
		if q, ok := asserts.ParsePolicy(p.String()); !ok || q != p {
			t.Errorf("ParsePolicy(%q) = %v, %v", p.String(), q, ok)
		}
	}
	var r asserts.Reason = asserts.ReasonMeta
	if r != checks.ReasonMeta || asserts.NumReasons != checks.NumReasons {
		t.Error("the former reason names differ from package checks'")
	}
	var tt asserts.TestingT = t
	_ = asserts.Testing(tt)
}
