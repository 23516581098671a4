package catalog_test

// Checked calls on several goroutines at once (issue 19, item 3): a check
// that compares a state before the kernel with the state after it (the
// version counter of no_mutation above all) must not blame a kernel for
// what another goroutine's legal call did in between, and must still catch
// the kernel that really writes a read-only argument.
//
//	go test -race -tags debugasserts -run Concurrent -count 20 ./examples/refops/catalog

import (
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// concurrentViews is the scenario of the issue: workers goroutines, half
// reading shared (sum, neg), half taking alias(shared) and changing the
// alias's geometry in place (transpose_, unsqueeze_, t_), which moves the
// version counter the alias shares with shared but writes no element.
// Without readers, every goroutine runs the in-place view ops.
func concurrentViews(k checkedif.Kernels, shared *rt.Tensor, workers, rounds int, readers bool) {
	var wg sync.WaitGroup
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				if readers && g%2 == 0 {
					releaseAll(k.Sum(shared, nil), k.Neg(shared))
					continue
				}
				v := k.Alias(shared)
				k.Transpose_(v, 0, 1)
				k.Unsqueeze_(v, 0)
				k.Transpose_(v, 0, 2)
				k.Transpose_(v, 1, 2)
				k.Transpose_(v, 0, 1) // [1, 3, 2] -> [3, 1, 2]
				squeezed := k.Alias(v)
				releaseAll(squeezed)
				w := k.Alias(shared)
				k.T_(w)
				k.T_(w)
				releaseAll(v, w)
			}
		}()
	}
	wg.Wait()
}

// TestConcurrentMetadataWritesAreNotBlamed: 8 goroutines, readers of a
// shared tensor beside in-place view ops on aliases of it: no violation,
// and the rows whose window overlapped a declared write are counted as
// skipped under concurrent_write, never as run and passed.
func TestConcurrentMetadataWritesAreNotBlamed(t *testing.T) {
	needChecks(t)
	shared := arange(2, 3)
	defer shared.Release()
	before := asserts.ReadStats()
	col := collect(func() { concurrentViews(checkedif.Checked(checkedif.Functions{}), shared, 8, 400, true) })
	for _, v := range col.Violations() {
		t.Errorf("false alarm: %v", &v)
	}
	st := asserts.ReadStats().Sub(before)
	t.Logf("no_mutation: %d run, %d skipped under concurrent_write",
		st.Ran[checks.NoMutation], st.Skipped[checks.ReasonConcurrentWrite])
	if st.Ran[checks.NoMutation] == 0 {
		t.Error("no no_mutation row ran")
	}
	// The in-place view ops change their aliases' geometry, never
	// shared's: same_metadata runs on every reader and stays silent.
	t.Logf("same_metadata: %d run, %d skipped", st.Ran[checks.SameMetadata], st.Skipped[checks.ReasonConcurrentWrite])
	if st.Ran[checks.SameMetadata] == 0 {
		t.Error("no same_metadata row ran")
	}
}

// sumWritesInput is the real bug, run among legal concurrent calls: sum
// "normalises" its input in place (scales it by 1, a write that bumps the
// version) before reducing it.
type sumWritesInput struct{ checkedif.Functions }

func (f sumWritesInput) Sum(self *rt.Tensor, dtype *int) *rt.Tensor {
	self.ScaleInPlace(1)
	return f.Functions.Sum(self, dtype)
}

// TestConcurrentRealWriteIsCaught: the broken sum runs on its own tensor
// while 8 goroutines run the legal scenario above on another: every broken
// call is reported, at sum's argument self, and nothing else is.
func TestConcurrentRealWriteIsCaught(t *testing.T) {
	needChecks(t)
	shared, victim := arange(2, 3), arange(2, 3)
	defer releaseAll(shared, victim)
	const calls = 200
	good, bad := checkedif.Checked(checkedif.Functions{}), checkedif.Checked(sumWritesInput{})
	col := collect(func() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range calls {
				releaseAll(bad.Sum(victim, nil))
			}
		}()
		concurrentViews(good, shared, 8, 200, true)
		wg.Wait()
	})
	vs := col.Violations()
	for i := range vs {
		if v := &vs[i]; v.Op != "sum" || v.Check != checks.NoMutation || v.Arg != "self" {
			t.Errorf("unexpected violation: %v", v)
		}
	}
	if len(vs) != calls {
		t.Errorf("%d of %d broken sum calls reported", len(vs), calls)
	}
}

// TestConcurrentRealWriteOnSharedStorage: the broken sum writes the very
// tensor that the legal in-place view ops are working on through aliases
// (those read no element, so that the broken write is not a data race of
// the test itself). A sum call whose window overlapped a declared write on
// that storage cannot tell the two apart and is skipped (concurrent_write);
// one that did not is reported. The broken write is undeclared: when it
// lands in the window of a legal call that checks no_mutation on the same
// storage (alias), that call sees a write nobody declared and reports it
// too; a real write happened, and the report names the storage. No other
// violation may appear, and every broken call must be reported or counted
// as inconclusive.
func TestConcurrentRealWriteOnSharedStorage(t *testing.T) {
	needChecks(t)
	shared := arange(2, 3)
	defer shared.Release()
	const calls = 300
	good, bad := checkedif.Checked(checkedif.Functions{}), checkedif.Checked(sumWritesInput{})
	before := asserts.ReadStats()
	var reported int
	col := collect(func() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range calls {
				releaseAll(bad.Sum(shared, nil))
			}
		}()
		concurrentViews(good, shared, 4, 100, false)
		wg.Wait()
		// Once the legal calls are over, every broken call is reported.
		for range calls {
			releaseAll(bad.Sum(shared, nil))
		}
	})
	var bystanders int
	for _, v := range col.Violations() {
		switch {
		case v.Check != checks.NoMutation || !strings.Contains(v.Error(), "argument self"):
			t.Errorf("unexpected violation: %v", &v)
		case v.Op == "sum":
			reported++
		case v.Op == "alias":
			bystanders++ // the undeclared write fell in its window
		default:
			t.Errorf("unexpected violation: %v", &v)
		}
	}
	st := asserts.ReadStats().Sub(before)
	inconclusive := st.Skipped[checks.ReasonConcurrentWrite]
	t.Logf("%d broken calls: %d reported, %d inconclusive (all no_mutation rows skipped under concurrent_write: %d); %d alias calls saw the undeclared write",
		2*calls, reported, 2*calls-reported, inconclusive, bystanders)
	if reported < calls {
		t.Errorf("only %d of %d broken calls reported; the %d made after the legal calls must all be", reported, 2*calls, calls)
	}
	if uint64(2*calls-reported) > inconclusive {
		t.Errorf("%d broken calls neither reported nor counted as inconclusive (%d concurrent_write skips)", 2*calls-reported, inconclusive)
	}
}

// TestPanickingKernelLeavesNoDeclaration: t_ of a 3-d tensor panics in
// its kernel, after the wrapper declared the write to self's storage; the
// program recovers (a test, a sweep of many ops). The declaration must end
// with the call (the wrapper defers Call.Abandon), or every later row on
// that storage whose state moves would be inconclusive: a broken sum on
// the same tensor afterwards is reported.
func TestPanickingKernelLeavesNoDeclaration(t *testing.T) {
	needChecks(t)
	x := arange(2, 3, 4)
	defer x.Release()
	good, bad := checkedif.Checked(checkedif.Functions{}), checkedif.Checked(sumWritesInput{})
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("t_ of a 3-d tensor did not panic")
			}
		}()
		good.T_(x)
	}()
	before := asserts.ReadStats()
	col := collect(func() { releaseAll(bad.Sum(x, nil)) })
	if vs := col.Violations(); len(vs) != 1 || vs[0].Check != checks.NoMutation {
		t.Errorf("the broken sum after a panicking t_: %d violations, want one no_mutation", len(vs))
	}
	if n := asserts.ReadStats().Sub(before).Skipped[checks.ReasonConcurrentWrite]; n != 0 {
		t.Errorf("%d rows inconclusive after the panicking call: its declaration outlived it", n)
	}
}
