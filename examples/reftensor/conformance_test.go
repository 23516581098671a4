package reftensor_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// reftensor runs the asserts conformance suite against its own adapter.
func TestAssertsContract(t *testing.T) {
	h := func(t asserts.Tensor) *rt.Tensor { return t.(*rt.Tensor) }
	wrap := func(prop bool) func() asserts.Tensor {
		return func() asserts.Tensor {
			in := rt.Ones(2)
			defer in.Release()
			return rt.Wrap(in, prop)
		}
	}
	assertstest.Run(t, assertstest.Runtime{
		New:        func() asserts.Tensor { return rt.Zeros(2, 3) },
		Undefined:  func() asserts.Tensor { return rt.Undefined() },
		Share:      func(t asserts.Tensor) asserts.Tensor { return h(t).Share() },
		Release:    func(t asserts.Tensor) { h(t).Release() },
		View:       func(t asserts.Tensor) asserts.Tensor { return h(t).Transpose(0, 1) },
		Write:      func(t asserts.Tensor) { h(t).SetAt(7, 0, 0) },
		SetStorage: func(dst, src asserts.Tensor) { h(dst).SetStorage(h(src)) },
		Resize:     func(t asserts.Tensor) { h(t).Resize(10, 10) },
		Kinds: []assertstest.Kind{
			{Name: "meta", Traits: asserts.Meta, New: func() asserts.Tensor { return rt.Options{Device: rt.Meta}.Empty(2) }},
			{Name: "subclass", Traits: asserts.DirectSubclass, New: func() asserts.Tensor { return rt.Options{Kind: rt.Subclass}.Empty(2) }},
			{Name: "wrapper", Traits: asserts.WrapperSubclass, New: wrap(false)},
			{Name: "propagating wrapper", Traits: asserts.WrapperSubclass | asserts.PropagatesStorage, New: wrap(true)},
			{Name: "functional", Traits: asserts.FunctionalWrapper, New: func() asserts.Tensor { return rt.Options{Kind: rt.Functional}.Empty(2) }},
			{Name: "sparse", Traits: asserts.Storageless, New: func() asserts.Tensor {
				d := rt.FromSlice([]float64{0, 1})
				defer d.Release()
				return rt.ToSparse(d)
			}},
		},
		Env:           rt.DefaultEnv(),
		PushMode:      func() { rt.PushMode(&rt.Mode{Name: "assertstest"}) },
		PopMode:       func() { rt.PopMode() },
		EnterHermetic: func() func() { return rt.EnterContext(true).Exit },
		Bind:          func(t asserts.Tensor) { h(t).StorageObject() },
		BindImpl:      func(t asserts.Tensor) { h(t).TensorObject() },
		UnbindImpl:    func(t asserts.Tensor) { h(t).ReleaseTensorObject() },
		RawWrite:      func(t asserts.Tensor) { h(t).SetAtRaw(9, 0, 0) },
	})
}
