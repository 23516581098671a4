package discover

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/assertgen/assertgen/kernels"
)

// Match implements [kernels.Matcher]. Kernel k has the signature want when
// their parameter and result types are identical Go types; an alias is the
// type it stands for. A generic kernel is first instantiated:
//   - its type parameters are bound to the types of want at their places:
//     Tensor[T] against Tensor[E] binds T to E;
//   - each must be bound;
//   - the instantiation must satisfy the kernel's constraints. For a type
//     parameter of want, its whole type set must.
func (p *Package) Match(k *kernels.Kernel, want kernels.Want) ([]kernels.GoType, error) {
	fn := p.funcs[k.Name]
	if fn == nil {
		return nil, fmt.Errorf("no function %s in %s", k.Name, p.Set.Path)
	}
	r := &resolver{known: p.known, params: map[string]*types.TypeParam{}}
	names := map[*types.TypeParam]string{}
	for _, tp := range want.TypeParams {
		t, err := p.typeParam(r, tp)
		if err != nil {
			return nil, err
		}
		r.params[tp.Name], names[t] = t, tp.Name
	}
	params, err := resolveAll(r, want.Params)
	if err != nil {
		return nil, err
	}
	results, err := resolveAll(r, want.Results)
	if err != nil {
		return nil, err
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() {
		return nil, fmt.Errorf("it is variadic: its last parameter must be a slice, not a ... parameter")
	}
	if sig.Params().Len() != len(params) || sig.Results().Len() != len(results) {
		return nil, fmt.Errorf("it has %d parameters and %d results, want %d and %d", sig.Params().Len(), sig.Results().Len(), len(params), len(results))
	}
	var targs []kernels.GoType
	if tps := sig.TypeParams(); tps.Len() > 0 {
		bind := make([]types.Type, tps.Len())
		for i := range params {
			unify(params[i], sig.Params().At(i).Type(), tps, bind)
		}
		for i := range results {
			unify(results[i], sig.Results().At(i).Type(), tps, bind)
		}
		for i, b := range bind {
			if b == nil {
				return nil, fmt.Errorf("its type parameter %s is not determined by its schema's signature", tps.At(i).Obj().Name())
			}
			g, err := goTypeOf(b, names)
			if err != nil {
				return nil, fmt.Errorf("its type parameter %s stands for %s, which the generated package cannot name: %v", tps.At(i).Obj().Name(), b, err)
			}
			targs = append(targs, g)
		}
		inst, err := types.Instantiate(nil, sig, bind, true)
		if err != nil {
			return nil, fmt.Errorf("it cannot be instantiated with %s: %v", spellAll(targs), err)
		}
		sig = inst.(*types.Signature)
	}
	for i := range params {
		if got := sig.Params().At(i).Type(); !types.Identical(got, params[i]) {
			return nil, fmt.Errorf("parameter %d (%s) is %s, want %s", i+1, sig.Params().At(i).Name(), got, params[i])
		}
	}
	for i := range results {
		if got := sig.Results().At(i).Type(); !types.Identical(got, results[i]) {
			return nil, fmt.Errorf("result %d is %s, want %s", i+1, got, results[i])
		}
	}
	return targs, nil
}

// typeParam returns the type parameter of the generated code that tp
// describes, with its constraint.
func (p *Package) typeParam(r *resolver, tp kernels.TypeParam) (*types.TypeParam, error) {
	var c types.Type
	if len(tp.Constraint) == 1 && !tp.Constraint[0].Tilde {
		t, err := r.resolve(tp.Constraint[0].Type)
		if err != nil {
			return nil, fmt.Errorf("the constraint of %s: %v", tp.Name, err)
		}
		c = t
	}
	if c == nil || !types.IsInterface(c) {
		terms := make([]*types.Term, len(tp.Constraint))
		for i, t := range tp.Constraint {
			typ, err := r.resolve(t.Type)
			if err != nil {
				return nil, fmt.Errorf("the constraint of %s: %v", tp.Name, err)
			}
			terms[i] = types.NewTerm(t.Tilde, typ)
		}
		var embeds []types.Type
		if len(terms) > 0 {
			embeds = []types.Type{types.NewUnion(terms)}
		}
		iface := types.NewInterfaceType(nil, embeds)
		iface.Complete()
		c = iface
	}
	return types.NewTypeParam(types.NewTypeName(0, nil, tp.Name, nil), c), nil
}

func resolveAll(r *resolver, ts []kernels.GoType) ([]types.Type, error) {
	out := make([]types.Type, len(ts))
	for i, t := range ts {
		var err error
		if out[i], err = r.resolve(t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// unify binds the type parameters of tps that appear in have, the kernel's
// side, to the types at the same places of want. It binds only: the
// instantiated signature is compared as a whole afterwards.
func unify(want, have types.Type, tps *types.TypeParamList, bind []types.Type) {
	want, have = types.Unalias(want), types.Unalias(have)
	if tp, ok := have.(*types.TypeParam); ok {
		for i := range tps.Len() {
			if tps.At(i) == tp && bind[i] == nil {
				bind[i] = want
			}
		}
		return
	}
	switch h := have.(type) {
	case *types.Pointer:
		if w, ok := want.(*types.Pointer); ok {
			unify(w.Elem(), h.Elem(), tps, bind)
		}
	case *types.Slice:
		if w, ok := want.(*types.Slice); ok {
			unify(w.Elem(), h.Elem(), tps, bind)
		}
	case *types.Array:
		if w, ok := want.(*types.Array); ok {
			unify(w.Elem(), h.Elem(), tps, bind)
		}
	case *types.Map:
		if w, ok := want.(*types.Map); ok {
			unify(w.Key(), h.Key(), tps, bind)
			unify(w.Elem(), h.Elem(), tps, bind)
		}
	case *types.Named:
		w, ok := want.(*types.Named)
		if !ok || w.Origin().Obj() != h.Origin().Obj() || w.TypeArgs().Len() != h.TypeArgs().Len() {
			return
		}
		for i := range h.TypeArgs().Len() {
			unify(w.TypeArgs().At(i), h.TypeArgs().At(i), tps, bind)
		}
	}
}

func spellAll(ts []kernels.GoType) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.Display()
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ParamIs reports whether parameter i of kernel name has type t, as Go
// types: an alias is the type it stands for.
func (p *Package) ParamIs(name string, i int, t kernels.GoType) bool {
	fn := p.funcs[name]
	if fn == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if i >= sig.Params().Len() {
		return false
	}
	want, err := (&resolver{known: p.known}).resolve(t)
	return err == nil && types.Identical(want, sig.Params().At(i).Type())
}
