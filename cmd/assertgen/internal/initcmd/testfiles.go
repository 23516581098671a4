package initcmd

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/internal/gosrc"
	"github.com/assertgen/assertgen/output"
)

// testDecls are the declarations of a package's own test files: package p
// in p_test.go, not p_test. The go command builds them with the package
// when it tests it, so init's files must not declare them again.
type testDecls struct {
	names   map[string]token.Position // package-level names
	methods map[string]token.Position // methods of the tensor type
	types   map[string]token.Position // types of the test files of either package
}

// readTestDecls parses the test files of dir: those of package name, and
// its external tests, name_test. It returns what those of package name
// declare, and the types either declares. typ is the tensor type's name.
func readTestDecls(dir, name, typ string) testDecls {
	d := testDecls{names: map[string]token.Position{}, methods: map[string]token.Position{}, types: map[string]token.Position{}}
	paths, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != name && f.Name.Name != name+"_test" {
			continue
		}
		for _, decl := range f.Decls {
			if g, ok := decl.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, sp := range g.Specs {
					ts := sp.(*ast.TypeSpec)
					d.types[ts.Name.Name] = fset.Position(ts.Name.Pos())
				}
			}
		}
		if f.Name.Name != name {
			continue
		}
		for n, pos := range discover.TopLevel(f) {
			d.names[n] = fset.Position(pos)
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil && len(fn.Recv.List) == 1 && gosrc.RecvName(fn.Recv.List[0].Type) == typ {
				d.methods[fn.Name.Name] = fset.Position(fn.Name.Pos())
			}
		}
	}
	return d
}

// testClashes refuses a method of the contract init would write
// (assertgen_contract.go) that the package's own test files declare
// already. It would be declared twice when the package is tested. The
// error is at the test file's line. A kernel's stub that a test file
// declares is refused where the stubs are made.
func (t *target) testClashes() error {
	var errs []string
	for _, m := range t.todo() {
		if at, ok := t.tests.methods[m]; ok {
			errs = append(errs, fmt.Sprintf("%s: (*%s).%s is declared in a test file of the package: init writes it in assertgen_contract.go, and the package's tests would declare it twice; move it into a file of the package (init then leaves it to you) or rename it", t.rel(at), t.Type, m))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

// rel spells a position of a file of the package's directory as the
// command's messages do: relative to the working directory when it can.
func (t *target) rel(p token.Position) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p.Filename); err == nil && !strings.HasPrefix(r, "..") {
			p.Filename = r
		}
	}
	return p.String()
}

// checkedDir refuses a checked directory that holds Go files gen would
// refuse there: a package of the user's (output.Foreign). That directory
// is the output: init's config names, where -memory writes its test. gen's
// wrappers and init's test would join the user's package. The error is at
// the first file's package clause.
func (t *target) checkedDir() error {
	foreign, err := output.Foreign(filepath.Join(t.Dir, "checked"), "checked")
	if err != nil || len(foreign) == 0 {
		return err
	}
	at := token.Position{Filename: foreign[0]}
	name := "?"
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, foreign[0], nil, parser.PackageClauseOnly); err == nil {
		at, name = fset.Position(f.Name.Pos()), f.Name.Name
	}
	memory := ""
	if t.MemoryFunc != "" {
		memory = ", and -memory writes its test there"
	}
	return fmt.Errorf("%s: ./checked holds a package of yours (package %s): init's config has gen write the checked wrappers there (output: ./checked)%s; move your package, or write the config yourself with another output: directory", t.rel(at), name, memory)
}
