package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/output"
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
		if k == asserts.CheckSameMetadata {
			for _, v := range []string{"SaveMetadata", "SaveMetadataTensor", "SameMetadataTensor", "SaveMetadataOf", "SameMetadataOf"} {
				if _, ok := call.MethodByName(v); !ok {
					t.Errorf("%s: no method asserts.Call.%s", name, v)
				}
			}
		}
		if k == asserts.CheckDistinctOutputs || k == asserts.CheckBindingContext || k == asserts.CheckSameContent ||
			k == asserts.CheckImplUseCountEqFresh || k == asserts.CheckFreshNotHeld || k == asserts.CheckSameMetadata {
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

// TestBadPlanRows checks that gen prints no plan that plan.Validate
// rejects (every case is in plan's TestValidate): it returns that error,
// at the op's place in its schema, and writes nothing.
func TestBadPlanRows(t *testing.T) {
	zero := 0
	p := smallPlan(t, plan.Strict)
	op := *p.Ops[0]
	op.Checks = []plan.Check{{Name: asserts.CheckSameContent, Arg: "self", Ret: &zero}}
	p.Ops = []*plan.Op{&op}
	want := p.Validate()
	res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small"})
	if want == nil || err == nil || err.Error() != want.Error() || res != nil || !strings.Contains(err.Error(), op.Src.Pos.String()+": "+op.Name+": same_content on argument self and return 0") {
		t.Errorf("got %v, %v; want plan.Validate's error %v", res, err, want)
	}
}
