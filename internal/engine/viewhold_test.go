package engine_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// view_holds_storage on one view: the storage's use count before the call
// and after it, and whether the view is the argument's own TensorImpl.
func TestViewHoldsStorage(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after int
		sameImpl      bool // the return is the argument's TensorImpl
		otherStorage  bool // the return does not share the storage
		want          string
	}{
		{name: "a view that takes a hold", before: 1, after: 2},
		{name: "a view of a storage others hold too, with its hold", before: 3, after: 4},
		{name: "hidden references taken as well", before: 1, after: 5},
		{name: "a view without a hold, its argument the storage's only holder", before: 1, after: 1,
			want: "view_holds_storage: return 0: StorageImpl 0x"},
		{name: "a view without a hold and a release besides", before: 2, after: 1,
			want: "has use count 1 after the call, want at least 3"},
		{name: "a view without a hold where others hold the storage: a release elsewhere looks the same", before: 3, after: 3, want: "other_holders"},
		{name: "a count below what the argument and the view hold", before: 3, after: 1,
			want: "has use count 1 after the call, want at least 4"},
		{name: "the argument's own TensorImpl: no hold to add", before: 2, after: 2, sameImpl: true},
		{name: "the argument's own TensorImpl, a hold lost", before: 1, after: 0, sameImpl: true,
			want: "want at least 1"},
		{name: "not a view of the argument: shares_storage's to report", before: 1, after: 1, otherStorage: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFake(kPlain)
			x.storageUses = tc.before
			r := &fake{id: x.id, implUses: 1}
			r.id.Impl = fid()
			if tc.sameImpl {
				r.id.Impl = x.id.Impl
			}
			if tc.otherStorage {
				r.id.Storage = fid()
			}
			out := runFrame(t, checks.Strict, asserts.EnvState{}, func(op *engine.Op) {
				viewCall(op, x, true, func() *fake {
					x.storageUses, r.storageUses = tc.after, tc.after
					return r
				})
			})
			wantViewOutcome(t, out, tc.want, 1)
		})
	}
}

// wantViewOutcome checks the outcome of view_holds_storage rows judged
// runs times: no violation and no skip for want "", the skip for a
// reason's name, else one violation whose line contains want.
func wantViewOutcome(t *testing.T, out outcome, want string, runs uint64) {
	t.Helper()
	const k = checks.ViewHoldsStorage
	switch {
	case want == "":
		if len(out.violations) != 0 || out.stats.Ran[k] != runs || out.stats.TotalSkipped() != 0 {
			t.Errorf("want %d passing runs: %v, stats %+v", runs, out.violations, out.stats)
		}
	case !strings.Contains(want, " "):
		if len(out.violations) != 0 || out.stats.Ran[k] != runs-1 || out.stats.Skipped[reasonByName(t, want)] != 1 {
			t.Errorf("want a skip under %s: %v, stats %+v", want, out.violations, out.stats)
		}
	default:
		if len(out.violations) != 1 || !strings.Contains(out.violations[0].Error(), want) || out.stats.Ran[k] != runs {
			t.Fatalf("want one violation with %q: %v, stats %+v", want, out.violations, out.stats)
		}
		if v := &out.violations[0]; v.Other != "argument self" || !strings.Contains(v.Hint, "take a hold on the storage") {
			t.Errorf("violation %q", v.Error())
		}
	}
}

// view_holds_storage on a list of views (split, unbind): the count rises
// by one per element with a TensorImpl of its own.
func TestViewHoldsStorageList(t *testing.T) {
	for _, tc := range []struct {
		name          string
		n             int // elements
		before, after int
		dup           bool // the first two elements are one TensorImpl
		wrapper       bool // the last element is a wrapper subclass
		want          string
		runs          uint64
	}{
		{name: "three views, three holds", n: 3, before: 1, after: 4, runs: 3},
		{name: "three views, two holds", n: 3, before: 1, after: 3, want: "has use count 3 after the call, want at least 4", runs: 3},
		{name: "three views, two holds, others hold the storage: each element skipped", n: 3, before: 2, after: 4, want: "other_holders", runs: 3},
		{name: "one TensorImpl twice: one hold for it", n: 3, before: 1, after: 3, dup: true, runs: 3},
		{name: "an empty list", n: 0, before: 1, after: 1, runs: 0},
		{name: "a wrapper subclass element is skipped, the others judged", n: 3, before: 1, after: 3, wrapper: true, runs: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFake(kPlain)
			x.storageUses = tc.before
			var rs []*fake
			for i := range tc.n {
				r := &fake{id: x.id, implUses: 1}
				r.id.Impl = fid()
				if tc.dup && i == 1 {
					r = rs[0]
					r.implUses = 2
				}
				rs = append(rs, r)
			}
			if tc.wrapper {
				w := newFake(kWrapStub)
				w.id.Storage = x.id.Storage
				rs[tc.n-1] = w
			}
			out := runFrame(t, checks.Strict, asserts.EnvState{}, func(op *engine.Op) {
				viewListCall(op, x, func() []*fake {
					x.storageUses = tc.after
					for _, r := range rs {
						r.storageUses = tc.after
					}
					return rs
				})
			})
			switch {
			case tc.wrapper:
				// the two plain elements, with their two holds, pass; the
				// wrapper's element is skipped
				if len(out.violations) != 0 || out.stats.Ran[checks.ViewHoldsStorage] != tc.runs || out.stats.Skipped[checks.ReasonWrapperStub] != 1 {
					t.Errorf("%v, stats %+v", out.violations, out.stats)
				}
			case tc.want == "other_holders":
				if len(out.violations) != 0 || out.stats.Ran[checks.ViewHoldsStorage] != 0 || out.stats.Skipped[checks.ReasonOtherHolders] != tc.runs {
					t.Errorf("%v, stats %+v", out.violations, out.stats)
				}
			default:
				wantViewOutcome(t, out, tc.want, tc.runs)
			}
		})
	}
}

// Views made and released on eight goroutines at once, of one base and of
// bases of their own: a release on another goroutine during a view call
// of the shared base is never blamed on that call's kernel (the rows it
// makes inconclusive are skipped under other_holders), and a view kernel
// without a hold on a base of its goroutine's own is still reported
// (run it with -race).
func TestViewHoldsStorageConcurrent(t *testing.T) {
	base := rt.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer base.Release()
	var wg sync.WaitGroup
	vs := asserts.Collect(func() {
		for range 8 {
			wg.Add(1)
			asserts.Go(func() {
				defer wg.Done()
				own := rt.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
				for range 300 {
					v := TransposeF(base, 0, 1)
					w := TransposeF(v, 0, 1)
					v.Release()
					w.Release()
					u := TransposeF(own, 0, 1)
					u.Release()
				}
				own.Release()
			})
		}
		wg.Wait()
	})
	for i := range vs {
		t.Errorf("false alarm: %v", &vs[i])
	}
}
