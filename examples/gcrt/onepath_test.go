//go:build debugasserts

package gcrt_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checkedif"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/onepath"
)

// onePathCases are the calls the statistics test makes with correct
// kernels, beside the catalog's bugs.
var onePathCases = []bug{
	{name: "add", run: func(k checkedif.Kernels) { k.AddTensor(arange(2, 3), arange(2, 3), 1) }},
	{name: "add self", run: func(k checkedif.Kernels) { x := arange(4); k.AddTensor(x, x, 1) }},
	{name: "add_", run: func(k checkedif.Kernels) { k.Add_Tensor(arange(4), arange(4), 1) }},
	{name: "add.out", run: func(k checkedif.Kernels) { k.AddOut(arange(4), arange(4), 1, gcrt.New(4)) }},
	{name: "mul", run: func(k checkedif.Kernels) { k.MulTensor(arange(3), arange(3)) }},
	{name: "neg", run: func(k checkedif.Kernels) { k.Neg(arange(3)) }},
	{name: "clone", run: func(k checkedif.Kernels) { k.Clone(arange(3), nil) }},
	{name: "cat", run: func(k checkedif.Kernels) { k.Cat([]*gcrt.Tensor{arange(2), arange(3), arange(1)}, 0) }},
	// a list argument on the own-ids kind's fast plan: lengths that change
	// from call to call (the calibration's key), an element twice, and
	// broken kernels
	{name: "cat of 2, 3, 2 and 9 elements", run: func(k checkedif.Kernels) {
		for _, n := range []int{2, 3, 2, 9} {
			ts := make([]*gcrt.Tensor, n)
			for i := range ts {
				ts[i] = arange(2)
			}
			k.Cat(ts, 0)
		}
	}},
	{name: "cat of one tensor twice", run: func(k checkedif.Kernels) { x := arange(3); k.Cat([]*gcrt.Tensor{x, x}, 0) }},
	{name: "cat of one tensor returns it", k: kernels{cat: gcrt.CatReturnsFirst},
		run: func(k checkedif.Kernels) { k.Cat([]*gcrt.Tensor{arange(4)}, 0) }},
	{name: "cat reuses one output buffer", k: kernels{cat: gcrt.CatCached},
		run: func(k checkedif.Kernels) {
			a := k.Cat([]*gcrt.Tensor{arange(2), arange(2)}, 0)
			b := k.Cat([]*gcrt.Tensor{arange(2), arange(2)}, 0)
			_, _ = a, b
		}},
	{name: "cat flattens its inputs", k: kernels{cat: gcrt.CatFlattensInputs},
		run: func(k checkedif.Kernels) { k.Cat([]*gcrt.Tensor{arange(2, 2), arange(2, 2)}, 0) }},
	{name: "transpose", run: func(k checkedif.Kernels) { k.TransposeInt(arange(2, 3), 0, 1) }},
	{name: "narrow", run: func(k checkedif.Kernels) { k.Narrow(arange(4, 2), 0, 1, 2) }},
	{name: "select", run: func(k checkedif.Kernels) { k.SelectInt(arange(4, 2), 0, 1) }},
	{name: "contiguous", run: func(k checkedif.Kernels) {
		x := arange(3, 2)
		k.Contiguous(x, 0)
		k.Contiguous(k.TransposeInt(x, 0, 1), 0)
	}},
}

// onePathOps are the ops the cases call, by full name.
var onePathOps = []string{"add.Tensor", "add_.Tensor", "add.out", "cat", "contiguous", "narrow", "neg", "select.int",
	"transpose.int", "clone", "mul.Tensor"}

// TestOnePathCountsAsRowsPath holds the one path of a runtime without use
// counts (asserts.Identity with storage anchors) to testdata/onepath.golden,
// written from the rows path of version 3: on correct kernels and on each
// of the catalog's bugs, plain, under a mode, in a hermetic context, in a
// context, with same_content off and on, the ops' statistics (check by
// check, skip by reason) and the violations are the golden's, on the fast
// plan and with every call forced onto the rows (engine.SetRowsOnly).
func TestOnePathCountsAsRowsPath(t *testing.T) {
	var cases []bug
	var names []string
	for _, b := range append(slices.Clip(onePathCases), bugs...) {
		if b.name != "set (functional) over a storage the caller still holds" { // set had no version-3 reference wrapper
			cases, names = append(cases, b), append(names, b.name)
		}
	}
	onepath.Compare(t, filepath.Join("testdata", "onepath.golden"), names, func(t *testing.T, i int, _ string, rows bool) string {
		b := cases[i]
		gcrt.ResetAddCache()
		gcrt.ResetMappedCache()
		gcrt.ResetCatCache()
		k := checkedif.Checked(b.k)
		vs := onepath.Violations(func() {
			for range 3 {
				b.run(k)
			}
		})
		if rows && b.k.cat != nil && len(vs) == 0 {
			t.Errorf("the broken cat reported nothing")
		}
		return onepath.Text(onePathOps, vs)
	})
}

// TestOnePathLateBug: a kernel that turns bad after 1,000 good calls (add
// returning self: not_arg_handle, reported as impl_use_count_eq_fresh;
// then self's storage out fresh again, fresh_not_held) is reported at its
// call, on the fast plan as with every call forced onto the rows, with
// the same statistics.
func TestOnePathLateBug(t *testing.T) {
	for _, rows := range []bool{false, true} {
		prevRows := engine.SetRowsOnly(rows)
		n := 0
		ks := kernels{add: func(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
			if n++; n > 1000 {
				return self
			}
			return gcrt.AddTensor(self, other, alpha)
		}}
		k := checkedif.Checked(ks)
		col := asserts.NewCollector()
		prev := asserts.SetHandler(col)
		asserts.ResetStats()
		a, b := arange(2), arange(2)
		at := -1
		for i := range 1010 {
			before := len(col.Violations())
			k.AddTensor(a, b, 1)
			if at < 0 && len(col.Violations()) > before {
				at = i
			}
		}
		asserts.SetHandler(prev)
		engine.SetRowsOnly(prevRows)
		if at != 1000 {
			t.Errorf("rows=%v: first violation at call %d, want 1000", rows, at)
		}
		// self comes out as a fresh return again from the second bad call
		// on: fresh_not_held reports it too
		var got []string
		for _, v := range col.Violations() {
			got = append(got, v.Check.String())
		}
		if n := len(got); n != 19 || got[0] != "impl_use_count_eq_fresh" || got[1] != "impl_use_count_eq_fresh" || got[2] != "fresh_not_held" {
			t.Errorf("rows=%v: violations %v, want 10 of impl_use_count_eq_fresh and 9 of fresh_not_held", rows, got)
		}
		if n := onepath.Calls("add.Tensor"); n != 1010 {
			t.Errorf("rows=%v: %d calls", rows, n)
		}
	}
}

// TestOnePathDoesNotAllocate: once warm, a checked call allocates what
// the direct call does, no more.
func TestOnePathDoesNotAllocate(t *testing.T) {
	for _, op := range benchOps() {
		for range 100 {
			op.wrapped()
		}
		if d, w := testing.AllocsPerRun(1000, op.direct), testing.AllocsPerRun(1000, op.wrapped); w != d {
			t.Errorf("%s: %.2f allocations per checked call, %.2f per direct call", op.name, w, d)
		}
	}
}
