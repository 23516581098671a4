package gen

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestPrintsThePlan checks that gen decides nothing `plan -json` does not
// show (issue 23): for every op of every embedded release, the Go name of the op's wrapper is the plan's go_name and the
// asserts profile every wrapper runs under is the plan's runtime, under
// both profiles.
func TestPrintsThePlan(t *testing.T) {
	for _, r := range pytorch.Releases {
		s, err := schema.Embedded(r.Series)
		if err != nil {
			t.Fatal(err)
		}
		for _, profile := range []plan.Profile{plan.Strict, plan.PyTorch} {
			var p *plan.Plan
			var res *Result
			if profile == plan.Strict {
				p, res = generateAll(t, s, profile)
			} else if p, err = plan.Build(s, profile); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := p.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			var shown struct {
				Runtime string
				Ops     []struct {
					Name   string
					GoName string `json:"go_name"`
				}
			}
			if err := json.Unmarshal(buf.Bytes(), &shown); err != nil {
				t.Fatal(err)
			}
			runtime, ok := asserts.ParseProfile(shown.Runtime)
			if !ok {
				t.Fatalf("%s %s: runtime %q", r.Version, profile, shown.Runtime)
			}
			// Names do not depend on the profile: the pytorch plan is
			// printed for its first ops only, to keep the test short.
			if profile == plan.PyTorch {
				shown.Ops = shown.Ops[:200]
				p.Ops = p.Ops[:200]
				if res, err = Generate(p, Options{Mode: InterfaceMode, Package: "all"}); err != nil {
					t.Fatal(err)
				}
			}
			names, profiles := printed(t, res.Files)
			if len(names) != len(shown.Ops) {
				t.Errorf("%s %s: %d wrappers printed, %d ops in the plan", r.Version, profile, len(names), len(shown.Ops))
			}
			for _, op := range shown.Ops {
				if names[op.Name] != op.GoName {
					t.Errorf("%s %s: %s printed as %q, go_name %q", r.Version, profile, op.Name, names[op.Name], op.GoName)
				}
			}
			if want := runtimeProfiles[runtime]; len(profiles) != len(shown.Ops) || strings.Count(strings.Join(profiles, " ")+" ", want+" ") != len(profiles) {
				t.Errorf("%s %s: %d asserts.Op profiles printed, want %d of asserts.%s", r.Version, profile, len(profiles), len(shown.Ops), want)
			}
		}
	}
}

// printed reads generated files back: the op each checked wrapper is for
// (its doc comment, "GoName checks op.overload(...)") by its Go name, and
// the Profile of every asserts.Op literal.
func printed(t *testing.T, files []File) (names map[string]string, profiles []string) {
	t.Helper()
	names = map[string]string{}
	for _, f := range files {
		if !strings.Contains(f.Name, "_checked") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f.Name, f.Data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Doc == nil {
					return true
				}
				goName, rest, ok := strings.Cut(n.Doc.Text(), " checks ")
				if op, _, found := strings.Cut(rest, "("); ok && found && goName == n.Name.Name {
					names[op] = goName
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Profile" {
					if sel, ok := n.Value.(*ast.SelectorExpr); ok {
						profiles = append(profiles, sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	return names, profiles
}

// allOps memoizes generateAll: TestBuildAllOps and TestPrintsThePlan
// print the same packages.
var allOps struct {
	sync.Mutex
	m map[string]allOpsResult
}

type allOpsResult struct {
	p   *plan.Plan
	res *Result
}

// generateAll returns the plan of every op of s under profile and the
// interface-mode package gen prints for it.
func generateAll(t *testing.T, s *schema.Schema, profile plan.Profile) (*plan.Plan, *Result) {
	t.Helper()
	allOps.Lock()
	defer allOps.Unlock()
	key := s.Path + " " + string(profile)
	if r, ok := allOps.m[key]; ok {
		return r.p, r.res
	}
	p, err := plan.Build(s, profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(p, Options{Mode: InterfaceMode, Package: "all"})
	if err != nil {
		t.Fatal(err)
	}
	if allOps.m == nil {
		allOps.m = map[string]allOpsResult{}
	}
	allOps.m[key] = allOpsResult{p, res}
	return p, res
}
