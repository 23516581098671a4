package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"testing"

	"github.com/assertgen/assertgen/asserts"
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
		if k == asserts.CheckDistinctOutputs || k == asserts.CheckBindingContext {
			continue // one call for all outputs; a generic function for lists
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
