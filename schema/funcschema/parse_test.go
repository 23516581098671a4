package funcschema

import (
	"testing"
)

// laterSchemas are schemas of PyTorch releases after 1.13 (2.0 to 2.5),
// using what 1.13 lacks: DeviceIndex, SymInt?, SymBool, SymFloat,
// GraphModule, wildcard-annotated lists, custom classes.
var laterSchemas = []string{
	"_cufft_get_plan_cache_size(DeviceIndex device_index) -> int",
	"_cufft_clear_plan_cache(DeviceIndex device_index) -> ()",
	"slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)",
	"slice_inverse(Tensor(a) self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)",
	"sym_size.int(Tensor self, int dim) -> SymInt",
	"sym_numel(Tensor self) -> SymInt",
	"sym_is_contiguous(Tensor self, MemoryFormat memory_format=contiguous_format) -> SymBool",
	"_sym_float_op(SymFloat x, SymFloat? y=None) -> SymFloat",
	"_export_graph(GraphModule gm, Tensor[] args) -> Tensor[]",
	"split_with_sizes_copy.out(Tensor self, SymInt[] split_sizes, int dim=0, *, Tensor(a!)[] out) -> ()",
	"unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
	"_chunk_view(Tensor(a -> *)[] tensors, int chunks) -> Tensor(a)[]",
	"_foreach_add_.List(Tensor(a!)[] self, Tensor[] other, *, Scalar alpha=1) -> ()",
	"_fused_adam_(Tensor(a!)[] self, Tensor(b!)[] grads, Tensor(c!)[] exp_avgs, Tensor(d!)[] exp_avg_sqs, Tensor(e!)[] max_exp_avg_sqs, Tensor[] state_steps, *, float lr, float beta1, float beta2, float weight_decay, float eps, bool amsgrad, bool maximize, Tensor? grad_scale=None, Tensor? found_inf=None) -> ()",
	"_scaled_dot_product_flash_attention(Tensor query, Tensor key, Tensor value, float dropout_p=0.0, bool is_causal=False, bool return_debug_mask=False, *, float? scale=None) -> (Tensor output, Tensor logsumexp, Tensor cum_seq_q, Tensor cum_seq_k, SymInt max_q, SymInt max_k, Tensor philox_seed, Tensor philox_offset, Tensor debug_attn_mask)",
	"_nested_view_from_jagged(Tensor(a) self, Tensor offsets, Tensor dummy, Tensor? lengths=None, int ragged_idx=1, Tensor? min_seqlen=None, Tensor? max_seqlen=None) -> Tensor(a)",
	"_unsafe_masked_index(Tensor self, Tensor mask, Tensor?[] indices, Scalar fill) -> Tensor",
	"_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
	"set_.source_Storage_storage_offset(Tensor(a!) self, Storage source, SymInt storage_offset, SymInt[] size, SymInt[] stride=[]) -> Tensor(a!)",
	"_resize_output_(Tensor(a!) self, SymInt[] size, Device device) -> Tensor(a!)",
	"_functional_assert_async.msg(Tensor self, str assert_msg, Tensor dep_token) -> Tensor",
	"sym_constrain_range(Scalar size, *, int? min=None, int? max=None) -> ()",
	"_fused_sdp_choice(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0.0, bool is_causal=False, *, float? scale=None, bool enable_gqa=False) -> int",
	"_linear_prepack(Tensor W, Tensor? B=None) -> __torch__.torch.classes.quantized.LinearPackedParamsBase",
	"_weight_int4pack_mm(Tensor self, Tensor mat2, int qGroupSize, Tensor qScaleAndZeros) -> Tensor",
	"mH(Tensor(a) self) -> Tensor(a)",
	"segment_reduce(Tensor data, str reduce, *, Tensor? lengths=None, Tensor? indices=None, Tensor? offsets=None, int axis=0, bool unsafe=False, Scalar? initial=None) -> Tensor",
	"_print(str s) -> ()",
	"_test_string_default(Tensor dummy, str a=\"\\\"'\\\\\", str b='\"\\'\\\\') -> Tensor",
	"__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
}

func TestLaterSchemasRoundTrip(t *testing.T) {
	for _, s := range laterSchemas {
		f, err := ParseFunc(s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if got := f.String(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
	}
}
