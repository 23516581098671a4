//lint:file-ignore SA1019 these tests hold the memory kind's version-3 entries (deprecated, called by testdata/frozen's sets until MinVersion is 4) to the one path

package asserts_test

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
)

var locsMemAdd = [3]wrap.Loc{wrap.Arg("self"), wrap.Arg("other"), wrap.Ret(0)}

// memAddRows is an op on a tensor type read through its memory (dense) as
// gen emits it for a memory: runtime: self written in place when inPlace
// (add_: same_impl and same_storage, then returns_arg), read only
// otherwise (add: the three unchanged rows, then the fresh return's
// use-count rows, not_arg_handle, fresh_no_alias, fresh_not_held); other
// read only. With short it takes the shortcuts (Saved.Kept with
// Call.KeptRows or Call.KeptWrittenRows, Call.Uncounted with
// Call.UncountedRows); without, it calls every row.
func memAddRows(op *wrap.Op, short, inPlace bool, self, other *dense, kernel func(self, other *dense) *dense) *dense {
	var c wrap.Call
	var s0, s1, s2 wrap.Saved
	l := &locsMemAdd
	c.Begin(op)
	c.BeginFresh()
	m0, m1 := self.mem(), other.mem()
	c.SaveMemory(&s0, unsafe.Pointer(self), &m0)
	c.SaveMemory(&s1, unsafe.Pointer(other), &m1)
	if inPlace {
		c.Mutable(&s0)
	}
	ret := kernel(self, other)
	m0, m1 = self.mem(), other.mem()
	c.AfterMemory(&s0, unsafe.Pointer(self), &m0)
	c.AfterMemory(&s1, unsafe.Pointer(other), &m1)
	m2 := ret.mem()
	c.ResultMemory(&s2, unsafe.Pointer(ret), &m2)
	switch {
	case inPlace && short && s0.Kept():
		c.KeptWrittenRows(1)
	case inPlace:
		c.SameImpl(l[0], &s0)
		c.SameStorage(l[0], &s0)
	case short && s0.Kept():
		c.KeptRows(1)
	default:
		c.SameImplStorageVersion(l[0], &s0)
	}
	if short && s1.Kept() {
		c.KeptRows(1)
	} else {
		c.SameImplStorageVersion(l[1], &s1)
	}
	if inPlace {
		c.ReturnsArg(l[2], &s2, l[0], &s0)
		c.End()
		return ret
	}
	if short && c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.ImplUseCountLE1(l[2], &s2)
	}
	c.NotArg(l[2], &s2, l[0], &s0)
	c.NotArg(l[2], &s2, l[1], &s1)
	if short && c.Uncounted(&s2) {
		c.UncountedRows(1)
	} else {
		c.StorageUseCountEq1(l[2], &s2)
	}
	c.FreshNoAlias(l[2], &s2, l[0], &s0)
	c.FreshNoAlias(l[2], &s2, l[1], &s1)
	c.FreshNotHeldAnchor(l[2], &s2, m2.Anchor())
	c.End()
	return ret
}

// The memory path's shortcuts count exactly what the rows called one by
// one count, and report the same: on legal kernels and on kernels that
// swap an argument's storage or handle, return an argument, an empty
// tensor or a cached output, alone and under a mode.
func TestMemoryShortcutsCountAsRows(t *testing.T) {
	col := collect(t)
	oneCycle(t, col)
	cached, empty := newDense(2, 2), &dense{rows: 0, cols: 2, stride: 2}
	kernels := map[string]func(self, other *dense) *dense{
		"legal":    func(self, other *dense) *dense { return newDense(2, 2) },
		"in place": func(self, other *dense) *dense { return self },
		"self":     func(self, other *dense) *dense { return self },
		"cached":   func(self, other *dense) *dense { return cached },
		"empty":    func(self, other *dense) *dense { return empty },
		"rebound":  func(self, other *dense) *dense { self.data = make([]float64, 4); return newDense(2, 2) },
		"shrunk":   func(self, other *dense) *dense { other.data = other.data[:2:2]; return newDense(2, 2) },
	}
	for _, name := range []string{"legal", "in place", "self", "cached", "empty", "rebound", "shrunk"} {
		for _, mode := range []bool{false, true} {
			inPlace := name == "in place" || name == "rebound"
			var reports [2]int
			var stats [2]asserts.Stats
			for i, short := range []bool{false, true} {
				op := &wrap.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
				col.Reset()
				asserts.ReleasedMemory(cached.mem()) // fresh_not_held's registry starts afresh
				var prev asserts.Env
				if mode {
					prev = asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }))
				}
				for range 3 {
					a, b := newDense(2, 2), newDense(2, 2)
					memAddRows(op, short, inPlace, a, b, kernels[name])
				}
				if mode {
					asserts.SetEnv(prev)
				}
				reports[i], stats[i] = len(col.Violations()), op.Stats()
			}
			if stats[0] != stats[1] || reports[0] != reports[1] {
				t.Errorf("%s (mode %v): rows one by one: %d reports, %+v\nshortcuts: %d reports, %+v", name, mode, reports[0], stats[0], reports[1], stats[1])
			}
			legal := name == "legal" || name == "in place" || name == "empty"
			if !mode && (legal && reports[1] != 0 || !legal && reports[1] == 0) {
				t.Errorf("%s: %d reports", name, reports[1])
			}
		}
	}
}

// The shortcuts' tests hold on the plain snapshots of the memory path
// and on nothing else.
func TestMemoryShortcutTests(t *testing.T) {
	var c wrap.Call
	c.Begin(&wrap.Op{Name: "kept"})
	a, e := newDense(2, 2), &dense{rows: 0, cols: 2, stride: 2}
	var sa, se, ra, re wrap.Saved
	ma, me := a.mem(), e.mem()
	c.SaveMemory(&sa, unsafe.Pointer(a), &ma)
	c.SaveMemory(&se, unsafe.Pointer(e), &me)
	if sa.Kept() {
		t.Error("Kept before AfterMemory")
	}
	c.AfterMemory(&sa, unsafe.Pointer(a), &ma)
	c.AfterMemory(&se, unsafe.Pointer(e), &me)
	if !sa.Kept() || se.Kept() {
		t.Errorf("Kept: %v for a plain argument, %v for one without storage", sa.Kept(), se.Kept())
	}
	b := newDense(2, 2)
	mb := b.mem()
	var sb wrap.Saved
	c.SaveMemory(&sb, unsafe.Pointer(b), &mb)
	b.data = b.data[:2]
	mb = b.mem() // the same anchor (the array's last byte), another window
	c.AfterMemory(&sb, unsafe.Pointer(b), &mb)
	if !sb.Kept() {
		t.Error("Kept fails on an argument whose window moved on its array (same_metadata's business)")
	}
	b.data = make([]float64, 4)
	mb = b.mem()
	c.AfterMemory(&sb, unsafe.Pointer(b), &mb)
	if sb.Kept() {
		t.Error("Kept on an argument rebound to another array")
	}
	c.ResultMemory(&ra, unsafe.Pointer(a), &ma)
	c.ResultMemory(&re, unsafe.Pointer(e), &me)
	if !c.Uncounted(&ra) || c.Uncounted(&re) {
		t.Errorf("Uncounted: %v for a plain return, %v for one without storage", c.Uncounted(&ra), c.Uncounted(&re))
	}
	var n wrap.Saved
	c.ResultMemory(&n, nil, &asserts.Memory{})
	if c.Uncounted(&n) {
		t.Error("Uncounted on the undefined return")
	}
	c.Abandon()
}
