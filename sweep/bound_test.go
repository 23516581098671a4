package sweep

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// sizeRuntime makes fakeTensors that know their shape, and records the
// most elements a spec asked it for.
type sizeRuntime struct{ most *int }

type shapedTensor struct{ shape []int }

func (r sizeRuntime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	*r.most = max(*r.most, sp.numel())
	return reflect.ValueOf(&shapedTensor{sp.Shape}), nil
}

func (sizeRuntime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// kronOut refuses an out whose shape is not the Kronecker product's, by a
// ShapeError naming it (a runtime's own classified error would do the
// same): in the aliasing sample out is self and other, and each repair of
// out grows them too.
func kronOut(self, other, out *shapedTensor) *shapedTensor {
	want := make([]int, len(self.shape))
	for i := range want {
		want[i] = self.shape[i] * other.shape[i]
	}
	if !slices.Equal(out.shape, want) {
		panic(&ShapeError{Arg: "out", Want: want})
	}
	return out
}

// No repair grows a sample past maxElements, whatever the kernel answers:
// kron.out(x, x, out=x) asks for x's square each round (2x3, 4x9, 16x81,
// 256x6561, 65536x43046721), and the sweep stops at the bound instead of
// making it.
func TestRepairsStayBounded(t *testing.T) {
	most := 0
	rt := sizeRuntime{&most}
	line := "kron.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)"
	rep, err := Sweep(table(line, kronOut), rt, Options{Samples: 6})
	if err != nil {
		t.Fatal(err)
	}
	if most > maxElements {
		t.Errorf("the runtime was asked for a tensor of %d elements, above maxElements (%d)", most, maxElements)
	}
	if _, ok := rep.Exercised["kron.out"]; !ok {
		t.Errorf("kron.out not exercised:\n%s", rep)
	}
	// a setup's shape (or any edit) past the bound is refused when the
	// sample is built, before the runtime makes anything
	s := For(ops(t, "2.6")["neg"], 0)
	s.Specs[0].Shape = []int{65536, 43046721}
	_, err = s.build(rt, reflect.TypeOf(func(*shapedTensor) *shapedTensor { return nil }))
	var me *MakeError
	if !errors.As(err, &me) || most > maxElements {
		t.Errorf("a spec of %d elements built: %v", s.Specs[0].numel(), err)
	}
}

// f64Runtime makes float64 tensors only: any other dtype is a DtypeError
// asking for float64 (a float64-only runtime, gonum's or spago's), and it
// records the views it made.
type f64Runtime struct{ views *int }

func (r f64Runtime) Tensor(sp Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.Dtype != "float64":
		return reflect.Value{}, &DtypeError{Want: "float64"}
	case sp.ViewOf >= 0:
		*r.views++
	}
	return reflect.ValueOf(&fakeTensor{len(made)}), nil
}

func (f64Runtime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// A dtype repair of a view reaches its base: on a float64-only runtime the
// aliasing sample of a functional op keeps its two views of one base (the
// base moves to float64 with them) instead of two tensors of their own.
func TestDtypeRepairReachesTheBase(t *testing.T) {
	views := 0
	fn := func(self, other *fakeTensor, alpha float64) *fakeTensor { return &fakeTensor{} }
	out := runSample(ops(t, "2.6")["add.Tensor"], 5, fn, f64Runtime{&views})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if d := out.Sample.Describe(); views != 2 || d != "self=#0[1] other=#0[0] alpha=[1] (repaired: named dtype)" || out.Sample.Specs[0].Dtype != "float64" {
		t.Errorf("%d views made; the sample ran as %s", views, d)
	}
}
