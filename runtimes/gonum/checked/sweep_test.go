//go:build debugasserts

package checked_test

import (
	"fmt"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/runtimes/gonum/checked"
	"github.com/assertgen/assertgen/sweep"
)

// adapter makes a sample's tensors as *mat.Dense: float64 matrices only
// (gonum has no other element type and no other rank); a view of a base
// is its row Index (Dense.Slice).
type adapter struct{}

func (adapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 {
		base := made[sp.ViewOf].Interface().(*mat.Dense)
		_, c := base.Dims()
		return reflect.ValueOf(base.Slice(sp.Index, sp.Index+1, 0, c).(*mat.Dense)), nil
	}
	switch {
	case sp.Dtype != "float64":
		return reflect.Value{}, &sweep.DtypeError{Want: "float64", Got: sp.Dtype}
	case len(sp.Shape) != 2:
		return reflect.Value{}, fmt.Errorf("gonum makes matrices, not %d-dim tensors", len(sp.Shape))
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, fmt.Errorf("gonum has no layouts, conj/neg bits, autograd or named dims")
	case sp.Strides != nil:
		return reflect.Value{}, fmt.Errorf("the gonum adapter makes contiguous matrices, not strides %v at offset %d", sp.Strides, sp.Offset)
	case sp.Shape[0] == 0 || sp.Shape[1] == 0:
		return reflect.Value{}, fmt.Errorf("gonum has no empty matrix of shape %v", sp.Shape)
	}
	vals := append([]float64(nil), sp.Elements()...)
	if sp.Transposed {
		m := mat.NewDense(sp.Shape[1], sp.Shape[0], vals)
		return reflect.ValueOf(mat.DenseCopyOf(m.T())), nil
	}
	return reflect.ValueOf(mat.NewDense(sp.Shape[0], sp.Shape[1], vals)), nil
}

// Capabilities says what gonum's Dense has: strided tensors with no
// layout, conj or neg bit, autograd or named dims; the sweep generates no
// variant asking for one (its summary counts them in one line). The
// dtypes and ranks stay open: a sample of another dtype moves to float64,
// one of another rank often to a matrix (a repair), and runs.
func (adapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{} }

func (adapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// TestSweep runs every bound op on every sample gonum can make, with
// same_content on: every finding is a violation of a bound op's schema,
// and every crash a bug; gonum's one verdict (../assertgen_verdicts.json,
// which init's TestSweep reads too) is kron.out's refusal of an out= of
// its inputs' shape.
func TestSweep(t *testing.T) {
	verdicts, err := sweep.ReadVerdicts("../assertgen_verdicts.json")
	if err != nil || len(verdicts) == 0 {
		t.Fatalf("the verdicts: %v (%d)", err, len(verdicts))
	}
	r := sweep.RunWith(t, adapter{}, checked.SweepOps, sweep.Options{Content: true, Verdicts: verdicts})
	if r.Ops < 40 || len(r.Exercised) < 40 {
		t.Errorf("%d ops bound, %d exercised; want at least 40 of each", r.Ops, len(r.Exercised))
	}
	st := r.Stats // the checks of the sweep's calls, in its workers
	for _, k := range []checks.Check{checks.SameImpl, checks.SameStorage, checks.SharesStorage,
		checks.ReturnsArg, checks.FreshNoAlias, checks.FreshNotHeld, checks.SameContent, checks.SameMetadata} {
		if st.Ran[k] == 0 {
			t.Errorf("%s never ran", k)
		}
	}
}
