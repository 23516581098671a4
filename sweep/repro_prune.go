package sweep

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// pruneFile drops from a reproducer's source what its tests do not use:
// the declarations no test reaches (a runtime's helpers, the binding's
// code copied for a call it does not make), the methods of the types it
// keeps that nothing reached calls by name (but String and Error, which
// the standard library calls), and the imports nothing left names.
func pruneFile(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "repro_test.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return src, err
	}
	byName := map[string][]ast.Decl{}
	methods := map[string][]*ast.FuncDecl{} // by receiver type name
	for _, d := range af.Decls {
		switch x := d.(type) {
		case *ast.FuncDecl:
			if x.Recv != nil && len(x.Recv.List) == 1 {
				methods[recvTypeName(x.Recv.List[0].Type)] = append(methods[recvTypeName(x.Recv.List[0].Type)], x)
				continue
			}
			byName[x.Name.Name] = append(byName[x.Name.Name], x)
		case *ast.GenDecl:
			for _, sp := range x.Specs {
				switch y := sp.(type) {
				case *ast.TypeSpec:
					byName[y.Name.Name] = append(byName[y.Name.Name], x)
				case *ast.ValueSpec:
					for _, n := range y.Names {
						byName[n.Name] = append(byName[n.Name], x)
					}
				}
			}
		}
	}
	keep := reachable(af, byName, methods)
	var decls []ast.Decl
	for _, d := range af.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT || keep[d] {
			decls = append(decls, d)
		}
	}
	af.Decls = decls
	pruneImports(af)
	var comments []*ast.CommentGroup
	for _, cg := range af.Comments {
		if cg.End() < af.Package || within(cg, af.Decls) {
			comments = append(comments, cg)
		}
	}
	af.Comments = comments
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, af); err != nil {
		return src, err
	}
	return format.Source(buf.Bytes())
}

// within reports whether cg is inside one of ds or is its doc comment.
func within(cg *ast.CommentGroup, ds []ast.Decl) bool {
	for _, d := range ds {
		start := d.Pos()
		switch x := d.(type) {
		case *ast.FuncDecl:
			if x.Doc != nil {
				start = x.Doc.Pos()
			}
		case *ast.GenDecl:
			if x.Doc != nil {
				start = x.Doc.Pos()
			}
		}
		if cg.Pos() >= start && cg.End() <= d.End() {
			return true
		}
	}
	return false
}

// importsOf are the import paths of a Go file's source.
func importsOf(src []byte) []string {
	af, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var ps []string
	for _, is := range af.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		ps = append(ps, p)
	}
	return ps
}

// reachable are the declarations of af the tests reach: the functions,
// types, variables and constants named (byName) from a test on, and the
// methods (of their types) of names selected.
func reachable(af *ast.File, byName map[string][]ast.Decl, methods map[string][]*ast.FuncDecl) map[ast.Node]bool {
	keep := map[ast.Node]bool{}
	kept := map[string]bool{}
	selected := map[string]bool{"String": true, "Error": true}
	var queue []ast.Node
	add := func(n ast.Node) {
		if !keep[n] {
			keep[n] = true
			queue = append(queue, n)
		}
	}
	for _, d := range af.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") {
			add(fd)
		}
	}
	for len(queue) > 0 {
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			ast.Inspect(n, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.SelectorExpr:
					selected[x.Sel.Name] = true
				case *ast.Ident:
					if !kept[x.Name] {
						kept[x.Name] = true
						for _, d := range byName[x.Name] {
							add(d)
						}
					}
				}
				return true
			})
		}
		for t, ms := range methods {
			for _, m := range ms {
				if kept[t] && selected[m.Name.Name] {
					add(m)
				}
			}
		}
	}
	return keep
}

// pruneImports drops the imports of af that nothing names.
func pruneImports(af *ast.File) {
	used := map[string]bool{}
	ast.Inspect(af, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, d := range af.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var specs []ast.Spec
		for _, sp := range g.Specs {
			is := sp.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			name := defaultName(p)
			if is.Name != nil {
				name = is.Name.Name
			}
			if used[name] || name == "_" {
				specs = append(specs, sp)
			}
		}
		g.Specs = specs
	}
}
