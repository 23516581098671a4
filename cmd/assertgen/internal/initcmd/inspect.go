package initcmd

import (
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
)

// A target is the user's package and tensor type that init writes for.
type target struct {
	Path, Name string // the package's import path and name
	Dir        string // the package's directory
	Type       string // the tensor type's name
	GoType     string // the type map's value: "*example.com/rt.Tensor", "*example.com/rt.Tensor[T]"
	// Has holds the methods of *Type in the debug build (-tags
	// debugasserts), which the checked wrappers are built in. HasRelease
	// holds those of the release build. A method may be declared in a
	// file of one build only.
	Has, HasRelease map[string]bool
	Counted         bool        // chosen use_counts
	Why             string      // why: the method that tells, or its absence
	Types           [][2]string // more type map entries: schema type, Go type
	// Names are the identifiers init's files declare or import, each
	// mapped to one that is free where it goes. PkgNames are in the
	// package (assertgen_contract.go's imports). TestNames are in its
	// external tests: the conformance and sweep tests' functions, types
	// and imports.
	PkgNames, TestNames map[string]string
	loaded              *discover.Package // the package as a kernels package (release build)
	builds              []*build          // the package loaded in the release and the debug build
	// Params are the type parameters of a generic tensor type, in its
	// declaration's order.
	Params []tparam
	// Fill is what init found to write the generic tests with (fill.go).
	Fill *fill
	// Inferred says which type map entry init inferred from the kernels.
	Inferred string
	// MemoryFunc is the memory function of -memory, or "" otherwise. The
	// tensor type's identities come from it (memory:). init writes it
	// unless the package has it already (MemoryHave).
	MemoryFunc string
	MemoryHave bool
	pkg        *types.Package // the package in the release build
	tests      testDecls      // what the package's test files declare
}

// useMemory makes t a type whose identities come from a memory function
// init writes (-memory). The function is named Memory, unless the package
// declares that name already. t is then a plain type without Ident, and
// so without use counts.
func (t *target) useMemory(useCounts string) error {
	switch {
	case len(t.Params) > 0:
		return usage("-memory: *%s is generic, and a memory function is not (memory: takes one function of one type); give the type ids of its own (the contract's methods), or map Tensor to one instance in an assertgen.yaml of your own", t.Type)
	case !t.Lacks("Ident"):
		return usage("-memory: *%s has Ident: its identities are its own; leave -memory out", t.Type)
	case useCounts == "true":
		return usage("-memory with -use-counts true: a type whose identities come from its memory keeps no use counts; leave -use-counts out")
	}
	t.Counted, t.Why = false, "-memory: the identities come from the memory function, and it keeps no use counts"
	if t.isMemoryFunc("Memory") {
		t.MemoryFunc, t.MemoryHave = "Memory", true
		return nil
	}
	name := "Memory"
	for n := 1; t.declares(name); n++ {
		name = "AssertgenMemory"
		if n > 1 {
			name = fmt.Sprintf("AssertgenMemory%d", n)
		}
	}
	t.MemoryFunc = name
	return nil
}

// isMemoryFunc reports whether the package declares name as a memory
// function of the tensor type, func(*T) asserts.Memory, in the release
// build or in the debug build. init writes it in the debug build alone,
// where the wrappers that call it are built.
func (t *target) isMemoryFunc(name string) bool {
	if isMemoryFuncIn(t.pkg, t.Type, name) {
		return true
	}
	for _, b := range t.builds {
		if b.tag != "" && isMemoryFuncIn(b.pkg.Types, t.Type, name) {
			return true
		}
	}
	return false
}

// isMemoryFuncIn is isMemoryFunc in the package pkg as one build has it.
func isMemoryFuncIn(pkg *types.Package, typ, name string) bool {
	fn, ok := pkg.Scope().Lookup(name).(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	tn, _ := pkg.Scope().Lookup(typ).(*types.TypeName)
	if tn == nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.TypeParams().Len() != 0 || !isTensorOf(sig.Params().At(0).Type(), tn, nil) {
		return false
	}
	n, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	return ok && n.Obj().Name() == "Memory" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kernels.AssertsPath
}

// declares reports whether the package declares name at package level in
// either build, its own test files included.
func (t *target) declares(name string) bool {
	if _, ok := t.tests.names[name]; ok {
		return true // in a test file of the package, built with it by go test
	}
	for _, b := range t.builds {
		if b.pkg.Types.Scope().Lookup(name) != nil {
			return true
		}
	}
	return false
}

// A tparam is a type parameter of a generic tensor type. It holds its name
// in the declaration and its name in the config, the same when the config
// allows it. It holds the element types to check it with.
type tparam struct {
	Decl, Name string
	Instances  []string
}

// List is the instances as a YAML flow list: "[float32, float64]".
func (p tparam) List() string { return "[" + strings.Join(p.Instances, ", ") + "]" }

// Recv is the type's receiver in a method declaration: "Tensor",
// "Tensor[T]" for a generic type.
func (t *target) Recv() string {
	if len(t.Params) == 0 {
		return t.Type
	}
	names := make([]string, len(t.Params))
	for i, p := range t.Params {
		names[i] = p.Decl
	}
	return t.Type + "[" + strings.Join(names, ", ") + "]"
}

// releasers are the names of methods that drop a reference: a type with
// one keeps counts it can report.
var releasers = []string{"Release", "DecRef", "Unref", "Free", "Drop", "Dispose", "Close"}

// inspect loads the package in dir and finds the tensor type name in it.
// It is an exported named type of the package, or an alias of one, and
// not an interface; the adapter's methods go on its pointer. The package
// must not be a program, which the generated wrappers could not import.
// The package is loaded in the release and the debug build, whose methods
// of *T may differ.
//
// useCounts "true" or "false" sets use_counts. "auto", or "", chooses it
// from the type: counted when *T already has UseCounts or a method that
// drops a reference (releasers), garbage-collected otherwise.
func inspect(dir, name, useCounts string, typeParams []string, memory bool) (*target, error) {
	if useCounts != "" && useCounts != "auto" && useCounts != "true" && useCounts != "false" {
		return nil, usage("-use-counts %q: want auto, true or false", useCounts)
	}
	// The two builds load at once: each is a run of the go command.
	var dbg *build
	var dbgErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		dbg, dbgErr = load(dir, gen.DefaultBuildTag)
	}()
	relb, err := load(dir, "")
	<-done
	if err == nil {
		err = dbgErr
	}
	if err != nil {
		return nil, err
	}
	rel := relb.pkg
	if rel.Name == "main" {
		return nil, fmt.Errorf("package %s is a program (package main): the generated wrappers import the package of the tensor type and its kernels, and a program cannot be imported; move them into a package of their own and run init there", rel.PkgPath)
	}
	t := &target{Path: rel.PkgPath, Name: rel.Name, Dir: packageDir(rel, dir), Type: name, GoType: "*" + rel.PkgPath + "." + name,
		Has: methods(dbg.pkg.Types, name), HasRelease: methods(rel.Types, name), builds: []*build{relb, dbg}, pkg: rel.Types}
	t.tests = readTestDecls(t.Dir, t.Name, name)
	if err := t.tensorType(memory); err != nil {
		return nil, err
	}
	if t.Params, err = genericParams(rel.Types.Scope().Lookup(name).(*types.TypeName), typeParams); err != nil {
		return nil, err
	}
	if len(t.Params) > 0 {
		args := make([]string, len(t.Params))
		for i, tp := range t.Params {
			args[i] = tp.Name
		}
		t.GoType += "[" + strings.Join(args, ", ") + "]"
	}
	switch useCounts {
	case "true":
		t.Counted, t.Why = true, "-use-counts true"
	case "false":
		t.Counted, t.Why = false, "-use-counts false"
	default:
		t.Counted, t.Why = t.counts()
	}
	t.names(rel.Types, dbg.pkg.Types)
	// The kernels package of init's config is this one: loaded already.
	if t.loaded, err = discover.FromPackage(rel, "."); err != nil {
		return nil, err
	}
	return t, nil
}

// A build is the package of init as loaded in one build, and asserts,
// whose types init's contract file uses; asserts is nil if it does not
// load.
type build struct {
	tag     string // the build tag; "" for the release build
	pkg     *packages.Package
	asserts *packages.Package
}

// load loads the package in dir, and asserts, with the build tag tag (""
// for none).
func load(dir, tag string) (*build, error) {
	// From source (export data leaves unexported names out), as a kernels
	// package is loaded.
	cfg := &packages.Config{Mode: discover.LoadMode, Dir: dir}
	with := ""
	if tag != "" {
		cfg.BuildFlags = []string{"-tags=" + tag}
		with = " with -tags " + tag
	}
	pkgs, err := packages.Load(cfg, ".", kernels.AssertsPath)
	if err != nil {
		return nil, err
	}
	b := &build{tag: tag}
	var roots []*packages.Package
	for _, p := range pkgs {
		if p.PkgPath == kernels.AssertsPath && len(p.Errors) == 0 {
			b.asserts = p
		} else if p.PkgPath != kernels.AssertsPath {
			roots = append(roots, p)
		}
	}
	if len(roots) != 1 {
		return nil, fmt.Errorf("%s: %d packages, want the one package of the directory", dir, len(roots))
	}
	b.pkg = roots[0]
	if len(b.pkg.Errors) > 0 {
		var msgs []string
		for _, e := range b.pkg.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("the package in %s does not load%s (init runs in the package of your tensor type):\n%s", dir, with, strings.Join(msgs, "\n"))
	}
	return b, nil
}

// packageDir is the directory of the loaded package p, found in dir.
func packageDir(p *packages.Package, dir string) string {
	if p.Dir != "" {
		return p.Dir
	}
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// libraryType ends init's refusal of a package without the tensor type:
// a library's type is named by its import path (library.go).
const libraryType = ` (a library's type is named by its import path: -type '*gonum.org/v1/gonum/mat.Dense')`

// tensorType checks that the package pkg declares name as a type init can
// write the contract's methods on, or says why not. With memory (-memory),
// init writes no methods on the type, so an alias of an instance of a
// generic type of the package is taken.
func (t *target) tensorType(memory bool) error {
	pkg, name := t.pkg, t.Type
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if at, inTest := t.tests.types[name]; !ok && inTest {
		return fmt.Errorf("%s: %s is declared in a test file, which only the package's tests build: the generated wrappers import package %s, and init writes the contract's methods in it; declare %s in a file of the package (not _test.go)", t.rel(at), name, pkg.Path(), name)
	}
	if !ok {
		var names []string
		for _, n := range pkg.Scope().Names() {
			if _, ok := pkg.Scope().Lookup(n).(*types.TypeName); ok && token.IsExported(n) {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			return fmt.Errorf("package %s declares no type %s, nor any exported type: declare your tensor type there, exported, or run init in its package%s", pkg.Path(), name, libraryType)
		}
		return fmt.Errorf("package %s declares no type %s; name your tensor type with -type (its exported types: %s)%s", pkg.Path(), name, strings.Join(names, ", "), libraryType)
	}
	if !token.IsExported(name) {
		return fmt.Errorf("%s.%s is not exported: the generated wrappers and init's tests name it from other packages; export it", pkg.Path(), name)
	}
	if tn.IsAlias() {
		named, ok := types.Unalias(tn.Type()).(*types.Named)
		switch {
		case ok && named.Obj().Pkg() != pkg && named.Obj().Pkg() != nil:
			return fmt.Errorf("%s.%s is an alias of %s, a type of another package: init writes the contract's methods on a type of package %s; name one with -type, or add -memory to take it as the library's type", pkg.Path(), name, types.TypeString(named, (*types.Package).Name), pkg.Path())
		case ok && named.TypeArgs().Len() > 0 && memory:
			// -memory writes no methods: an instance takes a memory
			// function of its own, as gen takes the alias.
		case ok && named.TypeArgs().Len() > 0:
			return fmt.Errorf("%s.%s is an alias of %s, an instance of the generic type %s: init writes the contract's methods on the generic type and checks the instances its type_params: name; run init -type %s%s (or init -memory -type %s: a memory function of the instance, no methods)", pkg.Path(), name, types.TypeString(named, (*types.Package).Name), named.Obj().Name(), named.Obj().Name(), typeParamsFlag(named), name)
		case !ok || named.Obj().Pkg() == nil:
			return fmt.Errorf("%s.%s is an alias of %s: init writes the contract's methods on a named type declared in package %s; name one with -type", pkg.Path(), name, types.TypeString(types.Unalias(tn.Type()), (*types.Package).Name), pkg.Path())
		}
	}
	if types.IsInterface(tn.Type()) {
		return fmt.Errorf("%s.%s is an interface: init writes the adapter's methods on a concrete type's pointer; name that type with -type", pkg.Path(), name)
	}
	return nil
}

// typeParamsFlag is the -type-params flag that checks the named instance
// of a generic type: " -type-params T=float32". It is "" when an argument
// is not a type the flag takes.
func typeParamsFlag(named *types.Named) string {
	tps, args := named.Origin().TypeParams(), named.TypeArgs()
	var out []string
	for i := range args.Len() {
		b, ok := args.At(i).(*types.Basic)
		if !ok || i >= tps.Len() {
			return ""
		}
		out = append(out, tps.At(i).Obj().Name()+"="+b.Name())
	}
	return " -type-params " + strings.Join(out, " -type-params ")
}

// methods returns the names of the methods of *name in pkg.
func methods(pkg *types.Package, name string) map[string]bool {
	has := map[string]bool{}
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return has
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	for i := range ms.Len() {
		has[ms.At(i).Obj().Name()] = true
	}
	return has
}

// counts chooses use_counts from the methods of *T, in either build.
func (t *target) counts() (bool, string) {
	if t.Has["UseCounts"] || t.HasRelease["UseCounts"] {
		return true, fmt.Sprintf("*%s has UseCounts", t.Type)
	}
	for _, m := range releasers {
		if t.Has[m] || t.HasRelease[m] {
			return true, fmt.Sprintf("*%s has %s: it drops references, so it can count them", t.Type, m)
		}
	}
	return false, fmt.Sprintf("*%s has no UseCounts and no method that drops a reference (%s): a garbage-collected runtime", t.Type, strings.Join(slices.Clone(releasers), ", "))
}

// pkgIdents and testIdents are the identifiers init's files declare or
// import at package level. pkgIdents are in the package
// (assertgen_contract.go); testIdents in its external tests
// (assertgen_contract_test.go, SweepTestFile). names adds the package's
// own import, named by its name.
var (
	pkgIdents  = []string{"asserts", "unsafe"}
	testIdents = []string{"TestAssertsContract", "TestSweep", "FuzzSweep", "sweepAdapter", "testContract", "transposedBase", "int64s", "sweepInt64s", "testElems", "sweepElems", "asserts", "assertstest", "checked", "errors", "reflect", "sweep", "testing"}
)

// names chooses, for each identifier init's files declare or import, one
// that is not declared already, by the package (in either build, its test
// files included) or by its external tests. That is the identifier itself
// when it is free, else one with "assertgen" in it.
func (t *target) names(scopes ...*types.Package) {
	inPkg, inTests := map[string]bool{}, map[string]bool{}
	for _, s := range scopes {
		for _, n := range s.Scope().Names() {
			inPkg[n] = true
		}
	}
	paths, _ := filepath.Glob(filepath.Join(t.Dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		into := map[string]map[string]bool{t.Name: inPkg, t.Name + "_test": inTests}[f.Name.Name]
		for n := range discover.TopLevel(f) {
			if into != nil {
				into[n] = true
			}
		}
	}
	t.PkgNames = free(pkgIdents, inPkg)
	t.TestNames = free(append(slices.Clone(testIdents), t.Name), inTests)
	if slices.Contains(testLocals, t.Name) {
		// The tests' locals would shadow the package: import it under
		// another name.
		taken := maps.Clone(inTests)
		for _, id := range testIdents {
			taken[t.TestNames[id]] = true
		}
		for _, l := range testLocals {
			taken[l] = true
		}
		t.TestNames[t.Name] = free([]string{t.Name}, taken)[t.Name]
	}
}

// testLocals are the local names of init's tests: their functions'
// parameters and variables. They are in scope where the tests name the
// runtime's package, which they would shadow.
var testLocals = []string{"t", "x", "data", "shape", "base", "i", "last", "sp", "made", "dtype", "vals", "v", "toID", "fromID"}

// free maps each identifier of ids to itself when taken does not hold it.
// Otherwise it maps it to a name with "assertgen" in it that neither taken
// nor ids hold: TestSweep to TestAssertgenSweep, sweep to assertgenSweep,
// with a number after it if need be.
func free(ids []string, taken map[string]bool) map[string]string {
	out := map[string]string{}
	used := map[string]bool{}
	for _, id := range ids {
		used[id] = true
	}
	for _, id := range ids {
		if !taken[id] {
			out[id] = id
			continue
		}
		alt := "assertgen" + upperFirst(id)
		if rest, ok := strings.CutPrefix(id, "Test"); ok {
			alt = "TestAssertgen" + rest
		}
		name := alt
		for n := 2; taken[name] || used[name]; n++ {
			name = fmt.Sprintf("%s%d", alt, n)
		}
		used[name] = true
		out[id] = name
	}
	return out
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// genericParams returns the type parameters of the tensor type tn, each
// with the element types to check it with. Those are the ones -type-params
// gives ("T=float32,float64", by the declaration's name), else the finite
// type set of its constraint (float32 | float64). A name the config cannot
// take, one that starts with a lower-case letter, gets one it can: T, T2,
// ...
func genericParams(tn *types.TypeName, flags []string) ([]tparam, error) {
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() == 0 {
		if len(flags) > 0 {
			return nil, fmt.Errorf("-type-params: %s is not a generic type", tn.Name())
		}
		return nil, nil
	}
	given := map[string][]string{}
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("-type-params %q: want P=TYPE,TYPE for a type parameter P of %s", f, tn.Name())
		}
		given[k] = append(given[k], kernels.SplitTypeList(v)...)
	}
	tps := named.TypeParams()
	var out []tparam
	for i := range tps.Len() {
		tp := tps.At(i)
		p := tparam{Decl: tp.Obj().Name(), Name: tp.Obj().Name(), Instances: given[tp.Obj().Name()]}
		delete(given, p.Decl)
		if !token.IsExported(p.Name) {
			p.Name = fmt.Sprintf("T%d", i+1)
			if tps.Len() == 1 {
				p.Name = "T"
			}
		}
		if len(p.Instances) == 0 {
			p.Instances = typeSet(tp.Constraint())
		}
		if len(p.Instances) == 0 {
			return nil, fmt.Errorf("%s's type parameter %s has no finite set of element types (its constraint is %s): name the ones to check, -type-params %s=float32,float64", tn.Name(), p.Decl, tp.Constraint(), p.Decl)
		}
		out = append(out, p)
	}
	for k := range given {
		return nil, fmt.Errorf("-type-params: %s has no type parameter %s", tn.Name(), k)
	}
	return out, nil
}

// typeSet returns the builtin types of c's type set when it is a finite
// union of them, else nil. float32 | ~float64 gives float32, float64.
func typeSet(c types.Type) []string {
	iface, ok := c.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() > 0 || iface.NumEmbeddeds() != 1 {
		return nil
	}
	var out []string
	switch e := iface.EmbeddedType(0).(type) {
	case *types.Union:
		for i := range e.Len() {
			switch term := e.Term(i).Type().(type) {
			case *types.Basic:
				out = append(out, term.Name())
			default:
				more := typeSet(term)
				if more == nil {
					return nil
				}
				out = append(out, more...)
			}
		}
	case *types.Basic:
		out = append(out, e.Name())
	default:
		return typeSet(e)
	}
	return out
}
