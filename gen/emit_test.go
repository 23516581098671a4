package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/plan"
)

// TestCheckNames ties the names of every check together: its name in plans
// and allowlists (asserts.Check.String, which asserts.ParseCheck reads
// back), the asserts constant and the asserts.Call methods gen emits.
func TestCheckNames(t *testing.T) {
	consts := map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), "../asserts/policy.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if v, ok := n.(*ast.ValueSpec); ok {
			for _, id := range v.Names {
				consts[id.Name] = true
			}
		}
		return true
	})
	call := reflect.TypeFor[*asserts.Call]()
	seen := map[string]bool{}
	for k := range asserts.Check(asserts.NumPlanChecks) {
		name := k.String()
		if back, ok := asserts.ParseCheck(name); !ok || back != k || seen[name] {
			t.Errorf("check %d: name %q does not name it alone", k, name)
		}
		seen[name] = true
		m := checkMethods[k]
		if m == "" {
			t.Errorf("%s: no asserts method in checkMethods", name)
			continue
		}
		if !consts["Check"+m] && k != asserts.CheckNotArgHandle { // never PlanSkip'ed
			t.Errorf("%s: no constant asserts.Check%s", name, m)
		}
		if _, ok := call.MethodByName(m); !ok {
			t.Errorf("%s: no method asserts.Call.%s", name, m)
		}
		if k == asserts.CheckSameContent {
			if _, ok := call.MethodByName(m + "After"); !ok {
				t.Errorf("%s: no method asserts.Call.%sAfter", name, m)
			}
		}
		if k == asserts.CheckDistinctOutputs || k == asserts.CheckBindingContext || k == asserts.CheckSameContent ||
			k == asserts.CheckImplUseCountEqFresh || k == asserts.CheckFreshNotHeld {
			continue // one call for all outputs; a generic function for lists (TestEveryCheckEmitted)
		}
		if k == asserts.CheckNotArgHandle {
			for _, v := range []string{"NotArgElems", "NotArgElemsList"} {
				if _, ok := call.MethodByName(v); !ok {
					t.Errorf("%s: no method asserts.Call.%s", name, v)
				}
			}
		}
		if _, ok := call.MethodByName(m + "List"); !ok {
			t.Errorf("%s: no method asserts.Call.%sList", name, m)
		}
	}
}

// TestBadPlanRows checks that a plan row gen cannot format is an error
// naming the op, not a panic or a wrapper that does not compile.
func TestBadPlanRows(t *testing.T) {
	zero := 0
	for _, tc := range []struct {
		rows    []plan.Check
		skipped []plan.Skip
		want    string
	}{
		{rows: []plan.Check{{Name: asserts.NumPlanChecks}}, want: "unknown check"},
		{skipped: []plan.Skip{{Check: plan.Check{Name: asserts.NumPlanChecks + 1}}}, want: "unknown skipped check"},
		{rows: []plan.Check{{Name: asserts.CheckSameImpl, Arg: "nope"}}, want: "on unknown argument nope"},
		{rows: []plan.Check{{Name: asserts.CheckSameContent, Arg: "nope"}}, want: "same_content on unknown argument nope"},
		{rows: []plan.Check{{Name: asserts.CheckSameContent, Arg: "self", Ret: &zero}}, want: "same_content on return 0: it checks arguments only"},
		{rows: []plan.Check{{Name: asserts.CheckImplUseCountLE1, Ret: &zero}, {Name: asserts.CheckNotArgHandle, Ret: &zero, Arg: "nope"}}, want: "not_arg_handle on unknown argument nope"},
	} {
		p := smallPlan(t, plan.Strict)
		op := *p.Ops[0]
		op.Checks, op.Skipped = tc.rows, tc.skipped
		p.Ops = []*plan.Op{&op}
		_, err := Generate(p, Options{Mode: InterfaceMode, Package: "small"})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), op.Name) {
			t.Errorf("%v: got %v, want an error about %s with %q", tc.rows, err, op.Name, tc.want)
		}
	}
}

// TestRuntimeProfile checks that a pytorch plan's wrappers run under the
// guards of its release.
func TestRuntimeProfile(t *testing.T) {
	for _, tc := range []struct {
		p       plan.Profile
		version string
		want    asserts.Profile
	}{
		{plan.Strict, "1.13", asserts.Strict},
		{plan.PyTorch, "1.13", asserts.PyTorch113},
		{plan.PyTorch, "1.13.1", asserts.PyTorch113},
		{plan.PyTorch, "2.6", asserts.PyTorch},
		{plan.PyTorch, "", asserts.PyTorch},
	} {
		g := newGenProfile(&plan.Plan{Profile: tc.p, PyTorchVersion: tc.version})
		if g.runtime != tc.want || runtimeProfiles[g.runtime] == "" {
			t.Errorf("%s %q: runtime %s, want %s", tc.p, tc.version, g.runtime, tc.want)
		}
	}
}
