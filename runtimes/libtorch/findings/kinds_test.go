//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	samples "github.com/assertgen/assertgen/sweep"
)

// The repros of the kernel verdicts the meta (24) and functional (25)
// samples brought: the same kernels called on meta tensors or inside
// functionalization wrappers, each repro making its tensors of that kind
// (torch.Meta, ToFunctional) and naming that sample, so that it requires
// a violation only where the release's verdict lists the sample.

// The sweep numbers its samples: the variants, meta, functional, 4 OpInfo
// calls, then the values that matter (24, 25, 26-29 and 30-54 today).
var (
	metaSample       = len(samples.Variants)
	functionalSample = metaSample + 1
	firstValue       = metaSample + 6
	numSamples       = firstValue + len(samples.Probes)
)

// valueSample is the sweep's number of the value named name.
func valueSample(name string) int {
	for i, p := range samples.Probes {
		if p.Name == name {
			return firstValue + i
		}
	}
	panic("no value " + name)
}

// meta returns x on the meta device and releases x.
func meta(x tensor) tensor {
	m := x.ToMeta()
	x.Release()
	return m
}

// functional returns a functionalization wrapper around x and releases
// x (the wrapper holds it).
func functional(x tensor) tensor {
	f := x.ToFunctional()
	x.Release()
	return f
}

// kindOf makes a tensor of the sample's kind from a CPU one.
func kindOf(sample int) func(tensor) tensor {
	if sample == metaSample {
		return meta
	}
	return functional
}

func kindName(sample int) string {
	if sample == metaSample {
		return "meta"
	}
	return "functional"
}

// outReboundKind is the repro of an out= op whose kernel, on meta tensors
// or functionalization wrappers, assigns a new tensor to its out reference
// (linalg_matrix_rank from 2.x: an input isTensorSubclassLike calls
// subclass-like, meta and functional ones included, takes a branch that
// computes `result = at::sum(...)` instead of summing into result): out's
// handle then holds another TensorImpl on another storage.
func outReboundKind(sample int, op, goName, args string, call func(t *testing.T, x, out tensor) tensor) repro {
	return repro{op: op, name: kindName(sample), samples: []int{sample}, shows: []string{"same_impl arg out", "same_storage arg out"},
		code: "checked." + goName + "(" + args + ") // x [3,3], out " + kindName(sample) + ": out rebound to a new tensor",
		run: func(t *testing.T) {
			k := kindOf(sample)
			x, out := k(f32(3, 3)), k(torch.Zeros(torch.Int64, torch.CPU, 0))
			defer rel(out, x)
			rel(call(t, x, out))
		}}
}

// sparseResizeOut is the repro of sparse_resize.out or
// sparse_resize_and_clear.out on meta tensors: the out= kernel returns
// self instead of out.
func sparseResizeOut(op, goName string) repro {
	return repro{op: op, name: "meta", samples: []int{metaSample}, shows: []string{"returns_arg ret 0"},
		code: "checked." + goName + "(x, []int64{2, 3}, 2, 0, out) // x, out meta [2,3]: returns self, not out",
		run: func(t *testing.T) {
			x, out := meta(f32(2, 3)), meta(f32(2, 3))
			defer rel(out, x)
			rel(wrapper[func(tensor, []int64, int64, int64, tensor) tensor](t, op)(x, []int64{2, 3}, 2, 0, out))
		}}
}

// kindRepro is the repro of a finding the sweep showed on meta tensors or
// wrappers where the CPU repro passes a view (a kind copy of it would show
// the view's storage count too): call makes its tensors with k, of the
// sample's kind, contiguous as the sweep's were.
func kindRepro(sample int, op, code string, shows []string, call func(t *testing.T, k func(tensor) tensor)) repro {
	return repro{op: op, name: kindName(sample), samples: []int{sample}, shows: shows, code: code + " (" + kindName(sample) + ")",
		run: func(t *testing.T) { call(t, kindOf(sample)) }}
}

// returnsInput is kindRepro for an op of one tensor and fixed other
// arguments that returns its input itself.
func returnsInput[F any](sample int, op, code string, call func(f F, x tensor) tensor) repro {
	return kindRepro(sample, op, code, []string{"impl ret 0"}, func(t *testing.T, k func(tensor) tensor) {
		x := k(f32(2, 3))
		rel(call(wrapper[F](t, op), x), x)
	})
}

func init() {
	for _, k := range []int{metaSample, functionalSample} {
		for _, op := range []struct{ name, goName string }{{"dropout", "Dropout"}, {"alpha_dropout", "AlphaDropout"}, {"feature_dropout", "FeatureDropout"}, {"feature_alpha_dropout", "FeatureAlphaDropout"}} {
			add(returnsInput(k, op.name, "checked."+op.goName+"(x, 0.5, false) // x [2,3]: returns x itself",
				func(f func(tensor, float64, bool) tensor, x tensor) tensor { return f(x, 0.5, false) }))
		}
		add(
			returnsInput(k, "sum_to_size", "checked.SumToSize(x, []int64{2, 3}) // x [2,3]: nothing to sum, returns x",
				func(f func(tensor, []int64) tensor, x tensor) tensor { return f(x, []int64{2, 3}) }),
			returnsInput(k, "_test_parallel_materialize", "checked.XTestParallelMaterialize(x, 1, false) // test op: returns x",
				func(f func(tensor, int64, bool) tensor, x tensor) tensor { return f(x, 1, false) }),
			kindRepro(k, "broadcast_tensors", "checked.BroadcastTensors([]*torch.Tensor{x}) // x [2,3]: returns x", []string{"impl ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x := kind(f32(2, 3))
					rel(append(wrapper[func(tensors) tensors](t, "broadcast_tensors")(tensors{x}), x)...)
				}),
			kindRepro(k, "_to_cpu", "checked.XToCpu([]*torch.Tensor{x}) // x [2,3]: returns x", []string{"impl ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x := kind(f32(2, 3))
					rel(append(wrapper[func(tensors) tensors](t, "_to_cpu")(tensors{x}), x)...)
				}),
			kindRepro(k, "copy", "checked.Copy(x, y, false) // x, y [2,3]: the result keeps a reference nobody releases", []string{"impl ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x, y := kind(f32(2, 3)), kind(f32(2, 3))
					rel(wrapper[func(tensor, tensor, bool) tensor](t, "copy")(x, y, false), x, y)
				}),
			kindRepro(k, "to_dense_backward", "checked.ToDenseBackward(g, x, nil) // g, x [2,3], x dense: returns g", []string{"impl ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					g, x := kind(f32(2, 3)), kind(f32(2, 3))
					var r tensor
					switch f := sweepops.Checked["to_dense_backward"].(type) {
					case func(tensor, tensor) tensor: // 1.13's schema has no masked_grad
						r = f(g, x)
					default:
						r = wrapper[func(tensor, tensor, *bool) tensor](t, "to_dense_backward")(g, x, nil)
					}
					rel(r, g, x)
				}),
			kindRepro(k, "pixel_shuffle", "checked.PixelShuffle(x, 1) // x [1,1,2,3], factor 1: a tensor on x's storage", []string{"storage_use_count_eq_1 ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x := kind(f32(1, 1, 2, 3))
					rel(wrapper[func(tensor, int64) tensor](t, "pixel_shuffle")(x, 1), x)
				}),
			kindRepro(k, "pixel_unshuffle", "checked.PixelUnshuffle(x, 1) // x [1,1,2,3], factor 1: a tensor on x's storage", []string{"storage_use_count_eq_1 ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x := kind(f32(1, 1, 2, 3))
					rel(wrapper[func(tensor, int64) tensor](t, "pixel_unshuffle")(x, 1), x)
				}),
			kindRepro(k, "native_channel_shuffle", "checked.NativeChannelShuffle(x, 1) // x [1,2,3], one group: a tensor on x's storage", []string{"storage_use_count_eq_1 ret 0"},
				func(t *testing.T, kind func(tensor) tensor) {
					x := kind(f32(1, 2, 3))
					rel(wrapper[func(tensor, int64) tensor](t, "native_channel_shuffle")(x, 1), x)
				}),
		)
	}
	// meshgrid on meta tensors does the same, but the sweep's meta sample is
	// refused (its repaired arguments), so no verdict names the meta sample.
	// align_tensors' views of a wrapper share its FunctionalStorageImpl:
	// 1.13.1's storage count reports them, 2.6.0's fresh_no_alias.
	add(
		kindRepro(functionalSample, "align_tensors", "checked.AlignTensors([]*torch.Tensor{x}) // x [2]: a view of x", []string{"storage_use_count_eq_1 ret 0", "fresh_no_alias ret 0"},
			func(t *testing.T, kind func(tensor) tensor) {
				x := kind(f32(2))
				rel(append(wrapper[func(tensors) tensors](t, "align_tensors")(tensors{x}), x)...)
			}),
		kindRepro(functionalSample, "meshgrid", "checked.Meshgrid([]*torch.Tensor{x}) // x [3]: expand views of x", []string{"storage_use_count_eq_1 ret 0", "fresh_no_alias ret 0"},
			func(t *testing.T, kind func(tensor) tensor) {
				x := kind(f32(3))
				rel(append(wrapper[func(tensors) tensors](t, "meshgrid")(tensors{x}), x)...)
			}),
		kindRepro(functionalSample, "meshgrid.indexing", `checked.MeshgridIndexing([]*torch.Tensor{x}, "ij") // x [3]: expand views of x`, []string{"storage_use_count_eq_1 ret 0", "fresh_no_alias ret 0"},
			func(t *testing.T, kind func(tensor) tensor) {
				x := kind(f32(3))
				rel(append(wrapper[func(tensors, string) tensors](t, "meshgrid.indexing")(tensors{x}, "ij"), x)...)
			}),
	)
}

func init() {
	for _, k := range []int{metaSample, functionalSample} {
		add(
			outReboundKind(k, "linalg_matrix_rank.atol_rtol_tensor_out", "LinalgMatrixRankAtolRtolTensorOut", "x, nil, nil, false, out",
				func(t *testing.T, x, out tensor) tensor {
					return wrapper[func(tensor, tensor, tensor, bool, tensor) tensor](t, "linalg_matrix_rank.atol_rtol_tensor_out")(x, nil, nil, false, out)
				}),
			outReboundKind(k, "linalg_matrix_rank.atol_rtol_float_out", "LinalgMatrixRankAtolRtolFloatOut", "x, nil, nil, false, out",
				func(t *testing.T, x, out tensor) tensor {
					return wrapper[func(tensor, *float64, *float64, bool, tensor) tensor](t, "linalg_matrix_rank.atol_rtol_float_out")(x, nil, nil, false, out)
				}),
			outReboundKind(k, "linalg_matrix_rank.out", "LinalgMatrixRankOut", "x, 0.5, false, out",
				func(t *testing.T, x, out tensor) tensor {
					return wrapper[func(tensor, float64, bool, tensor) tensor](t, "linalg_matrix_rank.out")(x, 0.5, false, out)
				}),
			outReboundKind(k, "linalg_matrix_rank.out_tol_tensor", "LinalgMatrixRankOutTolTensor", "x, tol, false, out",
				func(t *testing.T, x, out tensor) tensor {
					tol := kindOf(k)(f32())
					defer tol.Release()
					return wrapper[func(tensor, tensor, bool, tensor) tensor](t, "linalg_matrix_rank.out_tol_tensor")(x, tol, false, out)
				}),
		)
	}
	add(sparseResizeOut("sparse_resize.out", "SparseResizeOut"), sparseResizeOut("sparse_resize_and_clear.out", "SparseResizeAndClearOut"))
	// On wrappers around sparse COO tensors (the sweep's sample 0 setup
	// makes self and out sparse) they return self too.
	for _, op := range []struct{ name, goName string }{{"sparse_resize.out", "SparseResizeOut"}, {"sparse_resize_and_clear.out", "SparseResizeAndClearOut"}} {
		add(kindRepro(functionalSample, op.name, "checked."+op.goName+"(s, []int64{2, 3}, 2, 0, out) // s, out wrappers of sparse COO [2,3]: returns self, not out", []string{"returns_arg ret 0"},
			func(t *testing.T, kind func(tensor) tensor) {
				x, y := f32(2, 3), f32(2, 3)
				s, out := kind(x.ToSparse()), kind(y.ToSparse())
				defer rel(out, s, x, y)
				rel(wrapper[func(tensor, []int64, int64, int64, tensor) tensor](t, op.name)(s, []int64{2, 3}, 2, 0, out))
			}))
	}
}
