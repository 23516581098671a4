package pytorch

import (
	"slices"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
)

// Releases are the releases assertgen ships data for, oldest first; the
// last is the newest and the default. The values are shared: do not
// modify them.
var Releases = []*Release{
	{
		Version: "1.13.1", Series: "1.13",
		Torchgen: Torchgen{
			DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS SparseCUDA
			SparseCsrCUDA QuantizedCPU QuantizedCUDA CompositeImplicitAutograd
			CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA Meta SparseMeta
			QuantizedMeta NestedTensorMeta ZeroTensor`),
			EnumKeys: append(strings.Fields(`Undefined CatchAll FPGA ORT Vulkan Metal MKLDNN OpenGL OpenCL
			IDEEP CustomRNGKeyId MkldnnCPU Sparse SparseCsrCPU SparseCsrCUDA Python ZeroTensor
			BackendSelect Named AutogradOther AutogradFunctionality AutogradNestedTensor Tracer
			Autocast Batched VmapMode TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode Autograd
			CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional`),
				perBackend([]string{"", "Quantized", "Sparse", "NestedTensor", "Autograd"},
					"CPU CUDA HIP XLA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 PrivateUse3")...),
			KernelNamespaces:        2,
			StructuredKeys:          []string{"CPU", "CUDA", "MPS"},
			NotViewOps:              []string{"resize_"},
			InplaceViewNamingExempt: []string{"resize_"},
			AutogenBaseOrder:        []string{"inplace", "mutable", "out", "functional"},
			GeneratedTags:           []string{"nondeterministic_seeded"},
			OutOpsNotGrouped:        []string{"adaptive_avg_pool3d_backward.grad_input", "_slow_conv2d_backward.grad_input"},
			MutableOpsWithoutOut:    []string{"_cummax_helper", "_cummin_helper"},
			FunctionalOpsWithoutOut: strings.Fields(`_assert_async _dimI _dimV _has_same_storage_numel
			_linalg_check_errors _local_scalar_dense _nested_tensor_from_mask_left_aligned _nnz
			_use_cudnn_ctc_loss _use_cudnn_ctc_loss.Tensor _validate_compressed_sparse_indices
			allclose dense_dim equal is_coalesced is_pinned is_same_size is_set_to
			q_per_channel_axis q_scale q_zero_point qscheme record_stream sparse_dim
			_nested_tensor_offsets`),
			InplaceOpsNotGrouped: []string{"polygamma_"},
		},
		Autograd: Autograd{
			Policy: checks.PyTorch113,
			Source: "PyTorch 1.13.1: torchgen/api/autograd.py L325 (match_differentiability_info, no foreach rule); " +
				"tools/autograd/gen_variable_type.py L404 (shares_storage guarded by the viewed argument only)",
		},
	},
	{
		Version: "2.6.0", Series: "2.6",
		Torchgen: Torchgen{
			DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS XPU SparseXPU
			SparseCUDA SparseCsrCUDA QuantizedCPU QuantizedCUDA CompositeImplicitAutograd
			CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA NestedTensorXPU
			Meta SparseMeta SparseCsrMeta QuantizedMeta NestedTensorMeta ZeroTensor`),
			EnumKeys:                     enumKeys26,
			KernelNamespaces:             3,
			StructuredKeys:               []string{"CPU", "CUDA", "MPS", "XPU"},
			TagsList:                     true,
			ImpliedTags:                  []string{"pt2_compliant_tag"},
			NotViewOps:                   []string{"resize_", "resize_as_"},
			InplaceViewNamingExempt:      []string{"resize_", "resize_as_"},
			InplaceViewNamingExemptBases: []string{"set_"},
			// gen.py L298.
			ReservedArgNames:       pythonKeywords,
			ReservedArgExceptions:  []string{"_has_compatible_shallow_copy_type from", "random_.from from", "uniform_ from"},
			DropoutArgSeeded:       true,
			AutogenViewExemptBases: []string{"set_"},
			AutogenCoreTag:         "core",
			AutogenBaseOrder:       []string{"mutable", "inplace", "out", "functional"},
			GeneratedTags:          []string{"nondeterministic_seeded", "view_copy", "pt2_compliant_tag"},
			OutOpsNotGrouped:       []string{"adaptive_avg_pool3d_backward.grad_input", "_slow_conv2d_backward.grad_input"},
			MutableOpsWithoutOut:   []string{"_cummax_helper", "_cummin_helper"},
			FunctionalOpsWithoutOut: strings.Fields(`_assert_async _assert_async.msg
			_assert_tensor_metadata _cslt_sparse_mm_search _assert_scalar _dimI _dimV
			_has_same_storage_numel _linalg_check_errors _local_scalar_dense
			_nested_tensor_from_mask_left_aligned _nnz _use_cudnn_ctc_loss
			_use_cudnn_ctc_loss.Tensor _validate_compressed_sparse_indices allclose dense_dim equal
			is_coalesced is_pinned is_same_size is_set_to q_per_channel_axis q_scale q_zero_point
			qscheme record_stream sparse_dim sym_constrain_range sym_constrain_range_for_size
			_nested_tensor_storage_offsets _chunk_grad_outputs_efficient_attention
			_fused_sdp_choice _print _sink_tokens _nested_get_ragged_idx`),
			InplaceOpsNotGrouped: []string{"polygamma_"},
		},
		Autograd: Autograd{
			ForeachBorrow:     true,
			ForeachInplaceRef: []string{"_foreach_zero_"},
			ForeachSkipArgLen: []string{
				"_foreach_add.Scalar", "_foreach_add_.Scalar", "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
				"_foreach_sub.Scalar", "_foreach_sub_.Scalar", "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList",
			},
			DerivativesViewCopies: true,
			Policy:                checks.PyTorch,
			Source: "PyTorch 2.6.0: torchgen/api/autograd.py L606-658 (match_differentiability_info), " +
				"L323 (_foreach_with_inplace_ref), L330 (_skip_argument_len_check), L344 (is_reference_for_foreach), " +
				"L370 (gen_foreach_derivativeinfo); tools/autograd/gen_variable_type.py L433-438 (shares_storage guarded by the return too)",
		},
	},
	{
		Version: "2.14.1", Series: "2.14",
		Torchgen: Torchgen{
			// model.py L296: SparseCsrXPU, SparseMPS, SparseCsrMPS,
			// NestedTensorHPU and MTIA are new.
			DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS XPU SparseXPU
			SparseCsrXPU SparseCUDA SparseCsrCUDA SparseMPS SparseCsrMPS QuantizedCPU QuantizedCUDA
			CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA NestedTensorXPU
			NestedTensorHPU Meta SparseMeta SparseCsrMeta QuantizedMeta NestedTensorMeta ZeroTensor
			MTIA`),
			// model.py L100: AutocastXPU is new (L136).
			EnumKeys:                     slices.Concat(enumKeys26, []string{"AutocastXPU"}),
			KernelNamespaces:             3,
			StructuredKeys:               []string{"CPU", "CUDA", "MPS", "XPU", "MTIA"}, // model.py L286
			TagsList:                     true,
			ImpliedTags:                  []string{"pt2_compliant_tag"},
			KindTags:                     true,
			ConstRefNoOut:                true,
			GoneBaseTypes:                []string{"Dimname"},
			NotViewOps:                   []string{"resize_", "resize_as_"},
			InplaceViewNamingExempt:      []string{"resize_", "resize_as_"},
			InplaceViewNamingExemptBases: []string{"set_"},
			// gen.py L307.
			ReservedArgNames:       pythonKeywords,
			ReservedArgExceptions:  []string{"_has_compatible_shallow_copy_type from", "random_.from from", "uniform_ from"},
			DropoutArgSeeded:       true,
			AutogenViewExemptBases: []string{"set_"},
			AutogenCoreTag:         "core",
			AutogenBaseOrder:       []string{"mutable", "inplace", "out", "functional"},
			GeneratedTags:          []string{"nondeterministic_seeded", "view_copy", "pt2_compliant_tag"},
			OutOpsNotGrouped:       []string{"adaptive_avg_pool3d_backward.grad_input", "_slow_conv2d_backward.grad_input"},
			MutableOpsWithoutOut:   []string{"_cummax_helper", "_cummin_helper"},
			FunctionalOpsWithoutOut: strings.Fields(`_assert_async _assert_async.msg
			_assert_tensor_metadata _cslt_sparse_mm_search _assert_scalar _dimI _dimV
			_has_same_storage_numel _linalg_check_errors _local_scalar_dense
			_nested_tensor_from_mask_left_aligned _nnz _use_cudnn_ctc_loss
			_use_cudnn_ctc_loss.Tensor _use_miopen_ctc_loss _use_miopen_ctc_loss.Tensor
			_validate_compressed_sparse_indices allclose dense_dim equal
			is_coalesced is_pinned is_same_size is_set_to q_per_channel_axis q_scale q_zero_point
			qscheme record_stream sparse_dim sym_constrain_range sym_constrain_range_for_size
			_nested_tensor_storage_offsets _chunk_grad_outputs_efficient_attention
			_fused_sdp_choice _print _sink_tokens _nested_get_ragged_idx`),
			InplaceOpsNotGrouped: []string{"polygamma_"},
		},
		Autograd: Autograd{
			ForeachBorrow:     true,
			ForeachInplaceRef: []string{"_foreach_zero_"},
			ForeachSkipArgLen: []string{
				"_foreach_add.Scalar", "_foreach_add_.Scalar", "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
				"_foreach_sub.Scalar", "_foreach_sub_.Scalar", "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList",
			},
			DerivativesViewCopies: true,
			Policy:                checks.PyTorch,
			ExpectedFreshUseCount: true,
			Source: "PyTorch 2.14.1 (torchgen/packaged/autograd is upstream's tools/autograd): torchgen/api/autograd.py " +
				"L592-848 (match_differentiability_info), L323 (_foreach_with_inplace_ref), L330 (_skip_argument_len_check), " +
				"L344 (is_reference_for_foreach), L370 (gen_foreach_derivativeinfo); " +
				"gen_variable_type.py L442-448 (shares_storage guarded by the return too)",
		},
	},
}

// pythonKeywords is Python 3's keyword.kwlist, the argument names
// torchgen 2.6 and 2.14 reserve. The list is the same in Python 3.11
// (Debian's python3 for 2.6.0) and 3.13 (Debian sid's for 2.14.1).
var pythonKeywords = strings.Fields(`False None True and as assert async await break class
continue def del elif else except finally for from global if import in is lambda
nonlocal not or pass raise return try while with yield`)

// enumKeys26 are the members of 2.6's DispatchKey enum (model.py L83).
var enumKeys26 = append(strings.Fields(`Undefined CatchAll FPGA MAIA Vulkan Metal MKLDNN OpenGL OpenCL
			IDEEP CustomRNGKeyId MkldnnCPU Sparse SparseCsr NestedTensor Dense PythonTLSSnapshot
			PreDispatch PythonDispatcher Python FuncTorchDynamicLayerBackMode ZeroTensor Conjugate
			Negative BackendSelect Named AutogradOther AutogradFunctionality AutogradNestedTensor
			Tracer Autocast AutocastCPU AutocastCUDA Batched VmapMode FuncTorchGradWrapper
			FuncTorchBatched BatchedNestedTensor FuncTorchVmapMode FuncTorchDynamicLayerFrontMode
			Functionalize TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode ADInplaceOrView
			Autograd CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor
			CompositeExplicitAutograd CompositeExplicitAutogradNonFunctional
			FuncTorchBatchedDecomposition`),
	perBackend([]string{"", "Quantized", "Sparse", "SparseCsr", "NestedTensor", "Autograd"},
		"CPU CUDA HIP XLA MTIA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 PrivateUse3")...)

// perBackend returns the per-backend members of a DispatchKey enum, in the
// enum's order: for each functionality ("" for the dense keys), its key of
// each backend (QuantizedCPU, QuantizedCUDA, ...).
func perBackend(functionalities []string, backends string) []string {
	var keys []string
	for _, f := range functionalities {
		for _, b := range strings.Fields(backends) {
			keys = append(keys, f+b)
		}
	}
	return keys
}
