package engine

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestPlainTensorsNeedNoPolicy holds what the entries' shortcuts rest on
// (Call.input and resultSkipped decide a plain snapshot without the
// policy): under every profile, no check of an argument or a return is
// skipped for a plain versioned tensor with storage, in a call without a
// mode, and for a plain unversioned one only no_mutation is, under
// no_version_counter. A profile that changes this must change the
// shortcuts with it.
func TestPlainTensorsNeedNoPolicy(t *testing.T) {
	onArg := []checks.Check{checks.SameImpl, checks.SameStorage, checks.NoMutation}
	onRet := []checks.Check{checks.ImplUseCountLE1, checks.StorageUseCountEq1}
	for p := range checks.Policy(checks.NumPolicies) {
		c := Call{op: &Op{Name: "plain", Policy: p}}
		arg := Slot{id: asserts.Ident{Impl: 1, Storage: 2, Version: 3, Traits: asserts.Versioned}, meta: asserts.Versioned}
		m, _ := c.classify(&arg)
		for _, k := range onArg {
			if m.Has(k) {
				t.Errorf("%v: %v is skipped for a plain versioned argument", p, k)
			}
		}
		ret := Slot{id: arg.id, meta: asserts.Versioned | fResult}
		m, _ = c.classify(&ret)
		for _, k := range onRet {
			if m.Has(k) {
				t.Errorf("%v: %v is skipped for a plain versioned return", p, k)
			}
		}
		unv := Slot{id: asserts.Ident{Impl: 1, Storage: 2}}
		m, cs := c.classify(&unv)
		for _, k := range onArg {
			if skipped := m.Has(k); skipped != (k == checks.NoMutation) {
				t.Errorf("%v: %v skipped %v for a plain unversioned argument", p, k, skipped)
			}
		}
		if r := c.pol().reason(checks.NoMutation, cs); r != checks.ReasonNoVersion {
			t.Errorf("%v: no_mutation of a plain unversioned argument is skipped under %v, want %v", p, r, checks.ReasonNoVersion)
		}
	}
}
