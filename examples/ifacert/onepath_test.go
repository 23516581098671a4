//go:build debugasserts

package ifacert_test

import (
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/ifacert/checked"
	"github.com/assertgen/assertgen/examples/refops"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/onepath"
)

// opStats returns the statistics of the op named name of ./checked, zero
// for one that never ran.
func opStats(name string) asserts.Stats {
	for _, op := range engine.Ops() {
		if op.FullName() == name {
			return op.Stats()
		}
	}
	return asserts.Stats{}
}

// ops are the ops the cases call, by full name.
var ops = []string{"add.Tensor", "add_.Tensor", "add.out", "cat", "clamp.Tensor", "clone", "split.Tensor", "transpose.int"}

func ar(n int) *rt.Tensor { return rt.Arange(n) }

// a case calls Kernels k (with the kernels of ks, correct but for the
// fields set).
type ifaceCase struct {
	name string
	ks   kernels
	run  func(k checked.Kernels)
}

var cases = []ifaceCase{
	{name: "add", run: func(k checked.Kernels) { k.AddTensor(ar(4), ar(4), 1.0) }},
	{name: "add of two dynamic types", run: func(k checked.Kernels) { k.AddTensor(boxed{ar(4)}, ar(4), 1.0) }},
	{name: "add self", run: func(k checked.Kernels) { x := ar(4); k.AddTensor(x, boxed{x}, 1.0) }},
	{name: "add_", run: func(k checked.Kernels) { k.Add_Tensor(ar(4), boxed{ar(4)}, 1.0) }},
	{name: "add_ boxed self", run: func(k checked.Kernels) { k.Add_Tensor(boxed{ar(4)}, ar(4), 1.0) }},
	{name: "add.out", run: func(k checked.Kernels) { k.AddOut(ar(4), boxed{ar(4)}, 1.0, rt.Zeros(4)) }},
	{name: "cat", run: func(k checked.Kernels) { k.Cat([]asserts.Tensor{ar(2), boxed{ar(3)}, ar(1)}, 0) }},
	{name: "cat of 2, 3, 2 and 9 elements", run: func(k checked.Kernels) {
		for _, n := range []int{2, 3, 2, 9} {
			ts := make([]asserts.Tensor, n)
			for i := range ts {
				ts[i] = ar(2)
				if i%2 == 1 {
					ts[i] = boxed{ar(2)}
				}
			}
			k.Cat(ts, 0)
		}
	}},
	{name: "cat of one tensor twice", run: func(k checked.Kernels) { x := ar(3); k.Cat([]asserts.Tensor{x, boxed{x}}, 0) }},
	{name: "clamp with a min", run: func(k checked.Kernels) { k.ClampTensor(ar(4), rt.Full(1, 4), nil) }},
	{name: "clamp with a max", run: func(k checked.Kernels) { k.ClampTensor(ar(4), nil, boxed{rt.Full(2, 4)}) }},
	{name: "clamp with both", run: func(k checked.Kernels) { k.ClampTensor(boxed{ar(4)}, rt.Full(1, 4), rt.Full(2, 4)) }},
	{name: "clone", run: func(k checked.Kernels) { k.Clone(boxed{ar(3)}, nil) }},
	{name: "split", run: func(k checked.Kernels) { k.SplitTensor(ar(6), 2, 0) }},
	{name: "transpose", run: func(k checked.Kernels) { k.TransposeInt(rt.Zeros(2, 3), 0, 1) }},
	{name: "transpose boxed", run: func(k checked.Kernels) { k.TransposeInt(boxed{rt.Zeros(2, 3)}, 0, 1) }},
	// broken kernels
	{name: "add returns self", ks: kernels{add: func(self, _ asserts.Tensor, _ any) asserts.Tensor { return self }},
		run: func(k checked.Kernels) { k.AddTensor(ar(4), ar(4), 1.0) }},
	{name: "add returns other boxed", ks: kernels{add: func(_, other asserts.Tensor, _ any) asserts.Tensor { return boxed{of(other)} }},
		run: func(k checked.Kernels) { k.AddTensor(ar(4), ar(4), 1.0) }},
	{name: "add writes self", ks: kernels{add: func(self, other asserts.Tensor, a any) asserts.Tensor {
		refops.Add_Tensor(of(self), of(other), 1)
		return refops.Clone(of(self), nil)
	}}, run: func(k checked.Kernels) { k.AddTensor(boxed{ar(4)}, ar(4), 1.0) }},
	{name: "add_ returns a fresh tensor", ks: kernels{add_: func(self, other asserts.Tensor, _ any) asserts.Tensor {
		return refops.AddTensor(of(self), of(other), 1)
	}}, run: func(k checked.Kernels) { k.Add_Tensor(ar(4), ar(4), 1.0) }},
	{name: "add_ writes other", ks: kernels{add_: func(self, other asserts.Tensor, _ any) asserts.Tensor {
		refops.Add_Tensor(of(other), of(self), 1)
		return self
	}}, run: func(k checked.Kernels) { k.Add_Tensor(ar(4), boxed{ar(4)}, 1.0) }},
	{name: "add.out returns a fresh tensor", ks: kernels{addOut: func(self, other asserts.Tensor, _ any, _ asserts.Tensor) asserts.Tensor {
		return refops.AddTensor(of(self), of(other), 1)
	}}, run: func(k checked.Kernels) { k.AddOut(ar(4), ar(4), 1.0, rt.Zeros(4)) }},
	{name: "cat returns its first input", ks: kernels{cat: func(ts []asserts.Tensor, _ int64) asserts.Tensor { return ts[0] }},
		run: func(k checked.Kernels) { k.Cat([]asserts.Tensor{boxed{ar(2)}, ar(2)}, 0) }},
	{name: "cat writes an input", ks: kernels{cat: func(ts []asserts.Tensor, dim int64) asserts.Tensor {
		out := refops.Cat(ofList(ts), dim)
		refops.Add_Tensor(of(ts[1]), of(ts[0]), 1)
		return out
	}}, run: func(k checked.Kernels) { k.Cat([]asserts.Tensor{ar(2), boxed{ar(2)}, ar(2)}, 0) }},
	{name: "clamp returns self", ks: kernels{clamp: func(self, _, _ asserts.Tensor) asserts.Tensor { return self }},
		run: func(k checked.Kernels) { k.ClampTensor(ar(4), nil, rt.Full(2, 4)) }},
	{name: "clamp writes max", ks: kernels{clamp: func(self, min_, max_ asserts.Tensor) asserts.Tensor {
		out := refops.ClampTensor(of(self), of(min_), of(max_))
		refops.Add_Tensor(of(max_), of(self), 1)
		return out
	}}, run: func(k checked.Kernels) { k.ClampTensor(ar(4), nil, boxed{rt.Full(2, 4)}) }},
	{name: "clone returns self boxed", ks: kernels{clone: func(self asserts.Tensor, _ *int) asserts.Tensor { return boxed{of(self)} }},
		run: func(k checked.Kernels) { k.Clone(ar(3), nil) }},
	{name: "split returns copies", ks: kernels{split: func(self asserts.Tensor, size, dim int64) []asserts.Tensor {
		var out []asserts.Tensor
		for _, t := range refops.SplitTensor(of(self), size, dim) {
			out = append(out, refops.Clone(t, nil))
		}
		return out
	}}, run: func(k checked.Kernels) { k.SplitTensor(ar(6), 2, 0) }},
	{name: "transpose returns a copy", ks: kernels{transpo: func(self asserts.Tensor, d0, d1 int64) asserts.Tensor {
		return refops.Clone(refops.TransposeInt(of(self), d0, d1), nil)
	}}, run: func(k checked.Kernels) { k.TransposeInt(boxed{rt.Zeros(2, 3)}, 0, 1) }},
	{name: "transpose returns self", ks: kernels{transpo: func(self asserts.Tensor, _, _ int64) asserts.Tensor { return self }},
		run: func(k checked.Kernels) { k.TransposeInt(rt.Zeros(2, 3), 0, 1) }},
}

// broken reports whether a kernel of ks is replaced.
func (ks kernels) broken() bool {
	return ks.add != nil || ks.add_ != nil || ks.addOut != nil || ks.cat != nil || ks.clamp != nil || ks.clone != nil ||
		ks.split != nil || ks.transpo != nil
}

// TestOnePathCountsAsRowsPath holds the one path of tensors held as an
// interface (asserts.Tensor, two dynamic types, optional tensors absent
// and present, a list) to testdata/onepath.golden, written from the rows
// path of version 3: on correct and broken kernels, plain, under a mode,
// in a hermetic context, in a context, with same_content off and on, the
// ops' statistics (check by check, skip by reason) and the violations are
// the golden's, on the fast plan and with every call forced onto the rows
// (engine.SetRowsOnly).
func TestOnePathCountsAsRowsPath(t *testing.T) {
	var names []string
	for _, c := range cases {
		names = append(names, c.name)
	}
	onepath.Compare(t, filepath.Join("testdata", "onepath.golden"), names, func(t *testing.T, i int, env string, rows bool) string {
		c := cases[i]
		k := checked.Checked(c.ks)
		vs := onepath.Violations(func() {
			for range 3 {
				c.run(k)
			}
		})
		if broken := c.ks.broken(); rows && (broken && env == "plain" && len(vs) == 0 || !broken && len(vs) > 0) {
			t.Errorf("broken=%v: violations %v", broken, vs)
		}
		return onepath.Text(ops, vs)
	})
}

// TestOnePathLateBug: a kernel that turns bad after 1,000 good calls (add
// returning self, in a struct: not a fresh tensor) is reported at its
// call, on the fast plan as with every call forced onto the rows, with
// the same statistics.
func TestOnePathLateBug(t *testing.T) {
	var want asserts.Stats
	for _, rows := range []bool{true, false} {
		prevRows := engine.SetRowsOnly(rows)
		n := 0
		ks := kernels{add: func(self, other asserts.Tensor, alpha any) asserts.Tensor {
			if n++; n > 1000 {
				return boxed{of(self)}
			}
			return refops.AddTensor(of(self), of(other), 1)
		}}
		k := checked.Checked(ks)
		col := asserts.NewCollector()
		prev := asserts.SetHandler(col)
		asserts.ResetStats()
		a, b := ar(2), boxed{ar(2)}
		at := -1
		for i := range 1010 {
			before := len(col.Violations())
			k.AddTensor(a, b, 1.0)
			if at < 0 && len(col.Violations()) > before {
				at = i
			}
		}
		asserts.SetHandler(prev)
		engine.SetRowsOnly(prevRows)
		if at != 1000 {
			t.Errorf("rows=%v: first violation at call %d, want 1000", rows, at)
		}
		st := opStats("add.Tensor")
		if st.Calls != 1010 {
			t.Errorf("rows=%v: stats %+v", rows, st)
		}
		if rows {
			want = st
		} else if st != want {
			t.Errorf("stats:\none path %+v\nrows path %+v", st, want)
		}
	}
}

// TestOnePathDoesNotAllocate: once warm, a plain checked call allocates
// what the direct call does, no more.
func TestOnePathDoesNotAllocate(t *testing.T) {
	ks := kernels{}
	k := checked.Checked(ks)
	x, y, out := ar(4), boxed{ar(4)}, rt.Zeros(4)
	list := []asserts.Tensor{ar(2), boxed{ar(3)}, ar(1)}
	mx := rt.Full(2, 4)
	m := rt.Zeros(2, 3)
	calls := []struct {
		name            string
		direct, wrapped func()
	}{
		{"add", func() { ks.AddTensor(x, y, 1.0) }, func() { k.AddTensor(x, y, 1.0) }},
		{"add_", func() { ks.Add_Tensor(x, y, 1.0) }, func() { k.Add_Tensor(x, y, 1.0) }},
		{"add.out", func() { ks.AddOut(x, y, 1.0, out) }, func() { k.AddOut(x, y, 1.0, out) }},
		{"cat", func() { ks.Cat(list, 0) }, func() { k.Cat(list, 0) }},
		{"clamp", func() { ks.ClampTensor(x, nil, mx) }, func() { k.ClampTensor(x, nil, mx) }},
		{"transpose", func() { ks.TransposeInt(m, 0, 1) }, func() { k.TransposeInt(m, 0, 1) }},
	}
	for _, c := range calls {
		for range 100 {
			c.wrapped()
		}
		if d, w := testing.AllocsPerRun(1000, c.direct), testing.AllocsPerRun(1000, c.wrapped); w != d {
			t.Errorf("%s: %.2f allocations per checked call, %.2f per direct call", c.name, w, d)
		}
	}
}

// TestOnePathUndefinedTensor: a nil asserts.Tensor where the schema takes
// a Tensor is the undefined tensor (the guard hands it over; version 3
// called its methods), its checks skipped as undefined; in a list too.
func TestOnePathUndefinedTensor(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	asserts.ResetStats()
	ks := kernels{
		add: func(_, _ asserts.Tensor, _ any) asserts.Tensor { return rt.Zeros(4) },
		cat: func(_ []asserts.Tensor, _ int64) asserts.Tensor { return rt.Zeros(4) },
	}
	k := checked.Checked(ks)
	k.AddTensor(nil, ar(4), 1.0)
	k.Cat([]asserts.Tensor{ar(2), nil}, 0)
	if v := col.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
	for _, name := range []string{"add.Tensor", "cat"} {
		if st := opStats(name); st.Calls != 1 || st.Skipped[checks.ReasonUndefined] == 0 {
			t.Errorf("%s: stats %+v, want one call with checks skipped as undefined", name, st)
		}
	}
}
