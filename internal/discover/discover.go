// Package discover loads a kernels package with go/packages and checks a
// type map's Go types against the packages they name: the work of the
// assertgen command before gen prints (gen itself loads no package).
package discover

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// A Package is a loaded kernels package: its exported functions, and its
// types for [CheckTypesCounted].
type Package struct {
	Set   *kernels.Set
	types *types.Package
}

// Load loads the package matching pattern (an import path or a
// relative directory such as ./kernels) from dir and lists its exported
// functions, and the names of the package that are no kernel (see
// kernels.Set.Others).
func Load(dir, pattern string) (*Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("loading kernels package %s: %v", pattern, err)
	}
	if len(pkgs) == 0 {
		if msg := goCommandError(dir, pattern); msg != "" {
			return nil, fmt.Errorf("kernels package %s does not load: %s", pattern, msg)
		}
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("kernels pattern %s matches %d packages, want 1", pattern, len(pkgs))
	}
	p := pkgs[0]
	if len(p.Errors) > 0 {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("kernels package %s does not load:\n%s", pattern, strings.Join(msgs, "\n"))
	}
	k := &Package{Set: &kernels.Set{Path: p.PkgPath, Name: p.Name, Funcs: map[string]*kernels.Kernel{}, Metadata: metadataImplementers(p.Types), Anchored: anchoredImplementers(p.Types),
		Dir: packageDir(p), Others: map[string]kernels.Other{}}, types: p.Types}
	qual := func(other *types.Package) string { return other.Path() }
	short := func(other *types.Package) string { return other.Name() }
	wd, _ := os.Getwd()
	position := func(at token.Pos) schema.Position {
		pos := p.Fset.Position(at)
		if rel, err := filepath.Rel(wd, pos.Filename); err == nil && len(rel) < len(pos.Filename) {
			pos.Filename = rel
		}
		return schema.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}
	}
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		fn, ok := obj.(*types.Func)
		if !ok || !fn.Exported() || fn.Type().(*types.Signature).TypeParams().Len() > 0 {
			k.Set.Others[name] = kernels.Other{What: objectKind(obj), Pos: position(obj.Pos())}
			continue
		}
		sig := fn.Type().(*types.Signature)
		k.Set.Funcs[name] = &kernels.Kernel{
			Name:      name,
			Signature: signature(sig, qual),
			Display:   signature(sig, short),
			Pos:       position(fn.Pos()),
		}
	}
	testNames(k.Set, wd)
	return k, nil
}

// objectKind says what a package-level object that is no kernel is.
func objectKind(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Var:
		return "a variable"
	case *types.Const:
		return "a constant"
	case *types.TypeName:
		return "a type"
	case *types.Func:
		if obj.Type().(*types.Signature).TypeParams().Len() > 0 {
			return "a generic function"
		}
	}
	return "a function"
}

// packageDir is the directory of the loaded package p.
func packageDir(p *packages.Package) string {
	if p.Dir != "" {
		return p.Dir
	}
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	return ""
}

// testNames adds to k.Others the package-level names the test files of
// k's own package (not its external tests, package NAME_test) declare,
// whatever their build constraints: a kernel of such a name would not
// build with the package's tests.
func testNames(k *kernels.Set, wd string) {
	if k.Dir == "" {
		return
	}
	paths, _ := filepath.Glob(filepath.Join(k.Dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != k.Name {
			continue
		}
		for name, at := range TopLevel(f) {
			if _, ok := k.Others[name]; ok || k.Funcs[name] != nil {
				continue
			}
			pos := fset.Position(at)
			if rel, err := filepath.Rel(wd, pos.Filename); err == nil && len(rel) < len(pos.Filename) {
				pos.Filename = rel
			}
			k.Others[name] = kernels.Other{What: "declared by a test file", Pos: schema.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}}
		}
	}
}

// TopLevel returns the names a Go file declares at package level (its
// functions, not its methods nor init; its variables, constants and
// types; not its imports, which are the file's; not _), with their
// positions.
func TopLevel(f *ast.File) map[string]token.Pos {
	out := map[string]token.Pos{}
	defer delete(out, "_")
	defer delete(out, "init")
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out[d.Name.Name] = d.Name.Pos()
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						out[n.Name] = n.Pos()
					}
				case *ast.TypeSpec:
					out[sp.Name.Name] = sp.Name.Pos()
				}
			}
		}
	}
	return out
}

// signature is sig with its types spelled by qual, as gen spells a
// wrapper's.
func signature(sig *types.Signature, qual types.Qualifier) kernels.Signature {
	var s kernels.Signature
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		name := v.Name()
		if name == "" {
			name = "_"
		}
		t := types.TypeString(v.Type(), qual)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + types.TypeString(v.Type().(*types.Slice).Elem(), qual)
		}
		s.Params = append(s.Params, kernels.Param{Name: name, Type: t})
	}
	for i := range sig.Results().Len() {
		s.Results = append(s.Results, types.TypeString(sig.Results().At(i).Type(), qual))
	}
	return s
}

// CheckTypesCounted loads the packages of the Go types ts name and
// returns, for each type that the Go build would not find, why, with the closest
// exported type name of its package when one is close ("no type Tensr in
// example.com/mt; did you mean Tensor?"). Packages are loaded from dir, as
// the generated package will be built: a type map that names a type the
// build cannot find would otherwise give generated code that does not
// compile. Builtin types need no loading, nor do the packages the kernels
// package k (if not nil) imports, directly or not: they are loaded with it.
//
// It also reports whether tensor, the type map's Tensor (one of ts),
// lacks the method UseCounts() (int, int) of [asserts.Tensor]: a runtime without use counts, whose wrappers must
// be generated with use_counts: false (with use counts on, they would call
// UseCounts and not build). lacks is false when tensor has a problem of
// its own, or is not a named type or a pointer to one.
func CheckTypesCounted(dir string, ts []kernels.GoType, tensor kernels.GoType, k *Package) (problems map[kernels.GoType]string, lacks bool, err error) {
	problems, known, err := checkTypes(dir, ts, k)
	if err != nil || problems[tensor] != "" || tensor.Path == "" || tensor.Prefix != "" && tensor.Prefix != "*" {
		return problems, false, err
	}
	p := known[tensor.Path]
	if p == nil {
		return problems, false, nil
	}
	obj, ok := p.Scope().Lookup(tensor.Name).(*types.TypeName)
	if !ok {
		return problems, false, nil
	}
	typ := obj.Type()
	if tensor.Prefix == "*" {
		typ = types.NewPointer(typ)
	}
	return problems, !hasUseCounts(typ), nil
}

// hasUseCounts reports whether typ has the method UseCounts() (int, int).
func hasUseCounts(typ types.Type) bool {
	sel := types.NewMethodSet(typ).Lookup(nil, "UseCounts")
	if sel == nil {
		return false
	}
	sig, ok := sel.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 2 {
		return false
	}
	for i := range 2 {
		if b, ok := sig.Results().At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Int {
			return false
		}
	}
	return true
}

func checkTypes(dir string, ts []kernels.GoType, k *Package) (map[kernels.GoType]string, map[string]*types.Package, error) {
	known := map[string]*types.Package{}
	if k != nil && k.types != nil {
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
		add(k.types)
	}
	// A package seen through the kernels' imports may hold only what the
	// kernels use of it (export data can be partial): it answers for the
	// types it has; a type it lacks is looked for in the package itself.
	var paths []string
	for _, t := range ts {
		if t.Path == "" || slices.Contains(paths, t.Path) {
			continue
		}
		if p := known[t.Path]; p != nil {
			if _, ok := p.Scope().Lookup(t.Name).(*types.TypeName); ok {
				continue
			}
			delete(known, t.Path)
		}
		paths = append(paths, t.Path)
	}
	errs := map[string]string{}
	if len(paths) > 0 {
		slices.Sort(paths)
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}
		pkgs, err := packages.Load(cfg, paths...)
		if err != nil {
			return nil, nil, fmt.Errorf("loading the packages of the type map: %v", err)
		}
		for _, p := range pkgs {
			if len(p.Errors) > 0 {
				// The go command's first line says it ("no required module
				// provides package X; to add it:", then a go get line).
				msg, _, _ := strings.Cut(p.Errors[0].Msg, "\n")
				errs[p.PkgPath] = strings.TrimSuffix(msg, "; to add it:")
			} else if p.Types != nil {
				known[p.PkgPath] = p.Types
			}
		}
	}
	// A package go/packages returns nothing for: the go command failed as
	// a whole (go/packages keeps no word of why); ask it once.
	var goErr *string
	problems := map[kernels.GoType]string{}
	for _, t := range ts {
		if t.Path == "" {
			continue
		}
		p := known[t.Path]
		if p == nil {
			if _, ok := errs[t.Path]; !ok {
				if goErr == nil {
					msg := goCommandError(dir, paths...)
					goErr = &msg
				}
				if *goErr != "" {
					errs[t.Path] = *goErr
				}
			}
			if msg, ok := errs[t.Path]; ok {
				problems[t] = fmt.Sprintf("package %s does not load: %s", t.Path, msg)
			} else {
				problems[t] = fmt.Sprintf("package %s is not found", t.Path)
			}
			continue
		}
		if p.Name() == "main" {
			problems[t] = fmt.Sprintf("package %s is a program (package main), which the generated package cannot import", t.Path)
			continue
		}
		if _, ok := p.Scope().Lookup(t.Name).(*types.TypeName); ok {
			continue
		}
		var names []string
		for _, n := range p.Scope().Names() {
			if _, ok := p.Scope().Lookup(n).(*types.TypeName); ok && token.IsExported(n) {
				names = append(names, n)
			}
		}
		msg := fmt.Sprintf("no type %s in %s", t.Name, t.Path)
		if near := schema.Near(t.Name, names); len(near) > 0 {
			fixed := t
			fixed.Name = near[0]
			msg += schema.Suggest(strconv.Quote(fixed.String()))
		}
		problems[t] = msg
	}
	return problems, known, nil
}

// goCommandError runs the go command as go/packages does to load paths
// from dir with export data (which needs the command's work directory)
// and returns its diagnosis, on one line, when it fails, else "". When the
// go command fails as a whole, go/packages returns no package and no
// error, dropping what it said: "go: updates to go.mod needed; to update
// it: go mod tidy" (a module whose go line is older than a requirement's)
// or "go: creating work dir: ..." (an unusable TMPDIR). It runs only on
// that error path.
func goCommandError(dir string, paths ...string) string {
	cmd := exec.Command("go", append([]string{"list", "-export", "-f", "{{.ImportPath}}", "--"}, paths...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if cmd.Run() == nil {
		return ""
	}
	var lines []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return "the go command failed"
	}
	return schema.Visible(strings.Join(lines, " "))
}

// CheckAdded loads the package in dir as it would be with files added
// (absolute path -> content, each a new file of dir), in the release build
// and with each build tag of tags, and returns what would then fail, or
// nil: an error the go command or the type checker reports, a file the go
// command would leave out of the package, a function of funcs (the
// kernels the files add) the package would not declare. What init and
// -stubs write is checked so before it is written.
func CheckAdded(dir string, files map[string][]byte, funcs []string, tags ...string) error {
	for _, tag := range append([]string{""}, tags...) {
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: dir, Overlay: files}
		build := ""
		if tag != "" {
			cfg.BuildFlags = []string{"-tags=" + tag}
			build = " (with -tags " + tag + ")"
		}
		pkgs, err := packages.Load(cfg, ".")
		if err != nil {
			return err
		}
		if len(pkgs) != 1 {
			return fmt.Errorf("%s: %d packages%s, want one", dir, len(pkgs), build)
		}
		p := pkgs[0]
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		built := map[string]bool{}
		for _, f := range p.GoFiles {
			built[filepath.Base(f)] = true
		}
		for _, path := range slices.Sorted(maps.Keys(files)) {
			if !built[filepath.Base(path)] {
				msgs = append(msgs, fmt.Sprintf("%s: the go command leaves it out of package %s", path, p.Name))
			}
		}
		if len(msgs) == 0 {
			for _, f := range funcs {
				if _, ok := p.Types.Scope().Lookup(f).(*types.Func); !ok {
					msgs = append(msgs, fmt.Sprintf("package %s does not declare function %s", p.PkgPath, f))
				}
			}
		}
		if len(msgs) > 0 {
			return fmt.Errorf("package %s would not build%s:\n%s", p.PkgPath, build, strings.Join(msgs, "\n"))
		}
	}
	return nil
}
