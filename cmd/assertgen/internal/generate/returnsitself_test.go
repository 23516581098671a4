package generate

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/testdata/golden"
)

// TestPrintReturnsItself: vet's info on the bound ops returns_arg cannot
// fail for counts them; a few are named on its line, more are listed with
// -v, wrapped to lines of at most listWidth columns
// (testdata/vet_returns_itself.golden; go test -update writes it).
func TestPrintReturnsItself(t *testing.T) {
	var many []string
	for _, op := range []string{"abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "deg2rad",
		"erf", "erfc", "exp", "exp2", "expm1", "fix", "floor", "frac", "hardsigmoid", "hardswish", "hardtanh", "log"} {
		many = append(many, op+"_", op+".out")
	}
	many = append(many, "div.Scalar_out", "linalg_solve.out")
	var all bytes.Buffer
	for _, tc := range []struct {
		name    string
		ops     []string
		verbose bool
	}{
		{"one", []string{"add.out"}, false},
		{"five", many[:5], false},
		{"many", many, false},
		{"many -v", many, true},
		{"five -v", many[:5], true},
	} {
		var b bytes.Buffer
		printReturnsItself(&b, tc.ops, tc.verbose)
		fmt.Fprintf(&all, "-- %s --\n%s", tc.name, b.Bytes())
		for i, line := range bytes.Split(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("\n")) {
			if i > 0 && len(line) > listWidth {
				t.Errorf("%s: line %d has %d columns, more than %d: %q", tc.name, i+1, len(line), listWidth, line)
			}
		}
		_, list, _ := bytes.Cut(b.Bytes(), []byte("to have it checked)"))
		if got := len(bytes.Fields(list)) - 1; tc.verbose || len(tc.ops) <= inlineOps {
			if got != len(tc.ops) || !bytes.Contains(list, []byte(tc.ops[len(tc.ops)-1]+"\n")) {
				t.Errorf("%s: %d ops listed, want %d:\n%s", tc.name, got, len(tc.ops), b.Bytes())
			}
		} else if want := ": " + firstOps(tc.ops) + "; -v lists them\n"; string(list) != want || !bytes.Contains(list, []byte(tc.ops[0]+", ")) {
			t.Errorf("%s: %q after the head, want the first ops and a pointer to -v, %q", tc.name, list, want)
		}
	}
	for _, c := range []struct {
		ops  []string
		want string
	}{
		{nil, ""},
		{[]string{"add.out", "mul_.Tensor"}, "; returns_arg cannot fail for 2 bound ops whose code returns no tensor: add.out, mul_.Tensor (assertgen vet -v lists them)"},
		{many, "; returns_arg cannot fail for 48 bound ops whose code returns no tensor: abs_, abs.out, acos_, acos.out, acosh_ and 43 more (assertgen vet -v lists them)"},
	} {
		if got := returnsItselfNote(c.ops); got != c.want {
			t.Errorf("gen's note on %d ops: %q, want %q", len(c.ops), got, c.want)
		}
	}
	golden.Check(t, filepath.Join("testdata", "vet_returns_itself.golden"), all.Bytes())
}
