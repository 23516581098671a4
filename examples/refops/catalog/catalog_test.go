package catalog_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// suite collects any violation outside the subtests' own collectors: there
// must be none.
var suite *asserts.Collector

func TestMain(m *testing.M) {
	flag.Parse()
	suite = asserts.NewCollector()
	prev := asserts.SetHandler(suite)
	code := m.Run()
	asserts.SetHandler(prev)
	if vs := suite.Violations(); len(vs) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d violations outside the catalog's collectors:\n", len(vs))
		for i := range vs {
			fmt.Fprintf(os.Stderr, "  %v\n", &vs[i])
		}
		code = 1
	}
	os.Exit(code)
}

// needChecks skips the test in a build whose decorator does not check.
func needChecks(t *testing.T) {
	t.Helper()
	if !asserts.Compiled || !asserts.Checking() {
		t.Skip("the bug catalog needs -tags debugasserts (and checking switched on)")
	}
}

// collect runs f with a collector of its own installed and returns it.
func collect(f func()) *asserts.Collector {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	f()
	return col
}

func ten(sizes []int, data ...float64) *rt.Tensor {
	if sizes == nil {
		sizes = []int{len(data)}
	}
	return rt.FromSlice(data, sizes...)
}

func arange(sizes ...int) *rt.Tensor {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(i)
	}
	return rt.FromSlice(d, sizes...)
}

func releaseAll(ts ...*rt.Tensor) {
	for _, t := range ts {
		t.Release()
	}
}

// A bug is one catalog entry.
type bug struct {
	name string
	// kernels returns the broken kernels.
	kernels func() checkedif.Kernels
	// run drives the op through k in the scenario that shows the bug.
	run func(k checkedif.Kernels)
	// The violation that must be reported: operator, check, where, and a
	// substring of its message (Violation.Error, hint included).
	op    string
	check checks.Check
	where string
	msg   string
	// also lists other checks the same bug necessarily fails too; empty for
	// a bug that exactly one check catches.
	also []checks.Check
	// content runs the entry (and its control) with the opt-in
	// same_content check switched on (asserts.SetContentCheck).
	content bool
}

var catalog = []bug{
	{name: "a view made by transposing the input in place",
		kernels: func() checkedif.Kernels { return transposeInPlace{} },
		run: func(k checkedif.Kernels) {
			x := arange(4, 4) // square: the sizes do not move, only the strides
			releaseAll(k.TransposeInt(x, 0, 1), x)
		},
		op: "transpose.int", check: checks.SameMetadata, where: "argument self",
		msg: "kernel changed the sizes, strides or storage offset of an argument the schema does not mark mutable"},
	{name: "a view op that moves its input's storage offset",
		kernels: func() checkedif.Kernels { return selectMovesOffset{} },
		run: func(k checkedif.Kernels) {
			x := arange(3, 4)
			releaseAll(k.SelectInt(x, 0, 2), x)
		},
		op: "select.int", check: checks.SameMetadata, where: "argument self",
		msg: "hint: a kernel must not change the geometry of an input the schema marks read-only"},
	{name: "a view that copies",
		kernels: func() checkedif.Kernels { return copyingTranspose{} },
		run: func(k checkedif.Kernels) {
			x := arange(2, 3)
			releaseAll(k.TransposeInt(x, 0, 1), x)
		},
		op: "transpose.int", check: checks.SharesStorage, where: "return 0",
		msg: "does not share the StorageImpl of argument self"},
	{name: "a functional op that returns its input",
		kernels: func() checkedif.Kernels { return cloneReturnsInput{} },
		run: func(k checkedif.Kernels) {
			x := arange(4)
			releaseAll(k.Clone(x, nil), x)
		},
		op: "clone", check: checks.ImplUseCountLE1, where: "return 0",
		msg: "TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds"},
	{name: "a functional op that returns its argument's handle (Go: return self)",
		kernels: func() checkedif.Kernels { return cloneReturnsSelfPointer{} },
		run: func(k checkedif.Kernels) {
			x := arange(4)
			k.Clone(x, nil) // the same *Tensor as x: release it once
			x.Release()
		},
		op: "clone", check: checks.ImplUseCountLE1, where: "return 0",
		msg: "is the TensorImpl of argument self"},
	{name: "an in-place op that replaces self's TensorImpl",
		kernels: func() checkedif.Kernels { return foreachFlattens{} },
		run: func(k checkedif.Kernels) {
			a, b := arange(3), arange(2, 2)
			list := []*rt.Tensor{a, b}
			k.XForeachZero_(list)
			releaseAll(a, b)
		},
		op: "_foreach_zero_", check: checks.SameImpl, where: "argument self[1]",
		msg: "kernel replaced the TensorImpl"},
	{name: "an in-place op that swaps self's StorageImpl",
		kernels: func() checkedif.Kernels { return reallocResize{} },
		run: func(k checkedif.Kernels) {
			x := ten(nil, 1, 2)
			k.Resize_(x, []int64{2, 2}, nil)
			x.Release()
		},
		op: "resize_", check: checks.SameStorage, where: "argument self",
		msg: "kernel replaced the StorageImpl"},
	{name: "an out= op that returns a new tensor",
		kernels: func() checkedif.Kernels { return outReturnsNew{} },
		run: func(k checkedif.Kernels) {
			a, b, out := ten(nil, 1, 2), ten(nil, 3, 4), rt.Empty(2)
			r := k.AddOut(a, b, 1, out)
			if r != out {
				r.Release()
			}
			releaseAll(a, b, out)
		},
		op: "add.out", check: checks.ReturnsArg, where: "return 0",
		msg: "is not argument out"},
	{name: "a kernel that caches its output",
		kernels: func() checkedif.Kernels { return &cachingMm{} },
		run: func(k checkedif.Kernels) {
			a := arange(2, 2)
			releaseAll(k.Mm(a, a), a)
		},
		op: "mm", check: checks.ImplUseCountLE1, where: "return 0",
		msg: "TensorImpl use count is 2, want <= 1"},
	{name: "a meta-device view that allocates fresh storage",
		kernels: func() checkedif.Kernels { return metaExpandAllocates{} },
		run: func(k checkedif.Kernels) {
			x := rt.Options{Device: rt.Meta}.Empty(3, 1)
			releaseAll(k.Expand(x, []int64{2, -1, 4}, false), x)
		},
		op: "expand", check: checks.SharesStorage, where: "return 0",
		msg: "does not share the StorageImpl of argument self (want 0x"},
	{name: "split returning copies",
		kernels: func() checkedif.Kernels { return splitCopies{} },
		run: func(k checkedif.Kernels) {
			x := arange(5)
			releaseAll(append(k.SplitTensor(x, 2, 0), x)...)
		},
		op: "split.Tensor", check: checks.SharesStorage, where: "return 0[2]",
		msg: "return 0[2]: does not share the StorageImpl of argument self"},
	{name: "split returning its input's handle as the only piece (Go)",
		kernels: func() checkedif.Kernels { return splitShortcut{} },
		run: func(k checkedif.Kernels) {
			x := arange(3)
			k.SplitTensor(x, 4, 0) // [x] itself: release x once
			x.Release()
		},
		op: "split.Tensor", check: checks.ImplUseCountLE1, where: "return 0[0]",
		msg: "return 0[0]: is the TensorImpl of argument self"},
	{name: "two outputs sharing one buffer (under a tracing mode)",
		kernels: func() checkedif.Kernels { return packedMax{} },
		run: func(k checkedif.Kernels) {
			m := &rt.Mode{Name: "tracer"}
			rt.PushMode(m)
			defer rt.PopMode()
			x := ten([]int{2, 2}, 1, 5, 7, 2)
			v, i := k.MaxDim(x, 1, false)
			m.Keep(v)
			m.Keep(i)
			releaseAll(v, i, x)
		},
		op: "max.dim", check: checks.DistinctOutputs, where: "return 0",
		msg: "return 0: shares StorageImpl"},
	{name: "a non-mutable input written",
		kernels: func() checkedif.Kernels { return divFixesZeros{} },
		run: func(k checkedif.Kernels) {
			a, b := ten(nil, 1, 2), ten(nil, 0, 4)
			releaseAll(k.DivTensor(a, b), a, b)
		},
		op: "div.Tensor", check: checks.NoMutation, where: "argument other",
		msg: "kernel wrote an argument the schema does not mark mutable (version 0 before, 1 after)"},
	{name: "a storage bound in a non-hermetic context handled in a hermetic one",
		kernels: func() checkedif.Kernels {
			return clampGlobalMax{ops: checkedif.Checked(checkedif.Functions{})}
		},
		run: func(k checkedif.Kernels) {
			ctx := rt.EnterContext(true)
			defer ctx.Exit()
			x, lo := ten(nil, -1, 3, 9), ten([]int{}, 0)
			releaseAll(k.ClampTensor(x, lo, nil), x, lo)
		},
		op: "clamp.Tensor", check: checks.BindingContext, where: "argument max",
		msg: "is bound in context 0 (not hermetic), but the call runs in hermetic context"},
	{name: "set_ inside a non-allowlisted op",
		kernels: func() checkedif.Kernels { return copyBySet{} },
		run: func(k checkedif.Kernels) {
			dst, src := rt.Zeros(2, 2), arange(2, 2)
			k.Copy_(dst, src, false)
			releaseAll(dst, src)
		},
		op: "copy_", check: checks.SameStorage, where: "argument self",
		msg: "kernel replaced the StorageImpl"},

	// More bugs, beyond the twelve of issue 6.
	{name: "an in-place op that returns a new tensor",
		kernels: func() checkedif.Kernels { return mulInPlaceReturnsNew{} },
		run: func(k checkedif.Kernels) {
			a, b := ten(nil, 1, 2), ten(nil, 3, 4)
			r := k.Mul_Tensor(a, b)
			if r != a {
				r.Release()
			}
			releaseAll(a, b)
		},
		op: "mul_.Tensor", check: checks.ReturnsArg, where: "return 0",
		msg: "is not argument self"},
	{name: "a may-alias op that returns a tensor held elsewhere",
		kernels: func() checkedif.Kernels { return &cachingContiguous{} },
		run: func(k checkedif.Kernels) {
			x := arange(2, 3)
			tr := x.Transpose(0, 1)
			releaseAll(k.Contiguous(tr, refops.ContiguousFormat), tr, x)
		},
		op: "contiguous", check: checks.FreshOrAlias, where: "return 0",
		msg: "is neither argument self"},
	{name: "a view that copies, on a functional wrapper",
		kernels: func() checkedif.Kernels { return copyingTranspose{} },
		run: func(k checkedif.Kernels) {
			x := rt.Functionalize(arange(2, 3))
			releaseAll(k.TransposeInt(x, 0, 1), x)
		},
		op: "transpose.int", check: checks.SharesStorage, where: "return 0",
		msg: "[functional_wrapper]"},
	{name: "two outputs sharing one buffer (no mode: the use counts see it too)",
		kernels: func() checkedif.Kernels { return packedMax{} },
		run: func(k checkedif.Kernels) {
			x := ten([]int{2, 2}, 1, 5, 7, 2)
			v, i := k.MaxDim(x, 1, false)
			releaseAll(v, i, x)
		},
		op: "max.dim", check: checks.DistinctOutputs, where: "return 0",
		msg: "each fresh return needs its own storage", also: []checks.Check{checks.StorageUseCountEq1}},
	{name: "a functional op that returns a view of its input, under a tracing mode",
		kernels: func() checkedif.Kernels { return cloneViews{} },
		run: func(k checkedif.Kernels) {
			m := &rt.Mode{Name: "tracer"}
			rt.PushMode(m)
			defer rt.PopMode()
			x := arange(4)
			releaseAll(k.Clone(x, nil), x)
		},
		op: "clone", check: checks.FreshNoAlias, where: "return 0",
		msg: "with argument self (storage use count 2), but the schema says the return is fresh"},
	{name: "a functional op that returns its input, under a tracing mode",
		kernels: func() checkedif.Kernels { return cloneReturnsInput{} },
		run: func(k checkedif.Kernels) {
			m := &rt.Mode{Name: "tracer"}
			rt.PushMode(m)
			defer rt.PopMode()
			x := arange(4)
			releaseAll(k.Clone(x, nil), x)
		},
		op: "clone", check: checks.FreshNoAlias, where: "return 0",
		msg: "with argument self (storage use count 1), but the schema says the return is fresh"},
	{name: "a functional op that returns a view of its input (no mode: the use counts see it)",
		kernels: func() checkedif.Kernels { return cloneViews{} },
		run: func(k checkedif.Kernels) {
			x := arange(4)
			releaseAll(k.Clone(x, nil), x)
		},
		op: "clone", check: checks.StorageUseCountEq1, where: "return 0",
		msg: "StorageImpl use count is 2, want 1"},
	{name: "a may-alias op that returns its argument's handle itself (Go)",
		kernels: func() checkedif.Kernels { return contiguousReturnsHandle{} },
		run: func(k checkedif.Kernels) {
			x := arange(2, 3)
			if r := k.Contiguous(x, refops.ContiguousFormat); r != x {
				r.Release()
			}
			x.Release()
		},
		op: "contiguous", check: checks.FreshOrAlias, where: "return 0",
		msg: "is the handle of argument self itself (TensorImpl 0x"},
	{name: "a kernel that binds its input's storage inside a hermetic context",
		kernels: func() checkedif.Kernels { return negBindsInput{} },
		run: func(k checkedif.Kernels) {
			ctx := rt.EnterContext(true)
			defer ctx.Exit()
			x := ten(nil, 1, 2)
			releaseAll(k.Neg(x), x)
		},
		op: "neg", check: checks.BindingContext, where: "argument self",
		msg: "during the call (hermetic context"},
	{name: "a kernel that releases its argument's handle",
		kernels: func() checkedif.Kernels { return negReleasesSelf{} },
		run: func(k checkedif.Kernels) {
			x := ten(nil, 1, 2)
			releaseAll(k.Neg(x), x) // x is released twice by the bug: the second is a no-op
		},
		op: "neg", check: checks.SameImpl, where: "argument self",
		msg:  "kernel released the argument's handle or left it undefined (TensorImpl before 0x",
		also: []checks.Check{checks.SameStorage, checks.NoMutation}},
	{name: "an in-place view that rebinds self's handle",
		kernels: func() checkedif.Kernels { return rebindTranspose{} },
		run: func(k checkedif.Kernels) {
			x := arange(2, 3)
			k.Transpose_(x, 0, 1)
		},
		op: "transpose_", check: checks.SameImpl, where: "argument self",
		msg: "kernel replaced the TensorImpl"},
	{name: "a read-only input written through the data pointer (no version bump; same_content on)",
		kernels: func() checkedif.Kernels { return addScratch{} },
		run: func(k checkedif.Kernels) {
			a, b := ten(nil, 1, 2), ten(nil, 10, 20)
			releaseAll(k.AddTensor(a, b, 1), a, b)
		},
		op: "add.Tensor", check: checks.SameContent, where: "argument other",
		msg: "kernel wrote the bytes of an argument the schema does not mark mutable", content: true},
}

// TestCatalog runs each bug through the checked decorator and asserts that
// the expected check caught it, and no other; then runs the same scenario
// with the correct kernels and asserts that nothing is reported.
func TestCatalog(t *testing.T) {
	needChecks(t)
	for _, b := range catalog {
		t.Run(b.name, func(t *testing.T) {
			if b.content {
				defer asserts.SetContentCheck(asserts.SetContentCheck(true))
			}
			col := collect(func() { b.run(checkedif.Checked(b.kernels())) })
			vs := col.Violations()
			found := false
			for i := range vs {
				v := &vs[i]
				if v.Check != b.check && !slices.Contains(b.also, v.Check) {
					t.Errorf("another check fired: %v", v)
					continue
				}
				if v.Check == b.check && v.OpName() == b.op && v.Where() == b.where && strings.Contains(v.Error(), b.msg) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s not caught by %s at %s of %s with %q; violations:\n%s", b.name, b.check, b.where, b.op, b.msg, list(vs))
			}
			if len(b.also) == 0 && len(vs) > 0 && !allOneLoc(vs) {
				t.Errorf("%s: reported at several places:\n%s", b.name, list(vs))
			}
			for i := range vs {
				t.Logf("caught: %v", &vs[i])
			}

			// The control: the same scenario with the correct kernels.
			if ctl := collect(func() { b.run(checkedif.Checked(checkedif.Functions{})) }).Violations(); len(ctl) > 0 {
				t.Errorf("the correct kernels are flagged in the same scenario:\n%s", list(ctl))
			}
		})
	}
}

// allOneLoc reports whether the violations are all at one place, the list
// elements of one list counting as one (split's copies are each flagged).
func allOneLoc(vs []asserts.Violation) bool {
	for i := range vs {
		if vs[i].Arg != vs[0].Arg || vs[i].Ret != vs[0].Ret || vs[i].Check != vs[0].Check {
			return false
		}
	}
	return true
}

func list(vs []asserts.Violation) string {
	if len(vs) == 0 {
		return "  (none)"
	}
	var b strings.Builder
	for i := range vs {
		fmt.Fprintf(&b, "  %v\n", &vs[i])
	}
	return b.String()
}
