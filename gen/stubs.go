package gen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
)

// KernelDecl returns the Go declaration of the kernel of op that function
// mode wants, ready to paste. It is written as in the kernels package
// o.Kernels: its own types unqualified, others by package name. An
// example: "func AddTensor(self *Tensor, other *Tensor, alpha float64)
// *Tensor".
func KernelDecl(op *plan.Op, o Options) (string, error) {
	if err := o.defaults(); err != nil {
		return "", err
	}
	w, err := newWrapper(op, op.GoName, o.Types, o.TypeParams)
	if err != nil {
		return "", err
	}
	spell := func(t kernels.GoType) string {
		if o.Kernels == nil {
			return t.Display()
		}
		return spellIn(t, o.Kernels.Path)
	}
	for i, p := range w.tparams {
		terms := make([]kernels.Term, len(p.Constraint))
		for j, t := range p.Constraint {
			terms[j] = kernels.Term{Tilde: t.Tilde, Type: kernels.GoType{Name: spell(t.Type)}} // as the kernels package writes it
		}
		w.tparams[i].Constraint = terms
	}
	for i := range w.params {
		w.params[i].name = plan.ParamName(w.params[i].arg.Name) // no generated locals to avoid
	}
	return "func " + op.GoName + w.sig(spell).String()[len("func"):], nil
}

// KernelStubs returns a Go file of the kernels package o.Kernels: what
// `assertgen gen -stubs` writes for the selected ops that have no kernel.
// It declares the kernel of each op of ops, with the signature its schema
// and the type map give, and a body that panics with "TODO". A kernel name
// the package already declares as something else than a kernel is an
// error, since its stub would not build. Those names are
// o.Kernels.Others: a variable, a type, ...
func KernelStubs(ops []*plan.Op, o Options) ([]byte, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	if o.Kernels == nil {
		return nil, fmt.Errorf("kernel stubs need the kernels package")
	}
	var taken, names []string
	for _, op := range ops {
		if other, ok := o.Kernels.Blocks(op.GoName); ok {
			taken = append(taken, fmt.Sprintf("%s is %s of %s (%s)", op.GoName, other.What, o.Kernels.Path, other.Pos))
			names = append(names, op.GoName)
		}
	}
	switch len(taken) {
	case 0:
	case 1:
		return nil, fmt.Errorf("%s: a stub func %s would redeclare it; rename it or select fewer ops", taken[0], names[0])
	default:
		return nil, fmt.Errorf("%s: a stub of each would redeclare it; rename them or select fewer ops", strings.Join(taken, "; "))
	}
	f := jen.NewFilePathName(o.Kernels.Path, o.Kernels.Name)
	f.HeaderComment("Kernel stubs written by assertgen (init, or gen -stubs): implement each, then move it where it belongs.")
	for _, op := range ops {
		w, err := newWrapper(op, op.GoName, o.Types, o.TypeParams)
		if err != nil {
			return nil, err
		}
		params := codes(w.params, func(p param) jen.Code { return jen.Id(plan.ParamName(p.arg.Name)).Add(typeCode(p.typ)) })
		f.Commentf("%s is %s.", op.GoName, op.Src.Func)
		fn := withTypes(f.Func().Id(op.GoName), typeParamsDecl(w.tparams)).Params(params...).Add(resultList(codes(w.results, typeCode)))
		fn.Block(jen.Panic(jen.Lit("TODO: implement " + op.GoName + " (" + op.Name + ")")))
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// spellIn spells t as package path writes it: its own types unqualified,
// others by package name.
func spellIn(t kernels.GoType, path string) string {
	if t.Path == path {
		t.Path = ""
	}
	for i, a := range t.Args {
		args := append([]kernels.GoType(nil), t.Args...)
		args[i] = kernels.GoType{Name: spellIn(a, path)}
		t.Args = args
	}
	return t.Display()
}
