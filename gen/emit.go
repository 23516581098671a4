package gen

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/kernels"
)

func qa(name string) *jen.Statement { return jen.Qual(AssertsPath, name) }

// qw names what package asserts/wrap declares.
func qw(name string) *jen.Statement { return jen.Qual(WrapPath, name) }

// qc names what package asserts/checks declares.
func qc(name string) *jen.Statement { return jen.Qual(ChecksPath, name) }

// opVarName is the package-level wrap.Op of a wrapper.
func opVarName(w *wrapper) string { return "op" + w.name }

// genOpVar declares the wrapper's wrap.Op. site is what a violation of the
// op points at, when the wrapper knows (opSite). It is the kernel function
// (Kernel), or a bound op's binding in the config (Pos). The runtime finds
// a kernel's position from its PC, and only when it reports a violation.
// So no line of the kernel's file enters the generated code.
func genOpVar(w *wrapper, profile jen.Code, site opSite) jen.Code {
	n := w.op.Src.Func.Name
	d := jen.Dict{
		jen.Id("Name"):     jen.Lit(n.Name.String()),
		jen.Id("Overload"): jen.Lit(n.Overload),
		jen.Id("Policy"):   profile,
	}
	switch {
	case site.pos != "":
		d[jen.Id("Pos")] = jen.Lit(site.pos)
	case site.kernel != nil:
		d[jen.Id("Kernel")] = site.kernel
	}
	return jen.Var().Id(opVarName(w)).Op("=").Qual(WrapPath, "Op").Values(d)
}

// An opSite is what an op's wrap.Op names of the code that computes it: a
// kernel function, a binding's position, or neither. Interface mode names
// neither: the kernel is behind an interface.
type opSite struct {
	kernel jen.Code
	pos    string
}

// functionSite is the site of w's kernel in function mode. For a bound op,
// it is its binding's place (Binding.Site). Otherwise it is the kernel
// function. A generic kernel is instantiated with the first type arguments
// the config names; every instance has its declaration's position. A
// generic kernel whose type parameters name no instance has no site.
func functionSite(w *wrapper, o Options) opSite {
	if b, ok := o.Bound[w.op.Name]; ok {
		return opSite{pos: b.Site}
	}
	insts := instances(w.tparams)
	if len(insts) == 0 {
		return opSite{}
	}
	targs := codes(w.targs, func(a kernels.GoType) jen.Code { return typeCode(subst(a, insts[0])) })
	return opSite{kernel: withTypes(jen.Qual(o.Kernels.Path, w.name), targs)}
}

// params renders the wrapper's parameter list.
func (w *wrapper) paramsCode() []jen.Code {
	return codes(w.params, func(p param) jen.Code { return jen.Id(p.name).Add(typeCode(p.typ)) })
}

// resultsCode renders the wrapper's result list.
func (w *wrapper) resultsCode() jen.Code { return resultList(codes(w.results, typeCode)) }

// callArgs are the wrapper's parameters passed on to the kernel.
func (w *wrapper) callArgs() []jen.Code {
	return codes(w.params, func(p param) jen.Code { return jen.Id(p.name) })
}

// directBody is a plain call of the kernel.
func (w *wrapper) directBody(kernel *jen.Statement) jen.Code {
	call := kernel.Call(w.callArgs()...)
	if len(w.results) == 0 {
		return call
	}
	return jen.Return(call)
}

// Checked wrappers share their code. A wrapper keeps what depends on its
// kernel and its op: the call and the wrap.Op. Its Before and After helpers
// and its Shape depend only on the op's shape (frame.go), which ops share.
// A few hundred shapes cover the ops of a schema. So the helpers are
// compiled once per shape instead of once per op.

// A shapeFn is a shape helper: its name, type parameters, parameters and
// body.
type shapeFn struct {
	name    string
	tparams []kernels.TypeParam
	what    string // what the helper does (its comment)
	params  []jen.Code
	body    []jen.Code
	first   string // the first op that uses it
	uses    int
}

// A shapeSet collects the shape helpers and Loc arrays of one generated
// package. Each is named by what it holds, not by when it was first used:
// its kind and a hash of its content (shapeName). So an op added to or
// dropped from a schema renames no helper of any other op. They are
// printed sorted by name. So the file changes only where a helper comes or
// goes, and in the use counts of the helpers' comments.
type shapeSet struct {
	fns    map[string]*shapeFn
	fnList []*shapeFn
	// opts are what the steps of the wrappers depend on beyond each op's
	// plan (steps.Build). The set names the functions they call:
	// opts.Names is the set.
	opts steps.Options
	// foreign is the Tensor type without identities of its own and its
	// adapter, when the config names a memory function (Options.Memory).
	foreign *foreignType
	// pkg is the import path of the package the helpers go into, when it
	// is not the wrappers' own (Options.ShapesPackage). Their names and the
	// Loc arrays' are then exported, and the wrappers qualify them.
	pkg string
	// ns starts the names of the helpers, Loc arrays and list functions:
	// the set's own, when it is not the default prefix's (see
	// shapeNamespace).
	ns string
	// The guards of the package's interface tensor types (see guardFn),
	// by type.
	guards    map[string]string
	guardList []guardFn
	// The one path's Shapes and the functions that make their tensors
	// (frame.go), by key.
	shapes      map[string]string
	shapeList   []shapeVarDef
	tensorFn    map[string]string
	tensorTypes []tensorFnDef
	// names maps each name given to the content it was given for, to
	// catch two contents with one hash (err).
	names map[string]string
	err   error
}

// shapeName names content of a kind (checksPre, locs, saveList, ...): the
// kind, and the first 48 bits of the content's FNV-1a hash in hex. Two
// contents of one name fail the generation instead of printing wrong code.
// The chance is about one in 10^7 for the few thousand helpers of a large
// schema.
func (ss *shapeSet) shapeName(kind, content string) string {
	h := fnv.New64a()
	h.Write([]byte(content))
	name := fmt.Sprintf("%s_%012x", kind, h.Sum64()>>16)
	if prev, ok := ss.names[name]; ok && prev != content && ss.err == nil {
		ss.err = fmt.Errorf("shape helpers %s: two contents with one hash; rename a type or report this input", name)
	}
	ss.names[name] = content
	return name
}

// Guard returns the name of the function that hands a tensor of interface
// type t to asserts, adding it (steps.Namer). It hands over t itself, or,
// for a nil t, the undefined tensor: a value of the package's type
// undefined. asserts would call a nil interface's Ident. A runtime with
// use counts gets an asserts.Tensor, one without an asserts.Identity.
func (ss *shapeSet) Guard(t kernels.GoType) string {
	ts := t.String()
	if n, ok := ss.guards[ts]; ok {
		return n
	}
	tps := typeParamsOf(ss.opts.TypeParams, t)
	n := ss.shapeName(ss.ns+"defined", steps.TypeParamsKey(tps)+ts)
	ss.guards[ts] = n
	ss.guardList = append(ss.guardList, guardFn{n, t, tps})
	return n
}

type guardFn struct {
	name    string
	typ     kernels.GoType
	tparams []kernels.TypeParam
}

func newShapeSet() *shapeSet {
	ss := &shapeSet{fns: map[string]*shapeFn{}, guards: map[string]string{}, names: map[string]string{},
		shapes: map[string]string{}, tensorFn: map[string]string{}}
	ss.opts.Names = ss
	return ss
}

// exported returns name, capitalised when the helpers have a package of
// their own.
func (ss *shapeSet) exported(name string) string {
	name = ss.ns + name
	if ss.pkg == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// ref refers to a helper or Loc array from a wrapper.
func (ss *shapeSet) ref(name string) *jen.Statement {
	if ss.pkg == "" {
		return jen.Id(name)
	}
	return jen.Qual(ss.pkg, name)
}

// genShapes writes the one path's helpers, sorted by name, the guards
// and the Shapes.
func genShapes(f *jen.File, ss *shapeSet) {
	slices.SortFunc(ss.fnList, func(a, b *shapeFn) int { return strings.Compare(a.name, b.name) })
	for _, fn := range ss.fnList {
		f.Line()
		f.Commentf("%s %s, for %d op(s) of one shape (the first: %s).", fn.name, fn.what, fn.uses, fn.first)
		withTypes(f.Func().Id(fn.name), typeParamsDecl(fn.tparams)).Params(fn.params...).Block(fn.body...)
	}
	genNilGuards(f, ss)
	genFrames(f, ss)
}

// genNilGuards writes the guards of the package's interface tensor types
// (shapeSet.guardFn) and the undefined tensor they stand a nil for.
func genNilGuards(f *jen.File, ss *shapeSet) {
	if len(ss.guardList) == 0 {
		return
	}
	slices.SortFunc(ss.guardList, func(a, b guardFn) int { return strings.Compare(a.name, b.name) })
	undef, ret := ss.ns+"undefined", qa("Tensor")
	if !ss.opts.Identity.UseCounts() {
		ret = qa("Identity")
	}
	for _, g := range ss.guardList {
		f.Line()
		f.Commentf("%s is t, or the undefined tensor when t is nil: a nil %s is the", g.name, g.typ.Display())
		f.Comment("undefined tensor, whose methods asserts could not call.")
		withTypes(f.Func().Id(g.name), typeParamsDecl(g.tparams)).Params(jen.Id("t").Add(typeCode(g.typ))).Add(ret).Block(
			jen.If(jen.Id("t").Op("==").Nil()).Block(jen.Return(jen.Id(undef).Values())),
			jen.Return(jen.Id("t")))
	}
	f.Line()
	f.Commentf("%s is the undefined tensor: no identities, no counts.", undef)
	f.Type().Id(undef).Struct()
	f.Line()
	f.Func().Params(jen.Id(undef)).Id("Ident").Params().Qual(AssertsPath, "Ident").Block(jen.Return(qa("Ident").Values()))
	f.Func().Params(jen.Id(undef)).Id("UseCounts").Params().Parens(jen.List(jen.Int(), jen.Int())).Block(jen.Return(jen.Lit(0), jen.Lit(0)))
}
