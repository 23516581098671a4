package sweep_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/assertgen/assertgen/sweep"
)

// specRuntime makes each tensor as its Spec: a kernel sees the dtype and
// shape the sample asks for.
type specRuntime struct{}

func (specRuntime) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	return reflect.ValueOf(&sp), nil
}

func (specRuntime) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// A library's Gemm that declares float64 and fails on it: addmm runs its
// base sample in float32 (its matrices repaired to square ones), and the
// float64 variant is refused. The same base sample in float64 is refused
// too, so the sweep reports the dtype, with the library's error, though
// the op was reached.
func ExampleReport_dtypeRefused() {
	table := func(yield func(string, any) bool) {
		yield("addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
			func(self, mat1, mat2 *sweep.Spec, beta, alpha float64) *sweep.Spec {
				for _, m := range []*sweep.Spec{self, mat1, mat2} {
					if len(m.Shape) != 2 || m.Shape[0] != m.Shape[1] {
						panic(&sweep.SquareError{})
					}
				}
				if mat1.Dtype == "float64" {
					panic(errors.New("gemm: type tensor(double) is not supported"))
				}
				return &sweep.Spec{Shape: self.Shape, Dtype: self.Dtype}
			})
	}
	rep, err := sweep.Sweep(table, specRuntime{}, sweep.Options{Samples: 4, InProcess: true, NoValues: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.DtypeRefused {
		fmt.Printf("%s (ran in %s): %s\n", r.Key(), r.Ran, r.Error)
	}
	// Output:
	// addmm refused float64 (ran in float32): gemm: type tensor(double) is not supported
}

// float64Runtime makes float64 tensors alone: a sample of another dtype
// moves to float64 (a DtypeError naming it) and runs there.
type float64Runtime struct{ specRuntime }

func (r float64Runtime) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same < 0 && sp.Dtype != "float64" {
		return reflect.Value{}, &sweep.DtypeError{Want: "float64"}
	}
	return r.specRuntime.Tensor(sp, made)
}

// A runtime that moves every sample to float64 runs them all, its bool
// and int64 variants too, with no kernel checked on a bool or int64
// tensor: the report's dtypes line says which dtypes the samples ran in,
// and which asked for none ran in.
func ExampleReport_dtypesRun() {
	table := func(yield func(string, any) bool) {
		yield("neg(Tensor self) -> Tensor", func(self *sweep.Spec) *sweep.Spec {
			return &sweep.Spec{Shape: self.Shape, Dtype: self.Dtype}
		})
	}
	rep, err := sweep.Sweep(table, float64Runtime{}, sweep.Options{Samples: 8, InProcess: true, NoValues: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for l := range strings.Lines(rep.String()) {
		if strings.HasPrefix(l, "dtypes: ") {
			fmt.Print(l)
		}
	}
	// Output:
	// dtypes: the samples ran in float64; none in float32, int64, bool, which variants ask for: their samples ran in a dtype the adapter makes (repaired: named dtype), so no kernel was checked on such a tensor
}
