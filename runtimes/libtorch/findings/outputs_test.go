//go:build debugasserts

package findings

import "testing"

// The repros of findings on outputs: two outputs on one buffer
// (distinct_outputs), an out= op returning another argument than out
// (returns_arg), and a return that keeps an argument's autograd state
// (_transformer_decoder_only_layer_fwd's incremental key and value).

func init() {
	for _, op := range []struct{ name, goName string }{{"nonzero_numpy", "NonzeroNumpy"}, {"where", "Where"}} {
		add(repro{op: op.name, shows: []string{"distinct_outputs ret 0", "storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked." + op.goName + "(x) // x [2,2]: the index columns are views of one buffer",
			run: func(t *testing.T) {
				x := f32(2, 2)
				r := wrapper[func(tensor) tensors](t, op.name)(x)
				rel(append(r, x)...)
			}})
	}
	add(
		repro{op: "resize.out", shows: []string{"returns_arg ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.ResizeOut(x, []int64{2}, nil, out) // returns self, not out",
			run: func(t *testing.T) {
				x, out := f32(2), f32(2)
				rel(wrapper[func(tensor, []int64, *int, tensor) tensor](t, "resize.out")(x, []int64{2}, nil, out), x, out)
			}},
		repro{op: "resize_as.out", shows: []string{"returns_arg ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.ResizeAsOut(x, y, nil, out) // returns self, not out",
			run: func(t *testing.T) {
				x, y, out := f32(2), f32(2), f32(2)
				rel(wrapper[func(tensor, tensor, *int, tensor) tensor](t, "resize_as.out")(x, y, nil, out), x, y, out)
			}},
		repro{op: "_transformer_decoder_only_layer_fwd", shows: []string{"impl ret 1", "impl ret 2"},
			code: "checked.XTransformerDecoderOnlyLayerFwd(e, 1, 1, e, ..., e) // every tensor empty: returns incr_key and incr_value themselves",
			run: func(t *testing.T) {
				var ts tensors
				e := func() tensor { x := f32(0); ts = append(ts, x); return x }
				f := wrapper[func(src tensor, embedDim, numHeads int64, qkvW, qkvB, projW, projB tensor, useGelu, normFirst bool, eps float64,
					nw1, nb1, nw2, nb2, fw1, fb1, fw2, fb2, mask, incrKey, incrValue tensor) (tensor, tensor, tensor)](t, "_transformer_decoder_only_layer_fwd")
				a, b, c := f(e(), 1, 1, e(), e(), e(), e(), false, false, 0.5, e(), e(), e(), e(), e(), e(), e(), e(), e(), e(), e())
				rel(append(ts, a, b, c)...)
			}},
	)
}
