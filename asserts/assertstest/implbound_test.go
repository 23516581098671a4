package assertstest_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/assertstest"
)

// A runtime that binds objects to TensorImpls passes when it counts their
// references, and fails when it does not: impl_use_count_eq_fresh could
// then not tell a fresh bound tensor (use count 2) from an extra handle.
func TestImplBindings(t *testing.T) {
	rec := &recorder{TB: t}
	good := &fruntime{bugs: bugs{implObjects: true}}
	assertstest.Check(rec, good.runtime())
	if len(rec.errs) > 0 {
		t.Errorf("the correct adapter with TensorImpl objects fails:\n%s", strings.Join(rec.errs, "\n"))
	}

	rec = &recorder{TB: t}
	bad := &fruntime{bugs: bugs{implObjects: true, objectUncounted: true}}
	assertstest.Check(rec, bad.runtime())
	all := strings.Join(rec.errs, "\n")
	for _, want := range []string{
		"impl bindings: a fresh tensor with a bound object reports TensorImpl use count 1, want 2: the object's reference is counted",
		"impl bindings: a fresh tensor with a bound object and a second handle: [], want one impl_use_count_eq_fresh violation",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}

	rec = &recorder{TB: t}
	half := good.runtime()
	half.UnbindImpl = nil
	assertstest.Check(rec, half)
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "one of BindImpl and UnbindImpl") {
		t.Errorf("a runtime with BindImpl only: %v", rec.errs)
	}
}
