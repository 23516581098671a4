package catalog_test

// The subclass cases of the skip policy (DESIGN.md, "asserts/ (runtime)"):
// what a subclass makes impossible to check is skipped and reported under
// its reason, and everything else is still checked.

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// run calls f with its own collector and returns the violations and the
// counts of the calls f made.
func run(f func()) ([]asserts.Violation, asserts.Stats) {
	var st asserts.Stats
	col := collect(func() {
		before := asserts.ReadStats()
		f()
		st = asserts.ReadStats().Sub(before)
	})
	return col.Violations(), st
}

// wantOnlySkips checks that st skipped exactly n checks, all for reason r,
// besides the same_content rows that count under content_check_off while
// the content check is off (see content_test.go for the check itself).
func wantOnlySkips(t *testing.T, st asserts.Stats, r checks.Reason, n uint64) {
	t.Helper()
	for q := range checks.Reason(checks.NumReasons) {
		if q == checks.ReasonContentOff && r != q {
			continue
		}
		want := uint64(0)
		if q == r {
			want = n
		}
		if st.Skipped[q] != want {
			t.Errorf("skipped for %v: %d, want %d", q, st.Skipped[q], want)
		}
	}
}

func wantNoViolations(t *testing.T, vs []asserts.Violation) {
	t.Helper()
	if len(vs) > 0 {
		t.Errorf("violations:\n%s", list(vs))
	}
}

func subclassOf(x *rt.Tensor) *rt.Tensor {
	defer x.Release()
	return rt.AsSubclass(x)
}

func wrapperOf(x *rt.Tensor, propagate bool) *rt.Tensor {
	defer x.Release()
	return rt.Wrap(x, propagate)
}

func TestSubclassCases(t *testing.T) {
	needChecks(t)
	// The counts below are those of the default, same_content off.
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))

	t.Run("a direct subclass keeps its output: use count skipped and reported, nothing else", func(t *testing.T) {
		k := &keepingAdd{}
		defer k.release()
		ck := checkedif.Checked(k)
		x := subclassOf(arange(3))
		defer x.Release()
		vs, st := run(func() { ck.AddTensor(x, x, 1).Release() })
		wantNoViolations(t, vs)
		// add.Tensor has 14 checks; impl_use_count_le_1 is the one skipped.
		wantOnlySkips(t, st, checks.ReasonDirectSubclass, 1)
		if st.Ran[checks.ImplUseCountLE1] != 0 || st.Ran[checks.StorageUseCountEq1] != 1 || st.TotalRan() != 13 {
			t.Errorf("checks run %v, want all but impl_use_count_le_1", st.Ran)
		}
		// The same kernel on a plain tensor: the kept output is caught.
		p := arange(3)
		defer p.Release()
		vs, _ = run(func() { ck.AddTensor(p, p, 1).Release() })
		if len(vs) != 1 || vs[0].Check != checks.ImplUseCountLE1 {
			t.Errorf("on a plain tensor, want one impl_use_count_le_1 violation; got\n%s", list(vs))
		}
	})

	t.Run("a wrapper subclass view without storage propagation: storage checks skipped and reported", func(t *testing.T) {
		// transpose.int: same_impl, same_storage, no_mutation and
		// binding_context on self, impl_use_count_le_1, shares_storage and
		// view_holds_storage on the return. The stub storage leaves
		// same_impl and no_mutation.
		for _, c := range []struct {
			name string
			k    checkedif.Kernels
		}{{"correct view", checkedif.Functions{}}, {"a view that copies (cannot be seen)", copyingTranspose{}}} {
			w := wrapperOf(arange(2, 3), false)
			vs, st := run(func() { checkedif.Checked(c.k).TransposeInt(w, 0, 1).Release() })
			wantNoViolations(t, vs)
			wantOnlySkips(t, st, checks.ReasonWrapperStub, 5)
			if st.Ran[checks.SharesStorage] != 0 || st.Ran[checks.SameImpl] != 1 || st.Ran[checks.NoMutation] != 1 {
				t.Errorf("%s: checks run %v, want same_impl and no_mutation only", c.name, st.Ran)
			}
			w.Release()
		}
	})

	t.Run("a wrapper subclass view with storage propagation (set_): checked and passing", func(t *testing.T) {
		w := wrapperOf(arange(2, 3), true)
		defer w.Release()
		vs, st := run(func() { checkedif.Checked(checkedif.Functions{}).TransposeInt(w, 0, 1).Release() })
		wantNoViolations(t, vs)
		wantOnlySkips(t, st, checks.ReasonWrapperPropagating, 2) // impl_use_count_le_1, view_holds_storage (use counts)
		if st.Ran[checks.SharesStorage] != 1 || st.Ran[checks.SameStorage] != 1 || st.Ran[checks.BindingContext] != 1 {
			t.Errorf("checks run %v, want the storage checks", st.Ran)
		}
		// And the view that copies is caught through the propagated storage.
		vs, _ = run(func() { checkedif.Checked(copyingTranspose{}).TransposeInt(w, 0, 1).Release() })
		if len(vs) != 1 || vs[0].Check != checks.SharesStorage {
			t.Errorf("a copying view of a propagating wrapper: want one shares_storage violation; got\n%s", list(vs))
		}
	})
}
