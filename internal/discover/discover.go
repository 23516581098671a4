// Package discover loads a kernels package with go/packages and checks a
// type map's Go types against the packages they name: the work of the
// assertgen command before gen prints (gen itself loads no package).
package discover

import (
	"bytes"
	"fmt"
	"go/token"
	"go/types"
	"io"
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
// types for [CheckTypesCounted]. It is the kernels' [kernels.Matcher]:
// their signatures are compared with their schemas' as Go types.
type Package struct {
	Set   *kernels.Set
	types *types.Package
	funcs map[string]*types.Func
	// known holds the packages a type map's type may come from: the
	// kernels package, its imports, and those CheckTypesCounted loaded.
	known map[string]*types.Package
}

// Load loads the package matching pattern (an import path or a
// relative directory such as ./kernels) from dir and lists its exported
// functions.
func Load(dir, pattern string) (*Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: dir}
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
	k := &Package{Set: &kernels.Set{Path: p.PkgPath, Name: p.Name, Funcs: map[string]*kernels.Kernel{}, Metadata: metadataImplementers(p.Types), Anchored: anchoredImplementers(p.Types)},
		types: p.Types, funcs: map[string]*types.Func{}, known: imported(p.Types)}
	k.Set.Matcher = k
	qual := func(other *types.Package) string { return other.Path() }
	short := func(other *types.Package) string { return other.Name() }
	wd, _ := os.Getwd()
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		k.funcs[name] = fn
		pos := p.Fset.Position(fn.Pos())
		if rel, err := filepath.Rel(wd, pos.Filename); err == nil && len(rel) < len(pos.Filename) {
			pos.Filename = rel
		}
		k.Set.Funcs[name] = &kernels.Kernel{
			Name:      name,
			Signature: signature(sig, qual),
			Display:   signature(sig, short),
			Pos:       schema.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column},
		}
	}
	return k, nil
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
	// (int, int) of asserts.Tensor: a runtime without use counts, whose
	// wrappers must be generated with use_counts: false (with use counts
	// on, they would call UseCounts and not build). It is false when the
	// tensor type has a problem of its own, or is no named type or
	// pointer to one.
	LacksUseCounts bool
	// LacksIdent says the tensor type lacks the method Ident()
	// asserts.Ident of asserts.Identity.
	LacksIdent bool
	// Interfaces holds, by GoType.String, the types that are interface
	// types: nil is their undefined tensor.
	Interfaces map[string]bool
	// TypeParams are the type parameters asked about, each with the
	// constraint the tensor type's declaration gives it, spelled so that
	// another package can write it.
	TypeParams []kernels.TypeParam
	// ParamProblems are what is wrong with a type parameter (Instance
	// -1) or one of its instances.
	ParamProblems []ParamProblem
}

// A ParamProblem is what is wrong with type parameter Param, or with its
// instance number Instance (-1: the parameter itself).
type ParamProblem struct {
	Param    string
	Instance int
	Msg      string
}

// CheckTypes loads the packages of the Go types ts name and reports, for
// each type that the Go build would not find, why, with the closest
// exported type name of its package when one is close ("no type Tensr in
// example.com/mt; did you mean Tensor?"); for a generic type, whether
// its type arguments fit it. Packages are loaded from dir, as the
// generated package will be built: a type map that names a type the build
// cannot find would otherwise give generated code that does not compile.
// Builtin types need no loading, nor do the packages the kernels package
// k (if not nil) imports, directly or not: they are loaded with it.
//
// tensor is the type map's Tensor (one of ts): the report says whether it
// lacks UseCounts, and gives each type parameter of params (the config's
// type_params) the constraint of its place in tensor's type arguments,
// and checks that each of its instances satisfies it.
func CheckTypes(dir string, ts []kernels.GoType, tensor kernels.GoType, params []kernels.TypeParam, k *Package) (*TypeReport, error) {
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
			if typ, err := r.resolveNamed(t); err == nil && types.IsInterface(typ) {
				rep.Interfaces[t.String()] = true
			}
		}
	}
	if problems[tensor.String()] != "" || tensor.Path == "" || tensor.Prefix != "" && tensor.Prefix != "*" {
		rep.TypeParams = params
		return rep, nil
	}
	obj, ok := known[tensor.Path].Scope().Lookup(tensor.Name).(*types.TypeName)
	if !ok {
		return rep, nil
	}
	typ := obj.Type()
	if tensor.Prefix == "*" {
		typ = types.NewPointer(typ)
	}
	rep.LacksUseCounts = !hasUseCounts(typ)
	rep.LacksIdent = !hasIdent(typ)
	rep.TypeParams, rep.ParamProblems = typeParams(r, obj, tensor, params)
	return rep, nil
}

// hasIdent reports whether typ has the method Ident() asserts.Ident.
func hasIdent(typ types.Type) bool {
	sel := types.NewMethodSet(typ).Lookup(nil, "Ident")
	if sel == nil {
		return false
	}
	sig, ok := sel.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	n, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kernels.AssertsPath && n.Obj().Name() == "Ident"
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

// flatten returns each qualified type of top, at the top or among type
// arguments, once: each is checked, and a problem is reported for the
// type map's own type (owner); whole gives a top type by its own named
// type, for a suggestion.
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
	known := map[string]*types.Package{}
	if k != nil && k.types != nil {
		known = imported(k.types)
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
// arguments are known types (no type parameter) that do not satisfy
// their constraints, as the Go build would find them.
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
