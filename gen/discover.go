package gen

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

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
