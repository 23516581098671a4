package checks_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

func TestNames(t *testing.T) {
	for k := checks.Check(0); k < checks.NumChecks; k++ {
		if got, ok := checks.Parse(k.String()); !ok || got != k {
			t.Errorf("checks.Parse(%q) = %v, %v", k, got, ok)
		}
		var back checks.Check
		b, _ := k.MarshalText()
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("text round trip of %v: %v", k, err)
		}
	}
	if _, ok := checks.Parse("nope"); ok {
		t.Error("checks.Parse accepted an unknown name")
	}
	names := []string{}
	for k := checks.Check(0); k < checks.NumChecks; k++ {
		names = append(names, k.String())
	}
	if got := strings.Join(names, " "); got != "same_impl same_storage impl_use_count_le_1 storage_use_count_eq_1 "+
		"shares_storage fresh_or_alias returns_arg no_mutation distinct_outputs binding_context fresh_no_alias same_content "+
		"impl_use_count_eq_fresh fresh_not_held same_metadata view_holds_storage" {
		t.Errorf("check names: %s", got)
	}
	for _, p := range []checks.Policy{checks.Strict, checks.PyTorch} {
		if q, ok := checks.ParsePolicy(p.String()); !ok || q != p {
			t.Errorf("ParseProfile(%v)", p)
		}
	}
	if s := checks.SetOf(checks.SameImpl, checks.NoMutation).String(); s != "same_impl,no_mutation" {
		t.Errorf("check set %q", s)
	}
	if checks.All.String() != "all" || checks.Set(0).String() != "none" {
		t.Error("check set all/none")
	}
}
