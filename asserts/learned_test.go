package asserts_test

import (
	"runtime/debug"
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
)

// memAddLearned is add (or, inPlace, add_) on a tensor type read through
// its memory as gen emits it for a memory: runtime, with the metadata rows
// and, with learned, the learned path of its post helper in front of the
// rows (asserts' learned.go): without learned, every call runs the rows.
func memAddLearned(op *wrap.Op, learned, inPlace bool, self, other *dense, kernel func(self, other *dense) *dense) *dense {
	var c wrap.Call
	var s0, s1, s2 wrap.Saved
	l := &locsMemAdd
	c.Begin(op)
	if !inPlace {
		c.BeginFresh()
	}
	m0, m1 := self.mem(), other.mem()
	c.SaveMemory(&s0, unsafe.Pointer(self), &m0)
	c.SaveMemory(&s1, unsafe.Pointer(other), &m1)
	if inPlace {
		c.Mutable(&s0)
	} else if fp, ok := m0.Metadata(); !c.TakeMetadata(&s0, fp, ok) {
		c.SaveMetadataOf(&s0, self)
	}
	if fp, ok := m1.Metadata(); !c.TakeMetadata(&s1, fp, ok) {
		c.SaveMetadataOf(&s1, other)
	}
	ret := kernel(self, other)
	m0, m1 = self.mem(), other.mem()
	m2 := ret.mem()
	if learned {
		pass := c.QuickPath() && s0.Unchanged(&m0) && s1.Unchanged(&m1) && ret != nil && m2.Anchor() != nil
		if inPlace {
			pass = pass && unsafe.Pointer(ret) == unsafe.Pointer(self)
		} else {
			pass = pass && unsafe.Pointer(ret) != unsafe.Pointer(self) && unsafe.Pointer(ret) != unsafe.Pointer(other) &&
				m2.Anchor() != m0.Anchor() && m2.Anchor() != m1.Anchor()
		}
		if pass {
			if c.Learned(0) {
				if !inPlace {
					c.FreshNotHeldLearned(l[2], unsafe.Pointer(ret), &m2)
				}
				c.EndLearned()
				return ret
			}
			c.Learn(0)
		}
	}
	c.AfterMemory(&s0, unsafe.Pointer(self), &m0)
	c.AfterMemory(&s1, unsafe.Pointer(other), &m1)
	c.ResultMemory(&s2, unsafe.Pointer(ret), &m2)
	if inPlace {
		if s0.Kept() {
			c.KeptWrittenRows(1)
		} else {
			c.SameImpl(l[0], &s0)
			c.SameStorage(l[0], &s0)
		}
	} else {
		if s0.Kept() {
			c.KeptRows(1)
		} else {
			c.SameImplStorageVersion(l[0], &s0)
		}
		if fp, ok := m0.Metadata(); !s0.MetadataKept(fp, ok) {
			c.SameMetadataOf(l[0], &s0, self)
		}
	}
	if s1.Kept() {
		c.KeptRows(1)
	} else {
		c.SameImplStorageVersion(l[1], &s1)
	}
	if fp, ok := m1.Metadata(); !s1.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[1], &s1, other)
	}
	if inPlace {
		c.ReturnsArg(l[2], &s2, l[0], &s0)
		c.End()
		return ret
	}
	if c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.ImplUseCountLE1(l[2], &s2)
	}
	if !(s2.ImplApart(&s0) && s2.ImplApart(&s1)) {
		c.NotArg(l[2], &s2, l[0], &s0)
		c.NotArg(l[2], &s2, l[1], &s1)
	}
	if c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.StorageUseCountEq1(l[2], &s2)
	}
	if s2.FreshFrom(&s0) && s2.FreshFrom(&s1) {
		c.FreshNoAliasRows(2)
	} else {
		c.FreshNoAlias(l[2], &s2, l[0], &s0)
		c.FreshNoAlias(l[2], &s2, l[1], &s1)
	}
	c.FreshNotHeldAnchor(l[2], &s2, m2.Anchor())
	c.End()
	return ret
}

// The learned path counts what the rows count and reports what they
// report: on legal calls, on a kernel that turns bad once the op has
// learned its counts (two legal calls, then two that break a row of each
// kind the path's tests stand for), alone and under a mode.
func TestLearnedPathCountsAsRows(t *testing.T) {
	col := collect(t)
	oneCycle(t, col)
	cached, empty := newDense(2, 2), &dense{rows: 0, cols: 2, stride: 2}
	type kernel = func(self, other *dense) *dense
	fresh := func(self, other *dense) *dense { return newDense(2, 2) }
	bad := map[string]kernel{
		"legal":    fresh,
		"self":     func(self, other *dense) *dense { return self },
		"other":    func(self, other *dense) *dense { return other },
		"alias":    func(self, other *dense) *dense { return &dense{2, 2, 2, self.data} },
		"cached":   func(self, other *dense) *dense { return cached },
		"empty":    func(self, other *dense) *dense { return empty },
		"nil":      func(self, other *dense) *dense { return nil },
		"rebound":  func(self, other *dense) *dense { self.data = make([]float64, 4); return newDense(2, 2) },
		"reshaped": func(self, other *dense) *dense { other.rows, other.cols, other.stride = 1, 4, 4; return newDense(2, 2) },
		"shrunk":   func(self, other *dense) *dense { other.data = other.data[:2:2]; return newDense(2, 2) },
	}
	inPlaceBad := map[string]kernel{
		"in place":  func(self, other *dense) *dense { return self },
		"new":       fresh,
		"other":     func(self, other *dense) *dense { return other },
		"rebound":   func(self, other *dense) *dense { self.data = make([]float64, 4); return self },
		"reshaped":  func(self, other *dense) *dense { other.rows, other.cols, other.stride = 1, 4, 4; return self },
		"resized":   func(self, other *dense) *dense { self.rows, self.cols, self.stride = 1, 4, 4; return self },
		"nil":       func(self, other *dense) *dense { return nil },
		"unchanged": func(self, other *dense) *dense { return self },
	}
	for _, inPlace := range []bool{false, true} {
		kernels, good := bad, fresh
		if inPlace {
			kernels, good = inPlaceBad, inPlaceBad["in place"]
		}
		for name, k := range kernels {
			for _, mode := range []bool{false, true} {
				var reports [2]int
				var stats [2]asserts.Stats
				for i, learned := range []bool{false, true} {
					op := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
					col.Reset()
					asserts.ReleasedMemory(cached.mem())
					var prev asserts.Env
					if mode {
						prev = asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }))
					}
					for call := range 4 {
						kern := good
						if call >= 2 {
							kern = k
						}
						memAddLearned(op, learned, inPlace, newDense(2, 2), newDense(2, 2), kern)
					}
					if mode {
						asserts.SetEnv(prev)
					}
					reports[i], stats[i] = len(col.Violations()), op.Stats()
				}
				if stats[0] != stats[1] || reports[0] != reports[1] {
					t.Errorf("%s (in place %v, mode %v): rows: %d reports, %+v\nlearned path: %d reports, %+v", name, inPlace, mode, reports[0], stats[0], reports[1], stats[1])
				}
				// an empty or undefined return is skipped (no_storage,
				// undefined), not reported
				legal := name == "legal" || name == "in place" || name == "unchanged" || name == "resized" || name == "empty" || name == "nil"
				if !mode && (legal && reports[1] != 0 || !legal && reports[1] == 0) {
					t.Errorf("%s (in place %v): %d reports", name, inPlace, reports[1])
				}
			}
		}
	}
}

// oneCycle keeps the collector from starting a cycle for the rest of the
// test and makes fresh_not_held's count of collections current, so that
// a storage coming out fresh twice is judged: its identities are
// addresses, judged only within one cycle, by a count the registry reads
// again at a repeat (the first one here, whose report is dropped).
func oneCycle(t *testing.T, col interface{ Reset() }) {
	old := debug.SetGCPercent(-1)
	t.Cleanup(func() { debug.SetGCPercent(old) })
	cached := newDense(2, 2)
	op := &wrap.Op{Name: "neg"}
	for range 2 {
		memAddLearned(op, false, false, newDense(2, 2), newDense(2, 2), func(self, other *dense) *dense { return cached })
	}
	col.Reset()
}

// A checked call allocates nothing on the learned path, nor when it is
// the call an op learns its counts from.
func TestLearnedPathAllocates(t *testing.T) {
	collect(t)
	ops := make([]wrap.Op, 102)
	outs := make([]*dense, 204)
	for i := range outs {
		outs[i] = newDense(2, 2)
	}
	a, b := newDense(2, 2), newDense(2, 2)
	n := 0
	next := func(self, other *dense) *dense { n++; return outs[n-1] }
	i := 0
	learning := testing.AllocsPerRun(100, func() {
		op := &ops[i] // each call the first of its op: the one it learns from
		i++
		op.Name = "add"
		memAddLearned(op, true, false, a, b, next)
	})
	op := &wrap.Op{Name: "add"}
	learned := testing.AllocsPerRun(100, func() { memAddLearned(op, true, false, a, b, next) })
	if learning != 0 || learned != 0 {
		t.Errorf("allocations per call: %v learning, %v on the learned path; want 0", learning, learned)
	}
}

var locsTwoFresh = [2]wrap.Loc{wrap.Ret(0), wrap.Ret(1)}

// twoFresh is an op with two fresh returns (and no argument), as gen
// emits its post helper, with or without the learned path: each return's
// fresh_not_held, then End.
func twoFresh(op *wrap.Op, learned bool, kernel func() (*dense, *dense)) {
	var c wrap.Call
	var s0, s1 wrap.Saved
	l := &locsTwoFresh
	c.Begin(op)
	c.BeginFresh()
	r0, r1 := kernel()
	m0, m1 := r0.mem(), r1.mem()
	if learned && c.QuickPath() && m0.Anchor() != nil && m1.Anchor() != nil && m0.Anchor() != m1.Anchor() {
		if c.Learned(0) {
			c.FreshNotHeldLearned(l[0], unsafe.Pointer(r0), &m0)
			c.FreshNotHeldLearned(l[1], unsafe.Pointer(r1), &m1)
			c.EndLearned()
			return
		}
		c.Learn(0)
	}
	c.ResultMemory(&s0, unsafe.Pointer(r0), &m0)
	c.ResultMemory(&s1, unsafe.Pointer(r1), &m1)
	c.FreshNotHeldAnchor(l[0], &s0, m0.Anchor())
	c.FreshNotHeldAnchor(l[1], &s1, m1.Anchor())
	c.End()
}

// A learned call is counted by its first return's hand-out; when its
// second return then reports, the count is taken back and the call ends
// as the rows would end it: the counts are the rows', with either return
// cached.
func TestLearnedPathCountTakenBack(t *testing.T) {
	col := collect(t)
	oneCycle(t, col)
	cached := newDense(2, 2)
	for _, which := range []int{0, 1} {
		var reports [2]int
		var stats [2]asserts.Stats
		for i, learned := range []bool{false, true} {
			op := &wrap.Op{Name: "two", Policy: checks.Strict}
			col.Reset()
			asserts.ReleasedMemory(cached.mem())
			for call := range 6 {
				twoFresh(op, learned, func() (*dense, *dense) {
					r0, r1 := newDense(2, 2), newDense(2, 2)
					if call >= 3 && which == 0 {
						r0 = cached
					} else if call >= 3 {
						r1 = cached
					}
					return r0, r1
				})
			}
			reports[i], stats[i] = len(col.Violations()), op.Stats()
		}
		if stats[0] != stats[1] || reports[0] != reports[1] || reports[1] != 2 || stats[1].Calls != 6 {
			t.Errorf("return %d cached: rows: %d reports, %+v\nlearned path: %d reports, %+v", which, reports[0], stats[0], reports[1], stats[1])
		}
	}
}

// Learned calls on 8 goroutines at once, counted by their hand-outs
// under the registry's shard locks: every call is counted once, as the
// rows count it, and nothing is reported.
func TestLearnedPathCountsConcurrently(t *testing.T) {
	col := collect(t)
	op := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
	fresh := func(self, other *dense) *dense { return newDense(2, 2) }
	a, b := newDense(2, 2), newDense(2, 2)
	memAddLearned(op, true, false, a, b, fresh) // the call the op learns from
	const goroutines, calls = 8, 500
	var wg sync.WaitGroup
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range calls {
				memAddLearned(op, true, false, a, b, fresh)
			}
		}()
	}
	wg.Wait()
	ref := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
	memAddLearned(ref, false, false, a, b, fresh)
	want := ref.Stats()
	got := op.Stats()
	if got.Calls != 1+goroutines*calls || got.TotalViolations() != 0 || len(col.Violations()) != 0 {
		t.Fatalf("calls %d (want %d), %d violations, %d reports", got.Calls, 1+goroutines*calls, got.TotalViolations(), len(col.Violations()))
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
