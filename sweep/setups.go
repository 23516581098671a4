package sweep

import (
	"regexp"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// Setups are the hand-written samples of the ops whose arguments depend on
// one another in ways neither the schema nor one error message at a time
// can say: a loss whose target holds class indices of its input, an RNN
// whose weights match its input's features and its hidden state, a sparse
// constructor whose indices fit its size. A setup edits the sample For
// built (after the variant chose dtypes, layouts and optionals), by
// argument name, when the repairs alone cannot make the sample run
// ([Sample.Run]); the repairs then go on as for any op. It applies to
// every variant but the aliasing one, whose tensors are one (the
// variant's point). A setup sets shapes, and the dtypes, fills and
// layouts its ops need.
var Setups = []Setup{
	{"negative log likelihood: target [2] of class indices < 3, weight [3]", re(`^nll_loss(_nd)?$`), []Edit{
		Shape("self", 2, 3), Shape("target", 2), Dtype("target", "int64"), Shape("weight", 3),
	}},
	{"2-d negative log likelihood: input [2,3,2,2], target [2,2,2]", re(`^nll_loss2d$`), []Edit{
		Shape("self", 2, 3, 2, 2), Shape("target", 2, 2, 2), Dtype("target", "int64"), Shape("weight", 3),
	}},
	{"cosine embedding loss: two [2,3] inputs, target [2] of ones", re(`^cosine_embedding_loss$`), []Edit{
		Shape("input1", 2, 3), Shape("input2", 2, 3), Shape("target", 2), Fill("target", FillOnes),
	}},
	{"CTC loss: log_probs [T=1, N=2, C=3], targets [2,1] of class 1, lengths 1", re(`^_?ctc_loss$`), []Edit{
		Shape("log_probs", 1, 2, 3), Shape("targets", 2, 1), Dtype("targets", "int64"), Fill("targets", FillOnes), Layout("targets", ""),
		Shape("input_lengths", 2), Dtype("input_lengths", "int64"), Fill("input_lengths", FillOnes),
		Shape("target_lengths", 2), Dtype("target_lengths", "int64"), Fill("target_lengths", FillOnes),
		Ints("input_lengths", 1, 1), Ints("target_lengths", 1, 1),
	}},
	// the targets are class indices: a neg-bit variant would make them -1,
	// which _ctc_loss_backward reads out of bounds with (a crash, not a
	// finding of the asserts)
	{"CTC loss backward: the forward's [T=1, N=2, C=3] log_probs and [2,1] targets, grad and likelihood [2], log_alpha [2,1,3]", re(`^_ctc_loss_backward$`), []Edit{
		Shape("grad", 2), Dtype("grad", "float32"), Shape("log_probs", 1, 2, 3), Dtype("log_probs", "float32"),
		Shape("targets", 2, 1), Dtype("targets", "int64"), Fill("targets", FillOnes), Layout("targets", ""), Ints("input_lengths", 1, 1), Ints("target_lengths", 1, 1),
		Shape("input_lengths", 2), Dtype("input_lengths", "int64"), Fill("input_lengths", FillOnes), Layout("input_lengths", ""),
		Shape("target_lengths", 2), Dtype("target_lengths", "int64"), Fill("target_lengths", FillOnes), Layout("target_lengths", ""),
		Shape("neg_log_likelihood", 2), Dtype("neg_log_likelihood", "float32"), Shape("log_alpha", 2, 1, 3), Dtype("log_alpha", "float32"),
	}},
	{"nuclear norm over two dims: self [2,3], dim [0,1]", re(`^nuclear_norm$`), []Edit{Shape("self", 2, 3), Ints("dim", 0, 1)}},
	{"as_strided copy in bounds: self [2,3], size [2,3], stride [3,1], offset 0", re(`^as_strided_copy$`), []Edit{
		Shape("self", 2, 3), Ints("size", 2, 3), Ints("stride", 3, 1), Ints("storage_offset", 0),
	}},
	{"to dense backward: grad [2,3] of a sparse COO input [2,3]", re(`^to_dense_backward$`), []Edit{
		Shape("grad", 2, 3), Layout("grad", ""), Shape("input", 2, 3), Layout("input", SparseCOO),
	}},
	{"int_repr into a uint8 out", re(`^int_repr$`), []Edit{Layout("self", Quantized), Shape("out", 2, 3), Layout("out", ""), Dtype("out", "uint8")}},
	{"per-channel scales and zero points into plain outs [2]", re(`^q_per_channel_(scales|zero_points)$`), []Edit{
		Shape("self", 2, 3), Layout("self", QuantizedPerChannel), Shape("out", 2), Layout("out", ""), perChannelOutDtype,
	}},
	{"time-batch-channel convolution: self [4,1,2], weight [3,2,2], bias [2]", re(`^conv_tbc$`), []Edit{
		Shape("self", 4, 1, 2), Shape("weight", 3, 2, 2), Shape("bias", 2), Ints("pad", 0),
	}},
	{"bilinear: input1 [2,3], input2 [2,4], weight [5,3,4], bias [5]", re(`^bilinear$`), []Edit{
		Shape("input1", 2, 3), Shape("input2", 2, 4), Shape("weight", 5, 3, 4), Shape("bias", 5),
	}},
	{"instance norm: input [2,3,4], per-channel [3] statistics and affine", re(`^instance_norm$`), []Edit{
		Shape("input", 2, 3, 4), Shape("weight", 3), Shape("bias", 3), Shape("running_mean", 3), Shape("running_var", 3),
		Bools("use_input_stats", true),
	}},
	{"unflatten: dim 0 of size 2 into sizes [1,2], named A and B", re(`^unflatten$`), []Edit{
		Ints("sizes", 1, 2), Strs("names", "A", "B"),
	}},
	{"einsum: an equation of the operands' ranks", re(`^einsum$`), []Edit{einsumEquation}},
	{"full RNNs: input [2,3,4] (or packed data [2,4]), hidden [1,3,2], weights without biases", re(`^(lstm|gru|rnn_relu|rnn_tanh)$`), []Edit{rnnSample}},
	{"stft: a [8] signal, n_fft 4, complex result", re(`^stft$`), []Edit{
		Shape("self", 8), Ints("n_fft", 4), Absent("hop_length"), Absent("win_length"), Absent("window"),
		Bools("return_complex", true), Bools("center", true),
	}},
	{"istft: a complex [3,5] spectrum of n_fft 4", re(`^istft$`), []Edit{
		Shape("self", 3, 5), Dtype("self", "complex64"), Ints("n_fft", 4), Absent("hop_length"), Absent("win_length"),
		Absent("window"), Bools("center", true), Bools("return_complex", false), Absent("length"), Absent("onesided"),
	}},
	{"LU solve: B [3,3], LU [3,3], int32 pivots [3] of ones (no swaps)", re(`^lu_solve$`), []Edit{
		Shape("self", 3, 3), Shape("LU_data", 3, 3), Fill("LU_data", FillSPD), Shape("LU_pivots", 3), Dtype("LU_pivots", "int32"),
		Fill("LU_pivots", FillOnes),
	}},
	{"orgqr: input [3,3], tau [2]", re(`^orgqr$`), []Edit{Shape("self", 3, 3), Shape("input2", 2)}},
	{"narrow by a tensor: start a 0-dim int64 0", re(`^narrow$`), []Edit{Shape("start"), Dtype("start", "int64"), Fill("start", FillZeros), Ints("length", 1)}},
	{"randint_like by a tensor: high a 0-dim int64 1", re(`^randint_like$`), []Edit{Shape("high"), Dtype("high", "int64"), Fill("high", FillOnes)}},
	{"affine grid: theta [1,2,3] to size [1,1,2,2]", re(`^affine_grid_generator$`), []Edit{Shape("theta", 1, 2, 3), Ints("size", 1, 1, 2, 2)}},
	{"affine grid backward: grad [1,2,2,2] of size [1,1,2,2]", re(`^affine_grid_generator_backward$`), []Edit{Shape("grad", 1, 2, 2, 2), Ints("size", 1, 1, 2, 2)}},
	{"tensor inverse: self [2,3,6] (a 6x6 matrix)", re(`^linalg_tensorinv$`), []Edit{Shape("self", 2, 3, 6), Ints("ind", 2)}},
	{"int8 matmul: int8 [2,3] @ int8 [3,2] into int32", re(`^_int_mm$`), []Edit{
		Shape("self", 2, 3), Dtype("self", "int8"), Shape("mat2", 3, 2), Dtype("mat2", "int8"), Shape("out", 2, 2), Dtype("out", "int32"),
	}},
	{"qkv bias and rescale: qkv [1,2,6], bias [6], one head", re(`^_transform_bias_rescale_qkv$`), []Edit{Shape("qkv", 1, 2, 6), Shape("qkv_bias", 6), Ints("num_heads", 1)}},
	{"gradient with tensor spacing: one coordinate vector per dim", re(`^gradient$`), []Edit{Shape("self", 2, 3), tensorSpacing}},
	{"searchsorted of a scalar: a sorted [3] sequence", re(`^searchsorted$`), []Edit{Shape("sorted_sequence", 3), Fill("sorted_sequence", FillRange)}},
	{"set_ with an offset: size [2,3], stride [3,1], offset 0", re(`^set$`), []Edit{Shape("source", 2, 3), Ints("storage_offset", 0), Ints("size", 2, 3), Ints("stride", 3, 1)}},
	{"spdiags: diagonals [2,3], offsets [0,1], shape [3,3], into a sparse COO out", re(`^_spdiags$`), []Edit{
		Layout("out", SparseCOO), Shape("out", 3, 3), Shape("diagonals", 2, 3), Shape("offsets", 2), Dtype("offsets", "int64"), Fill("offsets", FillRange), Ints("shape", 3, 3),
	}},
	{"complex from two real tensors", re(`^(complex|polar)$`), []Edit{Dtype("real", "float32"), Dtype("imag", "float32"), Dtype("abs", "float32"), Dtype("angle", "float32"), Dtype("out", "complex64")}},
	{"view as complex: a last dim of 2", re(`^view_as_complex_copy$`), []Edit{Shape("self", 3, 2), Shape("out", 3), Dtype("out", "complex64")}},
	{"per-tensor quantization to quint8", re(`^quantize_per_tensor(_dynamic)?$`), []Edit{
		Strs("dtype", "quint8"), Dtype("self", "float32"), Dtype("tensors", "float32"), Shape("scale"), Dtype("scale", "float64"),
		Shape("zero_point"), Dtype("zero_point", "int64"), Fill("zero_point", FillZeros), Dtype("scales", "float64"),
		Dtype("zero_points", "int64"), Fill("zero_points", FillZeros), Bools("reduce_range", false),
	}},
	{"per-channel quantization along dim 0 to quint8", re(`^quantize_per_channel$`), []Edit{
		Shape("self", 2, 3), Dtype("self", "float32"), Shape("scales", 2), Dtype("scales", "float64"), Shape("zero_points", 2),
		Dtype("zero_points", "int64"), Fill("zero_points", FillZeros), Ints("axis", 0), Strs("dtype", "quint8"),
		Shape("out", 2, 3), Layout("out", QuantizedPerChannel),
	}},
	{"grouped matmul: two groups, self [2,2,4] @ mat2 [2,4,4] (3-d, so no offsets), rows of 16 bytes", re(`^_grouped_mm$`), []Edit{
		Shape("self", 2, 2, 4), Dtype("self", "float32"), Shape("mat2", 2, 4, 4), Dtype("mat2", "float32"), Absent("offs"), Absent("bias"), Absent("out_dtype"),
	}},
	{"4-bit dynamic-quant matmul, the packing without KleidiAI: inp [1,2], packed_weights float [4] (2 weight bytes, then 2 channel scales), block size = in_features = 2", re(`^_dyn_quant_matmul_4bit$`), []Edit{
		Shape("inp", 1, 2), Dtype("inp", "float32"), Shape("packed_weights", 4), Dtype("packed_weights", "float32"), Fill("packed_weights", FillOnes),
		Layout("packed_weights", ""), Ints("block_size", 2), Ints("in_features", 2), Ints("out_features", 2),
	}},
	{"an empty per-channel quantized [2,3] out: scales and zero points [2] along dim 0", re(`^_empty_per_channel_affine_quantized$`), []Edit{
		Ints("size", 2, 3), Shape("scales", 2), Dtype("scales", "float64"), Shape("zero_points", 2), Dtype("zero_points", "int64"),
		Fill("zero_points", FillZeros), Ints("axis", 0), Shape("out", 2, 3), Layout("out", QuantizedPerChannel),
	}},
	{"quantized tensors from uint8 values", re(`^_make_per_(tensor|channel)_quantized_tensor$`), []Edit{
		Shape("self", 2, 3), Dtype("self", "uint8"), Shape("scale", 2), Dtype("scale", "float64"), Shape("zero_point", 2),
		Dtype("zero_point", "int64"), Fill("zero_point", FillZeros), Ints("axis", 0), quantizedOut,
	}},
	{"quantized batch norm: quint8 input [1,2,4,4], per-channel [2] parameters", re(`^quantized_batch_norm$`), []Edit{
		Present("weight"), Present("bias"), Shape("input", 1, 2, 4, 4), Dtype("input", "quint8"), Shape("weight", 2), Shape("bias", 2), Shape("mean", 2), Shape("var", 2),
	}},
	{"Sobol engine: int64 state [2,30], quasi [2], dimension 2", re(`^_sobol_engine_(draw|ff|initialize_state|scramble)$`), []Edit{
		sobolSelf, Shape("quasi", 2), Dtype("quasi", "int64"), Shape("sobolstate", 2, 30), Dtype("sobolstate", "int64"),
		Shape("ltm", 2, 30, 30), Dtype("ltm", "int64"), Ints("dimension", 2), Ints("n", 1), Ints("num_generated", 0),
	}},
	{"AMP scale update: one-element scale, int32 growth tracker, found_inf", re(`^_amp_update_scale$`), []Edit{
		Shape("self", 1), Shape("growth_tracker", 1), Dtype("growth_tracker", "int32"), Shape("found_inf", 1), Fill("found_inf", FillZeros),
		Ints("growth_interval", 1),
	}},
	{"embedding bag: weight [4,3], indices [4], offsets [0,1]", re(`^_?embedding_bag(_forward_only)?$`), []Edit{
		Shape("weight", 4, 3), Shape("indices", 4), Dtype("indices", "int64"), Fill("indices", FillOnes), Shape("offsets", 2),
		Dtype("offsets", "int64"), Fill("offsets", FillRange), Ints("mode", 0), Bools("sparse", false), Bools("include_last_offset", false),
		Absent("per_sample_weights"), Absent("padding_idx"),
	}},
	{"embedding bag backward: four bags of one index each, grad [4,3], 4 weights, sum mode", re(`^_embedding_bag_((dense|sparse)_)?backward$`), []Edit{
		Shape("grad", 4, 3), Shape("indices", 4), Dtype("indices", "int64"), Fill("indices", FillOnes), Shape("offsets", 4), Dtype("offsets", "int64"),
		Fill("offsets", FillRange), Shape("offset2bag", 4), Dtype("offset2bag", "int64"), Fill("offset2bag", FillRange), Shape("bag_size", 4),
		Dtype("bag_size", "int64"), Fill("bag_size", FillOnes), Shape("maximum_indices", 4, 3), Dtype("maximum_indices", "int64"),
		Fill("maximum_indices", FillZeros), Ints("num_weights", 4), Bools("scale_grad_by_freq", false), Ints("mode", 0),
		Absent("per_sample_weights"), Ints("padding_idx", -1), Bools("sparse", false),
	}},
	{"packed sequences: lengths and batch sizes of ones, [T=2,B=1,F=3] input", re(`^_(pack_padded_sequence|pack_padded_sequence_backward|pad_packed_sequence)$`), []Edit{
		Shape("input", 2, 1, 3), Shape("lengths", 1), Dtype("lengths", "int64"), Fill("lengths", FillOnes), Bools("batch_first", false),
		Shape("grad", 2, 3), Ints("input_size", 2, 1, 3), Shape("batch_sizes", 2), Dtype("batch_sizes", "int64"), Fill("batch_sizes", FillOnes),
		Shape("data", 2, 3), Ints("total_length", 2),
	}},
	{"reshape by a tensor: self [1] to the shape [1]", re(`^_reshape_from_tensor$`), []Edit{Shape("self", 1), Shape("shape", 1), Dtype("shape", "int64"), Fill("shape", FillOnes)}},
	{"row-wise prune: weight [2,3], a bool mask [2]", re(`^_rowwise_prune$`), []Edit{Shape("weight", 2, 3), Shape("mask", 2), Dtype("mask", "bool"), Strs("compressed_indices_dtype", "int32")}},
	{"int8 weight matmul: self [2,3], int8 mat2 [4,3], scales [4]", re(`^_weight_int8pack_mm$`), []Edit{
		Shape("self", 2, 3), Shape("mat2", 4, 3), Dtype("mat2", "int8"), Shape("scales", 4),
	}},
	{"int4 weight packing: int32 weight [16,32] of 4-bit values, two inner k-tiles", re(`^_convert_weight_to_int4pack_for_cpu$`), []Edit{
		Shape("self", 16, 32), Dtype("self", "int32"), Fill("self", FillOnes), Ints("innerKTiles", 2),
	}},
	{"int4 weight matmul: self [2,64] @ packed uint8 mat2 [16,32], groups of 32, scales and zeros [2,16,2]", re(`^_weight_int4pack_mm_for_cpu$`), []Edit{
		Shape("self", 2, 64), Dtype("self", "float32"), Shape("mat2", 16, 32), Dtype("mat2", "uint8"), Fill("mat2", FillOnes), Ints("qGroupSize", 32),
		Shape("qScaleAndZeros", 2, 16, 2), Dtype("qScaleAndZeros", "float32"),
	}},
	{"native multi-head attention: [1,2,4] query, key, value, one head", re(`^_native(_decoder_only)?_multi_head_attention$`), []Edit{
		Shape("query", 1, 2, 4), Shape("key", 1, 2, 4), Shape("value", 1, 2, 4), Ints("embed_dim", 4), Ints("num_head", 1),
		Shape("qkv_weight", 12, 4), Shape("qkv_bias", 12), Shape("proj_weight", 4, 4), Shape("proj_bias", 4), Absent("mask"), Absent("mask_type"),
		Absent("incr_key"), Absent("incr_value"),
	}},
	{"grid sampler backward: input [1,2,4,4], grid [1,2,2,2]", re(`^_grid_sampler_2d_cpu_fallback_backward$`), []Edit{
		Shape("grad_output", 1, 2, 2, 2), Shape("input", 1, 2, 4, 4), Shape("grid", 1, 2, 2, 2), Ints("interpolation_mode", 0), Ints("padding_mode", 0),
	}},
	{"fractional max pooling: random samples [N, C, d]", re(`^fractional_max_pool[23]d$`), []Edit{fractionalSamples}},
	{"sparse norm over every dim", re(`^native_norm$`), []Edit{Ints("dim", 0, 1), Bools("keepdim", false)}},
	{"CSR sums and products keep the reduced dim", re(`^_sparse_csr_(sum|prod)$`), []Edit{Bools("keepdim", true)}},
	{"sspaddmm: self [2,2], sparse mat1 [2,3], mat2 [3,2]", re(`^sspaddmm$`), []Edit{
		Shape("self", 2, 2), Layout("self", SparseCOO), Shape("mat1", 2, 3), Layout("mat1", SparseCOO), Shape("mat2", 3, 2), Shape("out", 2, 2), Layout("out", SparseCOO),
	}},
	{"sampled addmm into a CSR out", re(`^sparse_sampled_addmm$`), []Edit{
		Shape("self", 2, 2), Layout("self", SparseCSR), Shape("mat1", 2, 3), Shape("mat2", 3, 2), Shape("out", 2, 2), Layout("out", SparseCSR),
	}},
	{"empty_permuted: size [2,3], physical layout [1,0]", re(`^empty_permuted$`), []Edit{Ints("size", 2, 3), Ints("physical_layout", 1, 0), Shape("out", 2, 3)}},
	{"to sparse: a strided self into a sparse out", re(`^_?to_sparse(_csr|_csc)?$`), []Edit{toSparseOut, Ints("sparse_dim", 2)}},
	{"to BSR: a strided self [2,3] into a BSR out of 1x1 blocks", re(`^_?to_sparse_bsr$`), []Edit{
		Shape("self", 2, 3), Layout("self", ""), Ints("blocksize", 1, 1), Absent("dense_dim"), Shape("out", 2, 3), Layout("out", SparseBSR),
	}},
	{"to BSC: a strided self [2,3] into a BSC out of 1x1 blocks", re(`^_?to_sparse_bsc$`), []Edit{
		Shape("self", 2, 3), Layout("self", ""), Ints("blocksize", 1, 1), Absent("dense_dim"), Shape("out", 2, 3), Layout("out", SparseBSC),
	}},
	{"to mkldnn: a strided self into an mkldnn out", re(`^to_mkldnn$`), []Edit{Layout("self", ""), Layout("out", Mkldnn)}},
	{"mkldnn linear backward: mkldnn grad_output [2,4] and input [2,3], a dense weight [4,3]", re(`^mkldnn_linear_backward(_input|_weights)?$`), []Edit{
		Shape("self", 2, 3), Layout("self", Mkldnn), Shape("input", 2, 3), Layout("input", Mkldnn), Shape("grad_output", 2, 4),
		Layout("grad_output", Mkldnn), Shape("weight", 4, 3), Layout("weight", ""), Ints("input_size", 2, 3), mkldnnLinearOuts,
	}},
	{"mkldnn linear: mkldnn self [2,3], weight [4,3], bias [4], into an mkldnn out [2,4]", re(`^mkldnn_linear$`), []Edit{
		Shape("self", 2, 3), Layout("self", Mkldnn), Shape("weight", 4, 3), Layout("weight", Mkldnn), Shape("bias", 4), Layout("bias", Mkldnn),
		Shape("out", 2, 4), Layout("out", Mkldnn),
	}},
	{"nested view of a flat buffer [2]: two 1x1 components at offsets 0 and 1", re(`^_nested_view_from_buffer(_copy)?$`), []Edit{
		Shape("self", 2), Shape("nested_size", 2, 2), Dtype("nested_size", "int64"), Fill("nested_size", FillOnes),
		Shape("nested_strides", 2, 2), Dtype("nested_strides", "int64"), Fill("nested_strides", FillOnes),
		Shape("offsets", 2), Dtype("offsets", "int64"), Fill("offsets", FillRange),
	}},
	{"mkldnn max pooling: mkldnn input [1,2,4...], kernel 2, output [1,2,2...]", re(`^mkldnn_max_pool[23]d(_backward)?$`), []Edit{mkldnnPool}},
	{"batch norm with update: input [2,3], per-channel [3] statistics and affine", re(`^_batch_norm_with_update(_functional)?$`), []Edit{
		Shape("input", 2, 3), Shape("weight", 3), Shape("bias", 3), Shape("running_mean", 3), Shape("running_var", 3),
		Shape("out", 2, 3), Shape("save_mean", 3), Shape("save_invstd", 3), Shape("reserve", 0),
	}},
	{"hspmm: a sparse COO mat1 [2,3], mat2 [3,2], into a sparse out", re(`^hspmm$`), []Edit{
		Shape("mat1", 2, 3), Layout("mat1", SparseCOO), Shape("mat2", 3, 2), Layout("mat2", ""), Shape("out", 2, 2), Layout("out", SparseCOO),
	}},
	{"learnable fake quantization backward: one scale and zero point (per tensor) or one per row (per channel)", re(`^_fake_quantize_learnable_per_(tensor|channel)_affine_backward$`), []Edit{
		Shape("grad", 2, 3), Shape("self", 2, 3), fakeQuantParams, Ints("axis", 0), Ints("quant_min", 0), Ints("quant_max", 255),
	}},
	{"jagged to padded: values [2,3], offsets [[0,1,2]], max length 2", re(`^_jagged_to_padded_dense_forward$`), []Edit{
		Shape("values", 2, 3), jaggedOffsets, Ints("max_lengths", 2),
	}},
	{"padded to jagged: dense [2,2,3], offsets [[0,1,2]]", re(`^_padded_dense_to_jagged_forward$`), []Edit{
		Shape("dense", 2, 2, 3), jaggedOffsets, Absent("total_L"),
	}},
	{"the indices and values of a sparse COO tensor", re(`^(_indices|_values|indices|values|_sparse_broadcast_to)_copy$`), []Edit{Layout("self", SparseCOO)}},
	{"sparse COO from indices [2,2] and values [2] of size [2,3]", re(`^(sparse_coo_tensor|_sparse_coo_tensor_unsafe|_validate_sparse_coo_tensor_args|_sparse_coo_tensor_with_dims_and_tensors|_sparse_coo_tensor_with_dims)$`), []Edit{
		Shape("indices", 2, 2), Dtype("indices", "int64"), Fill("indices", FillZeros), Layout("indices", ""), Shape("values", 2), Layout("values", ""),
		Ints("size", 2, 3), Ints("sparse_dim", 2), Ints("dense_dim", 0), Ints("layout", LayoutSparseCOO), Absent("is_coalesced"),
	}},
	{"sparse CSR from compressed [0,1,2], plain [0,0], values [2] of size [2,3]", re(`^(sparse_compressed_tensor|sparse_csr_tensor|_sparse_compressed_tensor_unsafe|_validate_sparse_compressed_tensor_args|_validate_sparse_csr_tensor_args|_validate_compressed_sparse_indices|_sparse_compressed_tensor_with_dims)$`), []Edit{
		compressedCSR, Ints("layout", LayoutSparseCSR), Ints("size", 2, 3), Ints("nnz", 2), Ints("dense_dim", 0), Ints("blocksize"),
		Strs("index_dtype", "int64"), Bools("is_crow", true), Ints("cdim", 2), Ints("dim", 3),
	}},
	{"sparse CSC from compressed [0,1,2,3], plain [0,0,0], values [3] of size [2,3]", re(`^(_validate_sparse_csc_tensor_args|sparse_csc_tensor)$`), []Edit{
		compressedCSC, Ints("size", 2, 3),
	}},
	{"sparse BSR and BSC of 1x1 blocks", re(`^(sparse_bsr_tensor|sparse_bsc_tensor|_validate_sparse_bsr_tensor_args|_validate_sparse_bsc_tensor_args)$`), []Edit{
		compressedCSR, compressedCSC, blockValues, Ints("size", 2, 3),
	}},
	{"sparse resize of a COO tensor to [2,3]", re(`^sparse_resize(_and_clear)?$`), []Edit{
		Layout("self", SparseCOO), Layout("out", SparseCOO), Ints("size", 2, 3), Ints("sparse_dim", 2), Ints("dense_dim", 0),
	}},
}

// A Setup is the hand-written sample of the ops whose base name (without
// an in-place op's trailing underscore) Ops matches.
type Setup struct {
	Name  string
	Ops   *regexp.Regexp
	Edits []Edit
}

// An Edit changes a sample by argument name; an argument the op does not
// have is left be (one setup serves an op's overloads).
type Edit func(s *Sample)

// setupOf returns the setup of op, or nil.
func setupOf(op *schema.Op) *Setup {
	base := strings.TrimSuffix(op.Func.Name.Name.Base, "_")
	for i := range Setups {
		if Setups[i].Ops.MatchString(base) {
			return &Setups[i]
		}
	}
	return nil
}

// tensorArg returns the tensor argument named name (exactly), or nil.
func (s *Sample) tensorArg(name string) *Arg {
	for i := range s.Args {
		if a := &s.Args[i]; a.Name() == name && a.Tensors != nil {
			return a
		}
	}
	return nil
}

// valueArg returns the non-tensor argument named name (exactly), or nil.
func (s *Sample) valueArg(name string) *Arg {
	for i := range s.Args {
		if a := &s.Args[i]; a.Name() == name && a.Schema.Type.TensorForm() == schema.NotTensor {
			return a
		}
	}
	return nil
}

// Shape gives the tensors of the argument named name the shape (none:
// 0-dim; a 2-d shape keeps the variant's transposed view).
func Shape(name string, shape ...int) Edit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			for _, k := range a.Tensors {
				sp := s.spec(k)
				sp.Shape = append([]int(nil), shape...)
				sp.Transposed = sp.Transposed && len(shape) == 2
			}
		}
	}
}

// Dtype gives the tensors of the argument named name the dtype.
func Dtype(name, dtype string) Edit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			var ks []int
			for _, k := range a.Tensors {
				ks = append(ks, s.root(k))
			}
			s.setDtype(ks, dtype)
		}
	}
}

// Fill gives the tensors of the argument named name the fill.
func Fill(name, fill string) Edit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			for _, k := range a.Tensors {
				s.spec(k).Fill = fill
			}
		}
	}
}

// Layout gives the tensors of the argument named name the layout.
func Layout(name, layout string) Edit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			for _, k := range a.Tensors {
				sp := s.spec(k)
				sp.Layout, sp.Conj, sp.Neg = layout, false, false
				if layout != "" {
					sp.Transposed = false
				}
				if !IsQuantizedLayout(layout) && IsQuantized(sp.Dtype) {
					sp.Dtype = "float32"
				}
				if IsQuantizedLayout(layout) && !IsQuantized(sp.Dtype) {
					sp.Dtype = "quint8"
				}
			}
		}
	}
}

// PyTorch's numbers of the sparse layouts (c10::Layout), for a Layout
// argument.
const (
	LayoutSparseCOO = 1
	LayoutSparseCSR = 2
)

// Ints sets the int, int[] or enum (Layout, MemoryFormat, QScheme)
// argument named name.
func Ints(name string, v ...int64) Edit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil {
			switch a.base() {
			case schema.Int, schema.SymInt, schema.Layout, schema.MemoryFormat, schema.QScheme:
				*a = Arg{Schema: a.Schema, Ints: append([]int64(nil), v...)}
			}
		}
	}
}

// Bools sets the bool argument named name.
func Bools(name string, v ...bool) Edit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil && a.base() == schema.Bool {
			*a = Arg{Schema: a.Schema, Bools: append([]bool(nil), v...)}
		}
	}
}

// Strs sets the str, Dimname or ScalarType argument named name.
func Strs(name string, v ...string) Edit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil && (a.base() == schema.Str || a.base() == schema.Dimname || a.base() == schema.ScalarType) {
			*a = Arg{Schema: a.Schema, Strs: append([]string(nil), v...)}
		}
	}
}

// Present gives the optional argument named name a value (a tensor like
// the first one) when the variant left it out.
func Present(name string) Edit { return func(s *Sample) { s.present(name) } }

// Absent makes the optional argument named name None.
func Absent(name string) Edit {
	return func(s *Sample) {
		for i := range s.Args {
			if a := &s.Args[i]; a.Name() == name && a.Schema.Type.IsOptional() {
				*a = Arg{Schema: a.Schema, Absent: true}
			}
		}
	}
}

// einsumEquation gives einsum the equation of its operands' ranks (each
// operand's dims named a, b, c... alike: "ab,ab" sums their products).
func einsumEquation(s *Sample) {
	eq, list := s.valueArg("equation"), s.tensorArg("tensors")
	if eq == nil || list == nil {
		return
	}
	var terms []string
	for _, k := range list.Tensors {
		terms = append(terms, "abcdefgh"[:len(s.Specs[s.root(k)].Shape)])
	}
	*eq = Arg{Schema: eq.Schema, Strs: []string{strings.Join(terms, ",")}}
}

// tensorList makes the Tensor[] argument named name the list of fresh
// tensors of the shapes, of the first element's dtype and layout.
func tensorList(s *Sample, name string, shapes ...[]int) {
	a := s.tensorArg(name)
	if a == nil || !a.List || len(a.Tensors) == 0 {
		return
	}
	first := s.Specs[s.root(a.Tensors[0])]
	a.Tensors = nil
	for _, sh := range shapes {
		sp := first
		sp.Shape, sp.Same, sp.ViewOf = append([]int(nil), sh...), -1, -1
		sp.Transposed = sp.Transposed && len(sh) == 2
		s.Specs = append(s.Specs, sp)
		a.Tensors = append(a.Tensors, len(s.Specs)-1)
	}
}

// rnnSample is a one-layer unidirectional RNN without biases: hidden size
// 2, features 4; input [2,3,4] (time, batch, features), or packed data
// [2,4] of batch sizes [1,1]; hx [1,batch,2] (two of them for an LSTM);
// params w_ih [gates*2,4] and w_hh [gates*2,2].
func rnnSample(s *Sample) {
	g := map[string]int{"lstm": 4, "gru": 3}[strings.TrimSuffix(s.Op.Func.Name.Name.Base, "_")]
	if g == 0 {
		g = 1
	}
	batch := 3
	if s.tensorArg("data") != nil {
		batch = 1
		Shape("data", 2, 4)(s)
		Shape("batch_sizes", 2)(s)
		Dtype("batch_sizes", "int64")(s)
		Fill("batch_sizes", FillOnes)(s)
		Layout("batch_sizes", "")(s)
	}
	Shape("input", 2, batch, 4)(s)
	Shape("hx", 1, batch, 2)(s)
	if g == 4 {
		tensorList(s, "hx", []int{1, batch, 2}, []int{1, batch, 2})
	}
	tensorList(s, "params", []int{g * 2, 4}, []int{g * 2, 2})
	Bools("has_biases", false)(s)
	Ints("num_layers", 1)(s)
	Bools("bidirectional", false)(s)
	Bools("batch_first", false)(s)
}

// tensorSpacing gives gradient's spacing one coordinate vector per dim of
// self, as long as that dim.
func tensorSpacing(s *Sample) {
	a := s.tensorArg("self")
	if a == nil {
		return
	}
	var shapes [][]int
	for _, d := range s.Specs[s.root(a.Tensors[0])].Shape {
		shapes = append(shapes, []int{d})
	}
	tensorList(s, "spacing", shapes...)
	Fill("spacing", FillRange)(s)
	Absent("dim")(s)
}

// sobolSelf gives the Sobol engine's in-place ops their self: the quasi
// vector [2] (ff_) or the state [2,30] (initialize_state_, scramble_),
// int64; scramble_'s ltm is [2,30,30].
func sobolSelf(s *Sample) {
	switch strings.TrimSuffix(s.Op.Func.Name.Name.Base, "_") {
	case "_sobol_engine_ff":
		Shape("self", 2)(s)
	case "_sobol_engine_initialize_state", "_sobol_engine_scramble":
		Shape("self", 2, 30)(s)
	default:
		return
	}
	Dtype("self", "int64")(s)
}

// fractionalSamples gives fractional max pooling an input [1,2,4...],
// kernel 2, output 2, and random samples [1,2,d] in [0,1).
func fractionalSamples(s *Sample) {
	d := spatialRank(s.Op.Func.Name.Name.Base, s.Op)
	Shape("self", spatial(d, 1, 2, 4)...)(s)
	Shape("random_samples", 1, 2, d)(s)
	Fill("random_samples", FillZeros)(s)
	Ints("kernel_size", repeat(int64(2), d)...)(s)
	Ints("output_size", repeat(int64(2), d)...)(s)
	Shape("output", spatial(d, 1, 2, 2)...)(s)
	Shape("indices", spatial(d, 1, 2, 2)...)(s)
	Dtype("indices", "int64")(s)
}

// toSparseOut makes self strided and the out of the op's layout (COO, CSR
// for _to_sparse_csr, CSC for _to_sparse_csc).
func toSparseOut(s *Sample) {
	l := SparseCOO
	switch {
	case strings.HasSuffix(s.Op.Func.Name.Name.Base, "_csr"):
		l = SparseCSR
	case strings.HasSuffix(s.Op.Func.Name.Name.Base, "_csc"):
		l = SparseCSC
	}
	Layout("self", "")(s)
	Shape("self", 2, 3)(s)
	Layout("out", l)(s)
	Shape("out", 2, 3)(s)
}

// compressedCSR gives a compressed sparse row tensor of size [2,3]: one
// entry in column 0 of each row (compressed indices [0,1,2], plain
// indices [0,0], values [2]), by the names of the CSR, BSR and generic
// constructors.
func compressedCSR(s *Sample) {
	for _, n := range []string{"compressed_indices", "crow_indices", "compressed_idx"} {
		Shape(n, 3)(s)
		Fill(n, FillRange)(s)
		Dtype(n, "int64")(s)
		Layout(n, "")(s)
	}
	for _, n := range []string{"plain_indices", "col_indices", "plain_idx"} {
		Shape(n, 2)(s)
		Fill(n, FillZeros)(s)
		Dtype(n, "int64")(s)
		Layout(n, "")(s)
	}
	Shape("values", 2)(s)
	Layout("values", "")(s)
}

// compressedCSC gives a compressed sparse column tensor of size [2,3]:
// one entry in row 0 of each column (ccol indices [0,1,2,3], row indices
// [0,0,0], values [3]).
func compressedCSC(s *Sample) {
	if s.tensorArg("ccol_indices") == nil {
		return
	}
	Shape("ccol_indices", 4)(s)
	Fill("ccol_indices", FillRange)(s)
	Dtype("ccol_indices", "int64")(s)
	Shape("row_indices", 3)(s)
	Fill("row_indices", FillZeros)(s)
	Dtype("row_indices", "int64")(s)
	Shape("values", 3)(s)
	for _, n := range []string{"ccol_indices", "row_indices", "values"} {
		Layout(n, "")(s)
	}
}

// blockValues makes the values of a block sparse tensor 1x1 blocks.
func blockValues(s *Sample) {
	if a := s.tensorArg("values"); a != nil {
		sh := s.Specs[s.root(a.Tensors[0])].Shape
		Shape("values", append(append([]int(nil), sh...), 1, 1)...)(s)
	}
}

// mkldnnLinearOuts gives the outs of mkldnn_linear_backward's overloads
// the shapes of the gradients of [2,3] input, [4,3] weight and [4] bias.
func mkldnnLinearOuts(s *Sample) {
	outs := map[string][][]int{
		"mkldnn_linear_backward":         {{2, 3}, {4, 3}, {4}},
		"mkldnn_linear_backward_input":   {{2, 3}},
		"mkldnn_linear_backward_weights": {{4, 3}, {4}},
	}[s.Op.Func.Name.Name.Base]
	for i, k := range s.writes() {
		if i < len(outs) {
			s.setShape([]int{k}, outs[i])
		}
	}
}

// mkldnnPool gives mkldnn max pooling and its backward mkldnn tensors:
// input [1,2,4...], output and grad_output [1,2,2...], kernel and
// stride 2.
func mkldnnPool(s *Sample) {
	d := spatialRank(s.Op.Func.Name.Name.Base, s.Op)
	for _, n := range []string{"self", "input", "output", "grad_output"} {
		sh := spatial(d, 1, 2, 2)
		if n == "self" || n == "input" {
			sh = spatial(d, 1, 2, 4)
		}
		Shape(n, sh...)(s)
		Dtype(n, "float32")(s)
		Layout(n, Mkldnn)(s)
	}
	Ints("kernel_size", repeat(int64(2), d)...)(s)
	// the backward takes an empty stride as given, not as the kernel's
	Ints("stride", repeat(int64(2), d)...)(s)
	out := spatial(d, 1, 2, 2)
	if strings.HasSuffix(s.Op.Func.Name.Name.Base, "_backward") {
		out = spatial(d, 1, 2, 4)
	}
	for _, k := range s.writes() {
		s.setShape([]int{k}, out)
		s.spec(k).Layout = Mkldnn
	}
}

// fakeQuantParams gives learnable fake quantization's scale and
// zero_point one element (per tensor) or one per row of a [2,3] self (per
// channel).
func fakeQuantParams(s *Sample) {
	n := 1
	if strings.Contains(s.Op.Func.Name.Name.Base, "per_channel") {
		n = 2
	}
	Shape("scale", n)(s)
	Shape("zero_point", n)(s)
	Dtype("scale", "float32")(s)
	Dtype("zero_point", "float32")(s)
	Fill("zero_point", FillZeros)(s)
}

// jaggedOffsets makes the offsets list one int64 [3] tensor 0, 1, 2.
func jaggedOffsets(s *Sample) {
	tensorList(s, "offsets", []int{3})
	Dtype("offsets", "int64")(s)
	Fill("offsets", FillRange)(s)
}

// quantizedOut gives _make_per_{tensor,channel}_quantized_tensor's out the
// quantization of its op.
// perChannelOutDtype gives q_per_channel_scales' out float64 and
// q_per_channel_zero_points' int64, their results' dtypes.
func perChannelOutDtype(s *Sample) {
	d := "float64"
	if strings.HasSuffix(s.Op.Func.Name.Name.Base, "zero_points") {
		d = "int64"
	}
	Dtype("out", d)(s)
}

func quantizedOut(s *Sample) {
	l := Quantized
	if strings.Contains(s.Op.Func.Name.Name.Base, "per_channel") {
		l = QuantizedPerChannel
	}
	Shape("out", 2, 3)(s)
	Layout("out", l)(s)
}
