package engine_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// collect installs a collector for the test.
func collect(t *testing.T) *asserts.Collector {
	t.Helper()
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	t.Cleanup(func() { asserts.SetHandler(prev) })
	return col
}

// useKernels swaps in kernels for the test.
func useKernels(t *testing.T, ks kernels) {
	prev := k
	k = ks
	t.Cleanup(func() { k = prev })
}

// exercise calls every wrapper on tensors made by mk and releases what it
// made.
func exercise(t *testing.T, mk func(vals []float64, sizes ...int) *rt.Tensor) {
	t.Helper()
	a := mk([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	b := mk([]float64{1, 1, 1, 1, 1, 1}, 2, 3)
	defer a.Release()
	defer b.Release()
	r := Add(a, b, 2)
	r.Release()
	AddInPlace(a, b, 1)
	tr := TransposeF(a, 0, 1)
	defer tr.Release()
	for _, p := range UnbindF(a, 0) {
		p.Release()
	}
	out := mk([]float64{0}, 1)
	AddOut(a, b, 1, out)
	out.Release()
	rs := Reshape(a, 3, 2)
	rs.Release()
	rs = Reshape(tr, 6) // not contiguous: a fresh copy
	rs.Release()
}

func TestCorrectKernelsOnEveryKind(t *testing.T) {
	kinds := map[string]func(vals []float64, sizes ...int) *rt.Tensor{
		"plain": rt.FromSlice,
		"meta": func(vals []float64, sizes ...int) *rt.Tensor {
			return rt.Options{Device: rt.Meta}.Empty(sizes...)
		},
		"subclass": func(vals []float64, sizes ...int) *rt.Tensor {
			x := rt.FromSlice(vals, sizes...)
			defer x.Release()
			return rt.AsSubclass(x)
		},
		"functional": rt.Options{Kind: rt.Functional}.FromSlice,
		"wrapper_stub": func(vals []float64, sizes ...int) *rt.Tensor {
			x := rt.FromSlice(vals, sizes...)
			defer x.Release()
			return rt.Wrap(x, false)
		},
		"wrapper_prop": func(vals []float64, sizes ...int) *rt.Tensor {
			x := rt.FromSlice(vals, sizes...)
			defer x.Release()
			return rt.Wrap(x, true)
		},
	}
	for name, mk := range kinds {
		t.Run(name, func(t *testing.T) {
			if name == "meta" {
				useKernels(t, func() kernels { ks := correct; ks.reshape = metaReshape; return ks }())
			}
			col := collect(t)
			exercise(t, mk)
			if vs := col.Violations(); len(vs) > 0 {
				t.Errorf("%d violations on correct kernels; first: %v", len(vs), &vs[0])
			}
		})
	}
	t.Run("lists and multiple outputs", func(t *testing.T) {
		col := collect(t)
		xs := []*rt.Tensor{rt.Ones(2), rt.Full(2, 3), nil}
		xs[2] = xs[0].Alias()
		c := Cat(xs)
		if got := c.ToSlice(); len(got) != 7 {
			t.Errorf("cat: %v", got)
		}
		c.Release()
		mx, mn := MaxMin(xs[1])
		mx.Release()
		mn.Release()
		for _, x := range xs {
			x.Release()
		}
		if vs := col.Violations(); len(vs) > 0 {
			t.Errorf("violation on correct kernels: %v", &vs[0])
		}
	})
}

// metaReshape is reshape for meta tensors (which have no values to copy).
func metaReshape(self *rt.Tensor, sizes ...int) *rt.Tensor {
	if self.IsContiguous() {
		return self.View(sizes...)
	}
	e := rt.EmptyLike(self)
	defer e.Release()
	return e.View(sizes...)
}

// Realistic kernel bugs and the check that catches each.
func TestBrokenKernels(t *testing.T) {
	tests := []struct {
		name string
		bug  func(ks *kernels)
		call func(a, b *rt.Tensor)
		want string
	}{
		{
			name: "functional op returns its input",
			bug: func(ks *kernels) {
				ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self.Share() }
			},
			call: func(a, b *rt.Tensor) { Add(a, b, 1).Release() },
			want: "add.Tensor: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1",
		},
		{
			name: "functional op returns a view of its input",
			bug: func(ks *kernels) {
				ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self.Alias() }
			},
			call: func(a, b *rt.Tensor) { Add(a, b, 1).Release() },
			want: "add.Tensor: storage_use_count_eq_1: return 0: StorageImpl use count is 2, want 1",
		},
		{
			name: "functional op writes its input",
			bug: func(ks *kernels) {
				ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
					return self.AddInPlace(other, alpha).Share() // and returns it
				}
			},
			call: func(a, b *rt.Tensor) { Add(a, b, 1).Release() },
			want: "add.Tensor: no_mutation: argument self: kernel wrote an argument the schema does not mark mutable (version 0 before, 1 after)",
		},
		{
			name: "in-place op returns a new tensor",
			bug: func(ks *kernels) {
				ks.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return rt.Add(self, other, alpha) }
			},
			call: func(a, b *rt.Tensor) { AddInPlace(a, b, 1).Release() },
			want: "add_.Tensor: returns_arg: return 0: is not argument self (want TensorImpl",
		},
		{
			name: "in-place op writes the other argument",
			bug: func(ks *kernels) {
				ks.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
					other.AddInPlace(self, alpha)
					return self
				}
			},
			call: func(a, b *rt.Tensor) { AddInPlace(a, b, 1) },
			want: "add_.Tensor: no_mutation: argument other: kernel wrote",
		},
		{
			name: "view kernel copies",
			bug: func(ks *kernels) {
				ks.transpose = func(self *rt.Tensor, d0, d1 int) *rt.Tensor {
					v := self.Transpose(d0, d1)
					defer v.Release()
					return rt.Clone(v)
				}
			},
			call: func(a, b *rt.Tensor) { TransposeF(a, 0, 1).Release() },
			want: "transpose.int: shares_storage: return 0: does not share the StorageImpl of argument self",
		},
		{
			name: "unbind copies one part",
			bug: func(ks *kernels) {
				ks.unbind = func(self *rt.Tensor, dim int) []*rt.Tensor {
					ps := self.Unbind(dim)
					c := rt.Clone(ps[1])
					ps[1].Release()
					ps[1] = c
					return ps
				}
			},
			call: func(a, b *rt.Tensor) {
				for _, p := range UnbindF(a, 0) {
					p.Release()
				}
			},
			want: "unbind.int: shares_storage: return 0[1]: does not share the StorageImpl of argument self",
		},
		{
			name: "out= kernel rebinds out to new storage",
			bug: func(ks *kernels) {
				ks.addOut = func(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor {
					r := rt.Add(self, other, alpha)
					defer r.Release()
					return out.SetStorage(r)
				}
			},
			call: func(a, b *rt.Tensor) {
				out := rt.Empty(0)
				AddOut(a, b, 1, out)
				out.Release()
			},
			want: "add.out: same_storage: argument out: kernel replaced the StorageImpl (before 0x",
		},
		{
			name: "kernel swaps a list element",
			bug: func(ks *kernels) {
				ks.cat = func(ts []*rt.Tensor) *rt.Tensor {
					ts[1] = rt.Clone(ts[1]) // the caller's handle now points elsewhere
					return cat(ts)
				}
			},
			call: func(a, b *rt.Tensor) {
				xs := []*rt.Tensor{a, b}
				Cat(xs).Release()
				xs[1].Release()
			},
			want: "cat: same_impl: argument tensors[1]: kernel replaced the TensorImpl",
		},
		{
			name: "may-alias op returns a tensor someone else holds",
			bug: func(ks *kernels) {
				cache := rt.Zeros(6)
				ks.reshape = func(self *rt.Tensor, sizes ...int) *rt.Tensor { return cache.Share() }
			},
			call: func(a, b *rt.Tensor) { Reshape(a, 6).Release() },
			want: "reshape: fresh_or_alias: return 0: is neither argument self",
		},
		{
			name: "two outputs share one buffer",
			bug: func(ks *kernels) {
				ks.maxMin = func(self *rt.Tensor) (*rt.Tensor, *rt.Tensor) {
					buf := rt.Zeros(2)
					defer buf.Release()
					return buf.Select(0, 0), buf.Select(0, 1)
				}
			},
			call: func(a, b *rt.Tensor) {
				x, y := MaxMin(a)
				x.Release()
				y.Release()
			},
			want: "aminmax: distinct_outputs: return 0: shares StorageImpl",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks := correct
			tt.bug(&ks)
			useKernels(t, ks)
			col := collect(t)
			a := rt.FromSlice([]float64{1, 2, 3, 4}, 2, 2)
			b := rt.FromSlice([]float64{1, 1, 1, 1}, 2, 2)
			defer a.Release()
			defer b.Release()
			tt.call(a, b)
			vs := col.Violations()
			found := false
			for i := range vs {
				found = found || strings.Contains(vs[i].Error(), tt.want)
			}
			if !found {
				var got []string
				for i := range vs {
					got = append(got, vs[i].Error())
				}
				t.Errorf("no violation containing %q; got:\n%s", tt.want, strings.Join(got, "\n"))
			}
		})
	}
}

// The PyObject-preservation scenario of DESIGN.md: a storage whose foreign
// object was made outside a hermetic context reaches an op inside it.
func TestBindingContextCatchesPyObjectPreservationBug(t *testing.T) {
	col := collect(t)
	x := rt.Ones(2)
	defer x.Release()
	y := rt.Ones(2)
	defer y.Release()
	obj := x.StorageObject() // bound in the main (non-hermetic) context
	r := Add(x, y, 1)        // fine outside hermetic contexts
	r.Release()
	if vs := col.Violations(); len(vs) != 0 {
		t.Fatalf("violation outside a hermetic context: %v", &vs[0])
	}

	ctx := rt.EnterContext(true) // a torch::deploy interpreter
	r = Add(x, y, 1)             // x's storage object belongs to the main interpreter
	r.Release()
	x.DropStorageObject() // what the deploy interpreter then did
	ctx.Exit()

	vs := col.Violations()
	if len(vs) != 1 {
		t.Fatalf("%d violations, want 1 binding_context", len(vs))
	}
	v := &vs[0]
	want := fmt.Sprintf("add.Tensor: binding_context: argument self: StorageImpl %v is bound in context 0 (not hermetic), "+
		"but the call runs in hermetic context %d; hint: ", x.Storage().ID(), ctx.ID())
	if v.Check != checks.BindingContext || v.Arg != "self" || v.Want != uint64(ctx.ID()) || v.Got != 0 ||
		v.Binding == nil || v.Binding.Hermetic || v.Env == nil || !v.Env.Hermetic {
		t.Errorf("violation %+v", v)
	}
	if !strings.HasPrefix(v.Error(), want) {
		t.Errorf("message %q,\nwant prefix %q", v.Error(), want)
	}
	// What the check prevented: the object came back freed.
	if x.StorageObject() != obj || !obj.Freed() {
		t.Error("the scenario did not reproduce the dangling binding")
	}
	// y's storage had no object: nothing to report; a tensor made inside
	// the context is fine too.
	ctx2 := rt.EnterContext(true)
	z := rt.Ones(2)
	z.StorageObject()
	r = Add(z, y, 1)
	r.Release()
	z.Release()
	ctx2.Exit()
	if n := len(col.Violations()); n != 1 {
		t.Errorf("%d violations after correct use in a hermetic context, want still 1", n)
	}
}

// Kernels running on many goroutines over shared inputs, with modes and
// contexts changing under them: go test -race must stay clean, and no
// violation may appear (modes only skip checks).
func TestConcurrentKernels(t *testing.T) {
	col := collect(t)
	shared := rt.FromSlice([]float64{1, 2, 3, 4}, 2, 2)
	defer shared.Release()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			own := rt.Full(float64(g), 2, 2)
			defer own.Release()
			for i := range 300 {
				r := Add(shared, own, 1)
				AddInPlace(own, r, 0.5)
				v := TransposeF(r, 0, 1)
				for _, p := range UnbindF(v, 0) {
					p.Release()
				}
				c := Cat([]*rt.Tensor{shared, own, r})
				c.Release()
				v.Release()
				r.Release()
				if g == 0 && i%50 == 0 {
					m := &rt.Mode{Name: "m"}
					rt.PushMode(m)
					rt.PopMode()
				}
			}
		})
	}
	wg.Wait()
	if vs := col.Violations(); len(vs) > 0 {
		t.Errorf("%d violations; first: %v", len(vs), &vs[0])
	}
	if r := col.Report(); r.Calls < 8*300*5 {
		t.Errorf("report counted %d calls, want at least %d", r.Calls, 8*300*5)
	}
}
