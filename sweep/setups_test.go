package sweep

import (
	"strings"
	"testing"
)

// The setups of the 1.13.1 ops the rules alone did not reach: each
// applies after the first failure no rule knows, and the sample then has
// the setup's shapes and dtypes (the libtorch sweep shows the ops run:
// docs/libtorch.md, "Reach").
func TestSetups113(t *testing.T) {
	ops := ops(t, "1.13")
	for _, tc := range []struct {
		op      string
		variant int
		want    []string // in the set-up sample's Describe
	}{
		{"_ctc_loss", 0, []string{"log_probs=float32[1,2,3]", "targets=int64[2,1].ones", "input_lengths=[1 1]"}},
		{"_ctc_loss_backward", 13, []string{"grad=float32[2]", "targets=int64[2,1].ones ", "log_alpha=float32[2,1,3]"}},
		{"nuclear_norm.dim", 0, []string{"self=float32[2,3]", "dim=[0 1]"}},
		{"as_strided_copy", 0, []string{"size=[2 3]", "stride=[3 1]", "storage_offset=[0]"}},
		{"to_dense_backward", 0, []string{"input=float32[2,3].sparse_coo"}},
		{"int_repr.out", 0, []string{"self=quint8[2,3].quantized", "out=uint8[2,3]"}},
		{"q_per_channel_zero_points.out", 0, []string{"self=quint8[2,3].quantized_per_channel", "out=int64[2]"}},
		{"q_per_channel_scales.out", 0, []string{"out=float64[2]"}},
		{"_embedding_bag_backward", 0, []string{"indices=int64[4].ones", "sparse=[false]"}},
		{"_native_decoder_only_multi_head_attention", 0, []string{"qkv_weight=float32[12,4]", "num_head=[1]"}},
		{"to_sparse.sparse_dim_out", 0, []string{"sparse_dim=[2]", "out=float32[2,3].sparse_coo"}},
		{"to_sparse_csc.out", 0, []string{"out=float32[2,3].sparse_csc"}},
		{"to_sparse_bsr.out", 0, []string{"blocksize=[1 1]", "out=float32[2,3].sparse_bsr"}},
		{"sparse_csr_tensor.crow_col_value_size", 0, []string{"crow_indices=int64[3].arange", "col_indices=int64[2].zeros", "size=[2 3]"}},
		{"sparse_csc_tensor.ccol_row_value", 0, []string{"ccol_indices=int64[4].arange", "row_indices=int64[3].zeros"}},
	} {
		t.Run(tc.op, func(t *testing.T) {
			op := ops[tc.op]
			if op == nil {
				t.Fatalf("no op %s in 1.13", tc.op)
			}
			s := For(op, tc.variant)
			calls := 0
			err := s.Run(func(s *Sample) error {
				if calls++; calls == 1 {
					return errString("an error no rule knows")
				}
				return nil
			})
			d := s.Describe()
			if err != nil || s.Repairs[len(s.Repairs)-1] != repairSetup {
				t.Fatalf("err %v, repairs %v; want the setup last: %s", err, s.Repairs, d)
			}
			for _, w := range tc.want {
				if !strings.Contains(d+" ", w) {
					t.Errorf("want %q in %s", w, d)
				}
			}
		})
	}
}

// A bool condition or mask: a kernel that refuses where's float
// condition (a library's own error, which no rule knows) gets the
// sample again with the condition bool and the values of the variant's
// dtype, and so do the masked ops' masks.
func TestSetupBoolConditions(t *testing.T) {
	ops := ops(t, "2.6")
	for _, tc := range []struct {
		op   string
		want []string
	}{
		{"where.self", []string{"condition=bool[2,3]", "self=float32[2,3]", "other=float32[2,3]"}},
		{"where.self_out", []string{"condition=bool[2,3]", "self=float32[2,3]"}},
		{"masked_fill.Scalar", []string{"self=float32[2,3]", "mask=bool[2,3]"}},
		{"masked_fill_.Tensor", []string{"self=float32[2,3]", "mask=bool[2,3]"}},
		{"masked_select", []string{"self=float32[2,3]", "mask=bool[2,3]"}},
	} {
		t.Run(tc.op, func(t *testing.T) {
			op := ops[tc.op]
			if op == nil {
				t.Fatalf("no op %s in 2.6", tc.op)
			}
			s := For(op, 0)
			calls := 0
			err := s.Run(func(s *Sample) error {
				if calls++; calls == 1 {
					return errString("kern: the condition is not bool")
				}
				return nil
			})
			d := s.Describe()
			if err != nil || len(s.Repairs) == 0 || s.Repairs[len(s.Repairs)-1] != repairSetup {
				t.Fatalf("err %v, repairs %v; want the setup last: %s", err, s.Repairs, d)
			}
			for _, w := range tc.want {
				if !strings.Contains(d+" ", w) {
					t.Errorf("want %q in %s", w, d)
				}
			}
		})
	}
}
