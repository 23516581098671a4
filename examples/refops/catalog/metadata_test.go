package catalog_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// TestSameMetadataLegal: the correct kernels of every op that may change
// a tensor's geometry, each on its own argument and with another argument
// that is that argument itself (or a second handle of it), report nothing,
// and the rows of the arguments the op does not write run. (The ops here
// never move the geometry of a non-mutable argument that is a mutable
// one's TensorImpl; internal/engine's TestSameMetadataAliasesMutable covers that
// skip.)
func TestSameMetadataLegal(t *testing.T) {
	needChecks(t)
	k := checkedif.Checked(checkedif.Functions{})
	off := int64(1)
	steps := []struct {
		name string
		rows int // same_metadata rows: the arguments the ops do not write
		do   func(x *rt.Tensor)
	}{
		{"transpose_", 0, func(x *rt.Tensor) { k.Transpose_(x, 0, 1) }},
		{"t_", 0, func(x *rt.Tensor) { k.T_(x) }},
		{"unsqueeze_ then squeeze_", 0, func(x *rt.Tensor) { k.Unsqueeze_(x, 0); k.Squeeze_Dim(x, 0) }},
		{"as_strided_", 0, func(x *rt.Tensor) { k.AsStrided_(x, []int64{2, 2}, []int64{1, 2}, &off) }},
		{"resize_", 0, func(x *rt.Tensor) { k.Resize_(x, []int64{3, 3}, nil) }},
		{"x.add_(x)", 1, func(x *rt.Tensor) { k.Add_Tensor(x, x, 1) }},
		{"x.copy_(x)", 1, func(x *rt.Tensor) { k.Copy_(x, x, false) }},
		{"x.set_(x)", 1, func(x *rt.Tensor) { k.Set_SourceTensor(x, x) }},
		{"x.set_(second handle of x)", 1, func(x *rt.Tensor) {
			y := x.Share()
			defer y.Release()
			k.Set_SourceTensor(x, y)
		}},
		{"x.set_(a transposed view of x)", 2, func(x *rt.Tensor) {
			v := k.TransposeInt(x, 0, 1)
			defer v.Release()
			k.Set_SourceTensor(x, v)
		}},
		{"add(x, x) after a transpose_", 2, func(x *rt.Tensor) {
			k.Transpose_(x, 0, 1)
			k.AddTensor(x, x, 1).Release()
		}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			x := arange(2, 3)
			defer x.Release()
			before := asserts.ReadStats()
			vs := collect(func() { s.do(x) }).Violations()
			for i := range vs {
				t.Errorf("false alarm: %v", &vs[i])
			}
			st := asserts.ReadStats().Sub(before)
			t.Logf("same_metadata: %d run", st.Ran[checks.SameMetadata])
			if s.rows != int(st.Ran[checks.SameMetadata]) {
				t.Errorf("same_metadata ran %d times, want %d", st.Ran[checks.SameMetadata], s.rows)
			}
			if st.Skipped[checks.ReasonNoMetadata] != 0 {
				t.Error("reftensor reports metadata: no row may be skipped under no_metadata_access")
			}
		})
	}
}
