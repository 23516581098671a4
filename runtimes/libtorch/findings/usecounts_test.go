//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// The repros of use-count findings: a return that is an argument's
// TensorImpl, or that shares an argument's StorageImpl, where the schema
// promises a fresh tensor. Where a verdict covers the aliasing sample (an
// argument whose storage a live base shares), the repro passes such a view
// so that the return's storage count shows too.

type (
	tensor  = *torch.Tensor
	tensors = []*torch.Tensor
)

// dropoutLike: in eval mode these return their input itself.
func dropoutLike(op, goName string) repro {
	return repro{op: op, shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
		code: "checked." + goName + "(x, 0.5, false) // x a view: returns x itself",
		run: func(t *testing.T) {
			x, b := view()
			rel(wrapper[func(tensor, float64, bool) tensor](t, op)(x, 0.5, false), x, b)
		}}
}

func init() {
	add(
		dropoutLike("dropout", "Dropout"),
		dropoutLike("alpha_dropout", "AlphaDropout"),
		dropoutLike("feature_dropout", "FeatureDropout"),
		dropoutLike("feature_alpha_dropout", "FeatureAlphaDropout"),
		repro{op: "native_dropout", shows: []string{"impl ret 0"},
			code: "checked.NativeDropout(x, 0.5, &train) // x empty, train false: output 0 is x",
			run: func(t *testing.T) {
				x, train := f32(0), false
				a, m := wrapper[func(tensor, float64, *bool) (tensor, tensor)](t, "native_dropout")(x, 0.5, &train)
				rel(a, m, x)
			}},
		repro{op: "sum_to_size", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.SumToSize(x, []int64{2, 3}) // x a [2,3] view: nothing to sum, returns x",
			run: func(t *testing.T) {
				x, b := view()
				rel(wrapper[func(tensor, []int64) tensor](t, "sum_to_size")(x, []int64{2, 3}), x, b)
			}},
		repro{op: "broadcast_tensors", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.BroadcastTensors([]*torch.Tensor{x}) // x a view: returns x",
			run: func(t *testing.T) {
				x, b := view()
				r := wrapper[func(tensors) tensors](t, "broadcast_tensors")(tensors{x})
				rel(append(r, x, b)...)
			}},
		// found by the empty value (sample 49): an empty grad returns
		// itself ("if (dY.sym_numel() <= 0) return dY;"), a fresh return
		// otherwise (dY * mask)
		repro{op: "fake_quantize_per_tensor_affine_cachemask_backward", shows: []string{"impl ret 0"},
			code: "checked.FakeQuantizePerTensorAffineCachemaskBackward(g, m) // g, m empty [0,3]: returns g",
			run: func(t *testing.T) {
				g, m := f32(0, 3), torch.FromFloat64s(torch.Boolean, nil, 0, 3)
				rel(wrapper[func(tensor, tensor) tensor](t, "fake_quantize_per_tensor_affine_cachemask_backward")(g, m), g, m)
			}},
		repro{op: "fake_quantize_per_channel_affine_cachemask_backward", shows: []string{"impl ret 0"},
			code: "checked.FakeQuantizePerChannelAffineCachemaskBackward(g, m) // g, m empty [0,3]: returns g",
			run: func(t *testing.T) {
				g, m := f32(0, 3), torch.FromFloat64s(torch.Boolean, nil, 0, 3)
				rel(wrapper[func(tensor, tensor) tensor](t, "fake_quantize_per_channel_affine_cachemask_backward")(g, m), g, m)
			}},
		repro{op: "cartesian_prod", shows: []string{"impl ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.CartesianProd([]*torch.Tensor{x}) // one empty input: returns it",
			run: func(t *testing.T) {
				x := f32(0)
				rel(wrapper[func(tensors) tensor](t, "cartesian_prod")(tensors{x}), x)
			}},
		repro{op: "_to_cpu", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.XToCpu([]*torch.Tensor{x}) // x a view on the CPU: returns x",
			run: func(t *testing.T) {
				x, b := view()
				r := wrapper[func(tensors) tensors](t, "_to_cpu")(tensors{x})
				rel(append(r, x, b)...)
			}},
		repro{op: "_saturate_weight_to_fp16", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.XSaturateWeightToFp16(x) // x a [2,3] view, nothing to saturate: returns x",
			run: func(t *testing.T) {
				x, b := view()
				rel(wrapper[func(tensor) tensor](t, "_saturate_weight_to_fp16")(x), x, b)
			}},
		repro{op: "_foobar", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.XFoobar(x, true, true, true) // test op; x a view: returns x",
			run: func(t *testing.T) {
				x, b := view()
				rel(wrapper[func(tensor, bool, bool, bool) tensor](t, "_foobar")(x, true, true, true), x, b)
			}},
		repro{op: "copy", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.Copy(x, y, false) // x, y views of one base: the result keeps a reference nobody releases",
			run: func(t *testing.T) {
				b := f32(2, 2, 3)
				x, y := b.Select(0, 0), b.Select(0, 1)
				rel(wrapper[func(tensor, tensor, bool) tensor](t, "copy")(x, y, false), x, y, b)
			}},
		repro{op: "data", shows: []string{"storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.Data(x) // an alias on x's storage",
			run: func(t *testing.T) {
				x := f32(2)
				rel(wrapper[func(tensor) tensor](t, "data")(x), x)
			}},
		repro{op: "align_as", shows: []string{"storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.AlignAs(x, y) // x, y 0-dim: a view of x",
			run: func(t *testing.T) {
				x, y := f32(), f32()
				rel(wrapper[func(tensor, tensor) tensor](t, "align_as")(x, y), x, y)
			}},
		// its functional copy is in kinds_test.go (fresh_no_alias on 2.6.0)
		repro{op: "align_tensors", shows: []string{"storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample},
			code: "checked.AlignTensors([]*torch.Tensor{x}) // a view of x",
			run: func(t *testing.T) {
				x := f32(2)
				r := wrapper[func(tensors) tensors](t, "align_tensors")(tensors{x})
				rel(append(r, x)...)
			}},
		repro{op: "meshgrid", shows: []string{"storage_use_count_eq_1 ret 0"},
			code: "checked.Meshgrid([]*torch.Tensor{x}) // expand views of x",
			run: func(t *testing.T) {
				x := f32(2)
				r := wrapper[func(tensors) tensors](t, "meshgrid")(tensors{x})
				rel(append(r, x)...)
			}},
		repro{op: "_remove_batch_dim", shows: []string{"storage_use_count_eq_1 ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.XRemoveBatchDim(x, 1, 1, 0) // x not batched: a view of x",
			run: func(t *testing.T) {
				x := f32(2, 3)
				rel(wrapper[func(tensor, int64, int64, int64) tensor](t, "_remove_batch_dim")(x, 1, 1, 0), x)
			}},
		// the empty sample (6) on 2.6.0, the empty value on sample 0's
		// [2,3,4] input on 2.14.1, which refuses fewer than 3 dims; 1.13.1
		// refuses the 1-d input and divides by the empty batch of a 3-d
		// one (SIGFPE: a crash, not a finding), so it is asked the 1-d one
		repro{op: "native_channel_shuffle", name: "empty", shows: []string{"storage_use_count_eq_1 ret 0"}, samples: []int{6, valueSample("empty")},
			code: "checked.NativeChannelShuffle(x, 1) // x empty [0,2,2]: a tensor on x's storage",
			run: func(t *testing.T) {
				sizes := []int64{0, 2, 2}
				if aten.SchemaVersion == "1.13.1" {
					sizes = []int64{0}
				}
				x := f32(sizes...)
				rel(wrapper[func(tensor, int64) tensor](t, "native_channel_shuffle")(x, 1), x)
			}},
		// found by the empty value (sample 49) on sample 0's arguments
		// after the input-rank repair: 1.13.1's channel_shuffle returns an
		// empty input itself; 2.x return a fresh tensor
		repro{op: "channel_shuffle", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.ChannelShuffle(x, 1) // x empty [0,2,2]: returns x",
			run: func(t *testing.T) {
				x := f32(0, 2, 2)
				rel(wrapper[func(tensor, int64) tensor](t, "channel_shuffle")(x, 1), x)
			}},
		repro{op: "_test_parallel_materialize", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.XTestParallelMaterialize(x, 1, false) // test op; x a view: returns x",
			run: func(t *testing.T) {
				x, b := view()
				rel(wrapper[func(tensor, int64, bool) tensor](t, "_test_parallel_materialize")(x, 1, false), x, b)
			}},
		repro{op: "_nested_compute_contiguous_strides_offsets", shows: []string{"impl ret 0"},
			code: "checked.XNestedComputeContiguousStridesOffsets(x) // x 0-dim: output 0 is x",
			run: func(t *testing.T) {
				x := f32()
				a, b := wrapper[func(tensor) (tensor, tensor)](t, "_nested_compute_contiguous_strides_offsets")(x)
				rel(a, b, x)
			}},
		repro{op: "to_dense_backward", shows: []string{"impl ret 0", "storage_use_count_eq_1 ret 0"},
			code: "checked.ToDenseBackward(g, x, nil) // g, x views of one base, x dense: returns g",
			run: func(t *testing.T) {
				b := f32(2, 2, 3)
				g, x := b.Select(0, 0), b.Select(0, 1)
				// 1.13's schema has no masked_grad.
				var r tensor
				switch f := sweepops.Checked["to_dense_backward"].(type) {
				case func(tensor, tensor) tensor:
					r = f(g, x)
				default:
					r = wrapper[func(tensor, tensor, *bool) tensor](t, "to_dense_backward")(g, x, nil)
				}
				rel(r, g, x, b)
			}},
	)
	for _, op := range []struct{ name, goName string }{
		{"_test_optional_intlist", "XTestOptionalIntlist"},
		{"_test_optional_filled_intlist", "XTestOptionalFilledIntlist"},
	} {
		add(repro{op: op.name, shows: []string{"impl ret 0"},
			code: "checked." + op.goName + "(x, nil) // test op; addends absent: returns x",
			run: func(t *testing.T) {
				x := f32(2)
				rel(wrapper[func(tensor, []int64) tensor](t, op.name)(x, nil), x)
			}})
	}
	add(repro{op: "_test_optional_floatlist", shows: []string{"impl ret 0"},
		code: "checked.XTestOptionalFloatlist(x, nil) // test op; addends absent: returns x",
		run: func(t *testing.T) {
			x := f32(2)
			rel(wrapper[func(tensor, []float64) tensor](t, "_test_optional_floatlist")(x, nil), x)
		}})
}
