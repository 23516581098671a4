package engine_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

// A pathCase runs one op through its one path's wrapper, on tensors of its
// own.
type pathCase struct {
	name string
	op   *engine.Op
	run  func()
}

func pathCases() []pathCase {
	return []pathCase{
		{"add", &opAddF, func() {
			a, b := rt.Ones(2, 3), rt.Ones(2, 3)
			defer a.Release()
			defer b.Release()
			r := AddF(a, b, 1)
			if r != a && r != b {
				r.Release()
			}
		}},
		{"add_", &opAddInPlaceF, func() {
			a, b := rt.Ones(2, 3), rt.Ones(2, 3)
			defer a.Release()
			defer b.Release()
			AddInPlaceF(a, b, 1)
		}},
		{"add.out", &opAddOutF, func() {
			a, b, o := rt.Ones(2, 3), rt.Ones(2, 3), rt.Zeros(2, 3)
			defer a.Release()
			defer b.Release()
			defer o.Release()
			AddOutF(a, b, 1, o)
		}},
		// the view ops: the one path on its fast plan and forced onto its
		// rows
		{"transpose", &opTransposeF, func() {
			a := rt.Ones(2, 3)
			defer a.Release()
			if r := TransposeF(a, 0, 1); r != a {
				r.Release()
			}
		}},
		{"reshape/view", &opReshapeF, func() {
			a := rt.Ones(2, 3)
			defer a.Release()
			if r := ReshapeF(a, 3, 2); r != a {
				r.Release()
			}
		}},
		{"reshape/copy", &opReshapeF, func() {
			a := rt.Ones(2, 3)
			defer a.Release()
			v := a.Transpose(0, 1) // not contiguous: reshape copies
			defer v.Release()
			if r := ReshapeF(v, 6); r != v {
				r.Release()
			}
		}},
		{"addcmul6", &opAddcmul6F, func() {
			var xs [6]*rt.Tensor
			for i := range xs {
				xs[i] = rt.Ones(2)
			}
			if r := Addcmul6F(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]); !slices.Contains(xs[:], r) {
				r.Release()
			}
			for _, x := range xs {
				x.Release()
			}
		}},
		{"unbind", &opUnbindF, func() {
			a := rt.Ones(2, 3)
			defer a.Release()
			for _, r := range UnbindF(a, 0) {
				if r != a {
					r.Release()
				}
			}
		}},
		{"cat", &opCatF, func() {
			var xs []*rt.Tensor
			for range 3 {
				xs = append(xs, rt.Ones(2))
			}
			if r := CatF(xs); !slices.Contains(xs, r) {
				r.Release()
			}
			for _, x := range xs {
				x.Release()
			}
		}},
		{"cat/metadata", &opCatMetaF, func() {
			var xs []*rt.Tensor
			for range 3 {
				xs = append(xs, rt.Ones(2))
			}
			if r := CatMetaF(xs); !slices.Contains(xs, r) {
				r.Release()
			}
			for _, x := range xs {
				x.Release()
			}
		}},
		{"max_min", &opMaxMinF, func() {
			a := rt.FromSlice([]float64{1, 2, 3}, 3)
			defer a.Release()
			mx, mn := MaxMinF(a)
			mx.Release()
			if mn != mx {
				mn.Release()
			}
		}},
		{"add_opt/present", &opAddOptF, func() {
			a, b := rt.Ones(2, 3), rt.Ones(2, 3)
			defer a.Release()
			defer b.Release()
			if r := AddOptF(a, b); r != a && r != b {
				r.Release()
			}
		}},
		{"add_opt/absent", &opAddOptF, func() {
			a := rt.Ones(2, 3)
			defer a.Release()
			if r := AddOptF(a, nil); r != a {
				r.Release()
			}
		}},
	}
}

// broken are kernels with the bugs the checks catch, each a variant of
// the correct ones.
func broken() map[string]kernels {
	ks := map[string]kernels{}
	k := correct
	k.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self }
	ks["add returns self"] = k
	k = correct
	k.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		other.AddInPlace(self, 1)
		return rt.Add(self, other, alpha)
	}
	ks["add writes other"] = k
	k = correct
	k.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return rt.Add(self, other, alpha) }
	ks["add_ returns a new tensor"] = k
	k = correct
	k.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		v := self.Alias()
		*self = *v // the handle now refers to another TensorImpl on the same storage
		return self
	}
	ks["add_ rebinds self to a view"] = k
	k = correct
	k.cat = func(ts []*rt.Tensor) *rt.Tensor {
		r := cat(ts)
		ts[1] = ts[1].Alias() // the caller's list now holds a view of the element
		return r
	}
	ks["cat replaces an element with a view"] = k
	k = correct
	k.cat = func(ts []*rt.Tensor) *rt.Tensor {
		r := cat(ts)
		ts[0].Resize(3) // its sizes change (and its version)
		return r
	}
	ks["cat resizes an element"] = k
	k = correct
	k.addOut = func(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
		return rt.Add(self, other, alpha)
	}
	ks["add.out returns a new tensor"] = k
	k = correct
	k.transpose = func(self *rt.Tensor, d0, d1 int) *rt.Tensor { return rt.Zeros(3, 2) }
	ks["transpose copies"] = k
	k = correct
	k.unbind = func(self *rt.Tensor, dim int) []*rt.Tensor { return []*rt.Tensor{self, rt.Ones(3)} }
	ks["unbind returns self and a copy"] = k
	k = correct
	k.cat = func(ts []*rt.Tensor) *rt.Tensor { return ts[1] }
	ks["cat returns an element"] = k
	k = correct
	k.cat = func(ts []*rt.Tensor) *rt.Tensor { return ts[2].Alias() }
	ks["cat returns a view of an element"] = k
	k = correct
	k.maxMin = func(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) { r := rt.Scalar(1); return r, r }
	ks["max_min returns one tensor twice"] = k
	k = correct
	k.reshape = func(self *rt.Tensor, sizes ...int) *rt.Tensor { return self }
	ks["reshape returns self"] = k
	k = correct
	k.reshape = func(self *rt.Tensor, sizes ...int) *rt.Tensor {
		r := self.Reshape(sizes...)
		r.Share() // held twice: one hold never released
		return r
	}
	ks["reshape returns a held tensor"] = k
	k = correct
	k.addcmul6 = func(a, b, c, d, e, f *rt.Tensor) *rt.Tensor { return e }
	ks["addcmul6 returns an argument"] = k
	return ks
}

// outcome is what a run of a case gave: the op's statistics and the
// violations, each as its check, its tensor and the other tensor.
type pathOutcome struct {
	stats      asserts.Stats
	violations []string
}

// text is the outcome as a golden file holds it, its op named op.
func (o pathOutcome) text(op string) string {
	return golden.ScenarioText([]string{op}, []asserts.Stats{o.stats}, o.violations)
}

// pathEnvs are the mode states the scenarios run under: no Env, a
// dispatch mode, a hermetic context, a context.
var pathEnvs = map[string]asserts.Env{
	"plain":    nil,
	"mode":     envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }),
	"hermetic": envFunc(func() asserts.EnvState { return asserts.EnvState{Hermetic: true, Context: 3} }),
	"context":  envFunc(func() asserts.EnvState { return asserts.EnvState{Context: 3} }),
}

// runPath runs c calls times, on the fast plan or (rows) with every call
// forced onto the rows.
func runPath(t *testing.T, c pathCase, rows bool, calls int) pathOutcome {
	t.Helper()
	defer engine.SetRowsOnly(engine.SetRowsOnly(rows))
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	asserts.ResetStats()
	for range calls {
		c.run()
	}
	var out pathOutcome
	out.stats = c.op.Stats()
	for _, v := range col.Violations() {
		out.violations = append(out.violations, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
	}
	return out
}

// TestFramePathCountsAsRowsPath holds the one path to its rows: on every
// case, plain, under a mode, in a hermetic context, with same_content on
// and with each broken kernel, the op's statistics (check by check, skip
// by reason) and the violations, on the fast plan and with every call
// forced onto the rows (engine.SetRowsOnly), are testdata/frame_path.golden's:
// the counts of every row's entry called one by one.
func TestFramePathCountsAsRowsPath(t *testing.T) {
	kernelSets := broken()
	kernelSets["correct"] = correct
	g := golden.ReadScenarios(t, filepath.Join("testdata", "frame_path.golden"))
	defer g.Write(t)
	for _, kname := range sortedKeys(kernelSets) {
		for _, ename := range sortedKeys(pathEnvs) {
			for _, content := range []bool{false, true} {
				for _, c := range pathCases() {
					name := fmt.Sprintf("%s/%s/content=%v/%s", kname, ename, content, c.name)
					t.Run(name, func(t *testing.T) {
						useKernels(t, kernelSets[kname])
						defer asserts.SetEnv(asserts.SetEnv(pathEnvs[ename]))
						defer asserts.SetContentCheck(asserts.SetContentCheck(content))
						fast := runPath(t, c, false, 3)
						rows := runPath(t, c, true, 3)
						g.Check(t, name, fast.text(c.name), rows.text(c.name))
					})
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestFramePathLateBug: a kernel that turns bad after 1,000 good calls
// is reported at its call, on the fast plan as with every call forced
// onto the rows, with the same statistics.
func TestFramePathLateBug(t *testing.T) {
	for _, rows := range []bool{false, true} {
		prevRows := engine.SetRowsOnly(rows)
		n := 0
		ks := correct
		ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
			if n++; n > 1000 {
				return self
			}
			return rt.Add(self, other, alpha)
		}
		useKernels(t, ks)
		col := asserts.NewCollector()
		prev := asserts.SetHandler(col)
		asserts.ResetStats()
		a, b := rt.Ones(2), rt.Ones(2)
		at := -1
		for i := range 1010 {
			before := len(col.Violations())
			if r := AddF(a, b, 1); r != a {
				r.Release()
			}
			if at < 0 && len(col.Violations()) > before {
				at = i
			}
		}
		asserts.SetHandler(prev)
		engine.SetRowsOnly(prevRows)
		a.Release()
		b.Release()
		if at != 1000 {
			t.Errorf("rows=%v: first violation at call %d, want 1000", rows, at)
		}
		if vs := col.Violations(); len(vs) != 10 {
			t.Errorf("rows=%v: %d violations, want 10", rows, len(vs))
		}
		if st := opAddF.Stats(); st.Calls != 1010 || st.Violations[checks.ImplUseCountLE1] != 10 {
			t.Errorf("rows=%v: stats %+v", rows, st)
		}
	}
}
