package catalog_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
)

// TestContentCheckSwitch: the data-pointer write of addScratch (see the
// catalog entry) passes unseen while same_content is off, the default: no
// violation, and each same_content row of the call counted as skipped
// under content_check_off, no digest taken. The per-op switch catches it
// for add.Tensor only.
func TestContentCheckSwitch(t *testing.T) {
	needChecks(t)
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	call := func() ([]asserts.Violation, asserts.Stats) {
		k := checkedif.Checked(addScratch{})
		a, b := ten(nil, 1, 2), ten(nil, 10, 20)
		before := asserts.ReadStats()
		vs := asserts.Collect(func() { k.AddTensor(a, b, 1).Release() })
		st := asserts.ReadStats().Sub(before)
		want(t, b, -1, 20) // the scribble is there
		releaseAll(a, b)
		return vs, st
	}

	vs, st := call()
	if len(vs) != 0 {
		t.Errorf("with the content check off, want no violation; got\n%s", list(vs))
	}
	if got := st.Skipped[checks.ReasonContentOff]; got != 2 {
		t.Errorf("content check off: %d rows skipped under content_check_off, want 2 (self, other)", got)
	}
	if st.Ran[checks.SameContent] != 0 || st.Ran[checks.NoMutation] != 2 {
		t.Errorf("content check off: ran %v, want no same_content and 2 no_mutation", st.Ran)
	}

	for _, tc := range []struct {
		ops    []string
		caught bool
	}{
		{[]string{"add.Tensor"}, true},
		{[]string{"mul.Tensor", "add"}, true}, // a base name covers every overload
		{[]string{"mul.Tensor", "add.out"}, false},
	} {
		asserts.SetContentCheckOps(tc.ops...)
		vs, st := call()
		caught := len(vs) == 1 && vs[0].Check == checks.SameContent && vs[0].Where() == "argument other"
		if caught != tc.caught {
			t.Errorf("content check on for %v: caught %v, want %v; violations:\n%s", tc.ops, caught, tc.caught, list(vs))
		}
		if tc.caught && (st.Ran[checks.SameContent] != 2 || st.Skipped[checks.ReasonContentOff] != 0) {
			t.Errorf("content check on for %v: ran %v, skipped %v", tc.ops, st.Ran, st.Skipped)
		}
		if !tc.caught && st.Skipped[checks.ReasonContentOff] != 2 {
			t.Errorf("content check on for %v only: skipped %v, want 2 under content_check_off", tc.ops, st.Skipped)
		}
	}
}
