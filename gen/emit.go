package gen

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
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

// genOpVar declares the wrapper's wrap.Op. site is what a violation of
// the op points at, when the wrapper knows (opSite): the kernel function
// (Kernel), whose position the runtime finds from its PC only when it
// reports a violation, so that no line of the kernel's file enters the
// generated code; or a bound op's binding in the config (Pos).
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

// An opSite is what an op's wrap.Op names of the code that computes it:
// a kernel function, or a binding's position, or neither (interface mode:
// the kernel is behind an interface).
type opSite struct {
	kernel jen.Code
	pos    string
}

// functionSite is the site of w's kernel in function mode: its binding's
// place (Binding.Site) for a bound op, else the kernel function,
// instantiated for a generic kernel with the first type arguments the
// config names (every instance has its declaration's position); none for
// a generic kernel whose type parameters name no instance.
func functionSite(w *wrapper, o Options) opSite {
	if b, ok := o.Bound[w.op.Name]; ok {
		return opSite{pos: b.Site}
	}
	insts := instances(w.tparams)
	if len(insts) == 0 {
		return opSite{}
	}
	targs := make([]jen.Code, len(w.targs))
	for i, a := range w.targs {
		targs[i] = typeCode(subst(a, insts[0]))
	}
	return opSite{kernel: withTypes(jen.Qual(o.Kernels.Path, w.name), targs)}
}

// params renders the wrapper's parameter list.
func (w *wrapper) paramsCode() []jen.Code {
	out := make([]jen.Code, len(w.params))
	for i, p := range w.params {
		out[i] = jen.Id(p.name).Add(typeCode(p.typ))
	}
	return out
}

// resultsCode renders the wrapper's result list.
func (w *wrapper) resultsCode() jen.Code {
	switch len(w.results) {
	case 0:
		return jen.Null()
	case 1:
		return typeCode(w.results[0])
	}
	rs := make([]jen.Code, len(w.results))
	for i, r := range w.results {
		rs[i] = typeCode(r)
	}
	return jen.Parens(jen.List(rs...))
}

// callArgs are the wrapper's parameters passed on to the kernel.
func (w *wrapper) callArgs() []jen.Code {
	out := make([]jen.Code, len(w.params))
	for i, p := range w.params {
		out[i] = jen.Id(p.name)
	}
	return out
}

// uncheckedBody is the checked wrapper's path when checking is off: the
// plain call, and a return even for a kernel without results, so that the
// kernel does not run a second time below.
func (w *wrapper) uncheckedBody(kernel *jen.Statement) []jen.Code {
	if len(w.results) == 0 {
		return []jen.Code{w.directBody(kernel), jen.Return()}
	}
	return []jen.Code{w.directBody(kernel)}
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
// kernel (the call) and on its op (the wrap.Op, the names of its
// arguments); the rows of its plan are run by two helpers, one before the
// kernel and one after it, that depend only on the op's shape: the sequence
// of rows, each naming snapshots by position, and the Go types of the
// tensors. Ops of one shape share the helpers (a few hundred shapes cover
// the 2,952 ops of PyTorch 1.13.1), so the checks, which the compiler
// inlines, are compiled once per shape instead of once per op. The Locs of
// an op's tensors are a package-level array the helpers index.

// A shapeFn is a shape helper: its name, type parameters, parameters and
// body.
type shapeFn struct {
	name    string
	tparams []kernels.TypeParam
	post    bool   // a post helper (after the kernel)
	what    string // what a one path's helper does (its comment); "" for the others
	params  []jen.Code
	body    []jen.Code
	first   string // the first op that uses it
	uses    int
}

// A shapeSet collects the shape helpers and Loc arrays of one generated
// package. Each is named by what it holds, not by when it was first used:
// its kind and a hash of its content (shapeName), so that an op added to
// or dropped from a schema renames no helper of any other op; and they are
// printed sorted by name, so that the file changes only where a helper
// comes or goes (and in the use counts of the helpers' comments).
type shapeSet struct {
	fns     map[string]*shapeFn
	fnList  []*shapeFn
	locs    map[string]string // Loc list -> variable name
	locList []locVar
	// opts are what the steps of the wrappers depend on beyond each op's
	// plan (steps.Build); the set names the functions they call
	// (opts.Names is the set).
	opts steps.Options
	// foreign is the Tensor type without identities of its own and its
	// adapter, when the config names a memory function (Options.Memory).
	foreign *foreignType
	// inventory, set by a test, receives the ops of the rows' helpers.
	inventory *inventory
	// pkg is the import path of the package the helpers go into, when it
	// is not the wrappers' own (Options.ShapesPackage): their names and
	// the Loc arrays' are then exported, and the wrappers qualify them.
	pkg string
	// ns starts the names of the helpers, Loc arrays and list functions:
	// the set's own, when it is not the default prefix's (see
	// shapeNamespace).
	ns string
	// The list snapshot functions of the package's list types (see
	// listFn), named by kind and type.
	lists   map[string]string
	listFns []listFn
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
	// used are the list functions a wrapper's helpers call; building, set
	// while an op's steps are built (steps.Build), defers marking them to
	// pending until the op is known not to be on the one path, which calls
	// none.
	used     map[string]bool
	building bool
	pending  []string
	// names maps each name given to the content it was given for, to
	// catch two contents with one hash (err).
	names map[string]string
	err   error
}

// shapeName names content of a kind (checksPre, locs, saveList, ...): the
// kind, and the
// first 48 bits of the content's FNV-1a hash in hex. Two contents of one
// name (a chance of about one in 10^7 for the few thousand helpers of a
// large schema) fail the generation instead of printing wrong code.
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

// A list snapshot function fills a SavedList element by element for one
// Go list type of the package: wrap.SaveList and its kin are generic,
// and for a pointer element type each element's Ident is an indirect call
// through the function's dictionary, where a loop over the concrete type
// calls (or inlines) it directly.
var listKinds = [...]struct{ name, generic string }{
	steps.ListSave:        {"saveList", "SaveList"},
	steps.ListSaveOpt:     {"saveOptList", "SaveOptList"},
	steps.ListAfter:       {"afterList", "AfterList"},
	steps.ListResult:      {"resultList", "ResultList"},
	steps.ListResultIdent: {"resultIdentList", "ResultIdentList"},
}

type listFn struct {
	name    string
	kind    steps.ListKind
	typ     kernels.GoType
	tparams []kernels.TypeParam
	guard   string // the elements' guard, for an interface type (see shapeSet.guardFn)
	// mem is set for a list of the foreign adapter type: each element's
	// memory is read once (SaveMemory; After and AfterAnchor), not once per
	// contract method.
	mem bool
}

// List returns the name of the list snapshot function of kind k for
// list type t, adding it (steps.Namer).
func (ss *shapeSet) List(k steps.ListKind, t kernels.GoType) string {
	ts := t.String()
	key := strconv.Itoa(int(k)) + " " + ts
	if n, ok := ss.lists[key]; ok {
		ss.use(n)
		return n
	}
	tps := typeParamsOf(ss.opts.TypeParams, t)
	n := ss.shapeName(ss.ns+listKinds[k].name, steps.TypeParamsKey(tps)+ts) // called only by helpers: not exported
	ss.lists[key] = n
	ss.use(n)
	lf := listFn{name: n, kind: k, typ: t, tparams: tps}
	if f := ss.foreign; f != nil && t.Path == f.adapter.Path && t.Name == f.adapter.Name && t.Prefix == "[]"+f.adapter.Prefix {
		lf.mem = k == steps.ListSave || k == steps.ListSaveOpt || k == steps.ListAfter
	}
	if t.Interface {
		elem := t
		elem.Prefix = strings.TrimPrefix(elem.Prefix, "[]")
		lf.guard = ss.Guard(elem)
	}
	ss.listFns = append(ss.listFns, lf)
	return n
}

// Guard returns the name of the function that hands a tensor of
// interface type t to asserts, adding it (steps.Namer): t itself, or for
// a nil t the undefined tensor, a value of the package's type undefined
// (asserts would call a nil interface's Ident). A runtime with use counts
// gets an asserts.Tensor, one without an asserts.Identity.
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

// use marks list function n used, or pending while an op is built.
func (ss *shapeSet) use(n string) {
	if ss.building {
		ss.pending = append(ss.pending, n)
		return
	}
	ss.used[n] = true
}

type guardFn struct {
	name    string
	typ     kernels.GoType
	tparams []kernels.TypeParam
}

// genListFn writes a list snapshot function: Reset, one Save, After or
// Result per element, then the list's summary.
func genListFn(f *jen.File, lf listFn) {
	c, l, ts := jen.Id("c"), jen.Id("l"), jen.Id("ts")
	var elem jen.Code = jen.Id("t")
	if lf.guard != "" {
		elem = jen.Id(lf.guard).Call(jen.Id("t"))
	}
	var first, each, last jen.Code
	switch lf.kind {
	case steps.ListSave, steps.ListSaveOpt:
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("Save"+steps.IfaceSuffix(lf.typ)).Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeSaved").Call()
		if lf.kind == steps.ListSaveOpt {
			last = c.Clone().Dot("SummarizeSavedOpt").Call(l)
		}
	case steps.ListAfter:
		first = l.Clone().Dot("CheckLen").Call(c, jen.Len(ts))
		each = c.Clone().Dot("After"+steps.IfaceSuffix(lf.typ)).Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeAfter").Call()
	case steps.ListResult:
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("Result").Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeResult").Call()
	case steps.ListResultIdent:
		// as wrap.ResultIdentList: the summary of snapshots without
		// counts sends every list check to its slow path, where the
		// policy skips the use counts
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("ResultIdent").Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeResult").Call()
	}
	body := []jen.Code{each}
	if lf.mem {
		// the element's memory, read once: m := t.Memory(); then
		// c.SaveMemory(l.At(i), unsafe.Pointer(t), &m) before the kernel,
		// c.After(l.At(i), t); c.AfterAnchor(l.At(i), m.Anchor()) after it
		at := l.Clone().Dot("At").Call(jen.Id("i"))
		body = []jen.Code{jen.Id("m").Op(":=").Id("t").Dot("Memory").Call()}
		if lf.kind == steps.ListAfter {
			body = append(body,
				c.Clone().Dot("After").Call(at, jen.Id("t")),
				c.Clone().Dot("AfterAnchor").Call(at.Clone(), jen.Id("m").Dot("Anchor").Call()))
		} else {
			body = append(body, c.Clone().Dot("SaveMemory").Call(at, jen.Qual("unsafe", "Pointer").Call(jen.Id("t")), jen.Op("&").Id("m")))
		}
	}
	f.Line()
	short := lf.typ.Display()
	f.Commentf("%s is asserts.%s for %s, without an indirect call per element.", lf.name, listKinds[lf.kind].generic, short)
	withTypes(f.Func().Id(lf.name), typeParamsDecl(lf.tparams)).Params(
		jen.Id("c").Op("*").Qual(WrapPath, "Call"),
		jen.Id("l").Op("*").Qual(WrapPath, "SavedList"),
		jen.Id("ts").Add(typeCode(lf.typ)),
	).Block(
		first,
		jen.For(jen.List(jen.Id("i"), jen.Id("t")).Op(":=").Range().Add(ts)).Block(body...),
		last,
	)
}

type locVar struct {
	name string
	locs []steps.Loc
}

func newShapeSet() *shapeSet {
	ss := &shapeSet{fns: map[string]*shapeFn{}, locs: map[string]string{}, lists: map[string]string{}, guards: map[string]string{}, names: map[string]string{},
		shapes: map[string]string{}, tensorFn: map[string]string{}, used: map[string]bool{}}
	ss.opts.Names = ss
	return ss
}

// locVar returns the name of the package-level Loc array holding locs,
// named by their canonical text (steps.Loc.String).
func (ss *shapeSet) locVar(locs []steps.Loc) string {
	texts := make([]string, len(locs))
	for i, l := range locs {
		texts[i] = l.String()
	}
	key := strings.Join(texts, ",")
	if n, ok := ss.locs[key]; ok {
		return n
	}
	n := ss.shapeName(ss.exported("locs"), key)
	ss.locs[key] = n
	ss.locList = append(ss.locList, locVar{n, locs})
	return n
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

// helperFn returns the shape helper h of op (the first op of its shape
// names it in its comment), adding it: named by a hash of its canonical
// text (steps.Helper.Key), and printed the first time.
func (ss *shapeSet) helperFn(h *steps.Helper, op string) *shapeFn {
	key := h.Key()
	if f, ok := ss.fns[key]; ok {
		f.uses++
		return f
	}
	kind := "Pre"
	if h.Post {
		kind = "Post"
	}
	f := &shapeFn{name: ss.shapeName(ss.exported("checks")+kind, key), tparams: h.TypeParams, params: helperParams(h), body: ss.helperBody(h), first: op, uses: 1, post: h.Post}
	ss.fns[key] = f
	ss.fnList = append(ss.fnList, f)
	return f
}

// call refers to helper f from a wrapper, instantiated with the
// wrapper's type parameters of the same names.
func (ss *shapeSet) call(f *shapeFn) *jen.Statement {
	return withTypes(ss.ref(f.name), typeArgsUse(f.tparams))
}

// genShapes writes the shape helpers and the Loc arrays, each kind sorted
// by name.
func genShapes(f *jen.File, ss *shapeSet) {
	slices.SortFunc(ss.locList, func(a, b locVar) int { return strings.Compare(a.name, b.name) })
	slices.SortFunc(ss.fnList, func(a, b *shapeFn) int { return strings.Compare(a.name, b.name) })
	slices.SortFunc(ss.listFns, func(a, b listFn) int { return strings.Compare(a.name, b.name) })
	if len(ss.locList) > 0 {
		f.Comment("The Locs of the tensors of each op, indexed by the shape helpers.")
	}
	for _, lv := range ss.locList {
		locs := make([]jen.Code, len(lv.locs))
		for i, l := range lv.locs {
			locs[i] = locCode(l)
		}
		f.Var().Id(lv.name).Op("=").Index(jen.Lit(len(locs))).Qual(WrapPath, "Loc").Values(locs...)
	}
	for _, fn := range ss.fnList {
		what := "begins the call, saves the arguments and runs the rows of the plan before the kernel"
		switch {
		case fn.what != "":
			what = fn.what
		case fn.post:
			what = "completes the snapshots, runs the rows of the plan after the kernel and ends the call"
		}
		f.Line()
		f.Commentf("%s %s, for %d op(s) of one shape (the first: %s).", fn.name, what, fn.uses, fn.first)
		withTypes(f.Func().Id(fn.name), typeParamsDecl(fn.tparams)).Params(fn.params...).Block(fn.body...)
	}
	for _, lf := range ss.listFns {
		if ss.used[lf.name] {
			genListFn(f, lf)
		}
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
