// Package discover loads a kernels package with go/packages, and checks a
// type map's Go types against the packages they name. It is the work the
// assertgen command does before gen prints; gen itself loads no package.
package discover

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// A Package is a loaded kernels package: its exported functions, and its
// types for [CheckTypes]. It is the kernels' [kernels.Matcher]:
// their signatures are compared with their schemas' as Go types.
type Package struct {
	Set   *kernels.Set
	types *types.Package
	pkg   *packages.Package // as loaded, in the release build
	funcs map[string]*types.Func
	// known holds the packages a type map's type may come from: the
	// kernels package, its imports, and those CheckTypes loaded.
	known map[string]*types.Package
}

// Load loads the package matching pattern from dir: an import path or a
// relative directory such as ./kernels. It lists the package's exported
// functions, and its names that are no kernel (see kernels.Set.Others).
func Load(dir, pattern string) (*Package, error) {
	cfg := &packages.Config{Mode: LoadMode, Dir: dir}
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
	return FromPackage(pkgs[0], pattern)
}

// LoadMode is what Load loads of a kernels package, and what FromPackage
// needs of one loaded elsewhere.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax

// FromPackage is Load for a package loaded already (with LoadMode, in the
// release build), which pattern named.
func FromPackage(p *packages.Package, pattern string) (*Package, error) {
	if len(p.Errors) > 0 {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("kernels package %s does not load:\n%s", pattern, strings.Join(msgs, "\n"))
	}
	known := imported(p.Types)
	scanned := make(map[string]bool, len(known))
	for path := range known {
		scanned[path] = true
	}
	k := &Package{Set: &kernels.Set{Path: p.PkgPath, Name: p.Name, Funcs: map[string]*kernels.Kernel{}, Metadata: metadataImplementers(p.Types), Anchored: anchoredImplementers(p.Types),
		Scanned: scanned, Dir: packageDir(p), Others: map[string]kernels.Other{}}, types: p.Types, pkg: p, funcs: map[string]*types.Func{}, known: known}
	k.Set.Matcher = k
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
		if !ok || !fn.Exported() {
			k.Set.Others[name] = kernels.Other{What: objectKind(obj), Pos: position(obj.Pos())}
			continue
		}
		sig := fn.Type().(*types.Signature)
		k.funcs[name] = fn
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

// testNames adds to k.Others the package-level names the test files of k's
// own package declare, whatever their build constraints. External tests
// (package NAME_test) do not count. A kernel of such a name would not build
// with the package's tests.
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

// TopLevel returns the names a Go file declares at package level, with
// their positions. They are its functions, variables, constants and types.
// Methods, init, imports (which are the file's) and _ are not.
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
	for i := range sig.TypeParams().Len() {
		tp := sig.TypeParams().At(i)
		s.TypeParams = append(s.TypeParams, kernels.Param{Name: tp.Obj().Name(), Type: types.TypeString(tp.Constraint(), qual)})
	}
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

// A TypeReport is what [CheckTypes] found about the Go types of a type
// map.
type TypeReport struct {
	// Problems gives, by type (GoType.String), why the Go build would not
	// find it or could not instantiate it.
	Problems map[string]string
	// LacksUseCounts says the tensor type lacks the method UseCounts()
	// (int, int) of asserts.Tensor. That is a runtime without use counts,
	// whose wrappers must be generated with use_counts: false. With use
	// counts on, they would call UseCounts and not build. It is false when
	// the tensor type has a problem of its own, or is no named type or
	// pointer to one.
	LacksUseCounts bool
	// LacksIdent says the tensor type lacks the method Ident()
	// asserts.Ident of asserts.Identity.
	LacksIdent bool
	// Interfaces holds, by GoType.String, the types that are interface
	// types: nil is their undefined tensor.
	Interfaces map[string]bool
	// TypeParams are the type parameters asked about. Each has the
	// constraint the tensor type's declaration gives it, spelled so that
	// another package can write it.
	TypeParams []kernels.TypeParam
	// ParamProblems are what is wrong with a type parameter (Instance
	// -1) or one of its instances.
	ParamProblems []ParamProblem
}

// declaredInterface reports whether t names a type its package declares as
// an interface, whatever its type arguments. The resolver of CheckTypes
// knows no type parameter, but a generic interface instantiated with one is
// an interface all the same.
func declaredInterface(known map[string]*types.Package, t kernels.GoType) bool {
	p := known[t.Path]
	if t.Path == "" || p == nil {
		return false
	}
	tn, ok := p.Scope().Lookup(t.Name).(*types.TypeName)
	return ok && types.IsInterface(tn.Type())
}

// A ParamProblem is what is wrong with type parameter Param, or with its
// instance number Instance (-1: the parameter itself).
type ParamProblem struct {
	Param    string
	Instance int
	Msg      string
}

// CheckTypes loads the packages of the Go types ts name. It reports, for
// each type that the Go build would not find, why. The closest exported
// type name of its package comes with it when one is close: "no type Tensr
// in example.com/mt; did you mean Tensor?". For a generic type, it reports
// whether its type arguments fit it. Packages are loaded from dir, as the
// generated package will be built. Otherwise a type map that names a type
// the build cannot find would give generated code that does not compile.
// Builtin types need no loading. Nor do the packages the kernels package k
// (if not nil) imports, directly or not: they are loaded with it.
//
// tensor is the type map's Tensor, one of ts. The report says whether it
// lacks UseCounts and Ident in the build with the tag tag. That is the
// checked wrappers' build, which calls them; a method may be declared in a
// file of that build only. Tag "" looks in the release build alone. The
// report also gives each type parameter of params (the config's
// type_params) the constraint of its place in tensor's type arguments, and
// checks that each of its instances satisfies it.
func CheckTypes(dir string, ts []kernels.GoType, tensor kernels.GoType, params []kernels.TypeParam, k *Package, tag string) (*TypeReport, error) {
	problems, known, err := checkTypes(dir, ts, k)
	if err != nil {
		return nil, err
	}
	if k != nil {
		for path, p := range known {
			k.known[path] = p
		}
	}
	rep := &TypeReport{Problems: problems, Interfaces: map[string]bool{}}
	r := &resolver{known: known}
	for _, t := range ts {
		if problems[t.String()] == "" {
			if typ, err := r.resolveNamed(t); err == nil && types.IsInterface(typ) || err != nil && declaredInterface(known, t) {
				rep.Interfaces[t.String()] = true
			}
		}
	}
	rep.TypeParams = params
	if problems[tensor.String()] != "" || tensor.Path == "" {
		return rep, nil
	}
	obj, ok := known[tensor.Path].Scope().Lookup(tensor.Name).(*types.TypeName)
	if !ok {
		return rep, nil
	}
	rep.LacksUseCounts, rep.LacksIdent = lacks(obj, tensor)
	if (rep.LacksUseCounts || rep.LacksIdent) && tag != "" {
		var tagged *types.Package
		rep.LacksUseCounts, rep.LacksIdent, tagged = lacksTagged(dir, tensor, tag, rep.LacksUseCounts, rep.LacksIdent)
		if k != nil && tagged != nil {
			// The contract is in that build alone (init writes it so):
			// so may be its optional methods, which the wrappers call.
			maps.Copy(k.Set.Metadata, metadataImplementers(tagged))
			maps.Copy(k.Set.Anchored, anchoredImplementers(tagged))
		}
	}
	if tensor.Prefix == "" || tensor.Prefix == "*" {
		rep.TypeParams, rep.ParamProblems = typeParams(r, obj, tensor, params)
	}
	return rep, nil
}

// lacks reports whether tensor, declared by obj, lacks UseCounts and
// Ident. Only a named type or a pointer to one is asked for UseCounts.
func lacks(obj *types.TypeName, tensor kernels.GoType) (useCounts, ident bool) {
	typ := obj.Type()
	for _, c := range tensor.Prefix {
		if c == '*' {
			typ = types.NewPointer(typ)
		}
	}
	counted := tensor.Prefix == "" || tensor.Prefix == "*"
	return counted && !hasUseCounts(typ), !hasIdent(typ)
}

// lacksTagged is lacks in the build with the tag tag. It is for a tensor
// type that lacks, in the release build, the methods useCounts and ident
// say. The package is loaded again with the tag, and returned. A type
// that build does not declare, or a load that fails, leaves them as they
// are.
func lacksTagged(dir string, tensor kernels.GoType, tag string, useCounts, ident bool) (bool, bool, *types.Package) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir, BuildFlags: []string{"-tags=" + tag}}
	pkgs, err := packages.Load(cfg, tensor.Path)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || pkgs[0].Types == nil {
		return useCounts, ident, nil
	}
	obj, ok := pkgs[0].Types.Scope().Lookup(tensor.Name).(*types.TypeName)
	if !ok {
		return false, false, nil // not a type of that build: nothing to say
	}
	u, i := lacks(obj, tensor)
	return useCounts && u, ident && i, pkgs[0].Types
}

// hasIdent reports whether typ has the method Ident() asserts.Ident.
func hasIdent(typ types.Type) bool {
	rs := methodResults(typ, "Ident")
	if rs.Len() != 1 {
		return false
	}
	n, ok := types.Unalias(rs.At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kernels.AssertsPath && n.Obj().Name() == "Ident"
}

// hasUseCounts reports whether typ has the method UseCounts() (int, int).
func hasUseCounts(typ types.Type) bool {
	rs := methodResults(typ, "UseCounts")
	if rs.Len() != 2 {
		return false
	}
	for i := range 2 {
		if b, ok := rs.At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Int {
			return false
		}
	}
	return true
}

// methodResults returns the results of typ's exported method name when it
// takes no parameters, or nil when typ has no such method. Every check of
// a contract method (Ident, UseCounts, StorageAnchor, MetadataFingerprint)
// starts with it.
func methodResults(typ types.Type, name string) *types.Tuple {
	sel := types.NewMethodSet(typ).Lookup(nil, name)
	if sel == nil {
		return nil
	}
	sig, ok := sel.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 {
		return nil
	}
	return sig.Results()
}

// flatten returns each qualified type of top, at the top or among type
// arguments, once. Each is checked, and a problem is reported for the type
// map's own type (owner). whole gives a top type by its own named type,
// for a suggestion.
func flatten(top []kernels.GoType) (ts []kernels.GoType, owner map[string]string, whole map[string]kernels.GoType) {
	owner, whole = map[string]string{}, map[string]kernels.GoType{}
	for _, t := range top {
		for i, n := range named(t) {
			if _, ok := owner[n.String()]; !ok {
				owner[n.String()] = t.String()
				ts = append(ts, n)
			}
			if i == 0 && t.Path != "" {
				whole[n.String()] = t
			}
		}
	}
	return ts, owner, whole
}

func checkTypes(dir string, top []kernels.GoType, k *Package) (map[string]string, map[string]*types.Package, error) {
	ts, owner, whole := flatten(top)
	known := importGraph(k)
	// A package seen through the kernels' imports may hold only what the
	// kernels use of it, since export data can be partial. It answers for
	// the types it has; a type it lacks is looked for in the package itself.
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
				errs[p.PkgPath] = loadError(p)
			} else if p.Types != nil {
				known[p.PkgPath] = p.Types
			}
		}
	}
	// A package go/packages returns nothing for: the go command failed as
	// a whole, and go/packages keeps no word of why. Ask it once.
	var goErr *string
	problems := map[string]string{}
	report := func(t kernels.GoType, msg string) {
		if o := owner[t.String()]; problems[o] == "" {
			problems[o] = msg
		}
	}
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
				report(t, fmt.Sprintf("package %s does not load: %s", t.Path, msg))
			} else {
				report(t, fmt.Sprintf("package %s is not found", t.Path))
			}
			continue
		}
		if p.Name() == "main" {
			report(t, fmt.Sprintf("package %s is a program (package main), which the generated package cannot import", t.Path))
			continue
		}
		if tn, ok := p.Scope().Lookup(t.Name).(*types.TypeName); ok {
			if msg := arity(tn, t); msg != "" {
				report(t, msg)
			}
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
			if w, ok := whole[t.String()]; ok {
				fixed = w
			}
			fixed.Name = near[0]
			msg += schema.Suggest(strconv.Quote(fixed.String()))
		}
		report(t, msg)
	}
	checkInstances(top, known, problems)
	return problems, known, nil
}

// checkInstances adds to problems the instantiations of top whose type
// arguments are known types (no type parameter) and do not satisfy their
// constraints, as the Go build would find them.
func checkInstances(top []kernels.GoType, known map[string]*types.Package, problems map[string]string) {
	r := &resolver{known: known}
	for _, t := range top {
		if problems[t.String()] == "" && len(t.Params()) == 0 {
			if _, err := r.resolve(t); err != nil {
				problems[t.String()] = err.Error()
			}
		}
	}
}

// goCommandError runs the go command as go/packages does, to load paths
// from dir with export data; that needs the command's work directory. It
// returns the command's diagnosis on one line when it fails, else "". When
// the go command fails as a whole, go/packages returns no package and no
// error, and drops what it said. That is "go: updates to go.mod needed; to
// update it: go mod tidy" (a module whose go line is older than a
// requirement's), or "go: creating work dir: ..." (an unusable TMPDIR). It
// runs only on that error path.
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

// CheckForeign checks memory, the config's memory: (zero when not given),
// against tensor, the type map's Tensor. lacksIdent says that tensor lacks
// Ident() asserts.Ident (asserts.Identity), as [CheckTypes] reports. The
// rules:
//   - a type without Ident needs a memory function func(T) asserts.Memory;
//   - a type with Ident must not have one;
//   - generated code can give the contract to the memory of a pointer to
//     a named type only.
//
// It returns the problem, "" when there is none. The packages are loaded
// from dir, as the generated package is built; k's imports are known
// already. A memory function the release build lacks is looked for in the
// build with the tag tag, where the checked wrappers are built; init
// writes it in a file of that build alone. With tag "", only the release
// build is looked in.
func CheckForeign(dir string, tensor kernels.GoType, memory kernels.FuncRef, k *Package, lacksIdent bool, tag string) (string, error) {
	spell := tensor.Display()
	switch {
	case !lacksIdent && memory.Path != "":
		return fmt.Sprintf("%s has its own Ident (asserts.Identity), which the wrappers use; leave memory out", spell), nil
	case lacksIdent && memory.Path == "":
		return fmt.Sprintf("Tensor: %s has no method Ident() asserts.Ident (asserts.Identity); for a type without ids of its own, name a function that says where its elements are: memory: example.com/you/rt.Memory, with func Memory(t %s) asserts.Memory (docs/guide.md, \"A library's type as it is\"); or give the type the contract", spell, spell), nil
	case !lacksIdent || tensor.Path == "":
		return "", nil
	}
	// One load for the type and the function, so that their types can be
	// compared: the kernels' packages if they have both, else both from
	// dir.
	ts := append(namedIn(tensor, nil), kernels.GoType{Path: memory.Path, Name: memory.Name})
	known := importGraph(k)
	for _, t := range ts {
		if p := known[t.Path]; p == nil || p.Scope().Lookup(t.Name) == nil {
			known = nil
			break
		}
	}
	if known == nil {
		var err error
		if known, err = loadTypes(dir, ts, nil); err != nil {
			return "", err
		}
	}
	if m := known[memory.Path]; tag != "" && (m == nil || m.Scope().Lookup(memory.Name) == nil) {
		tagged, err := loadTypes(dir, ts, []string{"-tags=" + tag})
		if err != nil {
			return "", err
		}
		if m := tagged[memory.Path]; m != nil && m.Scope().Lookup(memory.Name) != nil {
			known = tagged // the type and the function of one load, to compare
		}
	}
	p := known[tensor.Path]
	if p == nil {
		return "", nil // checkTypeMap reports it
	}
	obj, ok := p.Scope().Lookup(tensor.Name).(*types.TypeName)
	if !ok {
		return "", nil
	}
	if tensor.Prefix != "*" || types.IsInterface(obj.Type()) {
		return fmt.Sprintf("Tensor: %s: a memory function gives the contract to a pointer to a named type (such as *mat.Dense), not to %s", spell, spell), nil
	}
	// The type as the map spells it: an instance (*mat.Dense[float64]) is
	// another type than its generic origin.
	typ, err := (&resolver{known: known}).resolve(tensor)
	if err != nil {
		return "", nil // checkTypeMap reports it
	}
	if p := adapterClash(typ, spell); p != "" {
		return p, nil
	}
	return checkMemoryFunc(known[memory.Path], memory, typ, spell), nil
}

// adapterMethods are the methods of the adapter gen declares over a
// foreign Tensor type (type ForeignDense mat.Dense, gen/foreign.go). The
// wrappers and the shape helpers call them across packages, so they are
// exported.
var adapterMethods = []string{"Memory", "Ident", "StorageAnchor", "MetadataFingerprint", "ContentDigest"}

// adapterClash returns the problem of a foreign Tensor type typ, a pointer
// to a named type, whose struct has a field named as an adapter method. Go
// refuses a type with a field and a method of one name, and the adapter
// has the struct's fields. It returns "" when there is none.
func adapterClash(typ types.Type, spell string) string {
	ptr, ok := typ.(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if f := st.Field(i); slices.Contains(adapterMethods, f.Name()) {
			return fmt.Sprintf("Tensor: %s has a field %s, and the adapter gen declares over it (type Foreign%s with the struct's fields) has a method %s, which asserts' contract or the wrappers call: Go refuses a field and a method of one name; map Tensor to a type of your own that holds the library's (type T struct{ d *lib.Dense }), with a memory function of it", spell, f.Name(), typeName(ptr.Elem()), f.Name())
		}
	}
	return ""
}

// typeName is the name of a named type, without its package or type
// arguments.
func typeName(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

// namedIn appends to ts the named types t spells: t's own and those of
// its type arguments.
func namedIn(t kernels.GoType, ts []kernels.GoType) []kernels.GoType {
	if t.Path != "" {
		ts = append(ts, t)
	}
	for _, a := range t.Args {
		ts = namedIn(a, ts)
	}
	return ts
}

// checkMemoryFunc checks that fn in p is func(T) asserts.Memory for the
// tensor type typ.
func checkMemoryFunc(p *types.Package, fn kernels.FuncRef, typ types.Type, spell string) string {
	want := fmt.Sprintf("func(%s) asserts.Memory", spell)
	if p == nil {
		return fmt.Sprintf("package %s is not found", fn.Path)
	}
	f, ok := p.Scope().Lookup(fn.Name).(*types.Func)
	if !ok {
		return fmt.Sprintf("no function %s in %s; want %s", fn.Name, fn.Path, want)
	}
	sig := f.Type().(*types.Signature)
	res := sig.Results()
	okSig := sig.Recv() == nil && sig.TypeParams().Len() == 0 && sig.Params().Len() == 1 && !sig.Variadic() &&
		types.Identical(sig.Params().At(0).Type(), typ) && res.Len() == 1
	if okSig {
		// An alias of asserts.Memory (type Mem = asserts.Memory) is it.
		named, isNamed := types.Unalias(res.At(0).Type()).(*types.Named)
		okSig = isNamed && named.Obj().Name() == "Memory" && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == kernels.AssertsPath
	}
	if !okSig {
		return fmt.Sprintf("%s.%s is %s; want %s", path.Base(fn.Path), fn.Name, types.TypeString(sig, func(q *types.Package) string { return q.Name() }), want)
	}
	return ""
}

// importGraph returns the packages k imports, directly or not, and k's
// own, by path (none without k).
func importGraph(k *Package) map[string]*types.Package {
	if k == nil {
		return imported(nil)
	}
	return imported(k.types)
}

// loadTypes loads the packages of ts from dir in one load, with the go
// command's build flags.
func loadTypes(dir string, ts []kernels.GoType, flags []string) (map[string]*types.Package, error) {
	var paths []string
	for _, t := range ts {
		if t.Path != "" && !slices.Contains(paths, t.Path) {
			paths = append(paths, t.Path)
		}
	}
	known := map[string]*types.Package{}
	if len(paths) == 0 {
		return known, nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir, BuildFlags: flags}, paths...)
	if err != nil {
		return nil, fmt.Errorf("loading the packages of the type map: %v", err)
	}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && p.Types != nil {
			known[p.PkgPath] = p.Types
		}
	}
	return known, nil
}

// PackageNames loads the packages of paths from dir. It returns the name
// each declares, by path: the names bound code refers to them by.
func PackageNames(dir string, paths []string) (map[string]string, map[string]string, error) {
	names, problems := map[string]string{}, map[string]string{}
	if len(paths) == 0 {
		return names, problems, nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: dir}, paths...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the packages of bind_imports: %v", err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			problems[p.PkgPath] = loadError(p)
			continue
		}
		names[p.PkgPath] = p.Name
	}
	for _, q := range paths {
		if names[q] == "" && problems[q] == "" {
			problems[q] = "package " + q + " is not found"
		}
	}
	return names, problems, nil
}

// A BoundError is a type error in bound code: its line and column in the
// source CheckBound was given (1-based), and the message.
type BoundError struct {
	Line, Col int
	Msg       string
}

// CheckBound type-checks src, the file of bound kernels gen prints
// (gen.BoundSource), as a package of its own whose imports are loaded from
// dir. It returns its type errors, and the functions whose call gives what
// they return (see callReturns).
func CheckBound(dir string, src []byte, imports []string) ([]BoundError, map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bound.go", src, 0)
	if err != nil {
		var out []BoundError
		if list, ok := err.(scanner.ErrorList); ok {
			for _, e := range list {
				out = append(out, BoundError{e.Pos.Line, e.Pos.Column, e.Msg})
			}
			return out, nil, nil
		}
		return nil, nil, err
	}
	known := map[string]*types.Package{}
	if len(imports) > 0 {
		pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}, imports...)
		if err != nil {
			return nil, nil, fmt.Errorf("loading the packages bound code refers to: %v", err)
		}
		for _, p := range pkgs {
			if p.Types != nil {
				known[p.PkgPath] = p.Types
			}
		}
	}
	var out []BoundError
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p := known[path]; p != nil {
				return p, nil
			}
			return nil, fmt.Errorf("package %s is not loaded", path)
		}),
		Error: func(err error) {
			// A message that starts with a tab continues the one before
			// it ("\tother declaration of x"); it is no error of its own.
			if te, ok := err.(types.Error); ok && !strings.HasPrefix(te.Msg, "\t") {
				p := fset.Position(te.Pos)
				out = append(out, BoundError{p.Line, p.Column, te.Msg})
			}
		},
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	conf.Check("bound", fset, []*ast.File{f}, info)
	if len(out) > 0 {
		return out, nil, nil
	}
	return out, callReturns(f, info), nil
}

// callReturns returns the functions of f whose body is a call and the
// return of an argument: `self.Op(x)`, `return self`, a bound in-place or
// out= op. The call must have one result, of a type the function's one
// result can hold. gen then returns the call's result instead of the
// argument, so that the wrapper's returns_arg check sees what the library
// returned.
func callReturns(f *ast.File, info *types.Info) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || len(fd.Body.List) != 2 {
			continue
		}
		es, ok1 := fd.Body.List[0].(*ast.ExprStmt)
		rs, ok2 := fd.Body.List[1].(*ast.ReturnStmt)
		if !ok1 || !ok2 || len(rs.Results) != 1 {
			continue
		}
		call, ok := es.X.(*ast.CallExpr)
		if _, isIdent := rs.Results[0].(*ast.Ident); !ok || !isIdent {
			continue
		}
		obj, _ := info.Defs[fd.Name].(*types.Func)
		tv, known := info.Types[call]
		if obj == nil || !known || tv.Type == nil {
			continue
		}
		res := obj.Signature().Results()
		if _, tuple := tv.Type.(*types.Tuple); !tuple && res.Len() == 1 && types.AssignableTo(tv.Type, res.At(0).Type()) {
			out[fd.Name.Name] = true
		}
	}
	return out
}

// CheckAdded loads the package in dir as it would be with files added, in
// the release build and with each build tag of tags. files maps an
// absolute path to its content, each a new file of dir. It returns what
// would then fail, or nil:
//   - an error the go command or the type checker reports;
//   - a file the go command would leave out of the package in every one of
//     these builds;
//   - a function of funcs (the kernels the files add) the package would
//     not declare in one of them.
//
// What init and -stubs write is checked so before it is written.
func CheckAdded(dir string, files map[string][]byte, funcs []string, tags ...string) error {
	builds := append([]string{""}, tags...)
	// The builds load at once: each is a run of the go command.
	errs := make([]error, len(builds))
	pkgs := make([]*packages.Package, len(builds))
	var wg sync.WaitGroup
	for i, tag := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pkgs[i], errs[i] = loadWith(dir, files, tag)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return checked(pkgs, builds, files, funcs, func(p *packages.Package) []string {
		var names []string
		for _, f := range p.GoFiles {
			names = append(names, filepath.Base(f))
		}
		return names
	})
}

// loadWith loads the package in dir with the files added, with the build
// tag tag ("" for none). It returns the package if it loads without an
// error.
func loadWith(dir string, files map[string][]byte, tag string) (*packages.Package, error) {
	cfg := &packages.Config{Mode: LoadMode, Dir: dir, Overlay: files}
	if tag != "" {
		cfg.BuildFlags = []string{"-tags=" + tag}
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: %d packages%s, want one", dir, len(pkgs), WithTags(tag))
	}
	p := pkgs[0]
	if len(p.Errors) > 0 {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("package %s would not build%s:\n%s", p.PkgPath, WithTags(tag), strings.Join(msgs, "\n"))
	}
	return p, nil
}

// WithTags says which build a problem was found in, for the end of a
// message: " (with -tags TAG)", or "" for the release build.
func WithTags(tag string) string {
	if tag == "" {
		return ""
	}
	return " (with -tags " + tag + ")"
}

// loadError is the first line of the first error of a package that did
// not load. The go command's first line says why: "no required module
// provides package X; to add it:", then a go get line, which this drops.
func loadError(p *packages.Package) string {
	msg, _, _ := strings.Cut(p.Errors[0].Msg, "\n")
	return strings.TrimSuffix(msg, "; to add it:")
}

// checked is the end of CheckAdded and CheckLoaded, once each build:
// pkgs[i] with tags[i], type-checked with the files. A file that no build
// holds is an error; names gives the base names of the files a build
// holds. Then a function of funcs a build lacks is an error.
func checked(pkgs []*packages.Package, tags []string, files map[string][]byte, funcs []string, names func(*packages.Package) []string) error {
	built := map[string]bool{}
	for _, p := range pkgs {
		for _, n := range names(p) {
			built[n] = true
		}
	}
	var out []string
	for _, path := range slices.Sorted(maps.Keys(files)) {
		if !built[filepath.Base(path)] {
			out = append(out, path)
		}
	}
	if len(out) > 0 {
		return fmt.Errorf("%s: the go command would leave it out of the package", strings.Join(out, ", "))
	}
	for i, p := range pkgs {
		for _, f := range funcs {
			if _, ok := p.Types.Scope().Lookup(f).(*types.Func); !ok {
				return fmt.Errorf("package %s would not build%s: it does not declare function %s", p.PkgPath, WithTags(tags[i]), f)
			}
		}
	}
	return nil
}

// CheckAdded is the function CheckAdded for the kernels package k, with one
// build tag. k's release build, loaded already, is type-checked with the
// files in this process. So is the package loaded once more with tag,
// without the files: the go command's export data serves its imports. When
// that cannot tell, or finds a problem, the go command's own load of the
// package with the files (CheckAdded) decides.
func (k *Package) CheckAdded(files map[string][]byte, funcs []string, tag string) error {
	if k.pkg != nil && k.Set.Dir != "" {
		cfg := &packages.Config{Mode: LoadMode, Dir: k.Set.Dir, BuildFlags: []string{"-tags=" + tag}}
		pkgs, err := packages.Load(cfg, ".")
		if err == nil && len(pkgs) == 1 && len(pkgs[0].Errors) == 0 &&
			CheckLoaded([]*packages.Package{k.pkg, pkgs[0]}, [][]*packages.Package{nil, nil}, []string{"", tag}, files, funcs) == nil {
			return nil
		}
	}
	return CheckAdded(k.Set.Dir, files, funcs, tag)
}

// ErrNotLoaded is CheckLoaded's error when a file added imports a package
// that the loaded packages do not hold. CheckAdded, which loads it, can
// tell.
var ErrNotLoaded = errors.New("a package the files import is not loaded")

// CheckLoaded is CheckAdded without a run of the go command:
//   - builds are the package as loaded (with LoadMode) in each build, and
//     tags[i] the build tag of builds[i] ("" for none);
//   - more are the other packages of those loads, each build's, in the
//     same order. The added files may use their types besides the
//     package's imports.
//
// Each build is type-checked in this process with the files added that it
// builds. Their names and build constraints decide, as the go command's
// rules do.
func CheckLoaded(builds []*packages.Package, more [][]*packages.Package, tags []string, files map[string][]byte, funcs []string) error {
	checkedPkgs := make([]*packages.Package, len(builds))
	included := map[*packages.Package][]string{}
	for i, p := range builds {
		ctx := build.Default
		ctx.BuildTags = nil
		if tags[i] != "" {
			ctx.BuildTags = []string{tags[i]}
		}
		syntax := slices.Clone(p.Syntax)
		var names []string
		for _, path := range slices.Sorted(maps.Keys(files)) {
			ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(files[path])), nil }
			if ok, err := ctx.MatchFile(filepath.Dir(path), filepath.Base(path)); err != nil || !ok {
				continue
			}
			f, err := parser.ParseFile(p.Fset, path, files[path], parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			syntax = append(syntax, f)
			names = append(names, filepath.Base(path))
		}
		var msgs []string
		conf := types.Config{Importer: loadedImporter(p, more[i]), Error: func(err error) { msgs = append(msgs, err.Error()) }}
		pkg, _ := conf.Check(p.PkgPath, p.Fset, syntax, nil)
		if slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, ErrNotLoaded.Error()) }) {
			return ErrNotLoaded
		}
		if len(msgs) > 0 {
			return fmt.Errorf("package %s would not build%s:\n%s", p.PkgPath, WithTags(tags[i]), strings.Join(msgs, "\n"))
		}
		checkedPkgs[i] = &packages.Package{PkgPath: p.PkgPath, Types: pkg}
		included[checkedPkgs[i]] = names
	}
	return checked(checkedPkgs, tags, files, funcs, func(p *packages.Package) []string { return included[p] })
}

// loadedImporter imports the packages p imports, directly or not, and
// those of more, by their types as loaded: the type checker's record of
// each package's imports. go/packages fills Package.Imports only when
// asked for every dependency.
func loadedImporter(p *packages.Package, more []*packages.Package) types.Importer {
	known := map[string]*types.Package{"unsafe": types.Unsafe}
	var add func(t *types.Package)
	add = func(t *types.Package) {
		if t == nil || known[t.Path()] != nil {
			return
		}
		known[t.Path()] = t
		for _, imp := range t.Imports() {
			add(imp)
		}
	}
	for _, imp := range p.Types.Imports() {
		add(imp)
	}
	for _, q := range more {
		add(q.Types)
	}
	return importerFunc(func(path string) (*types.Package, error) {
		if t := known[path]; t != nil {
			return t, nil
		}
		return nil, fmt.Errorf("%s: %w", path, ErrNotLoaded)
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
