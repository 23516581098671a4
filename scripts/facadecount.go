//go:build ignore

// Facadecount counts the identifiers a package exports as issue 56 counts
// them for asserts/wrap's facade: each exported package-level name
// (constants, variables, functions, types, aliases of other packages' types
// included), plus each exported method in the method set of a pointer to
// each exported type (promoted methods included: they are callable through
// the facade's name).
//
//	go run scripts/facadecount.go                   # ./asserts/wrap
//	go run scripts/facadecount.go -v ./asserts/wrap # and list them
package main

import (
	"flag"
	"fmt"
	"go/types"
	"log"
	"os"
	"sort"

	"golang.org/x/tools/go/packages"
)

func main() {
	verbose := flag.Bool("v", false, "list the identifiers")
	flag.Parse()
	pattern := "./asserts/wrap"
	if flag.NArg() > 0 {
		pattern = flag.Arg(0)
	}
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName, BuildFlags: []string{"-tags", "debugasserts"}}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		log.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(1)
	}
	for _, p := range pkgs {
		names := exported(p.Types)
		if *verbose {
			for _, n := range names {
				fmt.Println(n)
			}
		}
		fmt.Printf("%s: %d exported identifiers (methods counted)\n", p.PkgPath, len(names))
	}
}

// exported lists a package's exported names and its exported types'
// exported methods (Type.Method), sorted.
func exported(p *types.Package) []string {
	var out []string
	sc := p.Scope()
	for _, name := range sc.Names() {
		obj := sc.Lookup(name)
		if !obj.Exported() {
			continue
		}
		out = append(out, name)
		tn, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		t := tn.Type()
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			t = types.NewPointer(t)
		}
		ms := types.NewMethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			if m := ms.At(i).Obj(); m.Exported() {
				out = append(out, name+"."+m.Name())
			}
		}
	}
	sort.Strings(out)
	return out
}
