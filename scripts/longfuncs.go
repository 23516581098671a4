//go:build ignore

// Longfuncs lists the hand-written Go functions longer than a limit: every
// function and method declaration, and every function literal assigned at
// package level, of the non-test, non-generated .go files under the given
// directories (testdata and vendor skipped), from its func line to its
// closing brace. It exits 1 when it lists one, so CI can hold the limit:
//
//	go run scripts/longfuncs.go [-max 100] [-skip DIR]... DIR...
//
// -skip leaves out a directory (relative to the current one, repeatable).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type skips []string

func (s *skips) String() string     { return strings.Join(*s, ",") }
func (s *skips) Set(v string) error { *s = append(*s, filepath.Clean(v)); return nil }

type long struct {
	pos   token.Position
	name  string
	lines int
}

func main() {
	max := flag.Int("max", 100, "the longest a function may be, in lines")
	var skip skips
	flag.Var(&skip, "skip", "a `directory` to leave out (repeatable)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/longfuncs.go [-max N] [-skip DIR]... DIR...")
		os.Exit(2)
	}
	fset := token.NewFileSet()
	var found []long
	for _, root := range flag.Args() {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" || d.Name() == "vendor" || isSkipped(skip, path) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
			if err != nil {
				return err
			}
			if ast.IsGenerated(f) {
				return nil
			}
			found = append(found, longFuncs(fset, f, *max)...)
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "longfuncs:", err)
			os.Exit(1)
		}
	}
	sort.Slice(found, func(i, j int) bool { return found[i].lines > found[j].lines })
	for _, l := range found {
		fmt.Printf("%s: %s: %d lines\n", l.pos, l.name, l.lines)
	}
	if len(found) > 0 {
		fmt.Fprintf(os.Stderr, "longfuncs: %d functions over %d lines\n", len(found), *max)
		os.Exit(1)
	}
}

func isSkipped(skip skips, path string) bool {
	path = filepath.Clean(path)
	for _, s := range skip {
		if path == s {
			return true
		}
	}
	return false
}

// longFuncs returns the declarations of f, and the function literals of
// its package-level variables, longer than max lines.
func longFuncs(fset *token.FileSet, f *ast.File, max int) []long {
	var out []long
	add := func(name string, from, to token.Pos) {
		start, end := fset.Position(from), fset.Position(to)
		if n := end.Line - start.Line + 1; n > max {
			out = append(out, long{start, name, n})
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				name = "(" + recvType(d.Recv.List[0].Type) + ")." + name
			}
			add(name, d.Pos(), d.Body.Rbrace)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, v := range vs.Values {
					ast.Inspect(v, func(n ast.Node) bool {
						if fl, ok := n.(*ast.FuncLit); ok && i < len(vs.Names) {
							add("var "+vs.Names[i].Name, fl.Pos(), fl.Body.Rbrace)
							return false
						}
						return true
					})
				}
			}
		}
	}
	return out
}

func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}
