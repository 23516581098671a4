//go:build debugasserts

package pool_test

import (
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/sweep"

	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/checked"
)

// sweepAdapter makes the pool tensors of element type T of the
// sweep's samples (go doc github.com/assertgen/assertgen/sweep), written
// by assertgen init: dense tensors of T, made with pool's
// constructor, transposed and selected views with its kernels.
type sweepAdapter[T float32 | float64] struct{}

// Tensor makes the tensor sp describes, or says why it cannot: a sample
// of another dtype moves to T's (a *sweep.DtypeError), and one of a
// layout, bit or autograd state pool lacks, or a strided view at an
// offset, is counted as one it cannot make.
func (sweepAdapter[T]) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	dtype := reflect.TypeFor[T]().Kind().String()
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	case sp.Dtype != dtype:
		return reflect.Value{}, &sweep.DtypeError{Want: dtype}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, errors.New("pool makes dense tensors only")
	case sp.Strides != nil || sp.Offset != 0:
		// The fuzz target's strided views at an offset: init knows no
		// kernel that makes one (as_strided); write it here if pool has one.
		return reflect.Value{}, errors.New("no strided view at an offset: init wrote none (assertgen_sweep_test.go)")
	case sp.ViewOf >= 0:
		base, i := made[sp.ViewOf].Interface().(*pool.Tensor[T]), sp.Index
		return reflect.ValueOf(pool.SelectInt(base, int64(0), int64(i))), nil
	}
	vals := sp.Elements()
	data := make([]T, len(vals))
	for i, v := range vals {
		data[i] = T(v)
	}
	// Never nil: a 0-dim sample's shape is empty, and a constructor that
	// takes no shape for the values' 1-D tensor still makes it 0-dim.
	shape := append([]int{}, sp.Shape...)
	if sp.Transposed && len(shape) >= 2 {
		// A base of the shape with its first and last dims swapped, whose
		// transposed view holds the values in order.
		last := len(shape) - 1
		data, shape = transposedBase(data, shape), append([]int(nil), shape...)
		shape[0], shape[last] = shape[last], shape[0]
		base := pool.New(data, shape...)
		defer base.Release()
		return reflect.ValueOf(pool.TransposeInt(base, int64(0), int64(last))), nil
	}
	return reflect.ValueOf(pool.New(data, shape...)), nil
}

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types and T take.
func (sweepAdapter[T]) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// transposedBase returns the values, in row-major order, of the tensor
// of shape with its first and last dims swapped whose view with those
// dims swapped back holds vals in row-major order of shape.
func transposedBase[T any](vals []T, shape []int) []T {
	n := len(shape)
	strides := make([]int, n) // of the base: its dim 0 is shape's last
	k := 1
	for d := n - 1; d >= 0; d-- {
		strides[d] = k
		switch d {
		case 0:
			k *= shape[n-1]
		case n - 1:
			k *= shape[0]
		default:
			k *= shape[d]
		}
	}
	out := make([]T, len(vals))
	idx := make([]int, n)
	for _, v := range vals {
		at := 0
		for d, i := range idx {
			switch d {
			case 0:
				at += i * strides[n-1]
			case n - 1:
				at += i * strides[0]
			default:
				at += i * strides[d]
			}
		}
		out[at] = v
		for d := n - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// TestSweep runs every wrapped op on samples made from its schema, through
// the checked wrappers, once per element type, and fails on each kind of
// violation they find.
func TestSweep(t *testing.T) {
	t.Run("float32", func(t *testing.T) {
		rep := sweep.Run(t, sweepAdapter[float32]{}, checked.SweepOps[float32])
		if len(rep.Exercised) == 0 {
			t.Error("the sweep ran no op")
		}
	})
	t.Run("float64", func(t *testing.T) {
		rep := sweep.Run(t, sweepAdapter[float64]{}, checked.SweepOps[float64])
		if len(rep.Exercised) == 0 {
			t.Error("the sweep ran no op")
		}
	})
}

// FuzzSweep is the coverage-guided fuzz target over the same ops, on
// float32 tensors: go test -tags debugasserts -fuzz FuzzSweep (a finding
// replays as a test).
func FuzzSweep(f *testing.F) {
	sweep.Fuzz(f, sweepAdapter[float32]{}, checked.SweepOps[float32])
}

// init switches the content check on for every debug test of this
// package, the hand-written ones too: same_content, a call leaves the
// bytes of each input its schema marks read-only as they were, as the
// strict profile promises (elsewhere it is off by default: it reads those
// bytes twice per call). ASSERTGEN_CONTENT in the environment decides
// instead when set: off, or a list of ops.
func init() {
	if os.Getenv("ASSERTGEN_CONTENT") == "" {
		asserts.SetContentCheck(true)
	}
}
