package sweep

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Each rule repairs a sample from a real message of a libtorch 2.14.1
// kernel (the committed report's not_exercised_ops, on the sample it
// raised on): the rule that applies, and what the sample says after.
func TestRules(t *testing.T) {
	ops := ops(t, "2.14")
	for _, tc := range []struct {
		op      string
		variant int
		msg     string
		rule    string
		want    string // in the repaired sample's Describe
	}{
		{"__ilshift__.Scalar", 0, `NotImplementedError: "lshift_cpu" not implemented for 'Float'`, "dtype not implemented", "self=int64[2,3] other=[1]"},
		{"abs", 7, `Type bool is not a member of Number`, "dtype not implemented", "self=int64[2,3]"}, // gorgonia's wording
		{"bitwise_and.Scalar", 4, `"bitwise_and_cpu" not implemented for 'Long'`, "dtype not implemented", "self=float64[2,3]"},
		{"_ctc_loss_backward", 0, `IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)`, "", ""},
		{"sum.dim_IntList", 2, `Dimension out of range (expected to be in range of [-1, 0], but got 1)`, "dim in range", "self=float32[2,3] dim=[0]"},
		{"transpose.int", 2, `Dimension out of range (expected to be in range of [-1, 0], but got 1)`, "dim in range", "dim0=[0] dim1=[0]"},
		{"_upsample_bicubic2d_aa_backward", 4, `Error: Expected grad_output to be a tensor of dimension 4 but got: dimension 2`, "named rank", "grad_output=int64[1,2,4,4]"},
		{"_fake_quantize_learnable_per_tensor_affine", 0, `Error: a Tensor with 6 elements cannot be converted to Scalar`, "one element", "scale=float32[] zero_point=float32[]"},
		{"_upsample_bicubic2d_aa.vec", 4, `Error: Must specify exactly one of output_size and scale_factors`, "one of two", "output_size=[2 3]"},
		{"_grid_sampler_2d_cpu_fallback", 0, `Error: grid_sampler(): expected grid to have size 2 in last dimension, but got grid with sizes [2, 3]`, "last dim", "grid=float32[2,2]"},
		{"_empty_affine_quantized", 1, `Error: Creation of quantized tensor requires quantized dtype like torch.quint8`, "quantized dtype", "dtype=quint8"},
		{"cosine_embedding_loss", 0, `Error: 0D or 1D target tensor expected, multi-target not supported`, "named rank", "target=int64[]"},
		{"randint.low", 0, `Error: random_ expects 'from' to be less than 'to', but got from=1 >= to=1`, "", ""},
		{"_fused_adam", 1, `Error: Expected max_exp_avg_sqs.empty() to be true, but got false.`, "empty list", "max_exp_avg_sqs=[]"},
		{"avg_pool3d_backward", 0, `Error: non-empty 4D or 5D (batch mode) tensor expected for input`, "named rank", "grad_output=float32[1,2,4,4,4] self=float32[2,3]"},
		{"nll_loss2d_backward", 0, `Error: only batches of spatial targets supported (3D tensors) but got targets of dimension: 2`, "named rank", "target=int64[2,3,4]"},
		{"scatter.reduce", 0, `Error: reduce argument must be either add or multiply.`, "string choice", "reduce=add"},
		{"split.sizes", 0, `Error: split_with_sizes expects split_sizes to sum exactly to 2 (input tensor's size at dimension 0), but got split_sizes=[2, 3]`, "list sum", "split_size=[2]"},
		{"addmv", 0, `Error: vector + matrix @ vector expected, got 2, 2, 2`, "vector matrix vector", "self=float32[2] mat=float32[2,3] vec=float32[3]"},
		{"_ctc_loss.Tensor", 0, `Error: input_lengths must be integral`, "integral tensor", "input_lengths=int64[2,3]"},
		{"_masked_softmax", 0, `Error: Mask should be a boolean tensor`, "bool tensor", "mask=bool[2,3]"},
		{"_sobol_engine_draw", 5, `Error: sobolstate needs to be of type Long`, "named dtype", "sobolstate=int64[2,3]"},
		{"linalg_lu_solve", 0, `Error: linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32`, "named dtype", "pivots=int32[2,3]"},
		{"fft_fft2.out", 0, `Error: fftn expects a complex output tensor, but got Float`, "complex out", "out=complex64[2,3]"},
		{"view_as_real", 0, `Error: view_as_real is only supported for complex tensors`, "complex", "self=complex64[2,3]"},
		{"view_as_complex", 0, `Error: Tensor must have a last dimension of size 2`, "last dim", "self=float32[2,2]"},
		{"linalg_cholesky", 0, `Error: linalg.cholesky: A must be batches of square matrices, but they are 2 by 3 matrices`, "square matrix", "self=float32[3,3]"},
		{"masked_fill.Tensor", 0, `Error: masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 2 dimension(s).`, "named rank", "value=float32[]"},
		{"linalg_householder_product", 0, `Error: torch.linalg.householder_product: input.shape[-2] must be greater than or equal to input.shape[-1]`, "tall matrix", "input=float32[3,2]"},
		{"diagonal_scatter", 0, `Error: expected src to have a size equal to the slice of self. src size = [2, 3], slice size = [2]`, "slice size", "src=float32[2]"},
		{"_amp_update_scale_", 5, `Error: growth_tracker must be a 1-element tensor.`, "n-element tensor", "found_inf=float32[1]"},
		{"index_reduce", 0, `Error: index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got sum.`, "string choice", "reduce=prod"},
		{"_embedding_bag", 0, `Error: output with shape [2] doesn't match the broadcast shape [2, 3]`, "", ""},
		{"add.out", 0, `Error: output with shape [2] doesn't match the broadcast shape [2, 3]`, "", ""},
		{"_indices", 0, `NotImplementedError: Could not run 'aten::_indices' with arguments from the 'CPU' backend. 'aten::_indices' is only available for these backends: [Meta, SparseCPU, SparseMeta, BackendSelect].`, "backend of a layout", "self=float32[2,3].sparse_coo"},
		{"quantized_max_pool1d", 0, `NotImplementedError: Could not run 'aten::quantized_max_pool1d' with arguments from the 'CPU' backend. 'aten::quantized_max_pool1d' is only available for these backends: [QuantizedCPU, BackendSelect].`, "backend of a layout", "self=quint8[2,3].quantized"},
		{"_philox_normal", 0, `Error: _philox_normal_: key must have dtype uint64, got Float`, "named dtype", "key=uint64[2,3]"},
		{"_philox_key_fold_in.Tensor", 0, `Error: _philox_key_fold_in: data must have dtype uint64, got Long`, "named dtype", "data=uint64[2,3]"},
		{"_philox_key_split", 0, `Error: _philox_key_split: key must have shape (*batch, 2), got shape [2, 3]`, "last dim", "key=float32[2,2]"},
		{"_coalesce", 14, `Error: !self.is_coalesced() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/sparse/SparseTensor.cpp":631, please report a bug to PyTorch. `, "uncoalesced", "self=float32[2,3].sparse_coo_uncoalesced"},
		{"_fw_primal_copy", 0, `Error: InferenceMode::is_enabled() && self.is_inference() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/VariableMethodStubs.cpp":66, please report a bug to PyTorch. Expected this method to only be reached in`, "inference mode", "in inference mode"},
		{"_make_dual_copy.out", 0, `Error: InferenceMode::is_enabled() && primal.is_inference() && tangent.is_inference() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/AutogradComposite.cpp":23, please report a bug to PyTorch. Expected thi`, "inference mode", "in inference mode"},
		{"_make_dual", 0, `Error: Invalid level given to _make_dual`, "forward-AD level", "in a forward-AD level"},
		{"_thnn_fused_lstm_cell_backward", 0, `Error: !GradMode::is_enabled() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/RNN.cpp":1209, please report a bug to PyTorch. `, "grad mode off", "under no_grad"},
		{"_philox_uniform_", 0, `Error: _philox_uniform_: key must have shape (2,) or (*batch, 2), got shape [2, 3]`, "last dim", "key=float32[2,2]"},
		{"hash_tensor.out", 0, `Error: Expected result to be of dtype uint64, but got Float`, "out dtype", "out=uint64[2,3]"},
		{"mm", 0, `Error: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)`, "", ""},
		{"bmm", 9, `Error: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 3].`, "leading dims", "mat2=float32[2,4,4]"},
		{"_int_mm", 0, `Error: self.size(1) needs to match mat2.size(0) but got 3 and 2`, "", ""},
		{"select.int", 2, `IndexError: select(): index 0 out of range for tensor of size [] at dimension 0`, "", ""},
		{"index_select", 0, `IndexError: index out of range in self`, "valid index", "index=int64[2,3].zeros"},
		{"_pin_memory", 0, `Error: Cannot access accelerator device when none is available.`, "", ""},
		// the quantized sample (16) of the channel and pixel shuffles: 2.14.1
		// refuses inputs of fewer than 3 dims
		{"native_channel_shuffle", 16, `Error: channel_shuffle expects input with > 2 dims, but got input with sizes [2, 3]`, "input rank", "self=quint8[2,3,4].quantized"},
		{"channel_shuffle", 16, `Error: channel_shuffle expects 4D input, but got input with sizes [2, 3]`, "input rank", "self=quint8[1,2,4,4].quantized"},
		{"pixel_unshuffle", 16, `Error: pixel_unshuffle expects input to have at least 3 dimensions, but got input with 2 dimension(s)`, "input rank", "self=quint8[2,3,4].quantized"},
		{"ccol_indices", 0, `Error: ccol_indices expected sparse column compressed tensor layout but got Strided`, "sparse column layout", "self=float32[2,3].sparse_csc"},
		{"_test_check_tensor", 0, `Error: self.scalar_type() == at::kBool INTERNAL ASSERT FAILED at "./aten/src/ATen/native/ReduceOps.cpp":2196, please report a bug to PyTorch. `, "named dtype", "self=bool[2,3]"},
		{"quantize_per_channel.out", 0, `Error: Expected out tensor to have dtype c10::quint8, but got float instead`, "out dtype", "out=quint8[2,3].quantized"},
		{"squeeze.dims", 2, `Error: Dimension out of range (expected to be between 0 and 1, but got 2 at index 0).  NB: negative dims not currently supported; file an issue if you want it.`, "dim in range", "self=float32[2,3,4] dim=[0]"},
		{"q_per_channel_scales", 16, `Error: Expected quantizer->qscheme() == kPerChannelAffine || quantizer->qscheme() == kPerChannelAffineFloatQParams to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)`, "per-channel quantized", "self=quint8[2,3].quantized_per_channel"},
		{"int_repr.out", 0, `Error: Expected out tensor to have dtype unsigned char, but got c10::quint8 instead`, "out dtype", "out=uint8[2,3]"},
		{"view_as_complex_copy.out", 5, `Error: Expected out tensor to have dtype c10::complex<float>, but got float instead`, "out dtype", "self=complex64[2,3] out=#0"},
		{"_embedding_bag_forward_only.out", 0, `Error: output with shape [1] doesn't match the broadcast shape [1, 3]`, "out shape", "out0=float32[1,3] out1=float32[2,3]"},
		{"quantized_max_pool3d", 0, `Error: Expecting the input tensor of rank 5.`, "input rank", "self=float32[1,2,4,4,4]"},
		{"cosine_embedding_loss", 0, `Error: 0D target tensor expects 1D input tensors, but found inputs with sizes [2, 3] and [2, 3].`, "", ""},
	} {
		t.Run(tc.op, func(t *testing.T) {
			op := ops[tc.op]
			if op == nil {
				t.Fatalf("no op %s in 2.14", tc.op)
			}
			s := For(op, tc.variant)
			before := s.Describe()
			got := s.repairText(tc.msg)
			if got != tc.rule {
				t.Fatalf("rule %q, want %q\n\tbefore: %s\n\tafter:  %s", got, tc.rule, before, s.Describe())
			}
			if !strings.Contains(s.Describe(), tc.want) {
				t.Errorf("after %s: %s\n\twant %q in it (before: %s)", got, s.Describe(), tc.want, before)
			}
		})
	}
}

// The rules for named tensors repair samples from real messages of libtorch
// 2.6.0's Dimname overloads (2.14.1 has none; its committed report's
// not_exercised_ops, sample 0): every tensor argument gets named dims.
func TestRulesNamed(t *testing.T) {
	ops := ops(t, "2.6")
	for _, tc := range []struct {
		op, msg, rule, want string
	}{
		{"cumsum.dimname", `Error: Name 'N' not found in Tensor[None, None].`, "named dims", "self=float32[2,3].named dim=N"},
		{"cat.names", `Error: Name 'N' not found in Tensor[None, None].`, "named dims", "tensors=[float32[2,3].named] dim=N"},
		// 1.13.1, after the named dims: the dims default to "N" both
		{"diagonal.Dimname", `Error: diagonal dimensions cannot be identical 0, 0`, "second dim name", "dim1=N dim2=C"},
		{"max.names_dim_max", `Error: Name 'N' not found in Tensor[None, None].`, "named dims", "self=float32[2,3].named dim=N keepdim=[false] max=float32[2,3] max_values=float32[2,3] (repaired"},
		{"index_fill.Dimname_Tensor", `Error: Name 'N' not found in Tensor[None, None].`, "named dims", "self=float32[2,3].named dim=N index=int64[2,3].named"},
	} {
		t.Run(tc.op, func(t *testing.T) {
			s := For(ops[tc.op], 0)
			if tc.op == "diagonal.Dimname" {
				s.repairText(`Error: Name 'N' not found in Tensor[None, None].`)
			}
			if got := s.repairText(tc.msg); got != tc.rule {
				t.Fatalf("rule %q, want %q: %s", got, tc.rule, s.Describe())
			}
			if !strings.Contains(s.Describe(), tc.want) {
				t.Errorf("after the repair: %s\n\twant %q in it", s.Describe(), tc.want)
			}
			if got := s.repairText(tc.msg); got != "" {
				t.Errorf("a second repair on named dims: rule %q, want none", got)
			}
		})
	}
}

// A sample takes at most maxRepairs repairs, and Run stops at the first
// call that runs, or at the first error no rule repairs.
func TestRun(t *testing.T) {
	ops := ops(t, "2.14")
	s := For(ops["__ilshift__.Scalar"], 0)
	calls := 0
	err := s.Run(func(s *Sample) error {
		calls++
		if s.Specs[s.tensors()[0]].Dtype == "float32" {
			return errString(`"lshift_cpu" not implemented for 'Float'`)
		}
		return nil
	})
	if err != nil || calls != 2 || len(s.Repairs) != 1 {
		t.Errorf("err %v, %d calls, repairs %v", err, calls, s.Repairs)
	}
	s = For(ops["add.Tensor"], 0)
	calls = 0
	err = s.Run(func(s *Sample) error {
		calls++
		return errString(`"add" not implemented for '` + map[string]string{"float32": "Float", "int64": "Long", "float64": "Double", "bool": "Bool", "complex64": "ComplexFloat", "uint8": "Byte", "int32": "Int"}[s.Specs[0].Dtype] + `'`)
	})
	if err == nil || calls != maxRepairs+1 || len(s.Repairs) != maxRepairs {
		t.Errorf("err %v, %d calls, repairs %v", err, calls, s.Repairs)
	}
	s = For(ops["add.Tensor"], 0)
	calls = 0
	err = s.Run(func(s *Sample) error { calls++; return errString("something no rule knows") })
	if err == nil || calls != 1 {
		t.Errorf("err %v, %d calls", err, calls)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestRunReachesQuantizedChannelShuffle: the quantized sample reaches
// native_channel_shuffle on 2.14.1, which refuses inputs of fewer than 3
// dims, through the repair its error asks for (modelled here by the
// kernel's check), without a rule of its own: a quantized [2,3,4] self.
func TestRunReachesQuantizedChannelShuffle(t *testing.T) {
	s := For(ops(t, "2.14")["native_channel_shuffle"], 16)
	err := s.Run(func(s *Sample) error {
		if sh := s.Specs[s.tensors()[0]].Shape; len(sh) <= 2 {
			return errString(fmt.Sprintf("channel_shuffle expects input with > 2 dims, but got input with sizes %v", sh))
		}
		return nil
	})
	if err != nil || !strings.Contains(s.Describe(), "self=quint8[2,3,4].quantized") {
		t.Errorf("err %v, repairs %v, sample %s; want a quantized [2,3,4] self", err, s.Repairs, s.Describe())
	}
}

// The "present" rule gives an optional argument a message says must be
// provided a value (quantized_batch_norm's weight).
func TestRulePresent(t *testing.T) {
	s := For(ops(t, "2.14")["quantized_batch_norm"], 0)
	if got := s.repairText(`Error: Weight must be provided`); got != "present" || !strings.Contains(s.Describe(), "weight=float32[2,3]") {
		t.Errorf("rule %q, sample %s; want present, a weight", got, s.Describe())
	}
}

// A sample no rule repairs starts again with its op's setup, once: nll_loss
// refuses a [2,3] target (the message names no repair that helps: "named
// rank" would make it 0-dim, which the kernel refuses for a batch), and its
// setup gives a [2] int64 target of class indices; a kernel that still
// refuses ends the sample after the setup.
func TestRunSetup(t *testing.T) {
	op := ops(t, "2.14")["nll_loss"]
	s := For(op, 0)
	calls := 0
	err := s.Run(func(s *Sample) error {
		calls++
		if sh := s.shapeOf("target"); len(sh) != 1 {
			return errString("only batches of spatial targets supported, multi-target not supported")
		}
		return nil
	})
	if err != nil || calls != 2 || !slices.Equal(s.Repairs, []string{repairSetup}) || !strings.Contains(s.Describe(), "target=int64[2]") {
		t.Errorf("err %v, %d calls, repairs %v, sample %s; want the setup's [2] int64 target", err, calls, s.Repairs, s.Describe())
	}
	s = For(op, 0)
	calls = 0
	err = s.Run(func(s *Sample) error { calls++; return errString("something no rule knows") })
	if err == nil || calls != 2 {
		t.Errorf("err %v, %d calls; want 2 calls (before and after the setup), then the error", err, calls)
	}
	s = For(op, 5) // aliasing: no setup
	calls = 0
	_ = s.Run(func(s *Sample) error { calls++; return errString("something no rule knows") })
	if calls != 1 {
		t.Errorf("aliasing sample: %d calls, want 1", calls)
	}
}

// unflatten.Dimname's setup splits the named dim 0 into sizes [1,2] named A
// and B (a Dimname list), and the named dims repair then names the tensor
// again: the messages are libtorch 1.13.1's.
func TestRunSetupDimnames(t *testing.T) {
	s := For(ops(t, "2.6")["unflatten.Dimname"], 0)
	err := s.Run(func(s *Sample) error {
		switch {
		case !s.Specs[s.tensors()[0]].Named:
			return errString("Name 'N' not found in Tensor[None, None].")
		case len(s.arg("names").Strs) != len(s.arg("sizes").Ints):
			return errString(`!names || names->size() == sizes.size() INTERNAL ASSERT FAILED at "./aten/src/ATen/native/TensorShape.cpp":3124, please report a bug to PyTorch. `)
		}
		return nil
	})
	if err != nil || !strings.Contains(s.Describe(), "self=float32[2,3].named dim=N sizes=[1 2] names=A,B") {
		t.Errorf("err %v, sample %s; want the setup's sizes [1 2] named A, B on a named self", err, s.Describe())
	}
}
