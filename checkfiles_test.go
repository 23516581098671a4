package assertgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxCheckFiles is the most hand-written non-test Go files that may name
// one check's constant (issue 56: a check is one row).
const maxCheckFiles = 5

// TestCheckConstantFiles: no check constant of asserts/checks (the checks
// and not_arg_handle) is named in more than maxCheckFiles hand-written
// non-test Go files of the repository, package checks' own file included
// (docs/asserts.md, "Adding a check", lists the places a check touches).
// A name counts where code names it (checks.SameImpl, or SameImpl in
// package checks), not in comments; generated files, tests, testdata,
// examples/ and scripts/ (users) do not count, nor do deprecated
// declarations (aliases kept for users' code).
func TestCheckConstantFiles(t *testing.T) {
	consts := checkConstantNames(t, "asserts/checks/checks.go")
	files := checkConstantUses(t, ".", consts)
	for _, k := range consts {
		if fs := files[k]; len(fs) > maxCheckFiles {
			t.Errorf("checks.%s is named in %d hand-written non-test files, more than %d: %s", k, len(fs), maxCheckFiles, strings.Join(fs, ", "))
		}
	}
}

// checkConstantNames returns the names of the Check constants declared in
// the file at path (NumChecks, a count, is untyped).
func checkConstantNames(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			// "X Check = ...", or a name that repeats the block's
			// previous spec (the iota block of the checks)
			typ, _ := vs.Type.(*ast.Ident)
			if typ != nil && typ.Name == "Check" || vs.Type == nil && len(vs.Values) == 0 {
				for _, n := range vs.Names {
					names = append(names, n.Name)
				}
			}
		}
	}
	if len(names) < 10 {
		t.Fatalf("%s: %d check constants; did they move?", path, len(names))
	}
	return names
}

// checkConstantUses returns, for each of names, the hand-written non-test
// Go files under root that name it in code, sorted.
func checkConstantUses(t *testing.T, root string, names []string) map[string][]string {
	t.Helper()
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (rel == "examples" || rel == "scripts" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		seen := map[string]bool{}
		inChecks := f.Name.Name == "checks"
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.GenDecl:
				// A deprecated declaration (asserts' former names of the
				// checks) is an alias kept for users' code, not a place a
				// check is made of.
				return x.Doc == nil || !strings.Contains("\n"+x.Doc.Text(), "\nDeprecated: ")
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "checks" && want[x.Sel.Name] {
					seen[x.Sel.Name] = true
				}
				return false
			case *ast.Ident:
				if inChecks && want[x.Name] {
					seen[x.Name] = true
				}
			}
			return true
		})
		for n := range seen {
			out[n] = append(out[n], rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for n := range out {
		slices.Sort(out[n])
	}
	return out
}
