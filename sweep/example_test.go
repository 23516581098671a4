package sweep_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/sweep"
)

// refRuntime is a runtime's whole adapter: how a Spec becomes one of its
// tensors (reftensor holds float64 only, so it makes every real floating
// dtype so and says it cannot make the rest), and no Go types of its own
// for values.
type refRuntime struct{}

// realFloats are the dtypes refRuntime makes (as float64).
var realFloats = []string{"float16", "bfloat16", "float32", "float64"}

func (refRuntime) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.ViewOf >= 0 || sp.Layout != "" || sp.Transposed || !slices.Contains(realFloats, sp.Dtype):
		return reflect.Value{}, errors.New("reftensor: contiguous float64 only")
	}
	return reflect.ValueOf(reftensor.FromSlice(sp.Elements(), sp.Shape...)), nil
}

func (refRuntime) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// outer is a new kernel, outer(Tensor self, Tensor vec2) -> Tensor, that
// raises on arguments it does not take, in PyTorch's words.
func outer(self, vec2 *reftensor.Tensor) *reftensor.Tensor {
	for _, a := range []struct {
		name string
		t    *reftensor.Tensor
	}{{"self", self}, {"vec2", vec2}} {
		if a.t.Dim() != 1 {
			panic(fmt.Sprintf("outer: Expected 1-D argument %s, but got %d-D", a.name, a.t.Dim()))
		}
	}
	x, y := self.ToSlice(), vec2.ToSlice()
	out := make([]float64, 0, len(x)*len(y))
	for _, a := range x {
		for _, b := range y {
			out = append(out, a*b)
		}
	}
	return reftensor.FromSlice(out, len(x), len(y))
}

// A kernel whose errors use PyTorch's words is repaired by [Rules], which
// read the message: the first variant's [2,3] matrices are not what outer
// takes, and the repair makes them vectors.
func ExampleSample_Run() {
	s, err := schema.Embedded("2.6")
	if err != nil {
		panic(err)
	}
	fn := reflect.ValueOf(func(self, vec2 *reftensor.Tensor) *reftensor.Tensor {
		r := outer(self, vec2)
		fmt.Println("ran: a result of shape", r.Sizes())
		return r
	})
	sm := sweep.For(s.Op("outer").Func, 0)
	fmt.Println("sample 0:", sm.Describe())
	err = sm.Run(func(sm *sweep.Sample) error {
		err := sweep.Call(refRuntime{}, fn, sm) // builds the arguments, calls, recovers a panic
		if err != nil {
			fmt.Println("raised:", err)
		}
		return err
	})
	fmt.Println("error:", err)
	fmt.Println("repaired:", sm.Describe())
	// Output:
	// sample 0: self=float32[2,3] vec2=float32[2,3]
	// raised: outer: Expected 1-D argument self, but got 2-D
	// raised: outer: Expected 1-D argument vec2, but got 2-D
	// ran: a result of shape [3 3]
	// error: <nil>
	// repaired: self=float32[3] vec2=float32[3] (repaired: named rank, named rank)
}

// A driver of one's own judges the keys it found by a library's verdicts.
// This one ran sample 0 of each op only; the baseline (its last full
// sweep) saw where's finding on sample 3, so where's verdict is not stale
// here, and split's, seen on sample 0, is.
func ExampleVerdicts_JudgeKeys() {
	known := sweep.Verdicts{
		sweep.FindingKey("dropout", "impl_use_count_le_1", "return 0"): "returns its input when train is false",
		sweep.FindingKey("where", "distinct_outputs", "return 0"):      "views of one buffer",
		sweep.FindingKey("split", "same_storage", "argument self"):     "fixed in the next release?",
	}
	seenOn := map[string]int{ // the baseline: the sample each key showed on first
		"dropout impl_use_count_le_1 return 0": 0,
		"where distinct_outputs return 0":      3,
		"split same_storage argument self":     0,
	}
	found := []string{
		sweep.FindingKey("dropout", "impl_use_count_le_1", "return 0"),
		sweep.FindingKey("add.out", "returns_arg", "return 0"),
	}
	unjudged, stale := known.JudgeKeys(found, func(key string) bool { return seenOn[key] == 0 })
	fmt.Println("unjudged:", unjudged)
	fmt.Println("stale:", stale)
	// Output:
	// unjudged: [add.out returns_arg return 0]
	// stale: [split same_storage argument self]
}
