package sweep

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// Every op of the embedded schemas gets every variant without a panic,
// and a tensor that is another argument names an earlier one.
func TestEveryOp(t *testing.T) {
	for _, v := range []string{"1.13", "2.6", "2.14"} {
		s, err := schema.Embedded(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range s.Ops {
			for vi := range Variants {
				sm := For(o.Func, vi)
				for k, sp := range sm.Specs {
					if sp.Same >= k || sp.Same < -1 || (sp.Same >= 0 && sm.Specs[sp.Same].Same >= 0) || sp.ViewOf >= k {
						t.Fatalf("%s %s variant %d: spec %d is the same as %d", v, o.Name, vi, k, sp.Same)
					}
				}
				_ = sm.Describe()
			}
		}
	}
}

type fakeTensor struct{ k int }

// fakeRuntime makes a fakeTensor per spec and leaves every value to the
// package.
type fakeRuntime struct{}

func (fakeRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.Layout == Mkldnn {
		return reflect.Value{}, errors.New("no mkldnn here")
	}
	return reflect.ValueOf(&fakeTensor{len(made)}), nil
}

func (fakeRuntime) Value(a *Arg, t reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

func ops(t testing.TB, v string) map[string]*schema.Func {
	s, err := schema.Embedded(v)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*schema.Func{}
	for _, o := range s.Ops {
		m[o.Name] = o.Func
	}
	return m
}

// Build makes a call for a function of the op's signature: tensors from
// the runtime, lists as slices, optionals absent as nil, values by name
// or from the schema's defaults.
func TestBuild(t *testing.T) {
	ops := ops(t, "2.6")
	// slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1)
	fn := reflect.TypeOf(func(*fakeTensor, int64, *int64, *int64, int64) {})
	sm := For(ops["slice.Tensor"], 0)
	args, err := sm.build(fakeRuntime{}, fn)
	if err != nil {
		t.Fatal(err)
	}
	if args[1].Int() != 0 || !args[2].IsNil() || !args[3].IsNil() || args[4].Int() != 1 {
		t.Errorf("slice.Tensor, variant 0: %v", args)
	}
	// cat(Tensor[] tensors, int dim=0), lists of 3 in variant 3.
	sm = For(ops["cat"], 3)
	args, err = sm.build(fakeRuntime{}, reflect.TypeOf(func([]*fakeTensor, int64) {}))
	if err != nil {
		t.Fatal(err)
	}
	if args[0].Len() != 3 {
		t.Errorf("cat, variant 3: %d tensors, want 3", args[0].Len())
	}
	// add_.Tensor in the aliasing variant: other is self.
	sm = For(ops["add_.Tensor"], 5)
	args, err = sm.build(fakeRuntime{}, reflect.TypeOf(func(*fakeTensor, *fakeTensor, float64) {}))
	if err != nil {
		t.Fatal(err)
	}
	if args[0].Pointer() != args[1].Pointer() || !strings.Contains(sm.Describe(), "self=#0 other=float32[2,3]") {
		t.Errorf("add_.Tensor, aliasing: %s", sm.Describe())
	}
	// add.Tensor in the aliasing variant: two views of one base.
	sm = For(ops["add.Tensor"], 5)
	if d := sm.Describe(); !strings.Contains(d, "self=#0[1] other=#0[0]") {
		t.Errorf("add.Tensor, aliasing: %s", d)
	}
	if _, err := sm.build(fakeRuntime{}, reflect.TypeOf(func(*fakeTensor) {})); err == nil {
		t.Error("a function with the wrong number of parameters is accepted")
	}
	// A spec the runtime cannot make is a MakeError naming it.
	sm = For(ops["neg"], 0)
	sm.Specs[0].Layout = Mkldnn
	_, err = sm.build(fakeRuntime{}, reflect.TypeOf(func(*fakeTensor) {}))
	var me *MakeError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "float32[2,3].mkldnn: no mkldnn here") {
		t.Errorf("mkldnn: %v", err)
	}
}

// Check accepts the specs a runtime may be asked for and rejects the
// combinations no runtime can make.
func TestSpecCheck(t *testing.T) {
	ok := func(f func(*Spec)) Spec { sp := NewSpec("float32", 2, 3); f(&sp); return sp }
	for _, sp := range []Spec{
		ok(func(*Spec) {}),
		ok(func(s *Spec) { s.Dtype, s.Conj, s.Neg = "complex64", true, true }),
		ok(func(s *Spec) { s.Dtype, s.Layout = "quint8", Quantized }),
		ok(func(s *Spec) { s.Layout = SparseCSR }),
		ok(func(s *Spec) { s.RequiresGrad, s.NonLeafView = true, true }),
		ok(func(s *Spec) { s.Fill = fillSPD }),
	} {
		if err := sp.check(); err != nil {
			t.Errorf("%+v: %v", sp, err)
		}
	}
	for _, sp := range []Spec{
		ok(func(s *Spec) { s.Dtype = "float" }),
		ok(func(s *Spec) { s.Conj = true }),
		ok(func(s *Spec) { s.Layout = "jagged" }),
		ok(func(s *Spec) { s.Layout = Quantized }),
		ok(func(s *Spec) { s.Dtype = "qint8" }),
		ok(func(s *Spec) { s.Dtype, s.RequiresGrad = "int64", true }),
		ok(func(s *Spec) { s.Fill = "random" }),
	} {
		if sp.check() == nil {
			t.Errorf("%+v: accepted", sp)
		}
	}
}

// Elements: a positive-definite fill is symmetric with a dominant
// diagonal, per trailing matrix.
func TestElementsSPD(t *testing.T) {
	sp := NewSpec("float64", 2, 3, 3)
	sp.Fill = fillSPD
	v := sp.Elements()
	for b := 0; b < 2; b++ {
		for i := 0; i < 3; i++ {
			off := 0.0
			for j := 0; j < 3; j++ {
				if v[b*9+i*3+j] != v[b*9+j*3+i] {
					t.Fatalf("not symmetric: %v", v)
				}
				if i != j {
					off += v[b*9+i*3+j]
				}
			}
			if v[b*9+i*3+i] <= off {
				t.Fatalf("row %d not dominant: %v", i, v)
			}
		}
	}
}
