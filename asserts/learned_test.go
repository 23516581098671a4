//lint:file-ignore SA1019 these tests hold the memory kind's version-3 entries (deprecated, called by testdata/frozen's sets until MinVersion is 4) to the one path

package asserts_test

import (
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
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
	var s0, s1 wrap.Saved
	m0, m1 := self.mem(), other.mem()
	memAddPre(&c, op, inPlace, &s0, &s1, self, other, &m0, &m1)
	ret := kernel(self, other)
	memAddPost(&c, learned, inPlace, &s0, &s1, self, other, ret)
	return ret
}

// memAddLean is add with the lean path in front, as gen emits it (its
// lean pre and post helpers and its replay, asserts' lean.go), and the
// rows' path with the learned path behind it.
func memAddLean(op *wrap.Op, self, other *dense, kernel func(self, other *dense) *dense) *dense {
	var ln wrap.Lean
	*ln.Slot(unsafe.Pointer(self)) = self.mem()
	*ln.Slot(unsafe.Pointer(other)) = other.mem()
	if ln.Begin(op, 0) {
		leanCalls.Add(1)
		ret := kernel(self, other)
		m0, m1, m2 := self.mem(), other.mem(), ret.mem()
		if !(ln.Unchanged(0, unsafe.Pointer(self), &m0) && ln.Unchanged(1, unsafe.Pointer(other), &m1) && ret != nil && m2.Anchor() != nil &&
			unsafe.Pointer(ret) != unsafe.Pointer(self) && unsafe.Pointer(ret) != unsafe.Pointer(other) && m2.Anchor() != m0.Anchor() && m2.Anchor() != m1.Anchor() &&
			ln.Fresh(locsMemAdd[2], unsafe.Pointer(ret), &m2) && ln.End()) {
			var c wrap.Call
			var s0, s1 wrap.Saved
			b0, b1 := *ln.Mem(0), *ln.Mem(1)
			memAddPre(&c, op, false, &s0, &s1, self, other, &b0, &b1)
			c.Replay(&ln)
			memAddPost(&c, true, false, &s0, &s1, self, other, ret)
		}
		return ret
	}
	var c wrap.Call
	var s0, s1 wrap.Saved
	m0, m1 := self.mem(), other.mem()
	memAddPre(&c, op, false, &s0, &s1, self, other, &m0, &m1)
	c.Calibrate(&ln)
	ret := kernel(self, other)
	memAddPost(&c, true, false, &s0, &s1, self, other, ret)
	return ret
}

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

// leanCalls counts the calls of memAddLean that took the lean path.
var leanCalls atomic.Int64

// memAddPre is add's pre helper, from the arguments' memory m0 and m1.
func memAddPre(c *wrap.Call, op *wrap.Op, inPlace bool, s0, s1 *wrap.Saved, self, other *dense, m0, m1 *asserts.Memory) {
	c.Begin(op)
	if !inPlace {
		c.BeginFresh()
	}
	c.SaveMemory(s0, unsafe.Pointer(self), m0)
	c.SaveMemory(s1, unsafe.Pointer(other), m1)
	if inPlace {
		c.Mutable(s0)
	} else if fp, ok := m0.Metadata(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, self)
	}
	if fp, ok := m1.Metadata(); !c.TakeMetadata(s1, fp, ok) {
		c.SaveMetadataOf(s1, other)
	}
}

// memAddPost is add's post helper, with or without its learned path.
func memAddPost(c *wrap.Call, learned, inPlace bool, s0, s1 *wrap.Saved, self, other, ret *dense) {
	l := &locsMemAdd
	m0, m1 := self.mem(), other.mem()
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
				return
			}
			c.Learn(0)
		}
	}
	var s2 wrap.Saved
	c.AfterMemory(s0, unsafe.Pointer(self), &m0)
	c.AfterMemory(s1, unsafe.Pointer(other), &m1)
	c.ResultMemory(&s2, unsafe.Pointer(ret), &m2)
	if inPlace {
		if s0.Kept() {
			c.KeptWrittenRows(1)
		} else {
			c.SameImpl(l[0], s0)
			c.SameStorage(l[0], s0)
		}
	} else {
		if s0.Kept() {
			c.KeptRows(1)
		} else {
			c.SameImplStorageVersion(l[0], s0)
		}
		if fp, ok := m0.Metadata(); !s0.MetadataKept(fp, ok) {
			c.SameMetadataOf(l[0], s0, self)
		}
	}
	if s1.Kept() {
		c.KeptRows(1)
	} else {
		c.SameImplStorageVersion(l[1], s1)
	}
	if fp, ok := m1.Metadata(); !s1.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[1], s1, other)
	}
	if inPlace {
		c.ReturnsArg(l[2], &s2, l[0], s0)
		c.End()
		return
	}
	if c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.ImplUseCountLE1(l[2], &s2)
	}
	if !(s2.ImplApart(s0) && s2.ImplApart(s1)) {
		c.NotArg(l[2], &s2, l[0], s0)
		c.NotArg(l[2], &s2, l[1], s1)
	}
	if c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.StorageUseCountEq1(l[2], &s2)
	}
	if s2.FreshFrom(s0) && s2.FreshFrom(s1) {
		c.FreshNoAliasRows(2)
	} else {
		c.FreshNoAlias(l[2], &s2, l[0], s0)
		c.FreshNoAlias(l[2], &s2, l[1], s1)
	}
	c.FreshNotHeldAnchor(l[2], &s2, m2.Anchor())
	c.End()
}

// The learned path and the lean path count what the rows count and
// report what they report: on legal calls, on a kernel that turns bad
// once the op has learned its counts and taken the lean path (three legal
// calls: the one the op learns from, the one that calibrates the lean
// path, one on it; then three that break a row of each kind the paths'
// tests stand for), alone and under a mode (where no call takes the lean
// path).
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
				var reports [3]int
				var stats [3]asserts.Stats
				var texts [3]string
				paths := []string{"rows", "learned path", "lean path"}
				if inPlace {
					paths = paths[:2] // no lean path for a call that declares writes
				}
				for i, path := range paths {
					op := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
					col.Reset()
					asserts.ReleasedMemory(cached.mem())
					var prev asserts.Env
					if mode {
						prev = asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }))
					}
					leanCalls.Store(0)
					for call := range 6 {
						kern := good
						if call >= 3 {
							kern = k
						}
						if path == "lean path" {
							memAddLean(op, newDense(2, 2), newDense(2, 2), kern)
						} else {
							memAddLearned(op, path != "rows", inPlace, newDense(2, 2), newDense(2, 2), kern)
						}
					}
					if mode {
						asserts.SetEnv(prev)
					}
					if want := 4; path == "lean path" && !mode && leanCalls.Load() != int64(want) {
						t.Errorf("%s: %d calls on the lean path, want %d", name, leanCalls.Load(), want)
					}
					reports[i], stats[i], texts[i] = len(col.Violations()), op.Stats(), reportTexts(col.Violations())
					if stats[0] != stats[i] || reports[0] != reports[i] {
						t.Errorf("%s (in place %v, mode %v): rows: %d reports, %+v\n%s: %d reports, %+v", name, inPlace, mode, reports[0], stats[0], path, reports[i], stats[i])
					} else if texts[0] != texts[i] {
						t.Errorf("%s (in place %v, mode %v): rows report\n%s\n%s reports\n%s", name, inPlace, mode, texts[0], path, texts[i])
					}
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
// the call an op learns its counts from, nor on the lean path (whose Lean
// stays on the wrapper's stack).
func TestLearnedPathAllocates(t *testing.T) {
	collect(t)
	ops := make([]wrap.Op, 102)
	outs := make([]*dense, 310)
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
	leanOp := &wrap.Op{Name: "add"}
	leanCalls.Store(0)
	lean := testing.AllocsPerRun(100, func() { memAddLean(leanOp, a, b, next) })
	if learning != 0 || learned != 0 || lean != 0 || leanCalls.Load() < 99 {
		t.Errorf("allocations per call: %v learning, %v on the learned path, %v on the lean path (%d calls on it); want 0", learning, learned, lean, leanCalls.Load())
	}
}

var locsTwoFresh = [2]wrap.Loc{wrap.Ret(0), wrap.Ret(1)}

// twoFresh is an op with two fresh returns (and no argument), as gen
// emits its post helper, with or without the learned path: each return's
// fresh_not_held, then End.
func twoFresh(op *wrap.Op, learned bool, kernel func() (*dense, *dense)) {
	var c wrap.Call
	c.Begin(op)
	c.BeginFresh()
	r0, r1 := kernel()
	twoFreshPost(&c, learned, r0, r1)
}

// twoFreshPost is twoFresh's post helper.
func twoFreshPost(c *wrap.Call, learned bool, r0, r1 *dense) {
	var s0, s1 wrap.Saved
	l := &locsTwoFresh
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

// twoFreshLean is twoFresh with the lean path in front: the first
// return's Fresh counts the call, and a replay takes that count back.
func twoFreshLean(op *wrap.Op, kernel func() (*dense, *dense)) {
	var ln wrap.Lean
	if ln.Begin(op, 0) {
		leanCalls.Add(1)
		r0, r1 := kernel()
		m0, m1 := r0.mem(), r1.mem()
		if !(m0.Anchor() != nil && m1.Anchor() != nil && m0.Anchor() != m1.Anchor() &&
			ln.Fresh(locsTwoFresh[0], unsafe.Pointer(r0), &m0) && ln.Fresh(locsTwoFresh[1], unsafe.Pointer(r1), &m1) && ln.End()) {
			var c wrap.Call
			c.Begin(op)
			c.BeginFresh()
			c.Replay(&ln)
			twoFreshPost(&c, true, r0, r1)
		}
		return
	}
	var c wrap.Call
	c.Begin(op)
	c.BeginFresh()
	c.Calibrate(&ln)
	r0, r1 := kernel()
	twoFreshPost(&c, true, r0, r1)
}

// A learned call is counted by its first return's hand-out; when its
// second return then reports, the count is taken back and the call ends
// as the rows would end it: the counts are the rows', with either return
// cached, on the learned path and on the lean path.
func TestLearnedPathCountTakenBack(t *testing.T) {
	col := collect(t)
	oneCycle(t, col)
	cached := newDense(2, 2)
	for _, which := range []int{0, 1} {
		var reports [3]int
		var stats [3]asserts.Stats
		var texts [3]string
		for i, path := range []string{"rows", "learned path", "lean path"} {
			op := &wrap.Op{Name: "two", Policy: checks.Strict}
			col.Reset()
			asserts.ReleasedMemory(cached.mem())
			leanCalls.Store(0)
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
				if path == "lean path" {
					twoFreshLean(op, kernel)
				} else {
					twoFresh(op, path != "rows", kernel)
				}
			}
			reports[i], stats[i], texts[i] = len(col.Violations()), op.Stats(), reportTexts(col.Violations())
			if stats[0] != stats[i] || reports[0] != reports[i] || reports[i] != 2 || stats[i].Calls != 6 {
				t.Errorf("return %d cached: rows: %d reports, %+v\n%s: %d reports, %+v", which, reports[0], stats[0], path, reports[i], stats[i])
			} else if texts[0] != texts[i] {
				t.Errorf("return %d cached: rows report\n%s\n%s reports\n%s", which, texts[0], path, texts[i])
			}
			if path == "lean path" && leanCalls.Load() != 4 {
				t.Errorf("return %d cached: %d calls on the lean path, want 4", which, leanCalls.Load())
			}
		}
	}
}

// Learned calls, and calls on the lean path, on 8 goroutines at once,
// counted by their hand-outs under the registry's shard locks: every call
// is counted once, as the rows count it, and nothing is reported.
func TestLearnedPathCountsConcurrently(t *testing.T) {
	col := collect(t)
	fresh := func(self, other *dense) *dense { return newDense(2, 2) }
	a, b := newDense(2, 2), newDense(2, 2)
	for _, lean := range []bool{false, true} {
		call := func(op *wrap.Op) {
			if lean {
				memAddLean(op, a, b, fresh)
			} else {
				memAddLearned(op, true, false, a, b, fresh)
			}
		}
		op := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
		call(op) // the call the op learns from
		call(op) // the call that calibrates its lean path
		leanCalls.Store(0)
		const goroutines, calls = 8, 500
		var wg sync.WaitGroup
		for range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range calls {
					call(op)
				}
			}()
		}
		wg.Wait()
		ref := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
		memAddLearned(ref, false, false, a, b, fresh)
		want := ref.Stats()
		got := op.Stats()
		if got.Calls != 2+goroutines*calls || got.TotalViolations() != 0 || len(col.Violations()) != 0 {
			t.Fatalf("lean %v: calls %d (want %d), %d violations, %d reports", lean, got.Calls, 2+goroutines*calls, got.TotalViolations(), len(col.Violations()))
		}
		if lean && leanCalls.Load() != goroutines*calls {
			t.Errorf("%d calls on the lean path, want %d", leanCalls.Load(), goroutines*calls)
		}
		for k := range got.Ran {
			if got.Ran[k] != got.Calls*want.Ran[k] {
				t.Errorf("lean %v: check %d ran %d times, want %d", lean, k, got.Ran[k], got.Calls*want.Ran[k])
			}
		}
		for r := range got.Skipped {
			if got.Skipped[r] != got.Calls*want.Skipped[r] {
				t.Errorf("lean %v: reason %d skipped %d times, want %d", lean, r, got.Skipped[r], got.Calls*want.Skipped[r])
			}
		}
	}
}

var locsMemView = [2]wrap.Loc{wrap.Arg("self"), wrap.Ret(0)}

// memView is a view op (narrow's rows) on the tensor type read through
// its memory, as gen emits it: with lean, the lean path in front (its
// post helper ends a call with no fresh return, Lean.End); the rows'
// path with the learned path behind it either way.
func memView(op *wrap.Op, lean bool, self *dense, kernel func(self *dense) *dense) *dense {
	var ln wrap.Lean
	if lean {
		*ln.Slot(unsafe.Pointer(self)) = self.mem()
		if ln.Begin(op, 0) {
			leanCalls.Add(1)
			ret := kernel(self)
			m0, m1 := self.mem(), ret.mem()
			if !(ln.Unchanged(0, unsafe.Pointer(self), &m0) && ret != nil && m1.Anchor() != nil && unsafe.Pointer(ret) != unsafe.Pointer(self) && m1.Anchor() == m0.Anchor() && ln.End()) {
				var c wrap.Call
				var s0 wrap.Saved
				b0 := *ln.Mem(0)
				memViewPre(&c, op, &s0, self, &b0)
				c.Replay(&ln)
				memViewPost(&c, &s0, self, ret)
			}
			return ret
		}
	}
	var c wrap.Call
	var s0 wrap.Saved
	m0 := self.mem()
	memViewPre(&c, op, &s0, self, &m0)
	c.Calibrate(&ln)
	ret := kernel(self)
	memViewPost(&c, &s0, self, ret)
	return ret
}

func memViewPre(c *wrap.Call, op *wrap.Op, s0 *wrap.Saved, self *dense, m0 *asserts.Memory) {
	l := &locsMemView
	c.Begin(op)
	c.SaveMemory(s0, unsafe.Pointer(self), m0)
	if fp, ok := m0.Metadata(); !c.TakeMetadata(s0, fp, ok) {
		c.SaveMetadataOf(s0, self)
	}
	if !c.Hermetic() && s0.Plain() {
		c.BindingContextRows(1)
	} else {
		c.BindingContext(l[0], s0, self)
	}
}

func memViewPost(c *wrap.Call, s0 *wrap.Saved, self, ret *dense) {
	l := &locsMemView
	m0, m1 := self.mem(), ret.mem()
	if c.QuickPath() && s0.Unchanged(&m0) && ret != nil && m1.Anchor() != nil && unsafe.Pointer(ret) != unsafe.Pointer(self) && m1.Anchor() == m0.Anchor() {
		if c.Learned(0) {
			c.EndLearned()
			return
		}
		c.Learn(0)
	}
	var s1 wrap.Saved
	if c.Hermetic() {
		c.BindingContextAfter(l[0], s0, self)
	}
	c.AfterMemory(s0, unsafe.Pointer(self), &m0)
	c.ResultMemory(&s1, unsafe.Pointer(ret), &m1)
	if s0.Kept() {
		c.KeptRows(1)
	} else {
		c.SameImplStorageVersion(l[0], s0)
	}
	if fp, ok := m0.Metadata(); !s0.MetadataKept(fp, ok) {
		c.SameMetadataOf(l[0], s0, self)
	}
	if c.Uncounted(&s1) {
		c.UncountedRows(1)
	} else {
		c.ImplUseCountLE1(l[1], &s1)
	}
	if !s1.ImplApart(s0) {
		c.NotArg(l[1], &s1, l[0], s0)
	}
	c.SharesStorage(l[1], &s1, l[0], s0)
	c.ViewHoldsStorage(l[1], &s1, l[0], s0)
	c.End()
}

// The lean path of a view op counts and reports what the rows do, and
// takes the path only under the conditions its op was calibrated for
// (without an Env): an Env registered after the calibration changes
// binding_context's counts, and the calls under it take the rows' path
// until it goes.
func TestLeanPathViewAndEnv(t *testing.T) {
	col := collect(t)
	kernels := map[string]func(self *dense) *dense{
		"view": func(self *dense) *dense { return &dense{1, 2, 2, self.data} },
		"copy": func(self *dense) *dense { return newDense(1, 2) },
		"self": func(self *dense) *dense { return self },
		"reshaped": func(self *dense) *dense {
			self.rows, self.cols, self.stride = 1, 4, 4
			return &dense{1, 2, 2, self.data}
		},
	}
	plain := envFunc(func() asserts.EnvState { return asserts.EnvState{} })
	prev := asserts.SetEnv(nil)
	t.Cleanup(func() { asserts.SetEnv(prev) })
	for name, k := range kernels {
		var reports [2]int
		var stats [2]asserts.Stats
		var lean [2]int64
		for i, withLean := range []bool{false, true} {
			op := &wrap.Op{Name: "narrow", Policy: checks.Strict}
			col.Reset()
			leanCalls.Store(0)
			for call := range 12 {
				switch call {
				case 6:
					asserts.SetEnv(plain)
				case 9:
					asserts.SetEnv(nil)
				}
				kern := k
				if call < 3 || call%3 == 0 {
					kern = kernels["view"]
				}
				memView(op, withLean, newDense(2, 2), kern)
			}
			reports[i], stats[i], lean[i] = len(col.Violations()), op.Stats(), leanCalls.Load()
		}
		if stats[0] != stats[1] || reports[0] != reports[1] {
			t.Errorf("%s: rows: %d reports, %+v\nlean path: %d reports, %+v", name, reports[0], stats[0], reports[1], stats[1])
		}
		// calls 2 to 5 and 9 to 11 on the lean path: not 6 to 8, under the
		// Env the op was not calibrated with
		if lean[1] != 7 {
			t.Errorf("%s: %d calls on the lean path, want 7", name, lean[1])
		}
		if name != "view" && reports[1] == 0 {
			t.Errorf("%s: not reported", name)
		}
	}
}
