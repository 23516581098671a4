// This file holds TestExportedNamesHaveCallers, the repository's
// exported-names linter: it type-checks every package of the three
// modules, in the release and the debugasserts build, and fails for an
// exported name of a hand-written file that nothing but tests uses and no
// Example of its package shows (docs/DESIGN.md). testdata/callers is a
// module with one case of each of its rules (TestUncalledNames).

package assertgen

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExportedNamesHaveCallers checks issue 23's rule: no exported name
// without a caller outside the tests, or an Example of its package that
// shows it.
//
// Every package of the repository is type-checked from source (the root
// module, runtimes/libtorch with its release modules and runtimes/gorgonia;
// test files too), once in the release build and once with -tags
// debugasserts; a name used in either build counts. The names checked are
// those a package's documentation lists: the package-level functions, types,
// variables and constants, and the methods of its exported types (interface
// methods included), declared in a hand-written non-test file (generated
// files are the product; examples/ and scripts/ are users; testHelpers
// serve tests). Struct fields
// are not checked: encoding/json and yaml.v3 read and write them by
// reflection, which a type-checker does not see.
//
// A use counts when it is in a non-test file of any package (generated ones
// included, and examples/), or in the body of an Example function of the
// name's own package; a test, of its package or of another, is no caller.
// A deprecated name (its doc has a "Deprecated: " paragraph) needs no
// caller: it stays for users' code until CHANGELOG.md says it goes. Nor
// does an entry of asserts/wrap that the frozen generated sets call
// (testdata/frozen/ENTRIES, methods as Type.Method; a method of a type the
// facade aliases is declared in internal/engine): users' sets call it as
// long as wrap.MinVersion accepts their version.
// The names whose callers are tests by design are allowed, each with its
// reason (testOnly). A type counts as used where a value of it is
// (x := samples.For(...) uses samples.Sample). A method counts as used
// through an interface when its type implements an interface whose method
// of that name is called somewhere that counts, or implements an exported
// interface of a package outside the repository (fmt.Stringer, error,
// json.Marshaler: the library calls it) or one that package errors asserts
// to (Unwrap, Is, As).
func TestExportedNamesHaveCallers(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every package, the generated ones included (-short skips it)")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	uncalled, checked := uncalledNames(t, root, modulePath, testOnly, append([]string{"examples", "scripts"}, testHelpers...)...)
	if checked < 500 {
		t.Fatalf("checked %d exported names; is the repository root %s?", checked, root)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "frozen", "ENTRIES"))
	if err != nil {
		t.Fatal(err)
	}
	frozen := map[string]bool{}
	for _, name := range strings.Fields(string(src)) {
		frozen[name] = true
	}
	for _, u := range uncalled {
		name, ok := strings.CutPrefix(u.name, "asserts/wrap.")
		if !ok {
			name, ok = strings.CutPrefix(u.name, "internal/engine.") // a method of a type the facade aliases
		}
		if ok && frozen[name] {
			continue // the frozen generated sets call it (testdata/frozen/ENTRIES, TestFrozenSets)
		}
		t.Errorf("%s: %s is exported, and nothing but tests calls it, nor does an Example of its package; use it, show it in an Example, or unexport it", u.pos, u.name)
	}
}

// TestUncalledNames runs the check on testdata/callers, a module with one
// case of each rule.
func TestUncalledNames(t *testing.T) {
	root, err := filepath.Abs("testdata/callers")
	if err != nil {
		t.Fatal(err)
	}
	uncalled, checked := uncalledNames(t, root, "example.com/callers/", nil)
	var got []string
	for _, u := range uncalled {
		got = append(got, u.pos+": "+u.name)
	}
	want := []string{
		"p/p.go:9:6: p.Unused",
		"p/p.go:11:6: p.OnlyTested",
		"p/p.go:17:6: p.CalledByOtherTest",
		"p/p.go:27:10: p.T.Uncalled",
		"p/p.go:38:2: p.Exported.Helper",
	}
	if !slices.Equal(got, want) || checked != 20 {
		t.Errorf("uncalled names of testdata/callers (of %d checked, want 20):\n%s\nwant:\n%s", checked, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

const modulePath = "github.com/assertgen/assertgen/"

// testHelpers are the packages of helpers that only tests import (the toy
// tensors that asserts' and the engine's tests share; the commands' test
// harness): their names are for tests by design, and TestDesignLayers and
// TestHalves fail a non-test file that imports one.
var testHelpers = []string{"internal/engine/enginetest", "cmd/assertgen/internal/clitest"}

// testOnly holds the exported names whose callers are other packages' tests
// by design, each with the reason no Example can show it.
var testOnly = map[string]string{
	"asserts/assertstest.Run":          "runs the conformance suite as subtests of a runtime's test; it takes that test's *testing.T, which an Example has not (callers: runtimes/libtorch/torch, examples/reftensor)",
	"asserts/assertstest.RunUncounted": "the suite of a runtime without use counts, as Run: it takes the runtime's test's *testing.T (caller: examples/gcrt)",
	"internal/engine.SetRowsOnly":      "forces every call of a Frame onto the rows, which the tests hold to the fast plan (examples' onepath tests, against their goldens); no program wants its calls slower",
	"sweep.Fuzz":                       "a runtime's fuzz target: it takes the fuzz test's *testing.F, which an Example has not (callers: examples/planted, examples/gcrt, runtimes/gorgonia/sweep, init's sweep test)",
}

// uncalledName is an exported name without a caller: its key without the
// module prefix, and where it is declared (file:line:col from root).
type uncalledName struct{ name, pos string }

// uncalledNames applies the rule to the repository at root, whose packages'
// import paths are prefix and their directory: it returns the names without
// a caller, in the order of their places, and the number of names checked.
// The names of allow (without the prefix) need none; an entry for a name
// that is gone or has a caller is an error. Names declared under the
// directories skip are not checked (their uses count).
func uncalledNames(t *testing.T, root, prefix string, allow map[string]string, skip ...string) ([]uncalledName, int) {
	t.Helper()
	r := &repo{root: root, prefix: prefix, skip: skip, fset: token.NewFileSet()}
	r.parse(t)
	r.exportData(t)
	decl := map[string]token.Position{} // key -> place of the declaration
	used := map[string]bool{}
	for _, tags := range [][]string{nil, {"debugasserts"}} {
		u := r.typeCheck(t, tags)
		maps.Copy(decl, u.declared(r))
		maps.Copy(used, u.used(r))
	}
	var out []uncalledName
	for k, pos := range decl {
		if !used[k] && allow[strings.TrimPrefix(k, prefix)] == "" {
			rel, _ := filepath.Rel(root, pos.Filename)
			out = append(out, uncalledName{strings.TrimPrefix(k, prefix), fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), pos.Line, pos.Column)})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(allow)) {
		if _, ok := decl[prefix+name]; !ok || used[prefix+name] {
			t.Errorf("%s is allowed no caller (%s), but it is gone or has one now: drop it from the list", name, allow[name])
		}
	}
	slices.SortFunc(out, func(a, b uncalledName) int {
		pa, pb := decl[prefix+a.name], decl[prefix+b.name]
		return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column))
	})
	return out, len(decl)
}

// repo is the repository under check, parsed.
type repo struct {
	root, prefix string
	skip         []string
	fset         *token.FileSet
	files        []*goFile
	exports      map[string]string // import path -> export data file
	// deprecated holds the places of the names whose doc comment has a
	// "Deprecated: " paragraph: they stay for the code that calls them
	// (CHANGELOG.md's policy), with or without a caller here.
	deprecated map[token.Pos]bool
}

// skipped reports whether names declared in directory dir are not checked.
func (r *repo) skipped(dir string) bool {
	for _, s := range r.skip {
		if dir == s || strings.HasPrefix(dir, s+"/") {
			return true
		}
	}
	return false
}

// goFile is one parsed Go file of the repository.
type goFile struct {
	dir       string // relative to the repository root, slash-separated
	name      string
	ast       *ast.File
	test      bool // a _test.go file
	generated bool // ast.IsGenerated
}

// parse parses every Go file under the root in a package directory as the
// go command sees them: no testdata, nothing starting with . or _.
func (r *repo) parse(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(r.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(r.root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") {
			return nil
		}
		f, err := parser.ParseFile(r.fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		r.markDeprecated(f)
		r.files = append(r.files, &goFile{
			dir:       filepath.ToSlash(filepath.Dir(rel)),
			name:      d.Name(),
			ast:       f,
			test:      strings.HasSuffix(rel, "_test.go"),
			generated: ast.IsGenerated(f),
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// markDeprecated records the names f declares with a doc comment that has
// a paragraph starting "Deprecated: " (Go's convention): a function's or
// method's, a type's, or a const or var's, its spec's doc or, for the
// names of a group, the group's.
func (r *repo) markDeprecated(f *ast.File) {
	if r.deprecated == nil {
		r.deprecated = map[token.Pos]bool{}
	}
	isDeprecated := func(docs ...*ast.CommentGroup) bool {
		for _, d := range docs {
			if d == nil {
				continue
			}
			text := d.Text()
			if strings.HasPrefix(text, "Deprecated: ") || strings.Contains(text, "\n\nDeprecated: ") {
				return true
			}
		}
		return false
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if isDeprecated(d.Doc) {
				r.deprecated[d.Name.Pos()] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if isDeprecated(s.Doc, d.Doc) {
						r.deprecated[s.Name.Pos()] = true
					}
				case *ast.ValueSpec:
					if isDeprecated(s.Doc, d.Doc) {
						for _, n := range s.Names {
							r.deprecated[n.Pos()] = true
						}
					}
				}
			}
		}
	}
}

// exportData finds the export data file of every package outside the
// repository that a file of it imports, and of their dependencies, as the
// go command builds them (go list -export, from each module's directory).
func (r *repo) exportData(t *testing.T) {
	t.Helper()
	byModule := map[string]map[string]bool{}
	for _, f := range r.files {
		mod := moduleDir(r.root, f.dir)
		if byModule[mod] == nil {
			byModule[mod] = map[string]bool{}
		}
		for _, is := range f.ast.Imports {
			p := strings.Trim(is.Path.Value, `"`)
			if p != "C" && (!strings.HasPrefix(p, r.prefix) || inTestdata(p)) {
				byModule[mod][p] = true
			}
		}
	}
	r.exports = map[string]string{}
	for _, mod := range slices.Sorted(maps.Keys(byModule)) {
		args := append([]string{"list", "-e", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{with .Error}}{{.Err}}{{end}}"}, slices.Sorted(maps.Keys(byModule[mod]))...)
		cmd := exec.Command("go", args...)
		cmd.Dir = filepath.Join(r.root, mod)
		// The go command downloads what a module needs and is missing (on a
		// fresh machine, gorgonia's dependencies: the root module's tests
		// run before runtimes/gorgonia/ci.sh has fetched them).
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: go list -export: %v\n%s", mod, err, stderr.Bytes())
		}
		sc := bufio.NewScanner(bytes.NewReader(stdout))
		for sc.Scan() {
			path, rest, _ := strings.Cut(sc.Text(), "\t")
			export, lerr, _ := strings.Cut(rest, "\t")
			if path == "unsafe" {
				continue
			}
			if lerr != "" || export == "" {
				t.Fatalf("%s: go list -export %s: no export data: %s", mod, path, lerr)
			}
			if _, ok := r.exports[path]; !ok {
				r.exports[path] = export
			}
		}
	}
}

// moduleDir returns the directory of the module that holds dir: the
// nearest one above it with a go.mod.
func moduleDir(root, dir string) string {
	for d := dir; ; d = filepath.ToSlash(filepath.Dir(d)) {
		if _, err := os.Stat(filepath.Join(root, d, "go.mod")); err == nil || d == "." {
			return d
		}
	}
}

// universe is the repository type-checked in one build.
type universe struct {
	info  *types.Info
	pkgs  map[string]*types.Package // by directory
	files map[*ast.File]*goFile
	// byFile gives the goFile of a token.File.
	byFile map[*token.File]*goFile
	// examples holds the Example functions of the test files.
	examples  []*ast.FuncDecl
	exampleOf map[*ast.FuncDecl]*goFile
}

// typeCheck type-checks every package of the repository in the build that
// tags select (GOOS and GOARCH of the host): each directory's package with
// its in-package test files, then its external test package. cgo's "C" is
// faked: its names have no types, and what depends on them is not checked.
func (r *repo) typeCheck(t *testing.T, tags []string) *universe {
	t.Helper()
	ctxt := build.Default
	ctxt.BuildTags = tags
	ctxt.CgoEnabled = true
	type pkgFiles struct{ pkg, xtest []*ast.File }
	dirs := map[string]*pkgFiles{}
	u := &universe{
		info: &types.Info{
			Uses: map[*ast.Ident]types.Object{},
		},
		pkgs:      map[string]*types.Package{},
		files:     map[*ast.File]*goFile{},
		byFile:    map[*token.File]*goFile{},
		exampleOf: map[*ast.FuncDecl]*goFile{},
	}
	for _, f := range r.files {
		ok, err := ctxt.MatchFile(filepath.Join(r.root, f.dir), f.name)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		u.files[f.ast] = f
		u.byFile[r.fset.File(f.ast.Pos())] = f
		if dirs[f.dir] == nil {
			dirs[f.dir] = &pkgFiles{}
		}
		if f.test && strings.HasSuffix(f.ast.Name.Name, "_test") {
			dirs[f.dir].xtest = append(dirs[f.dir].xtest, f.ast)
		} else {
			dirs[f.dir].pkg = append(dirs[f.dir].pkg, f.ast)
		}
		if f.test {
			for _, d := range f.ast.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && isExample(fd) {
					u.examples = append(u.examples, fd)
					u.exampleOf[fd] = f
				}
			}
		}
	}
	gc := importer.ForCompiler(r.fset, "gc", func(path string) (io.ReadCloser, error) {
		if e, ok := r.exports[path]; ok {
			return os.Open(e)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	var errs []error
	checking := map[string]bool{}
	var check func(dir string) (*types.Package, error)
	conf := &types.Config{
		FakeImportC: true,
		Error:       func(err error) { errs = append(errs, err) },
	}
	conf.Importer = importerFunc(func(path string) (*types.Package, error) {
		if dir, ok := strings.CutPrefix(path, r.prefix); ok && !inTestdata(dir) {
			return check(dir)
		}
		return gc.Import(path)
	})
	check = func(dir string) (*types.Package, error) {
		if p, ok := u.pkgs[dir]; ok {
			return p, nil
		}
		if checking[dir] {
			return nil, fmt.Errorf("import cycle through %s", dir)
		}
		checking[dir] = true
		d := dirs[dir]
		if d == nil || len(d.pkg) == 0 {
			return nil, fmt.Errorf("no Go files in %s", dir)
		}
		p, _ := conf.Check(r.prefix+dir, r.fset, d.pkg, u.info)
		u.pkgs[dir] = p
		return p, nil
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		if len(dirs[dir].pkg) > 0 {
			check(dir)
		}
		if x := dirs[dir].xtest; len(x) > 0 {
			conf.Check(r.prefix+dir+"_test", r.fset, x, u.info)
		}
	}
	// FakeImportC leaves C's names without types; an error about them, or
	// about what is built on them, is no error of the repository's.
	var real []error
	for _, err := range errs {
		var te types.Error
		if errors.As(err, &te) && isCgoFile(r.fset.File(te.Pos).Name()) {
			continue
		}
		real = append(real, err)
	}
	if len(real) > 0 {
		t.Fatalf("type-checking the repository (tags %v): %d errors, first: %v", tags, len(real), real[0])
	}
	return u
}

// inTestdata reports whether an import path is under a testdata
// directory: a harness tests import (testdata/golden), which the go
// command's patterns leave out. It is imported as a package outside the
// repository is, from its export data; its names are not checked.
func inTestdata(path string) bool {
	return slices.Contains(strings.Split(path, "/"), "testdata")
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// isCgoFile reports whether the file imports "C".
func isCgoFile(name string) bool {
	b, err := os.ReadFile(name)
	return err == nil && bytes.Contains(b, []byte("\nimport \"C\""))
}

// used returns the names that have a caller that counts.
func (u *universe) used(r *repo) map[string]bool {
	inExample := map[*goFile][][2]token.Pos{}
	for _, fd := range u.examples {
		f := u.exampleOf[fd]
		inExample[f] = append(inExample[f], [2]token.Pos{fd.Pos(), fd.End()})
	}
	// counts reports whether a use at pos counts for a name declared in
	// directory dir.
	counts := func(dir string, pos token.Pos) bool {
		f := u.byFile[r.fset.File(pos)]
		if f == nil || !f.test {
			return true
		}
		if f.dir != dir {
			return false
		}
		for _, r := range inExample[f] {
			if r[0] <= pos && pos < r[1] {
				return true
			}
		}
		return false
	}
	dirOf := func(obj types.Object) (string, bool) {
		if obj == nil || obj.Pkg() == nil {
			return "", false
		}
		return strings.CutPrefix(obj.Pkg().Path(), r.prefix)
	}
	used := map[string]bool{}
	var mark func(obj types.Object, pos token.Pos)
	// markType marks the named types a value of type t has, so that a type
	// counts as used where its values are: a function's results and
	// parameters, a variable's or a field's type, a method's receiver.
	markType := func(t types.Type, pos token.Pos) {
		if n := namedOf(t); n != nil {
			mark(n.Obj(), pos)
		}
		if sig, ok := t.(*types.Signature); ok {
			for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
				for v := range tup.Variables() {
					if n := namedOf(v.Type()); n != nil {
						mark(n.Obj(), pos)
					}
				}
			}
			if r := sig.Recv(); r != nil {
				if n := namedOf(r.Type()); n != nil {
					mark(n.Obj(), pos)
				}
			}
		}
	}
	mark = func(obj types.Object, pos token.Pos) {
		k := objKey(obj)
		if k == "" {
			v, ok := obj.(*types.Var)
			if !ok || !v.IsField() {
				return
			}
			k = fmt.Sprintf("%p", obj) // a field: its type counts
		}
		if used[k] {
			return
		}
		dir, ok := dirOf(obj)
		if !ok || !counts(dir, pos) {
			return
		}
		if used[k] {
			return
		}
		used[k] = true
		if _, ok := obj.(*types.TypeName); !ok {
			markType(obj.Type(), pos)
		}
	}
	type ifaceCall struct {
		m   *types.Func
		pos token.Pos
	}
	var viaIface []ifaceCall
	for id, obj := range u.info.Uses {
		mark(obj, id.Pos())
		if fn, ok := obj.(*types.Func); ok && isIfaceMethod(fn) {
			viaIface = append(viaIface, ifaceCall{fn, id.Pos()})
		}
	}
	named, external := u.typesAndInterfaces(r.prefix)
	external = append(external, errorsIfaces()...)
	for _, it := range external {
		implementors(named, it, func(m types.Object) {
			if k := objKey(m); k != "" {
				used[k] = true
			}
		})
	}
	byIface := map[*types.Interface][]ifaceCall{}
	for _, c := range viaIface {
		it := c.m.Signature().Recv().Type().Underlying().(*types.Interface)
		byIface[it] = append(byIface[it], c)
	}
	for it, calls := range byIface {
		implementors(named, it, func(m types.Object) {
			for _, c := range calls {
				if c.m.Name() == m.Name() {
					mark(m, c.pos)
				}
			}
		})
	}
	return used
}

// declared returns the names the rule applies to, each with its place.
func (u *universe) declared(r *repo) map[string]token.Position {
	decl := map[string]token.Position{}
	add := func(obj types.Object) {
		if !obj.Exported() {
			return
		}
		pos := r.fset.Position(obj.Pos())
		f := u.byFile[r.fset.File(obj.Pos())]
		if f == nil || f.test || f.generated || r.skipped(f.dir) || r.deprecated[obj.Pos()] {
			return
		}
		if k := objKey(obj); k != "" {
			decl[k] = pos
		}
	}
	for _, p := range u.pkgs {
		for _, name := range p.Scope().Names() {
			obj := p.Scope().Lookup(name)
			add(obj)
			tn, ok := obj.(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := range n.NumMethods() {
				add(n.Method(i))
			}
			if it, ok := n.Underlying().(*types.Interface); ok {
				for i := range it.NumExplicitMethods() {
					add(it.ExplicitMethod(i))
				}
			}
		}
	}
	return decl
}

// typesAndInterfaces returns the named types of the repository's packages
// (those with the import path prefix), and the exported interfaces of the
// packages outside it that they import, directly or not.
func (u *universe) typesAndInterfaces(prefix string) (named []*types.Named, external []*types.Interface) {
	seenPkg := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if p == nil || seenPkg[p] {
			return
		}
		seenPkg[p] = true
		inRepo := strings.HasPrefix(p.Path(), prefix)
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 {
				continue
			}
			if inRepo {
				named = append(named, n)
			} else if it, ok := n.Underlying().(*types.Interface); ok && tn.Exported() && it.NumMethods() > 0 && it.IsMethodSet() {
				external = append(external, it)
			}
		}
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	for _, p := range u.pkgs {
		walk(p)
	}
	return named, external
}

// implementors calls each, for every type of named (or pointer to one)
// that implements the interface it, with the type's method for each method
// of the interface.
func implementors(named []*types.Named, it *types.Interface, each func(m types.Object)) {
	for _, n := range named {
		if types.IsInterface(n) {
			continue
		}
		for _, typ := range []types.Type{n, types.NewPointer(n)} {
			if !types.Implements(typ, it) {
				continue
			}
			for i := range it.NumMethods() {
				m := it.Method(i)
				if obj, _, _ := types.LookupFieldOrMethod(typ, false, m.Pkg(), m.Name()); obj != nil {
					each(obj)
				}
			}
			break
		}
	}
}

// isIfaceMethod reports whether fn is a method of an interface type.
func isIfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// namedOf returns the named type of a value of type t, through pointers,
// slices, arrays, maps' values and channels; nil if there is none.
func namedOf(t types.Type) *types.Named {
	for {
		switch x := t.(type) {
		case *types.Named:
			return x.Origin()
		case *types.Pointer:
			t = x.Elem()
		case *types.Slice:
			t = x.Elem()
		case *types.Array:
			t = x.Elem()
		case *types.Map:
			t = x.Elem()
		case *types.Chan:
			t = x.Elem()
		default:
			return nil
		}
	}
}

// objKey names a package-level object, or a method, as "path.Name" or
// "path.Type.Method"; "" for anything else (fields, locals, methods of
// unnamed interfaces).
func objKey(obj types.Object) string {
	if obj.Pkg() == nil || !obj.Exported() {
		return ""
	}
	switch o := obj.(type) {
	case *types.Func:
		o = o.Origin()
		if recv := o.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			n, ok := t.(*types.Named)
			if !ok {
				return ""
			}
			return o.Pkg().Path() + "." + n.Obj().Name() + "." + o.Name()
		}
	case *types.Var:
		if o.IsField() {
			return ""
		}
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// errorsIfaces returns error, and the interfaces package errors asserts an
// error to inside errors.Is, errors.As and errors.Unwrap (and fmt's %w
// wrapper): their methods are called there, out of a type-checker's sight,
// on any error a program passes to them.
func errorsIfaces() []*types.Interface {
	errType := types.Universe.Lookup("error").Type()
	boolType := types.Typ[types.Bool]
	anyType := types.Universe.Lookup("any").Type()
	method := func(name string, params, results []types.Type) *types.Func {
		vars := func(ts []types.Type) *types.Tuple {
			var vs []*types.Var
			for _, t := range ts {
				vs = append(vs, types.NewParam(token.NoPos, nil, "", t))
			}
			return types.NewTuple(vs...)
		}
		return types.NewFunc(token.NoPos, nil, name, types.NewSignatureType(nil, nil, nil, vars(params), vars(results), false))
	}
	out := []*types.Interface{errType.Underlying().(*types.Interface)}
	for _, m := range []*types.Func{
		method("Unwrap", nil, []types.Type{errType}),
		method("Unwrap", nil, []types.Type{types.NewSlice(errType)}),
		method("Is", []types.Type{errType}, []types.Type{boolType}),
		method("As", []types.Type{anyType}, []types.Type{boolType}),
	} {
		it := types.NewInterfaceType([]*types.Func{m}, []types.Type{errType})
		out = append(out, it.Complete())
	}
	return out
}

// isExample reports whether fd is an Example function as go test runs them:
// named Example..., no receiver, no parameters, no results.
func isExample(fd *ast.FuncDecl) bool {
	return fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Example") &&
		fd.Type.Params.NumFields() == 0 && fd.Type.Results.NumFields() == 0
}
