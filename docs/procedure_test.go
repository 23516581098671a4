package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// procedureNames are the Go names plan.md's "Adding a PyTorch release"
// points at, each with the directory of the package that declares it: a
// top-level name, or Type.Field / Type.Method.
var procedureNames = map[string]string{
	"pytorch.Releases": "internal/pytorch",
	"Torchgen":         "internal/pytorch",
	"Autograd":         "internal/pytorch",
	"Source":           "internal/pytorch", // Autograd.Source
	"Autograd.Policy":  "internal/pytorch",
	"checks.Policy":    "asserts/checks",
	"policyNames":      "asserts/checks",
	"rules":            "internal/checktable",
	"policyGuards":     "internal/checktable",
}

// procedureOutside are the procedure's words that name something outside
// this repository's Go code, with what it is.
var procedureOutside = map[string]string{
	"tools/autograd/gen_variable_type.py": "PyTorch's source",
	"gen_inplace_or_view_type.py":         "PyTorch's source",
	"gen_trace_type.py":                   "PyTorch's source",
	"torchgen/api/autograd.py":            "PyTorch's source",
	"check_tensorimpl_and_storage":        "a template of PyTorch's autograd codegen",
	"versions:":                           "a key of allowlist entries (docs/plan.md, Versions)",
	"TestReference<version>":              "the test to write; TestReleaseProcedure checks that plan has such tests",
}

// TestReleaseProcedure checks that what plan.md's procedure for a new
// PyTorch release names exists: each file of the repository (VERSION
// standing for a release that has one), each Go name in the package that
// declares it, each package a command tests. A word it does not know is
// an error, so that a name added to the procedure is added here too.
func TestReleaseProcedure(t *testing.T) {
	src, err := os.ReadFile("plan.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "### Adding a PyTorch release")
	if start < 0 {
		t.Fatal(`plan.md has no "### Adding a PyTorch release"`)
	}
	section := text[start:]
	if end := strings.Index(section[4:], "\n## "); end >= 0 {
		section = section[:end+4]
	}
	words := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(strings.ReplaceAll(section, "\n   ", " "), -1)
	if len(words) < 10 {
		t.Fatalf("the procedure names %d things; is the section there?", len(words))
	}
	for _, m := range words {
		w := m[1]
		switch {
		case procedureOutside[w] != "":
		case procedureNames[w] != "":
			if !declares(t, filepath.Join("..", procedureNames[w]), w) {
				t.Errorf("plan.md's release procedure names %s, which %s does not declare", w, procedureNames[w])
			}
		case strings.HasPrefix(w, "go test "):
			for _, f := range strings.Fields(w)[2:] {
				if strings.HasPrefix(f, "./") {
					if _, err := os.Stat(filepath.Join("..", f)); err != nil {
						t.Errorf("plan.md's release procedure tests %s, which does not exist", f)
					}
				}
			}
		case strings.HasPrefix(w, "apt-get "):
		case strings.Contains(w, "/"):
			path := strings.ReplaceAll(strings.Fields(w)[0], "VERSION", "*")
			if m, _ := filepath.Glob(filepath.Join("..", path)); len(m) == 0 {
				t.Errorf("plan.md's release procedure points at %s, which is not in the repository", w)
			}
		default:
			t.Errorf("plan.md's release procedure names %q, which TestReleaseProcedure does not know: add it to procedureNames (a Go name) or procedureOutside", w)
		}
	}
	if !declares(t, "../plan", "TestReference1131") {
		t.Error("plan has no TestReference test for the procedure to copy")
	}
}

// declares reports whether the package in dir (its test files included)
// declares name: a top-level name, "pkg.Name" for one (the package named
// by its last element), or Type.Field or Type.Method; a bare name may also
// be a field of one of its struct types.
func declares(t *testing.T, dir, name string) bool {
	t.Helper()
	fset := token.NewFileSet()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(files) == 0 {
		t.Fatalf("%s: no Go files", dir)
	}
	typ, member, dotted := strings.Cut(name, ".")
	if dotted && typ == filepath.Base(dir) {
		typ, member, dotted = member, "", false
	}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if declIs(d, typ, member, dotted) {
				return true
			}
		}
	}
	return false
}

// declIs reports whether d declares typ (not dotted; or a field of a
// struct type), or member of type typ (a field or a method).
func declIs(d ast.Decl, typ, member string, dotted bool) bool {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			return !dotted && d.Name.Name == typ
		}
		recv := d.Recv.List[0].Type
		if s, ok := recv.(*ast.StarExpr); ok {
			recv = s.X
		}
		id, ok := recv.(*ast.Ident)
		return dotted && ok && id.Name == typ && d.Name.Name == member
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if !dotted && n.Name == typ {
						return true
					}
				}
			case *ast.TypeSpec:
				if !dotted && s.Name.Name == typ {
					return true
				}
				st, ok := s.Type.(*ast.StructType)
				if !ok || (dotted && s.Name.Name != typ) {
					continue
				}
				field := member
				if !dotted {
					field = typ
				}
				for _, f := range st.Fields.List {
					for _, n := range f.Names {
						if n.Name == field {
							return true
						}
					}
				}
			}
		}
	}
	return false
}
