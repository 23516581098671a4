//go:build debugasserts

package findings

import "testing"

// The repros of findings on outputs: two outputs on one buffer
// (distinct_outputs: _transform_bias_rescale_qkv's q, k and v, and the
// key and value 1.13.1's _native_decoder_only_multi_head_attention takes
// from it), an out=
// op returning another argument than out (returns_arg), a fresh return
// that is a view of an argument (einsum of one operand), and a return
// that keeps an argument's autograd state
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
		repro{op: "_transform_bias_rescale_qkv", shows: []string{"distinct_outputs ret 0", "distinct_outputs ret 1", "storage_use_count_eq_1 ret 0", "storage_use_count_eq_1 ret 1", "storage_use_count_eq_1 ret 2"},
			code: "checked.XTransformBiasRescaleQkv(qkv, bias, 1) // qkv [1,2,6], bias [6]: q, k, v views of one buffer",
			run: func(t *testing.T) {
				qkv, bias := f32(1, 2, 6), f32(6)
				q, k, v := wrapper[func(tensor, tensor, int64) (tensor, tensor, tensor)](t, "_transform_bias_rescale_qkv")(qkv, bias, 1)
				rel(q, k, v, qkv, bias)
			}},
		repro{op: "_native_decoder_only_multi_head_attention", shows: []string{"distinct_outputs ret 2", "storage_use_count_eq_1 ret 2", "storage_use_count_eq_1 ret 3"},
			code: "checked.XNativeDecoderOnlyMultiHeadAttention(x, x, x, 4, 1, w, b, pw, pb, nil, nil, nil, true, true) // x [1,2,4], w [12,4], b [12], pw [4,4], pb [4], no incremental state: the returned key and value are views of one buffer",
			run: func(t *testing.T) {
				x, w, b, pw, pb := f32(1, 2, 4), f32(12, 4), f32(12), f32(4, 4), f32(4)
				f := wrapper[func(q, k, v tensor, embedDim, numHead int64, qkvW, qkvB, projW, projB, mask, incrKey, incrValue tensor,
					needWeights, average bool) (tensor, tensor, tensor, tensor)](t, "_native_decoder_only_multi_head_attention")
				o, wts, key, value := f(x, x, x, 4, 1, w, b, pw, pb, nil, nil, nil, true, true)
				rel(o, wts, key, value, x, w, b, pw, pb)
			}},
		repro{op: "einsum", shows: []string{"storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample, functionalSample},
			code: `checked.Einsum("ab", []tensor{x}, nil) // x [2,3]: returns a view of x`,
			run: func(t *testing.T) {
				x := f32(2, 3)
				rel(wrapper[func(string, tensors, []int64) tensor](t, "einsum")("ab", tensors{x}, nil), x)
			}},
		repro{op: "sparse_resize.out", shows: []string{"returns_arg ret 0"},
			code: "checked.SparseResizeOut(s, []int64{2, 3}, 2, 0, out) // s, out sparse COO: returns a new tensor, not out",
			run: func(t *testing.T) {
				x := f32(2, 3)
				s, out := x.ToSparse(), x.ToSparse()
				rel(wrapper[func(tensor, []int64, int64, int64, tensor) tensor](t, "sparse_resize.out")(s, []int64{2, 3}, 2, 0, out), s, out, x)
			}},
		repro{op: "sparse_resize_and_clear.out", shows: []string{"returns_arg ret 0"},
			code: "checked.SparseResizeAndClearOut(s, []int64{2, 3}, 2, 0, out) // s, out sparse COO: returns a new tensor, not out",
			run: func(t *testing.T) {
				x := f32(2, 3)
				s, out := x.ToSparse(), x.ToSparse()
				rel(wrapper[func(tensor, []int64, int64, int64, tensor) tensor](t, "sparse_resize_and_clear.out")(s, []int64{2, 3}, 2, 0, out), s, out, x)
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
