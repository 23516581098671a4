package finder

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A Recv is the receiver of a method of a kernel package's type other than
// the tensor's (Lib.Kernels). It is Ops in func (o *Ops) Add(a, b
// *mat.Dense) (*mat.Dense, error), or an operator value, Concat in func (c
// Concat) Apply(xs []*mat.Dense) ([]*mat.Dense, error). A call makes a new
// one, by the type's zero-argument constructor or as its zero value. Its
// exported number fields may take the op's scalars.
type Recv struct {
	Type string // the type as the program and gen's code name it: "kern.Ops"
	// Ctor is the zero-argument constructor's call, "kern.NewOps()";
	// "" for the zero value.
	Ctor string
	// Fields are the exported number fields of a struct type made as its
	// zero value. The op's scalars that the method's parameters do not
	// take set them, in order: Concat{Axis: int(dim)}.
	Fields []Field
	// Operator is set when the method's name is no op's: its type's
	// name is (Relu.Forward, Concat.Apply). The report lists the
	// operators bound to no op, and why (Found.Operators).
	Operator bool
}

// A Field is an exported number field of a receiver's type.
type Field struct{ Name, Type string }

// expr is the receiver as code, its fields set to the scalars
// (already converted): (&kern.Concat{Axis: int(dim)}), kern.NewOps(),
// new(kern.Ops).
func (r *Recv) expr(scalars []string) string {
	switch {
	case r.Ctor != "":
		return r.Ctor
	case len(scalars) == 0:
		return "new(" + r.Type + ")"
	}
	var set []string
	for i, s := range scalars {
		set = append(set, r.Fields[i].Name+": "+s)
	}
	return "(&" + r.Type + "{" + strings.Join(set, ", ") + "})"
}

// receiverCallables returns the exported methods of the exported types of
// the kernel package pkg that take or return the tensor type or a slice
// of it. They are Callables with a Recv, named "kern.Ops.Add".
func receiverCallables(l *Lib, pkg *types.Package) []*Callable {
	var out []*Callable
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok || !token.IsExported(n) || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(named) {
			continue
		}
		typ := pkg.Name() + "." + n
		if named.TypeParams().Len() > 0 {
			// A generic type of the library's type's arguments
			// (Softmax[T] over spago's Dense[T]) is instantiated with
			// them: kern.Softmax[float64].
			if named = instantiate(named, l.Named); named == nil {
				continue
			}
			typ += "[" + strings.Join(l.Spec.Args, ", ") + "]"
		}
		ms := types.NewMethodSet(types.NewPointer(named))
		for i := range ms.Len() {
			fn := ms.At(i).Obj().(*types.Func)
			if !fn.Exported() || fn.Pkg() != pkg {
				continue // a promoted method of another package's type
			}
			c := newCallable(l, fn.Name(), fn.Type().(*types.Signature))
			c.Pkg, c.Name = pkg, pkg.Name()+"."+n+"."+fn.Name()
			if !c.Result.Tensor && !c.Result.List && !slices.ContainsFunc(c.Params, func(p Param) bool { return p.Kind == Tensor || p.Kind == List }) {
				continue
			}
			c.Recv = newRecv(pkg, named, fn, typ)
			c.TypeWords = words(n)
			c.Recv.Operator = !c.methodNameFitsAny()
			out = append(out, c)
		}
	}
	return out
}

// newRecv returns how a call makes the receiver of method fn of named. It
// is the package's one function of no parameters that returns the type,
// or a pointer to it, whose method set has fn; "New" plus the type's name
// comes first. Else it is the zero value.
func newRecv(pkg *types.Package, named *types.Named, fn *types.Func, typ string) *Recv {
	name := named.Obj().Name()
	r := &Recv{Type: typ}
	var ctors []string
	for _, n := range pkg.Scope().Names() {
		f, ok := pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !token.IsExported(n) {
			continue
		}
		sig := f.Type().(*types.Signature)
		if sig.Recv() != nil || sig.TypeParams().Len() > 0 || named.TypeArgs().Len() > 0 || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		res := sig.Results().At(0).Type()
		if !types.Identical(res, named) && !types.Identical(res, types.NewPointer(named)) {
			continue
		}
		if sel := types.NewMethodSet(res).Lookup(pkg, fn.Name()); sel != nil {
			ctors = append(ctors, n)
		}
	}
	if i := slices.Index(ctors, "New"+name); i > 0 {
		ctors[0], ctors[i] = ctors[i], ctors[0]
	}
	if len(ctors) > 0 {
		r.Ctor = pkg.Name() + "." + ctors[0] + "()"
		return r
	}
	if st, ok := named.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			f := st.Field(i)
			if b, ok := f.Type().(*types.Basic); ok && f.Exported() && !f.Embedded() && b.Info()&types.IsNumeric != 0 && b.Info()&types.IsComplex == 0 {
				r.Fields = append(r.Fields, Field{Name: f.Name(), Type: b.Name()})
			}
		}
	}
	return r
}

// methodNameFitsAny reports whether a receiver's method is named for an op
// by its words alone (Ops.Add). Otherwise it is an operator, named by its
// type (Relu.Forward).
func (c *Callable) methodNameFitsAny() bool {
	return !slices.ContainsFunc(c.Words, func(w string) bool { return slices.Contains(operatorVerbs, w) })
}

// operatorVerbs are the words of the methods that apply an operator
// value whose type names the op: Relu.Forward, Concat.Apply.
var operatorVerbs = []string{"apply", "forward", "call", "run", "do", "eval", "compute", "exec", "execute", "fn", "op"}

// describe says how a call makes the receiver: "kern.NewOps()",
// "new(kern.Ops)", "kern.Concat{Axis: a scalar}".
func (r *Recv) describe() string {
	if r.Ctor != "" || len(r.Fields) == 0 {
		return r.expr(nil)
	}
	var names []string
	for _, f := range r.Fields {
		names = append(names, f.Name)
	}
	return "its zero value, or with " + strings.Join(names, ", ") + " set to the op's scalars"
}

// signature is the callable's parameters as the report names their
// kinds: "tensor, list, other".
func (c *Callable) signature() string {
	var out []string
	for _, p := range c.Params {
		k := [...]string{"other", "tensor", "number", "map", "any", "rest", "list", "int list"}[p.Kind]
		if p.Kind == Number && p.Type == "bool" {
			k = "bool"
		}
		out = append(out, k)
	}
	if len(out) == 0 {
		return "takes nothing"
	}
	return "takes " + strings.Join(out, ", ")
}

// instantiate returns the generic type named instantiated with the library
// type's type arguments (lib's), or nil when it takes other ones.
func instantiate(named, lib *types.Named) *types.Named {
	args := lib.TypeArgs()
	if args.Len() != named.TypeParams().Len() {
		return nil
	}
	var list []types.Type
	for i := range args.Len() {
		list = append(list, args.At(i))
	}
	inst, err := types.Instantiate(types.NewContext(), named, list, true)
	if err != nil {
		return nil
	}
	return inst.(*types.Named)
}
