package finder

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/internal/refvalues"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// An Op is an op of the schema whose values the reference knows, as a
// binding calls it: functional (ret), in-place (self) or out= (out).
type Op struct {
	Name    string
	Kind    schema.Kind // schema.Functional, schema.Inplace or schema.Out
	Ref     *refvalues.Op
	Params  []OpParam // in the schema's order: the bound kernel's parameters
	Tensors []string  // the tensor inputs' Go names, in order
	Scalars []string  // the scalars' Go names, in the order of Ref.Scalars
	Lists   []string  // the int lists' Go names, in the order of Ref.Lists
	Elem    string    // the tensors' element type
	GoName  string    // the wrapper's name (plan.GoName)
	// List is set for an op whose tensors are one list argument (cat):
	// Tensors holds its name.
	List bool
	// at is the library's method of an element by row and column. A map
	// of an op of two tensors reads the second tensor with it
	// (Candidates).
	at string
	// kind is Go code of the first tensor's element type's name
	// ("self.Dtype().Kind().String()"), and kinds the float and complex
	// element types the library makes besides Elem: a scalar passed as
	// an untyped parameter (any) is converted to the tensor's element
	// type (untypedScalar). kind is "" for a library of one element type.
	kind  string
	kinds []string
	// swapped is set on rsub's op as a Sub computes it (swappedOp): its
	// tensors in the other order, or its scalar other before self
	// (scalarFirst) where a parameter takes either (any).
	swapped, scalarFirst bool
}

// An OpParam is one parameter of the op's kernel: its Go name and type,
// and what it is.
type OpParam struct {
	Name, Type string
	Role       Role
	Index      int // the tensor's or scalar's index
	// Default is a number scalar's default in the schema (add's alpha=1),
	// as Go writes it, "nil" for an optional one's None (slice.Tensor's
	// start); "" for none. A kernel without the parameter is bound with it
	// held there (Candidate.Held).
	Default string
}

// A Role is what a parameter of an op is to its values.
type Role int

// The roles.
const (
	Input  Role = iota // a tensor input
	Scalar             // a number the values depend on
	OutArg             // the out= tensor
	Ignore             // one that does not change the values (refvalues.Ignorable)
	Dims               // an int list the values depend on (permute's dims): []int64, nil for None
)

// OpsOf returns the ops of s whose values the reference knows on tensors
// the library makes, and whose parameters a binding of a tensor type can
// take. Every library makes 2-D float64 matrices; forms are the others
// it makes, by the reference's dtype names ("bool 1-D", Lib.ValueForms),
// and an op is checked where each of its cases' tensors is of one of
// them. Its parameters are tensors (Go type tensor), numbers (Scalar is
// elem), bools, dtypes and int lists the values depend on, and those
// refvalues ignores. The ops have one Tensor result. In-place and out=
// ops take their functional op's values.
// Of the ops the reference knows whose cases need a tensor the library
// does not make, it returns why init does not check them ("its cases
// take bool tensors, which the library's constructor does not make"):
// AddUnchecked says it of a kernel named for one.
func OpsOf(s *schema.Schema, tensor, elem string, forms ...Form) ([]*Op, map[string]string) {
	byName := map[string]*schema.Op{}
	for _, o := range s.Ops {
		byName[o.Name] = o
	}
	var out []*Op
	var unchecked map[string]string
	for _, o := range s.Ops {
		ref := functional(o, byName)
		if ref == nil || ref.View && o.Kind != schema.Functional {
			continue // detach_ is a view's metadata, not values: any no-op computes it
		}
		if o.Kind != schema.Functional && !keepsForm(ref, o.Kind == schema.Out) {
			continue
		}
		if why := unmade(ref, forms); why != "" {
			if unchecked == nil {
				unchecked = map[string]string{}
			}
			unchecked[o.Name] = why
			continue
		}
		if op := newOp(o, ref, tensor, elem); op != nil {
			out = append(out, op)
		}
	}
	slices.SortFunc(out, func(a, b *Op) int { return compare(a.Name, b.Name) })
	return out, unchecked
}

// keepsForm reports whether ref's result has self's dtype on every case,
// and, for an out= op (out), self's rank. An in-place op keeps self's
// dtype where the functional op's result has another (eq_ on a float
// tensor), and an out= op writes an out of any dtype: the functional
// op's values are neither's. init gives an out= op's out the result's
// sizes, so where the rank changes (squeeze, a reduction) a kernel that
// writes self's values into it in order would pass.
func keepsForm(ref *refvalues.Op, out bool) bool {
	for _, c := range ref.Cases {
		want, err := ref.Want(c)
		if err != nil || len(c.In) == 0 {
			return false
		}
		if want.DType != c.In[0].DType || out && len(want.Shape()) != len(c.In[0].Shape()) {
			return false
		}
	}
	return true
}

// unmade says which tensors of ref's cases (inputs and results) are of
// no form of forms nor 2-D float64: "bool 1-D, int64 2-D". It is "" when
// the library makes them all.
func unmade(ref *refvalues.Op, forms []Form) string {
	var missing []string
	note := func(m refvalues.Matrix) {
		f := Form{Dtype: m.DType.String(), Rank: len(m.Shape())}
		if f == (Form{"float64", 2}) || slices.Contains(forms, f) || slices.Contains(missing, f.String()) {
			return
		}
		missing = append(missing, f.String())
	}
	for _, c := range ref.Cases {
		for _, in := range c.In {
			note(in)
		}
		if want, err := ref.Want(c); err == nil {
			note(want)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	slices.Sort(missing)
	return "its values are checked on " + strings.Join(missing, ", ") + " tensors, which init does not make of the library's type"
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// functional returns the reference of o's functional op: o's own, or its
// name's without the in-place underscore. For an out= op, it is that of
// the functional op of its base name with its other arguments.
func functional(o *schema.Op, byName map[string]*schema.Op) *refvalues.Op {
	f := o.Func
	switch o.Kind {
	case schema.Functional:
		return refvalues.Lookup(o.Name)
	case schema.Inplace:
		name := f.Name
		name.Name.Inplace = false
		return refvalues.Lookup(name.String())
	case schema.Out:
		for _, ref := range refvalues.Names() {
			fo := byName[ref]
			if fo != nil && fo.Func.Name.Name.Base == f.Name.Name.Base && !fo.Func.Name.Name.Inplace && sameArgs(fo.Func, f) {
				return refvalues.Lookup(ref)
			}
		}
	}
	return nil
}

// sameArgs reports whether the functional f and the out= g take the same
// arguments but g's outs.
func sameArgs(f, g *schema.Func) bool {
	a, b := append(slices.Clone(f.Positional), f.KwargOnly...), append(slices.Clone(g.Positional), g.KwargOnly...)
	return slices.EqualFunc(a, b, func(x, y schema.Argument) bool { return x.Name == y.Name && x.Type.Equal(y.Type) })
}

// newOp returns the op o as a binding calls it, or nil when one of its
// parameters or results is not one a binding passes.
func newOp(o *schema.Op, ref *refvalues.Op, tensor, elem string) *Op {
	f := o.Func
	if len(f.Returns) != 1 || !f.Returns[0].Type.Is(schema.Tensor) || len(f.Out) > 1 {
		return nil
	}
	op := &Op{Name: o.Name, Kind: o.Kind, Ref: ref, Elem: elem, GoName: plan.GoName(f.Name)}
	args := append(append(slices.Clone(f.Positional), f.KwargOnly...), f.Out...)
	for i, a := range args {
		p := OpParam{Name: plan.ParamName(a.Name)}
		switch t := a.Type; {
		case i >= len(args)-len(f.Out):
			p.Type, p.Role = tensor, OutArg
		case t.Is(schema.Tensor):
			p.Type, p.Index = tensor, len(op.Tensors)
			op.Tensors = append(op.Tensors, p.Name)
		case t.Kind == schema.ListKind && t.Elem.Is(schema.Tensor) && ref.List && len(op.Tensors) == 0:
			p.Type, op.List = "[]"+tensor, true
			op.Tensors = append(op.Tensors, p.Name)
		case t.Kind == schema.OptionalKind && (t.Elem.Is(schema.Int) || t.Elem.Is(schema.SymInt)):
			// slice.Tensor's start=None: unset is the reference's NaN.
			p.Type, p.Role, p.Index = "*int64", Scalar, len(op.Scalars)
			if a.HasDefault && a.Default == "None" {
				p.Default = "nil"
			}
			op.Scalars = append(op.Scalars, p.Name)
		case t.Is(schema.Scalar) || t.Is(schema.Float) || t.Is(schema.Int) || t.Is(schema.SymInt):
			p.Type, p.Role, p.Index = map[bool]string{true: elem, false: "int64"}[t.Is(schema.Scalar)], Scalar, len(op.Scalars)
			if t.Is(schema.Float) {
				p.Type = "float64"
			}
			if _, err := strconv.ParseFloat(a.Default, 64); a.HasDefault && err == nil {
				p.Default = a.Default
			}
			op.Scalars = append(op.Scalars, p.Name)
		case slices.Contains(ref.Lists, a.Name) && intList(t):
			// permute's dims, sum's dim (int[1]?, nil for None).
			p.Type, p.Role, p.Index = "[]int64", Dims, len(op.Lists)
			op.Lists = append(op.Lists, p.Name)
		case slices.Contains(ref.Scalars, a.Name) && (t.Is(schema.Bool) || t.Is(schema.ScalarType)):
			// keepdim; a cast's dtype, PyTorch's ScalarType number.
			p.Type, p.Role, p.Index = map[bool]string{true: "bool", false: "int"}[t.Is(schema.Bool)], Scalar, len(op.Scalars)
			op.Scalars = append(op.Scalars, p.Name)
		case slices.Contains(ref.Scalars, a.Name) && t.Kind == schema.OptionalKind && t.Elem.Is(schema.ScalarType):
			// _to_copy's dtype: nil keeps self's.
			p.Type, p.Role, p.Index = "*int", Scalar, len(op.Scalars)
			op.Scalars = append(op.Scalars, p.Name)
		case slices.Contains(refvalues.Ignorable, a.Name) && ignoredType(t) != "":
			p.Type, p.Role = ignoredType(t), Ignore
		default:
			return nil
		}
		op.Params = append(op.Params, p)
	}
	if o.Kind == schema.Out && len(f.Out) != 1 || len(op.Tensors) != ref.Tensors || !slices.Equal(op.Scalars, ref.Scalars) || !slices.Equal(op.Lists, ref.Lists) {
		return nil
	}
	return op
}

// intList reports whether t is an int list (int[], SymInt[], int[1]?).
func intList(t *schema.Type) bool {
	if t.Kind == schema.OptionalKind {
		t = t.Elem
	}
	return t.Kind == schema.ListKind && (t.Elem.Is(schema.Int) || t.Elem.Is(schema.SymInt))
}

// ignoredType is the Go type of an argument of schema type t that a
// binding leaves out (refvalues.Ignorable), as gen writes it. It is "" for
// a type no such argument has.
func ignoredType(t *schema.Type) string {
	if t.Is(schema.Bool) {
		return "bool"
	}
	if t.Kind != schema.OptionalKind {
		return ""
	}
	switch {
	case t.Elem.Is(schema.MemoryFormat), t.Elem.Is(schema.ScalarType), t.Elem.Is(schema.Layout):
		return "*int"
	case t.Elem.Is(schema.Device):
		return "*string"
	case t.Elem.Is(schema.Bool):
		return "*bool"
	}
	return ""
}

// heldAt reports whether x, a case's value of p, is p's default: NaN
// for None.
func (p OpParam) heldAt(x float64) bool {
	if p.Default == "nil" {
		return math.IsNaN(x)
	}
	d, err := strconv.ParseFloat(p.Default, 64)
	return err == nil && x == d
}

// defaultText is p's default as the schema writes it: None for nil.
func (p OpParam) defaultText() string {
	if p.Default == "nil" {
		return "None"
	}
	return p.Default
}
