// Package finder finds what assertgen init needs of a library's tensor
// type that the user's package does not declare (init -type
// '*gonum.org/v1/gonum/mat.Dense'). It finds:
//   - the type and its constructor;
//   - where its exported API reaches the elements, for the memory function
//     and the tests' element access;
//   - the bindings of ops to its methods and functions.
//
// A method or function is bound to an op when its name and signature fit
// the op, and its values are the op's (internal/refvalues). It is run on
// small inputs in a program built in the user's module. A name is not a
// meaning.
package finder

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A Spec is a library type as -type names it: "*IMPORTPATH.Name", with
// type arguments for a generic type ("[float64]").
type Spec struct {
	Pointer bool
	Path    string // the import path
	Name    string
	Args    []string // type arguments, as written
}

// String is the spec as -type takes it.
func (s Spec) String() string {
	out := s.Path + "." + s.Name
	if len(s.Args) > 0 {
		out += "[" + strings.Join(s.Args, ", ") + "]"
	}
	if s.Pointer {
		out = "*" + out
	}
	return out
}

// ParseSpec reads -type's value as a library type. ok is false when it
// names no package: a type of the current package, "Tensor". err says
// what is wrong with one that does.
func ParseSpec(s string) (spec Spec, ok bool, err error) {
	rest := strings.TrimSpace(s)
	spec.Pointer = strings.HasPrefix(rest, "*")
	rest = strings.TrimPrefix(rest, "*")
	if i := strings.IndexByte(rest, '['); i >= 0 {
		if !strings.HasSuffix(rest, "]") {
			return spec, true, fmt.Errorf("-type %q: want [TYPE, ...] after the type's name", s)
		}
		for a := range strings.SplitSeq(rest[i+1:len(rest)-1], ",") {
			if a = strings.TrimSpace(a); a != "" {
				spec.Args = append(spec.Args, a)
			}
		}
		rest = rest[:i]
	}
	dot := strings.LastIndexByte(rest, '.')
	if dot < 0 {
		return spec, false, nil
	}
	spec.Path, spec.Name = rest[:dot], rest[dot+1:]
	if spec.Path == "" || !token.IsIdentifier(spec.Name) || strings.ContainsAny(spec.Path, " \t[]*") {
		return spec, true, fmt.Errorf("-type %q: want IMPORTPATH.Type, such as '*gonum.org/v1/gonum/mat.Dense'", s)
	}
	if !token.IsExported(spec.Name) {
		return spec, true, fmt.Errorf("-type %q: %s is not exported: the generated wrappers name it from other packages", s, spec.Name)
	}
	return spec, true, nil
}

// A Lib is the library's type as init found it, in the user's module.
type Lib struct {
	Spec Spec
	Pkg  *types.Package
	// Tensor is the type map's Tensor, *Name[Args]; Named the named
	// type (instantiated with Args).
	Tensor types.Type
	Named  *types.Named
	// Elem is the element type ("float64"), from the constructor.
	Elem string
	Ctor *Ctor
	Raw  *Raw
	// At is the method that returns the element at a row and a column,
	// At(i, j int) E, or "" for none. The second operand of an elementwise
	// op of two tensors, mapped over the first's elements, reads it.
	At string
	// ReadAllocs is how many allocations a read of the elements through
	// Raw makes, as the value check measured it (checkKept). The memory
	// function makes as many per call.
	ReadAllocs int
	// Memory is what init found of the memory function on the tensors
	// the constructor makes (ProbeMemory); nil before.
	Memory *Memory
	// Views are the views of the tensor type the sweep's adapter makes
	// (ProbeViews); nil before.
	Views *SweepViews
	// Callables are the methods of Tensor and the package's functions
	// that take or return it: the candidates of the bindings.
	Callables []*Callable
	// Options are the package's functions that make an option of a
	// callable's trailing variadic parameter. In-place and out= candidates
	// pass them (Option).
	Options []*Option
	// Kernels are the packages of a kernel library over the type (Load's
	// kernels). Their exported functions of the type are Callables too.
	Kernels []*types.Package
	// Generics are the generic functions of the kernel packages over the
	// type that init could not instantiate (genericKernel), with why.
	Generics []Generic
}

// kernelPackages splits what Load loaded into the library's package and
// the kernel packages: kernels, as -kernels names them. Each must load,
// and be another package than the library's.
func kernelPackages(spec Spec, pkgs []*packages.Package, kernels []string) ([]*packages.Package, []*types.Package, error) {
	if len(kernels) == 0 {
		return pkgs, nil, nil
	}
	var lib []*packages.Package
	var kern []*types.Package
	for _, p := range pkgs {
		if p.PkgPath == spec.Path {
			lib = append(lib, p)
			continue
		}
		if len(p.Errors) > 0 || p.Types == nil {
			var msgs []string
			for _, e := range p.Errors {
				msgs = append(msgs, strings.Join(strings.Fields(e.Msg), " "))
			}
			return nil, nil, fmt.Errorf("-kernels %s: package %s does not load in this module: %s", strings.Join(kernels, ","), p.PkgPath, strings.Join(msgs, "; "))
		}
		kern = append(kern, p.Types)
	}
	if len(kern) != len(kernels) {
		return nil, nil, fmt.Errorf("-kernels %s: %d packages, want %d other than the library's (%s)", strings.Join(kernels, ","), len(kern), len(kernels), spec.Path)
	}
	return lib, kern, nil
}

// GoType is the type map's value of Tensor: "*gonum.org/v1/gonum/mat.Dense".
func (l *Lib) GoType() string { return l.Spec.String() }

// Qual is the type as Go code spells it in a file that imports the
// library by its package name: "*mat.Dense", "*mat.Dense[float64]".
func (l *Lib) Qual() string {
	return types.TypeString(l.Tensor, func(p *types.Package) string { return p.Name() })
}

// Base is Qual without the pointer: what new() takes.
func (l *Lib) Base() string { return strings.TrimPrefix(l.Qual(), "*") }

// Load loads the library package of spec in the module of dir. It finds
// its type, constructor, element access and callables. kernels name a
// kernel library over the library's type: import paths, or "." for the
// package of dir. The exported functions of those packages that take or
// return the type are callables too.
func Load(dir string, spec Spec, kernels ...string) (*Lib, error) {
	// -mod=readonly whatever GOFLAGS says: with -mod=mod, the go command
	// would add the library's module to go.mod, without its requirements.
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps, Dir: dir, BuildFlags: []string{modFlag(dir)}}
	pkgs, err := packages.Load(cfg, append([]string{spec.Path}, kernels...)...)
	if err != nil {
		return nil, err
	}
	var kern []*types.Package
	pkgs, kern, err = kernelPackages(spec, pkgs, kernels)
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || pkgs[0].Types == nil {
		var msgs []string
		for _, p := range pkgs {
			for _, e := range p.Errors {
				msg, _, _ := strings.Cut(e.Msg, "; to add it")
				msgs = append(msgs, strings.Join(strings.Fields(msg), " "))
			}
		}
		if first, _, _ := strings.Cut(spec.Path, "/"); !strings.Contains(first, ".") && len(msgs) > 0 && strings.Contains(strings.Join(msgs, " "), "is not in std") {
			return nil, fmt.Errorf("-type %s: %s is not an import path: name the library's package by its import path, such as '*gonum.org/v1/gonum/mat.Dense'", spec, spec.Path)
		}
		if all := strings.Join(msgs, " "); strings.Contains(all, "no required module provides package") || strings.Contains(all, "is replaced but not required") || strings.Contains(all, "import lookup disabled by -mod=") {
			return nil, fmt.Errorf("-type %s: go.mod requires no module that provides package %s: go get %s, then run init (go mod tidy drops a module no package of the module imports yet, as before init writes the files that import it)", spec, spec.Path, spec.Path)
		}
		return nil, fmt.Errorf("-type %s: package %s does not load in this module (go get %s first): %s", spec, spec.Path, spec.Path, strings.Join(slices.Compact(msgs), "; "))
	}
	l := &Lib{Spec: spec, Pkg: pkgs[0].Types, Kernels: kern}
	if err := l.findType(); err != nil {
		return nil, err
	}
	if l.Ctor = findCtor(l); l.Ctor == nil {
		return nil, fmt.Errorf("-type %s: package %s has no constructor init can make tensors with (func(ROWS, COLS int, data []E) %s, or one of options alone with an option of sizes and one of values): init checks the library's ops on values it makes; configure the type by hand (docs/guide.md, \"A library's type as it is\")", spec, spec.Path, l.Qual())
	}
	if l.Ctor.Rank != 2 {
		return nil, fmt.Errorf("-type %s: its constructor, %s.%s, makes 1-D tensors: init checks a library's values on matrices (rows and columns); configure the type by hand (docs/guide.md, \"A library's type as it is\")", spec, l.Pkg.Name(), l.Ctor.Name)
	}
	l.Elem = l.Ctor.Elem
	l.Callables = callables(l)
	l.Options = options(l)
	if l.Raw = findRaw(l); l.Raw == nil {
		return nil, fmt.Errorf("-type %s: no exported method of %s reaches its elements (a slice of %s, or a struct holding one with its rows, columns and stride): init reads the values of the ops it checks through it, and the memory function is built from it; configure the type by hand (docs/guide.md, \"A library's type as it is\")", spec, l.Qual(), l.Elem)
	}
	l.At = findAt(l)
	return l, nil
}

// findType looks the type up and instantiates it with the spec's
// arguments.
func (l *Lib) findType() error {
	spec := l.Spec
	tn, ok := l.Pkg.Scope().Lookup(spec.Name).(*types.TypeName)
	if !ok {
		var names []string
		for _, n := range l.Pkg.Scope().Names() {
			if _, ok := l.Pkg.Scope().Lookup(n).(*types.TypeName); ok && token.IsExported(n) {
				names = append(names, n)
			}
		}
		return fmt.Errorf("-type %s: package %s declares no type %s (its exported types: %s)", spec, spec.Path, spec.Name, strings.Join(names, ", "))
	}
	named, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok {
		return fmt.Errorf("-type %s: %s.%s is not a named type", spec, spec.Path, spec.Name)
	}
	if n := named.TypeParams().Len(); n == 0 && len(spec.Args) > 0 {
		return fmt.Errorf("-type %s: %s is not generic: leave the type arguments out", spec, spec.Name)
	} else if n != len(spec.Args) {
		return fmt.Errorf("-type %s: %s has %d type parameters, -type gives %d type arguments (such as %s[float64])", spec, spec.Name, n, len(spec.Args), spec.Name)
	}
	if len(spec.Args) > 0 {
		var args []types.Type
		for _, a := range spec.Args {
			b, ok := types.Universe.Lookup(a).(*types.TypeName)
			if !ok {
				return fmt.Errorf("-type %s: type argument %s: init takes a predeclared type, such as float64", spec, a)
			}
			args = append(args, b.Type())
		}
		inst, err := types.Instantiate(types.NewContext(), named, args, true)
		if err != nil {
			return fmt.Errorf("-type %s: %v", spec, err)
		}
		named = inst.(*types.Named)
	}
	l.Named = named
	if types.IsInterface(named) {
		return fmt.Errorf("-type %s: %s is an interface: a tensor's identities come from the pointer its values are (memory: takes a function of a pointer type); name that type%s", spec, spec.Name, implementers(l.Pkg, named))
	}
	if !spec.Pointer {
		return fmt.Errorf("-type %s: name the pointer, -type '*%s': a library's values are handled by pointer, whose address is the tensor's identity", spec, strings.TrimPrefix(spec.String(), "*"))
	}
	l.Tensor = types.NewPointer(named)
	return nil
}

// implementers lists the exported types of pkg whose pointer implements
// iface: ", such as *mat.Dense".
func implementers(pkg *types.Package, iface *types.Named) string {
	var out []string
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok || !token.IsExported(n) || types.IsInterface(tn.Type()) {
			continue
		}
		if nt, ok := tn.Type().(*types.Named); ok && nt.TypeParams().Len() == 0 && types.Implements(types.NewPointer(nt), iface.Underlying().(*types.Interface)) {
			out = append(out, "*"+pkg.Path()+"."+n)
		}
	}
	if len(out) == 0 {
		return ""
	}
	slices.Sort(out)
	return ", one of " + strings.Join(out, ", ")
}
