package scaffold

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A target is the user's package and tensor type that init writes for.
type target struct {
	Path, Name string // the package's import path and name
	Type       string // the tensor type's name
	GoType     string // the type map's value: "*example.com/rt.Tensor"
	Has        map[string]bool
	Counted    bool        // chosen use_counts
	Why        string      // why: the method that tells, or its absence
	Types      [][2]string // more type map entries: schema type, Go type
}

// releasers are the names of methods that drop a reference: a type with
// one keeps counts it can report.
var releasers = []string{"Release", "DecRef", "Unref", "Free", "Drop", "Dispose", "Close"}

// inspect loads the package in dir and finds the tensor type name in it:
// a named type, not an interface, whose pointer the adapter's methods go
// on. useCounts "true" or "false" sets use_counts; "auto" (or "") chooses
// it from the type: counted when *T already has UseCounts or a method that
// drops a reference (releasers), garbage-collected otherwise.
func inspect(dir, name, useCounts string) (*target, error) {
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
	t := &target{Path: p.PkgPath, Name: p.Name, Type: name, GoType: "*" + p.PkgPath + "." + name, Has: map[string]bool{}}
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
