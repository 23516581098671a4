//go:build debugasserts

package sweep

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
)

// The samples of the sweep live here, in one place: the variants below and
// how each builds an op's arguments from its schema. A sample is named by
// its number in Variants (verdicts.json lists the samples a verdict covers
// by these numbers).
//
// Samples are built from the schema alone: each sample is a variant that
// decides the tensors' shape, dtype and layout, whether optional arguments
// are present, list lengths, and whether arguments alias each other.
var Variants = []string{
	"contiguous float [2,3], optionals absent",
	"non-contiguous float [2,3] (transposed views), optionals present",
	"0-dim float",
	"square float64 [3,3], lists of 3",
	"int64 [2,3]",
	"aliasing: x.op_(x), op(a, b, out=a), or two views of one base",
	"empty float [0]",
	"bool [2,3]",
	"4-d float [1,2,4,4] (a batch of images: conv, pooling)",
	"3-d float [2,3,4]",
	"training mode: float [2,3], bools named training or train true (rrelu's noise, dropout, batch norm)",
}

// trainingVariant is the variant that switches training mode on.
const trainingVariant = 10

// pool owns every handle a sample makes, to release them after the call.
type pool struct{ ts []*torch.Tensor }

func (p *pool) add(t *torch.Tensor) *torch.Tensor { p.ts = append(p.ts, t); return t }
func (p *pool) release() {
	for _, t := range p.ts {
		t.Release()
	}
	p.ts = nil
}

func vals(n int64, int bool) []float64 {
	v := make([]float64, n)
	for i := range v {
		if int {
			v[i] = float64(i % 2)
		} else {
			v[i] = 0.5 + float64((i*7)%11)/10
		}
	}
	return v
}

func prod(s []int64) int64 {
	n := int64(1)
	for _, x := range s {
		n *= x
	}
	return n
}

// indexLike names take integer tensors of small values (valid indices).
func indexLike(name string) bool {
	return strings.Contains(name, "ind") || name == "target" || strings.Contains(name, "offsets") || name == "lengths"
}

type sampler struct {
	op      *schema.Op
	variant int
	p       *pool
	first   *torch.Tensor // the first tensor argument, for aliasing
	base    *torch.Tensor // base of the views in the aliasing variant
	views   int
}

func (s *sampler) tensor(name string) *torch.Tensor {
	v := s.variant
	if v == 5 {
		if s.op.Kind == schema.Functional {
			// two views of one base as arguments
			if s.base == nil {
				s.base = s.p.add(torch.FromFloat64s(torch.Float32, vals(12, false), 2, 2, 3))
			}
			s.views++
			return s.p.add(s.base.Select(0, int64(s.views%2)))
		}
		if s.first != nil {
			return s.first
		}
	}
	dt, sizes := torch.Float32, []int64{2, 3}
	switch v {
	case 2:
		sizes = nil
	case 3:
		dt, sizes = torch.Float64, []int64{3, 3}
	case 4:
		dt = torch.Int64
	case 6:
		sizes = []int64{0}
	case 7:
		dt = torch.Boolean
	case 8:
		sizes = []int64{1, 2, 4, 4}
	case 9:
		sizes = []int64{2, 3, 4}
	}
	if indexLike(name) {
		dt = torch.Int64
	}
	var t *torch.Tensor
	if v == 1 {
		b := torch.FromFloat64s(dt, vals(prod(sizes), dt == torch.Int64), 3, 2)
		t = b.Transpose(0, 1)
		b.Release()
	} else {
		t = torch.FromFloat64s(dt, vals(prod(sizes), dt == torch.Int64 || dt == torch.Boolean), sizes...)
	}
	s.p.add(t)
	if s.first == nil {
		s.first = t
	}
	return t
}

func (s *sampler) present() bool { return s.variant != 0 }

func (s *sampler) listLen() int {
	if s.variant == 3 {
		return 3
	}
	return 1
}

// intFor picks an int for a named argument without a usable default.
func intFor(name string) int64 {
	switch {
	case strings.Contains(name, "dim"), name == "axis", name == "start", name == "index":
		return 0
	case strings.Contains(name, "size"), name == "n", strings.Contains(name, "length"), name == "k", name == "chunks", name == "sections", name == "repeats", name == "end", name == "step", name == "groups", name == "num_classes", name == "bins", name == "steps":
		return 1
	}
	return 1
}

func parseDefault(a *schema.Argument) (string, bool) {
	if !a.HasDefault {
		return "", false
	}
	return a.Default, true
}

// value builds the argument a of Go type t.
func (s *sampler) value(a *schema.Argument, t reflect.Type) reflect.Value {
	ty := a.Type
	opt := ty.IsOptional()
	def, hasDef := parseDefault(a)
	tensorType := reflect.TypeOf((*torch.Tensor)(nil))
	switch {
	case t == tensorType:
		if opt && !s.present() {
			return reflect.Zero(t)
		}
		return reflect.ValueOf(s.tensor(a.Name))
	case t == reflect.TypeOf([]*torch.Tensor(nil)):
		n := s.listLen()
		v := make([]*torch.Tensor, n)
		for i := range v {
			v[i] = s.tensor(a.Name)
		}
		return reflect.ValueOf(v)
	}
	if s.variant == trainingVariant && (a.Name == "training" || a.Name == "train") {
		switch t {
		case reflect.TypeOf(true):
			return reflect.ValueOf(true)
		case reflect.TypeOf((*bool)(nil)):
			on := true
			return reflect.ValueOf(&on)
		}
	}
	// non-tensor arguments: the schema default where it parses
	if opt && (!s.present() || (hasDef && def == "None" && s.variant != 1)) {
		if hasDef && def != "None" {
			if v, ok := fromDefault(def, t); ok {
				return v
			}
		}
		return reflect.Zero(t)
	}
	if hasDef && def != "None" {
		if v, ok := fromDefault(def, t); ok {
			return v
		}
	}
	elem := t
	ptr := false
	if t.Kind() == reflect.Pointer {
		elem, ptr = t.Elem(), true
	}
	var v reflect.Value
	switch elem {
	case reflect.TypeOf(int64(0)):
		v = reflect.ValueOf(intFor(a.Name))
	case reflect.TypeOf(float64(0)):
		v = reflect.ValueOf(0.5)
	case reflect.TypeOf(true):
		v = reflect.ValueOf(false)
	case reflect.TypeOf(""):
		switch {
		case ty.IsBaseLike(schema.Device):
			v = reflect.ValueOf("cpu")
		case ty.IsBaseLike(schema.Dimname):
			v = reflect.ValueOf("N")
		case a.Name == "reduce":
			v = reflect.ValueOf("sum")
		case a.Name == "reduction":
			v = reflect.ValueOf("mean")
		default:
			v = reflect.ValueOf("none")
		}
	case reflect.TypeOf(0):
		switch {
		case ty.IsBaseLike(schema.ScalarType):
			v = reflect.ValueOf(6) // float
		default:
			v = reflect.ValueOf(0) // strided, contiguous_format, per_tensor_affine
		}
	case reflect.TypeOf(torch.Scalar{}):
		v = reflect.ValueOf(torch.Float(1))
	case reflect.TypeOf([]int64(nil)):
		if strings.Contains(a.Name, "dim") {
			v = reflect.ValueOf([]int64{0})
		} else if ty.Unopt().Size > 0 {
			l := make([]int64, ty.Unopt().Size)
			for i := range l {
				l[i] = 1
			}
			v = reflect.ValueOf(l)
		} else {
			v = reflect.ValueOf([]int64{2, 3})
		}
	case reflect.TypeOf([]float64(nil)):
		v = reflect.ValueOf([]float64{1})
	case reflect.TypeOf([]bool(nil)):
		l := make([]bool, ty.Unopt().Size)
		for i := range l {
			l[i] = true
		}
		v = reflect.ValueOf(l)
	case reflect.TypeOf([]string(nil)):
		v = reflect.ValueOf([]string{"N"})
	case reflect.TypeOf([]torch.Scalar(nil)):
		l := make([]torch.Scalar, s.listLen())
		for i := range l {
			l[i] = torch.Float(1)
		}
		v = reflect.ValueOf(l)
	default:
		return reflect.Zero(t) // any (Generator): nil
	}
	if ptr {
		p := reflect.New(elem)
		p.Elem().Set(v)
		return p
	}
	return v
}

// fromDefault converts a schema default's text to a value of type t.
func fromDefault(def string, t reflect.Type) (reflect.Value, bool) {
	elem, ptr := t, false
	if t.Kind() == reflect.Pointer {
		elem, ptr = t.Elem(), true
	}
	var v reflect.Value
	switch elem {
	case reflect.TypeOf(int64(0)):
		n, err := strconv.ParseInt(def, 10, 64)
		if err != nil {
			return v, false
		}
		v = reflect.ValueOf(n)
	case reflect.TypeOf(float64(0)):
		f, err := strconv.ParseFloat(def, 64)
		if err != nil {
			return v, false
		}
		v = reflect.ValueOf(f)
	case reflect.TypeOf(true):
		v = reflect.ValueOf(def == "True")
	case reflect.TypeOf(""):
		v = reflect.ValueOf(strings.Trim(def, "\"'"))
	case reflect.TypeOf(torch.Scalar{}):
		if n, err := strconv.ParseInt(def, 10, 64); err == nil {
			v = reflect.ValueOf(torch.Int(n))
		} else if f, err := strconv.ParseFloat(def, 64); err == nil {
			v = reflect.ValueOf(torch.Float(f))
		} else {
			return v, false
		}
	case reflect.TypeOf([]int64(nil)):
		inner := strings.Trim(def, "[]")
		l := []int64{}
		if inner != "" {
			for _, f := range strings.Split(inner, ",") {
				n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
				if err != nil {
					return v, false
				}
				l = append(l, n)
			}
		} else if n, err := strconv.ParseInt(def, 10, 64); err == nil {
			l = []int64{n} // int[2] stride=1
		}
		v = reflect.ValueOf(l)
	default:
		return v, false
	}
	if ptr {
		p := reflect.New(elem)
		p.Elem().Set(v)
		return p, true
	}
	return v, true
}

// build makes the arguments of one sample.
func build(op *schema.Op, fn reflect.Type, variant int, p *pool) []reflect.Value {
	s := &sampler{op: op, variant: variant, p: p}
	args := op.Func.Args()
	in := make([]reflect.Value, fn.NumIn())
	// out= and mutable arguments last, so that aliasing can reuse inputs
	for pass := 0; pass < 2; pass++ {
		for i, a := range args {
			if (pass == 0) == a.IsWrite() {
				continue
			}
			if pass == 1 && variant == 5 && s.first != nil && a.Type.Is(schema.Tensor) && op.Kind == schema.Out {
				in[i] = reflect.ValueOf(s.first) // op(a, b, out=a)
				continue
			}
			if pass == 1 && variant != 5 && op.Kind == schema.Out && a.Type.Is(schema.Tensor) {
				// a fresh out tensor of its own, never aliased
				s.first, s.base = nil, nil
				in[i] = reflect.ValueOf(s.tensor(a.Name))
				continue
			}
			in[i] = s.value(a, fn.In(i))
		}
	}
	return in
}
