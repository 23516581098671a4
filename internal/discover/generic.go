package discover

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/assertgen/assertgen/kernels"
)

// imported returns p and the packages it imports, directly or not, by
// import path.
func imported(p *types.Package) map[string]*types.Package {
	known := map[string]*types.Package{}
	var add func(p *types.Package)
	add = func(p *types.Package) {
		if known[p.Path()] != nil {
			return
		}
		known[p.Path()] = p
		for _, q := range p.Imports() {
			add(q)
		}
	}
	if p != nil {
		add(p)
	}
	return known
}

// named returns the package-qualified types t names, itself (without its
// markers) first, then those among its type arguments.
func named(t kernels.GoType) []kernels.GoType {
	var out []kernels.GoType
	var walk func(t kernels.GoType)
	walk = func(t kernels.GoType) {
		if t.Path != "" {
			out = append(out, kernels.GoType{Path: t.Path, Name: t.Name, Args: t.Args})
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(t)
	return out
}

// arity returns what is wrong with the number of type arguments t gives
// the type tn declares, or "".
func arity(tn *types.TypeName, t kernels.GoType) string {
	var tps *types.TypeParamList
	switch typ := tn.Type().(type) {
	case *types.Named:
		tps = typ.TypeParams()
	case *types.Alias:
		tps = typ.TypeParams()
	}
	n := tps.Len()
	switch {
	case n == 0 && len(t.Args) > 0:
		return fmt.Sprintf("%s.%s is not a generic type: write it without type arguments", t.Path, t.Name)
	case n > 0 && len(t.Args) == 0:
		names := make([]string, n)
		for i := range n {
			names[i] = tps.At(i).Obj().Name()
		}
		return fmt.Sprintf("%s.%s is generic (type parameters %s): write %s.%s[%s] with %s under type_params:, or an instantiation such as %s.%s[float32]",
			t.Path, t.Name, strings.Join(names, ", "), t.Path, t.Name, strings.Join(names, ", "), strings.Join(names, ", "), t.Path, t.Name)
	case n != len(t.Args):
		return fmt.Sprintf("%s.%s takes %d type arguments, not %d", t.Path, t.Name, n, len(t.Args))
	}
	return ""
}

// A resolver turns the type map's Go types into go/types types: named
// types from the packages it knows, type parameters from params.
type resolver struct {
	known  map[string]*types.Package
	params map[string]*types.TypeParam
}

// resolve returns the type t spells.
func (r *resolver) resolve(t kernels.GoType) (types.Type, error) {
	typ, err := r.resolveNamed(t)
	if err != nil {
		return nil, err
	}
	for i := len(t.Prefix) - 1; i >= 0; i-- {
		if t.Prefix[i] == '*' {
			typ = types.NewPointer(typ)
		} else if t.Prefix[i] == ']' {
			typ = types.NewSlice(typ)
			i-- // the "[" of "[]"
		}
	}
	return typ, nil
}

// resolveNamed returns the type t spells without its markers.
func (r *resolver) resolveNamed(t kernels.GoType) (types.Type, error) {
	switch {
	case t.Param:
		if p := r.params[t.Name]; p != nil {
			return p, nil
		}
		return nil, fmt.Errorf("type parameter %s is not declared", t.Name)
	case t.Path == "":
		tn, ok := types.Universe.Lookup(t.Name).(*types.TypeName)
		if !ok {
			return nil, fmt.Errorf("%s is not a builtin type", t.Name)
		}
		return tn.Type(), nil
	}
	p := r.known[t.Path]
	if p == nil {
		return nil, fmt.Errorf("package %s is not loaded", t.Path)
	}
	tn, ok := p.Scope().Lookup(t.Name).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("no type %s in %s", t.Name, t.Path)
	}
	if msg := arity(tn, t); msg != "" {
		return nil, fmt.Errorf("%s", msg)
	}
	if len(t.Args) == 0 {
		return tn.Type(), nil
	}
	args := make([]types.Type, len(t.Args))
	for i, a := range t.Args {
		var err error
		if args[i], err = r.resolve(a); err != nil {
			return nil, err
		}
	}
	typ, err := types.Instantiate(nil, tn.Type(), args, true)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.Display(), err)
	}
	return typ, nil
}

// typeParams gives each of params the constraint of its place among the
// type arguments of tensor, whose generic type is obj. The constraint is
// spelled so that another package can write it. It checks the instances
// against it.
func typeParams(r *resolver, obj *types.TypeName, tensor kernels.GoType, params []kernels.TypeParam) ([]kernels.TypeParam, []ParamProblem) {
	var tps *types.TypeParamList
	if n, ok := obj.Type().(*types.Named); ok {
		tps = n.TypeParams()
	}
	out := make([]kernels.TypeParam, len(params))
	var probs []ParamProblem
	for i, p := range params {
		out[i] = p
		at := -1
		for j, a := range tensor.Args {
			if a.Param && a.Name == p.Name && a.Prefix == "" {
				at = j
				break
			}
		}
		if at < 0 || tps == nil || at >= tps.Len() {
			probs = append(probs, ParamProblem{p.Name, -1, fmt.Sprintf("type parameter %s is no type argument of the Tensor type %s: write it as one, %s.%s[%s]", p.Name, tensor, tensor.Path, tensor.Name, p.Name)})
			continue
		}
		c := tps.At(at).Constraint()
		terms, err := constraintTerms(c, obj.Pkg())
		if err != nil {
			probs = append(probs, ParamProblem{p.Name, -1, fmt.Sprintf("the constraint of %s (%s, of %s's type parameter %s) cannot be written outside package %s: %v; declare it as an exported type", p.Name, c, obj.Name(), tps.At(at).Obj().Name(), obj.Pkg().Path(), err)})
			continue
		}
		out[i].Constraint = terms
		iface, _ := c.Underlying().(*types.Interface)
		for k, inst := range p.Instances {
			typ, err := r.resolve(inst)
			switch {
			case err != nil:
				probs = append(probs, ParamProblem{p.Name, k, err.Error()})
			case iface != nil && !types.Satisfies(typ, iface):
				probs = append(probs, ParamProblem{p.Name, k, fmt.Sprintf("%s does not satisfy the constraint of %s (%s)", inst, p.Name, c)})
			}
		}
	}
	return out, probs
}

// constraintTerms spells constraint c, of package from's declaration, as a
// union of terms another package can write. A named constraint (any,
// comparable, an exported type) is spelled as itself. An unnamed or
// unexported one is spelled by its union's terms, each the same way.
func constraintTerms(c types.Type, from *types.Package) ([]kernels.Term, error) {
	if g, err := goTypeOf(c, nil); err == nil {
		return []kernels.Term{{Type: g}}, nil
	}
	iface, ok := c.Underlying().(*types.Interface)
	if !ok {
		return nil, fmt.Errorf("%s is not an interface", c)
	}
	if iface.NumExplicitMethods() > 0 {
		return nil, fmt.Errorf("it has methods")
	}
	switch iface.NumEmbeddeds() {
	case 0:
		return []kernels.Term{{Type: kernels.GoType{Name: "any"}}}, nil
	case 1:
	default:
		return nil, fmt.Errorf("it embeds %d constraints", iface.NumEmbeddeds())
	}
	u, ok := iface.EmbeddedType(0).(*types.Union)
	if !ok {
		return constraintTerms(iface.EmbeddedType(0), from)
	}
	var out []kernels.Term
	for i := range u.Len() {
		t := u.Term(i)
		if g, err := goTypeOf(t.Type(), nil); err == nil {
			out = append(out, kernels.Term{Tilde: t.Tilde(), Type: g})
			continue
		}
		if t.Tilde() {
			return nil, fmt.Errorf("term ~%s cannot be named", t.Type())
		}
		more, err := constraintTerms(t.Type(), from)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// goTypeOf spells typ as the type map does: builtins, exported named types
// with their type arguments, and params' type parameters, behind pointer
// and slice markers. It fails for a type another package cannot name.
func goTypeOf(typ types.Type, params map[*types.TypeParam]string) (kernels.GoType, error) {
	prefix := ""
	for {
		switch t := typ.(type) {
		case *types.Pointer:
			prefix, typ = prefix+"*", t.Elem()
			continue
		case *types.Slice:
			prefix, typ = prefix+"[]", t.Elem()
			continue
		}
		break
	}
	g := kernels.GoType{Prefix: prefix}
	switch t := typ.(type) {
	case *types.TypeParam:
		name, ok := params[t]
		if !ok {
			return g, fmt.Errorf("type parameter %s", t)
		}
		g.Name, g.Param = name, true
		return g, nil
	case *types.Basic:
		if t.Info()&types.IsUntyped != 0 || t.Kind() == types.UnsafePointer {
			return g, fmt.Errorf("%s cannot be named", t)
		}
		g.Name = t.Name()
		return g, nil
	case *types.Interface:
		if t.Empty() {
			g.Name = "any"
			return g, nil
		}
	case *types.Alias:
		if obj := t.Obj(); obj.Pkg() == nil || obj.Exported() && t.TypeArgs().Len() == 0 {
			g.Name = obj.Name() // any, or an exported alias
			if obj.Pkg() != nil {
				g.Path = obj.Pkg().Path()
			}
			return g, nil
		}
		u, err := goTypeOf(types.Unalias(t), params)
		u.Prefix = prefix + u.Prefix
		return u, err
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			g.Name = obj.Name() // error, comparable
			return g, nil
		}
		if !obj.Exported() || !token.IsExported(obj.Name()) {
			return g, fmt.Errorf("%s is not exported", obj.Name())
		}
		g.Path, g.Name = obj.Pkg().Path(), obj.Name()
		for i := range t.TypeArgs().Len() {
			a, err := goTypeOf(t.TypeArgs().At(i), params)
			if err != nil {
				return g, err
			}
			g.Args = append(g.Args, a)
		}
		return g, nil
	}
	return g, fmt.Errorf("%s cannot be named", typ)
}
