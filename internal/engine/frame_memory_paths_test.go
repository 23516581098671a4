package engine_test

// What the memory kind's one path holds beyond one call at a time: an op
// with two fresh returns whose second reports after the first counted the
// call, calls on several goroutines at once, an Env registered and
// removed between calls. Each is held to the same calls forced onto the
// rows (engine.SetRowsOnly).

import (
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

var (
	locsMemAdd   = [3]engine.Loc{engine.Arg("self"), engine.Arg("other"), engine.Ret(0)}
	locsMemView  = [2]engine.Loc{engine.Arg("self"), engine.Ret(0)}
	locsTwoFresh = [2]engine.Loc{engine.Ret(0), engine.Ret(1)}
)

// reportTexts is the reports' texts, one a line, with addresses (which
// differ between two runs of one kernel) as 0x_, and without the
// provenance a pool's events give a memory: the pool log is the test
// process's, kept by address, and whether a new tensor's memory lies
// where another test's pool once took memory back is the allocator's
// choice.
func reportTexts(vs []asserts.Violation) string {
	var b strings.Builder
	for _, v := range vs {
		t := poolRE.ReplaceAllString(v.Error(), "")
		t = strings.ReplaceAll(strings.ReplaceAll(t, "; ; ", "; "), "provenance: ; ", "")
		b.WriteString(hexRE.ReplaceAllString(t, "0x_") + "\n")
	}
	return b.String()
}

var (
	hexRE  = regexp.MustCompile(`0x[0-9a-f]+`)
	poolRE = regexp.MustCompile(`(its memory|the memory of [^;]*?) was (taken back|handed out) [^;]*`)
)

// oneCycle keeps the collector from starting a cycle for the rest of the
// test and makes fresh_not_held's count of collections current, so that
// a storage coming out fresh twice is judged: its identities are
// addresses, judged only within one cycle, by a count the registry reads
// again at a repeat (the first one here, whose report is dropped).
func oneCycle(t *testing.T, col interface{ Reset() }) {
	old := debug.SetGCPercent(-1)
	t.Cleanup(func() { debug.SetGCPercent(old) })
	cached := newDense(2, 2)
	op := &engine.Op{Name: "neg"}
	for range 2 {
		twoFreshF(op, func() (*dense, *dense) { return cached, newDense(2, 2) })
	}
	col.Reset()
}

var shapeTwoFresh = engine.Shape{
	Rets:   2,
	Rows:   []engine.Row{row(checks.FreshNotHeld, 0, -1), row(checks.FreshNotHeld, 1, -1)},
	Locs:   locsTwoFresh[:],
	Tensor: denseOf, Elem: denseElem,
}

// twoFreshF is an op with two fresh returns (and no argument) on the one
// path, as gen emits it for a memory: runtime.
func twoFreshF(op *engine.Op, kernel func() (*dense, *dense)) {
	var f memFrame2
	f.Open()
	f.BeginMemory(op, &shapeTwoFresh)
	r0, r1 := kernel()
	f.RetMemory(0, unsafe.Pointer(r0), r0.Mem())
	f.RetMemory(1, unsafe.Pointer(r1), r1.Mem())
	f.EndMemory()
}

// TestFrameMemoryCountTakenBack: a call on the fast plan is counted by
// its first return's hand-out; when its second return then reports, the
// count is taken back and the call ends as the rows end it: the counts
// and reports are the rows', with either return cached.
func TestFrameMemoryCountTakenBack(t *testing.T) {
	col := collect(t)
	oneCycle(t, col)
	cached := newDense(2, 2)
	for _, which := range []int{0, 1} {
		var reports [2]int
		var stats [2]asserts.Stats
		var texts [2]string
		for i, rows := range []bool{false, true} {
			prevRows := engine.SetRowsOnly(rows)
			op := &engine.Op{Name: "two", Policy: checks.Strict}
			col.Reset()
			asserts.ReleasedMemory(cached.Mem())
			for call := range 6 {
				kernel := func() (*dense, *dense) {
					r0, r1 := newDense(2, 2), newDense(2, 2)
					if call >= 3 && which == 0 {
						r0 = cached
					} else if call >= 3 {
						r1 = cached
					}
					return r0, r1
				}
				twoFreshF(op, kernel)
			}
			engine.SetRowsOnly(prevRows)
			reports[i], stats[i], texts[i] = len(col.Violations()), op.Stats(), reportTexts(col.Violations())
		}
		if stats[0] != stats[1] || reports[0] != reports[1] || reports[0] != 2 || stats[0].Calls != 6 {
			t.Errorf("return %d cached: on the fast plan: %d reports, %+v\nforced onto the rows: %d reports, %+v", which, reports[0], stats[0], reports[1], stats[1])
		} else if texts[0] != texts[1] {
			t.Errorf("return %d cached: on the fast plan, reports\n%s\nforced onto the rows\n%s", which, texts[0], texts[1])
		}
	}
}

// TestFrameMemoryCountsConcurrently: calls on the one path on 8
// goroutines at once, counted by their hand-outs under the registry's
// shard locks: every call is counted once, as the rows count it, and
// nothing is reported.
func TestFrameMemoryCountsConcurrently(t *testing.T) {
	col := collect(t)
	defer func() { memK = memCorrect }()
	memK = memCorrect
	asserts.ResetStats()
	a, b := newDense(2, 2), newDense(2, 2)
	prevRows := engine.SetRowsOnly(true)
	memAddF(false, a, b)
	engine.SetRowsOnly(prevRows)
	want := opMemAddF.Stats() // one call's, forced onto the rows
	memAddF(false, a, b)
	memAddF(false, a, b)
	const goroutines, calls = 8, 500
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			for range calls {
				memAddF(false, a, b)
			}
		})
	}
	wg.Wait()
	got := opMemAddF.Stats()
	if got.Calls != 3+goroutines*calls || got.TotalViolations() != 0 || len(col.Violations()) != 0 {
		t.Fatalf("calls %d (want %d), %d violations, %d reports", got.Calls, 3+goroutines*calls, got.TotalViolations(), len(col.Violations()))
	}
	for k := range got.Ran {
		if got.Ran[k] != got.Calls*want.Ran[k] {
			t.Errorf("check %d ran %d times, want %d", k, got.Ran[k], got.Calls*want.Ran[k])
		}
	}
	for r := range got.Skipped {
		if got.Skipped[r] != got.Calls*want.Skipped[r] {
			t.Errorf("reason %d skipped %d times, want %d", r, got.Skipped[r], got.Calls*want.Skipped[r])
		}
	}
}

// TestFrameMemoryViewAndEnv: a view op on the one path counts and
// reports what the rows do when an Env is registered after its first
// calls (binding_context's counts change) and removed again, with a
// kernel that turns bad on some calls.
func TestFrameMemoryViewAndEnv(t *testing.T) {
	col := collect(t)
	defer func() { memK = memCorrect }()
	kernels := map[string]func(self *dense) *dense{
		"view": func(self *dense) *dense { return &dense{Rows: 1, Cols: 2, Stride: 2, Data: self.Data} },
		"copy": func(self *dense) *dense { return newDense(1, 2) },
		"self": func(self *dense) *dense { return self },
		"reshaped": func(self *dense) *dense {
			self.Rows, self.Cols, self.Stride = 1, 4, 4
			return &dense{Rows: 1, Cols: 2, Stride: 2, Data: self.Data}
		},
	}
	plain := envFunc(func() asserts.EnvState { return asserts.EnvState{} })
	prev := asserts.SetEnv(nil)
	t.Cleanup(func() { asserts.SetEnv(prev) })
	for name, k := range kernels {
		var reports [2]int
		var stats [2]asserts.Stats
		for i, rows := range []bool{false, true} {
			prevRows := engine.SetRowsOnly(rows)
			asserts.ResetStats()
			col.Reset()
			for call := range 12 {
				switch call {
				case 6:
					asserts.SetEnv(plain)
				case 9:
					asserts.SetEnv(nil)
				}
				memK.view = k
				if call < 3 || call%3 == 0 {
					memK.view = kernels["view"]
				}
				memViewF(newDense(2, 2))
			}
			engine.SetRowsOnly(prevRows)
			reports[i], stats[i] = len(col.Violations()), opMemViewF.Stats()
		}
		if stats[0] != stats[1] || reports[0] != reports[1] {
			t.Errorf("%s: on the fast plan: %d reports, %+v\nforced onto the rows: %d reports, %+v", name, reports[0], stats[0], reports[1], stats[1])
		}
		if name != "view" && reports[1] == 0 {
			t.Errorf("%s: not reported", name)
		}
	}
}
