//go:build debugasserts

package sweep

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	samples "github.com/assertgen/assertgen/sweep"
)

// The sweep's samples are the public package sweep's (one list of
// variants, shared with every runtime; verdicts.json names samples by
// their numbers there): this file is the libtorch adapter, how a Spec
// becomes a *torch.Tensor, how a value becomes a torch.Scalar (a
// ScalarType becomes c10's number in the package), and how the tensors of
// a call are released after it.

// Variants are the samples every op gets, in order.
var Variants = samples.Variants

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
// to the pool. A view (transposed, conj, neg, non-leaf) is made from a
// strided tensor whose handle is released at once: only the view's
// autograd base holds it, which the use counts leave out, so that the
// argument is the only owner, as in a user's x.t() (torch's README, "Use
// counts and autograd views").
type adapter struct{ p *pool }

// dtypes maps the dtype names the adapter makes to torch's.
var dtypes = map[string]torch.Dtype{
	"float32": torch.Float32, "float64": torch.Float64, "int64": torch.Int64, "int32": torch.Int32,
	"bool": torch.Boolean, "complex64": torch.Complex64, "complex128": torch.Complex128, "uint8": torch.Uint8,
	"int8": torch.Int8, "uint64": torch.Uint64,
}

func (a adapter) Tensor(sp samples.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 {
		base := made[sp.ViewOf].Interface().(*torch.Tensor)
		return reflect.ValueOf(a.p.add(base.Select(0, int64(sp.Index)))), nil
	}
	base := sp.Dtype
	if _, ok := qdtypes[base]; ok {
		base = "float32" // quantized from float values
	}
	dt, ok := dtypes[base]
	if !ok {
		return reflect.Value{}, fmt.Errorf("the torch adapter makes no %s tensor", sp.Dtype)
	}
	if !torch.Makes(dt) {
		return reflect.Value{}, fmt.Errorf("this libtorch has no %s (c10 ScalarType %d)", sp.Dtype, dt.ScalarType())
	}
	if sp.Named && !torch.HasNames() {
		return reflect.Value{}, errors.New("this libtorch has no named tensors")
	}
	if sp.Layout == samples.Mkldnn && !torch.HasMkldnn() {
		return reflect.Value{}, errors.New("this libtorch build has no mkldnn")
	}
	sizes := make([]int64, len(sp.Shape))
	for i, s := range sp.Shape {
		sizes[i] = int64(s)
	}
	if sp.Layout == samples.QuantizedPerChannel {
		t, err := perChannel(sp, sizes)
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(a.p.add(t)), nil
	}
	var t *torch.Tensor
	if sp.Transposed || sp.NonLeafView {
		if len(sizes) != 2 {
			return reflect.Value{}, errors.New("the torch adapter makes transposed and non-leaf views of 2-d tensors only")
		}
		b := torch.FromFloat64s(dt, sp.Elements(), sizes[1], sizes[0])
		if sp.NonLeafView {
			b.SetRequiresGrad(true)
		}
		if sp.NonLeafBase {
			// the view of a non-leaf (leaf.clone()): in-place is legal
			l := b
			b = l.Clone()
			l.Release()
		}
		t = b.Transpose(0, 1)
		b.Release()
	} else {
		t = torch.FromFloat64s(dt, sp.Elements(), sizes...)
		if sp.RequiresGrad {
			t.SetRequiresGrad(true)
		}
	}
	if sp.Named {
		t.SetNames(samples.DimNames(len(sizes))...)
	}
	for _, f := range []struct {
		on   bool
		make func(*torch.Tensor) *torch.Tensor
	}{
		{sp.Layout == samples.SparseCOO, (*torch.Tensor).ToSparse},
		{sp.Layout == samples.SparseCSR, (*torch.Tensor).ToSparseCSR},
		{sp.Layout == samples.SparseCSC, toSparseCSC},
		{sp.Layout == samples.SparseBSR, (*torch.Tensor).ToSparseBSR},
		{sp.Layout == samples.SparseBSC, (*torch.Tensor).ToSparseBSC},
		{sp.Layout == samples.SparseCOOUncoalesced, func(t *torch.Tensor) *torch.Tensor { u := t.ToSparse(); u.MarkUncoalesced(); return u }},
		{sp.Layout == samples.Mkldnn, (*torch.Tensor).ToMkldnn},
		{sp.Layout == samples.Quantized, func(t *torch.Tensor) *torch.Tensor { return t.QuantizePerTensor(0.1, 0, qdtypes[sp.Dtype]) }},
		{sp.Conj, (*torch.Tensor).Conj},
		{sp.Neg, (*torch.Tensor).NegView},
	} {
		if f.on {
			d := t
			t = f.make(d)
			d.Release()
		}
	}
	return reflect.ValueOf(a.p.add(t)), nil
}

// perChannel returns a per-channel quint8 tensor along dim 0 of sp's
// shape and integer values, scale 0.1 and zero point 0 in every channel
// (through the dispatcher: torch has no method of its own for it).
func perChannel(sp samples.Spec, sizes []int64) (*torch.Tensor, error) {
	if len(sizes) == 0 {
		return nil, errors.New("the torch adapter makes per-channel quantized tensors of 1 dim or more")
	}
	n := sizes[0]
	u8 := torch.FromFloat64s(torch.Uint8, sp.Elements(), sizes...)
	scales := torch.FromFloat64s(torch.Float64, slices.Repeat([]float64{0.1}, int(n)), n)
	zps := torch.FromFloat64s(torch.Int64, make([]float64, n), n)
	defer func() { u8.Release(); scales.Release(); zps.Release() }()
	return torch.Call("aten::_make_per_channel_quantized_tensor", "", []*torch.Tensor{u8, scales, zps}, 0)[0], nil
}

// toSparseCSC returns a sparse CSC copy of a 2-d t (through the
// dispatcher: torch has no method of its own for it).
func toSparseCSC(t *torch.Tensor) *torch.Tensor {
	return torch.Call("aten::to_sparse_csc", "", []*torch.Tensor{t})[0]
}

// Release releases the call's results and every tensor the adapter made
// for it (the optional Release method of a samples.Runtime).
func (a adapter) Release(results []reflect.Value) {
	for _, o := range results {
		switch x := o.Interface().(type) {
		case *torch.Tensor:
			a.p.add(x)
		case []*torch.Tensor:
			for _, t := range x {
				a.p.add(t)
			}
		}
	}
	a.p.release()
}

var qdtypes = map[string]torch.QDtype{"quint8": torch.QUInt8, "qint8": torch.QInt8, "qint32": torch.QInt32}

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

// Around runs a call of s, its tensors' making included, in the modes s
// asks for (the optional Around method of a samples.Runtime).
func (adapter) Around(s *samples.Sample, call func() error) error { return withModes(s, call) }

// Brief is what a report keeps of a refusal: its class and the brief of
// its message (report.Brief), "class: message" (the optional Brief method
// of a samples.Runtime).
func (adapter) Brief(err error) string {
	class, msg := errResult(err)
	return class + briefSep + msg
}
