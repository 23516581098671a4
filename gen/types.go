package gen

import (
	"maps"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/kernels"
)

// AssertsPath is the import path of the runtime the generated code calls
// (kernels.AssertsPath).
const AssertsPath = kernels.AssertsPath

// WrapPath is the import path of the half of the runtime only generated
// code calls: the call, its snapshots, the checks' functions.
const WrapPath = AssertsPath + "/wrap"

// ChecksPath is the import path of the checks' vocabulary: the constants
// of checks and policies generated code names.
const ChecksPath = AssertsPath + "/checks"

// typeCode renders a Go type for jennifer: a generic type with its type
// arguments, a type parameter by its name.
func typeCode(t kernels.GoType) jen.Code {
	s := jen.Op(t.Prefix)
	if t.Prefix == "" {
		s = jen.Null()
	}
	if t.Path == "" {
		return s.Id(t.Name)
	}
	s = s.Qual(t.Path, t.Name)
	if len(t.Args) > 0 {
		s = s.Types(codes(t.Args, typeCode)...)
	}
	return s
}

// codes renders each of xs with code.
func codes[T any](xs []T, code func(T) jen.Code) []jen.Code {
	out := make([]jen.Code, len(xs))
	for i, x := range xs {
		out[i] = code(x)
	}
	return out
}

// resultList renders a result list of the types rs: none, one, or more
// in parentheses.
func resultList(rs []jen.Code) jen.Code {
	switch len(rs) {
	case 0:
		return jen.Null()
	case 1:
		return rs[0]
	}
	return jen.Parens(jen.List(rs...))
}

// typeParamsOf returns the type parameters of all that ts name, in the
// order of all (steps.TypeParamsOf).
var typeParamsOf = steps.TypeParamsOf

// typeParamsDecl renders a type parameter list, [T C, U D], for Types:
// nil for none.
func typeParamsDecl(tps []kernels.TypeParam) []jen.Code {
	var out []jen.Code
	for _, p := range tps {
		var terms []jen.Code
		for _, t := range p.Constraint {
			c := jen.Null()
			if t.Tilde {
				c = jen.Op("~")
			}
			terms = append(terms, c.Add(typeCode(t.Type)))
		}
		switch len(terms) {
		case 0:
			out = append(out, jen.Id(p.Name).Any())
		case 1:
			out = append(out, jen.Id(p.Name).Add(terms[0]))
		default:
			out = append(out, jen.Id(p.Name).Union(terms...))
		}
	}
	return out
}

// typeArgsUse renders the type parameters tps as type arguments, [T, U],
// for Types: nil for none.
func typeArgsUse(tps []kernels.TypeParam) []jen.Code {
	return codes(tps, func(p kernels.TypeParam) jen.Code { return jen.Id(p.Name) })
}

// withTypes adds the type parameter list or type arguments code to s,
// if there are any.
func withTypes(s *jen.Statement, code []jen.Code) *jen.Statement {
	if len(code) == 0 {
		return s
	}
	return s.Types(code...)
}

// subst returns t with each type parameter replaced by its type in by.
func subst(t kernels.GoType, by map[string]kernels.GoType) kernels.GoType {
	if t.Param {
		if r, ok := by[t.Name]; ok {
			r.Prefix = t.Prefix + r.Prefix
			return r
		}
		return t
	}
	if len(t.Args) > 0 {
		args := make([]kernels.GoType, len(t.Args))
		for i, a := range t.Args {
			args[i] = subst(a, by)
		}
		t.Args = args
	}
	return t
}

// instances returns every assignment of an instance to each of tps: the
// cartesian product of their Instances, in order. It returns one empty
// assignment for no type parameters.
func instances(tps []kernels.TypeParam) []map[string]kernels.GoType {
	out := []map[string]kernels.GoType{{}}
	for _, p := range tps {
		var next []map[string]kernels.GoType
		for _, m := range out {
			for _, inst := range p.Instances {
				n := make(map[string]kernels.GoType, len(m)+1)
				maps.Copy(n, m)
				n[p.Name] = inst
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}
