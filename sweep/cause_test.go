package sweep

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// One bug, one finding: a return that is an argument's own TensorImpl
// trips not_arg_handle (as impl_use_count_eq_fresh) and fresh_not_held in
// the same calls; the report gives it once, under the finding whose words
// say the return is the argument's, and Judge fails once for it. A
// fresh_not_held that also shows without that cause stays a finding of
// its own.
func TestOneBugOneFinding(t *testing.T) {
	notArg := asserts.Violation{Op: "cat", Check: checks.ImplUseCountEqFresh, Ret: 0, Index: -1, Other: "argument tensors[0]", Want: 0x12, Got: 0x12}
	held := asserts.Violation{Op: "cat", Check: checks.FreshNotHeld, Ret: 0, Index: -1, Other: "cat return 0 (an earlier call, still alive), the fresh output before this one", Got: 0x13, GotStorage: 0x13}
	aliasOther := asserts.Violation{Op: "clone", Check: checks.FreshNoAlias, Ret: 0, Index: -1, Other: "argument self", Want: 0x20, Got: 0x20}
	heldClone := asserts.Violation{Op: "clone", Check: checks.FreshNotHeld, Ret: 0, Index: -1, Other: "clone return 0 (an earlier call, still alive), the fresh output before this one", Got: 0x20, GotStorage: 0x20}
	r := newReport(2)
	byKey := map[string]*Finding{}
	r.findings("cat", "v0", []asserts.Violation{notArg, held}, nil, byKey)
	// called again: the second call's notArg was its sample's already
	again, cs := onlyNew([]asserts.Violation{held, notArg}, []asserts.Violation{notArg}, causes("cat", []asserts.Violation{held, notArg}))
	r.findings("cat", "v0, called again", again, cs, byKey)
	r.findings("cat", "v1", []asserts.Violation{notArg}, nil, byKey)
	r.findings("clone", "v0", []asserts.Violation{aliasOther, heldClone}, nil, byKey)
	r.findings("clone", "v3", []asserts.Violation{heldClone}, nil, byKey) // without its cause: a finding of its own
	var causes []string
	for _, f := range r.Findings {
		causes = append(causes, f.Key()+" <- "+f.Cause)
	}
	want := []string{
		"cat impl_use_count_eq_fresh return 0 <- ",
		"cat fresh_not_held return 0 <- cat impl_use_count_eq_fresh return 0",
		"clone fresh_no_alias return 0 <- ",
		"clone fresh_not_held return 0 <- ",
	}
	if !slices.Equal(causes, want) {
		t.Errorf("causes %q, want %q", causes, want)
	}
	s := r.String()
	if !strings.Contains(s, "3 findings") || strings.Contains(s, "\ncat fresh_not_held") ||
		!strings.Contains(s, "\tthe same return in the same calls also tripped fresh_not_held return 0 (2): one cause, reported once\n") ||
		!strings.Contains(s, "\nclone fresh_not_held return 0 (2)\n") {
		t.Errorf("report:\n%s", s)
	}
	unjudged, stale := Verdicts{"clone fresh_no_alias return 0": "r", "clone fresh_not_held return 0": "r"}.Judge(r)
	if len(unjudged) != 1 || !strings.HasPrefix(unjudged[0], "no verdict names the cause \"finding in op cat: cat breaks impl_use_count_eq_fresh return 0\" (2 findings of 1 op; a verdict of that key judges them all):\n\tcat impl_use_count_eq_fresh return 0: 2 violations in v0; v1: ") ||
		!strings.HasSuffix(unjudged[0], "(the same return in the same calls also tripped fresh_not_held return 0 (2): one cause, reported once)") || len(stale) != 0 {
		t.Errorf("unjudged %q, stale %q", unjudged, stale)
	}
	// A verdict of the cause judges both; one of the second key alone
	// is not stale.
	if u, s := (Verdicts{"cat impl_use_count_eq_fresh return 0": "r", "cat fresh_not_held return 0": "r", "clone fresh_no_alias return 0": "r", "clone fresh_not_held return 0": "r"}).Judge(r); len(u) != 0 || len(s) != 0 {
		t.Errorf("all judged: unjudged %q, stale %q", u, s)
	}
	if u, _ := (Verdicts{"cat impl_use_count_eq_fresh return 0": "r", "clone fresh_no_alias return 0": "r", "clone fresh_not_held return 0": "r"}).Judge(r); len(u) != 0 {
		t.Errorf("the cause's verdict: unjudged %q", u)
	}
}

// One tensor passed as two arguments (x.mul_(x), the aliasing sample):
// a kernel that gives self new storage gives other the same, and
// same_storage trips on both with the same identities; the report gives
// it once, under self, in words that say other was the same tensor. An
// argument's same_storage of other identities (two tensors, two swaps)
// stays a finding of its own.
func TestOneTensorTwoArguments(t *testing.T) {
	self := asserts.Violation{Op: "mul_", Check: checks.SameStorage, Arg: "self", Ret: -1, Index: -1, Want: 0x30, Got: 0x38}
	other := asserts.Violation{Op: "mul_", Check: checks.SameStorage, Arg: "other", Ret: -1, Index: -1, Want: 0x30, Got: 0x38}
	otherOwn := asserts.Violation{Op: "add_", Check: checks.SameStorage, Arg: "other", Ret: -1, Index: -1, Want: 0x40, Got: 0x48}
	selfOwn := asserts.Violation{Op: "add_", Check: checks.SameStorage, Arg: "self", Ret: -1, Index: -1, Want: 0x50, Got: 0x58}
	r := newReport(2)
	byKey := map[string]*Finding{}
	r.findings("mul_", "aliasing", []asserts.Violation{self, other}, causes("mul_", []asserts.Violation{self, other}), byKey)
	r.findings("add_", "v0", []asserts.Violation{selfOwn, otherOwn}, causes("add_", []asserts.Violation{selfOwn, otherOwn}), byKey)
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Key()+" <- "+f.Cause)
	}
	want := []string{
		"mul_ same_storage argument self <- ",
		"mul_ same_storage argument other <- mul_ same_storage argument self",
		"add_ same_storage argument self <- ",
		"add_ same_storage argument other <- ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("causes %q, want %q", got, want)
	}
	if s := r.String(); !strings.Contains(s, "3 findings") || !strings.Contains(s, "\tthe same tensor, passed again as another argument, also tripped same_storage argument other (1): one cause, reported once\n") {
		t.Errorf("report:\n%s", s)
	}
}
