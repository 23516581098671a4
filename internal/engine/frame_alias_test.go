package engine_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

// TestFramePathMayAlias holds the one path of a may-alias op to the rows
// path: a view of a contiguous input, a fresh copy of a transposed one,
// a new handle of the input, and the broken kernels (the input's handle
// itself, a copy held elsewhere), plain, under a mode and hermetic: on the
// fast plan and forced onto the rows, as testdata/frame_alias.golden says:
// the counts of every row's entry called one by one.
func TestFramePathMayAlias(t *testing.T) {
	held := rt.Ones(6)
	defer held.Release()
	kernelSets := map[string]func(self *rt.Tensor, sizes ...int) *rt.Tensor{
		"correct":         func(self *rt.Tensor, sizes ...int) *rt.Tensor { return self.Reshape(sizes...) },
		"a new handle":    func(self *rt.Tensor, sizes ...int) *rt.Tensor { return self.Share() },
		"the same handle": func(self *rt.Tensor, sizes ...int) *rt.Tensor { return self },
		"a held copy":     func(self *rt.Tensor, sizes ...int) *rt.Tensor { return held.Share() },
	}
	envs := map[string]asserts.Env{
		"plain":    nil,
		"mode":     envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }),
		"hermetic": envFunc(func() asserts.EnvState { return asserts.EnvState{Hermetic: true, Context: 3} }),
	}
	g := golden.ReadScenarios(t, filepath.Join("testdata", "frame_alias.golden"))
	defer g.Write(t)
	for _, kname := range sortedKeys(kernelSets) {
		for _, ename := range sortedKeys(envs) {
			for _, input := range []string{"contiguous", "transposed"} {
				t.Run(fmt.Sprintf("%s/%s/%s", kname, ename, input), func(t *testing.T) {
					ks := correct
					ks.reshape = kernelSets[kname]
					useKernels(t, ks)
					defer asserts.SetEnv(asserts.SetEnv(envs[ename]))
					run := func(rows bool) (asserts.Stats, []string) {
						defer engine.SetRowsOnly(engine.SetRowsOnly(rows))
						col := asserts.NewCollector()
						prev := asserts.SetHandler(col)
						defer asserts.SetHandler(prev)
						asserts.ResetStats()
						for range 3 {
							x := rt.Ones(2, 3)
							in := x
							if input == "transposed" {
								in = x.Transpose(0, 1)
							}
							r := ReshapeF(in, 6)
							if r != in {
								r.Release()
							}
							if in != x {
								in.Release()
							}
							x.Release()
						}
						var vs []string
						for _, v := range col.Violations() {
							vs = append(vs, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
						}
						return opReshapeF.Stats(), vs
					}
					fastStats, fast := run(false)
					rowsStats, rows := run(true)
					g.Check(t, t.Name(), pathOutcome{fastStats, fast}.text("reshape"), pathOutcome{rowsStats, rows}.text("reshape"))
				})
			}
		}
	}
}

// An op without tensors to check (its plan's rows all skipped, say by
// the allowlist): the one path only counts its skips, as the rows path's
// helpers did.
var (
	opNoTensors  = engine.Op{Name: "no_tensors"}
	opNoTensorsF = engine.Op{Name: "no_tensors"}
	locsNone     = [1]engine.Loc{engine.Ret(0)}
	shapeNone    = engine.Shape{
		Rows: []engine.Row{{Check: checks.ImplUseCountLE1, Skip: true, T: 0, U: -1}, {Check: checks.StorageUseCountEq1, Skip: true, T: 0, U: -1}},
		Locs: locsNone[:],
	}
	// the memory kind's (a Shape's plan is of one kind)
	opNoTensorsM, opNoTensorsMF = engine.Op{Name: "no_tensors"}, engine.Op{Name: "no_tensors"}
	shapeNoneM                  = engine.Shape{Rows: shapeNone.Rows, Locs: locsNone[:]}
)

// noTensors and noTensorsMem are noTensorsF and noTensorsMemF forced onto
// the rows (engine.SetRowsOnly), on ops of their own.
func noTensors() {
	defer engine.SetRowsOnly(engine.SetRowsOnly(true))
	var f engine.Frame[[0]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Begin(&opNoTensors, &shapeNone)
	f.End()
}

func noTensorsMem() {
	defer engine.SetRowsOnly(engine.SetRowsOnly(true))
	var f engine.Frame[[0]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.BeginMemory(&opNoTensorsM, &shapeNoneM)
	f.EndMemory()
}

func noTensorsF() {
	var f engine.Frame[[0]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Begin(&opNoTensorsF, &shapeNone)
	f.End()
}

// noTensorsMemF is noTensorsF of the memory kind (BeginMemory, EndMemory).
func noTensorsMemF() {
	var f engine.Frame[[0]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.BeginMemory(&opNoTensorsMF, &shapeNoneM)
	f.EndMemory()
}

func TestFramePathNoTensors(t *testing.T) {
	for _, ename := range []string{"plain", "mode"} {
		var env asserts.Env
		if ename == "mode" {
			env = envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })
		}
		prev := asserts.SetEnv(env)
		asserts.ResetStats()
		for range 5 {
			noTensors()
			noTensorsF()
			noTensorsMem()
			noTensorsMemF()
		}
		asserts.SetEnv(prev)
		if got, want := opNoTensorsF.Stats(), opNoTensors.Stats(); got != want || want.Calls != 5 {
			t.Errorf("%s: one path %+v, rows path %+v", ename, got, want)
		}
		if got, want := opNoTensorsMF.Stats(), opNoTensorsM.Stats(); got != want || want.Calls != 5 {
			t.Errorf("%s, the memory kind: one path %+v, rows path %+v", ename, got, want)
		}
	}
	for name, f := range map[string]func(){"counted": noTensorsF, "memory": noTensorsMemF} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %.1f allocations per call", name, n)
		}
	}
}
