package samples

import (
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// Every op of the embedded schemas gets every variant without a panic,
// and a tensor that is another argument names an earlier one.
func TestEveryOp(t *testing.T) {
	for _, v := range []string{"1.13", "2.6"} {
		s, err := schema.Embedded(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range s.Ops {
			for vi := range Variants {
				sm := For(o, vi)
				for k, sp := range sm.Specs {
					if sp.Same >= k || sp.Same < -1 || (sp.Same >= 0 && sm.Specs[sp.Same].Same >= 0) {
						t.Fatalf("%s %s variant %d: spec %d is the same as %d", v, o.Name, vi, k, sp.Same)
					}
				}
				_ = sm.Describe()
			}
		}
	}
}

type fakeTensor struct{ k int }

// Args builds a call for a function of the op's signature: tensors from
// the runtime's values, lists as slices, optionals absent as nil, values
// by name or from the schema's defaults.
func TestArgs(t *testing.T) {
	s, err := schema.Embedded("2.6")
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*schema.Op{}
	for _, o := range s.Ops {
		ops[o.Name] = o
	}
	made := func(sm *Sample) []reflect.Value {
		var vs []reflect.Value
		for k, sp := range sm.Specs {
			if sp.Same >= 0 {
				vs = append(vs, vs[sp.Same])
				continue
			}
			vs = append(vs, reflect.ValueOf(&fakeTensor{k}))
		}
		return vs
	}
	// slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1)
	fn := reflect.TypeOf(func(*fakeTensor, int64, *int64, *int64, int64) {})
	sm := For(ops["slice.Tensor"], 0)
	args, err := sm.Args(fn, made(sm))
	if err != nil {
		t.Fatal(err)
	}
	if args[1].Int() != 0 || !args[2].IsNil() || !args[3].IsNil() || args[4].Int() != 1 {
		t.Errorf("slice.Tensor, variant 0: %v", args)
	}
	// cat(Tensor[] tensors, int dim=0), lists of 3 in variant 2.
	sm = For(ops["cat"], 2)
	args, err = sm.Args(reflect.TypeOf(func([]*fakeTensor, int64) {}), made(sm))
	if err != nil {
		t.Fatal(err)
	}
	if args[0].Len() != 3 {
		t.Errorf("cat, variant 2: %d tensors, want 3", args[0].Len())
	}
	// add_.Tensor in the aliasing variant: other is self.
	sm = For(ops["add_.Tensor"], 5)
	args, err = sm.Args(reflect.TypeOf(func(*fakeTensor, *fakeTensor, float64) {}), made(sm))
	if err != nil {
		t.Fatal(err)
	}
	if args[0].Pointer() != args[1].Pointer() || !strings.Contains(sm.Describe(), "other=#0") {
		t.Errorf("add_.Tensor, aliasing: %s", sm.Describe())
	}
	if _, err := sm.Args(reflect.TypeOf(func(*fakeTensor) {}), made(sm)); err == nil {
		t.Error("a function with the wrong number of parameters is accepted")
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
		ok(func(s *Spec) { s.Fill = FillSPD }),
	} {
		if err := sp.Check(); err != nil {
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
		if sp.Check() == nil {
			t.Errorf("%+v: accepted", sp)
		}
	}
}

// Elements: a positive-definite fill is symmetric with a dominant
// diagonal, per trailing matrix.
func TestElementsSPD(t *testing.T) {
	sp := NewSpec("float64", 2, 3, 3)
	sp.Fill = FillSPD
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
