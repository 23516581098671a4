package initcmd

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/schema"
)

// A libTarget is the user's package that init writes for a library's
// type (-type IMPORTPATH.Type) and what init found of the type.
type libTarget struct {
	Path, Name, Dir string // the user's package
	Lib             *finder.Lib
	Found           *finder.Found
	Ops             []string // the bound ops, sorted
	// MemoryFunc is the memory function's name: Memory, unless the
	// package declares it. LibName is the library's import name in init's
	// files: its package name, unless that is taken there.
	MemoryFunc, LibName string
	// declared are the names the package's files declare.
	declared map[string]bool
	Spec     string // the library's type, as -type names it
	Flags    string // init's flags that name it: -type '*lib.T', -memory -type Tensor
	// GoType is the type map's Tensor. MemoryBody, WriteCode and ReadCode
	// are Go code: the memory function's body, and the tests' write of a
	// tensor x and read of its shape and vals (finder.Raw).
	GoType, MemoryBody, WriteCode, ReadCode string
	// KernelsLeftOut says why the package init runs in was not taken as a
	// kernel library over the type, though it imports the library and
	// declares functions: it did not load. It is "" when it was taken, or
	// was not tried.
	KernelsLeftOut string
	// EmptyCrashes are the bound ops that crashed on empty inputs in
	// init's value check (finder.Binding.EmptyCrash), joined; "" for
	// none.
	EmptyCrashes string
	// Repro are the sweep adapter's reproducer hooks (ReproSource,
	// ReproTensor), checked by running them (finder.CheckRepro). It is nil
	// when that failed, and ReproLeftOut then says why.
	Repro        *finder.ReproHooks
	ReproLeftOut string
}

// libraryFiles are the files init writes for a library's type; ViewsFile
// too where it binds views (libTarget.files).
var libraryFiles = []string{"assertgen.yaml", "generate.go", MemoryFile, MemoryTestFile, SweepTestFile, ValuesTestFile}

// ViewsFile holds the helpers init writes for a library's type whose view
// method it checked (finder.ViewForm). assertgen.yaml binds the view ops
// and cat to them.
const ViewsFile = "assertgen_views.go"

// files are the files init writes: libraryFiles, with ViewsFile after
// the memory function's where it binds views.
func (t *libTarget) files() []string {
	if t.Found == nil || t.Found.Views == nil {
		return libraryFiles
	}
	return slices.Insert(slices.Clone(libraryFiles), 3, ViewsFile)
}

// libraryInit runs Init for a library's type. That is when -type names one
// by its import path, or, with -memory, names an alias of one (type Tensor
// = mat.Dense). handled is false for a type of the package.
func libraryInit(o InitOptions) (handled bool, err error) {
	spec, ok, err := finder.ParseSpec(o.Type)
	if err != nil {
		return true, usage("%v", err)
	}
	if !ok && o.Memory {
		spec, ok = localAlias(o.Dir, o.Type)
	}
	if !ok {
		return false, nil
	}
	return true, initLibrary(o, spec)
}

// initLibrary is Init for a library's type. It writes:
//   - the config of its ops, bound to the library's methods and functions
//     that compute them, each checked on small inputs against assertgen's
//     reference;
//   - the memory function, built from the type's exported API;
//   - its conformance test and the sweep test.
func initLibrary(o InitOptions, spec finder.Spec) error {
	switch {
	case o.UseCounts == "true":
		return usage("-use-counts true with -type %s: a library's type keeps no use counts (its identities come from the memory function init writes); leave -use-counts out", spec)
	case len(o.TypeParams) > 0:
		return usage("-type-params with -type %s: give a generic library type's arguments in -type, such as '*%s[float64]'", spec, strings.TrimPrefix(spec.String(), "*"))
	case len(o.Types) > 0:
		return usage("-types with -type %s: a library's Scalar is its element type; edit assertgen.yaml's types: after init", spec)
	}
	t, err := userPackage(o.Dir)
	if err != nil {
		return err
	}
	t.Spec = spec.String()
	t.Flags = "-type '" + t.Spec + "'"
	if o.Type != t.Spec {
		t.Flags = "-memory -type " + o.Type // an alias of the library's type
	}
	kernels := o.Kernels
	if len(kernels) == 0 && importsAndExports(t.Dir, spec.Path) {
		// The package init runs in is a kernel library over the type, when
		// it loads. One that does not load yet, whose files call what init
		// is to write, is left out, and the report says so.
		if t.Lib, err = finder.Load(t.Dir, spec, "."); err != nil {
			t.KernelsLeftOut = err.Error()
		}
	}
	if t.Lib == nil {
		if t.Lib, err = finder.Load(t.Dir, spec, kernels...); err != nil {
			return err
		}
	}
	ctx := finder.WithProgress(context.Background(), o.Progress)
	if err := finder.ProbeMemory(ctx, t.Dir, t.Lib); err != nil {
		if strings.Contains(err.Error(), "providing package github.com/assertgen/assertgen/asserts") {
			return fmt.Errorf("init wrote nothing: with its files, package %s would not build: the memory function imports github.com/assertgen/assertgen/asserts, which this module does not require\n%s", t.Path, assertsHint)
		}
		return err
	}
	if err := finder.ProbeViews(ctx, t.Dir, t.Lib); err != nil {
		return err
	}
	s, err := schema.Default()
	if err != nil {
		return err
	}
	all, unmade := finder.OpsOf(s, t.Lib.Qual(), t.Lib.Elem, t.Lib.ValueForms()...)
	ops := all
	if len(o.Ops) > 0 {
		if ops, err = selectOps(s, ops, o.Ops); err != nil {
			return err
		}
	}
	if t.Found, err = finder.Bind(ctx, t.Dir, t.Lib, ops); err != nil {
		return err
	}
	t.Found.Unmade = unmade
	t.Found.AddUnchecked(t.Lib, s, all)
	var crashes []string
	for _, b := range t.Found.Bindings {
		t.Ops = append(t.Ops, b.Op)
		if b.EmptyCrash != "" {
			crashes = append(crashes, b.Op)
		}
	}
	t.EmptyCrashes = strings.Join(crashes, ", ")
	if h := t.Lib.Repro(); len(t.Ops) > 0 {
		if err := t.Lib.CheckRepro(context.Background(), t.Dir, h); err != nil {
			t.ReproLeftOut = err.Error()
		} else {
			t.Repro = h
		}
	}
	if len(t.Ops) == 0 {
		return fmt.Errorf("-type %s: no method or function of %s computes an op of the schema on init's inputs (%d candidates run): configure the type by hand (docs/guide.md, \"A library's type as it is\")", spec, spec.Path, t.Found.Candidates)
	}
	if err := t.viewCollisions(); err != nil {
		return err
	}
	if err := t.testCollisions(); err != nil {
		return err
	}
	files, err := t.render()
	if err != nil {
		return err
	}
	if err := t.checkBuilds(files); err != nil {
		return err
	}
	if err := writeAll(t.Dir, t.files(), files, o.Write); err != nil {
		return err
	}
	t.report(o.Out)
	return nil
}

// selectOps returns the ops of the selectors (-ops) among ops. A selector
// that selects none of them is an error naming the flag.
func selectOps(s *schema.Schema, ops []*finder.Op, selectors []string) ([]*finder.Op, error) {
	want := map[string]bool{}
	for _, sel := range selectors {
		found := false
		for _, op := range ops {
			if op.Name == sel || strings.SplitN(op.Name, ".", 2)[0] == sel {
				want[op.Name], found = true, true
			}
		}
		if !found {
			return nil, usage("-ops %s: not an op whose values init can check on a library's type (its reference holds %d ops, such as mul.Tensor, exp, mm and their in-place and out= forms)", sel, len(ops))
		}
	}
	var out []*finder.Op
	for _, op := range ops {
		if want[op.Name] {
			out = append(out, op)
		}
	}
	return out, nil
}

// userPackage finds the package of dir, which may have no Go file yet. Its
// import path comes from the module's go.mod. Its name comes from its
// files, or else from the directory's name.
func userPackage(dir string) (*libTarget, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	mod, modDir, err := base.FindModule(abs)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(modDir, abs)
	if err != nil {
		return nil, err
	}
	t := &libTarget{Path: mod, Dir: abs}
	if rel != "." {
		t.Path += "/" + filepath.ToSlash(rel)
	}
	declared, name, err := packageFiles(abs)
	if err != nil {
		return nil, err
	}
	switch {
	case name == "main":
		return nil, fmt.Errorf("package %s is a program (package main): the generated wrappers import the package of the memory function init writes, and a program cannot be imported; run init in a package of its own", t.Path)
	case name == "":
		name = packageName(filepath.Base(abs))
	}
	t.Name, t.declared = name, declared
	t.MemoryFunc = "Memory"
	for n := 1; declared[t.MemoryFunc]; n++ {
		t.MemoryFunc = "AssertgenMemory"
		if n > 1 {
			t.MemoryFunc = fmt.Sprintf("AssertgenMemory%d", n)
		}
	}
	return t, nil
}

// packageFiles returns the names the package's Go files in dir declare,
// its internal test files' too, and the package's name. The name comes
// from its test files if it has no other, and is "" without any file.
func packageFiles(dir string) (map[string]bool, string, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	declared := map[string]bool{}
	name := ""
	fset := token.NewFileSet()
	testName := ""                          // the package's, from a test file, for a package of tests only
	inTests := map[string]map[string]bool{} // by package clause: what test files declare
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, "", err
		}
		if strings.HasSuffix(p, "_test.go") {
			if testName == "" {
				testName = strings.TrimSuffix(f.Name.Name, "_test")
			}
			if inTests[f.Name.Name] == nil {
				inTests[f.Name.Name] = map[string]bool{}
			}
			for n := range discover.TopLevel(f) {
				inTests[f.Name.Name][n] = true
			}
			continue
		}
		if name == "" || name == "documentation" {
			name = f.Name.Name
		}
		for n := range discover.TopLevel(f) {
			declared[n] = true
		}
	}
	if name == "" {
		name = testName
	}
	for n := range inTests[name] { // the package's own tests: Memory there would clash too
		declared[n] = true
	}
	return declared, name, nil
}

// packageName is a package name made of the directory's name: its
// lower-case letters and digits, "lib" if none.
func packageName(base string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if r >= 'a' && r <= 'z' || b.Len() > 0 && r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || token.IsKeyword(b.String()) {
		return "lib"
	}
	return b.String()
}

// localAlias returns the library type a type of the package in dir is an
// alias of (type Tensor = lib.Buffer), read from its source. ok is false
// when name is no such alias.
func localAlias(dir, name string) (finder.Spec, bool) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil || strings.HasSuffix(p, "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				sel, ok := ts.Type.(*ast.SelectorExpr)
				if ts.Name.Name != name || !ts.Assign.IsValid() || !ok {
					continue
				}
				if path := importOf(f, sel.X); path != "" {
					return finder.Spec{Pointer: true, Path: path, Name: sel.Sel.Name}, true
				}
			}
		}
	}
	return finder.Spec{}, false
}

// importOf returns the import path the identifier x names in f.
func importOf(f *ast.File, x ast.Expr) string {
	id, ok := x.(*ast.Ident)
	if !ok {
		return ""
	}
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		if name == id.Name {
			return path
		}
	}
	return ""
}

// assertsHint is what to do when the memory function init writes does
// not build because the module does not require assertgen's asserts.
const assertsHint = "(the memory function imports asserts: the module requires github.com/assertgen/assertgen after go get -tool github.com/assertgen/assertgen/cmd/assertgen)"

// checkBuilds type-checks the package with the Go files init adds to it,
// in the release and the debug build: the memory function, and the file
// of the go:generate line. The tests are not checked; they need the
// package gen writes. A refusal names what would not build, and nothing
// is written. The memory function's file is built with the debug tag
// alone, so no function is asked of the release build.
func (t *libTarget) checkBuilds(files map[string][]byte) error {
	added := addedSources(t.Dir, files)
	if err := discover.CheckAdded(t.Dir, added, nil, gen.DefaultBuildTag); err != nil {
		hint := ""
		if strings.Contains(err.Error(), "could not import github.com/assertgen/assertgen/asserts") {
			hint = "\n" + assertsHint
		}
		return fmt.Errorf("init wrote nothing: with its files, %v%s", err, hint)
	}
	return nil
}

// libTestNames are the names init's tests declare in the package's
// external tests (SweepTestFile, ValuesTestFile).
var libTestNames = []string{"sweepAdapter", "assertgenTranspose", "assertgenSelect", "assertgenTransposedValues", "assertgenReproDecls", "assertgenReproTranspose", "assertgenReproSelect", "assertgenSweepRanks", "TestSweep", "FuzzSweep", "TestBoundValues", "assertgenMatrix", "assertgenTensor", "assertgenRead", "assertgenEqual", "assertgenValueCases"}

// testCollisions refuses a package whose external tests declare a name
// init's tests declare. Files of init's own do not count, since a run of
// init replaces them.
func (t *libTarget) testCollisions() error {
	paths, _ := filepath.Glob(filepath.Join(t.Dir, "*_test.go"))
	fset := token.NewFileSet()
	var taken []string
	for _, p := range paths {
		if b := filepath.Base(p); b == SweepTestFile || b == ValuesTestFile {
			continue // init's own, from an earlier run: replaced whole
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != t.Name+"_test" {
			continue
		}
		for n := range discover.TopLevel(f) {
			if slices.Contains(libTestNames, n) && !slices.Contains(taken, n) {
				taken = append(taken, n)
			}
		}
	}
	if len(taken) > 0 {
		slices.Sort(taken)
		return fmt.Errorf("init wrote nothing: package %s's tests declare %s, which init's tests (%s, %s) declare too; rename them, or run init in a package of its own", t.Name+"_test", strings.Join(taken, ", "), SweepTestFile, ValuesTestFile)
	}
	return nil
}

// viewCollisions refuses a package that declares a name of the helpers
// ViewsFile would declare.
func (t *libTarget) viewCollisions() error {
	if t.Found.Views == nil {
		return nil
	}
	var taken []string
	for _, n := range finder.ViewHelperNames {
		if t.declared[n] {
			taken = append(taken, n)
		}
	}
	if len(taken) > 0 {
		return fmt.Errorf("init wrote nothing: package %s declares %s, which init's %s (the views of %s it checked) declares too; rename them, or run init in a package of its own", t.Name, strings.Join(taken, ", "), ViewsFile, t.Spec)
	}
	return nil
}

// checkConfig reads the config init wrote as gen will.
func (t *libTarget) checkConfig(text []byte) error {
	c, err := config.Parse(filepath.Join(t.Dir, "assertgen.yaml"), text)
	if err == nil {
		err = c.Validate()
	}
	if err != nil {
		return fmt.Errorf("init wrote nothing: its assertgen.yaml does not read back: %v", err)
	}
	return nil
}

// importsAndExports reports whether a Go file of dir, not a test's,
// imports the package path and declares an exported function or an
// exported method of an exported type. The package is then a kernel
// library over the library's type, whose functions, methods and operator
// values init binds too.
func importsAndExports(dir, path string) bool {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil || strings.HasSuffix(p, "_test.go") || !slices.ContainsFunc(f.Imports, func(im *ast.ImportSpec) bool { return im.Path.Value == strconv.Quote(path) }) {
			continue
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.IsExported() && (fn.Recv == nil || exportedRecv(fn.Recv)) {
				return true
			}
		}
	}
	return false
}

// exportedRecv reports whether a method's receiver's type is exported
// (T, *T, T[E]).
func exportedRecv(recv *ast.FieldList) bool {
	if len(recv.List) != 1 {
		return false
	}
	x := recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	switch e := x.(type) {
	case *ast.IndexExpr:
		x = e.X
	case *ast.IndexListExpr:
		x = e.X
	}
	id, ok := x.(*ast.Ident)
	return ok && id.IsExported()
}
