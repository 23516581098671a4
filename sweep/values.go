package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// value picks a non-tensor argument's value: None for an optional the
// variant leaves out, else the schema default where it parses, else one by
// the argument's name and type.
func (s *Sample) value(vr variant, ar *Arg) {
	a := ar.Schema
	switch ar.base() {
	case funcschema.Generator, funcschema.Storage, funcschema.Stream, funcschema.ConstQuantizerPtr, funcschema.GraphModule:
		ar.Absent = true
		return
	}
	if vr.Training && (a.Name == "training" || a.Name == "train") && ar.base() == funcschema.Bool && !a.Type.IsList() {
		ar.Bools = []bool{true}
		return
	}
	def, hasDef := a.Default, a.HasDefault
	if a.Type.IsOptional() {
		none := hasDef && def == "None"
		if vr.optionals == optNone || (none && vr.optionals == optTensors) {
			if none || !hasDef || !ar.parseDefault() {
				*ar = Arg{Schema: a, Absent: true}
			}
			return
		}
	}
	if hasDef && def != "None" && ar.parseDefault() {
		return
	}
	ar.byName(s, vr)
}

// parseDefault sets the argument's value from its schema default; false
// when the default does not parse for its type.
func (ar *Arg) parseDefault() bool {
	d := strings.TrimSpace(ar.Schema.Default)
	list := ar.Schema.Type.IsList()
	if list && !strings.HasPrefix(d, "[") {
		// int[2] stride=1: the value repeated
		if n := ar.Schema.Type.Unopt().Size; n > 0 {
			d = "[" + strings.TrimSuffix(strings.Repeat(d+",", n), ",") + "]"
		} else {
			d = "[" + d + "]"
		}
	}
	var elems []string
	if strings.HasPrefix(d, "[") {
		if !list {
			return false
		}
		for _, e := range strings.Split(strings.Trim(d, "[]"), ",") {
			if e = strings.TrimSpace(e); e != "" {
				elems = append(elems, e)
			}
		}
	} else {
		elems = []string{d}
	}
	v := Arg{Schema: ar.Schema}
	for _, e := range elems {
		if !v.addElem(e) {
			return false
		}
	}
	if list && v.Ints == nil && v.Floats == nil && v.Bools == nil && v.Strs == nil {
		// an empty list: say so in the field of its type
		switch ar.base() {
		case funcschema.Float:
			v.Floats = []float64{}
		case funcschema.Bool:
			v.Bools = []bool{}
		case funcschema.Dimname, funcschema.Str:
			v.Strs = []string{}
		default:
			v.Ints = []int64{}
		}
	}
	*ar = v
	return true
}

// addElem appends one default element to the field of the argument's
// type.
func (ar *Arg) addElem(e string) bool {
	switch ar.base() {
	case funcschema.Int, funcschema.SymInt, funcschema.DeviceIndex:
		n, err := strconv.ParseInt(e, 10, 64)
		if err != nil {
			return false
		}
		ar.Ints = append(ar.Ints, n)
	case funcschema.Float, funcschema.SymFloat:
		f, err := strconv.ParseFloat(e, 64)
		if err != nil {
			return false
		}
		ar.Floats = append(ar.Floats, f)
	case funcschema.Bool, funcschema.SymBool:
		if e != "True" && e != "False" {
			return false
		}
		ar.Bools = append(ar.Bools, e == "True")
	case funcschema.Scalar:
		if n, err := strconv.ParseInt(e, 10, 64); err == nil {
			ar.Ints = append(ar.Ints, n)
		} else if f, err := strconv.ParseFloat(e, 64); err == nil {
			ar.Floats = append(ar.Floats, f)
		} else {
			return false
		}
	case funcschema.Str, funcschema.Dimname:
		if len(e) < 2 || (e[0] != '"' && e[0] != '\'') {
			return false
		}
		ar.Strs = append(ar.Strs, unescape(e[1:len(e)-1]))
	case funcschema.ScalarType:
		dt := torchDtypes[strings.TrimPrefix(e, "at::k")]
		if dt == "" {
			return false
		}
		ar.Strs = append(ar.Strs, dt)
	case funcschema.Layout, funcschema.MemoryFormat, funcschema.QScheme:
		n, ok := enumDefaults[e]
		if !ok {
			return false
		}
		ar.Ints = append(ar.Ints, n)
	case funcschema.Device:
		ar.Strs = append(ar.Strs, strings.Trim(e, "\"'"))
	default:
		return false
	}
	return true
}

// torchDtypes maps the dtype names of schema defaults and error messages
// (PyTorch's short and C++ names) to [dtypeNames] names.
var torchDtypes = map[string]string{
	"float": "float32", "Float": "float32", "double": "float64", "Double": "float64",
	"half": "float16", "Half": "float16", "BFloat16": "bfloat16", "bfloat16": "bfloat16",
	"long": "int64", "Long": "int64", "int": "int32", "Int": "int32", "short": "int16", "Short": "int16",
	"Char": "int8", "char": "int8", "Byte": "uint8", "byte": "uint8", "Bool": "bool", "bool": "bool",
	"ComplexFloat": "complex64", "ComplexDouble": "complex128", "cfloat": "complex64", "cdouble": "complex128",
	"QUInt8": "quint8", "QInt8": "qint8", "QInt32": "qint32",
	"float32": "float32", "float64": "float64", "float16": "float16", "int64": "int64", "int32": "int32",
	"int16": "int16", "int8": "int8", "uint8": "uint8", "uint64": "uint64", "UInt64": "uint64", "complex64": "complex64", "complex128": "complex128",
	"quint8": "quint8", "qint8": "qint8", "qint32": "qint32",
}

// enumDefaults gives PyTorch's numbers of the Layout, MemoryFormat,
// QScheme and Reduction names of schema defaults.
var enumDefaults = map[string]int64{
	"strided": 0, "contiguous_format": 0, "per_tensor_affine": 0,
	"Mean": 1, "Sum": 2, "None": 0, "at::Reduction::Mean": 1, "at::Reduction::Sum": 2,
}

// byName gives a value by the argument's name and type.
func (ar *Arg) byName(s *Sample, vr variant) {
	a := ar.Schema
	n := a.Name
	ty := a.Type.Unopt()
	switch b := ar.base(); {
	case ty.Kind == funcschema.ListKind:
		ar.listByName(vr, b)
	case b == funcschema.Int || b == funcschema.SymInt || b == funcschema.DeviceIndex:
		switch {
		case n == "dim1":
			ar.Ints = []int64{1}
		case strings.Contains(n, "dim"), n == "axis", n == "start", n == "index":
			ar.Ints = []int64{0}
		case n == "low" || n == "from":
			ar.Ints = []int64{0}
		case n == "high" || n == "to":
			ar.Ints = []int64{3}
		default:
			ar.Ints = []int64{1}
		}
	case b == funcschema.Float || b == funcschema.SymFloat:
		ar.Floats = []float64{named(n, 0.5)}
	case b == funcschema.Scalar:
		ar.Floats = []float64{named(n, 1)}
	case b == funcschema.Bool || b == funcschema.SymBool:
		ar.Bools = []bool{false}
	case b == funcschema.Str:
		switch n {
		case "reduce":
			ar.Strs = []string{"sum"}
		case "reduction":
			ar.Strs = []string{"mean"}
		default:
			ar.Strs = []string{"none"}
		}
	case b == funcschema.Device:
		ar.Strs = []string{"cpu"}
	case b == funcschema.Dimname:
		ar.Strs = []string{"N"}
	case b == funcschema.ScalarType:
		ar.Strs = []string{"float32"}
	default: // Layout, MemoryFormat, QScheme: strided, contiguous, per-tensor affine
		ar.Ints = []int64{0}
	}
}

// named gives the float or Scalar value of an argument by its name.
func named(n string, def float64) float64 {
	switch n {
	case "alpha", "exponent":
		return 2
	case "min":
		return 0.6
	case "max":
		return 1.2
	}
	return def
}

func (ar *Arg) listByName(vr variant, b funcschema.BaseTy) {
	n := ar.Schema.Name
	size := ar.Schema.Type.Unopt().Size
	rank := len(vr.Tensor.Shape)
	switch b {
	case funcschema.Int, funcschema.SymInt:
		switch {
		case n == "dims" || n == "permutation":
			for i := rank - 1; i >= 0; i-- {
				ar.Ints = append(ar.Ints, int64(i))
			}
		case strings.Contains(n, "dim"):
			ar.Ints = []int64{0}
		case size > 0:
			ar.Ints = repeat(int64(1), size)
		case n == "size" || n == "shape":
			for _, d := range vr.Tensor.Shape {
				ar.Ints = append(ar.Ints, int64(d))
			}
		default:
			ar.Ints = []int64{2, 3}
		}
	case funcschema.Float, funcschema.SymFloat:
		ar.Floats = []float64{1}
	case funcschema.Bool:
		ar.Bools = repeat(true, size)
	case funcschema.Scalar:
		ar.Floats = repeat(1.0, vr.ListLen)
	case funcschema.Dimname, funcschema.Str:
		ar.Strs = []string{"N"}
	default:
		ar.Absent = true
	}
}

func repeat[T any](v T, n int) []T {
	l := make([]T, n)
	for i := range l {
		l[i] = v
	}
	return l
}

// unescape resolves the backslash escapes of a quoted schema default
// (str a="\"'\\" is the three characters "'\).
func unescape(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if q[i] == '\\' && i+1 < len(q) {
			i++
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// Arguments a binding may need. A kernel bound to a library function
// often takes one value of an argument only: a cast needs its dtype given
// (its default is None), ONNX's Flatten is flatten with start_dim 1, a
// reduction of the library keeps its dims (keepdim true), a softmax runs
// along the last dim. Such a kernel refuses every sample at the
// argument's default, and no rule repairs that: the refusal names no
// shape or dtype. So a sample that nothing else repairs tries each
// non-tensor argument, one at a time, at the values beside its own that
// bindings commonly require (argValues), in a fixed order; the first that
// runs is the sample's repair ("argument NAME=VALUE").

// argDtypes are the dtypes a ScalarType argument is given: a cast to
// another float, to an integer, to bool, and to the sample's own float.
var argDtypes = []string{"float64", "int64", "bool", "float32"}

// An argValue is one argument of a sample at one value beside its own:
// Name is the repair's ("argument start_dim=1"), edit gives it.
type argValue struct {
	Name string
	edit func(s *Sample)
}

// argValues returns the values beside its own that each non-tensor
// argument of s (not an out=) may need, argument by argument in schema
// order: a ScalarType argument each of argDtypes; an int dim (dim,
// start_dim, axis...) 1 and -1; a dim list (sum's, mean's) [0], [-1] and
// every dim of the first input; a bool its other value (an absent
// optional one true). The sample's own value is left out.
func (s *Sample) argValues() []argValue {
	rank := 0
	if ks := s.inputs(); len(ks) > 0 {
		rank = len(s.Specs[ks[0]].Shape)
	}
	var vs []argValue
	for i := range s.Args {
		a := &s.Args[i]
		if a.Tensors != nil || a.List || a.Schema.Type.TensorForm() != funcschema.NotTensor || s.isOut(a) {
			continue
		}
		list := a.Schema.Type.IsList()
		switch b := a.base(); {
		case b == funcschema.ScalarType && !list:
			for _, dt := range argDtypes {
				if a.Absent || len(a.Strs) != 1 || a.Strs[0] != dt {
					vs = append(vs, s.argValue(i, dt, Arg{Strs: []string{dt}}))
				}
			}
		case (b == funcschema.Int || b == funcschema.SymInt) && isDim(a.name()) && !list:
			for _, d := range []int64{1, -1} {
				if a.Absent || len(a.Ints) != 1 || a.Ints[0] != d {
					vs = append(vs, s.argValue(i, strconv.FormatInt(d, 10), Arg{Ints: []int64{d}}))
				}
			}
		case (b == funcschema.Int || b == funcschema.SymInt) && isDim(a.name()) && list:
			if a.name() == "dims" && !a.Absent && len(a.Ints) > 1 {
				continue // a permutation keeps its dims
			}
			every := make([]int64, rank)
			for d := range every {
				every[d] = int64(d)
			}
			for _, l := range [][]int64{{0}, {-1}, every} {
				if len(l) > 0 && (a.Absent || !slices.Equal(a.Ints, l)) {
					vs = append(vs, s.argValue(i, fmt.Sprint(l), Arg{Ints: l}))
				}
			}
		case (b == funcschema.Bool || b == funcschema.SymBool) && !list:
			v := a.Absent || len(a.Bools) != 1 || !a.Bools[0]
			vs = append(vs, s.argValue(i, strconv.FormatBool(v), Arg{Bools: []bool{v}}))
		}
	}
	return vs
}

// argValue is argument i of s at value v (its text text).
func (s *Sample) argValue(i int, text string, v Arg) argValue {
	name := s.Args[i].name()
	return argValue{Name: argRepair + name + "=" + text, edit: func(s *Sample) {
		v.Schema = s.Args[i].Schema
		s.Args[i] = v
	}}
}
