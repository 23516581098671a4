package catalog_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/catalog/freshpt"
	"github.com/assertgen/assertgen/examples/refops/catalog/freshst"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// cloneCaches is a functional op that keeps a reference to its output:
// clone memoizes its last result for the next call with the same input,
// so the TensorImpl it returns has an owner the caller does not know of.
type cloneCaches struct {
	checkedif.Functions
	cache **rt.Tensor
}

func (k cloneCaches) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	out := refops.Clone(self, memoryFormat)
	if *k.cache != nil {
		(*k.cache).Release()
	}
	*k.cache = out.Share() // the bug: a second handle the kernel keeps
	return out
}

// addBinds is a correct add.Tensor whose output has a bound object, as a
// kernel implemented in Python returns a tensor its interpreter already
// wraps: the object (the tensor's PyObject) holds the TensorImpl's second
// reference, which PyTorch 2.14 counts.
type addBinds struct {
	checkedif.Functions
	cache **rt.Tensor // when set, it also keeps a handle (a bug)
}

func (k addBinds) AddTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	out := refops.AddTensor(self, other, alpha)
	out.TensorObject()
	if k.cache != nil {
		if *k.cache != nil {
			(*k.cache).Release()
		}
		*k.cache = out.Share()
	}
	return out
}

// cloneReturnsSelf is clone handing back the caller's own handle when
// there is nothing to lay out again: in C++ that raises the use count,
// in Go it does not. For an input with a bound object the use count is 2,
// what a fresh tensor with an object has, so only NotArg, part of
// impl_use_count_eq_fresh, can tell.
type cloneReturnsSelf struct{ checkedif.Functions }

func (cloneReturnsSelf) Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor {
	if self.IsContiguous() {
		return self // the bug: the caller's handle, not a new tensor
	}
	return refops.Clone(self, memoryFormat)
}

// freshKernels is what both 2.14 packages wrap.
type freshKernels interface {
	AddTensor(self, other *rt.Tensor, alpha float64) *rt.Tensor
	Clone(self *rt.Tensor, memoryFormat *int) *rt.Tensor
}

// TestFreshUseCount runs the kernels above through the wrappers generated
// for PyTorch 2.14 (assertgen_fresh_pytorch.yaml, assertgen_fresh_strict.yaml),
// whose plans check impl_use_count_eq_fresh: a fresh tensor with an extra
// reference is caught, one whose only other owner is its bound object is
// not, one with both is caught, and so is a bound input handed back as is.
func TestFreshUseCount(t *testing.T) {
	needChecks(t)
	type wrap func(k freshKernels) freshKernels
	for _, p := range []struct {
		name string
		wrap wrap
	}{
		{"pytorch-2.14", func(k freshKernels) freshKernels { return freshpt.Checked(k) }},
		{"strict-2.14", func(k freshKernels) freshKernels { return freshst.Checked(k) }},
	} {
		t.Run(p.name, func(t *testing.T) {
			x, y := arange(2, 2), arange(2, 2)
			defer releaseAll(x, y)
			var cache *rt.Tensor
			defer func() {
				if cache != nil {
					cache.Release()
				}
			}()
			for _, tc := range []struct {
				name string
				call func(k freshKernels)
				k    freshKernels
				want string // "" = no violation
			}{
				{"correct clone", func(k freshKernels) { k.Clone(x, nil).Release() }, checkedif.Functions{}, ""},
				{"correct add", func(k freshKernels) { k.AddTensor(x, y, 1).Release() }, checkedif.Functions{}, ""},
				{"clone keeps a handle", func(k freshKernels) { k.Clone(x, nil).Release() }, cloneCaches{cache: &cache},
					"clone: impl_use_count_eq_fresh: return 0: TensorImpl use count is 2, want 1 for a fresh tensor with no foreign object bound to it"},
				{"add returns a bound tensor", func(k freshKernels) {
					out := k.AddTensor(x, y, 1)
					out.ReleaseTensorObject()
					out.Release()
				}, addBinds{}, ""},
				{"add returns a bound tensor and keeps a handle", func(k freshKernels) {
					out := k.AddTensor(x, y, 1)
					out.ReleaseTensorObject()
					out.Release()
					cache.Release()
					cache = nil
				}, addBinds{cache: &cache},
					"add.Tensor: impl_use_count_eq_fresh: return 0: TensorImpl use count is 3, want 2: a fresh tensor's handle and the foreign object bound to it"},
				{"clone returns a bound input's handle", func(k freshKernels) {
					x.TensorObject()
					defer x.ReleaseTensorObject()
					if out := k.Clone(x, nil); out != x {
						out.Release()
					}
				}, cloneReturnsSelf{},
					"clone: impl_use_count_eq_fresh: return 0: is the TensorImpl of argument self"},
			} {
				vs, st := run(func() { tc.call(p.wrap(tc.k)) })
				if st.Ran[checks.ImplUseCountEqFresh] != 1 || st.Ran[checks.ImplUseCountLE1] != 0 {
					t.Errorf("%s: checks run %v, want impl_use_count_eq_fresh once and never impl_use_count_le_1", tc.name, st.Ran)
				}
				switch {
				case tc.want == "":
					if len(vs) != 0 {
						t.Errorf("%s: a correct kernel is flagged:\n%s", tc.name, list(vs))
					}
				case len(vs) != 1 || vs[0].Check != checks.ImplUseCountEqFresh || !strings.Contains(vs[0].Error(), tc.want):
					t.Errorf("%s: want one violation containing %q; got\n%s", tc.name, tc.want, list(vs))
				}
			}
		})
	}
}

// TestFreshUseCountAgainstLE1: the wrappers generated for PyTorch 1.13.1
// (checkedif, impl_use_count_le_1) blame the correct kernel whose output
// has a bound object: for a runtime whose objects hold a counted
// reference, as reftensor's and PyTorch 2.14's do, only the 2.14 check is
// right.
func TestFreshUseCountAgainstLE1(t *testing.T) {
	needChecks(t)
	x, y := arange(2, 2), arange(2, 2)
	defer releaseAll(x, y)
	vs, _ := run(func() {
		out := checkedif.Checked(addBinds{}).AddTensor(x, y, 1)
		out.ReleaseTensorObject()
		out.Release()
	})
	if len(vs) != 1 || vs[0].Check != checks.ImplUseCountLE1 || !strings.Contains(vs[0].Error(), "TensorImpl use count is 2, want <= 1") {
		t.Errorf("under 1.13's impl_use_count_le_1: want one violation, the bound object counted as an extra owner; got\n%s", list(vs))
	}
}
