package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/schema"
)

type operatorName = schema.OperatorName

// A KernelSet is the exported functions of a kernels package, found by
// [LoadKernels] for function mode (not to be confused with the Kernels
// interface interface mode generates).
type KernelSet struct {
	Path  string // import path
	Name  string // package name
	Funcs map[string]*Kernel
}

// A Kernel is one exported function of the kernels package.
type Kernel struct {
	Name      string
	Signature string // "func(self *example.com/rt.Tensor, ...) *example.com/rt.Tensor"
	Display   string // the same with package names: "func(self *rt.Tensor, ...) *rt.Tensor"
	Pos       string // file:line:col, relative to the working directory when shorter
}

// LoadKernels loads the package matching pattern (an import path or a
// relative directory such as ./kernels) from dir and lists its exported
// functions.
func LoadKernels(dir, pattern string) (*KernelSet, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax, Dir: dir}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("loading kernels package %s: %v", pattern, err)
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
	k := &KernelSet{Path: p.PkgPath, Name: p.Name, Funcs: map[string]*Kernel{}}
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
		if sig.TypeParams().Len() > 0 {
			continue
		}
		pos := p.Fset.Position(fn.Pos())
		if rel, err := filepath.Rel(wd, pos.Filename); err == nil && len(rel) < len(pos.Filename) {
			pos.Filename = rel
		}
		k.Funcs[name] = &Kernel{
			Name:      name,
			Signature: signatureString(sig, qual),
			Display:   signatureString(sig, short),
			Pos:       pos.String(),
		}
	}
	return k, nil
}

// signatureString prints a signature in the form of wrapper.signature.
func signatureString(sig *types.Signature, qual types.Qualifier) string {
	var ps, rs []string
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
		ps = append(ps, name+" "+t)
	}
	for i := range sig.Results().Len() {
		rs = append(rs, types.TypeString(sig.Results().At(i).Type(), qual))
	}
	return sigString(ps, rs)
}

// CheckTypes loads the packages of the Go types ts name and returns, for
// each type that the Go build would not find, why, with the closest
// exported type name of its package when one is close ("no type Tensr in
// example.com/mt; did you mean Tensor?"). Packages are loaded from dir, as
// the generated package will be built: a type map that names a type the
// build cannot find would otherwise give generated code that does not
// compile. Builtin types need no loading.
func CheckTypes(dir string, ts []GoType) (map[GoType]string, error) {
	var paths []string
	for _, t := range ts {
		if t.Path != "" && !slices.Contains(paths, t.Path) {
			paths = append(paths, t.Path)
		}
	}
	if len(paths) == 0 {
		return nil, nil
	}
	slices.Sort(paths)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, fmt.Errorf("loading the packages of the type map: %v", err)
	}
	byPath := map[string]*packages.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
	}
	problems := map[GoType]string{}
	for _, t := range ts {
		if t.Path == "" {
			continue
		}
		p := byPath[t.Path]
		switch {
		case p == nil:
			problems[t] = fmt.Sprintf("package %s is not found", t.Path)
			continue
		case len(p.Errors) > 0:
			// The go command's first line says it ("no required module
			// provides package X; to add it:", then a go get line).
			msg, _, _ := strings.Cut(p.Errors[0].Msg, "\n")
			msg = strings.TrimSuffix(msg, "; to add it:")
			problems[t] = fmt.Sprintf("package %s does not load: %s", t.Path, msg)
			continue
		}
		if _, ok := p.Types.Scope().Lookup(t.Name).(*types.TypeName); ok {
			continue
		}
		var names []string
		for _, n := range p.Types.Scope().Names() {
			if _, ok := p.Types.Scope().Lookup(n).(*types.TypeName); ok && token.IsExported(n) {
				names = append(names, n)
			}
		}
		msg := fmt.Sprintf("no type %s in %s", t.Name, t.Path)
		if near := allowlist.Near(t.Name, names); len(near) > 0 {
			fixed := t
			fixed.Name = near[0]
			msg += fmt.Sprintf("; did you mean %q?", fixed.String())
		}
		problems[t] = msg
	}
	return problems, nil
}
