// Package layoutrepro is the checked calls on complex tensors with the
// conj and neg bits and on the autograd path that every release's findings
// run (findings/layouts_test.go of each release): calls where a checker
// could raise a false alarm and assertgen must not, and one where it must
// still catch a kernel. Build the calling test with -tags debugasserts.
package layoutrepro

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// Ops are the checked wrappers of one release that the calls use.
type Ops struct {
	Clone        func(self *torch.Tensor, memoryFormat *int) *torch.Tensor
	ResolveConj  func(self *torch.Tensor) *torch.Tensor
	Exp          func(self *torch.Tensor) *torch.Tensor
	MaxDim       func(self *torch.Tensor, dim int64, keepdim bool) (*torch.Tensor, *torch.Tensor)
	Sin_         func(self *torch.Tensor) *torch.Tensor
	TransposeInt func(self *torch.Tensor, dim0, dim1 int64) *torch.Tensor
	Dropout      func(input *torch.Tensor, p float64, train bool) *torch.Tensor
}

func rel(ts ...*torch.Tensor) {
	for _, t := range ts {
		t.Release()
	}
}

func values(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = 0.5 + float64(i)/4
	}
	return v
}

func complex64s() *torch.Tensor { return torch.FromFloat64s(torch.Complex64, values(6), 2, 3) }

func leaf() *torch.Tensor {
	x := torch.FromFloat64s(torch.Float32, values(6), 2, 3)
	x.SetRequiresGrad(true)
	return x
}

// call is one checked call and what the checks must say of it.
type call struct {
	name string
	run  func(o Ops)
	// ran are checks that must have run (not been skipped); want, when
	// set, is the check that must fire.
	ran  []asserts.Check
	want *asserts.Check
}

var implLE1 = asserts.CheckImplUseCountLE1

var calls = []call{
	{"clone of a conj view", func(o Ops) {
		c := complex64s()
		v := c.Conj()
		out := o.Clone(v, nil)
		if out.Info().Conj {
			panic("clone kept the conj bit")
		}
		rel(out, v, c)
	}, []asserts.Check{asserts.CheckNoMutation, asserts.CheckStorageUseCountEq1, asserts.CheckSameContent}, nil},
	{"clone of a neg view", func(o Ops) {
		c := complex64s()
		v := c.NegView()
		rel(o.Clone(v, nil), v, c)
	}, []asserts.Check{asserts.CheckNoMutation, asserts.CheckStorageUseCountEq1, asserts.CheckSameContent}, nil},
	{"resolve_conj of a conj view (a fresh tensor)", func(o Ops) {
		c := complex64s()
		v := c.Conj()
		rel(o.ResolveConj(v), v, c)
	}, []asserts.Check{asserts.CheckNoMutation, asserts.CheckSameContent}, nil},
	{"resolve_conj of a plain tensor (self itself, as its schema allows)", func(o Ops) {
		c := complex64s()
		rel(o.ResolveConj(c), c)
	}, []asserts.Check{asserts.CheckNoMutation}, nil},
	{"clone of a conj view of a requires_grad leaf", func(o Ops) {
		c := complex64s()
		c.SetRequiresGrad(true)
		v := c.Conj()
		rel(o.Clone(v, nil), v, c)
	}, []asserts.Check{asserts.CheckStorageUseCountEq1}, nil},
	{"exp of a requires_grad leaf (ExpBackward0 saves the result)", func(o Ops) {
		x := leaf()
		rel(o.Exp(x), x)
	}, []asserts.Check{asserts.CheckStorageUseCountEq1}, nil},
	{"max.dim of a requires_grad leaf (MaxBackward0 saves the indices)", func(o Ops) {
		x := leaf()
		a, b := o.MaxDim(x, 0, false)
		rel(a, b, x)
	}, []asserts.Check{asserts.CheckStorageUseCountEq1}, nil},
	{"transpose of a requires_grad leaf", func(o Ops) {
		x := leaf()
		rel(o.TransposeInt(x, 0, 1), x)
	}, []asserts.Check{asserts.CheckSharesStorage}, nil},
	{"sin_ of a view of a non-leaf (CopySlices)", func(o Ops) {
		x := leaf()
		n := x.Clone()
		v := n.Select(0, 1)
		ver := n.Ident().Version
		rel(o.Sin_(v))
		if n.Ident().Version == ver {
			panic("sin_ of a view left its base's version")
		}
		rel(v, n, x)
	}, []asserts.Check{asserts.CheckReturnsArg, asserts.CheckSameImpl}, nil},
	{"dropout in eval mode of a requires_grad leaf returns it (still caught)", func(o Ops) {
		x := leaf()
		rel(o.Dropout(x, 0.5, false), x)
	}, nil, &implLE1},
}

// Run makes each call under a collector, with the content check on, and
// requires its checks to have run and no violation but the one it wants.
// In-place on a view of a leaf that requires grad is refused by libtorch
// before any kernel runs, and the refusal is an error, not a violation.
func Run(t *testing.T, o Ops) {
	torch.SetNumThreads(1)
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			col.Reset()
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%v", e)
					}
				}()
				c.run(o)
			}()
			rep := col.Report()
			for _, k := range c.ran {
				if rep.ChecksRun[k.String()] == 0 {
					t.Errorf("%s did not run (checks run: %v, skipped: %v)", k, rep.ChecksRun, rep.Skipped)
				}
			}
			var got []string
			fired := false
			for _, v := range col.Violations() {
				if c.want != nil && (v.Check == *c.want || (*c.want == asserts.CheckImplUseCountLE1 && v.Check == asserts.CheckImplUseCountEqFresh)) {
					fired = true
					continue
				}
				got = append(got, v.Error())
			}
			sort.Strings(got)
			if len(got) > 0 {
				t.Errorf("violations: %s", strings.Join(got, "; "))
			}
			if c.want != nil && !fired {
				t.Errorf("want a %s violation (or impl_use_count_eq_fresh, 2.14's), got none", *c.want)
			}
		})
	}
	t.Run("sin_ of a view of a requires_grad leaf is refused", func(t *testing.T) {
		x := leaf()
		v := x.Select(0, 1)
		defer rel(v, x)
		defer func() {
			e, ok := recover().(*torch.Error)
			if !ok || !strings.Contains(e.Msg, "a view of a leaf Variable that requires grad") {
				t.Errorf("recovered %v, want libtorch's refusal", e)
			}
			if vs := col.Violations(); len(vs) > 0 {
				t.Errorf("a refused call reported %v", fmt.Sprint(vs))
			}
		}()
		col.Reset()
		o.Sin_(v)
	})
}
