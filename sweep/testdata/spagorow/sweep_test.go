//go:build debugasserts

package spagorow_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/sweep"
	"github.com/nlpodyssey/spago/mat"

	"example.com/spagorow/checked"
	"example.com/spagorow/kernels"
)

// adapter makes float64 matrices, as spago's Dense[float64] is, and
// names the binding's refusal of a matrix as the shape it wants.
type adapter struct{}

func (adapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.Dtype != "float64":
		return reflect.Value{}, &sweep.DtypeError{Want: "float64"}
	case len(sp.Shape) != 2:
		return reflect.Value{}, &sweep.RankError{Want: 2}
	case sp.Transposed || sp.ViewOf >= 0 || sp.Strides != nil || sp.Offset != 0:
		return reflect.Value{}, errors.New("no view of a Dense")
	}
	data := make([]float64, 0, sp.Shape[0]*sp.Shape[1])
	for _, x := range sp.Elements() {
		data = append(data, float64(x))
	}
	return reflect.ValueOf(mat.NewDense[float64](mat.WithShape(sp.Shape...), mat.WithBacking(data))), nil
}

func (adapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

func (adapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{} }

func (adapter) Classify(err error) error {
	var w kernels.WantShape
	if errors.As(err, &w) {
		return &sweep.ShapeError{Arg: "self", Want: w.Want}
	}
	return nil
}

// The sweep alone finds spago's Softmax of a row vector: its output
// shares its input's shape, which it transposes, so the input [1 3]
// becomes [3 1]. Every variant is repaired to a column (the binding asks
// for one for dim 0), and the row is the probe "size-1 dims" of the
// sample as the schema gives it.
func TestSweepFindsSoftmaxRow(t *testing.T) {
	rep, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Key()+" in "+strings.Join(f.Variants, "; "))
	}
	want := []string{"softmax.int same_metadata argument self in value: size-1 dims"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	// The probe's sample: [2,3] with its first dim 1, the row [1,3],
	// which the binding takes as it is; spago's Softmax turns it into a
	// column.
	row := mat.NewDense[float64](mat.WithShape(1, 3), mat.WithBacking([]float64{1, 2, 3}))
	kernels.Softmax(row, 0)
	if sh := row.Shape(); !slices.Equal(sh, []int{3, 1}) {
		t.Errorf("the row's shape after Softmax: %v, want spago's [3 1]", sh)
	}
}
