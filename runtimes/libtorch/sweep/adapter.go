//go:build debugasserts

package sweep

import (
	"fmt"
	"reflect"

	"github.com/assertgen/assertgen/internal/samples"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
)

// The sweep's samples are internal/samples' (one list of variants, shared
// with every runtime; verdicts.json names samples by their numbers there):
// this file is the libtorch adapter, how a Spec becomes a *torch.Tensor
// and how a value becomes a torch.Scalar or a c10 enum.

// Variants are the samples every op gets, in order.
var Variants = samples.Variants

// trainingVariant is the variant that switches training mode on.
const trainingVariant = 10

// pool owns every handle a sample makes, to release them after the call.
type pool struct{ ts []*torch.Tensor }

func (p *pool) add(t *torch.Tensor) *torch.Tensor { p.ts = append(p.ts, t); return t }
func (p *pool) release() {
	for _, t := range p.ts {
		t.Release()
	}
	p.ts = nil
}

// adapter makes a sample's values in libtorch's Go types; its tensors go
// to the pool.
type adapter struct{ p *pool }

// dtypes maps the dtype names the adapter makes to torch's.
var dtypes = map[string]torch.Dtype{
	"float32": torch.Float32, "float64": torch.Float64, "int64": torch.Int64, "int32": torch.Int32,
	"bool": torch.Boolean, "complex64": torch.Complex64, "uint8": torch.Uint8, "complex128": torch.Complex128,
}

func (a adapter) Tensor(sp samples.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 {
		base := made[sp.ViewOf].Interface().(*torch.Tensor)
		return reflect.ValueOf(a.p.add(base.Select(0, int64(sp.Index)))), nil
	}
	t, err := a.make(sp)
	if err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(a.p.add(t)), nil
}

func (a adapter) Value(ar *samples.Arg, t reflect.Type) (reflect.Value, bool, error) {
	elem, ptr := t, t.Kind() == reflect.Pointer
	if ptr {
		elem = t.Elem()
	}
	var v reflect.Value
	switch {
	case ar.Absent:
		return reflect.Zero(t), t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Interface, nil
	case elem == reflect.TypeOf(torch.Scalar{}):
		v = reflect.ValueOf(scalar(ar.Ints, ar.Floats, ar.Bools, 0))
	case elem == reflect.TypeOf([]torch.Scalar(nil)):
		l := make([]torch.Scalar, max(len(ar.Ints), len(ar.Floats), len(ar.Bools)))
		for i := range l {
			l[i] = scalar(ar.Ints, ar.Floats, ar.Bools, i)
		}
		v = reflect.ValueOf(l)
	case elem.Kind() == reflect.Int && ar.Schema.Type.IsBaseLike(schema.ScalarType):
		if len(ar.Strs) != 1 {
			return v, false, fmt.Errorf("no dtype for a ScalarType")
		}
		code, ok := samples.ScalarTypeCode(ar.Strs[0])
		if !ok {
			return v, false, fmt.Errorf("no c10 ScalarType for %s", ar.Strs[0])
		}
		v = reflect.ValueOf(code)
	default:
		return v, false, nil
	}
	if ptr {
		p := reflect.New(elem)
		p.Elem().Set(v)
		return p, true, nil
	}
	return v, true, nil
}

// scalar returns element i of a Scalar value: an int, a bool or a float.
func scalar(ints []int64, floats []float64, bools []bool, i int) torch.Scalar {
	switch {
	case i < len(ints) && floats == nil:
		return torch.Int(ints[i])
	case i < len(bools) && floats == nil:
		return torch.Bool(bools[i])
	case i < len(floats):
		return torch.Float(floats[i])
	}
	return torch.Float(1)
}
