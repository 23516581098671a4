package config

import (
	"testing"
)

// TestCheckOps checks the ops list's selectors against the small schema:
// names, name.* and * select; a name.* without overloads, a name with
// overloads only, and a pattern that is no selector (with the selectors to
// write instead) are errors at the entry.
func TestCheckOps(t *testing.T) {
	s := loadSmall(t)
	for _, tc := range []struct {
		op, err string
	}{
		{"add.Tensor", ""},
		{"reshape", ""},
		{"add.*", ""},
		{"*", ""},
		{"nosuch.*", `-ops: "nosuch.*" selects no op of ` + s.Path},
		{"add", `-ops: unknown op "add": it has only overloads; use add.* for all of them, or one of add.Tensor, add.out`},
		{"add*", `-ops: "add*" is not an op selector (an op name, name.* for its overloads or * for every op): write add.*, add_.* instead`},
		{"trans*", `-ops: "trans*" is not an op selector (an op name, name.* for its overloads or * for every op): write transpose.*, transpose_.* instead`},
		{"_foreach_*", `-ops: "_foreach_*" is not an op selector (an op name, name.* for its overloads or * for every op): write _foreach_add_.* instead`},
		{"x[", `-ops: "x[" is not an op selector (an op name, name.* for its overloads or * for every op)`},
	} {
		c := &Config{Ops: []string{tc.op}}
		c.SetByFlag("ops", "-ops")
		got := ""
		if err := c.CheckOps(s); err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%q: %q, want %q", tc.op, got, tc.err)
		}
	}
}
