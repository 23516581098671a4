//go:build debugasserts

package planted_test

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/examples/planted"
	"github.com/assertgen/assertgen/examples/planted/checked"
	"github.com/assertgen/assertgen/sweep"
)

// adapter makes planted's tensors of the sweep's samples: float64 (a
// sample of another dtype moves to it), contiguous, transposed views,
// strided views at an offset, and views selected from an earlier tensor.
type adapter struct{}

func (adapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.Dtype != "float64":
		return reflect.Value{}, &sweep.DtypeError{Want: "float64"}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, errors.New("strided float64 tensors only")
	case sp.ViewOf >= 0:
		return reflect.ValueOf(made[sp.ViewOf].Interface().(*planted.Tensor).Select(sp.Index)), nil
	}
	vals := sp.Elements()
	switch {
	case sp.Strides != nil || sp.Offset != 0:
		strides := sp.Strides
		if strides == nil {
			strides = contiguous(sp.Shape)
		}
		t := planted.Strided(make([]float64, sp.StorageSize()), sp.Shape, strides, sp.Offset)
		return reflect.ValueOf(planted.Fill(t, vals)), nil
	case sp.Transposed && len(sp.Shape) == 2:
		base := planted.Zeros(sp.Shape[1], sp.Shape[0])
		return reflect.ValueOf(planted.Fill(planted.TransposeInt(base, 0, 1), vals)), nil
	}
	return reflect.ValueOf(planted.Of(vals, sp.Shape...)), nil
}

func contiguous(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= shape[i]
	}
	return st
}

func (adapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// TestSweep: planted's own kernels, every op on every sample and value,
// nothing found.
func TestSweep(t *testing.T) {
	rep := sweep.Run(t, adapter{}, checked.SweepOps(checked.Functions{}))
	if len(rep.Exercised) != rep.Ops || len(rep.AgainFailed) > 0 {
		t.Errorf("%d of %d ops exercised:\n%s", len(rep.Exercised), rep.Ops, rep)
	}
}

// FuzzSweep is planted's fuzz target, the one line a runtime adds: its own
// kernels, on which nothing may fail.
func FuzzSweep(f *testing.F) { sweep.Fuzz(f, adapter{}, checked.SweepOps(checked.Functions{})) }

// FuzzPlanted fuzzes planted's kernels with the plant whose id $PLANTED
// names (none: planted's own), for the time the fuzzer takes to find it
// from an empty corpus (docs/sweep.md). Its corpus, testdata/fuzz/
// FuzzPlanted, holds one input the fuzzer found per plant (named by the
// plant's id): a plain go test runs them on planted's own kernels, where
// nothing may fail, and TestFuzzFindingsReplay on the plant each found.
func FuzzPlanted(f *testing.F) {
	var k kernels
	if id := os.Getenv("PLANTED"); id != "" {
		i := slices.IndexFunc(plants, func(p plant) bool { return p.id == id })
		if i < 0 {
			f.Fatalf("PLANTED=%s: no such plant", id)
		}
		k = plants[i].k
	}
	sweep.Fuzz(f, adapter{}, checked.SweepOps(k))
}
