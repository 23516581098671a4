//go:build debugasserts

package sweep

import (
	"errors"
	"fmt"

	"github.com/assertgen/assertgen/internal/samples"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// qdtypes are the quantized dtypes and the per-tensor zero point each gets
// (the scale is 0.1).
var qdtypes = map[string]struct {
	q  torch.QDtype
	zp int64
}{"quint8": {torch.QUInt8, 10}, "qint8": {torch.QInt8, 0}, "qint32": {torch.QInt32, 0}}

// make builds the tensor of a spec of its own: the values in its dtype
// (a quantized one from float32), the layout, the autograd leaf, the
// transposed view or the view of a non-leaf, then the conj and neg bits.
// A libtorch error (a layout the op's shape does not take) is returned.
func (a adapter) make(sp samples.Spec) (t *torch.Tensor, err error) {
	dt, ok := dtypes[sp.Dtype]
	q, quant := qdtypes[sp.Dtype]
	if quant {
		dt = torch.Float32
	} else if !ok {
		return nil, fmt.Errorf("the torch adapter makes no %s tensor", sp.Dtype)
	}
	var tmp []*torch.Tensor // intermediates, released when done
	defer func() {
		for _, x := range tmp {
			x.Release()
		}
		if e := recover(); e != nil {
			var te *torch.Error
			if er, ok := e.(error); !ok || !errors.As(er, &te) {
				panic(e)
			}
			t, err = nil, te
		}
	}()
	step := func(x *torch.Tensor) *torch.Tensor {
		if t != nil {
			tmp = append(tmp, t)
		}
		t = x
		return x
	}
	sizes := make([]int64, len(sp.Shape))
	for i, s := range sp.Shape {
		sizes[i] = int64(s)
	}
	vals := sp.Elements()
	switch {
	case sp.NonLeafView:
		// base[0] of a non-leaf base = leaf.clone(), leaf of shape [2]+shape
		l := step(torch.FromFloat64s(dt, append(vals, vals...), append([]int64{2}, sizes...)...))
		l.SetRequiresGrad(true)
		step(l.Clone())
		step(t.Select(0, 0))
	case sp.Transposed && len(sizes) == 2:
		b := step(torch.FromFloat64s(dt, vals, sizes[1], sizes[0]))
		if sp.RequiresGrad && sp.Layout == "" {
			b.SetRequiresGrad(true)
		}
		step(b.Transpose(0, 1))
	default:
		step(torch.FromFloat64s(dt, vals, sizes...))
		if sp.RequiresGrad && sp.Layout == "" {
			t.SetRequiresGrad(true)
		}
	}
	switch sp.Layout {
	case samples.SparseCOO:
		step(t.ToSparse())
	case samples.SparseCSR:
		step(t.ToSparseCSR())
	case samples.Quantized:
		step(t.QuantizePerTensor(0.1, q.zp, q.q))
	case samples.Mkldnn:
		if !torch.HasMkldnn() {
			return nil, errors.New("this libtorch build has no mkldnn")
		}
		step(t.ToMkldnn())
	}
	if sp.RequiresGrad && sp.Layout != "" {
		t.SetRequiresGrad(true)
	}
	if sp.Conj {
		step(t.Conj())
	}
	if sp.Neg {
		step(t.NegView())
	}
	return t, nil
}
