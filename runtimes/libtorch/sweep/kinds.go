//go:build debugasserts

package sweep

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	samples "github.com/assertgen/assertgen/sweep"
)

// The meta and functional samples: a sample's tensors, made by the
// adapter as for a CPU sample, then turned into meta tensors (no data:
// shape functions only) or wrapped in functionalization wrappers (the
// wrapper's kernels unwrap, call the CPU kernel and wrap its result), the
// two TensorImpl kinds without data of their own that the design names.

// converter turns a sample's tensor into another kind; nil: none.
type converter func(*torch.Tensor) (*torch.Tensor, error)

func kindConverter(k int) converter {
	if k == metaSample {
		return func(t *torch.Tensor) (*torch.Tensor, error) { return convert(t, (*torch.Tensor).ToMeta) }
	}
	return func(t *torch.Tensor) (*torch.Tensor, error) { return convert(t, (*torch.Tensor).ToFunctional) }
}

// convert calls f, returning the *torch.Error it panics with as an error.
func convert(t *torch.Tensor, f func(*torch.Tensor) *torch.Tensor) (u *torch.Tensor, err error) {
	defer func() {
		if e := recover(); e != nil {
			var te *torch.Error
			if x, ok := e.(error); ok && errors.As(x, &te) {
				err = te
				return
			}
			panic(e)
		}
	}()
	return f(t), nil
}

// convRuntime makes each tensor with its Runtime, then converts it; a
// tensor that is another (Same) or a view of one (ViewOf) is made from the
// converted one.
type convRuntime struct {
	samples.Runtime
	p    *pool
	conv converter
}

func converted(rt samples.Runtime, p *pool, conv converter) samples.Runtime {
	if conv == nil {
		return rt
	}
	return convRuntime{rt, p, conv}
}

func (c convRuntime) Tensor(sp samples.Spec, made []reflect.Value) (reflect.Value, error) {
	v, err := c.Runtime.Tensor(sp, made)
	if err != nil || sp.Same >= 0 || sp.ViewOf >= 0 {
		return v, err
	}
	t := v.Interface().(*torch.Tensor)
	if t == nil {
		return v, nil
	}
	u, err := c.conv(t)
	t.Release()
	if err != nil {
		return reflect.Value{}, fmt.Errorf("cannot convert %s: %v", sp, err)
	}
	return reflect.ValueOf(c.p.add(u)), nil
}
