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
