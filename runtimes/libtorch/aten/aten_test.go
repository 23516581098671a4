package aten_test

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func TestMain(m *testing.M) {
	torch.SetNumThreads(1)
	os.Exit(m.Run())
}

func TestAddAndViews(t *testing.T) {
	a := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer a.Release()
	b := aten.AddTensor(a, a, torch.Float(2))
	defer b.Release()
	if got, want := b.Float64s(), []float64{3, 6, 9, 12, 15, 18}; !slices.Equal(got, want) {
		t.Errorf("add.Tensor(a, a, alpha=2) = %v, want %v", got, want)
	}
	v := aten.TransposeInt(a, 0, 1)
	defer v.Release()
	if v.Ident().Storage != a.Ident().Storage || v.Ident().Impl == a.Ident().Impl {
		t.Errorf("transpose is not a view of its input: %+v vs %+v", v.Ident(), a.Ident())
	}
	// The view keeps its base alive (autograd's view metadata): a counts 2.
	if i, _ := a.UseCounts(); i != 2 {
		t.Errorf("a with a live view: use count %d, want 2", i)
	}
	r := aten.Add_Tensor(a, b, torch.Int(1))
	defer r.Release()
	if r.Ident().Impl != a.Ident().Impl {
		t.Errorf("add_ returned another TensorImpl")
	}
	if i, _ := a.UseCounts(); i != 3 {
		t.Errorf("a, its view and add_'s return: use count %d, want 3", i)
	}
	parts := aten.SplitTensor(a, 1, 1)
	if len(parts) != 3 {
		t.Fatalf("split into %d parts, want 3", len(parts))
	}
	for _, p := range parts {
		p.Release()
	}
	vals, idx := aten.MaxDim(a, 1, false)
	defer vals.Release()
	defer idx.Release()
	if got := idx.Describe().Dtype; got != torch.Int64 {
		t.Errorf("max.dim indices have dtype %v", got)
	}
	if n := aten.SizeInt(a, 1); n != 3 {
		t.Errorf("size.int = %d, want 3", n)
	}
	if s := aten.XLocalScalarDense(aten.SumDimIntList(a, []int64{0, 1}, false, nil)); s.Kind != torch.FloatScalar {
		t.Errorf("_local_scalar_dense returned %v", s)
	}
}

// TestErrorsFromManyOps calls every bound op with arguments it rejects (or
// accepts): whatever libtorch throws must come back as a *torch.Error, never
// crash the process.
func TestErrorsFromManyOps(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	defer x.Release()
	calls, errs := 0, 0
	classes := map[string]int{}
	for _, b := range aten.Bound {
		fn := reflect.ValueOf(b.Func)
		ft := fn.Type()
		in := make([]reflect.Value, ft.NumIn())
		for i := range in {
			pt := ft.In(i)
			switch {
			case pt == reflect.TypeOf(x):
				in[i] = reflect.ValueOf(x) // the same tensor everywhere: shape errors galore
			case pt.Kind() == reflect.Int64:
				in[i] = reflect.ValueOf(int64(7)) // out-of-range dims and sizes
			default:
				in[i] = reflect.Zero(pt)
			}
		}
		if skipInErrorTest[b.Name] {
			continue
		}
		calls++
		if trace {
			fmt.Fprintln(os.Stderr, "CALL", b.Name)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					e, ok := r.(*torch.Error)
					if !ok {
						t.Errorf("%s panicked with %v, want a *torch.Error", b.Name, r)
						return
					}
					errs++
					classes[e.Class]++
				}
			}()
			for _, o := range fn.Call(in) {
				release(o)
			}
		}()
	}
	t.Logf("%d calls, %d raised: %v", calls, errs, classes)
	if errs < 1000 {
		t.Errorf("only %d of %d calls raised; the test is meant to provoke errors", errs, calls)
	}
}

// AG_TRACE=1 prints each op before the call, to find the ops that crash.
var trace = os.Getenv("AG_TRACE") != ""

func release(v reflect.Value) {
	switch x := v.Interface().(type) {
	case *torch.Tensor:
		x.Release()
	case []*torch.Tensor:
		for _, t := range x {
			t.Release()
		}
	}
}
