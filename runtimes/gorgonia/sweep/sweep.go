//go:build debugasserts

// Package sweep is gorgonia's adapter to the sweep of the root module
// (package github.com/assertgen/assertgen/sweep): how a sample's tensor
// becomes a gorgonia Dense tensor. TestSweep runs every bound op through
// its checked wrapper (checked.SweepOps, written by gen) on every
// schema-driven sample, with same_content on, and holds every finding to
// a verdict (verdicts.go).
package sweep

import (
	"fmt"
	"reflect"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/sweep"
)

// adapter makes a sample's tensors as gorgonia Dense tensors (float32,
// float64, int64, Go's int for the probe Go int, bool; strided only);
// other specs it cannot make, and says why.
type adapter struct{}

func (adapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 {
		base := made[sp.ViewOf].Interface().(*tensor.Dense)
		v, err := base.Slice(tensor.S(sp.Index))
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(v.(*tensor.Dense)), nil
	}
	t, err := MakeTensor(sp)
	if err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(t), nil
}

// Capabilities says what gorgonia's Dense has: strided tensors, with no
// layout, conj or neg bit, autograd or named dims, so the sweep generates
// no variant asking for one (its summary counts them in one line). The
// dtypes stay open: gorgonia has complex and integer Denses this adapter
// does not make, and a sample of one counts as one it cannot make. Its
// Go int Dense (tensor.Int) it makes: the probe Go int runs.
func (adapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{GoInt: true} }

// Value leaves every value to the sweep package (a ScalarType becomes
// c10's number, which the wrappers' int takes).
func (adapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// MakeTensor builds a strided tensor of spec sp (its Same and ViewOf are
// the adapter's).
func MakeTensor(sp sweep.Spec) (*tensor.Dense, error) {
	switch {
	case sp.Layout != "":
		return nil, fmt.Errorf("gorgonia has no %s layout", sp.Layout)
	case sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView:
		return nil, fmt.Errorf("gorgonia has no conj/neg bits or autograd")
	case sp.Named:
		return nil, fmt.Errorf("gorgonia has no named dims")
	case sp.Strides != nil || sp.Offset != 0:
		return nil, fmt.Errorf("gorgonia has no strided views at an offset")
	}
	vals := sp.Elements()
	n := len(vals)
	shape := append([]int(nil), sp.Shape...)
	if sp.Transposed {
		shape[0], shape[1] = shape[1], shape[0]
	}
	var backing any
	switch sp.Dtype {
	case "float32":
		b := make([]float32, n)
		for i, v := range vals {
			b[i] = float32(v)
		}
		backing = b
	case "int64":
		if sp.GoInt {
			b := make([]int, n)
			for i, v := range vals {
				b[i] = int(v)
			}
			backing = b
			break
		}
		b := make([]int64, n)
		for i, v := range vals {
			b[i] = int64(v)
		}
		backing = b
	case "bool":
		b := make([]bool, n)
		for i, v := range vals {
			b[i] = v != 0
		}
		backing = b
	case "float64":
		backing = vals
	default:
		return nil, fmt.Errorf("the gorgonia adapter makes no %s tensor", sp.Dtype)
	}
	var d *tensor.Dense
	if len(shape) == 0 {
		d = tensor.New(tensor.FromScalar(reflect.ValueOf(backing).Index(0).Interface()))
	} else {
		d = tensor.New(tensor.WithShape(shape...), tensor.WithBacking(backing))
	}
	if sp.Transposed {
		if err := d.T(); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// run sweeps every bound op over every variant, same_content on.
func run() (*sweep.Report, error) {
	return sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true})
}
