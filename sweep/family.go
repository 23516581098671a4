package sweep

import (
	"regexp"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// The hand-written samples, for the families the repair rules cannot reach
// from one message at a time: a convolution needs an input, a weight and
// a bias of matching channels and the int lists of its geometry at once.
// A family gives tensors their shapes and int lists their values by the
// argument's name; everything else is the variant's, as for any op.

// A fam is one family: the ops it covers (by base name), and the shapes
// and values of its arguments by name, per spatial rank (1, 2 or 3).
type fam struct {
	name    string
	ops     *regexp.Regexp
	tensors func(d int) map[string][]int // "" for the other tensors
	ints    func(d int) map[string][]int64
}

var families = []fam{
	{
		// input [N=1, C=2, 4...], weight [2, 2, 3...], bias [2]; stride and
		// dilation 1, padding 0: an output of [1, 2, 2...].
		name: "convolution",
		ops:  regexp.MustCompile(`^(_?convolution|conv[123]d|_?slow_conv\w*|thnn_conv\w*|_conv_depthwise2d|mkldnn_convolution|_nnpack_spatial_convolution|_convolution_mode|cudnn_convolution\w*|miopen_convolution\w*|conv_transpose[123]d|_mps_convolution\w*)$`),
		tensors: func(d int) map[string][]int {
			return map[string][]int{
				"input": spatial(d, 1, 2, 4), "self": spatial(d, 1, 2, 4), "weight": spatial(d, 2, 2, 3),
				"bias": {2}, "": spatial(d, 1, 2, 2),
			}
		},
		ints: func(d int) map[string][]int64 {
			return map[string][]int64{
				"stride": repeat(int64(1), d), "padding": repeat(int64(0), d), "dilation": repeat(int64(1), d),
				"output_padding": repeat(int64(0), d), "kernel_size": repeat(int64(3), d), "groups": {1},
				"bias_sizes": {2}, "pad": {0},
			}
		},
	},
	{
		// upsampling and its backward: an input [1, 2, 2...] to
		// output_size 4..., grad_output of the output's shape, input_size
		// the input's.
		name: "upsample",
		ops:  regexp.MustCompile(`^_?upsample_\w+$`),
		tensors: func(d int) map[string][]int {
			return map[string][]int{"grad_output": spatial(d, 1, 2, 4), "": spatial(d, 1, 2, 2)}
		},
		ints: func(d int) map[string][]int64 {
			in := []int64{1, 2}
			for range d {
				in = append(in, 2)
			}
			return map[string][]int64{"output_size": repeat(int64(4), d), "input_size": in}
		},
	},
	{
		// RNN cells: input [3, 4] (batch 3, features 4), hidden [3, 2];
		// w_ih [gates*2, 4], w_hh [gates*2, 2], biases [gates*2].
		name: "rnn cell",
		ops:  regexp.MustCompile(`^(rnn_tanh_cell|rnn_relu_cell|gru_cell|lstm_cell|quantized_\w+_cell)$`),
		tensors: func(d int) map[string][]int {
			g := d // gates: 1 rnn, 3 gru, 4 lstm
			return map[string][]int{
				"input": {3, 4}, "hx": {3, 2}, "w_ih": {g * 2, 4}, "w_hh": {g * 2, 2},
				"b_ih": {g * 2}, "b_hh": {g * 2}, "": {3, 2},
			}
		},
		ints: func(int) map[string][]int64 { return nil },
	},
}

// spatial returns [n, c, s, s...] with d spatial dims of size s.
func spatial(d, n, c, s int) []int {
	sh := []int{n, c}
	for range d {
		sh = append(sh, s)
	}
	return sh
}

// family returns the hand-written sample maker of the op's family, or
// nil. It fills s for variant vr and reports false when the family has
// no sample for that variant (it leaves the variant's own tensors be: the
// family's shapes serve the float variants).
func family(op *funcschema.Func) func(s *Sample, vr variant) bool {
	base := strings.TrimSuffix(op.Name.Name.Base, "_")
	for i := range families {
		f := &families[i]
		if !f.ops.MatchString(base) {
			continue
		}
		d := spatialRank(base, op)
		if f.name == "rnn cell" {
			d = map[bool]int{true: 4, false: 1}[strings.HasPrefix(strings.TrimPrefix(base, "quantized_"), "lstm")]
			if strings.Contains(base, "gru") {
				d = 3
			}
		}
		return func(s *Sample, vr variant) bool {
			if vr.Alias || !isFloating(vr.Tensor.Dtype) || len(vr.Tensor.Shape) == 0 {
				return false
			}
			fill(s, op, vr, f.tensors(d), f.ints(d))
			if f.name == "rnn cell" {
				// lstm's hx is [h, c]
				listLen(s, "hx", map[bool]int{true: 2, false: 1}[d == 4])
			}
			return true
		}
	}
	return nil
}

// spatialRank reads an op's spatial rank from its name (conv2d: 2) or the
// size of its int[N] arguments; 2 when neither says.
func spatialRank(base string, op *funcschema.Func) int {
	for _, d := range []string{"1d", "2d", "3d"} {
		if strings.Contains(base, d) {
			return int(d[0] - '0')
		}
	}
	for _, a := range op.Args() {
		if t := a.Type.Unopt(); t.Kind == funcschema.ListKind && t.Size > 0 && t.Elem.IsBaseLike(funcschema.Int) || t.Kind == funcschema.ListKind && t.Size > 0 && t.Elem.IsBaseLike(funcschema.SymInt) {
			return t.Size
		}
	}
	return 2
}

// fill builds the sample as For does, then gives the family's shapes and
// values by name.
func fill(s *Sample, op *funcschema.Func, vr variant, shapes map[string][]int, ints map[string][]int64) {
	vr.Alias = false
	b := builder{s: s, vr: vr, first: -1, base: -1}
	args := op.Args()
	s.Args = make([]Arg, len(args))
	for i, a := range args {
		s.Args[i] = b.arg(a)
		ar := &s.Args[i]
		if ar.Tensors != nil {
			sh, ok := shapes[a.Name]
			if !ok {
				sh = shapes[""]
			}
			for _, k := range ar.Tensors {
				s.Specs[k].Shape, s.Specs[k].Transposed = append([]int(nil), sh...), false
			}
		} else if v, ok := ints[a.Name]; ok && (ar.base() == funcschema.Int || ar.base() == funcschema.SymInt) {
			*ar = Arg{Schema: a, Ints: append([]int64(nil), v...)}
		}
	}
}
