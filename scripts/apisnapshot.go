//go:build ignore

// Apisnapshot writes a Go file that uses every exported name of the
// packages users call — asserts, asserts/checks, asserts/assertstest and
// sweep — each with its type: a function or method as a value of its
// signature, a field read as its type, a constant or variable assigned to
// a variable of its type, a type named. A module that holds the file
// (testdata/compat) builds only while every name is still there with the
// same kind and signature, so a change that would break a user's code
// fails TestPublicAPIHolds instead (CHANGELOG.md's policy: deprecate, do
// not remove).
//
//	go run scripts/apisnapshot.go -o testdata/compat/api.go
//
// The file is frozen: it is written again only when CHANGELOG.md records a
// version whose removals are due, and then says so there.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/types"
	"log"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// userPackages are the packages whose API the snapshot holds; asserts/wrap
// is generated code's, which the frozen generated set holds instead.
var userPackages = []string{
	"github.com/assertgen/assertgen/asserts",
	"github.com/assertgen/assertgen/asserts/checks",
	"github.com/assertgen/assertgen/asserts/assertstest",
	"github.com/assertgen/assertgen/sweep",
}

func main() {
	out := flag.String("o", "", "the `file` to write (stdout if empty)")
	flag.Parse()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, userPackages...)
	if err != nil {
		log.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(1)
	}
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	w := &writer{imports: map[string]string{}}
	for _, p := range pkgs {
		w.pkg(p.Types)
	}
	src := w.file()
	formatted, err := format.Source(src)
	if err != nil {
		log.Fatalf("%v\n%s", err, src)
	}
	if *out == "" {
		os.Stdout.Write(formatted)
		return
	}
	if err := os.WriteFile(*out, formatted, 0o644); err != nil {
		log.Fatal(err)
	}
}

// writer collects the snapshot's lines and the imports they need.
type writer struct {
	imports map[string]string // path -> name
	body    bytes.Buffer
}

// qualifier names a package as the file imports it: by its name, an
// import added the first time.
func (w *writer) qualifier(p *types.Package) string {
	if name, ok := w.imports[p.Path()]; ok {
		return name
	}
	name := p.Name()
	for _, n := range w.imports {
		if n == name {
			name = fmt.Sprintf("%s%d", p.Name(), len(w.imports))
		}
	}
	w.imports[p.Path()] = name
	return name
}

func (w *writer) typ(t types.Type) string { return types.TypeString(t, w.qualifier) }

// pkg writes the uses of p's exported names, in their order in its scope
// (sorted by name).
func (w *writer) pkg(p *types.Package) {
	q := w.qualifier(p)
	fmt.Fprintf(&w.body, "\n// package %s\n", p.Path())
	for _, name := range p.Scope().Names() {
		obj := p.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		ref := q + "." + name
		switch obj := obj.(type) {
		case *types.Func:
			w.function(obj, ref)
		case *types.Var, *types.Const:
			w.value(types.Default(obj.Type()), ref)
		case *types.TypeName:
			w.typeName(obj, ref)
		}
	}
}

// value writes the use of a value of type t: assigned to a variable of
// its type, or, where the type names what a user cannot (an unexported
// type of the package), to one of an inferred type.
func (w *writer) value(t types.Type, ref string) {
	if s := w.typ(t); nameable(t) {
		fmt.Fprintf(&w.body, "var _ %s = %s\n", s, ref)
	} else {
		fmt.Fprintf(&w.body, "var _ = %s // of a type users cannot name\n", ref)
	}
}

// function writes the use of a function: a value of its signature, a
// generic one instantiated with int for each type parameter (its
// constraints in this API are any or admit int).
func (w *writer) function(f *types.Func, ref string) {
	sig := f.Signature()
	if sig.TypeParams().Len() == 0 {
		w.value(sig, ref)
		return
	}
	targs := make([]types.Type, sig.TypeParams().Len())
	names := make([]string, len(targs))
	for i := range targs {
		targs[i], names[i] = types.Typ[types.Int], "int"
	}
	inst, err := types.Instantiate(nil, sig, targs, true)
	if err != nil {
		log.Fatalf("%s: %v", ref, err)
	}
	w.value(inst, ref+"["+strings.Join(names, ", ")+"]")
}

// nameable reports whether code outside t's packages can spell t: no
// unexported named type in it.
func nameable(t types.Type) bool {
	ok := true
	var walk func(t types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if !ok || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if t.Obj().Pkg() != nil && !t.Obj().Exported() {
				ok = false
			}
			for i := range t.TypeArgs().Len() {
				walk(t.TypeArgs().At(i))
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			for i := range t.Params().Len() {
				walk(t.Params().At(i).Type())
			}
			for i := range t.Results().Len() {
				walk(t.Results().At(i).Type())
			}
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		}
	}
	walk(t)
	return ok
}

// typeName writes the uses of a type: the type itself, each exported
// method (method expressions, of the value or the pointer receiver) and
// each exported field of a struct, or each method of an interface.
func (w *writer) typeName(obj *types.TypeName, ref string) {
	if n, ok := obj.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
		log.Fatalf("%s is generic: the snapshot does not instantiate types yet", ref)
	}
	fmt.Fprintf(&w.body, "var _ *%s\n", ref)
	if obj.IsAlias() {
		return
	}
	n, ok := obj.Type().(*types.Named)
	if !ok {
		return
	}
	if it, ok := n.Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			m := it.Method(i)
			if m.Exported() {
				fmt.Fprintf(&w.body, "var _ %s = %s.%s\n", w.methodExpr(ref, m, false), ref, m.Name())
			}
		}
		return
	}
	for i := range n.NumMethods() {
		m := n.Method(i)
		if !m.Exported() {
			continue
		}
		_, ptr := m.Signature().Recv().Type().(*types.Pointer)
		recv := ref
		if ptr {
			recv = "(*" + ref + ")"
		}
		fmt.Fprintf(&w.body, "var _ %s = %s.%s\n", w.methodExpr(ref, m, ptr), recv, m.Name())
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			f := st.Field(i)
			switch {
			case !f.Exported():
			case nameable(f.Type()):
				fmt.Fprintf(&w.body, "var _ = func(x *%s) %s { return x.%s }\n", ref, w.typ(f.Type()), f.Name())
			default:
				fmt.Fprintf(&w.body, "var _ = func(x *%s) any { return x.%s } // of a type users cannot name\n", ref, f.Name())
			}
		}
	}
}

// methodExpr is the type of the method expression of m on ref (a pointer
// receiver if ptr): its signature with the receiver first.
func (w *writer) methodExpr(ref string, m *types.Func, ptr bool) string {
	sig := m.Signature()
	recv := ref
	if ptr {
		recv = "*" + ref
	}
	params := []string{recv}
	for i := range sig.Params().Len() {
		t := w.typ(sig.Params().At(i).Type())
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + strings.TrimPrefix(t, "[]")
		}
		params = append(params, t)
	}
	var results []string
	for i := range sig.Results().Len() {
		results = append(results, w.typ(sig.Results().At(i).Type()))
	}
	s := "func(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		s += " " + results[0]
	default:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

func (w *writer) file() []byte {
	var b bytes.Buffer
	b.WriteString(`// Package compat holds a snapshot of the API of assertgen's user
// packages (asserts, asserts/checks, asserts/assertstest, sweep): every
// exported name, used with its type. It builds only while each name is
// still there with the same kind and signature; TestPublicAPIHolds builds
// it against the current tree. Written by scripts/apisnapshot.go and
// frozen: it is written again only when CHANGELOG.md records a version
// whose removals are due.
package compat

import (
`)
	paths := make([]string, 0, len(w.imports))
	for p := range w.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%s %q\n", w.imports[p], p)
	}
	b.WriteString(")\n")
	b.Write(w.body.Bytes())
	return b.Bytes()
}
