//go:build debugasserts

package findings

import (
	"testing"
)

// The repros of the kernel verdicts the repaired samples of
// package sweep brought (the sweep reached these ops only after a
// repair of the call).
func init() {
	add(
		repro{op: "meshgrid.indexing", shows: []string{"storage_use_count_eq_1 ret 0"},
			code: `checked.MeshgridIndexing([]*torch.Tensor{x}, "ij") // x [3]: expand views of x`,
			run: func(t *testing.T) {
				x := f32(3)
				rel(append(wrapper[func(tensors, string) tensors](t, "meshgrid.indexing")(tensors{x}, "ij"), x)...)
			}},
		repro{op: "histogramdd.TensorList_bins", shows: []string{"impl ret 1"}, kinds: []int{metaSample, functionalSample},
			code: "checked.HistogramddTensorListBins(x, []*torch.Tensor{b}, nil, nil, false) // x [2,1]: bin_edges are the bins themselves",
			run: func(t *testing.T) {
				x, b := f32(2, 1), f32(3)
				h, edges := wrapper[func(tensor, tensors, []float64, tensor, bool) (tensor, tensors)](t, "histogramdd.TensorList_bins")(x, tensors{b}, nil, nil, false)
				rel(append(edges, h, x, b)...)
			}},
		repro{op: "unflatten_dense_tensors", shows: []string{"storage_use_count_eq_1 ret 0", "fresh_no_alias ret 0"}, kinds: []int{metaSample, functionalSample},
			code: "checked.UnflattenDenseTensors(flat, []*torch.Tensor{y}) // flat [1], y [1]: narrow views of flat",
			run: func(t *testing.T) {
				flat, y := f32(1), f32(1)
				rel(append(wrapper[func(tensor, tensors) tensors](t, "unflatten_dense_tensors")(flat, tensors{y}), flat, y)...)
			}},
	)
}
