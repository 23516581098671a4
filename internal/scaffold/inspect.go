package scaffold

import (
	"fmt"
	gotoken "go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/kernels"
)

// A target is the user's package and tensor type that init writes for.
type target struct {
	Path, Name string // the package's import path and name
	Type       string // the tensor type's name
	GoType     string // the type map's value: "*example.com/rt.Tensor", "*example.com/rt.Tensor[T]"
	Has        map[string]bool
	Counted    bool        // chosen use_counts
	Why        string      // why: the method that tells, or its absence
	Types      [][2]string // more type map entries: schema type, Go type
	// Params are the type parameters of a generic tensor type, in its
	// declaration's order.
	Params []tparam
	// Fill is what init found to write the generic tests with (fill.go).
	Fill *fill
	// Inferred says which type map entry init inferred from the kernels.
	Inferred string
	pkg      *types.Package
}

// A tparam is a type parameter of a generic tensor type: its name in the
// declaration, its name in the config (the same when the config allows
// it) and the element types to check it with.
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

// inspect loads the package in dir and finds the tensor type name in it:
// a named type, not an interface, whose pointer the adapter's methods go
// on. useCounts "true" or "false" sets use_counts; "auto" (or "") chooses
// it from the type: counted when *T already has UseCounts or a method that
// drops a reference (releasers), garbage-collected otherwise.
func inspect(dir, name, useCounts string, typeParams []string) (*target, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: %d packages, want the one package of the directory", dir, len(pkgs))
	}
	p := pkgs[0]
	if len(p.Errors) > 0 {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("the package in %s does not load (init runs in the package of your tensor type):\n%s", dir, strings.Join(msgs, "\n"))
	}
	tn, ok := p.Types.Scope().Lookup(name).(*types.TypeName)
	if !ok || tn.IsAlias() {
		var names []string
		for _, n := range p.Types.Scope().Names() {
			if _, ok := p.Types.Scope().Lookup(n).(*types.TypeName); ok && token(n) {
				names = append(names, n)
			}
		}
		return nil, fmt.Errorf("package %s declares no type %s; name your tensor type with -type (its exported types: %s)", p.PkgPath, name, strings.Join(names, ", "))
	}
	if types.IsInterface(tn.Type()) {
		return nil, fmt.Errorf("%s.%s is an interface: init writes the adapter's methods on a concrete type's pointer; name that type with -type", p.PkgPath, name)
	}
	t := &target{Path: p.PkgPath, Name: p.Name, Type: name, GoType: "*" + p.PkgPath + "." + name, Has: map[string]bool{}, pkg: p.Types}
	if t.Params, err = genericParams(tn, typeParams); err != nil {
		return nil, err
	}
	if len(t.Params) > 0 {
		args := make([]string, len(t.Params))
		for i, tp := range t.Params {
			args[i] = tp.Name
		}
		t.GoType += "[" + strings.Join(args, ", ") + "]"
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	for i := range ms.Len() {
		t.Has[ms.At(i).Obj().Name()] = true
	}
	switch useCounts {
	case "true":
		t.Counted, t.Why = true, "-use-counts true"
	case "false":
		t.Counted, t.Why = false, "-use-counts false"
	case "", "auto":
		t.Counted, t.Why = t.counts()
	default:
		return nil, fmt.Errorf("-use-counts %q: want auto, true or false", useCounts)
	}
	return t, nil
}

// counts chooses use_counts from the methods of *T.
func (t *target) counts() (bool, string) {
	if t.Has["UseCounts"] {
		return true, fmt.Sprintf("*%s has UseCounts", t.Type)
	}
	for _, m := range releasers {
		if t.Has[m] {
			return true, fmt.Sprintf("*%s has %s: it drops references, so it can count them", t.Type, m)
		}
	}
	return false, fmt.Sprintf("*%s has no UseCounts and no method that drops a reference (%s): a garbage-collected runtime", t.Type, strings.Join(slices.Clone(releasers), ", "))
}

func token(n string) bool { return n != "" && n[0] >= 'A' && n[0] <= 'Z' }

// genericParams returns the type parameters of the tensor type tn, each
// with the element types to check it with: those -type-params gives
// ("T=float32,float64", by the declaration's name), else the finite type
// set of its constraint (float32 | float64). A name the config cannot
// take (it starts with a lower-case letter) gets one it can: T, T2, ...
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
		if !gotoken.IsExported(p.Name) {
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
// union of them (float32 | ~float64 gives float32, float64), else nil.
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
