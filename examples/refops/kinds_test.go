package refops_test

// Every kind of tensor through the checked kernels: the results match the
// plain ones, keep their kind, and the checks skip exactly what the skip
// policy says for that kind, counted under its reason.

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checked"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// A tensorKind makes, from a plain CPU tensor, a tensor of its kind with
// the same sizes (and values, except on meta).
type tensorKind struct {
	name string
	make func(x *rt.Tensor) *rt.Tensor
	// check tells whether a result is of the kind.
	check func(r *rt.Tensor) bool
	// reasons are the skip reasons calls on this kind must show; no other
	// reason may show but those of the programs themselves (plan, absent,
	// undefined).
	reasons []checks.Reason
}

var kinds = []tensorKind{
	{name: "plain", make: rt.Clone,
		check: func(r *rt.Tensor) bool { return r.Kind() == rt.Plain && r.Device() == rt.CPU }},
	{name: "meta",
		make:  func(x *rt.Tensor) *rt.Tensor { return rt.Options{Device: rt.Meta}.Empty(x.Sizes()...) },
		check: func(r *rt.Tensor) bool { return r.Device() == rt.Meta }},
	{name: "functional wrapper", make: rt.Functionalize,
		check: func(r *rt.Tensor) bool { return r.Kind() == rt.Functional }},
	{name: "direct subclass", reasons: []checks.Reason{checks.ReasonDirectSubclass},
		make: func(x *rt.Tensor) *rt.Tensor {
			c := rt.Clone(x)
			defer c.Release()
			return rt.AsSubclass(c)
		},
		check: func(r *rt.Tensor) bool { return r.Kind() == rt.Subclass }},
	{name: "wrapper subclass (stub storage)", reasons: []checks.Reason{checks.ReasonWrapperStub},
		make: func(x *rt.Tensor) *rt.Tensor {
			c := rt.Clone(x)
			defer c.Release()
			return rt.Wrap(c, false)
		},
		check: func(r *rt.Tensor) bool { return r.Kind() == rt.Wrapper }},
	{name: "wrapper subclass (propagating storage)", reasons: []checks.Reason{checks.ReasonWrapperPropagating},
		make: func(x *rt.Tensor) *rt.Tensor {
			c := rt.Clone(x)
			defer c.Release()
			return rt.Wrap(c, true)
		},
		check: func(r *rt.Tensor) bool { return r.Kind() == rt.Wrapper }},
}

// A program runs ops through the checked wrappers on tensors made with mk
// and returns the tensors to compare across kinds (which it owns).
type program struct {
	name string
	run  func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor
	// notFor lists kinds the program does not apply to.
	notFor []string
}

func one(t *rt.Tensor) []*rt.Tensor    { return []*rt.Tensor{t} }
func two(a, b *rt.Tensor) []*rt.Tensor { return []*rt.Tensor{a, b} }
func mk23(mk func(*rt.Tensor) *rt.Tensor) *rt.Tensor {
	return mk(ten([]int{2, 3}, 1, -2, 3, 4, 5, -6))
}

var programs = []program{
	{name: "add.Tensor", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		return one(checked.AddTensor(mk23(mk), mk(ten(nil, 1, 2, 3)), 2))
	}},
	{name: "sub.Tensor mul.Tensor div.Tensor neg", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b := mk23(mk), mk(ten(nil, 1, 2, 4))
		s := checked.SubTensor(a, b, 1)
		m := checked.MulTensor(s, b)
		d := checked.DivTensor(m, b)
		return []*rt.Tensor{s, m, d, checked.Neg(d)}
	}},
	{name: "clamp.Tensor", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk23(mk)
		return two(checked.ClampTensor(a, mk(ten(nil, 0, 0, 4)), nil), checked.ClampTensor(a, rt.Undefined(), mk(ten([]int{}, 2))))
	}},
	{name: "sum sum.dim_IntList", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk23(mk)
		return []*rt.Tensor{checked.Sum(a, nil), checked.SumDimIntList(a, []int64{1}, true, nil), checked.SumDimIntList(a, nil, false, nil)}
	}},
	{name: "mm cat stack clone", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b := mk23(mk), mk(arange(3, 2))
		p := checked.Mm(a, b)
		return []*rt.Tensor{p, checked.Cat([]*rt.Tensor{a, p}, 1), checked.Stack([]*rt.Tensor{p, p}, 0), checked.Clone(p, nil)}
	}},
	{name: "max.dim sort", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk23(mk)
		v, i := checked.MaxDim(a, 1, false)
		sv, si := checked.Sort(a, 0, true)
		return []*rt.Tensor{v, i, sv, si}
	}},
	{name: "_foreach_add.Scalar _foreach_add_.Scalar _foreach_zero_", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b := mk23(mk), mk(ten(nil, 1, 2))
		rs := checked.XForeachAddScalar([]*rt.Tensor{a, b}, 1)
		checked.XForeachAdd_Scalar(rs, 2)
		checked.XForeachZero_([]*rt.Tensor{b})
		return append(rs, b)
	}},
	{name: "in-place", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b := mk23(mk), mk(ten(nil, 1, 2, 3))
		checked.Add_Tensor(a, b, 2)
		checked.Sub_Tensor(a, b, 1)
		checked.Mul_Tensor(a, b)
		checked.Neg_(a)
		c := mk(rt.Zeros(2, 3))
		checked.Copy_(c, a, false)
		z := mk(ten(nil, 1, 2))
		checked.Zero_(z)
		f := mk(ten(nil, 1, 2))
		checked.Fill_Scalar(f, 3)
		return []*rt.Tensor{a, c, z, f}
	}},
	{name: "resize_", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk(ten(nil, 1, 2))
		checked.Resize_(a, []int64{2, 2}, nil)
		return one(a)
	}},
	{name: "set_", notFor: []string{"wrapper subclass (stub storage)", "wrapper subclass (propagating storage)"},
		run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
			a, src := mk(ten(nil, 1)), mk(ten([]int{2, 2}, 1, 2, 3, 4))
			checked.Set_SourceTensor(a, src)
			b := mk(ten(nil, 1))
			checked.Set_SourceStorage(b, src.Storage())
			return two(a, b)
		}},
	{name: "set_data", notFor: []string{"wrapper subclass (stub storage)", "wrapper subclass (propagating storage)"},
		run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
			a, data := mk(ten(nil, 1)), mk(ten([]int{2, 2}, 1, 2, 3, 4))
			checked.SetData(a, data)
			return two(a, data)
		}},
	{name: "out=", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b := mk23(mk), mk(ten(nil, 1, 2, 3))
		o1, o2, o3 := mk(rt.Empty(0)), mk(rt.Empty(2, 3)), mk(rt.Empty(1))
		checked.AddOut(a, b, 1, o1)
		checked.MulOut(a, b, o2)
		checked.NegOut(b, o3)
		o4, o5, o6 := mk(rt.Empty(0)), mk(rt.Empty(0)), mk(rt.Empty(0))
		checked.MmOut(a, checked.T(a), o4)
		checked.SumIntListOut(a, []int64{0}, false, nil, o5)
		checked.CatOut([]*rt.Tensor{a, a}, 0, o6)
		v, i, sv, si := mk(rt.Empty(0)), mk(rt.Empty(0)), mk(rt.Empty(0)), mk(rt.Empty(0))
		checked.MaxDimMax(a, 0, false, v, i)
		checked.SortValues(a, 1, false, sv, si)
		return []*rt.Tensor{o1, o2, o3, o4, o5, o6, v, i, sv, si}
	}},
	{name: "views", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk(arange(2, 3, 2))
		return []*rt.Tensor{
			checked.View(a, []int64{6, 2}),
			checked.TransposeInt(a, 0, 2),
			checked.T(checked.SelectInt(a, 2, 1)),
			checked.Permute(a, []int64{1, 2, 0}),
			checked.SliceTensor(a, 1, i64(1), nil, 2),
			checked.Expand(checked.Unsqueeze(a, 0), []int64{2, -1, -1, -1}, false),
			checked.Alias(a),
			checked.Detach(a),
			checked.Diagonal(a, 0, 1, 2),
			checked.Squeeze(checked.Unsqueeze(a, 1)),
			checked.SqueezeDim(checked.Unsqueeze(a, 3), 3),
			checked.AsStrided(a, []int64{3, 2}, []int64{2, 1}, i64(2)),
		}
	}},
	{name: "list views", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk(arange(4, 3))
		var out []*rt.Tensor
		out = append(out, checked.SplitTensor(a, 3, 0)...)
		out = append(out, checked.SplitWithSizes(a, []int64{1, 2}, 1)...)
		out = append(out, checked.UnbindInt(a, 1)...)
		return append(out, checked.Chunk(a, 2, 0)...)
	}},
	{name: "may alias", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk(arange(2, 3, 2))
		tr := checked.TransposeInt(a, 0, 1)
		return []*rt.Tensor{
			checked.Reshape(a, []int64{-1}),
			checked.Reshape(tr, []int64{-1}),
			checked.Contiguous(a, refops.ContiguousFormat),
			checked.Contiguous(tr, refops.ContiguousFormat),
			checked.FlattenUsingInts(a, 1, 2),
			checked.FlattenUsingInts(a, 0, 0),
			checked.Narrow(a, 1, 1, 2),
		}
	}},
	{name: "in-place views", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a, b, c := mk(arange(2, 3)), mk(arange(6)), mk(arange(1, 3))
		checked.Transpose_(a, 0, 1)
		checked.T_(a)
		checked.Unsqueeze_(a, 1)
		checked.AsStrided_(b, []int64{2, 2}, []int64{1, 2}, i64(1))
		checked.Squeeze_Dim(c, 0)
		checked.Detach_(c)
		return []*rt.Tensor{a, b, c}
	}},
	{name: "_cummax_helper _cummin_helper", run: func(mk func(*rt.Tensor) *rt.Tensor) []*rt.Tensor {
		a := mk23(mk)
		v, i, v2, i2 := mk(rt.Empty(0)), mk(rt.Empty(0)), mk(rt.Empty(2, 3)), mk(rt.Empty(2, 3))
		checked.XCummaxHelper(a, v, i, 1)
		checked.XCumminHelper(a, v2, i2, 0)
		return []*rt.Tensor{v, i, v2, i2}
	}},
}

// TestKinds runs every program on every kind of tensor and compares the
// results with those on plain tensors.
func TestKinds(t *testing.T) {
	plain := map[string][]*rt.Tensor{}
	for _, p := range programs {
		plain[p.name] = p.run(kinds[0].make)
	}
	defer func() {
		for _, rs := range plain {
			for _, r := range rs {
				r.Release()
			}
		}
	}()
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			st := statsDuring(func() {
				for _, p := range programs {
					if slices.Contains(p.notFor, k.name) {
						continue
					}
					rs := p.run(k.make)
					for i, r := range rs {
						what := fmt.Sprintf("%s: result %d", p.name, i)
						if !k.check(r) {
							t.Errorf("%s: %v is not a %s tensor", what, r, k.name)
						}
						want := plain[p.name][i]
						var vals []float64
						if r.Device() != rt.Meta {
							vals = want.ToSlice()
						}
						wantTensor(t, what, r, append([]int{}, want.Sizes()...), vals)
						r.Release()
					}
				}
			})
			wantSkips(t, st, k.reasons, checks.ReasonPlan, checks.ReasonAbsent, checks.ReasonUndefined)
			t.Logf("%s: %d calls, %d checks run, skips %v", k.name, st.Calls, st.TotalRan(), skipCounts(st))
		})
	}
}

// TestSparse runs the ops that take a sparse (storage-less) tensor: checks
// that compare storages are skipped for it, under no_storage.
func TestSparse(t *testing.T) {
	st := statsDuring(func() {
		sp := rt.ToSparse(ten([]int{2, 3}, 0, 1, 0, -2, 0, 3))
		defer sp.Release()
		d := checked.ToDense(sp, nil)
		defer d.Release()
		wantTensor(t, "to_dense", d, []int{2, 3}, []float64{0, 1, 0, -2, 0, 3})
		c := checked.Clone(sp, nil)
		defer c.Release()
		if c.Layout() != rt.Sparse {
			t.Errorf("clone of a sparse tensor is %v", c.Layout())
		}
		v := checked.XValues(c)
		defer v.Release()
		wantTensor(t, "_values", v, nil, []float64{1, -2, 3})
		if r := checked.Neg_(c); r != c {
			t.Errorf("neg_ returned %v, want self", r)
		}
		wantTensor(t, "neg_ then _values", v, nil, []float64{-1, 2, -3})
	})
	wantSkips(t, st, []checks.Reason{checks.ReasonNoStorage})
}

// TestUnderMode runs ops while a dispatch mode that keeps every result (as
// a tracing mode does) is active: the use-count checks are skipped, under
// mode_active, and every other check still runs.
func TestUnderMode(t *testing.T) {
	m := &rt.Mode{Name: "tracer"}
	rt.PushMode(m)
	st := statsDuring(func() {
		a := arange(2, 3)
		defer a.Release()
		for _, r := range []*rt.Tensor{
			checked.AddTensor(a, a, 1),
			checked.TransposeInt(a, 0, 1),
			checked.Reshape(a, []int64{3, 2}),
		} {
			m.Keep(r)
			r.Release()
		}
		v, i := checked.MaxDim(a, 0, false)
		m.Keep(v)
		m.Keep(i)
		v.Release()
		i.Release()
		rs := checked.UnbindInt(a, 0)
		for _, r := range rs {
			m.Keep(r)
			r.Release()
		}
	})
	if got := rt.PopMode(); got != m {
		t.Fatalf("PopMode returned %v, want the tracer", got)
	}
	if m.Kept() != 0 {
		t.Errorf("the mode still keeps %d tensors after PopMode", m.Kept())
	}
	wantSkips(t, st, []checks.Reason{checks.ReasonModeActive})
	if asserts.Compiled && asserts.Checking() && (st.Ran[checks.SharesStorage] == 0 || st.Ran[checks.DistinctOutputs] == 0) {
		t.Errorf("under a mode, shares_storage and distinct_outputs must still run: %v", st.Ran)
	}
}

// TestHermeticContext runs ops inside a hermetic context on tensors whose
// storages are bound inside it, or not bound at all: binding_context runs
// and passes.
func TestHermeticContext(t *testing.T) {
	outside := arange(2, 2)
	defer outside.Release()
	ctx := rt.EnterContext(true)
	st := statsDuring(func() {
		inside := arange(2, 2)
		defer inside.Release()
		if o := inside.StorageObject(); o.Context() != ctx {
			t.Errorf("storage object made in context %v, want the hermetic one", o.Context().ID())
		}
		r := checked.Mm(inside, outside)
		defer r.Release()
		wantTensor(t, "mm", r, []int{2, 2}, []float64{2, 3, 6, 11})
	})
	ctx.Exit()
	if asserts.Compiled && asserts.Checking() && st.Ran[checks.BindingContext] != 2 {
		t.Errorf("binding_context ran %d times, want 2", st.Ran[checks.BindingContext])
	}
}

// TestSwitchedOff checks that asserts.SetEnabled(false) turns the wrappers
// into direct calls at run time.
func TestSwitchedOff(t *testing.T) {
	prev := asserts.SetEnabled(false)
	st := statsDuring(func() {
		r := checked.AddTensor(arange(2), arange(2), 1)
		r.Release()
	})
	asserts.SetEnabled(prev)
	if st.Calls != 0 || st.TotalRan() != 0 {
		t.Errorf("switched off: %d calls, %d checks run; want none", st.Calls, st.TotalRan())
	}
}

// TestSwitchedOffRunsKernelsOnce: switched off, a wrapper of a kernel
// without results (an in-place _foreach_ op, set_data) calls it once, not
// once on the direct path and again on the checked one.
func TestSwitchedOffRunsKernelsOnce(t *testing.T) {
	prev := asserts.SetEnabled(false)
	defer asserts.SetEnabled(prev)
	a, b := ten(nil, 1, 2), ten(nil, 3)
	defer a.Release()
	defer b.Release()
	checked.XForeachAdd_Scalar([]*rt.Tensor{a, b}, 10)
	if got := append(a.ToSlice(), b.ToSlice()...); !slices.Equal(got, []float64{11, 12, 13}) {
		t.Errorf("_foreach_add_ switched off: %v, want [11 12 13] (the kernel ran %s)", got, map[bool]string{true: "twice", false: "a wrong number of times"}[got[0] == 21])
	}
}

// TestConcurrentKernels runs kernels on many goroutines over shared inputs
// (read only) and private ones (written in place); with -race it checks that
// the wrappers, the statistics and reftensor's reference counts are safe.
func TestConcurrentKernels(t *testing.T) {
	shared := arange(4, 4)
	defer shared.Release()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := rt.Full(float64(g), 4)
			defer own.Release()
			for range 50 {
				s := checked.Sum(shared, nil)
				tr := checked.TransposeInt(shared, 0, 1)
				p := checked.Mm(shared, tr)
				parts := checked.Chunk(shared, 2, 1)
				row := checked.SelectInt(p, 0, 0)
				checked.Add_Tensor(own, row, 0)
				for _, x := range append(parts, s, tr, p, row) {
					x.Release()
				}
			}
			if want := float64(g); own.At(0) != want {
				t.Errorf("goroutine %d: own[0] = %v, want %v", g, own.At(0), want)
			}
		}()
	}
	wg.Wait()
	if i, s := shared.UseCounts(); i != 1 || s != 1 {
		t.Errorf("shared input use counts (%d, %d) after the goroutines, want (1, 1)", i, s)
	}
}

// TestKindsContent runs every program on every kind of tensor with the
// opt-in same_content check switched on: the reference kernels write no
// read-only input, so nothing is reported (the suite's collector fails the
// run otherwise); the check runs wherever there are bytes to read, a meta
// tensor's rows count under no_content_access and a stub-storage wrapper's
// under wrapper_subclass, and no row counts under content_check_off.
func TestKindsContent(t *testing.T) {
	if !asserts.Compiled || !asserts.Checking() {
		t.Skip("needs -tags debugasserts")
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			var vs []asserts.Violation
			st := statsDuring(func() {
				vs = asserts.Collect(func() {
					for _, p := range programs {
						if slices.Contains(p.notFor, k.name) {
							continue
						}
						for _, r := range p.run(k.make) {
							r.Release()
						}
					}
				})
			})
			for i := range vs {
				t.Errorf("violation: %v", &vs[i])
			}
			ran, noAccess := st.Ran[checks.SameContent], st.Skipped[checks.ReasonNoContent]
			if st.Skipped[checks.ReasonContentOff] != 0 {
				t.Errorf("%d rows skipped under content_check_off with the check on", st.Skipped[checks.ReasonContentOff])
			}
			switch k.name {
			case "meta":
				if ran != 0 || noAccess == 0 {
					t.Errorf("meta: same_content ran %d, %d under no_content_access; want 0 and some", ran, noAccess)
				}
			case "wrapper subclass (stub storage)":
				if ran != 0 || noAccess != 0 {
					t.Errorf("stub wrapper: same_content ran %d, %d under no_content_access; want none (wrapper_subclass)", ran, noAccess)
				}
			default:
				if ran == 0 || noAccess != 0 {
					t.Errorf("same_content ran %d, %d under no_content_access; want some and 0", ran, noAccess)
				}
			}
			t.Logf("%s: same_content ran %d; skips %v", k.name, ran, skipCounts(st))
		})
	}
}
