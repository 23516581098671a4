package asserts_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

// TestCheckFacts checks each row of the table of checks: its name names it
// alone (ParseCheck reads it back), generated code has the Call methods it
// names to call (the method, its list form, and the second step of a
// check in two steps), and it has words for explain. That the constant
// GoName names exists is checked by compiling generated code
// (gen's TestBuildCheckNames).
func TestCheckFacts(t *testing.T) {
	call := reflect.TypeFor[*asserts.Call]()
	// Checks whose list form is not a Call method "<Method>List": one call
	// for all outputs, or a generic function of package asserts.
	noListMethod := map[asserts.Check]bool{
		asserts.CheckDistinctOutputs: true, asserts.CheckBindingContext: true, asserts.CheckSameContent: true,
		asserts.CheckImplUseCountEqFresh: true, asserts.CheckFreshNotHeld: true, asserts.CheckSameMetadata: true,
	}
	// More methods generated code calls for some checks.
	more := map[asserts.Check][]string{
		asserts.CheckSameContent:  {"SameContentAfter"},
		asserts.CheckSameMetadata: {"SaveMetadata", "SaveMetadataTensor", "SameMetadataTensor", "SaveMetadataOf", "SameMetadataOf"},
		asserts.CheckNotArgHandle: {"NotArgList", "NotArgElems", "NotArgElemsList"},
	}
	seen := map[string]bool{}
	for k := range asserts.Check(asserts.NumPlanChecks) {
		name := k.String()
		if back, ok := asserts.ParseCheck(name); !ok || back != k || seen[name] || strings.HasPrefix(name, "check(") {
			t.Errorf("check %d: name %q does not name it alone", k, name)
		}
		seen[name] = true
		if !strings.HasPrefix(k.GoName(), "Check") {
			t.Errorf("%s: Go name %q", name, k.GoName())
		}
		methods := append([]string{k.Method()}, more[k]...)
		if !noListMethod[k] && k != asserts.CheckNotArgHandle {
			methods = append(methods, k.Method()+"List")
		}
		for _, m := range methods {
			if _, ok := call.MethodByName(m); m == "" || !ok {
				t.Errorf("%s: no method asserts.Call.%s", name, m)
			}
		}
		w := asserts.Words{Arg: "self", Each: "self", Ret: "return 0", ImplCheck: asserts.CheckImplUseCountLE1}
		if d := k.Describe(w); d == "" || !strings.Contains(d, "self") && !strings.Contains(d, "return 0") && k != asserts.CheckDistinctOutputs {
			t.Errorf("%s: words %q name neither its argument nor its return", name, d)
		}
	}
	if k := asserts.Check(asserts.NumPlanChecks); k.String() != fmt.Sprintf("check(%d)", asserts.NumPlanChecks) || k.GoName() != "" || k.Method() != "" || k.Describe(asserts.Words{}) != "" {
		t.Errorf("no check: %q %q %q %q", k, k.GoName(), k.Method(), k.Describe(asserts.Words{}))
	}
}
