//go:build debugasserts

package catalog_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"example.com/frozen/gonum/catalog"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// TestCatalog: each wrong binding is reported by the check that should
// catch it, on gonum's own *mat.Dense, and by no other.
func TestCatalog(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	m := func() *mat.Dense { return mat.NewDense(2, 2, []float64{1, 2, 3, 4}) }
	cases := []struct {
		name string
		call func()
		want checks.Check
	}{
		{"t", func() { catalog.T(m()) }, checks.SharesStorage},
		{"alias", func() { catalog.Alias(m()) }, checks.ImplUseCountEqFresh}, // not_arg_handle, in its 2.14 row
		{"clone", func() { catalog.Clone(m(), nil) }, checks.ImplUseCountEqFresh},
		{"add.out", func() { catalog.AddOut(m(), m(), 1, m()) }, checks.ReturnsArg},
		{"neg_", func() { catalog.Neg_(m()) }, checks.ReturnsArg},
		{"neg", func() { catalog.Neg(m()) }, checks.SameContent},
		{"narrow", func() { catalog.Narrow(m(), 0, 0, 1) }, checks.SharesStorage},
		{"clone.out", func() { catalog.CloneOut(m(), nil, m()) }, checks.SameStorage},
	}
	for _, c := range cases {
		vs := asserts.Collect(c.call)
		if len(vs) == 0 {
			t.Errorf("%s: no violation, want %s", c.name, c.want)
			continue
		}
		at := bindingAt(t, c.name)
		for _, v := range vs {
			if v.Check != c.want {
				t.Errorf("%s: %s, want only %s", c.name, v.Error(), c.want)
			}
			// The violation points at the wrong binding (issue 58 item 4).
			if v.Pos != at || !strings.HasPrefix(v.Error(), at+": ") {
				t.Errorf("%s: %s: Pos %q, want the binding's place %s", c.name, v.Error(), v.Pos, at)
			}
		}
	}
}

// bindingAt is op's binding in this directory's assertgen.yaml as a
// violation names it: the config's path from the module's root, the
// line, and the column of the binding's code.
func bindingAt(t *testing.T, op string) string {
	t.Helper()
	b, err := os.ReadFile("assertgen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "  "+op+":"); ok {
			return fmt.Sprintf("gonum/catalog/assertgen.yaml:%d:%d", i+1, len(l)-len(strings.TrimLeft(rest, " "))+1)
		}
	}
	t.Fatalf("no binding of %s in assertgen.yaml", op)
	return ""
}
