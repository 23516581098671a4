// Package gen emits Go wrappers that check kernels against their plan.
//
// Two modes:
//
//   - function mode: for each op whose kernel function exists in the
//     kernels package (found by the naming rule of [plan.GoName]), a
//     function with the same name and signature. It saves the tensors,
//     calls the kernel and checks them.
//   - interface mode: a Kernels interface with one method per op, and
//     Checked, which wraps any Kernels in a decorator that checks every
//     call.
//
// Each mode writes a file built with the build tag (default debugasserts)
// and one built without it. In the latter, the wrappers are direct calls
// (function mode), or Checked returns its argument (interface mode). So a
// release build pays nothing.
package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"hash/fnv"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// DefaultBuildTag is the build tag of the checked files.
const DefaultBuildTag = "debugasserts"

// Options are what Generate needs besides the plan.
type Options struct {
	Mode     output.Mode
	Package  string // the output package's name
	Prefix   string // file name prefix; default "assertgen"
	BuildTag string // default DefaultBuildTag
	Types    kernels.TypeMap
	// TypeParams are the type parameters the type map's types name: the
	// config's type_params, with the constraints the command found. Each
	// wrapper whose signature names one is generic in it.
	TypeParams []kernels.TypeParam
	// Sweep says to write PREFIX_sweep.go: SweepOps, the table package
	// sweep runs. It yields the schema and the checked wrapper of each op;
	// in interface mode, those of a Kernels passed to it.
	Sweep bool
	// Progress, if set, is called after each part of the checked wrappers
	// is rendered, with the ops done so far and the total.
	Progress func(done, total int)
	// ShapesPackage, if set, is the import path of the package the shape
	// helpers go into: ShapesDir under the output directory, instead of the
	// wrappers' own package. That halves the compiler's peak memory
	// (docs/gen.md). The command sets it when the output directory is in a
	// Go module and no tensor type is declared in the output package.
	ShapesPackage string
	// kparams are the type parameters of the wrappers, those any wrapper
	// names. In interface mode, Kernels, Checked and Functions are generic
	// in them.
	kparams []kernels.TypeParam
	// Kernels are the kernels of the kernels package (internal/discover).
	// In function mode, they are the functions wrapped. In interface mode,
	// if set, they are those the adapter Functions (PREFIX_adapter.go)
	// calls, one for every selected op. Each must have the signature its
	// schema gives.
	Kernels *kernels.Set
	// Memory is the function that says where the elements of a Tensor
	// without identities of its own are: func(T) asserts.Memory (config
	// memory:). It is set for a plan of the identity kind plan.Memory, and
	// for no other. The helpers take the tensors as an adapter type over T
	// (foreign.go), whose methods give the contract from it.
	Memory *kernels.FuncRef
	// Bound holds, by op name, the kernels the config writes as code
	// (bind:), rather than the kernels package has (see Binding). gen
	// prints them in PREFIX_bound.go, and the wrappers call them.
	Bound map[string]Binding
	// BoundImports are the packages bound code and the bound functions'
	// signatures may refer to, with the names they are imported as.
	BoundImports []Import
	// inventory, set by a test, adds to the kernels' Anchored and
	// Metadata types (TestEveryOpTakesTheOnePath).
	inventory *inventory
}

// An inventory is what a test asks of Generate beyond its options: types
// to hold as anchored or as having a metadata fingerprint, without a
// kernels package (Kernels.Anchored and Kernels.Metadata).
type inventory struct {
	anchored, metadata map[string]bool
}

// DefaultPrefix is the file name prefix of a set when none is given.
const DefaultPrefix = "assertgen"

// ShapesDir is where the shape helpers' package goes, under the output
// directory, when Options.ShapesPackage is set (output.ShapesDir).
const ShapesDir = output.ShapesDir

// A File is one generated file (output.File).
type File = output.File

// Header is the first line of every generated file (output.Header).
const Header = output.Header

// A Result is what Generate made.
type Result struct {
	Prefix  string // the file name prefix
	Files   []File
	Wrapped []string // op names wrapped, in schema order
	Missing []string // selected ops without a kernel (function mode)
	// ReturnsItself are the bound in-place and out= ops whose code gives
	// no value the op can return. The wrapper returns the argument they
	// write, and their returns_arg check cannot fail.
	ReturnsItself []string
}

func (o *Options) defaults() error {
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	if o.BuildTag == "" {
		o.BuildTag = DefaultBuildTag
	}
	if o.Types == nil {
		o.Types = kernels.DefaultTypes()
	}
	if !token.IsIdentifier(o.Package) || o.Package == "_" {
		return fmt.Errorf("invalid package name %q", o.Package)
	}
	if !output.ValidPrefix(o.Prefix) {
		return fmt.Errorf("invalid file name prefix %q", o.Prefix)
	}
	if !output.ValidTag(o.BuildTag) {
		return fmt.Errorf("invalid build tag %q", o.BuildTag)
	}
	switch o.Mode {
	case output.FunctionMode:
		if o.Kernels == nil {
			return fmt.Errorf("function mode needs the kernels package")
		}
	case output.InterfaceMode:
	default:
		return fmt.Errorf("unknown mode %q (want function or interface)", o.Mode)
	}
	// The type parameters the generated code could not declare or
	// instantiate: one the type map names that TypeParams does not
	// declare, and one without a name, a constraint or an instance.
	declared := map[string]bool{}
	for _, p := range o.TypeParams {
		if p.Name == "" || len(p.Constraint) == 0 || len(p.Instances) == 0 {
			return fmt.Errorf("type parameter %q needs a name, a constraint and an instance", p.Name)
		}
		declared[p.Name] = true
	}
	for _, k := range slices.Sorted(maps.Keys(o.Types)) {
		for _, n := range o.Types[k].Params() {
			if !declared[n] {
				return fmt.Errorf("the type map's %s (%s) names the type parameter %s, which TypeParams does not declare", k, o.Types[k], n)
			}
		}
	}
	if o.Kernels != nil && o.Kernels.Matcher == nil && len(o.Kernels.Funcs) > 0 {
		// A set of none (every op bound in the config) has nothing to match.
		return fmt.Errorf("the kernels package %s has no Matcher: load it with the command's loader", o.Kernels.Path)
	}
	t := o.Types["Tensor"]
	if !t.Nillable() {
		return fmt.Errorf("the Go type of Tensor (%s) must be a pointer or interface type: nil stands for an absent Tensor?", t)
	}
	if t.Path == "" || t.Path == "unsafe" {
		// any, error, a pointer to a type of the Go language or to a
		// type parameter: none has the contract's methods.
		return fmt.Errorf("the Go type of Tensor (%s) is no tensor type: the wrappers call Ident (asserts.Identity) on every tensor; map Tensor to a pointer to a named type of the runtime's package, or to an interface that has Ident", t)
	}
	return nil
}

// prepare maps the signatures of the plan's ops, the ops it selected. In
// function mode, it matches them with their kernels.
func prepare(p *plan.Plan, o *Options) (ws []*wrapper, missing []*plan.Op, findings schema.ErrorList, err error) {
	if err := o.defaults(); err != nil {
		return nil, nil, nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, nil, nil, err
	}
	if (p.Identity == plan.Memory) != (o.Memory != nil) {
		// The kind was decided with the config (config.Config.Identity);
		// gen follows it and needs the memory function for it.
		mem := "not set"
		if o.Memory != nil {
			mem = o.Memory.String()
		}
		return nil, nil, nil, fmt.Errorf("the plan's identity kind is %s, and Options.Memory is %s: the kind memory needs the memory function (config memory:), and only it takes one", p.Identity, mem)
	}
	for _, op := range p.Ops {
		w, err := newWrapper(op, op.GoName, o.Types, o.TypeParams)
		if err != nil {
			return nil, nil, nil, err
		}
		if _, ok := o.Bound[op.Name]; ok {
			ws = append(ws, w)
			continue
		}
		if o.Kernels != nil {
			k := o.Kernels.Funcs[w.name]
			if k == nil {
				missing = append(missing, op)
				continue
			}
			if w.targs, err = o.Kernels.Matcher.Match(k, w.want()); err != nil {
				findings.Addf(k.Pos, "kernel %s of %s has the wrong signature:\n\thave %s\n\twant %s\n\t(%v)", w.name, op.Name, k.Display, w.displaySignature(), err)
				continue
			}
		}
		ws = append(ws, w)
	}
	return ws, missing, findings, nil
}

// Vet checks the kernels of function mode against their schemas. It
// returns a finding for each kernel whose signature is not the one its
// schema and the type map give, and the selected ops without a kernel.
func Vet(p *plan.Plan, o Options) (findings schema.ErrorList, missing []*plan.Op, err error) {
	_, missing, findings, err = prepare(p, &o)
	return findings, missing, err
}

// Generate emits the wrappers of the selected ops of p. In function mode
// a kernel with the wrong signature is an error (see Vet).
func Generate(p *plan.Plan, o Options) (*Result, error) {
	ws, missing, findings, err := prepare(p, &o)
	if err != nil {
		return nil, err
	}
	if len(findings) > 0 {
		return nil, findings // in plan order, one per line
	}
	if o.Mode == output.InterfaceMode && len(missing) > 0 {
		// The adapter must implement every method of Kernels.
		msgs := make([]string, len(missing))
		for i, m := range missing {
			msgs[i] = fmt.Sprintf("op %s has no kernel %s in %s", m.Name, m.GoName, o.Kernels.Path)
		}
		return nil, fmt.Errorf("interface mode with a kernels package: %s (the adapter Functions implements every method of Kernels; add the kernels or select fewer ops)", strings.Join(msgs, "; "))
	}
	res := &Result{Prefix: o.Prefix}
	for _, m := range missing {
		res.Missing = append(res.Missing, m.Name)
	}
	for _, w := range ws {
		res.Wrapped = append(res.Wrapped, w.op.Name)
	}
	res.ReturnsItself = returnsItself(ws, o)
	jobs, err := fileJobs(ws, p, o)
	if err != nil {
		return nil, err
	}
	done := 0
	var refused schema.ErrorList // the ops the one path cannot take (checkedBody)
	for _, j := range jobs {
		f, err := j.build()
		if l, ok := err.(schema.ErrorList); ok {
			refused = append(refused, l...)
			continue
		}
		var buf bytes.Buffer
		if err == nil && len(refused) == 0 {
			err = f.Render(&buf)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", j.name, err)
		}
		if len(refused) > 0 {
			continue // the other parts' refusals are reported with them
		}
		res.Files = append(res.Files, File{Name: j.name, Data: buf.Bytes()})
		if done += j.ops; j.ops > 0 && o.Progress != nil {
			o.Progress(done, len(ws))
		}
	}
	if len(refused) > 0 {
		return nil, refused.Err()
	}
	if src, _, err := boundSource(ws, o); err != nil {
		return nil, err
	} else if src != nil {
		data, err := format.Source(src)
		if err != nil {
			return nil, fmt.Errorf("%s_bound.go: %v", o.Prefix, err)
		}
		res.Files = append(res.Files, File{Name: o.Prefix + "_bound.go", Data: data})
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Name < res.Files[j].Name })
	return res, nil
}

// PartSize is the mean number of ops per generated file. Larger op sets
// are split into parts: assertgen_checked.go, assertgen_checked_2.go, ...
// Parts stay readable in an editor, and bound the memory of rendering one.
// Where a part ends depends on the ops' names, not on their count (see
// parts). So an op added or dropped moves no other op to another file.
const PartSize = 500

type fileJob struct {
	name  string
	ops   int // the checked wrappers it holds, for Options.Progress
	build func() (*jen.File, error)
}

// partName names part k (0-based) of a file.
func partName(prefix, kind string, k int) string {
	if k == 0 {
		return prefix + "_" + kind + ".go"
	}
	return fmt.Sprintf("%s_%s_%d.go", prefix, kind, k+1)
}

// parts splits the wrappers into files, a mean of PartSize ops each. A
// part ends after an op whose name hashes to a boundary (one name in
// PartSize/2), once it holds at least PartSize/2 ops, or at 2*PartSize
// ops. When an op comes or goes, a boundary shifts only in two cases: a
// part of more than 2*PartSize ops without a boundary, or the op right
// after a part's start. Every other part keeps its ops.
func parts(ws []*wrapper) [][]*wrapper {
	var out [][]*wrapper
	start := 0
	for i, w := range ws {
		n, h := i+1-start, fnv.New32a()
		h.Write([]byte(w.op.Name)) // the boundaries: one name in PartSize/2
		if n >= 2*PartSize || n >= PartSize/2 && h.Sum32()%(PartSize/2) == 0 {
			out = append(out, ws[start:i+1])
			start = i + 1
		}
	}
	if start < len(ws) || len(out) == 0 {
		out = append(out, ws[start:])
	}
	return out
}

func fileJobs(ws []*wrapper, pl *plan.Plan, o Options) ([]fileJob, error) {
	// The checked parts fill the shape set as they are built. The helpers
	// file, made from it, is the last job. Each part's code is dropped
	// once rendered, so memory does not grow with the number of ops beyond
	// the rendered files.
	if pl.Policy.GoName() == "" {
		return nil, fmt.Errorf("the plan's skip policy %s has no asserts constant", pl.Policy)
	}
	ss := newShapeSet()
	ss.opts.Identity = pl.Identity
	if o.Kernels != nil {
		ss.opts.MetadataOf = o.Kernels.Metadata
		ss.opts.AnchoredOf = o.Kernels.Anchored
		ss.opts.Scanned = o.Kernels.Scanned
	}
	if inv := o.inventory; inv != nil {
		ss.opts.AnchoredOf, ss.opts.MetadataOf = withTypeSet(ss.opts.AnchoredOf, inv.anchored), withTypeSet(ss.opts.MetadataOf, inv.metadata)
	}
	ss.pkg = o.ShapesPackage
	ss.ns = shapeNamespace(o.Prefix)
	if pl.Identity == plan.Memory {
		ss.foreign = newForeign(o.Types["Tensor"], *o.Memory, ss.pkg) // prepare checked it is set
		ss.opts.Foreign = steps.Foreign{Tensor: ss.foreign.tensor, Adapter: ss.foreign.adapter}
		adapter := map[string]bool{ss.foreign.adapter.String(): true}
		ss.opts.AnchoredOf, ss.opts.MetadataOf = withTypeSet(ss.opts.AnchoredOf, adapter), withTypeSet(ss.opts.MetadataOf, adapter)
	}
	ss.opts.TypeParams = o.TypeParams
	var used []kernels.GoType
	for _, w := range ws {
		for _, p := range w.tparams {
			used = append(used, kernels.GoType{Name: p.Name, Param: true})
		}
	}
	o.kparams = typeParamsOf(o.TypeParams, used...)
	var jobs []fileJob
	switch o.Mode {
	case output.FunctionMode:
		for k, part := range parts(ws) {
			jobs = append(jobs,
				fileJob{partName(o.Prefix, "checked", k), len(part), func() (*jen.File, error) { return genFunctionChecked(part, k == 0, pl, o, ss) }},
				fileJob{partName(o.Prefix, "direct", k), 0, func() (*jen.File, error) { return genFunctionDirect(part, o), nil }})
		}
	case output.InterfaceMode:
		jobs = append(jobs, fileJob{o.Prefix + "_direct.go", 0, func() (*jen.File, error) { return genInterfaceDirect(o), nil }})
		ps := parts(ws)
		for k, part := range ps {
			jobs = append(jobs,
				fileJob{partName(o.Prefix, "kernels", k), 0, func() (*jen.File, error) { return genInterface(part, k, len(ps), pl, o), nil }},
				fileJob{partName(o.Prefix, "checked", k), len(part), func() (*jen.File, error) { return genInterfaceChecked(part, k == 0, pl, o, ss) }})
			if o.Kernels != nil {
				jobs = append(jobs, fileJob{partName(o.Prefix, "adapter", k), 0, func() (*jen.File, error) { return genAdapter(part, k == 0, o), nil }})
			}
		}
	}
	if o.Sweep {
		jobs = append(jobs, fileJob{o.Prefix + "_sweep.go", 0, func() (*jen.File, error) { return genSweep(ws, o), nil }})
	}
	shapesName, shapesPkg := o.Prefix+"_shapes.go", o.Package
	if o.ShapesPackage != "" {
		shapesName, shapesPkg = ShapesDir+"/"+shapesName, path.Base(ShapesDir)
	}
	jobs = append(jobs, fileJob{shapesName, 0, func() (*jen.File, error) {
		f := newFile(shapesPkg, o.BuildTag, false)
		if o.ShapesPackage != "" {
			// Its own names (the foreign adapter's) unqualified.
			f = withHeader(jen.NewFilePathName(o.ShapesPackage, shapesPkg), o.BuildTag)
		}
		if o.Mode == output.FunctionMode {
			importKernels(f, o.Kernels)
		}
		if ss.err != nil {
			return nil, ss.err
		}
		if o.ShapesPackage != "" {
			versionGuard(f, WrapVersion) // a package of its own
		}
		genShapes(f, ss)
		if ss.foreign != nil {
			genForeign(f, ss.foreign)
		}
		return f, nil
	}})
	return jobs, nil
}

// withTypeSet returns a copy of the set of type names m with the names
// add maps to true added.
func withTypeSet(m, add map[string]bool) map[string]bool {
	out := maps.Clone(m)
	if out == nil {
		out = map[string]bool{}
	}
	for k, ok := range add {
		out[k] = out[k] || ok
	}
	return out
}

// withHeader writes f's header, with the build constraint build unless it
// is "". It names the asserts packages as generated code imports them.
func withHeader(f *jen.File, build string) *jen.File {
	f.HeaderComment(Header)
	if build != "" {
		f.HeaderComment("")
		f.HeaderComment("//go:build " + build)
	}
	f.ImportName(AssertsPath, "asserts")
	f.ImportName(WrapPath, "wrap")
	f.ImportName(ChecksPath, "checks")
	return f
}

// The versions of asserts/wrap's API. WrapVersion is the one generated
// code is written for. WrapMinVersion is the oldest the runtime of this
// assertgen builds. They are wrap.MaxVersion and wrap.MinVersion, which
// gen does not import; TestWrapVersionInWindow holds them equal.
const (
	WrapVersion    = 5
	WrapMinVersion = 4
)

// versionGuard writes the constants that tie a generated package to the
// versions of asserts/wrap that accept it (wrap.EnforceVersion). The
// package is written for a version of asserts/wrap's API: WrapVersion,
// except in its test. Both constants compile only while the version is
// within the runtime's window.
func versionGuard(f *jen.File, version int) {
	f.Commentf("Generated for version %d of asserts/wrap: if a line below does not compile, this", version)
	f.Comment("code and the asserts runtime it builds with are of different assertgen versions;")
	f.Comment("run go generate ./... again (CHANGELOG.md says what changed).")
	f.Const().Defs(
		jen.Id("_").Op("=").Add(qw("EnforceVersion")).Call(jen.Lit(version).Op("-").Add(qw("MinVersion"))),
		jen.Id("_").Op("=").Add(qw("EnforceVersion")).Call(qw("MaxVersion").Op("-").Lit(version)),
	)
}

func newFile(pkg, tag string, negate bool) *jen.File {
	if negate {
		tag = "!" + tag
	}
	return withHeader(jen.NewFile(pkg), tag)
}

// importKernels names the kernels package kernels in f, if there is one.
// A set whose every kernel is bound in the config has none.
func importKernels(f *jen.File, k *kernels.Set) {
	if k.Path != "" {
		f.ImportAlias(k.Path, "kernels")
	}
}

// kernelName names the kernel of w in comments.
func kernelName(w *wrapper, o Options) string {
	if _, ok := o.Bound[w.op.Name]; ok {
		return BoundName(w.name) + " (bound in the config)"
	}
	return "kernels." + w.name
}

// kernelRef refers to the kernel of w: its function in the kernels
// package, or its bound function (Options.Bound).
func kernelRef(w *wrapper, o Options) *jen.Statement {
	if _, ok := o.Bound[w.op.Name]; ok {
		return jen.Id(BoundName(w.name))
	}
	return w.kernelRef(o.Kernels.Path)
}

func genFunctionChecked(ws []*wrapper, first bool, pl *plan.Plan, o Options, ss *shapeSet) (*jen.File, error) {
	f := newFile(o.Package, o.BuildTag, false)
	importKernels(f, o.Kernels)
	if first {
		versionGuard(f, WrapVersion)
	}
	err := genCheckedFuncs(f, ws, pl, ss, func(w *wrapper) (*jen.Statement, opSite) { return kernelRef(w, o), functionSite(w, o) }, func(w *wrapper) *jen.Statement {
		return withTypes(f.Func().Id(w.name), typeParamsDecl(w.tparams))
	})
	if err != nil {
		return nil, err
	}
	genGuards(f, ws, o)
	return f, nil
}

// genCheckedFuncs adds to f the checked wrapper of each of ws, with its
// wrap.Op of pl's skip policy and site. kernel renders its kernel, and
// head its declaration up to the parameters. The ops the one path cannot
// take are a schema.ErrorList, returned once all are tried.
func genCheckedFuncs(f *jen.File, ws []*wrapper, pl *plan.Plan, ss *shapeSet, kernel func(w *wrapper) (*jen.Statement, opSite), head func(w *wrapper) *jen.Statement) error {
	var refused schema.ErrorList
	for _, w := range ws {
		body, err := w.checkedBody(func() *jen.Statement { k, _ := kernel(w); return k }, ss)
		if e, ok := err.(*schema.Error); ok {
			refused = append(refused, e)
			continue
		} else if err != nil {
			return err
		}
		_, site := kernel(w)
		f.Add(genOpVar(w, qc(pl.Policy.GoName()), site))
		f.Commentf("%s checks %s", w.name, w.op.Schema)
		head(w).Params(w.paramsCode()...).Add(w.resultsCode()).Block(body...)
	}
	if len(refused) > 0 {
		return refused
	}
	return nil
}

func genFunctionDirect(ws []*wrapper, o Options) *jen.File {
	k := o.Kernels
	f := newFile(o.Package, o.BuildTag, true)
	importKernels(f, k)
	for _, w := range ws {
		f.Commentf("%s calls %s: %s is checked only in builds with -tags %s.", w.name, kernelName(w, o), w.op.Name, o.BuildTag)
		withTypes(f.Func().Id(w.name), typeParamsDecl(w.tparams)).Params(w.paramsCode()...).Add(w.resultsCode()).Block(w.directBody(kernelRef(w, o)))
	}
	genGuards(f, ws, o)
	return f
}

// genGuards assigns each kernel to a variable of the function type its
// schema gives. So a kernel whose signature drifts fails the build, at a
// line that says what to do. A generic kernel is assigned once per
// instance of its type parameters the config names (type_params:), so
// that the build checks each element type. A bound op has no kernel
// function to assign.
func genGuards(f *jen.File, ws []*wrapper, o Options) {
	ws = slices.DeleteFunc(slices.Clone(ws), func(w *wrapper) bool { _, ok := o.Bound[w.op.Name]; return ok })
	if len(ws) == 0 {
		return
	}
	k := o.Kernels
	f.Comment("Compile-time guards: a line below fails to build when a kernel's signature")
	f.Comment("no longer matches its schema. Re-run assertgen (and fix the kernel).")
	var defs []jen.Code
	for _, w := range ws {
		for _, by := range instances(w.tparams) {
			inst := func(t kernels.GoType) jen.Code { return typeCode(subst(t, by)) }
			ps := codes(w.params, func(p param) jen.Code { return inst(p.typ) })
			res := resultList(codes(w.results, inst))
			defs = append(defs, jen.Id("_").Func().Params(ps...).Add(res).Op("=").Add(withTypes(jen.Qual(k.Path, w.name), codes(w.targs, inst))))
		}
	}
	f.Var().Defs(defs...)
}

// genInterface writes part k of n of the Kernels interface. With one part,
// Kernels has the methods. With more, part k's methods are those of
// interface kernelsK+1, which Kernels embeds. So no file holds the methods
// of every op.
func genInterface(ws []*wrapper, k, n int, pl *plan.Plan, o Options) *jen.File {
	f := withHeader(jen.NewFile(o.Package), "")
	var methods []jen.Code
	for _, w := range ws {
		methods = append(methods, jen.Comment(w.op.Schema), jen.Id(w.name).Params(w.paramsCode()...).Add(w.resultsCode()))
	}
	if k == 0 {
		f.Comment("Kernels has one method per operator; Checked wraps an implementation with")
		f.Commentf("the checks of its plan (profile %s) in builds with -tags %s.", pl.Profile, o.BuildTag)
		decl := withTypes(f.Type().Id("Kernels"), typeParamsDecl(o.kparams))
		if n == 1 {
			decl.Interface(methods...)
			return f
		}
		f.Comment("Its methods are those of the interfaces it embeds, one per file.")
		parts := make([]jen.Code, n)
		for i := range parts {
			parts[i] = o.generic(fmt.Sprintf("kernels%d", i+1))
		}
		decl.Interface(parts...)
		f.Line()
	}
	f.Commentf("kernels%d holds the methods of Kernels of this file's ops.", k+1)
	withTypes(f.Type().Id(fmt.Sprintf("kernels%d", k+1)), typeParamsDecl(o.kparams)).Interface(methods...)
	return f
}

// generic refers to the interface-mode type name (Kernels, checked,
// Functions) as generic code uses it: Kernels[T].
func (o *Options) generic(name string) *jen.Statement {
	return withTypes(jen.Id(name), typeArgsUse(o.kparams))
}

// instance refers to the interface-mode type name instantiated with the
// first instance of each type parameter, for a compile-time assertion:
// Kernels[float32].
func (o *Options) instance(name string) *jen.Statement {
	var args []jen.Code
	for _, p := range o.kparams {
		args = append(args, typeCode(p.Instances[0]))
	}
	return withTypes(jen.Id(name), args)
}

func genInterfaceChecked(ws []*wrapper, first bool, pl *plan.Plan, o Options, ss *shapeSet) (*jen.File, error) {
	f := newFile(o.Package, o.BuildTag, false)
	if first {
		versionGuard(f, WrapVersion)
		f.Comment("Checked returns a Kernels that checks every call of next against its plan.")
		withTypes(f.Func().Id("Checked"), typeParamsDecl(o.kparams)).Params(jen.Id("next").Add(o.generic("Kernels"))).Add(o.generic("Kernels")).Block(
			jen.Return(jen.Op("&").Add(o.generic("checked")).Values(jen.Id("next"))))
		f.Comment("The methods have a pointer receiver: with a value receiver the compiler")
		f.Comment("would add a pointer-receiver method per op for the interface.")
		withTypes(f.Type().Id("checked"), typeParamsDecl(o.kparams)).Struct(jen.Id("next").Add(o.generic("Kernels")))
		f.Var().Id("_").Add(o.instance("Kernels")).Op("=").Op("&").Add(o.instance("checked")).Values()
	}
	err := genCheckedFuncs(f, ws, pl, ss, func(w *wrapper) (*jen.Statement, opSite) { return jen.Id("k").Dot("next").Dot(w.name), opSite{} }, func(w *wrapper) *jen.Statement {
		return f.Func().Params(jen.Id("k").Op("*").Add(o.generic("checked"))).Id(w.name)
	})
	return f, err
}

func genInterfaceDirect(o Options) *jen.File {
	f := newFile(o.Package, o.BuildTag, true)
	f.Comment("Checked returns next itself: checks are compiled only with -tags " + o.BuildTag + ".")
	withTypes(f.Func().Id("Checked"), typeParamsDecl(o.kparams)).Params(jen.Id("next").Add(o.generic("Kernels"))).Add(o.generic("Kernels")).Block(jen.Return(jen.Id("next")))
	return f
}

// genAdapter writes Functions, which implements Kernels with the functions
// of the kernels package, in every build. Checked(Functions{}) checks
// them. The first part declares it; each part has the methods of its ops.
func genAdapter(ws []*wrapper, first bool, o Options) *jen.File {
	k := o.Kernels
	f := withHeader(jen.NewFile(o.Package), "")
	importKernels(f, k)
	if first {
		f.Comment("Functions implements Kernels with the functions of the kernels package")
		f.Commentf("%s: each method calls the function of the same name.", k.Path)
		f.Commentf("Checked(Functions{}) checks them in builds with -tags %s; embed", o.BuildTag)
		f.Comment("Functions in a struct type to replace some of them.")
		withTypes(f.Type().Id("Functions"), typeParamsDecl(o.kparams)).Struct()
		f.Var().Id("_").Add(o.instance("Kernels")).Op("=").Add(o.instance("Functions")).Values()
	}
	for _, w := range ws {
		f.Line()
		f.Commentf("%s calls %s.", w.name, kernelName(w, o))
		f.Func().Params(o.generic("Functions")).Id(w.name).Params(w.paramsCode()...).Add(w.resultsCode()).Block(w.directBody(kernelRef(w, o)))
	}
	return f
}
