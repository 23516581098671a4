package discover

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/internal/gosrc"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// TestMethod returns where a test file of the package that declares
// tensor's base type declares the method name on it, and whether one does.
// Such a file is NAME_test.go of the package's own clause, which go test
// builds into the package. gen reads the package without its test files.
// So such a method is one the wrappers never see and the package's tests
// have. The package is k's when tensor is declared there. Otherwise it is
// found from dir, as the go command builds the generated package. A load
// that fails finds nothing; the loads that matter report it.
func TestMethod(dir string, tensor kernels.GoType, name string, k *Package) (schema.Position, bool) {
	if tensor.Path == "" || tensor.Name == "" {
		return schema.Position{}, false
	}
	var pkgDir, pkgName string
	if k != nil && k.Set.Path == tensor.Path {
		pkgDir, pkgName = k.Set.Dir, k.Set.Name
	} else {
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: dir}
		pkgs, err := packages.Load(cfg, tensor.Path)
		if err != nil || len(pkgs) != 1 || len(pkgs[0].GoFiles) == 0 {
			return schema.Position{}, false
		}
		pkgDir, pkgName = filepath.Dir(pkgs[0].GoFiles[0]), pkgs[0].Name
	}
	if pkgDir == "" {
		return schema.Position{}, false
	}
	paths, _ := filepath.Glob(filepath.Join(pkgDir, "*_test.go"))
	slices.Sort(paths)
	fset := token.NewFileSet()
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkgName {
			continue
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if ok && fn.Recv != nil && len(fn.Recv.List) == 1 && fn.Name.Name == name && gosrc.RecvName(fn.Recv.List[0].Type) == tensor.Name {
				return relPosition(fset.Position(fn.Name.Pos())), true
			}
		}
	}
	return schema.Position{}, false
}

// relPosition is p with its file relative to the working directory when
// that is shorter, as the command's messages spell a file.
func relPosition(p token.Position) schema.Position {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p.Filename); err == nil && len(rel) < len(p.Filename) && !strings.HasPrefix(rel, "..") {
			p.Filename = rel
		}
	}
	return schema.Position{Filename: p.Filename, Line: p.Line, Column: p.Column}
}
