package finder

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"
)

// A Callable is an exported method of the tensor type, or an exported
// function of its package or of a kernel package over it (Lib.Kernels),
// that takes or returns the type.
type Callable struct {
	Name   string // as the report names it: "Dense.Mul", "DenseCopyOf"
	GoName string // "Mul"
	Method bool
	// Pkg is the kernel package of a function of a kernel library over
	// the type (Lib.Kernels); nil for the library's own.
	Pkg    *types.Package
	Words  []string // GoName's words, lower-case: MulElem is mul, elem
	Params []Param
	Result Result
	// Recv is the receiver a call makes of a method of another type of a
	// kernel package (kern.Ops.Add, an operator's kern.Relu.Forward). It
	// is nil for the others. TypeWords are its type's name's words.
	Recv      *Recv
	TypeWords []string
	list      string // a List parameter's type as code: "[]*mat.Dense"
	// TypeArgs instantiate a generic kernel function in its calls
	// ("[float64]"), and TypeArgsFrom says where init took them
	// ("-type's type arguments"). They are "" for another.
	TypeArgs, TypeArgsFrom string
	// results are its results' types as the report spells them:
	// "(*fake.M, *fake.M)".
	results string
}

// A Param is one parameter of a callable, as a binding can pass it.
type Param struct {
	Kind ParamKind
	// Type is a number's Go type ("float64", "int"). For a Map, it is the
	// number of index parameters of the function before the element.
	Type  string
	Index int
	opt   types.Type // a Rest's element type: what an Option must make
}

// A ParamKind says what a binding passes a parameter.
type ParamKind int

// The kinds of parameters.
const (
	Other  ParamKind = iota // nothing a binding can pass
	Tensor                  // a tensor: the type, or an interface it implements
	Number                  // a number of a predeclared type
	Map                     // a function of an element to an element: func(i, j int, v E) E
	Any                     // an interface{}: a tensor, or a number of the element type
	Rest                    // a trailing variadic parameter (gorgonia's opts ...FuncOpt): left empty, or one Option
	List                    // a slice of the tensor type: a kernel package's (an operator's Apply(xs []T))
	Sizes                   // a slice of an integer type: an op's int list (permute's dims); Type is the slice's
)

// A Result is what a callable returns.
type Result struct {
	Tensor bool   // a tensor (the first result)
	List   bool   // a slice of the tensor type (the first result), of a kernel package's callable: its one tensor
	Assert string // the type assertion a tensor of an interface type needs ("" for the type itself)
	Err    bool   // an error (last)
	Other  bool   // results a binding drops
}

// callables returns the exported methods of the tensor type, and the
// exported functions of its package, that take or return it, sorted by
// name. Parameters a binding cannot pass are Other.
func callables(l *Lib) []*Callable {
	var out []*Callable
	ms := types.NewMethodSet(l.Tensor)
	for i := range ms.Len() {
		fn := ms.At(i).Obj().(*types.Func)
		if fn.Exported() {
			c := newCallable(l, fn.Name(), fn.Type().(*types.Signature))
			c.Method, c.Name = true, l.Named.Obj().Name()+"."+fn.Name()
			c.noLists()
			out = append(out, c)
		}
	}
	for _, pkg := range append([]*types.Package{l.Pkg}, l.Kernels...) {
		for _, n := range pkg.Scope().Names() {
			fn, ok := pkg.Scope().Lookup(n).(*types.Func)
			if !ok || !token.IsExported(n) {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.TypeParams().Len() == 0 {
				c := newCallable(l, n, sig)
				if pkg != l.Pkg {
					c.Pkg, c.Name = pkg, pkg.Name()+"."+n
				} else {
					c.noLists()
				}
				if c.touches() {
					out = append(out, c)
				}
				continue
			}
			if pkg == l.Pkg {
				continue // the library's own generic functions
			}
			// A kernel generic in the element type (Relu[E float32 |
			// float64]): called instantiated, or said why not.
			if c, why := genericKernel(l, pkg, n, sig); c != nil {
				out = append(out, c)
			} else if why != "" {
				l.Generics = append(l.Generics, Generic{Name: pkg.Name() + "." + n, Why: why})
			}
		}
		if pkg != l.Pkg {
			out = append(out, receiverCallables(l, pkg)...)
		}
	}
	slices.SortFunc(out, func(a, b *Callable) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func newCallable(l *Lib, name string, sig *types.Signature) *Callable {
	c := &Callable{Name: name, GoName: name, Words: words(name), list: "[]" + l.Qual()}
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		p := param(l, t, sig.Variadic() && i == sig.Params().Len()-1)
		if p.Kind == Rest {
			p.opt = t.(*types.Slice).Elem()
		}
		c.Params = append(c.Params, p)
	}
	res := sig.Results()
	var rs []string
	for i := range res.Len() {
		rs = append(rs, types.TypeString(res.At(i).Type(), func(p *types.Package) string { return p.Name() }))
	}
	c.results = "(" + strings.Join(rs, ", ") + ")"
	for i := range res.Len() {
		t := res.At(i).Type()
		switch {
		case i == res.Len()-1 && types.Identical(t, types.Universe.Lookup("error").Type()):
			c.Result.Err = true
		case i == 0 && types.Identical(t, l.Tensor):
			c.Result.Tensor = true
		case i == 0 && isList(l, t):
			c.Result.List = true
		case i == 0 && (isTensorIface(l, t) || isAny(t)):
			// An interface{} may hold the tensor (gorgonia's Clone): the
			// value check tells.
			c.Result.Tensor, c.Result.Assert = true, ".("+l.Qual()+")"
		default:
			c.Result.Other = true
		}
	}
	return c
}

// param classifies a parameter of type t.
func param(l *Lib, t types.Type, variadic bool) Param {
	switch {
	case variadic:
		return Param{Kind: Rest}
	case types.Identical(t, l.Tensor) || isTensorIface(l, t):
		return Param{Kind: Tensor}
	case isAny(t):
		return Param{Kind: Any}
	case isList(l, t):
		return Param{Kind: List}
	}
	if b, ok := t.(*types.Basic); ok && (b.Info()&types.IsNumeric != 0 && b.Info()&types.IsComplex == 0 || b.Kind() == types.Bool) {
		return Param{Kind: Number, Type: b.Name()} // a bool takes a bool scalar alone (keepdim)
	}
	if sl, ok := t.(*types.Slice); ok && isInt(sl.Elem()) {
		return Param{Kind: Sizes, Type: "[]" + sl.Elem().String()}
	}
	if sig, ok := t.(*types.Signature); ok && sig.Params().Len() >= 1 && sig.Results().Len() == 1 {
		n := sig.Params().Len()
		elem := func(t types.Type) bool { b, ok := t.(*types.Basic); return ok && b.Name() == l.Elem }
		ok := elem(sig.Params().At(n-1).Type()) && elem(sig.Results().At(0).Type())
		for i := range n - 1 {
			b, isBasic := sig.Params().At(i).Type().(*types.Basic)
			ok = ok && isBasic && b.Kind() == types.Int
		}
		if ok {
			return Param{Kind: Map, Index: n - 1}
		}
	}
	return Param{Kind: Other}
}

// An Option is a function of the library's package that makes a value of
// a callable's trailing variadic parameter (gorgonia's FuncOpt). It takes:
//   - no parameters (tensor.UseUnsafe()): an in-place op's call may take
//     it;
//   - or one tensor (tensor.WithReuse(t)): an out= op's call may take it
//     with out. The tensor is the tensor type, an interface it implements,
//     or interface{}.
//
// What it does is the value check's to find: gorgonia's WithIncr(out)
// adds into out, which its values show.
type Option struct {
	Name   string
	Tensor bool       // it takes a tensor: out
	typ    types.Type // the type it makes
}

// Arg is the option as a call's argument, in a file that imports the
// library by its package name pkg. out is the out= tensor's name.
func (o *Option) Arg(pkg, out string) string {
	if o.Tensor {
		return pkg + "." + o.Name + "(" + out + ")"
	}
	return pkg + "." + o.Name + "()"
}

// options returns the package's exported functions that make a value of
// the element type of some callable's Rest parameter, from no parameters
// or from one tensor, sorted by name. That type is a named type of the
// package other than an interface (gorgonia's FuncOpt). A Rest of tensors
// (Concat's others ...Tensor) takes no options.
func options(l *Lib) []*Option {
	var made []types.Type
	for _, c := range l.Callables {
		r := c.rest()
		if n, ok := r.(*types.Named); !ok || n.Obj().Pkg() != l.Pkg || types.IsInterface(r) {
			continue
		}
		if !slices.ContainsFunc(made, func(t types.Type) bool { return types.Identical(t, r) }) {
			made = append(made, r)
		}
	}
	var out []*Option
	for _, n := range l.Pkg.Scope().Names() {
		fn, ok := l.Pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !token.IsExported(n) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 || sig.Variadic() || sig.Results().Len() != 1 || sig.Params().Len() > 1 {
			continue
		}
		res := sig.Results().At(0).Type()
		if !slices.ContainsFunc(made, func(t types.Type) bool { return types.Identical(t, res) }) {
			continue
		}
		o := &Option{Name: n, typ: res}
		if sig.Params().Len() == 1 {
			t := sig.Params().At(0).Type()
			if !types.Identical(t, l.Tensor) && !isTensorIface(l, t) && !isAny(t) {
				continue
			}
			o.Tensor = true
		}
		out = append(out, o)
	}
	return out
}

// rest is the element type of c's Rest parameter, nil for none.
func (c *Callable) rest() types.Type {
	if n := len(c.Params); n > 0 && c.Params[n-1].Kind == Rest {
		return c.Params[n-1].opt
	}
	return nil
}

// A Generic is a generic function of a kernel package over the tensor
// type that init could not instantiate, and why. It is not called.
type Generic struct {
	Name string // as the report names it: "user.Roll"
	Why  string
}

// genericKernel returns the callable of the generic function name of the
// kernel package pkg, of signature sig, instantiated. For each type
// parameter, the first of these that takes or returns the tensor type is
// taken:
//  1. -type's type arguments, for a generic library type: Relu[E] over
//     spago's Dense[E];
//  2. the element type init checks the values on;
//  3. the tensor type.
//
// Where none does and sig names the library's type (Roll[I ~int32 |
// ~int64](x *T, shift I)), the callable is nil, and why says so. A generic
// function that does not name it, and takes no tensor once instantiated,
// is no kernel: nil, and no why.
func genericKernel(l *Lib, pkg *types.Package, name string, sig *types.Signature) (*Callable, string) {
	n := sig.TypeParams().Len()
	type try struct {
		args []types.Type
		code []string // the arguments as the call spells them
		from string
	}
	var tries []try
	universe := func(names []string) try {
		var t try
		for _, a := range names {
			if tn, ok := types.Universe.Lookup(a).(*types.TypeName); ok {
				t.args, t.code = append(t.args, tn.Type()), append(t.code, a)
			}
		}
		return t
	}
	if len(l.Spec.Args) == n {
		t := universe(l.Spec.Args)
		t.from = "-type's type arguments"
		tries = append(tries, t)
	}
	if elems := slices.Repeat([]string{l.Elem}, n); !slices.Equal(elems, l.Spec.Args) {
		t := universe(elems)
		t.from = "the element type init checks the values on"
		tries = append(tries, t)
	}
	tries = append(tries, try{slices.Repeat([]types.Type{l.Tensor}, n), slices.Repeat([]string{l.Qual()}, n), "the tensor type"})
	var tried []string
	var first error
	for _, t := range tries {
		if len(t.args) != n {
			continue
		}
		tried = append(tried, strings.Join(t.code, ", "))
		inst, err := types.Instantiate(types.NewContext(), sig, t.args, true)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		c := newCallable(l, name, inst.(*types.Signature))
		c.Pkg, c.Name = pkg, pkg.Name()+"."+name
		c.TypeArgs, c.TypeArgsFrom = "["+strings.Join(t.code, ", ")+"]", t.from
		if c.touches() {
			return c, ""
		}
	}
	if !mentions(sig, l.Named.Origin().Obj(), map[types.Type]bool{}) {
		return nil, ""
	}
	why := fmt.Sprintf("a generic function init cannot instantiate with %s", strings.Join(tried, " or "))
	if first != nil {
		why += ": " + first.Error()
	}
	return nil, why + "; bind it by hand in a config that includes init's (docs/guide.md)"
}

// touches reports whether the callable takes or returns the tensor type,
// or a list of it: a callable of the bindings.
func (c *Callable) touches() bool {
	return c.Result.Tensor || c.Result.List || slices.ContainsFunc(c.Params, func(p Param) bool { return p.Kind == Tensor || p.Kind == List })
}

// mentions reports whether the type t names the type obj, generic or an
// instance of it. For a signature, its parameters and results count.
func mentions(t types.Type, obj *types.TypeName, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Named:
		if t.Origin().Obj() == obj {
			return true
		}
		for i := range t.TypeArgs().Len() {
			if mentions(t.TypeArgs().At(i), obj, seen) {
				return true
			}
		}
	case *types.Alias:
		return mentions(types.Unalias(t), obj, seen)
	case *types.Pointer:
		return mentions(t.Elem(), obj, seen)
	case *types.Slice:
		return mentions(t.Elem(), obj, seen)
	case *types.Array:
		return mentions(t.Elem(), obj, seen)
	case *types.Map:
		return mentions(t.Key(), obj, seen) || mentions(t.Elem(), obj, seen)
	case *types.Chan:
		return mentions(t.Elem(), obj, seen)
	case *types.Tuple:
		for i := range t.Len() {
			if mentions(t.At(i).Type(), obj, seen) {
				return true
			}
		}
	case *types.Signature:
		return mentions(t.Params(), obj, seen) || mentions(t.Results(), obj, seen)
	}
	return false
}

// resultsWhy says why no binding returns the callable's value, for one
// whose results are more than a tensor (or a list) and an error: Frexp's
// mantissas and exponents. It is "" for another.
func (c *Callable) resultsWhy() string {
	if !c.Result.Other {
		return ""
	}
	return "it returns " + c.results + ": init binds a kernel that returns one tensor (with an error or not), or that writes its first tensor argument; bind it by hand in a config that includes init's (docs/guide.md)"
}

// isList reports whether t is a slice of the tensor type.
func isList(l *Lib, t types.Type) bool {
	s, ok := t.(*types.Slice)
	return ok && types.Identical(s.Elem(), l.Tensor)
}

// noLists makes the lists of a callable of the library's own package into
// parameters and results a binding cannot pass. Lists are a kernel
// package's: an operator's Apply(xs []T) ([]T, error).
func (c *Callable) noLists() {
	for i := range c.Params {
		if c.Params[i].Kind == List {
			c.Params[i].Kind = Other
		}
	}
	if c.Result.List {
		c.Result.List, c.Result.Other = false, true
	}
}

// isTensorIface reports whether t is a non-empty interface the tensor
// type implements.
func isTensorIface(l *Lib, t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && iface.NumMethods() > 0 && types.Implements(l.Tensor, iface)
}

// words splits a Go name at its upper-case letters, lower-cased:
// MulElem is mul, elem; RawMatrix raw, matrix; Exp2 exp2.
func words(name string) []string {
	var out []string
	start := 0
	rs := []rune(name)
	for i := 1; i < len(rs); i++ {
		if unicode.IsUpper(rs[i]) && !unicode.IsUpper(rs[i-1]) {
			out = append(out, strings.ToLower(string(rs[start:i])))
			start = i
		}
	}
	return append(out, strings.ToLower(string(rs[start:])))
}

// namespaces are PyTorch's op namespaces (torch.linalg, torch.special,
// torch.fft): linalg_inv is inv, as a library names it.
var namespaces = []string{"linalg", "special", "fft"}

// NameFits reports whether the callable's name is the op's base name,
// without a trailing underscore and a namespace. The callable's first
// words must be the op's words, the last of which may be a prefix of the
// callable's: Kronecker is kron, MulElem is mul, Inverse is linalg_inv.
func (c *Callable) NameFits(base string) bool {
	ow := strings.Split(strings.TrimSuffix(base, "_"), "_")
	if c.Recv != nil && c.Recv.Operator {
		// An operator's method is a verb (Apply, Forward): its type's
		// name is the op's.
		return nameFits(c.TypeWords, ow) || len(ow) > 1 && slices.Contains(namespaces, ow[0]) && nameFits(c.TypeWords, ow[1:])
	}
	if nameFits(c.Words, ow) {
		return true
	}
	return len(ow) > 1 && slices.Contains(namespaces, ow[0]) && nameFits(c.Words, ow[1:])
}

func nameFits(cw, ow []string) bool {
	if len(ow) == 0 || len(ow) > len(cw) {
		return false
	}
	last := len(ow) - 1
	if len(ow[last]) <= 2 {
		// A short word is a word (eq, ge, t), not a prefix: Get is not ge.
		return slices.Equal(cw[:len(ow)], ow)
	}
	return slices.Equal(cw[:last], ow[:last]) && strings.HasPrefix(cw[last], ow[last])
}

// qual is the qualifier of a function's call in code that names the
// library's package pkg: its kernel package's name, or pkg.
func (c *Callable) qual(pkg string) string {
	if c.Pkg != nil {
		return c.Pkg.Name()
	}
	return pkg
}
