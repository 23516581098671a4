package sweep

import (
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// messageRules are the repairs, first match first: each reads an error message
// of a kernel (PyTorch's wording; another runtime's messages that say the
// same get the same repair) and changes the sample. rules_test.go holds a
// real message for each.
var messageRules = []messageRule{
	// dtypes
	{"dtype not implemented", re(`not implemented for '(\w+)'`), func(s *Sample, m []string) bool { return away(s, dtypeOf(m[1])) }},
	{"dtype not implemented", re(`Type (\w+) is not a member of|Unsupported type (\w+)|type (\w+) not supported|No methods found for \w+ for (\w+)`), func(s *Sample, m []string) bool {
		return away(s, dtypeOf(m[1]+m[2]+m[3]+m[4]))
	}},
	{"dtype not supported", re(`[Dd]type (\w+) ?not supported|ScalarType (\w+) is not supported`), func(s *Sample, m []string) bool {
		return away(s, dtypeOf(m[1]+m[2]))
	}},
	{"quantized dtype", re(`requires quantized dtype|not supported in new_qtensor|expects a quantized`), func(s *Sample, m []string) bool { return scalarTypes(s, "quint8") }},
	{"named dtype", re(`argument #\d+ '(\w+)' to have (?:one of the following )?scalar types?:? (\w+)`), func(s *Sample, m []string) bool { return toDtype(s, m[1], m[2], "") }},
	{"named dtype", re(`'?(\w+)'? (?:should be a Tensor of scalar type|must have dtype|needs to be of type|to be of ScalarType|to be of dtype|argument should be a \w+ CPU) (?:torch\.)?(\w+)`), func(s *Sample, m []string) bool {
		return toDtype(s, m[1], m[2], "")
	}},
	{"named dtype", re(`expects? (\w+) to (?:be|have) (?:k)?(\w+)(?: tensor| dtype)?`), func(s *Sample, m []string) bool { return toDtype(s, m[1], m[2], "") }},
	{"named dtype", re(`(\w+)\.scalar_type\(\) == (?:at::)?k(\w+) INTERNAL ASSERT`), func(s *Sample, m []string) bool { return toDtype(s, m[1], m[2], "") }},
	{"integral tensor", re(`(\w+) must be integral|(\w+) needs to be of type Long|(\w+) must be an? \d-dim integral`), func(s *Sample, m []string) bool {
		return toDtype(s, m[1]+m[2]+m[3], "Long", "")
	}},
	{"bool tensor", re(`(\w+) should be a boolean tensor|Expected (\w+) to be of ScalarType Bool`), func(s *Sample, m []string) bool { return toDtype(s, m[1]+m[2], "Bool", "") }},
	{"float tensor", re(`Expected floating point type for (\w+)`), func(s *Sample, m []string) bool { return toDtype(s, m[1], "Float", "") }},
	{"out dtype", re(`Expected out tensor to have dtype (bool|int|long int|Long|float|double|unsigned char|signed char|c10::complex<float>|c10::complex<double>|c10::quint8|c10::qint8|c10::qint32), but got (\w+)`), func(s *Sample, m []string) bool {
		return oneOut(s, dtypeOf(m[2]), dtypeOf(m[1]))
	}},
	{"out dtype", re(`Expected result to be of dtype (\w+)`), func(s *Sample, m []string) bool { return s.setDtype(s.writes(), dtypeOf(m[1])) }},
	{"out dtype", re(`expects (Long|Int|Bool|Float) tensor out`), func(s *Sample, m []string) bool { return s.setDtype(s.writes(), dtypeOf(m[1])) }},
	{"int scalars", re(`result type Float can't be cast to the desired output type (?:Long|Int|Short|Char|Byte|Bool)`), func(s *Sample, m []string) bool {
		return intScalars(s)
	}},
	{"out dtype", re(`result type (\w+) can't be cast to the desired output type (\w+)`), func(s *Sample, m []string) bool {
		return s.setDtype(s.writes(), dtypeOf(m[1]))
	}},
	{"complex out", re(`expects a complex output tensor`), func(s *Sample, m []string) bool { return s.setDtype(s.writes(), "complex64") }},
	{"complex", re(`is_complex\(\) to be true|only supported for complex tensors|Only supports complex dtypes|complex-valued input|non-complex dtypes|isComplexType|expects? a complex`), func(s *Sample, m []string) bool {
		return s.setDtype(s.ofDtype("float32"), "complex64") || s.setDtype(s.ofDtype("float64"), "complex128")
	}},
	{"expected dtype", re(`expected scalar type (\w+) but found (\w+)|Expected object of scalar type (\w+) but got scalar type (\w+)`), func(s *Sample, m []string) bool {
		return toDtype(s, "-", m[1]+m[3], m[2]+m[4])
	}},
	{"expected dtype", re(`only works on (\w+) Tensor, got (\w+)`), func(s *Sample, m []string) bool { return toDtype(s, "-", m[1], m[2]) }},
	{"expected dtype", re(`Found dtype (\w+) but expected (\w+)`), func(s *Sample, m []string) bool { return toDtype(s, "-", m[2], m[1]) }},
	{"same dtype", re(`(?:to have the same dtype|must have the same dtype|same scalar type|dtypes? (?:must|should) match)`), func(s *Sample, m []string) bool {
		ks := s.tensors()
		return len(ks) > 1 && s.setDtype(ks[1:], s.Specs[ks[0]].Dtype)
	}},

	// layouts
	{"sparse layout", re(`expected sparse coordinate tensor layout|can only be called on sparse tensors|expected sparse tensor layout|values expected sparse tensor`), func(s *Sample, m []string) bool {
		return layout(s, SparseCOO, false)
	}},
	{"uncoalesced", re(`!self\.is_coalesced\(\)`), func(s *Sample, m []string) bool { return layout(s, SparseCOOUncoalesced, false) }},
	{"sparse column layout", re(`expected sparse column compressed tensor layout`), func(s *Sample, m []string) bool { return layout(s, SparseCSC, false) }},
	{"sparse compressed layout", re(`expected sparse (?:row )?compressed tensor layout`), func(s *Sample, m []string) bool { return layout(s, SparseCSR, false) }},
	{"backend of a layout", re(`only available for these backends: \[[^\]]*\bSparseCPU\b`), func(s *Sample, m []string) bool { return layout(s, SparseCOO, false) }},
	{"backend of a layout", re(`only available for these backends: \[[^\]]*\bSparseCsrCPU\b`), func(s *Sample, m []string) bool { return layout(s, SparseCSR, false) }},
	{"per-channel quantized", re(`qscheme\(\) == kPerChannelAffine|only works with same qscheme`), func(s *Sample, m []string) bool {
		return layout(s, QuantizedPerChannel, false) || perChannelOuts(s)
	}},
	{"backend of a layout", re(`only available for these backends: \[[^\]]*\bQuantizedCPU\b`), func(s *Sample, m []string) bool { return layout(s, Quantized, true) }},
	{"backend of a layout", re(`only available for these backends: \[[^\]]*\bMkldnnCPU\b|between mkldnn layout and dense`), func(s *Sample, m []string) bool { return layout(s, Mkldnn, true) }},

	// autograd
	{"requires grad", re(`does not require grad|requires_grad=False|requires grad`), func(s *Sample, m []string) bool {
		changed := false
		for _, k := range s.tensors() {
			if sp := s.spec(k); (isFloating(sp.Dtype) || isComplex(sp.Dtype)) && !sp.RequiresGrad {
				sp.RequiresGrad, changed = true, true
			}
		}
		return changed
	}},

	// named tensors: a Dimname is looked up in unnamed tensors
	{"named dims", re(`Name '\w+' not found in Tensor\[`), func(s *Sample, m []string) bool { return nameDims(s) }},
	{"second dim name", re(`diagonal dimensions cannot be identical`), func(s *Sample, m []string) bool {
		a := s.arg("dim2")
		if a == nil || len(a.Strs) != 1 || a.Strs[0] == DimNames(2)[1] {
			return false
		}
		a.Strs[0] = DimNames(2)[1]
		return true
	}},

	{"grad mode off", re(`!GradMode::is_enabled\(\)`), func(s *Sample, m []string) bool {
		changed := !s.NoGrad
		s.NoGrad = true
		return changed
	}},
	{"inference mode", re(`InferenceMode::is_enabled\(\) && \w+\.is_inference\(\)`), func(s *Sample, m []string) bool {
		changed := !s.Inference
		s.Inference = true
		return changed
	}},
	{"forward-AD level", re(`Invalid level given to _make_dual`), func(s *Sample, m []string) bool {
		changed := !s.DualLevel && s.arg(DualLevelArg) != nil
		s.DualLevel = s.DualLevel || changed
		return changed
	}},

	// ranks
	{"dim in range", re(`Dimension out of range \(expected to be in range of \[(-?\d+), (-?\d+)\], but got (-?\d+)\)`), func(s *Sample, m []string) bool {
		return dims(s, atoi(m[1]), atoi(m[2]), atoi(m[3]))
	}},
	{"dim in range", re(`Dimension out of range \(expected to be between (-?\d+) and (-?\d+), but got (-?\d+)(?: at index \d+)?\)`), func(s *Sample, m []string) bool {
		return dims(s, atoi(m[1]), atoi(m[2]), atoi(m[3]))
	}},
	{"named rank", re(`Expected (\w+) to be a tensor of dimension (\d+)`), func(s *Sample, m []string) bool { return rank(s, m[1], atoi(m[2])) }},
	{"named rank", re(`non-empty (\d)D or (\d)D (?:\(batch mode\) )?tensor expected for (\w+)`), func(s *Sample, m []string) bool {
		return rank(s, m[3], atoi(m[2]))
	}},
	{"named rank", re(`expected (\d)-D ` + "`" + `(\w+)` + "`"), func(s *Sample, m []string) bool { return rank(s, m[2], atoi(m[1])) }},
	{"named rank", re(`(\w+) must be a (\d)D tensor|(\w+) should be a (\d)-D tensor|(\w+) tensor must have dimension (\d)|(\w+) tensor must be (\d) dimension`), func(s *Sample, m []string) bool {
		return rank(s, m[1]+m[3]+m[5]+m[7], atoi(m[2]+m[4]+m[6]+m[8]))
	}},
	{"named rank", re(`(\d)D or (\d)D (\w+) tensor expected|spatial (\w+) supported \((\d)D tensors\)`), func(s *Sample, m []string) bool {
		if m[3] != "" {
			return rank(s, m[3], atoi(m[1]))
		}
		return rank(s, m[4], atoi(m[5]))
	}},
	{"named rank", re(`(\w+) is supposed to be a vector|(\w+) must be scalar or vector|(\w+) must be 0-dim or 1-dim|Expected 1-D argument (\w+)`), func(s *Sample, m []string) bool {
		return rank(s, m[1]+m[2]+m[3]+m[4], 1)
	}},
	{"named rank", re(`(\w+) must be a scalar tensor|only supports a 0-dimensional (\w+) tensor`), func(s *Sample, m []string) bool { return rank(s, m[1]+m[2], 0) }},
	{"input rank", re(`Expected (\d)D (?:\(unbatched\) )?or (\d)D (?:\(batched\) )?input|should be a (\d)d or (\d)d Tensor|Expected (\d)D or (\d)D tensor|needs (\d)d \(spatial\) or (\d)d|Expected (\d)D or (\d)D`), func(s *Sample, m []string) bool {
		return rank(s, "input", atoi(m[2]+m[4]+m[6]+m[8]+m[10]))
	}},
	{"input rank", re(`input tensor of rank (\d)`), func(s *Sample, m []string) bool { return rank(s, "input", atoi(m[1])) }},
	{"input rank", re(`[Ee]xpected (\d)D input tensor|non-empty (\d)D input tensor|Input must have (\d) dims|(\d)D stride expected|must be (\d)-dimensional`), func(s *Sample, m []string) bool {
		return rank(s, "input", atoi(m[1]+m[2]+m[3]+m[4]+m[5]))
	}},
	{"input rank", re(`Expected input\.dim\(\) > (\d)|expects input with > (\d) dims`), func(s *Sample, m []string) bool {
		return rank(s, "input", atoi(m[1]+m[2])+1)
	}},
	{"input rank", re(`expects (\d)D input, but got input|expects input to have at least (\d) dimensions`), func(s *Sample, m []string) bool {
		return rank(s, "input", atoi(m[1]+m[2]))
	}},
	{"named rank", re(`Expected (\d)-dimensional tensor, but got \d-dimensional tensor for argument #\d+ '(\w+)'|'(\w+)' argument should be a (\d)D`), func(s *Sample, m []string) bool {
		if m[2] != "" {
			return rank(s, m[2], atoi(m[1]))
		}
		return rank(s, m[3], atoi(m[4]))
	}},
	{"named rank", re(`(\w+) tensor should have one dimension`), func(s *Sample, m []string) bool { return rank(s, m[1], 1) }},
	{"named rank", re(`Expect (\w+) to have (\d+) dimensions|(\w+) tensor must have (\d) dims|packed scalar (\w+) to be of dimension (\d)`), func(s *Sample, m []string) bool {
		return rank(s, m[1]+m[3]+strings.ReplaceAll(m[5], "Tensor", "scalars"), atoi(m[2]+m[4]+m[6]))
	}},
	{"not 0-dim", re(`but tensor has no dimensions`), func(s *Sample, m []string) bool {
		var ks []int
		for _, k := range s.tensors() {
			if len(s.Specs[k].Shape) == 0 {
				ks = append(ks, k)
			}
		}
		return s.setShape(ks, []int{3})
	}},
	{"input rank", re(`should be a (\d)D tensor|must be (\d)D or (\d)D tensor|expected (\d)D input and grid`), func(s *Sample, m []string) bool {
		if m[1]+m[4] != "" {
			return rank(s, "input", atoi(m[1]+m[4]))
		}
		return rank(s, "input", atoi(m[3]))
	}},
	{"not 0-dim", re(`cannot be applied to a 0-dim tensor`), func(s *Sample, m []string) bool {
		var ks []int
		for _, k := range s.tensors() {
			if len(s.Specs[k].Shape) == 0 {
				ks = append(ks, k)
			}
		}
		return s.setShape(ks, []int{1})
	}},
	{"rank", re(`TensorAccessor expected (\d+) dims but tensor has (\d+)`), func(s *Sample, m []string) bool {
		var ks []int
		for _, k := range s.tensors() {
			if len(s.Specs[k].Shape) == atoi(m[2]) {
				ks = append(ks, k)
			}
		}
		return s.setRank(ks, atoi(m[1]))
	}},

	// shapes
	{"broadcast", re(`The size of tensor a \(\d+\) must match the size of tensor b|must match the size|size mismatch|shapes? mismatch|same shape|same size|same number of elements`), func(s *Sample, m []string) bool {
		return sameShape(s)
	}},
	{"out shape", re(`output with shape \[([\d, ]*)\] doesn't match the broadcast shape \[([\d, ]*)\]`), func(s *Sample, m []string) bool {
		return outShape(s, ints(m[1]), ints(m[2]))
	}},
	{"matmul shapes", re(`shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)`), func(s *Sample, m []string) bool {
		ks := s.tensors()
		for _, k := range ks[min(1, len(ks)):] {
			if sh := s.Specs[k].Shape; len(sh) == 2 && sh[0] == atoi(m[3]) && sh[1] == atoi(m[4]) {
				return s.setShape([]int{k}, []int{atoi(m[2]), atoi(m[4])})
			}
		}
		return false
	}},
	{"vector matrix vector", re(`vector \+ matrix @ vector expected`), func(s *Sample, m []string) bool {
		ks := s.tensors()
		if len(ks) < 3 {
			return false
		}
		c0 := s.setShape(ks[:1], []int{2})
		c1 := s.setShape(ks[1:2], []int{2, 3})
		return s.setShape(ks[2:3], []int{3}) || c0 || c1
	}},
	{"square matrix", re(`square matri|must be a square|Expected a square|must be batches of square`), func(s *Sample, m []string) bool { return square(s, "") }},
	{"positive-definite", re(`positive.definite|singular|not invertible|could not be completed`), func(s *Sample, m []string) bool { return square(s, fillSPD) }},
	{"tall matrix", re(`input\.shape\[-2\] must be greater than or equal to input\.shape\[-1\]`), func(s *Sample, m []string) bool {
		return s.setShape(s.named("input"), []int{3, 2})
	}},
	{"slice size", re(`expected (\w+) to have a size equal to the slice of self\. \w+ size = \[[\d, ]*\], slice size = \[([\d, ]*)\]`), func(s *Sample, m []string) bool {
		return s.setShape(s.named(m[1]), ints(m[2]))
	}},
	{"n-element tensor", re(`(\w+) must be a (\d+)-element tensor|(\w+) should contain (\d+) elements`), func(s *Sample, m []string) bool {
		return s.setShape(s.named(m[1]+m[3]), []int{atoi(m[2] + m[4])})
	}},
	{"leading dims", re(`first two dimensions of (\w+) tensor to be: \[(\d+), (\d+)\]`), func(s *Sample, m []string) bool {
		ks := s.named(m[1])
		if len(ks) == 0 && m[1] == "batch2" {
			// bmm's check names its second operand batch2 (baddbmm's
			// name); bmm's schema calls it mat2
			ks = s.named("mat2")
		}
		if len(ks) == 0 || len(s.Specs[ks[0]].Shape) < 2 {
			return false
		}
		sh := append([]int(nil), s.Specs[ks[0]].Shape...)
		sh[0], sh[1] = atoi(m[2]), atoi(m[3])
		return s.setShape(ks, sh)
	}},
	{"embed dim", re(`embed_dim (\d+) didn't match last dim of query (\d+)`), func(s *Sample, m []string) bool { return s.setInts("embed_dim", int64(atoi(m[2]))) }},
	{"last dim", re(`must have a last dimension of size (\d+)`), func(s *Sample, m []string) bool { return lastDim(s, s.tensors(), atoi(m[1])) }},
	{"last dim", re(`(\w+) must have shape (?:\(\d+,\) or )?\(\*batch, (\d+)\)`), func(s *Sample, m []string) bool { return lastDim(s, s.named(m[1]), atoi(m[2])) }},
	{"last dim", re(`expected (\w+) to have size (\d+) in last dimension`), func(s *Sample, m []string) bool { return lastDim(s, s.named(m[1]), atoi(m[2])) }},
	{"one element", re(`with (\d+) elements cannot be converted to Scalar|must be a scalar|only one element tensors`), func(s *Sample, m []string) bool { return oneElement(s) }},
	{"valid index", re(`index (-?\d+) is out of bounds|[Ii]ndex out of range|out of bounds for dimension|index .* out of range|indices? .*out of (?:range|bounds)|current < index_size`), func(s *Sample, m []string) bool {
		return indexZeros(s)
	}},

	// lists and values
	{"list sum", re(`(\w+) to sum exactly to (\d+)`), func(s *Sample, m []string) bool {
		return s.setInts(m[1], int64(atoi(m[2]))) || setList(s, m[1], atoi(m[2]))
	}},
	{"list length", re(`It is expected (\w+) equals to (\d+)|(\w+) length should be (\d+)|expected (\w+) to be a single integer value or a list of (\d+) values|(\w+) must be a (\d+)-tuple`), func(s *Sample, m []string) bool {
		return listLen(s, m[1]+m[3]+m[5]+m[7], atoi(m[2]+m[4]+m[6]+m[8]))
	}},
	{"list length", re(`The size of (\w+) must be equal to the innermost dimension of the input`), func(s *Sample, m []string) bool {
		sh := s.shapeOf("input")
		return len(sh) > 0 && listLen(s, m[1], sh[len(sh)-1])
	}},
	{"list length", re(`expected (\d+) sequences of bin edges`), func(s *Sample, m []string) bool { return listLen(s, "bins", atoi(m[1])) }},
	{"empty list", re(`Expected (\w+)\.empty\(\) to be true`), func(s *Sample, m []string) bool { return listLen(s, m[1], 0) }},
	{"one of two", re(`[Mm]ust specify exactly one of (\w+) and (\w+)`), func(s *Sample, m []string) bool {
		return s.present(m[1]) || s.absent(m[2])
	}},
	{"present", re(`(\w+) must be provided`), func(s *Sample, m []string) bool { return s.present(strings.ToLower(m[1])) }},
	{"present", re(`(\w+) must be defined|Either (\w+) or (\w+) must be defined|Expected (\w+) and (\w+) to be defined`), func(s *Sample, m []string) bool {
		return s.present(m[1]+m[2]+m[4]) || s.present(m[5])
	}},
	{"low below high", re(`expects 'from' to be less than 'to'|low >= high|from=\d+ >= to=\d+`), func(s *Sample, m []string) bool {
		return s.setInts("low", 0) || s.setInts("high", 3) || s.setInts("from", 0) || s.setInts("to", 3)
	}},
	{"string choice", re(`(\w+)(?: argument)? must be (?:either|one of) "?(\w+)"?|Expected (\w+) to be one of (\w+)`), func(s *Sample, m []string) bool {
		return setStr(s, m[1]+m[3], m[2]+m[4])
	}},
	{"string choice", re(`invalid norm type`), func(s *Sample, m []string) bool { return setStr(s, "p", "fro") }},
	{"no padding", re(`pad should be at most half of effective kernel size`), func(s *Sample, m []string) bool {
		a := s.arg("padding")
		if a == nil || a.Tensors != nil || len(a.Ints) == 0 || a.Ints[0] == 0 {
			return false
		}
		*a = Arg{Schema: a.Schema, Ints: make([]int64, len(a.Ints))}
		return true
	}},
	{"grad width", re(`(?:gradOutput|grad_output) width unexpected\. Expected: (\d+),? Got`), func(s *Sample, m []string) bool {
		return lastDim(s, s.named("grad_output"), atoi(m[1]))
	}},
	{"string choice", re(`Invalid padding string`), func(s *Sample, m []string) bool { return setStr(s, "padding", "valid") }},
	{"string choice", re(`Order (\w+) not supported`), func(s *Sample, m []string) bool { return setStr(s, "ord", "fro") }},
	{"distinct dims", re(`dimensions cannot be identical`), func(s *Sample, m []string) bool { return s.setInts("dim2", 1) || s.setInts("dim1", 1) }},
	{"narrow length", re(`start \((\d+)\) \+ length \((\d+)\) exceeds dimension size`), func(s *Sample, m []string) bool { return s.setInts("length", 1) }},
	{"size of the shape", re(`number of sizes provided \((\d+)\) must be greater or equal to the number of dimensions|shape '\[[-\d, ]*\]' is invalid for input of size|don't multiply up to the size`), func(s *Sample, m []string) bool {
		return sizeList(s)
	}},
}

// setList sets the int[] argument named name to [n].
func setList(s *Sample, name string, n int) bool {
	a := s.arg(name)
	if a == nil || a.Tensors != nil || (len(a.Ints) == 1 && a.Ints[0] == int64(n)) {
		return false
	}
	*a = Arg{Schema: a.Schema, Ints: []int64{int64(n)}}
	return true
}

// sizeList sets the size-like int[] arguments to the first tensor's shape,
// or to [-1] when they are already.
func sizeList(s *Sample) bool {
	ks := s.tensors()
	if len(ks) == 0 {
		return false
	}
	var sh []int64
	for _, d := range s.Specs[ks[0]].Shape {
		sh = append(sh, int64(d))
	}
	for i := range s.Args {
		a := &s.Args[i]
		if a.Tensors != nil || a.base() != funcschema.Int && a.base() != funcschema.SymInt || !a.Schema.Type.IsList() {
			continue
		}
		if n := a.name(); n == "size" || n == "shape" || n == "sizes" {
			v := sh
			if equalInts(a.Ints, sh) {
				v = []int64{-1}
			}
			if equalInts(a.Ints, v) {
				continue
			}
			*a = Arg{Schema: a.Schema, Ints: v}
			return true
		}
	}
	return false
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// oneOut gives one out= tensor of dtype got the dtype want: the last one
// for an integer want (pivots, indices come last), else the first.
func oneOut(s *Sample, got, want string) bool {
	var ks []int
	for _, k := range s.writes() {
		if s.Specs[k].Dtype == got {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		return s.setDtype(s.writes(), want)
	}
	if integralDtype(want) {
		return s.setDtype(ks[len(ks)-1:], want)
	}
	return s.setDtype(ks[:1], want)
}

// outShape gives the out= tensors of shape got (all of them when none
// has it) the shape want: an op with several outs names the one whose
// shape is wrong by its shape.
func outShape(s *Sample, got, want []int) bool {
	var ks []int
	for _, k := range s.writes() {
		if slices.Equal(s.Specs[k].Shape, got) {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		ks = s.writes()
	}
	return s.setShape(ks[:min(1, len(ks))], want) || s.setShape(s.writes(), want)
}

// perChannelOuts makes the out= tensors per-channel quantized quint8.
func perChannelOuts(s *Sample) bool {
	changed := false
	for _, k := range s.writes() {
		if sp := s.spec(k); sp.Layout != QuantizedPerChannel {
			sp.Layout, sp.Dtype, sp.Transposed, sp.Conj, sp.Neg, changed = QuantizedPerChannel, "quint8", false, false, false, true
			sp.RequiresGrad, sp.NonLeafView, sp.NonLeafBase = false, false, false
		}
	}
	return changed
}
