package engine_test

// The one path of the memory kind (engine.Frame's memory reads, BeginMemory,
// EndMemory) held to the rows: hand-written wrappers of what gen emits at
// version 4 for a memory: runtime, over dense (memory_test.go), run on the
// fast plan and forced onto the rows (engine.SetRowsOnly), against
// testdata/frame_memory*.golden, written from wrappers that called every
// row's entry.

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

func denseOf(h unsafe.Pointer) asserts.Identity { return (*dense)(h) }

func denseElem(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**dense)(h), i+1)[i] }

// memKernels are the kernels the memory wrappers call.
type memKernels struct {
	add, addInPlace func(self, other *dense) *dense
	view            func(self *dense) *dense
	cat             func(ts []*dense) *dense
	split           func(self *dense) []*dense
	unbindCopy      func(self *dense) []*dense
}

var memCorrect = memKernels{
	add: func(self, other *dense) *dense { return newDense(2, 2) },
	addInPlace: func(self, other *dense) *dense {
		self.Data[0]++
		return self
	},
	view: func(self *dense) *dense { return self.Slice(0, 1) },
	cat:  func(ts []*dense) *dense { return newDense(len(ts)*2, 2) },
	split: func(self *dense) []*dense {
		return []*dense{self.Slice(0, 1), self.Slice(1, 2)}
	},
	unbindCopy: func(self *dense) []*dense { return []*dense{newDense(1, 2), newDense(1, 2)} },
}

var memK = memCorrect

// argRows are the rows of an argument the op reads only, in the plan's
// order.
func argRows(t int8) []engine.Row {
	return rows(unchanged(t), []engine.Row{row(checks.SameContent, t, -1), row(checks.SameMetadata, t, -1), row(checks.BindingContext, t, -1)})
}

var (
	opMemAddF     = engine.Op{Name: "add"}
	opMemAddInPlF = engine.Op{Name: "add_"}
	opMemViewF    = engine.Op{Name: "narrow"}
	opMemCatF     = engine.Op{Name: "cat"}
	// cat of nine elements is an op of its own, calibrated for nine
	opMemCat9F   = engine.Op{Name: "cat"}
	opMemSplitF  = engine.Op{Name: "split"}
	opMemUnbindF = engine.Op{Name: "unbind_copy"}
	// the op memCatF calls
	memCatOpF = &opMemCatF
)

var shapeMemAdd = engine.Shape{
	Args: 2, Rets: 1,
	Rows: rows(argRows(0), argRows(1),
		[]engine.Row{row(checks.ImplUseCountLE1, 2, -1), row(checks.NotArgHandle, 2, 0), row(checks.NotArgHandle, 2, 1),
			row(checks.StorageUseCountEq1, 2, -1), row(checks.FreshNoAlias, 2, 0), row(checks.FreshNoAlias, 2, 1),
			row(checks.FreshNotHeld, 2, -1)}),
	Locs:   locsMemAdd[:],
	Tensor: denseOf, Elem: denseElem,
}

var shapeMemAddInPl = engine.Shape{
	Args: 2, Rets: 1,
	Rows: rows([]engine.Row{row(checks.SameImpl, 0, -1), row(checks.SameStorage, 0, -1), row(checks.BindingContext, 0, -1)},
		argRows(1), []engine.Row{row(checks.ReturnsArg, 2, 0)}),
	Locs:   locsMemAdd[:],
	Writes: []int8{0},
	Tensor: denseOf, Elem: denseElem,
}

var shapeMemView = engine.Shape{
	Args: 1, Rets: 1,
	Rows: rows(argRows(0), []engine.Row{row(checks.ImplUseCountLE1, 1, -1), row(checks.NotArgHandle, 1, 0),
		row(checks.SharesStorage, 1, 0), row(checks.ViewHoldsStorage, 1, 0)}),
	Locs:   locsMemView[:],
	Tensor: denseOf, Elem: denseElem,
}

var locsMemCat = [2]engine.Loc{engine.Arg("tensors"), engine.Ret(0)}

func listRow(k checks.Check, t, u int8) engine.Row {
	return engine.Row{Check: k, Form: engine.FormArgList, T: t, U: u}
}

var shapeMemCat = engine.Shape{
	Args: 1, Rets: 1, Lists: 1,
	Rows: []engine.Row{listRow(checks.SameImpl, 0, -1), listRow(checks.SameStorage, 0, -1), listRow(checks.NoMutation, 0, -1),
		listRow(checks.SameContent, 0, -1), listRow(checks.SameMetadata, 0, -1), listRow(checks.BindingContext, 0, -1),
		row(checks.ImplUseCountLE1, 1, -1), listRow(checks.NotArgHandle, 1, 0), row(checks.StorageUseCountEq1, 1, -1),
		listRow(checks.FreshNoAlias, 1, 0), row(checks.FreshNotHeld, 1, -1)},
	Locs:   locsMemCat[:],
	Tensor: denseOf, Elem: denseElem,
}

// shapeMemSplit is split.Tensor's (a list return of views of self), as
// gen writes it for a memory: runtime.
var shapeMemSplit = engine.Shape{
	Args: 1, Rets: 1, Lists: 1 << 1,
	Rows: rows(argRows(0), []engine.Row{retListRow(checks.ImplUseCountEqFresh, 1, -1), retListRow(checks.NotArgHandle, 1, 0),
		retListRow(checks.SharesStorage, 1, 0), retListRow(checks.ViewHoldsStorage, 1, 0)}),
	Locs:   locsMemView[:],
	Tensor: denseOf, Elem: denseElem,
}

// shapeMemUnbind is unbind_copy.int's (a fresh list return), as gen
// writes it for a memory: runtime.
var shapeMemUnbind = engine.Shape{
	Args: 1, Rets: 1, Lists: 1 << 1,
	Rows: rows(argRows(0), []engine.Row{retListRow(checks.ImplUseCountEqFresh, 1, -1), retListRow(checks.NotArgHandle, 1, 0),
		retListRow(checks.StorageUseCountEq1, 1, -1), retListRow(checks.FreshNoAlias, 1, 0), retListRow(checks.FreshNotHeld, 1, -1),
		{Check: checks.DistinctOutputs, Form: engine.FormOne, T: 1, U: -1, Set: 1 << 1}}),
	Locs:   locsMemView[:],
	Tensor: denseOf, Elem: denseElem,
}

func retListRow(k checks.Check, t, u int8) engine.Row {
	return engine.Row{Check: k, Form: engine.FormRetList, T: t, U: u}
}

type (
	memFrameSplit = engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
	memFrame2     = engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	memFrame3     = engine.Frame[[3]engine.Slot, [0]engine.ListSlot]
	memFrameCat   = engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
)

// memAddF is add on the one path (inPlace: add_), as gen emits it.
func memAddF(inPlace bool, self, other *dense) *dense {
	op, sh, k := &opMemAddF, &shapeMemAdd, memK.add
	if inPlace {
		op, sh, k = &opMemAddInPlF, &shapeMemAddInPl, memK.addInPlace
	}
	var f memFrame3
	f.Open()
	f.ArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.ArgMemory(1, unsafe.Pointer(other), other.Mem())
	f.BeginMemory(op, sh)
	if inPlace {
		defer f.Abandon()
	}
	r := k(self, other)
	f.AfterArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.AfterArgMemory(1, unsafe.Pointer(other), other.Mem())
	f.RetMemory(2, unsafe.Pointer(r), r.Mem())
	f.EndMemory()
	return r
}

// memViewF is narrow on the one path.
func memViewF(self *dense) *dense {
	var f memFrame2
	f.Open()
	f.ArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.BeginMemory(&opMemViewF, &shapeMemView)
	r := memK.view(self)
	f.AfterArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.RetMemory(1, unsafe.Pointer(r), r.Mem())
	f.EndMemory()
	return r
}

// memCatF is cat on the one path.
func memCatF(ts []*dense) *dense {
	var f memFrameCat
	f.Open()
	f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
	for j, e := range ts {
		f.ElemMemory(0, j, unsafe.Pointer(e), e.Mem())
	}
	f.BeginMemory(memCatOpF, &shapeMemCat)
	r := memK.cat(ts)
	f.AfterList(0, len(ts))
	for j, e := range ts {
		f.AfterElemMemory(0, j, unsafe.Pointer(e), e.Mem())
	}
	f.RetMemory(0, unsafe.Pointer(r), r.Mem())
	f.EndMemory()
	return r
}

// memSplitF is split on the one path: its list return read by its
// elements' identities and anchors (the adapter's, of their memory).
func memSplitF(self *dense) []*dense {
	return memListRetF(&opMemSplitF, &shapeMemSplit, memK.split, self)
}

// memUnbindF is unbind_copy on the one path.
func memUnbindF(self *dense) []*dense {
	return memListRetF(&opMemUnbindF, &shapeMemUnbind, memK.unbindCopy, self)
}

// memListRetF is an op of one argument and a list return on the one path.
func memListRetF(op *engine.Op, sh *engine.Shape, k func(*dense) []*dense, self *dense) []*dense {
	var f memFrameSplit
	f.Open()
	f.ArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.BeginMemory(op, sh)
	r := k(self)
	f.AfterArgMemory(0, unsafe.Pointer(self), self.Mem())
	f.List(0, len(r), unsafe.Pointer(unsafe.SliceData(r)))
	for j, e := range r {
		f.RetElemIdent(0, j, e.Ident(), e.StorageAnchor())
	}
	f.RetListRead(0)
	f.EndMemory()
	return r
}

// memHeld keeps the returns of the cases alive, so that fresh_not_held
// judges the addresses a kernel hands out twice; reset for each run.
var memHeld []*dense

func memCases() []pathCase {
	keep := func(r *dense) { memHeld = append(memHeld, r) }
	calls := 0
	return []pathCase{
		{"add", &opMemAddF, func() {
			a, b := newDense(2, 2), newDense(2, 2)
			keep(memAddF(false, a, b))
		}},
		{"add_", &opMemAddInPlF, func() {
			a, b := newDense(2, 2), newDense(2, 2)
			keep(memAddF(true, a, b))
		}},
		{"narrow", &opMemViewF, func() {
			keep(memViewF(newDense(2, 2)))
		}},
		{"cat", &opMemCatF, func() {
			keep(memCatF([]*dense{newDense(2, 2), newDense(2, 2), newDense(2, 2)}))
		}},
		{"cat/one", &opMemCatF, func() {
			keep(memCatF([]*dense{newDense(2, 2)}))
		}},
		{"cat/undefined", &opMemCatF, func() {
			// an element undefined or without storage, after plain calls
			// that calibrated the op (for three elements, as cat above),
			// is not plain: the call leaves the fast plan before the kernel
			ts := []*dense{newDense(2, 2), newDense(2, 2), newDense(2, 2)}
			switch calls++; calls % 4 {
			case 2:
				ts[1] = nil
			case 0:
				ts[1] = newDense(0, 0)
			}
			keep(memCatF(ts))
		}},
		{"split", &opMemSplitF, func() {
			for _, r := range memSplitF(newDense(2, 2)) {
				keep(r)
			}
		}},
		{"unbind_copy", &opMemUnbindF, func() {
			for _, r := range memUnbindF(newDense(2, 2)) {
				keep(r)
			}
		}},
		{"cat/nine", &opMemCat9F, func() {
			ts := make([]*dense, 9) // past the ListSlot's inline elements
			for i := range ts {
				ts[i] = newDense(2, 2)
			}
			memCatOpF = &opMemCat9F
			defer func() { memCatOpF = &opMemCatF }()
			keep(memCatF(ts))
		}},
	}
}

// memBroken are kernels with the bugs the checks of a runtime without use
// counts catch, each a variant of the correct ones.
func memBroken() map[string]memKernels {
	ks := map[string]memKernels{}
	cached := newDense(2, 2)
	set := func(name string, f func(k *memKernels)) {
		k := memCorrect
		f(&k)
		ks[name] = k
	}
	set("add returns self", func(k *memKernels) { k.add = func(self, other *dense) *dense { return self } })
	set("add returns a view of other", func(k *memKernels) { k.add = func(self, other *dense) *dense { return other.Slice(0, 2) } })
	set("add returns a cached tensor", func(k *memKernels) { k.add = func(self, other *dense) *dense { return cached } })
	set("add reshapes other", func(k *memKernels) {
		k.add = func(self, other *dense) *dense {
			other.Rows, other.Cols, other.Stride = 1, 4, 4
			return newDense(2, 2)
		}
	})
	set("add rebinds other", func(k *memKernels) {
		k.add = func(self, other *dense) *dense {
			other.Data = make([]float64, 4)
			return newDense(2, 2)
		}
	})
	set("add writes other", func(k *memKernels) {
		k.add = func(self, other *dense) *dense {
			other.Data[1]++
			return newDense(2, 2)
		}
	})
	set("add_ returns a new tensor", func(k *memKernels) { k.addInPlace = func(self, other *dense) *dense { return newDense(2, 2) } })
	set("add_ rebinds self", func(k *memKernels) {
		k.addInPlace = func(self, other *dense) *dense {
			self.Data = make([]float64, 4)
			return self
		}
	})
	set("narrow copies", func(k *memKernels) { k.view = func(self *dense) *dense { return newDense(1, 2) } })
	set("narrow returns self", func(k *memKernels) { k.view = func(self *dense) *dense { return self } })
	set("split copies", func(k *memKernels) {
		k.split = func(self *dense) []*dense { return []*dense{newDense(1, 2), newDense(1, 2)} }
	})
	set("split returns self", func(k *memKernels) {
		k.split = func(self *dense) []*dense { return []*dense{self, self.Slice(1, 2)} }
	})
	set("split reshapes self", func(k *memKernels) {
		k.split = func(self *dense) []*dense {
			self.Rows, self.Cols = 1, 4
			return []*dense{self.Slice(0, 1)}
		}
	})
	set("unbind_copy returns views", func(k *memKernels) {
		k.unbindCopy = func(self *dense) []*dense { return []*dense{self.Slice(0, 1), self.Slice(1, 2)} }
	})
	set("unbind_copy returns a cached tensor", func(k *memKernels) {
		k.unbindCopy = func(self *dense) []*dense { return []*dense{cached, newDense(1, 2)} }
	})
	set("unbind_copy returns one tensor twice", func(k *memKernels) {
		k.unbindCopy = func(self *dense) []*dense {
			r := newDense(1, 2)
			return []*dense{r, r}
		}
	})
	set("cat returns an element", func(k *memKernels) { k.cat = func(ts []*dense) *dense { return ts[0] } })
	set("cat returns a cached tensor", func(k *memKernels) { k.cat = func(ts []*dense) *dense { return cached } })
	set("cat swaps an element for a copy of its header", func(k *memKernels) {
		k.cat = func(ts []*dense) *dense {
			h := *ts[0] // the same storage and geometry: only the handle differs
			ts[0] = &h
			return newDense(2, 2)
		}
	})
	set("cat swaps its last element for a copy of its header", func(k *memKernels) {
		k.cat = func(ts []*dense) *dense {
			h := *ts[len(ts)-1]
			ts[len(ts)-1] = &h
			return newDense(2, 2)
		}
	})
	set("cat reshapes an element", func(k *memKernels) {
		k.cat = func(ts []*dense) *dense {
			ts[0].Rows, ts[0].Cols = 1, 2
			return newDense(2, 2)
		}
	})
	return ks
}

// runMem is runPath with the returns the calls keep, memHeld, dropped
// before and after.
func runMem(t *testing.T, c pathCase, rows bool, calls int) pathOutcome {
	t.Helper()
	memHeld = memHeld[:0]
	defer func() { memHeld = memHeld[:0] }()
	return runPath(t, c, rows, calls)
}

// TestFrameMemoryCountsAsRowsPath holds the memory kind's one path to its
// rows: on every case, plain, under a mode, in a hermetic context, with
// same_content on and with each broken kernel, the op's statistics (check
// by check, skip by reason) and the violations are the same, over enough
// calls that the plain ones calibrate the op and take the fast plan.
func TestFrameMemoryCountsAsRowsPath(t *testing.T) {
	kernelSets := memBroken()
	kernelSets["correct"] = memCorrect
	defer func() { memK = memCorrect }()
	oneCycle(t, collect(t)) // no collection between two hand-outs of one address
	g := golden.ReadScenarios(t, filepath.Join("testdata", "frame_memory.golden"))
	defer g.Write(t)
	for _, kname := range sortedKeys(kernelSets) {
		for _, ename := range sortedKeys(pathEnvs) {
			for _, content := range []bool{false, true} {
				for _, c := range memCases() {
					name := fmt.Sprintf("%s/%s/content=%v/%s", kname, ename, content, c.name)
					t.Run(name, func(t *testing.T) {
						defer asserts.SetEnv(asserts.SetEnv(pathEnvs[ename]))
						defer asserts.SetContentCheck(asserts.SetContentCheck(content))
						kernels := func() memKernels { // a cached tensor of each run's own
							if kname == "correct" {
								return memCorrect
							}
							return memBroken()[kname]
						}
						memK = kernels()
						fast := runMem(t, c, false, 4)
						memK = kernels()
						rows := runMem(t, c, true, 4)
						g.Check(t, name, fast.text(c.name), rows.text(c.name))
					})
				}
			}
		}
	}
}

// TestFrameMemoryLateBug: a kernel that turns bad after 1,000 good calls
// (it returns a tensor it keeps, which fresh_not_held catches; then
// self) is reported at its call on the fast plan, with the statistics of
// the same calls forced onto the rows (engine.SetRowsOnly).
func TestFrameMemoryLateBug(t *testing.T) {
	defer func() { memK = memCorrect }()
	oneCycle(t, collect(t))
	for _, bad := range []string{"cached", "self"} {
		var got [2]asserts.Stats
		for i, rows := range []bool{false, true} {
			prevRows := engine.SetRowsOnly(rows)
			n := 0
			cached := newDense(2, 2)
			memK = memCorrect
			memK.add = func(self, other *dense) *dense {
				if n++; n <= 1000 {
					return newDense(2, 2)
				}
				if bad == "self" {
					return self
				}
				return cached
			}
			col := asserts.NewCollector()
			prev := asserts.SetHandler(col)
			asserts.ResetStats()
			a, b := newDense(2, 2), newDense(2, 2)
			at := -1
			var keep []*dense
			for i := range 1010 {
				before := len(col.Violations())
				keep = append(keep, memAddF(false, a, b))
				if at < 0 && len(col.Violations()) > before {
					at = i
				}
			}
			asserts.SetHandler(prev)
			want := 1000
			if bad == "cached" {
				want = 1001 // the first hand-out of the cached tensor is legal
			}
			if at != want {
				t.Errorf("%s, rows=%v: first violation at call %d, want %d", bad, rows, at, want)
			}
			engine.SetRowsOnly(prevRows)
			got[i] = opMemAddF.Stats()
			if got[i].Calls != 1010 {
				t.Errorf("%s, rows=%v: %d calls", bad, rows, got[i].Calls)
			}
			_ = keep
		}
		if got[0] != got[1] {
			t.Errorf("%s: stats:\non the fast plan %+v\nforced onto the rows %+v", bad, got[0], got[1])
		}
	}
}

// TestFrameMemoryAllocates: a plain call of the memory kind's one path
// allocates nothing but what its kernel does.
func TestFrameMemoryAllocates(t *testing.T) {
	asserts.ResetStats()
	a, b, out := newDense(2, 2), newDense(2, 2), newDense(2, 2)
	ts := []*dense{a, b}
	defer func() { memK = memCorrect }()
	memK = memCorrect
	memK.add = func(self, other *dense) *dense { return out }
	memK.view = func(self *dense) *dense { return self }
	memK.cat = func(ts []*dense) *dense { return out }
	for name, call := range map[string]func(){
		"add_": func() { memAddF(true, a, b) },
	} {
		call()
		if n := testing.AllocsPerRun(100, call); n != 0 {
			t.Errorf("%s: %v allocations per call", name, n)
		}
	}
	// fresh returns come from the kernels of the benchmarks (their
	// allocations are the kernel's): the checked call's own are measured
	// against the direct call's
	fresh := map[string][2]func(){
		"add":    {func() { memK.add = memCorrect.add; memAddF(false, a, b) }, func() { memCorrect.add(a, b) }},
		"narrow": {func() { memK.view = memCorrect.view; memViewF(a) }, func() { memCorrect.view(a) }},
		"cat":    {func() { memK.cat = memCorrect.cat; memCatF(ts) }, func() { memCorrect.cat(ts) }},
	}
	for _, name := range sortedKeys(fresh) {
		f := fresh[name]
		f[0]()
		if checked, direct := testing.AllocsPerRun(100, f[0]), testing.AllocsPerRun(100, f[1]); checked != direct {
			t.Errorf("%s: %v allocations per checked call, %v per direct call", name, checked, direct)
		}
	}
}

// TestFrameMemoryListReturnReported: each planted bug of split and
// unbind_copy (list returns of the memory kind, views and fresh, on the
// one path) is reported, under the check that catches it, at every call
// it can be.
func TestFrameMemoryListReturnReported(t *testing.T) {
	defer func() { memK = memCorrect }()
	cases := map[string]pathCase{}
	for _, c := range memCases() {
		cases[c.name] = c
	}
	for name, want := range map[string]struct {
		op    string
		check checks.Check
		n     int // at least, in 3 calls
	}{
		"split copies":                         {"split", checks.SharesStorage, 3},
		"split returns self":                   {"split", checks.ImplUseCountEqFresh, 3},
		"split reshapes self":                  {"split", checks.SameMetadata, 3},
		"unbind_copy returns views":            {"unbind_copy", checks.FreshNoAlias, 3},
		"unbind_copy returns a cached tensor":  {"unbind_copy", checks.FreshNotHeld, 1}, // its first hand-out is legal; as the rows report it
		"unbind_copy returns one tensor twice": {"unbind_copy", checks.DistinctOutputs, 3},
	} {
		memK = memBroken()[name]
		got := runMem(t, cases[want.op], true, 3)
		n := 0
		for _, v := range got.violations {
			if strings.HasPrefix(v, want.check.String()+" ") {
				n++
			}
		}
		if n < want.n {
			t.Errorf("%s: %d violations of %v in 3 calls: %q", name, n, want.check, got.violations)
		}
	}
	memK = memCorrect
	for _, op := range []string{"split", "unbind_copy"} {
		if got := runMem(t, cases[op], true, 3); len(got.violations) != 0 || got.stats.Calls != 3 {
			t.Errorf("correct %s: %d calls, violations %q", op, got.stats.Calls, got.violations)
		}
	}
}
