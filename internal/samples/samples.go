// Package samples makes argument samples for an operator from its schema
// alone, for any runtime: a sample describes each tensor (dtype, shape,
// whether it is a transposed view, whether it is another argument itself)
// and gives every other argument a value, and [Sample.Args] builds the
// arguments of a Go function with the op's signature (a checked wrapper),
// calling the runtime's own constructor for each tensor. The gorgonia
// sweep uses it; it knows nothing of any runtime.
package samples

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// A Variant is one way of sampling every op: its name says what it
// decides.
type Variant struct {
	Name  string
	dtype string
	shape []int
	// transposed: tensors are transposed views; present: optional
	// arguments are given; listLen: elements of a Tensor[] argument;
	// alias: every tensor argument is the first one.
	transposed, present, alias bool
	listLen                    int
}

// Variants are the samples every op gets, in order.
var Variants = []Variant{
	{Name: "contiguous float64 [2,3], optionals absent", dtype: "float64", shape: []int{2, 3}, listLen: 1},
	{Name: "transposed float64 [2,3] views (non-contiguous), optionals present", dtype: "float64", shape: []int{2, 3}, transposed: true, present: true, listLen: 2},
	{Name: "square float64 [3,3], lists of 3", dtype: "float64", shape: []int{3, 3}, present: true, listLen: 3},
	{Name: "float32 [2,3]", dtype: "float32", shape: []int{2, 3}, listLen: 2},
	{Name: "int64 [2,3]", dtype: "int64", shape: []int{2, 3}, listLen: 1},
	{Name: "aliasing: x.op_(x), op(a, b, out=a), op(x, x)", dtype: "float64", shape: []int{2, 3}, alias: true, listLen: 2},
	{Name: "0-dim float64", dtype: "float64", listLen: 1},
	{Name: "3-d float64 [2,3,4]", dtype: "float64", shape: []int{2, 3, 4}, listLen: 1},
	{Name: "empty float64 [0]", dtype: "float64", shape: []int{0}, listLen: 1},
}

// A Sample is the arguments of one call of an op: Specs are the tensors
// to make, in order; Args builds the call from them.
type Sample struct {
	Op      *schema.Op
	Variant int
	Specs   []Spec
	args    []arg
}

// arg is one argument: its tensors (indices into Specs), or its value.
type arg struct {
	a       *schema.Argument
	tensors []int // Tensor: one; Tensor[]: several; Tensor? absent: none
	list    bool
	absent  bool // an optional argument left out
	ints    []int64
	float   float64
	boolean bool
	hasVal  bool // ints/float/boolean set (else: the schema default or zero)
}

// For returns the op's sample of variant v.
func For(op *schema.Op, v int) *Sample {
	vr := Variants[v]
	s := &Sample{Op: op, Variant: v}
	f := op.Func
	base := strings.TrimSuffix(f.Name.Name.Base, "_")
	first := -1
	for _, a := range f.Args() {
		ar := arg{a: a}
		t := a.Type
		opt := t.IsOptional()
		switch t.TensorForm() {
		case schema.TensorSingle, schema.TensorOptional:
			if t.TensorForm() == schema.TensorOptional && !vr.present {
				ar.absent = true
				break
			}
			ar.tensors = []int{s.tensor(vr, op, base, a, &first)}
		case schema.TensorList, schema.TensorOptionalList:
			ar.list = true
			for range vr.listLen {
				ar.tensors = append(ar.tensors, s.tensor(vr, op, base, a, &first))
			}
		default:
			s.value(vr, &ar, opt)
		}
		s.args = append(s.args, ar)
	}
	return s
}

// tensor adds the spec of a tensor argument and returns its index.
func (s *Sample) tensor(vr Variant, op *schema.Op, base string, a *schema.Argument, first *int) int {
	sp := NewSpec(vr.dtype, append([]int(nil), vr.shape...)...)
	sp.Transposed = vr.transposed && len(vr.shape) == 2
	if vr.alias && *first >= 0 {
		sp.Same = *first
	}
	if *first >= 0 && sp.Same < 0 && len(sp.Shape) == 2 {
		// Shapes that the linear-algebra ops need.
		r, c := sp.Shape[0], sp.Shape[1]
		switch {
		case a.IsWrite() && (base == "mm" || base == "matmul"):
			sp.Shape = []int{r, r}
		case base == "mm" || base == "matmul":
			sp.Shape = []int{c, r}
		case base == "mv":
			sp.Shape, sp.Transposed = []int{c}, false
		}
	}
	if base == "dot" || base == "vdot" || base == "inner" {
		sp.Shape, sp.Transposed = []int{3}, false
	}
	s.Specs = append(s.Specs, sp)
	k := len(s.Specs) - 1
	if *first < 0 {
		*first = k
	}
	return k
}

// value picks a non-tensor argument's value: the schema default where
// there is one (an optional left out unless the variant gives optionals),
// else one by the argument's name.
func (s *Sample) value(vr Variant, ar *arg, opt bool) {
	a := ar.a
	if opt && (!vr.present || a.Type.IsBaseLike(schema.ScalarType) || a.Type.IsBaseLike(schema.MemoryFormat)) {
		ar.absent = true
		return
	}
	if a.HasDefault && a.Default != "None" && !(vr.present && a.Name == "alpha") {
		return // the default
	}
	ar.hasVal = true
	switch n := a.Name; {
	case n == "dims":
		nd := len(vr.shape)
		for i := nd - 1; i >= 0; i-- {
			ar.ints = append(ar.ints, int64(i))
		}
	case n == "dim1":
		ar.ints = []int64{1}
	case strings.Contains(n, "dim"), n == "index", n == "start":
		ar.ints = []int64{0}
	case n == "size", n == "shape":
		ar.ints = []int64{-1}
	case n == "alpha", n == "exponent":
		ar.ints, ar.float = []int64{2}, 2
	case n == "min":
		ar.ints, ar.float = []int64{1}, 0.6
	case n == "max":
		ar.ints, ar.float = []int64{1}, 1.2
	default:
		ar.ints, ar.float = []int64{1}, 0.5
	}
}

// Describe says what the sample passes, for reports.
func (s *Sample) Describe() string {
	var parts []string
	for _, ar := range s.args {
		var v string
		switch {
		case ar.absent:
			v = "None"
		case ar.tensors != nil:
			var ts []string
			for _, k := range ar.tensors {
				sp := s.Specs[k]
				switch {
				case sp.Same >= 0:
					ts = append(ts, "#"+strconv.Itoa(sp.Same))
				default:
					t := fmt.Sprintf("%s%v", sp.Dtype, sp.Shape)
					if sp.Transposed {
						t += ".T"
					}
					ts = append(ts, t)
				}
			}
			v = strings.Join(ts, ",")
			if ar.list {
				v = "[" + v + "]"
			}
		case !ar.hasVal:
			v = "default"
		default:
			v = fmt.Sprint(ar.ints)
		}
		parts = append(parts, ar.a.Name+"="+v)
	}
	return strings.Join(parts, " ")
}

// Args builds the arguments of fn, a function with the op's signature in
// schema order. made holds the runtime's tensors, one per Spec (made by
// the caller, which makes a Spec with Same >= 0 the very tensor at that
// index); Tensor[] arguments become slices of fn's element type.
func (s *Sample) Args(fn reflect.Type, made []reflect.Value) ([]reflect.Value, error) {
	if fn.NumIn() != len(s.args) {
		return nil, fmt.Errorf("%s: the function has %d parameters, the schema %d arguments", s.Op.Name, fn.NumIn(), len(s.args))
	}
	out := make([]reflect.Value, len(s.args))
	for i, ar := range s.args {
		t := fn.In(i)
		switch {
		case ar.list:
			l := reflect.MakeSlice(t, len(ar.tensors), len(ar.tensors))
			for j, k := range ar.tensors {
				l.Index(j).Set(made[k])
			}
			out[i] = l
		case ar.tensors != nil:
			out[i] = made[ar.tensors[0]]
		case ar.absent:
			out[i] = reflect.Zero(t)
		default:
			v, err := s.scalar(ar, t)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
	}
	return out, nil
}

// scalar converts a non-tensor argument to Go type t.
func (s *Sample) scalar(ar arg, t reflect.Type) (reflect.Value, error) {
	elem, ptr := t, t.Kind() == reflect.Pointer
	if ptr {
		elem = t.Elem()
	}
	ints, f, b := ar.ints, ar.float, ar.boolean
	if !ar.hasVal {
		d := ar.a.Default
		switch {
		case !ar.a.HasDefault:
		case d == "True" || d == "False":
			b = d == "True"
		case strings.HasPrefix(d, "["):
			for _, x := range strings.Split(strings.Trim(d, "[]"), ",") {
				if n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
					ints = append(ints, n)
				}
			}
		default:
			if n, err := strconv.ParseInt(d, 10, 64); err == nil {
				ints, f = []int64{n}, float64(n)
			} else if x, err := strconv.ParseFloat(d, 64); err == nil {
				ints, f = []int64{int64(x)}, x
			}
		}
	}
	one := int64(0)
	if len(ints) > 0 {
		one = ints[0]
	}
	var v reflect.Value
	switch elem.Kind() {
	case reflect.Int64:
		v = reflect.ValueOf(one)
	case reflect.Int:
		v = reflect.ValueOf(int(one))
	case reflect.Float64:
		v = reflect.ValueOf(f)
	case reflect.Bool:
		v = reflect.ValueOf(b)
	case reflect.Slice:
		if elem.Elem().Kind() != reflect.Int64 {
			return v, fmt.Errorf("%s: argument %s: no sample of Go type %v", s.Op.Name, ar.a.Name, t)
		}
		v = reflect.ValueOf(append([]int64(nil), ints...))
	default:
		return v, fmt.Errorf("%s: argument %s: no sample of Go type %v", s.Op.Name, ar.a.Name, t)
	}
	v = v.Convert(elem)
	if ptr {
		p := reflect.New(elem)
		p.Elem().Set(v)
		return p, nil
	}
	return v, nil
}
