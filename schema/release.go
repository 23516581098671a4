package schema

import (
	"fmt"
	"slices"
	"strings"
)

// A Release is what torchgen of one PyTorch release accepts in
// native_functions.yaml and tags.yaml and how it classifies and expands
// the ops: every rule that differs between the releases assertgen ships
// data for, as data. The loader reads the fields; no code asks for a
// version number. Each field names its source in the release's tree
// (torchgen/model.py, torchgen/gen.py, torchgen/native_function_generation.py;
// "1.13 L185" is a line of release 1.13.1's file, "2.6 L242" of 2.6.0's).
//
// Adding a release is adding a value to releases (and its files to
// internal/pytorch, its reference to testdata/reference): see
// docs/schema.md.
type Release struct {
	// Version is the release, "2.6.0"; Series is what -pytorch-version
	// takes for it, "2.6".
	Version, Series string

	// DispatchKeys are the keys accepted in dispatch: (model.py
	// dispatch_keys; 1.13 L210, 2.6 L277).
	DispatchKeys []string
	// EnumKeys are the members of the DispatchKey enum (model.py class
	// DispatchKey; 1.13 L63, 2.6 L83): names torchgen parses. One not in
	// DispatchKeys is "not a supported dispatch key"; a name in neither
	// list is an unknown dispatch key.
	EnumKeys []string
	// KernelNamespaces is how many namespace levels a dispatch: kernel
	// name may have ("at::native::k" has two; model.py from_yaml's
	// NamespaceHelper max_level: 1.13 L650 two, 2.6 L757 three).
	KernelNamespaces int
	// StructuredKeys are the keys a structured_delegate op may not have
	// a kernel for (model.py STRUCTURED_DISPATCH_KEYS; 1.13 L206, 2.6 L268).
	StructuredKeys []string

	// TagsList tells how tags: is read (model.py NativeFunction.from_yaml;
	// 1.13 L611, 2.6 L705). False: a string of tags separated by ", "
	// (1.13). True: a YAML list of tags, or a string that is one tag (2.6).
	TagsList bool
	// ImpliedTags are added to every op of namespace aten when tags.yaml
	// defines them (2.6 L711: pt2_compliant_tag).
	ImpliedTags []string
	// KindTags: an out= op gets the tag out and an op whose name ends in
	// '_' the tag inplace, when tags.yaml defines them (model.py
	// NativeFunction.from_yaml, 2.14 L760, L764); an op autogen makes gets
	// them whatever tags.yaml says (native_function_generation.py, 2.14
	// L348-351).
	KindTags bool
	// ConstRefNoOut: use_const_ref_for_mutable_tensors: True is rejected
	// on an op with out arguments (model.py from_yaml, 2.14 L662).
	ConstRefNoOut bool
	// GoneBaseTypes are base types of the schema language this release's
	// torchgen no longer has (model.py class BaseTy; 2.14 L2042 has no
	// Dimname).
	GoneBaseTypes []BaseTy

	// NotViewOps are op names the inplace_view tag does not make view ops
	// (model.py is_view_op; 1.13 L939: resize_; 2.6 L1064: resize_ and
	// resize_as_).
	NotViewOps []string
	// InplaceViewNamingExempt are op names, and InplaceViewNamingExemptBases
	// base names, exempt from the rule that an inplace_view op ends in '_'
	// and has an out-of-place op of the same base name (gen.py
	// error_check_native_functions; 1.13 L255, 2.6 L319).
	InplaceViewNamingExempt      []string
	InplaceViewNamingExemptBases []string

	// ReservedArgNames are argument names torchgen rejects (2.6 gen.py
	// L298: Python's keyword.kwlist), except for the (op, argument) pairs
	// of ReservedArgExceptions ("op.overload argument").
	ReservedArgNames      []string
	ReservedArgExceptions []string
	// DropoutArgSeeded: an argument name containing "dropout" also makes
	// an op need the nondeterministic_seeded tag (2.6 model.py L1031;
	// 1.13 L925 looks at the op name only).
	DropoutArgSeeded bool

	// Autogen (native_function_generation.py add_generated_native_functions;
	// 1.13 L363, 2.6 L383).
	//
	// AutogenViewExemptBases are base names whose view ops do not keep
	// their group from autogen (2.6 L410: set_).
	AutogenViewExemptBases []string
	// AutogenCoreTag, when set, is the tag that makes a group that is all
	// CompositeImplicitAutograd get its variants anyway (2.6 L396, L420:
	// core).
	AutogenCoreTag string
	// AutogenBaseOrder is the precedence of the variant the others are
	// generated from (1.13 L426: inplace, mutable, out, functional; 2.6
	// L450: mutable first).
	AutogenBaseOrder []Kind
	// GeneratedTags are the tags a generated op inherits from its source,
	// besides generated (1.13 L348, 2.6 L337).
	GeneratedTags []string
	// The exception lists of native_function_generation.py (1.13 L31-85,
	// 2.6 L38-103).
	OutOpsNotGrouped        []string
	MutableOpsWithoutOut    []string
	FunctionalOpsWithoutOut []string
	InplaceOpsNotGrouped    []string

	// The lists above as sets, for the loader.
	accepted, enum, reserved  map[string]bool
	goneTypes                 map[BaseTy]bool
	outNotGrouped, mutNoOut   map[string]bool
	funcNoOut, inplNotGrouped map[string]bool
}

// releases are the releases assertgen has rules for, oldest first.
var releases = []*Release{
	{
		Version: "1.13.1", Series: "1.13",
		DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS SparseCUDA
			SparseCsrCUDA QuantizedCPU QuantizedCUDA CompositeImplicitAutograd
			CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA Meta SparseMeta
			QuantizedMeta NestedTensorMeta ZeroTensor`),
		EnumKeys: strings.Fields(`Undefined CatchAll FPGA ORT Vulkan Metal MKLDNN OpenGL OpenCL
			IDEEP CustomRNGKeyId MkldnnCPU Sparse SparseCsrCPU SparseCsrCUDA Python ZeroTensor
			BackendSelect Named AutogradOther AutogradFunctionality AutogradNestedTensor Tracer
			Autocast Batched VmapMode TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode Autograd
			CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional
			CPU CUDA HIP XLA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 PrivateUse3
			QuantizedCPU QuantizedCUDA QuantizedHIP QuantizedXLA QuantizedMPS QuantizedIPU
			QuantizedXPU QuantizedHPU QuantizedVE QuantizedLazy QuantizedMeta QuantizedPrivateUse1
			QuantizedPrivateUse2 QuantizedPrivateUse3
			SparseCPU SparseCUDA SparseHIP SparseXLA SparseMPS SparseIPU SparseXPU SparseHPU SparseVE
			SparseLazy SparseMeta SparsePrivateUse1 SparsePrivateUse2 SparsePrivateUse3
			NestedTensorCPU NestedTensorCUDA NestedTensorHIP NestedTensorXLA NestedTensorMPS
			NestedTensorIPU NestedTensorXPU NestedTensorHPU NestedTensorVE NestedTensorLazy
			NestedTensorMeta NestedTensorPrivateUse1 NestedTensorPrivateUse2 NestedTensorPrivateUse3
			AutogradCPU AutogradCUDA AutogradHIP AutogradXLA AutogradMPS AutogradIPU AutogradXPU
			AutogradHPU AutogradVE AutogradLazy AutogradMeta AutogradPrivateUse1
			AutogradPrivateUse2 AutogradPrivateUse3`),
		KernelNamespaces:        2,
		StructuredKeys:          []string{"CPU", "CUDA", "MPS"},
		NotViewOps:              []string{"resize_"},
		InplaceViewNamingExempt: []string{"resize_"},
		AutogenBaseOrder:        []Kind{Inplace, Mutable, Out, Functional},
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
	{
		Version: "2.6.0", Series: "2.6",
		DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS XPU SparseXPU
			SparseCUDA SparseCsrCUDA QuantizedCPU QuantizedCUDA CompositeImplicitAutograd
			CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA NestedTensorXPU
			Meta SparseMeta SparseCsrMeta QuantizedMeta NestedTensorMeta ZeroTensor`),
		EnumKeys: strings.Fields(`Undefined CatchAll FPGA MAIA Vulkan Metal MKLDNN OpenGL OpenCL
			IDEEP CustomRNGKeyId MkldnnCPU Sparse SparseCsr NestedTensor Dense PythonTLSSnapshot
			PreDispatch PythonDispatcher Python FuncTorchDynamicLayerBackMode ZeroTensor Conjugate
			Negative BackendSelect Named AutogradOther AutogradFunctionality AutogradNestedTensor
			Tracer Autocast AutocastCPU AutocastCUDA Batched VmapMode FuncTorchGradWrapper
			FuncTorchBatched BatchedNestedTensor FuncTorchVmapMode FuncTorchDynamicLayerFrontMode
			Functionalize TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode ADInplaceOrView
			Autograd CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor
			CompositeExplicitAutograd CompositeExplicitAutogradNonFunctional
			FuncTorchBatchedDecomposition
			CPU CUDA HIP XLA MTIA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 PrivateUse3
			QuantizedCPU QuantizedCUDA QuantizedHIP QuantizedXLA QuantizedMTIA QuantizedMPS
			QuantizedIPU QuantizedXPU QuantizedHPU QuantizedVE QuantizedLazy QuantizedMeta
			QuantizedPrivateUse1 QuantizedPrivateUse2 QuantizedPrivateUse3
			SparseCPU SparseCUDA SparseHIP SparseXLA SparseMTIA SparseMPS SparseIPU SparseXPU
			SparseHPU SparseVE SparseLazy SparseMeta SparsePrivateUse1 SparsePrivateUse2
			SparsePrivateUse3
			SparseCsrCPU SparseCsrCUDA SparseCsrHIP SparseCsrXLA SparseCsrMTIA SparseCsrMPS
			SparseCsrIPU SparseCsrXPU SparseCsrHPU SparseCsrVE SparseCsrLazy SparseCsrMeta
			SparseCsrPrivateUse1 SparseCsrPrivateUse2 SparseCsrPrivateUse3
			NestedTensorCPU NestedTensorCUDA NestedTensorHIP NestedTensorXLA NestedTensorMTIA
			NestedTensorMPS NestedTensorIPU NestedTensorXPU NestedTensorHPU NestedTensorVE
			NestedTensorLazy NestedTensorMeta NestedTensorPrivateUse1 NestedTensorPrivateUse2
			NestedTensorPrivateUse3
			AutogradCPU AutogradCUDA AutogradHIP AutogradXLA AutogradMTIA AutogradMPS AutogradIPU
			AutogradXPU AutogradHPU AutogradVE AutogradLazy AutogradMeta AutogradPrivateUse1
			AutogradPrivateUse2 AutogradPrivateUse3`),
		KernelNamespaces:             3,
		StructuredKeys:               []string{"CPU", "CUDA", "MPS", "XPU"},
		TagsList:                     true,
		ImpliedTags:                  []string{"pt2_compliant_tag"},
		NotViewOps:                   []string{"resize_", "resize_as_"},
		InplaceViewNamingExempt:      []string{"resize_", "resize_as_"},
		InplaceViewNamingExemptBases: []string{"set_"},
		// Python 3's keyword.kwlist (3.11, Debian's python3 for 2.6.0).
		ReservedArgNames: strings.Fields(`False None True and as assert async await break class
			continue def del elif else except finally for from global if import in is lambda
			nonlocal not or pass raise return try while with yield`),
		ReservedArgExceptions:  []string{"_has_compatible_shallow_copy_type from", "random_.from from", "uniform_ from"},
		DropoutArgSeeded:       true,
		AutogenViewExemptBases: []string{"set_"},
		AutogenCoreTag:         "core",
		AutogenBaseOrder:       []Kind{Mutable, Inplace, Out, Functional},
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
	{
		Version: "2.14.1", Series: "2.14",
		// model.py L296: SparseCsrXPU, SparseMPS, SparseCsrMPS,
		// NestedTensorHPU and MTIA are new.
		DispatchKeys: strings.Fields(`CPU SparseCPU SparseCsrCPU MkldnnCPU CUDA MPS XPU SparseXPU
			SparseCsrXPU SparseCUDA SparseCsrCUDA SparseMPS SparseCsrMPS QuantizedCPU QuantizedCUDA
			CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor CompositeExplicitAutograd
			CompositeExplicitAutogradNonFunctional NestedTensorCPU NestedTensorCUDA NestedTensorXPU
			NestedTensorHPU Meta SparseMeta SparseCsrMeta QuantizedMeta NestedTensorMeta ZeroTensor
			MTIA`),
		// model.py L100: AutocastXPU is new (L136).
		EnumKeys: strings.Fields(`Undefined CatchAll FPGA MAIA Vulkan Metal MKLDNN OpenGL OpenCL
			IDEEP CustomRNGKeyId MkldnnCPU Sparse SparseCsr NestedTensor Dense PythonTLSSnapshot
			PreDispatch PythonDispatcher Python FuncTorchDynamicLayerBackMode ZeroTensor Conjugate
			Negative BackendSelect Named AutogradOther AutogradFunctionality AutogradNestedTensor
			Tracer Autocast AutocastCPU AutocastCUDA AutocastXPU Batched VmapMode FuncTorchGradWrapper
			FuncTorchBatched BatchedNestedTensor FuncTorchVmapMode FuncTorchDynamicLayerFrontMode
			Functionalize TESTING_ONLY_GenericWrapper TESTING_ONLY_GenericMode ADInplaceOrView
			Autograd CompositeImplicitAutograd CompositeImplicitAutogradNestedTensor
			CompositeExplicitAutograd CompositeExplicitAutogradNonFunctional
			FuncTorchBatchedDecomposition
			CPU CUDA HIP XLA MTIA MPS IPU XPU HPU VE Lazy Meta PrivateUse1 PrivateUse2 PrivateUse3
			QuantizedCPU QuantizedCUDA QuantizedHIP QuantizedXLA QuantizedMTIA QuantizedMPS
			QuantizedIPU QuantizedXPU QuantizedHPU QuantizedVE QuantizedLazy QuantizedMeta
			QuantizedPrivateUse1 QuantizedPrivateUse2 QuantizedPrivateUse3
			SparseCPU SparseCUDA SparseHIP SparseXLA SparseMTIA SparseMPS SparseIPU SparseXPU
			SparseHPU SparseVE SparseLazy SparseMeta SparsePrivateUse1 SparsePrivateUse2
			SparsePrivateUse3
			SparseCsrCPU SparseCsrCUDA SparseCsrHIP SparseCsrXLA SparseCsrMTIA SparseCsrMPS
			SparseCsrIPU SparseCsrXPU SparseCsrHPU SparseCsrVE SparseCsrLazy SparseCsrMeta
			SparseCsrPrivateUse1 SparseCsrPrivateUse2 SparseCsrPrivateUse3
			NestedTensorCPU NestedTensorCUDA NestedTensorHIP NestedTensorXLA NestedTensorMTIA
			NestedTensorMPS NestedTensorIPU NestedTensorXPU NestedTensorHPU NestedTensorVE
			NestedTensorLazy NestedTensorMeta NestedTensorPrivateUse1 NestedTensorPrivateUse2
			NestedTensorPrivateUse3
			AutogradCPU AutogradCUDA AutogradHIP AutogradXLA AutogradMTIA AutogradMPS AutogradIPU
			AutogradXPU AutogradHPU AutogradVE AutogradLazy AutogradMeta AutogradPrivateUse1
			AutogradPrivateUse2 AutogradPrivateUse3`),
		KernelNamespaces:             3,
		StructuredKeys:               []string{"CPU", "CUDA", "MPS", "XPU", "MTIA"}, // model.py L286
		TagsList:                     true,
		ImpliedTags:                  []string{"pt2_compliant_tag"},
		KindTags:                     true,
		ConstRefNoOut:                true,
		GoneBaseTypes:                []BaseTy{Dimname},
		NotViewOps:                   []string{"resize_", "resize_as_"},
		InplaceViewNamingExempt:      []string{"resize_", "resize_as_"},
		InplaceViewNamingExemptBases: []string{"set_"},
		// Python 3's keyword.kwlist (gen.py L307; the same list in 3.11 and
		// in 3.13, Debian sid's python3 for 2.14.1).
		ReservedArgNames: strings.Fields(`False None True and as assert async await break class
			continue def del elif else except finally for from global if import in is lambda
			nonlocal not or pass raise return try while with yield`),
		ReservedArgExceptions:  []string{"_has_compatible_shallow_copy_type from", "random_.from from", "uniform_ from"},
		DropoutArgSeeded:       true,
		AutogenViewExemptBases: []string{"set_"},
		AutogenCoreTag:         "core",
		AutogenBaseOrder:       []Kind{Mutable, Inplace, Out, Functional},
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
}

func set(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

func init() {
	for _, r := range releases {
		r.accepted, r.enum, r.reserved = set(r.DispatchKeys), set(r.EnumKeys), set(r.ReservedArgNames)
		r.outNotGrouped, r.mutNoOut = set(r.OutOpsNotGrouped), set(r.MutableOpsWithoutOut)
		r.funcNoOut, r.inplNotGrouped = set(r.FunctionalOpsWithoutOut), set(r.InplaceOpsNotGrouped)
		r.goneTypes = map[BaseTy]bool{}
		for _, t := range r.GoneBaseTypes {
			r.goneTypes[t] = true
		}
	}
}

// Releases returns the releases assertgen has rules for, oldest first;
// the last is the default. The values are shared: do not modify them.
func Releases() []*Release { return slices.Clone(releases) }

// NewestRelease returns the release whose rules apply when none is
// selected.
func NewestRelease() *Release { return releases[len(releases)-1] }

// LookupRelease returns the release a -pytorch-version value names: a
// series ("2.6") or a release ("2.6.0"); "" is the newest. An unknown
// version is an error that names the supported ones.
func LookupRelease(v string) (*Release, error) {
	if v == "" {
		return NewestRelease(), nil
	}
	for _, r := range releases {
		if v == r.Version || v == r.Series {
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown PyTorch version %q: assertgen has the rules and data of %s", v, releaseList())
}

// releaseList names the supported releases: "1.13.1 (-pytorch-version
// 1.13) and 2.6.0 (2.6)".
func releaseList() string {
	var b strings.Builder
	for i, r := range releases {
		switch {
		case i == 0:
		case i == len(releases)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString("PyTorch " + r.Version + " (" + r.Series + ")")
	}
	return b.String()
}

func (r *Release) String() string { return "PyTorch " + r.Version }

// elsewhere names the other supported releases for which ok holds, as a
// hint for an error: " (valid in PyTorch 2.6.0: pass -pytorch-version
// 2.6)". Empty when there are none: assertgen cannot tell about releases
// it has no rules for.
func (r *Release) elsewhere(what string, ok func(*Release) bool) string {
	var vs, series []string
	for _, o := range releases {
		if o != r && ok(o) {
			vs = append(vs, o.Version)
			series = append(series, o.Series)
		}
	}
	if len(vs) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s in PyTorch %s: pass -pytorch-version %s)",
		what, strings.Join(vs, ", "), strings.Join(series, " or "))
}
