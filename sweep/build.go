package sweep

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// A Runtime is what a sample needs of a tensor runtime to build a call.
//
// A Runtime may have three more methods, which the package looks for by a
// type assertion:
//
//   - Classify(err error) error, for a runtime whose errors do not use
//     PyTorch's words: it returns one of this package's errors
//     ([RankError], [ShapeError], [DtypeError], [DimError], [IndexError],
//     [SquareError]) for an error (or panic) of its kernels that says what
//     was wrong with the arguments, or nil to leave the error to the
//     message rules (PyTorch's wording).
//   - Release(results []reflect.Value), for a runtime whose tensors hold
//     memory the garbage collector does not free (a runtime over C): after
//     each call [Call] hands it the results (nil when the call panicked),
//     and it frees them with the tensors it made for the call.
//   - Around(s *Sample, call func() error) error, for a runtime with modes
//     a sample may ask for ([Sample].NoGrad, Inference, DualLevel): it
//     runs call, which makes s's arguments and calls the op, in those
//     modes, and returns call's error (or its own, when it cannot enter
//     them). A panic of call passes through it to [Call].
type Runtime interface {
	// Tensor makes the tensor of sp. made holds the tensors of the specs
	// before it (a Spec with Same >= 0 is made[Same] itself, one with
	// ViewOf >= 0 a view of made[ViewOf]). An error says the runtime
	// cannot make this spec (a layout or dtype it lacks): the sample is
	// not run, and the error is its reason.
	Tensor(sp Spec, made []reflect.Value) (reflect.Value, error)
	// Value converts a's value to the runtime's own Go type t (a Scalar,
	// an enum, a Generator) and reports true, or reports false to leave it
	// to the package, which converts to Go's basic kinds, slices of them
	// and pointers to them (a pointer, slice or interface is nil for None).
	Value(a *Arg, t reflect.Type) (v reflect.Value, ok bool, err error)
}

// A MakeError is a tensor the runtime could not make.
type MakeError struct {
	Spec Spec
	Err  error
}

func (e *MakeError) Error() string {
	return fmt.Sprintf("the runtime cannot make %s: %v", e.Spec, e.Err)
}

func (e *MakeError) Unwrap() error { return e.Err }

// String describes the spec in one token: dtype, shape, layout and bits.
func (sp Spec) String() string {
	var b strings.Builder
	b.WriteString(sp.Dtype)
	b.WriteString(strings.ReplaceAll(fmt.Sprint(sp.Shape), " ", ","))
	if sp.Transposed {
		b.WriteString(".T")
	}
	if sp.Strides != nil || sp.Offset != 0 {
		fmt.Fprintf(&b, ".strided%s+%d", strings.ReplaceAll(fmt.Sprint(sp.Strides), " ", ","), sp.Offset)
	}
	if len(sp.Data) > 0 {
		b.WriteString(".data" + strings.ReplaceAll(fmt.Sprint(sp.Data), " ", ","))
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{sp.Layout != "", sp.Layout}, {sp.Conj, "conj"}, {sp.Neg, "neg"}, {sp.RequiresGrad, "requires_grad"},
		{sp.NonLeafView, "nonleaf_view"}, {sp.NonLeafBase, "of_nonleaf"}, {sp.Named, "named"}, {sp.GoInt, "goint"}, {sp.Fill != "", sp.Fill}} {
		if f.on {
			b.WriteString("." + f.name)
		}
	}
	return b.String()
}

// Build makes the sample's tensors with rt and returns the arguments of
// fn, a function with the op's signature in schema order (Tensor[]
// arguments become slices of fn's element type).
func (s *Sample) build(rt Runtime, fn reflect.Type) ([]reflect.Value, error) {
	if fn.NumIn() != len(s.Args) {
		return nil, fmt.Errorf("%s: the function has %d parameters, the schema %d arguments", s.Func.Name.String(), fn.NumIn(), len(s.Args))
	}
	made := make([]reflect.Value, 0, len(s.Specs))
	for _, sp := range s.Specs {
		if err := sp.check(); err != nil {
			return nil, &MakeError{sp, err}
		}
		v, err := rt.Tensor(sp, made)
		if err != nil {
			return nil, &MakeError{sp, err}
		}
		made = append(made, v)
	}
	out := make([]reflect.Value, len(s.Args))
	for i := range s.Args {
		ar := &s.Args[i]
		t := fn.In(i)
		switch {
		case ar.List:
			l := reflect.MakeSlice(t, len(ar.Tensors), len(ar.Tensors))
			for j, k := range ar.Tensors {
				l.Index(j).Set(made[k])
			}
			out[i] = l
		case ar.Tensors != nil:
			out[i] = made[ar.Tensors[0]]
		default:
			v, ok, err := rt.Value(ar, t)
			if err == nil && !ok {
				v, err = ar.convert(t)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: argument %s: %v", s.Func.Name.String(), ar.name(), err)
			}
			out[i] = v
		}
	}
	return out, nil
}

// convert converts a non-tensor argument to a Go basic type t, a slice of
// one, or a pointer to one.
func (ar *Arg) convert(t reflect.Type) (reflect.Value, error) {
	if ar.Absent {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map:
			return reflect.Zero(t), nil
		}
		return reflect.Value{}, fmt.Errorf("an absent (None) argument for Go type %v, which has no zero nil value", t)
	}
	elem, ptr := t, t.Kind() == reflect.Pointer
	if ptr {
		elem = t.Elem()
	}
	var v reflect.Value
	if elem.Kind() == reflect.Slice {
		n := max(len(ar.Ints), len(ar.Floats), len(ar.Bools), len(ar.Strs))
		v = reflect.MakeSlice(elem, n, n)
		for i := range n {
			x, err := ar.scalarAt(i, elem.Elem())
			if err != nil {
				return x, err
			}
			v.Index(i).Set(x)
		}
	} else {
		var err error
		if v, err = ar.scalarAt(0, elem); err != nil {
			return v, err
		}
	}
	if ptr {
		p := reflect.New(elem)
		p.Elem().Set(v)
		return p, nil
	}
	return v, nil
}

// scalarAt converts element i of the value to Go basic type t.
func (ar *Arg) scalarAt(i int, t reflect.Type) (reflect.Value, error) {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch {
		case i < len(ar.Ints):
			v.SetInt(ar.Ints[i])
		case i < len(ar.Floats):
			v.SetInt(int64(ar.Floats[i]))
		case i < len(ar.Strs) && isDtype(ar.Strs[i]):
			// a ScalarType: c10's number, which gen's default Go type
			// (int) and a runtime's own int enum both take
			code, ok := ScalarTypeCode(ar.Strs[i])
			if !ok {
				return v, fmt.Errorf("dtype %s has no ScalarType number", ar.Strs[i])
			}
			v.SetInt(int64(code))
		default:
			return v, fmt.Errorf("no int value for Go type %v", t)
		}
	case reflect.Float32, reflect.Float64:
		switch {
		case i < len(ar.Floats):
			v.SetFloat(ar.Floats[i])
		case i < len(ar.Ints):
			v.SetFloat(float64(ar.Ints[i]))
		default:
			return v, fmt.Errorf("no float value for Go type %v", t)
		}
	case reflect.Bool:
		switch {
		case i < len(ar.Bools):
			v.SetBool(ar.Bools[i])
		case ar.Schema != nil && ar.base() == funcschema.Scalar && i < len(ar.Ints):
			// a Scalar of a bool runtime (Scalar: T, T bool): nonzero is
			// true, as a number converts to a bool Scalar in PyTorch
			v.SetBool(ar.Ints[i] != 0)
		case ar.Schema != nil && ar.base() == funcschema.Scalar && i < len(ar.Floats):
			v.SetBool(ar.Floats[i] != 0)
		default:
			return v, fmt.Errorf("no bool value for Go type %v", t)
		}
	case reflect.String:
		switch {
		case i < len(ar.Strs):
			v.SetString(ar.Strs[i])
		case i < len(ar.Ints):
			v.SetString(strconv.FormatInt(ar.Ints[i], 10))
		default:
			return v, fmt.Errorf("no string value for Go type %v", t)
		}
	case reflect.Interface:
		// a Scalar (gen's default Go type: any) or another value of an
		// interface type: the value's own Go type, if it has t's methods
		x, err := ar.dynamic(i)
		if err != nil {
			return v, err
		}
		if !reflect.TypeOf(x).Implements(t) {
			return v, fmt.Errorf("no sample of Go type %v", t)
		}
		v.Set(reflect.ValueOf(x))
	default:
		return v, fmt.Errorf("no sample of Go type %v", t)
	}
	return v, nil
}

// dynamic returns element i of the value as int64, float64, bool or
// string.
func (ar *Arg) dynamic(i int) (any, error) {
	switch {
	case i < len(ar.Ints):
		return ar.Ints[i], nil
	case i < len(ar.Floats):
		return ar.Floats[i], nil
	case i < len(ar.Bools):
		return ar.Bools[i], nil
	case i < len(ar.Strs):
		return ar.Strs[i], nil
	}
	return nil, fmt.Errorf("no value")
}

// ScalarTypeCode returns the number of a dtype name as a schema's
// ScalarType argument takes it (c10's ScalarType enum).
func ScalarTypeCode(dtype string) (int, bool) {
	n, ok := scalarTypeCodes[dtype]
	return n, ok
}

var scalarTypeCodes = map[string]int{
	"uint8": 0, "int8": 1, "int16": 2, "int32": 3, "int64": 4, "float16": 5, "float32": 6, "float64": 7,
	"complex64": 9, "complex128": 10, "bool": 11, "qint8": 12, "quint8": 13, "qint32": 14, "bfloat16": 15,
	"uint64": 29, // since PyTorch 2.3
}

// isDtype reports whether s names a dtype of [dtypeNames].
func isDtype(s string) bool { return contains(dtypeNames, s) }

// Describe says what the sample passes, for reports.
func (s *Sample) Describe() string {
	var parts []string
	for _, ar := range s.Args {
		var v string
		switch {
		case ar.Absent:
			v = "None"
		case ar.Tensors != nil:
			var ts []string
			for _, k := range ar.Tensors {
				sp := s.Specs[k]
				switch {
				case sp.Same >= 0:
					ts = append(ts, "#"+strconv.Itoa(sp.Same))
				case sp.ViewOf >= 0:
					ts = append(ts, fmt.Sprintf("#%d[%d]", sp.ViewOf, sp.Index))
				default:
					ts = append(ts, sp.String())
				}
			}
			v = strings.Join(ts, ",")
			if ar.List {
				v = "[" + v + "]"
			}
		case ar.Strs != nil:
			v = strings.Join(ar.Strs, ",")
		case ar.Floats != nil:
			v = fmt.Sprint(ar.Floats)
		case ar.Bools != nil:
			v = fmt.Sprint(ar.Bools)
		default:
			v = fmt.Sprint(ar.Ints)
		}
		parts = append(parts, ar.name()+"="+v)
	}
	d := strings.Join(parts, " ")
	if s.NoGrad {
		d += " under no_grad"
	}
	if s.Inference {
		d += " in inference mode"
	}
	if s.DualLevel {
		d += " in a forward-AD level"
	}
	if len(s.Repairs) > 0 {
		d += " (repaired: " + strings.Join(s.Repairs, ", ") + ")"
	}
	if s.Probe != nil {
		d += " (value: " + s.Probe.Name + ")"
	}
	return d
}
