package catalog_test

import (
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/catalog/mustview"
	"github.com/assertgen/assertgen/examples/refops/catalog/ptif"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// aliasingOps is what the aliasing controls call: the methods the strict
// decorator (checkedif) and the pytorch-profile one (ptif) share.
type aliasingOps interface {
	Add_Tensor(self, other *rt.Tensor, alpha float64) *rt.Tensor
	Mul_Tensor(self, other *rt.Tensor) *rt.Tensor
	AddOut(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor
	MaxDimMax(self *rt.Tensor, dim int64, keepdim bool, max_, maxValues *rt.Tensor) (*rt.Tensor, *rt.Tensor)
	Alias(self *rt.Tensor) *rt.Tensor
	SelectInt(self *rt.Tensor, dim, index int64) *rt.Tensor
	SetData(self, newData *rt.Tensor)
}

// TestAliasingControls makes the legal calls whose arguments alias each
// other, under both profiles, with the correct kernels: an argument that
// shares storage with one the call writes sees its version move, and
// before no_mutation learned the aliasing rule the strict profile blamed
// it (x.add_(x): "no_mutation: argument other"). Now nothing is reported,
// and the strict profile counts each such argument under
// aliases_mutable_arg. set_data swaps self's storage by design: its
// same_storage on self is skipped by the built-in allowlist.
func TestAliasingControls(t *testing.T) {
	needChecks(t)
	rows := func(x *rt.Tensor, k aliasingOps, i int64) *rt.Tensor { return k.SelectInt(x, 0, i) }
	for _, tc := range []struct {
		name    string
		call    func(k aliasingOps)
		aliased uint64 // arguments skipped under the strict profile for aliasing a written one
	}{
		{"x.add_(x)", func(k aliasingOps) {
			x := ten(nil, 1, 2)
			k.Add_Tensor(x, x, 1)
			want(t, x, 2, 4)
			x.Release()
		}, 1},
		{"x.mul_(x.alias())", func(k aliasingOps) {
			x := ten(nil, 2, 3)
			a := k.Alias(x)
			k.Mul_Tensor(x, a)
			want(t, x, 4, 9)
			releaseAll(a, x)
		}, 1},
		{"x[0].add_(x[1])", func(k aliasingOps) {
			x := ten([]int{2, 2}, 1, 2, 3, 4)
			r0, r1 := rows(x, k, 0), rows(x, k, 1)
			k.Add_Tensor(r0, r1, 1)
			want(t, x, 4, 6, 3, 4)
			releaseAll(r0, r1, x)
		}, 1},
		{"add(a, b, out=a)", func(k aliasingOps) {
			a, b := ten(nil, 1, 2), ten(nil, 10, 20)
			k.AddOut(a, b, 1, a)
			want(t, a, 11, 22)
			releaseAll(a, b)
		}, 1},
		{"add(buf[0], buf[1], out=buf[2])", func(k aliasingOps) {
			buf := ten([]int{3, 2}, 1, 2, 10, 20, 0, 0)
			b0, b1, b2 := rows(buf, k, 0), rows(buf, k, 1), rows(buf, k, 2)
			k.AddOut(b0, b1, 1, b2)
			want(t, buf, 1, 2, 10, 20, 11, 22)
			releaseAll(b0, b1, b2, buf)
		}, 2},
		{"max.dim_max(buf[0], out=(buf[1], buf[2]))", func(k aliasingOps) {
			buf := ten([]int{3, 2, 2}, 1, 5, 7, 2, 0, 0, 0, 0, 0, 0, 0, 0)
			b0, b1, b2 := rows(buf, k, 0), rows(buf, k, 1), rows(buf, k, 2)
			m, mv := b1.Select(0, 0), b2.Select(0, 0)
			k.MaxDimMax(b0, 1, false, m, mv)
			want(t, buf, 1, 5, 7, 2, 5, 7, 0, 0, 1, 0, 0, 0)
			releaseAll(m, mv, b0, b1, b2, buf)
		}, 1},
		{"set_data(x, y)", func(k aliasingOps) {
			x, y := ten(nil, 1), ten(nil, 5, 6)
			k.SetData(x, y)
			want(t, x, 5, 6)
			releaseAll(x, y)
		}, 0},
	} {
		for _, p := range []struct {
			profile string
			k       aliasingOps
			content bool
		}{
			{"strict", checkedif.Checked(checkedif.Functions{}), false},
			{"pytorch", ptif.Checked(checkedif.Functions{}), false},
			{"strict", checkedif.Checked(checkedif.Functions{}), true},
		} {
			name := tc.name + "/" + p.profile
			if p.content {
				name += "/same_content"
			}
			t.Run(name, func(t *testing.T) {
				defer asserts.SetContentCheck(asserts.SetContentCheck(p.content))
				before := asserts.ReadStats()
				vs := asserts.Collect(func() { tc.call(p.k) })
				st := asserts.ReadStats().Sub(before)
				if len(vs) > 0 {
					t.Errorf("a legal call is flagged:\n%s", list(vs))
				}
				wantSkips := tc.aliased
				if p.profile == "pytorch" {
					wantSkips = 0 // PyTorch has no no_mutation check
				}
				if p.content {
					// same_content skips each such argument too, before
					// the kernel, without taking its digest.
					wantSkips *= 2
					if st.Ran[checks.SameContent]+st.Skipped[checks.ReasonAliasesMutable] == 0 || st.Skipped[checks.ReasonContentOff] != 0 {
						t.Errorf("same_content switched on: ran %v, skipped %v", st.Ran, st.Skipped)
					}
				}
				if got := st.Skipped[checks.ReasonAliasesMutable]; got != wantSkips {
					t.Errorf("%d arguments skipped as aliasing a written one, want %d", got, wantSkips)
				}
			})
		}
	}
}

func want(t *testing.T, x *rt.Tensor, vals ...float64) {
	t.Helper()
	if got := x.ToSlice(); !slices.Equal(got, vals) {
		t.Errorf("values %v, want %v", got, vals)
	}
}

// TestViewsEntry: a views entry for a may-alias op (narrow) makes its
// return a view that must share self's storage. The copying narrow is legal
// for the schema alone (checkedif: may-alias, a fresh copy passes) and
// caught where the runtime declared its narrow a view (mustview).
func TestViewsEntry(t *testing.T) {
	needChecks(t)
	x := arange(2, 3)
	defer x.Release()
	call := func(k interface {
		Narrow(self *rt.Tensor, dim, start, length int64) *rt.Tensor
	}) []asserts.Violation {
		return asserts.Collect(func() { k.Narrow(x, 1, 0, 2).Release() })
	}
	if vs := call(checkedif.Checked(copyingNarrow{})); len(vs) != 0 {
		t.Errorf("without the views entry a copying narrow is legal; got\n%s", list(vs))
	}
	vs := call(mustview.Checked(copyingNarrow{}))
	if len(vs) != 1 || vs[0].Check != checks.SharesStorage || vs[0].Where() != "return 0" {
		t.Errorf("with the views entry, want one shares_storage violation at return 0; got\n%s", list(vs))
	}
	if vs := call(mustview.Checked(checkedif.Functions{})); len(vs) != 0 {
		t.Errorf("the viewing narrow is flagged:\n%s", list(vs))
	}
}
