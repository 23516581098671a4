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

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestPrintsThePlan checks that gen decides nothing `plan -json` does not
// show (issue 23): for every op of every embedded release, under both
// profiles, gen prints a wrapper for each op of the plan and no other (the
// selection is the plan's), named by the plan's go_name, and every wrapper
// runs under the plan's skip policy; the same for a plan narrowed by
// Plan.Select.
func TestPrintsThePlan(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
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
			} else {
				// Names do not depend on the profile: the pytorch plan is
				// printed for its first ops only, to keep the test short.
				if p, err = plan.Build(s, profile); err != nil {
					t.Fatal(err)
				}
				p.Ops = p.Ops[:200]
				if res, err = Generate(p, Options{Mode: output.InterfaceMode, Package: "all"}); err != nil {
					t.Fatal(err)
				}
			}
			samePrinted(t, r.Version+" "+string(profile), p, res)
		}
		p, err := plan.Build(s, plan.PyTorch)
		if err != nil {
			t.Fatal(err)
		}
		where := map[string]schema.Position{"add.*": {Filename: "assertgen.yaml", Line: 3, Column: 5}}
		if err := p.Select([]string{"add.*", "transpose.*", "transpose_.*", "_foreach_add.*", "_foreach_add_.*"}, where); err != nil {
			t.Fatal(err)
		}
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "all"})
		if err != nil {
			t.Fatal(err)
		}
		samePrinted(t, r.Version+" pytorch, selected", p, res)
	}
}

// samePrinted checks that res prints the ops of p's JSON, each under its
// go_name, and the JSON's skip policy (runtime) for every wrapper.
func samePrinted(t *testing.T, label string, p *plan.Plan, res *Result) {
	t.Helper()
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
	runtime, ok := checks.ParsePolicy(shown.Runtime)
	if !ok {
		t.Fatalf("%s: runtime %q", label, shown.Runtime)
	}
	names, profiles := printed(t, res.Files)
	if len(names) != len(shown.Ops) || len(res.Wrapped) != len(shown.Ops) {
		t.Errorf("%s: %d wrappers printed (%d reported), %d ops in the plan", label, len(names), len(res.Wrapped), len(shown.Ops))
	}
	for i, op := range shown.Ops {
		if names[op.Name] != op.GoName {
			t.Errorf("%s: %s printed as %q, go_name %q", label, op.Name, names[op.Name], op.GoName)
		}
		if i < len(res.Wrapped) && res.Wrapped[i] != op.Name {
			t.Errorf("%s: wrapper %d is of %s, the plan's op %d is %s", label, i, res.Wrapped[i], i, op.Name)
		}
	}
	if want := runtime.GoName(); len(profiles) != len(shown.Ops) || strings.Count(strings.Join(profiles, " ")+" ", want+" ") != len(profiles) {
		t.Errorf("%s: %d wrap.Op policies printed, want %d of asserts.%s", label, len(profiles), len(shown.Ops), want)
	}
}

// printed reads generated files back: the op each checked wrapper is for
// (its doc comment, "GoName checks op.overload(...)") by its Go name, and
// the Profile of every wrap.Op literal.
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
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Policy" {
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

// allOps memoizes generateAll: TestPrintsThePlan, TestShapesShared and
// TestBuildAllOps print the same packages.
var allOps struct {
	sync.Mutex
	m map[string]allOpsResult
}

type allOpsResult struct {
	p   *plan.Plan
	res *Result
}

// generateAll returns the plan of every op of s under profile and the
// interface-mode package gen prints for it, as assertgen gen writes it in
// module example.com/generated under directory <profile>: the shape
// helpers in a package of their own (TestBuildAllOps builds it there).
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
	res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "all", ShapesPackage: "example.com/generated/" + string(profile) + "/" + ShapesDir})
	if err != nil {
		t.Fatal(err)
	}
	if allOps.m == nil {
		allOps.m = map[string]allOpsResult{}
	}
	allOps.m[key] = allOpsResult{p, res}
	return p, res
}
