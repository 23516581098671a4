package engine_test

// An op of the memory kind with more than 8 lists (libtorch's _fused_adam
// has 11): the calibration's key holds the lengths of 8, so its calls
// run the rows on the one path; held to testdata/frame_memory_nine.golden,
// written from a wrapper that called every row's entry.

import (
	"fmt"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

const nineLists = 9

var (
	opMemNineF  = engine.Op{Name: "nine"}
	locsMemNine = func() []engine.Loc {
		var l []engine.Loc
		for i := range nineLists {
			l = append(l, engine.Arg(fmt.Sprintf("l%d", i)))
		}
		return append(l, engine.Ret(0))
	}()
	shapeMemNine = func() engine.Shape {
		var rs []engine.Row
		for i := range int8(nineLists) {
			for _, k := range []checks.Check{checks.SameImpl, checks.SameStorage, checks.NoMutation, checks.SameContent, checks.SameMetadata, checks.BindingContext} {
				rs = append(rs, listRow(k, i, -1))
			}
		}
		rs = append(rs, row(checks.ImplUseCountLE1, nineLists, -1))
		for i := range int8(nineLists) {
			rs = append(rs, listRow(checks.NotArgHandle, nineLists, i))
		}
		rs = append(rs, row(checks.StorageUseCountEq1, nineLists, -1))
		for i := range int8(nineLists) {
			rs = append(rs, listRow(checks.FreshNoAlias, nineLists, i))
		}
		rs = append(rs, row(checks.FreshNotHeld, nineLists, -1))
		return engine.Shape{Args: nineLists, Rets: 1, Lists: 1<<nineLists - 1, Rows: rs, Locs: locsMemNine, Tensor: denseOf, Elem: denseElem}
	}()
	// memNineK is the kernel: a fresh tensor, or (bad) the first list's
	// first element
	memNineBad bool
)

func memNineKernel(ls [][]*dense) *dense {
	if memNineBad {
		return ls[0][0]
	}
	return newDense(2, 2)
}

// memNineF is the op on the one path.
func memNineF(ls [][]*dense) *dense {
	var f engine.Frame[[1]engine.Slot, [nineLists]engine.ListSlot]
	f.Open()
	for i, ts := range ls {
		f.List(i, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
		for j, e := range ts {
			f.ElemMemory(i, j, unsafe.Pointer(e), e.Mem())
		}
	}
	f.BeginMemory(&opMemNineF, &shapeMemNine)
	r := memNineKernel(ls)
	for i, ts := range ls {
		f.AfterList(i, len(ts))
		for j, e := range ts {
			f.AfterElemMemory(i, j, unsafe.Pointer(e), e.Mem())
		}
	}
	f.RetMemory(0, unsafe.Pointer(r), r.Mem())
	f.EndMemory()
	return r
}

// TestFrameMemoryNineLists: an op of nine lists counts on the one path as
// forced onto the rows, as the golden says (its first list's length
// changing between calls), plain, under a mode and with same_content on,
// and its planted bug (the return is an element of a list) is reported
// at each call.
func TestFrameMemoryNineLists(t *testing.T) {
	oneCycle(t, collect(t))
	defer func() { memNineBad = false }()
	envs := map[string]asserts.Env{
		"plain": nil,
		"mode":  envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }),
	}
	g := golden.ReadScenarios(t, filepath.Join("testdata", "frame_memory_nine.golden"))
	defer g.Write(t)
	for _, bad := range []bool{false, true} {
		for _, ename := range sortedKeys(envs) {
			for _, content := range []bool{false, true} {
				t.Run(fmt.Sprintf("bad=%v/%s/content=%v", bad, ename, content), func(t *testing.T) {
					defer asserts.SetEnv(asserts.SetEnv(envs[ename]))
					defer asserts.SetContentCheck(asserts.SetContentCheck(content))
					memNineBad = bad
					var out [2]pathOutcome
					for i, rows := range []bool{false, true} {
						prevRows := engine.SetRowsOnly(rows)
						col := asserts.NewCollector()
						prev := asserts.SetHandler(col)
						asserts.ResetStats()
						var keep []*dense
						for call := range 10 {
							// the first list of 2 elements, then 3: a key of
							// 8 lists' lengths would not tell them apart
							ls := make([][]*dense, nineLists)
							for i := range ls {
								ls[i] = []*dense{newDense(2, 2), newDense(2, 2)}
							}
							if call%2 == 1 {
								ls[0] = append(ls[0], newDense(2, 2))
							}
							keep = append(keep, memNineF(ls))
						}
						asserts.SetHandler(prev)
						engine.SetRowsOnly(prevRows)
						out[i].stats = opMemNineF.Stats()
						for _, v := range col.Violations() {
							out[i].violations = append(out[i].violations, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
						}
						_ = keep
					}
					g.Check(t, t.Name(), out[0].text("nine"), out[1].text("nine"))
					if n := len(out[0].violations); bad && n < 10 || !bad && n != 0 {
						t.Errorf("%d violations in 10 calls: %q", n, out[0].violations)
					}
				})
			}
		}
	}
}
