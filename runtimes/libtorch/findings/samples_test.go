//go:build debugasserts

package findings

import (
	"github.com/assertgen/assertgen/runtimes/libtorch/checked"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// The kernel verdicts the repaired samples of internal/samples brought
// (the sweep's samples reached these ops only after a repair, or in a
// layout the adapter did not make before).
func init() {
	repros = append(repros,
		repro{"meshgrid.indexing", "storage_use_count_eq_1", `checked.MeshgridIndexing([]*torch.Tensor{x}, "ij") // expand views`, func() {
			x := f32(3)
			for _, r := range checked.MeshgridIndexing([]*torch.Tensor{x}, "ij") {
				r.Release()
			}
			x.Release()
		}},
		repro{"histogramdd.TensorList_bins", "impl_use_count_le_1", "checked.HistogramddTensorListBins(x, []*torch.Tensor{b}, nil, nil, false) // x [2,1]: bin_edges are the bins themselves", func() {
			x, b := f32(2, 1), f32(3)
			h, edges := checked.HistogramddTensorListBins(x, []*torch.Tensor{b}, nil, nil, false)
			rel(append(edges, h, x, b)...)
		}},
		repro{"unflatten_dense_tensors", "storage_use_count_eq_1", "checked.UnflattenDenseTensors(flat, []*torch.Tensor{t}) // flat [1], t [1]: narrow views of flat", func() {
			flat, t := f32(1), f32(1)
			rel(append(checked.UnflattenDenseTensors(flat, []*torch.Tensor{t}), flat, t)...)
		}},
		repro{"_mkldnn_reshape", "impl_use_count_le_1", "checked.XMkldnnReshape(m, []int64{2, 3}) // m mkldnn [2,3]: returns m itself", func() {
			if !torch.HasMkldnn() {
				panic("this libtorch build has no mkldnn")
			}
			d := f32(2, 3)
			m := d.ToMkldnn()
			rel(checked.XMkldnnReshape(m, []int64{2, 3}), m, d)
		}},
	)
}
