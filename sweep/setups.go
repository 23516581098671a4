package sweep

import (
	"regexp"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// setupTable are the hand-written samples of the ops whose arguments depend on
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
var setupTable = []opSetup{
	{"negative log likelihood: target [2] of class indices < 3, weight [3]", re(`^nll_loss(_nd)?$`), []argEdit{
		withShape("self", 2, 3), withShape("target", 2), withDtype("target", "int64"), withShape("weight", 3),
	}},
	{"2-d negative log likelihood: input [2,3,2,2], target [2,2,2]", re(`^nll_loss2d$`), []argEdit{
		withShape("self", 2, 3, 2, 2), withShape("target", 2, 2, 2), withDtype("target", "int64"), withShape("weight", 3),
	}},
	{"cosine embedding loss: two [2,3] inputs, target [2] of ones", re(`^cosine_embedding_loss$`), []argEdit{
		withShape("input1", 2, 3), withShape("input2", 2, 3), withShape("target", 2), withFill("target", fillOnes),
	}},
	{"CTC loss: log_probs [T=1, N=2, C=3], targets [2,1] of class 1, lengths 1", re(`^_?ctc_loss$`), []argEdit{
		withShape("log_probs", 1, 2, 3), withShape("targets", 2, 1), withDtype("targets", "int64"), withFill("targets", fillOnes), withLayout("targets", ""),
		withShape("input_lengths", 2), withDtype("input_lengths", "int64"), withFill("input_lengths", fillOnes),
		withShape("target_lengths", 2), withDtype("target_lengths", "int64"), withFill("target_lengths", fillOnes),
		withInts("input_lengths", 1, 1), withInts("target_lengths", 1, 1),
	}},
	// the targets are class indices: a neg-bit variant would make them -1,
	// which _ctc_loss_backward reads out of bounds with (a crash, not a
	// finding of the asserts)
	{"CTC loss backward: the forward's [T=1, N=2, C=3] log_probs and [2,1] targets, grad and likelihood [2], log_alpha [2,1,3]", re(`^_ctc_loss_backward$`), []argEdit{
		withShape("grad", 2), withDtype("grad", "float32"), withShape("log_probs", 1, 2, 3), withDtype("log_probs", "float32"),
		withShape("targets", 2, 1), withDtype("targets", "int64"), withFill("targets", fillOnes), withLayout("targets", ""), withInts("input_lengths", 1, 1), withInts("target_lengths", 1, 1),
		withShape("input_lengths", 2), withDtype("input_lengths", "int64"), withFill("input_lengths", fillOnes), withLayout("input_lengths", ""),
		withShape("target_lengths", 2), withDtype("target_lengths", "int64"), withFill("target_lengths", fillOnes), withLayout("target_lengths", ""),
		withShape("neg_log_likelihood", 2), withDtype("neg_log_likelihood", "float32"), withShape("log_alpha", 2, 1, 3), withDtype("log_alpha", "float32"),
	}},
	// PyTorch takes a bool condition or mask only (uint8 is deprecated):
	// a library's kernel that refuses another dtype gets one, so that
	// where and the masked ops run on float and int values, not only on
	// the all-bool variant.
	{"where: a bool condition", re(`^where$`), []argEdit{withDtype("condition", "bool")}},
	{"masked ops: a bool mask", re(`^masked_(fill|scatter|select)$`), []argEdit{withDtype("mask", "bool")}},
	{"nuclear norm over two dims: self [2,3], dim [0,1]", re(`^nuclear_norm$`), []argEdit{withShape("self", 2, 3), withInts("dim", 0, 1)}},
	{"as_strided copy in bounds: self [2,3], size [2,3], stride [3,1], offset 0", re(`^as_strided_copy$`), []argEdit{
		withShape("self", 2, 3), withInts("size", 2, 3), withInts("stride", 3, 1), withInts("storage_offset", 0),
	}},
	{"to dense backward: grad [2,3] of a sparse COO input [2,3]", re(`^to_dense_backward$`), []argEdit{
		withShape("grad", 2, 3), withLayout("grad", ""), withShape("input", 2, 3), withLayout("input", SparseCOO),
	}},
	{"int_repr into a uint8 out", re(`^int_repr$`), []argEdit{withLayout("self", Quantized), withShape("out", 2, 3), withLayout("out", ""), withDtype("out", "uint8")}},
	{"per-channel scales and zero points into plain outs [2]", re(`^q_per_channel_(scales|zero_points)$`), []argEdit{
		withShape("self", 2, 3), withLayout("self", QuantizedPerChannel), withShape("out", 2), withLayout("out", ""), perChannelOutDtype,
	}},
	{"time-batch-channel convolution: self [4,1,2], weight [3,2,2], bias [2]", re(`^conv_tbc$`), []argEdit{
		withShape("self", 4, 1, 2), withShape("weight", 3, 2, 2), withShape("bias", 2), withInts("pad", 0),
	}},
	{"bilinear: input1 [2,3], input2 [2,4], weight [5,3,4], bias [5]", re(`^bilinear$`), []argEdit{
		withShape("input1", 2, 3), withShape("input2", 2, 4), withShape("weight", 5, 3, 4), withShape("bias", 5),
	}},
	{"instance norm: input [2,3,4], per-channel [3] statistics and affine", re(`^instance_norm$`), []argEdit{
		withShape("input", 2, 3, 4), withShape("weight", 3), withShape("bias", 3), withShape("running_mean", 3), withShape("running_var", 3),
		withBools("use_input_stats", true),
	}},
	{"unflatten: dim 0 of size 2 into sizes [1,2], named A and B", re(`^unflatten$`), []argEdit{
		withInts("sizes", 1, 2), withStrs("names", "A", "B"),
	}},
	{"einsum: an equation of the operands' ranks", re(`^einsum$`), []argEdit{einsumEquation}},
	{"full RNNs: input [2,3,4] (or packed data [2,4]), hidden [1,3,2], weights without biases", re(`^(lstm|gru|rnn_relu|rnn_tanh)$`), []argEdit{rnnSample}},
	{"stft: a [8] signal, n_fft 4, complex result", re(`^stft$`), []argEdit{
		withShape("self", 8), withInts("n_fft", 4), withAbsent("hop_length"), withAbsent("win_length"), withAbsent("window"),
		withBools("return_complex", true), withBools("center", true),
	}},
	{"istft: a complex [3,5] spectrum of n_fft 4", re(`^istft$`), []argEdit{
		withShape("self", 3, 5), withDtype("self", "complex64"), withInts("n_fft", 4), withAbsent("hop_length"), withAbsent("win_length"),
		withAbsent("window"), withBools("center", true), withBools("return_complex", false), withAbsent("length"), withAbsent("onesided"),
	}},
	{"LU solve: B [3,3], LU [3,3], int32 pivots [3] of ones (no swaps)", re(`^lu_solve$`), []argEdit{
		withShape("self", 3, 3), withShape("LU_data", 3, 3), withFill("LU_data", fillSPD), withShape("LU_pivots", 3), withDtype("LU_pivots", "int32"),
		withFill("LU_pivots", fillOnes),
	}},
	{"orgqr: input [3,3], tau [2]", re(`^orgqr$`), []argEdit{withShape("self", 3, 3), withShape("input2", 2)}},
	{"narrow by a tensor: start a 0-dim int64 0", re(`^narrow$`), []argEdit{withShape("start"), withDtype("start", "int64"), withFill("start", fillZeros), withInts("length", 1)}},
	{"randint_like by a tensor: high a 0-dim int64 1", re(`^randint_like$`), []argEdit{withShape("high"), withDtype("high", "int64"), withFill("high", fillOnes)}},
	{"affine grid: theta [1,2,3] to size [1,1,2,2]", re(`^affine_grid_generator$`), []argEdit{withShape("theta", 1, 2, 3), withInts("size", 1, 1, 2, 2)}},
	{"affine grid backward: grad [1,2,2,2] of size [1,1,2,2]", re(`^affine_grid_generator_backward$`), []argEdit{withShape("grad", 1, 2, 2, 2), withInts("size", 1, 1, 2, 2)}},
	{"tensor inverse: self [2,3,6] (a 6x6 matrix)", re(`^linalg_tensorinv$`), []argEdit{withShape("self", 2, 3, 6), withInts("ind", 2)}},
	{"int8 matmul: int8 [2,3] @ int8 [3,2] into int32", re(`^_int_mm$`), []argEdit{
		withShape("self", 2, 3), withDtype("self", "int8"), withShape("mat2", 3, 2), withDtype("mat2", "int8"), withShape("out", 2, 2), withDtype("out", "int32"),
	}},
	{"qkv bias and rescale: qkv [1,2,6], bias [6], one head", re(`^_transform_bias_rescale_qkv$`), []argEdit{withShape("qkv", 1, 2, 6), withShape("qkv_bias", 6), withInts("num_heads", 1)}},
	{"gradient with tensor spacing: one coordinate vector per dim", re(`^gradient$`), []argEdit{withShape("self", 2, 3), tensorSpacing}},
	{"searchsorted of a scalar: a sorted [3] sequence", re(`^searchsorted$`), []argEdit{withShape("sorted_sequence", 3), withFill("sorted_sequence", fillRange)}},
	{"set_ with an offset: size [2,3], stride [3,1], offset 0", re(`^set$`), []argEdit{withShape("source", 2, 3), withInts("storage_offset", 0), withInts("size", 2, 3), withInts("stride", 3, 1)}},
	{"spdiags: diagonals [2,3], offsets [0,1], shape [3,3], into a sparse COO out", re(`^_spdiags$`), []argEdit{
		withLayout("out", SparseCOO), withShape("out", 3, 3), withShape("diagonals", 2, 3), withShape("offsets", 2), withDtype("offsets", "int64"), withFill("offsets", fillRange), withInts("shape", 3, 3),
	}},
	{"complex from two real tensors", re(`^(complex|polar)$`), []argEdit{withDtype("real", "float32"), withDtype("imag", "float32"), withDtype("abs", "float32"), withDtype("angle", "float32"), withDtype("out", "complex64")}},
	{"view as complex: a last dim of 2", re(`^view_as_complex_copy$`), []argEdit{withShape("self", 3, 2), withShape("out", 3), withDtype("out", "complex64")}},
	{"per-tensor quantization to quint8", re(`^quantize_per_tensor(_dynamic)?$`), []argEdit{
		withStrs("dtype", "quint8"), withDtype("self", "float32"), withDtype("tensors", "float32"), withShape("scale"), withDtype("scale", "float64"),
		withShape("zero_point"), withDtype("zero_point", "int64"), withFill("zero_point", fillZeros), withDtype("scales", "float64"),
		withDtype("zero_points", "int64"), withFill("zero_points", fillZeros), withBools("reduce_range", false),
	}},
	{"per-channel quantization along dim 0 to quint8", re(`^quantize_per_channel$`), []argEdit{
		withShape("self", 2, 3), withDtype("self", "float32"), withShape("scales", 2), withDtype("scales", "float64"), withShape("zero_points", 2),
		withDtype("zero_points", "int64"), withFill("zero_points", fillZeros), withInts("axis", 0), withStrs("dtype", "quint8"),
		withShape("out", 2, 3), withLayout("out", QuantizedPerChannel),
	}},
	{"grouped matmul: two groups, self [2,2,4] @ mat2 [2,4,4] (3-d, so no offsets), rows of 16 bytes", re(`^_grouped_mm$`), []argEdit{
		withShape("self", 2, 2, 4), withDtype("self", "float32"), withShape("mat2", 2, 4, 4), withDtype("mat2", "float32"), withAbsent("offs"), withAbsent("bias"), withAbsent("out_dtype"),
	}},
	{"4-bit dynamic-quant matmul, the packing without KleidiAI: inp [1,2], packed_weights float [4] (2 weight bytes, then 2 channel scales), block size = in_features = 2", re(`^_dyn_quant_matmul_4bit$`), []argEdit{
		withShape("inp", 1, 2), withDtype("inp", "float32"), withShape("packed_weights", 4), withDtype("packed_weights", "float32"), withFill("packed_weights", fillOnes),
		withLayout("packed_weights", ""), withInts("block_size", 2), withInts("in_features", 2), withInts("out_features", 2),
	}},
	{"an empty per-channel quantized [2,3] out: scales and zero points [2] along dim 0", re(`^_empty_per_channel_affine_quantized$`), []argEdit{
		withInts("size", 2, 3), withShape("scales", 2), withDtype("scales", "float64"), withShape("zero_points", 2), withDtype("zero_points", "int64"),
		withFill("zero_points", fillZeros), withInts("axis", 0), withShape("out", 2, 3), withLayout("out", QuantizedPerChannel),
	}},
	{"quantized tensors from uint8 values", re(`^_make_per_(tensor|channel)_quantized_tensor$`), []argEdit{
		withShape("self", 2, 3), withDtype("self", "uint8"), withShape("scale", 2), withDtype("scale", "float64"), withShape("zero_point", 2),
		withDtype("zero_point", "int64"), withFill("zero_point", fillZeros), withInts("axis", 0), quantizedOut,
	}},
	{"quantized batch norm: quint8 input [1,2,4,4], per-channel [2] parameters", re(`^quantized_batch_norm$`), []argEdit{
		withPresent("weight"), withPresent("bias"), withShape("input", 1, 2, 4, 4), withDtype("input", "quint8"), withShape("weight", 2), withShape("bias", 2), withShape("mean", 2), withShape("var", 2),
	}},
	{"Sobol engine: int64 state [2,30], quasi [2], dimension 2", re(`^_sobol_engine_(draw|ff|initialize_state|scramble)$`), []argEdit{
		sobolSelf, withShape("quasi", 2), withDtype("quasi", "int64"), withShape("sobolstate", 2, 30), withDtype("sobolstate", "int64"),
		withShape("ltm", 2, 30, 30), withDtype("ltm", "int64"), withInts("dimension", 2), withInts("n", 1), withInts("num_generated", 0),
	}},
	{"AMP scale update: one-element scale, int32 growth tracker, found_inf", re(`^_amp_update_scale$`), []argEdit{
		withShape("self", 1), withShape("growth_tracker", 1), withDtype("growth_tracker", "int32"), withShape("found_inf", 1), withFill("found_inf", fillZeros),
		withInts("growth_interval", 1),
	}},
	{"embedding bag: weight [4,3], indices [4], offsets [0,1]", re(`^_?embedding_bag(_forward_only)?$`), []argEdit{
		withShape("weight", 4, 3), withShape("indices", 4), withDtype("indices", "int64"), withFill("indices", fillOnes), withShape("offsets", 2),
		withDtype("offsets", "int64"), withFill("offsets", fillRange), withInts("mode", 0), withBools("sparse", false), withBools("include_last_offset", false),
		withAbsent("per_sample_weights"), withAbsent("padding_idx"),
	}},
	{"embedding bag backward: four bags of one index each, grad [4,3], 4 weights, sum mode", re(`^_embedding_bag_((dense|sparse)_)?backward$`), []argEdit{
		withShape("grad", 4, 3), withShape("indices", 4), withDtype("indices", "int64"), withFill("indices", fillOnes), withShape("offsets", 4), withDtype("offsets", "int64"),
		withFill("offsets", fillRange), withShape("offset2bag", 4), withDtype("offset2bag", "int64"), withFill("offset2bag", fillRange), withShape("bag_size", 4),
		withDtype("bag_size", "int64"), withFill("bag_size", fillOnes), withShape("maximum_indices", 4, 3), withDtype("maximum_indices", "int64"),
		withFill("maximum_indices", fillZeros), withInts("num_weights", 4), withBools("scale_grad_by_freq", false), withInts("mode", 0),
		withAbsent("per_sample_weights"), withInts("padding_idx", -1), withBools("sparse", false),
	}},
	{"packed sequences: lengths and batch sizes of ones, [T=2,B=1,F=3] input", re(`^_(pack_padded_sequence|pack_padded_sequence_backward|pad_packed_sequence)$`), []argEdit{
		withShape("input", 2, 1, 3), withShape("lengths", 1), withDtype("lengths", "int64"), withFill("lengths", fillOnes), withBools("batch_first", false),
		withShape("grad", 2, 3), withInts("input_size", 2, 1, 3), withShape("batch_sizes", 2), withDtype("batch_sizes", "int64"), withFill("batch_sizes", fillOnes),
		withShape("data", 2, 3), withInts("total_length", 2),
	}},
	{"reshape by a tensor: self [1] to the shape [1]", re(`^_reshape_from_tensor$`), []argEdit{withShape("self", 1), withShape("shape", 1), withDtype("shape", "int64"), withFill("shape", fillOnes)}},
	{"row-wise prune: weight [2,3], a bool mask [2]", re(`^_rowwise_prune$`), []argEdit{withShape("weight", 2, 3), withShape("mask", 2), withDtype("mask", "bool"), withStrs("compressed_indices_dtype", "int32")}},
	{"int8 weight matmul: self [2,3], int8 mat2 [4,3], scales [4]", re(`^_weight_int8pack_mm$`), []argEdit{
		withShape("self", 2, 3), withShape("mat2", 4, 3), withDtype("mat2", "int8"), withShape("scales", 4),
	}},
	{"int4 weight packing: int32 weight [16,32] of 4-bit values, two inner k-tiles", re(`^_convert_weight_to_int4pack_for_cpu$`), []argEdit{
		withShape("self", 16, 32), withDtype("self", "int32"), withFill("self", fillOnes), withInts("innerKTiles", 2),
	}},
	{"int4 weight matmul: self [2,64] @ packed uint8 mat2 [16,32], groups of 32, scales and zeros [2,16,2]", re(`^_weight_int4pack_mm_for_cpu$`), []argEdit{
		withShape("self", 2, 64), withDtype("self", "float32"), withShape("mat2", 16, 32), withDtype("mat2", "uint8"), withFill("mat2", fillOnes), withInts("qGroupSize", 32),
		withShape("qScaleAndZeros", 2, 16, 2), withDtype("qScaleAndZeros", "float32"),
	}},
	{"native multi-head attention: [1,2,4] query, key, value, one head", re(`^_native(_decoder_only)?_multi_head_attention$`), []argEdit{
		withShape("query", 1, 2, 4), withShape("key", 1, 2, 4), withShape("value", 1, 2, 4), withInts("embed_dim", 4), withInts("num_head", 1),
		withShape("qkv_weight", 12, 4), withShape("qkv_bias", 12), withShape("proj_weight", 4, 4), withShape("proj_bias", 4), withAbsent("mask"), withAbsent("mask_type"),
		withAbsent("incr_key"), withAbsent("incr_value"),
	}},
	{"grid sampler backward: input [1,2,4,4], grid [1,2,2,2]", re(`^_grid_sampler_2d_cpu_fallback_backward$`), []argEdit{
		withShape("grad_output", 1, 2, 2, 2), withShape("input", 1, 2, 4, 4), withShape("grid", 1, 2, 2, 2), withInts("interpolation_mode", 0), withInts("padding_mode", 0),
	}},
	{"fractional max pooling: random samples [N, C, d]", re(`^fractional_max_pool[23]d$`), []argEdit{fractionalSamples}},
	{"sparse norm over every dim", re(`^native_norm$`), []argEdit{withInts("dim", 0, 1), withBools("keepdim", false)}},
	{"CSR sums and products keep the reduced dim", re(`^_sparse_csr_(sum|prod)$`), []argEdit{withBools("keepdim", true)}},
	{"sspaddmm: self [2,2], sparse mat1 [2,3], mat2 [3,2]", re(`^sspaddmm$`), []argEdit{
		withShape("self", 2, 2), withLayout("self", SparseCOO), withShape("mat1", 2, 3), withLayout("mat1", SparseCOO), withShape("mat2", 3, 2), withShape("out", 2, 2), withLayout("out", SparseCOO),
	}},
	{"sampled addmm into a CSR out", re(`^sparse_sampled_addmm$`), []argEdit{
		withShape("self", 2, 2), withLayout("self", SparseCSR), withShape("mat1", 2, 3), withShape("mat2", 3, 2), withShape("out", 2, 2), withLayout("out", SparseCSR),
	}},
	{"empty_permuted: size [2,3], physical layout [1,0]", re(`^empty_permuted$`), []argEdit{withInts("size", 2, 3), withInts("physical_layout", 1, 0), withShape("out", 2, 3)}},
	{"to sparse: a strided self into a sparse out", re(`^_?to_sparse(_csr|_csc)?$`), []argEdit{toSparseOut, withInts("sparse_dim", 2)}},
	{"to BSR: a strided self [2,3] into a BSR out of 1x1 blocks", re(`^_?to_sparse_bsr$`), []argEdit{
		withShape("self", 2, 3), withLayout("self", ""), withInts("blocksize", 1, 1), withAbsent("dense_dim"), withShape("out", 2, 3), withLayout("out", SparseBSR),
	}},
	{"to BSC: a strided self [2,3] into a BSC out of 1x1 blocks", re(`^_?to_sparse_bsc$`), []argEdit{
		withShape("self", 2, 3), withLayout("self", ""), withInts("blocksize", 1, 1), withAbsent("dense_dim"), withShape("out", 2, 3), withLayout("out", SparseBSC),
	}},
	{"to mkldnn: a strided self into an mkldnn out", re(`^to_mkldnn$`), []argEdit{withLayout("self", ""), withLayout("out", Mkldnn)}},
	{"mkldnn linear backward: mkldnn grad_output [2,4] and input [2,3], a dense weight [4,3]", re(`^mkldnn_linear_backward(_input|_weights)?$`), []argEdit{
		withShape("self", 2, 3), withLayout("self", Mkldnn), withShape("input", 2, 3), withLayout("input", Mkldnn), withShape("grad_output", 2, 4),
		withLayout("grad_output", Mkldnn), withShape("weight", 4, 3), withLayout("weight", ""), withInts("input_size", 2, 3), mkldnnLinearOuts,
	}},
	{"mkldnn linear: mkldnn self [2,3], weight [4,3], bias [4], into an mkldnn out [2,4]", re(`^mkldnn_linear$`), []argEdit{
		withShape("self", 2, 3), withLayout("self", Mkldnn), withShape("weight", 4, 3), withLayout("weight", Mkldnn), withShape("bias", 4), withLayout("bias", Mkldnn),
		withShape("out", 2, 4), withLayout("out", Mkldnn),
	}},
	{"nested view of a flat buffer [2]: two 1x1 components at offsets 0 and 1", re(`^_nested_view_from_buffer(_copy)?$`), []argEdit{
		withShape("self", 2), withShape("nested_size", 2, 2), withDtype("nested_size", "int64"), withFill("nested_size", fillOnes),
		withShape("nested_strides", 2, 2), withDtype("nested_strides", "int64"), withFill("nested_strides", fillOnes),
		withShape("offsets", 2), withDtype("offsets", "int64"), withFill("offsets", fillRange),
	}},
	{"mkldnn max pooling: mkldnn input [1,2,4...], kernel 2, output [1,2,2...]", re(`^mkldnn_max_pool[23]d(_backward)?$`), []argEdit{mkldnnPool}},
	{"batch norm with update: input [2,3], per-channel [3] statistics and affine", re(`^_batch_norm_with_update(_functional)?$`), []argEdit{
		withShape("input", 2, 3), withShape("weight", 3), withShape("bias", 3), withShape("running_mean", 3), withShape("running_var", 3),
		withShape("out", 2, 3), withShape("save_mean", 3), withShape("save_invstd", 3), withShape("reserve", 0),
	}},
	{"hspmm: a sparse COO mat1 [2,3], mat2 [3,2], into a sparse out", re(`^hspmm$`), []argEdit{
		withShape("mat1", 2, 3), withLayout("mat1", SparseCOO), withShape("mat2", 3, 2), withLayout("mat2", ""), withShape("out", 2, 2), withLayout("out", SparseCOO),
	}},
	{"learnable fake quantization backward: one scale and zero point (per tensor) or one per row (per channel)", re(`^_fake_quantize_learnable_per_(tensor|channel)_affine_backward$`), []argEdit{
		withShape("grad", 2, 3), withShape("self", 2, 3), fakeQuantParams, withInts("axis", 0), withInts("quant_min", 0), withInts("quant_max", 255),
	}},
	{"jagged to padded: values [2,3], offsets [[0,1,2]], max length 2", re(`^_jagged_to_padded_dense_forward$`), []argEdit{
		withShape("values", 2, 3), jaggedOffsets, withInts("max_lengths", 2),
	}},
	{"padded to jagged: dense [2,2,3], offsets [[0,1,2]]", re(`^_padded_dense_to_jagged_forward$`), []argEdit{
		withShape("dense", 2, 2, 3), jaggedOffsets, withAbsent("total_L"),
	}},
	{"the indices and values of a sparse COO tensor", re(`^(_indices|_values|indices|values|_sparse_broadcast_to)_copy$`), []argEdit{withLayout("self", SparseCOO)}},
	{"sparse COO from indices [2,2] and values [2] of size [2,3]", re(`^(sparse_coo_tensor|_sparse_coo_tensor_unsafe|_validate_sparse_coo_tensor_args|_sparse_coo_tensor_with_dims_and_tensors|_sparse_coo_tensor_with_dims)$`), []argEdit{
		withShape("indices", 2, 2), withDtype("indices", "int64"), withFill("indices", fillZeros), withLayout("indices", ""), withShape("values", 2), withLayout("values", ""),
		withInts("size", 2, 3), withInts("sparse_dim", 2), withInts("dense_dim", 0), withInts("layout", layoutSparseCOO), withAbsent("is_coalesced"),
	}},
	{"sparse CSR from compressed [0,1,2], plain [0,0], values [2] of size [2,3]", re(`^(sparse_compressed_tensor|sparse_csr_tensor|_sparse_compressed_tensor_unsafe|_validate_sparse_compressed_tensor_args|_validate_sparse_csr_tensor_args|_validate_compressed_sparse_indices|_sparse_compressed_tensor_with_dims)$`), []argEdit{
		compressedCSR, withInts("layout", layoutSparseCSR), withInts("size", 2, 3), withInts("nnz", 2), withInts("dense_dim", 0), withInts("blocksize"),
		withStrs("index_dtype", "int64"), withBools("is_crow", true), withInts("cdim", 2), withInts("dim", 3),
	}},
	{"sparse CSC from compressed [0,1,2,3], plain [0,0,0], values [3] of size [2,3]", re(`^(_validate_sparse_csc_tensor_args|sparse_csc_tensor)$`), []argEdit{
		compressedCSC, withInts("size", 2, 3),
	}},
	{"sparse BSR and BSC of 1x1 blocks", re(`^(sparse_bsr_tensor|sparse_bsc_tensor|_validate_sparse_bsr_tensor_args|_validate_sparse_bsc_tensor_args)$`), []argEdit{
		compressedCSR, compressedCSC, blockValues, withInts("size", 2, 3),
	}},
	{"sparse resize of a COO tensor to [2,3]", re(`^sparse_resize(_and_clear)?$`), []argEdit{
		withLayout("self", SparseCOO), withLayout("out", SparseCOO), withInts("size", 2, 3), withInts("sparse_dim", 2), withInts("dense_dim", 0),
	}},
}

// A opSetup is the hand-written sample of the ops whose base name (without
// an in-place op's trailing underscore) Ops matches.
type opSetup struct {
	Name  string
	Ops   *regexp.Regexp
	Edits []argEdit
}

// An argEdit changes a sample by argument name; an argument the op does not
// have is left be (one setup serves an op's overloads).
type argEdit func(s *Sample)

// setupOf returns the setup of op, or nil.
func setupOf(op *funcschema.Func) *opSetup {
	base := strings.TrimSuffix(op.Name.Name.Base, "_")
	for i := range setupTable {
		if setupTable[i].Ops.MatchString(base) {
			return &setupTable[i]
		}
	}
	return nil
}

// tensorArg returns the tensor argument named name (exactly), or nil.
func (s *Sample) tensorArg(name string) *Arg {
	for i := range s.Args {
		if a := &s.Args[i]; a.name() == name && a.Tensors != nil {
			return a
		}
	}
	return nil
}

// valueArg returns the non-tensor argument named name (exactly), or nil.
func (s *Sample) valueArg(name string) *Arg {
	for i := range s.Args {
		if a := &s.Args[i]; a.name() == name && a.Schema.Type.TensorForm() == funcschema.NotTensor {
			return a
		}
	}
	return nil
}

// Shape gives the tensors of the argument named name the shape (none:
// 0-dim; a 2-d shape keeps the variant's transposed view).
func withShape(name string, shape ...int) argEdit {
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
func withDtype(name, dtype string) argEdit {
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
func withFill(name, fill string) argEdit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			for _, k := range a.Tensors {
				s.spec(k).Fill = fill
			}
		}
	}
}

// Layout gives the tensors of the argument named name the layout.
func withLayout(name, layout string) argEdit {
	return func(s *Sample) {
		if a := s.tensorArg(name); a != nil {
			for _, k := range a.Tensors {
				sp := s.spec(k)
				sp.Layout, sp.Conj, sp.Neg = layout, false, false
				if layout != "" {
					sp.Transposed = false
				}
				if !isQuantizedLayout(layout) && isQuantized(sp.Dtype) {
					sp.Dtype = "float32"
				}
				if isQuantizedLayout(layout) && !isQuantized(sp.Dtype) {
					sp.Dtype = "quint8"
				}
			}
		}
	}
}

// PyTorch's numbers of the sparse layouts (c10::Layout), for a Layout
// argument.
const (
	layoutSparseCOO = 1
	layoutSparseCSR = 2
)

// Ints sets the int, int[] or enum (Layout, MemoryFormat, QScheme)
// argument named name.
func withInts(name string, v ...int64) argEdit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil {
			switch a.base() {
			case funcschema.Int, funcschema.SymInt, funcschema.Layout, funcschema.MemoryFormat, funcschema.QScheme:
				*a = Arg{Schema: a.Schema, Ints: append([]int64(nil), v...)}
			}
		}
	}
}

// Bools sets the bool argument named name.
func withBools(name string, v ...bool) argEdit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil && a.base() == funcschema.Bool {
			*a = Arg{Schema: a.Schema, Bools: append([]bool(nil), v...)}
		}
	}
}

// Strs sets the str, Dimname or ScalarType argument named name.
func withStrs(name string, v ...string) argEdit {
	return func(s *Sample) {
		if a := s.valueArg(name); a != nil && (a.base() == funcschema.Str || a.base() == funcschema.Dimname || a.base() == funcschema.ScalarType) {
			*a = Arg{Schema: a.Schema, Strs: append([]string(nil), v...)}
		}
	}
}

// Present gives the optional argument named name a value (a tensor like
// the first one) when the variant left it out.
func withPresent(name string) argEdit { return func(s *Sample) { s.present(name) } }

// Absent makes the optional argument named name None.
func withAbsent(name string) argEdit {
	return func(s *Sample) {
		for i := range s.Args {
			if a := &s.Args[i]; a.name() == name && a.Schema.Type.IsOptional() {
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
	g := map[string]int{"lstm": 4, "gru": 3}[strings.TrimSuffix(s.Func.Name.Name.Base, "_")]
	if g == 0 {
		g = 1
	}
	batch := 3
	if s.tensorArg("data") != nil {
		batch = 1
		withShape("data", 2, 4)(s)
		withShape("batch_sizes", 2)(s)
		withDtype("batch_sizes", "int64")(s)
		withFill("batch_sizes", fillOnes)(s)
		withLayout("batch_sizes", "")(s)
	}
	withShape("input", 2, batch, 4)(s)
	withShape("hx", 1, batch, 2)(s)
	if g == 4 {
		tensorList(s, "hx", []int{1, batch, 2}, []int{1, batch, 2})
	}
	tensorList(s, "params", []int{g * 2, 4}, []int{g * 2, 2})
	withBools("has_biases", false)(s)
	withInts("num_layers", 1)(s)
	withBools("bidirectional", false)(s)
	withBools("batch_first", false)(s)
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
	withFill("spacing", fillRange)(s)
	withAbsent("dim")(s)
}

// sobolSelf gives the Sobol engine's in-place ops their self: the quasi
// vector [2] (ff_) or the state [2,30] (initialize_state_, scramble_),
// int64; scramble_'s ltm is [2,30,30].
func sobolSelf(s *Sample) {
	switch strings.TrimSuffix(s.Func.Name.Name.Base, "_") {
	case "_sobol_engine_ff":
		withShape("self", 2)(s)
	case "_sobol_engine_initialize_state", "_sobol_engine_scramble":
		withShape("self", 2, 30)(s)
	default:
		return
	}
	withDtype("self", "int64")(s)
}

// fractionalSamples gives fractional max pooling an input [1,2,4...],
// kernel 2, output 2, and random samples [1,2,d] in [0,1).
func fractionalSamples(s *Sample) {
	d := spatialRank(s.Func.Name.Name.Base, s.Func)
	withShape("self", spatial(d, 1, 2, 4)...)(s)
	withShape("random_samples", 1, 2, d)(s)
	withFill("random_samples", fillZeros)(s)
	withInts("kernel_size", repeat(int64(2), d)...)(s)
	withInts("output_size", repeat(int64(2), d)...)(s)
	withShape("output", spatial(d, 1, 2, 2)...)(s)
	withShape("indices", spatial(d, 1, 2, 2)...)(s)
	withDtype("indices", "int64")(s)
}

// toSparseOut makes self strided and the out of the op's layout (COO, CSR
// for _to_sparse_csr, CSC for _to_sparse_csc).
func toSparseOut(s *Sample) {
	l := SparseCOO
	switch {
	case strings.HasSuffix(s.Func.Name.Name.Base, "_csr"):
		l = SparseCSR
	case strings.HasSuffix(s.Func.Name.Name.Base, "_csc"):
		l = SparseCSC
	}
	withLayout("self", "")(s)
	withShape("self", 2, 3)(s)
	withLayout("out", l)(s)
	withShape("out", 2, 3)(s)
}

// compressedCSR gives a compressed sparse row tensor of size [2,3]: one
// entry in column 0 of each row (compressed indices [0,1,2], plain
// indices [0,0], values [2]), by the names of the CSR, BSR and generic
// constructors.
func compressedCSR(s *Sample) {
	for _, n := range []string{"compressed_indices", "crow_indices", "compressed_idx"} {
		withShape(n, 3)(s)
		withFill(n, fillRange)(s)
		withDtype(n, "int64")(s)
		withLayout(n, "")(s)
	}
	for _, n := range []string{"plain_indices", "col_indices", "plain_idx"} {
		withShape(n, 2)(s)
		withFill(n, fillZeros)(s)
		withDtype(n, "int64")(s)
		withLayout(n, "")(s)
	}
	withShape("values", 2)(s)
	withLayout("values", "")(s)
}

// compressedCSC gives a compressed sparse column tensor of size [2,3]:
// one entry in row 0 of each column (ccol indices [0,1,2,3], row indices
// [0,0,0], values [3]).
func compressedCSC(s *Sample) {
	if s.tensorArg("ccol_indices") == nil {
		return
	}
	withShape("ccol_indices", 4)(s)
	withFill("ccol_indices", fillRange)(s)
	withDtype("ccol_indices", "int64")(s)
	withShape("row_indices", 3)(s)
	withFill("row_indices", fillZeros)(s)
	withDtype("row_indices", "int64")(s)
	withShape("values", 3)(s)
	for _, n := range []string{"ccol_indices", "row_indices", "values"} {
		withLayout(n, "")(s)
	}
}

// blockValues makes the values of a block sparse tensor 1x1 blocks.
func blockValues(s *Sample) {
	if a := s.tensorArg("values"); a != nil {
		sh := s.Specs[s.root(a.Tensors[0])].Shape
		withShape("values", append(append([]int(nil), sh...), 1, 1)...)(s)
	}
}

// mkldnnLinearOuts gives the outs of mkldnn_linear_backward's overloads
// the shapes of the gradients of [2,3] input, [4,3] weight and [4] bias.
func mkldnnLinearOuts(s *Sample) {
	outs := map[string][][]int{
		"mkldnn_linear_backward":         {{2, 3}, {4, 3}, {4}},
		"mkldnn_linear_backward_input":   {{2, 3}},
		"mkldnn_linear_backward_weights": {{4, 3}, {4}},
	}[s.Func.Name.Name.Base]
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
	d := spatialRank(s.Func.Name.Name.Base, s.Func)
	for _, n := range []string{"self", "input", "output", "grad_output"} {
		sh := spatial(d, 1, 2, 2)
		if n == "self" || n == "input" {
			sh = spatial(d, 1, 2, 4)
		}
		withShape(n, sh...)(s)
		withDtype(n, "float32")(s)
		withLayout(n, Mkldnn)(s)
	}
	withInts("kernel_size", repeat(int64(2), d)...)(s)
	// the backward takes an empty stride as given, not as the kernel's
	withInts("stride", repeat(int64(2), d)...)(s)
	out := spatial(d, 1, 2, 2)
	if strings.HasSuffix(s.Func.Name.Name.Base, "_backward") {
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
	if strings.Contains(s.Func.Name.Name.Base, "per_channel") {
		n = 2
	}
	withShape("scale", n)(s)
	withShape("zero_point", n)(s)
	withDtype("scale", "float32")(s)
	withDtype("zero_point", "float32")(s)
	withFill("zero_point", fillZeros)(s)
}

// jaggedOffsets makes the offsets list one int64 [3] tensor 0, 1, 2.
func jaggedOffsets(s *Sample) {
	tensorList(s, "offsets", []int{3})
	withDtype("offsets", "int64")(s)
	withFill("offsets", fillRange)(s)
}

// quantizedOut gives _make_per_{tensor,channel}_quantized_tensor's out the
// quantization of its op.
// perChannelOutDtype gives q_per_channel_scales' out float64 and
// q_per_channel_zero_points' int64, their results' dtypes.
func perChannelOutDtype(s *Sample) {
	d := "float64"
	if strings.HasSuffix(s.Func.Name.Name.Base, "zero_points") {
		d = "int64"
	}
	withDtype("out", d)(s)
}

func quantizedOut(s *Sample) {
	l := Quantized
	if strings.Contains(s.Func.Name.Name.Base, "per_channel") {
		l = QuantizedPerChannel
	}
	withShape("out", 2, 3)(s)
	withLayout("out", l)(s)
}
