package gcrt_test

import (
	"slices"
	"testing"

	"example.com/frozen/gcrt"
	"example.com/frozen/gcrt/checkedif"
	"github.com/assertgen/assertgen/asserts"
)

// The bug catalog of gcrt: what each check catches on a runtime without
// use counts. Each entry plugs one broken kernel (export_test.go) into the
// checked decorator, runs the calls that expose it and names the check
// that must report it, and the only one.

// kernels overrides one method of the adapter with a broken kernel.
type kernels struct {
	checkedif.Functions
	addOut     func(self, other *gcrt.Tensor, alpha float64, out *gcrt.Tensor) *gcrt.Tensor
	contiguous func(self *gcrt.Tensor, memoryFormat int) *gcrt.Tensor
	transpose  func(self *gcrt.Tensor, dim0, dim1 int64) *gcrt.Tensor
	add        func(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor
	add_       func(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor
	clone      func(self *gcrt.Tensor, memoryFormat *int) *gcrt.Tensor
	neg        func(self *gcrt.Tensor) *gcrt.Tensor
	cat        func(ts []*gcrt.Tensor, dim int64) *gcrt.Tensor
	selectInt  func(self *gcrt.Tensor, dim, index int64) *gcrt.Tensor
}

func or[F any](f F, ok bool, d F) F {
	if ok {
		return f
	}
	return d
}

func (k kernels) AddOut(self, other *gcrt.Tensor, alpha float64, out *gcrt.Tensor) *gcrt.Tensor {
	return or(k.addOut, k.addOut != nil, gcrt.AddOut)(self, other, alpha, out)
}
func (k kernels) Contiguous(self *gcrt.Tensor, f int) *gcrt.Tensor {
	return or(k.contiguous, k.contiguous != nil, gcrt.Contiguous)(self, f)
}
func (k kernels) TransposeInt(self *gcrt.Tensor, a, b int64) *gcrt.Tensor {
	return or(k.transpose, k.transpose != nil, gcrt.TransposeInt)(self, a, b)
}
func (k kernels) AddTensor(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
	return or(k.add, k.add != nil, gcrt.AddTensor)(self, other, alpha)
}
func (k kernels) Add_Tensor(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
	return or(k.add_, k.add_ != nil, gcrt.Add_Tensor)(self, other, alpha)
}
func (k kernels) Clone(self *gcrt.Tensor, f *int) *gcrt.Tensor {
	return or(k.clone, k.clone != nil, gcrt.Clone)(self, f)
}
func (k kernels) Neg(self *gcrt.Tensor) *gcrt.Tensor { return or(k.neg, k.neg != nil, gcrt.Neg)(self) }
func (k kernels) Cat(ts []*gcrt.Tensor, dim int64) *gcrt.Tensor {
	return or(k.cat, k.cat != nil, gcrt.Cat)(ts, dim)
}
func (k kernels) SelectInt(self *gcrt.Tensor, dim, index int64) *gcrt.Tensor {
	return or(k.selectInt, k.selectInt != nil, gcrt.SelectInt)(self, dim, index)
}

func arange(sizes ...int) *gcrt.Tensor {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i + 1)
	}
	return gcrt.From(v, sizes...)
}

// A bug is one catalog entry: the broken kernels, the calls that expose
// the bug, and the check that must report it ("" for a legal kernel that
// must pass).
type bug struct {
	name  string
	k     kernels
	run   func(k checkedif.Kernels)
	check string
	// also is a second check the bug trips: a view made by changing self's
	// geometry in place is self's handle returned (not_arg_handle, under
	// the plan's TensorImpl check) and self's metadata changed
	// (same_metadata).
	also string
	new  bool // missed before issue 30 (or, off the Go heap, a crash)
}

var bugs = []bug{
	{name: "add.out rebinds out to new memory under its storage ID", new: true, check: "same_storage",
		k:   kernels{addOut: gcrt.AddOutRebinds},
		run: func(k checkedif.Kernels) { x, o := arange(4, 4), gcrt.New(4, 4); k.AddOut(x, x, 1, o) }},
	{name: "contiguous returns a cached copy", new: true, check: "fresh_not_held",
		k: kernels{contiguous: gcrt.ContiguousCached},
		run: func(k checkedif.Kernels) {
			xt := k.TransposeInt(arange(4, 4), 0, 1)
			a := k.Contiguous(xt, 0)
			b := k.Contiguous(xt, 0)
			_, _ = a, b
		}},
	{name: "transpose swaps self's sizes and strides and returns self", new: true, check: "impl_use_count_eq_fresh", also: "same_metadata",
		k:   kernels{transpose: gcrt.TransposeInPlace},
		run: func(k checkedif.Kernels) { k.TransposeInt(arange(2, 3), 0, 1) }},
	{name: "select squeezes self and returns it", new: true, check: "impl_use_count_eq_fresh", also: "same_metadata",
		k:   kernels{selectInt: gcrt.SelectReturnsSelf},
		run: func(k checkedif.Kernels) { k.SelectInt(arange(1, 3), 0, 0) }},
	{name: "clone returns one buffer mapped outside the Go heap", new: true, check: "fresh_not_held",
		k: kernels{clone: gcrt.CloneMappedCached},
		run: func(k checkedif.Kernels) {
			gcrt.ResetMappedCache() // the previous run's buffer is still held (-count)
			x := arange(4)
			a, b := k.Clone(x, nil), k.Clone(x, nil)
			_, _ = a, b
		}},
	{name: "add reuses one output buffer", check: "fresh_not_held",
		k: kernels{add: gcrt.AddCached},
		run: func(k checkedif.Kernels) {
			x := arange(4, 4)
			a := k.AddTensor(x, x, 1)
			b := k.AddTensor(x, x, 1)
			_, _ = a, b
		}},
	{name: "clone returns its contiguous input", check: "impl_use_count_eq_fresh",
		k:   kernels{clone: gcrt.CloneReturnsSelf},
		run: func(k checkedif.Kernels) { k.Clone(arange(4), nil) }},
	{name: "clone returns a view of its input", check: "fresh_no_alias",
		k:   kernels{clone: gcrt.CloneView},
		run: func(k checkedif.Kernels) { k.Clone(arange(4), nil) }},
	{name: "clone gives its input's memory a new storage ID", new: true, check: "fresh_no_alias",
		k:   kernels{clone: gcrt.CloneSharesMemory},
		run: func(k checkedif.Kernels) { k.Clone(arange(4), nil) }},
	{name: "cat of one tensor returns a view of it", check: "fresh_no_alias",
		k:   kernels{cat: gcrt.CatAliases},
		run: func(k checkedif.Kernels) { k.Cat([]*gcrt.Tensor{arange(4)}, 0) }},
	{name: "add_ returns a new tensor", check: "returns_arg",
		k:   kernels{add_: gcrt.Add_ReturnsNew},
		run: func(k checkedif.Kernels) { x := arange(4); k.Add_Tensor(x, x, 1) }},
	{name: "add_ gives self a new allocation", check: "same_storage",
		k:   kernels{add_: gcrt.Add_Reallocates},
		run: func(k checkedif.Kernels) { x := arange(4); k.Add_Tensor(x, arange(4), 1) }},
	{name: "transpose returns a copy", check: "shares_storage",
		k:   kernels{transpose: gcrt.TransposeCopies},
		run: func(k checkedif.Kernels) { k.TransposeInt(arange(2, 3), 0, 1) }},
	{name: "neg negates its input in place", check: "same_content",
		k: kernels{neg: gcrt.NegInPlace},
		run: func(k checkedif.Kernels) {
			prev := asserts.SetContentCheck(true)
			defer asserts.SetContentCheck(prev)
			k.Neg(arange(4))
		}},
	// Legal kernels on the paths of the new checks: none may fire.
	{name: "set (functional) over a storage the caller still holds", new: true,
		run: func(k checkedif.Kernels) {
			x := k.Clone(arange(4), nil) // x's storage came out fresh
			y := k.SetSourceStorage(arange(2), x.Storage())
			_, _ = x, y
		}},
	{name: "clone returns a copy in memory mapped outside the Go heap", new: true,
		k: kernels{clone: func(self *gcrt.Tensor, _ *int) *gcrt.Tensor {
			m, _ := gcrt.Mapped(self.Numel()) // never unmapped: the tensor may outlive the test
			return gcrt.Copy_(m, self, false)
		}},
		run: func(k checkedif.Kernels) {
			x := arange(4)
			a, b := k.Clone(x, nil), k.Clone(x, nil)
			_, _ = a, b
		}},
	{name: "contiguous copies a non-contiguous input each time",
		run: func(k checkedif.Kernels) {
			xt := k.TransposeInt(arange(4, 4), 0, 1)
			a, b := k.Contiguous(xt, 0), k.Contiguous(xt, 0)
			c := k.Contiguous(a, 0) // a itself
			_, _, _ = a, b, c
		}},
}

func TestCatalog(t *testing.T) {
	if !asserts.Compiled || !asserts.Checking() {
		t.Skip("the catalog needs -tags debugasserts")
	}
	for _, b := range bugs {
		t.Run(b.name, func(t *testing.T) {
			col := asserts.NewCollector()
			prev := asserts.SetHandler(col)
			b.run(checkedif.Checked(b.k))
			asserts.SetHandler(prev)
			vs := col.Violations()
			if b.check == "" {
				for i := range vs {
					t.Errorf("false alarm: %v", &vs[i])
				}
				return
			}
			want := []string{b.check}
			if b.also != "" {
				want = append(want, b.also)
			}
			var got []string
			for i := range vs {
				got = append(got, vs[i].Check.String())
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("want one violation of each of %v, got %d:", want, len(vs))
				for i := range vs {
					t.Errorf("  %v", &vs[i])
				}
			}
		})
	}
}
