package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

func violationAt(impl, storage uint64) asserts.Violation {
	return asserts.Violation{Op: "alias", Check: checks.SharesStorage, Ret: 0, Index: -1, Other: "argument self",
		Want: impl, Got: storage, Hint: "h"}
}

// TestDeduplicate: violations that differ only in identities make one
// group with their count; another place or check is another group.
func TestDeduplicate(t *testing.T) {
	other := violationAt(1, 2)
	other.Ret = 1
	vs := []asserts.Violation{violationAt(0x2, 0x9), violationAt(0x12, 0x1f), other, violationAt(0xabc, 0x10)}
	got := asserts.Deduplicate(vs)
	if len(got) != 2 || got[0].Count != 3 || got[1].Count != 1 || got[1].Ret != 1 {
		t.Fatalf("groups %+v", got)
	}
	if s := got[0].String(); !strings.HasSuffix(s, "(3 times; identities differ)") || !strings.Contains(s, "want 0x2, got 0x9") {
		t.Errorf("group line %q", s)
	}
	if s := got[1].String(); strings.Contains(s, "times") {
		t.Errorf("a single violation's line %q", s)
	}
}

type fakeT struct {
	lines    []string
	cleanups []func()
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.lines = append(f.lines, fmt.Sprintf(format, args...))
}
func (f *fakeT) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }

// TestTestingHandlerDeduplicates: the Testing handler prints a repeated
// violation once, and its count at the test's end.
func TestTestingHandlerDeduplicates(t *testing.T) {
	ft := &fakeT{}
	h := asserts.Testing(ft)
	for i := range uint64(399) {
		v := violationAt(2*i+1, 2*i+2)
		h.Handle(&v)
	}
	if len(ft.lines) != 1 {
		t.Fatalf("%d lines before the end, want 1", len(ft.lines))
	}
	for _, c := range ft.cleanups {
		c()
	}
	if len(ft.lines) != 2 || ft.lines[1] != "alias: shares_storage: return 0: the violation above 399 times in all (identities differ)" {
		t.Errorf("lines %q", ft.lines)
	}
}

// TestSummaryCountsCollected: a Collector's summary counts the violations
// Collect took as well as its own, and lists each distinct one once.
func TestSummaryCountsCollected(t *testing.T) {
	c := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(c))
	for i := range uint64(3) {
		v := violationAt(i+1, i+10)
		handle(&violation{Violation: v})
	}
	collected := asserts.Collect(func() {
		v := violationAt(5, 6)
		handle(&violation{Violation: v})
		handle(&violation{Violation: v})
	})
	if len(collected) != 2 {
		t.Fatalf("collected %d", len(collected))
	}
	s := c.Summary()
	if !strings.Contains(s, " 5 violations (2 collected by asserts.Collect, reported by the tests that collected them; 3 here)\n") {
		t.Errorf("summary:\n%s", s)
	}
	if strings.Count(s, "alias: shares_storage") != 1 || !strings.Contains(s, "(3 times; identities differ)") {
		t.Errorf("summary lists the three identical violations as:\n%s", s)
	}
	if r := c.Report(); r.ViolationCount != 3 || r.Collected != 2 {
		t.Errorf("report counts %d + %d, want 3 + 2", r.ViolationCount, r.Collected)
	}
}

// TestWordsOfTheContract: a runtime without use counts (they read 0) is
// not told use counts; a plain tensor is not told about wrapper
// subclasses; the fresh-count hint names a bound object only with one.
func TestWordsOfTheContract(t *testing.T) {
	for _, tc := range []struct {
		v      asserts.Violation
		has    string
		hasNot string
	}{
		{asserts.Violation{Op: "add", Overload: "Tensor", Check: checks.FreshNoAlias, Index: -1, Other: "argument self", Got: 5},
			"shares StorageImpl 0x5 with argument self, but the schema says the return is fresh", "use count"},
		{asserts.Violation{Op: "add", Overload: "Tensor", Check: checks.FreshNoAlias, Index: -1, Other: "argument self", Got: 5, StorageUses: 2},
			"(storage use count 2)", ""},
		{asserts.Violation{Op: "m", Check: checks.FreshOrAlias, Index: -1, Other: "argument self", Want: 1, WantStorage: 2, Got: 3, GotStorage: 2},
			"nor fresh (TensorImpl 0x3, StorageImpl 0x2)", "use count"},
		{asserts.Violation{Op: "alias", Check: checks.SharesStorage, Index: -1, Other: "argument self", Want: 1, Got: 2, Traits: asserts.WrapperSubclass},
			"a wrapper subclass can propagate it with set_", ""},
		{asserts.Violation{Op: "alias", Check: checks.SharesStorage, Index: -1, Other: "argument self", Want: 1, Got: 2},
			"sharing self's storage", "set_"},
		{asserts.Violation{Op: "f", Check: checks.ImplUseCountEqFresh, Index: -1, Want: 1, Got: 2},
			"held only by the returned handle:", "PyObject"},
	} {
		v := tc.v
		v.Hint = hint(&violation{Violation: v})
		s := v.Error()
		if !strings.Contains(s, tc.has) || tc.hasNot != "" && strings.Contains(s, tc.hasNot) {
			t.Errorf("%s\nwant %q, not %q", s, tc.has, tc.hasNot)
		}
	}
}

// TestDeduplicateCounters: one bug on one tensor, called
// five times, reports five violations that differ only in numbers that
// move from call to call: the version counter of a written read-only
// input (no_mutation), the contexts of a binding (binding_context).
// Deduplicate makes one group of each, and the Testing handler prints one
// line and the count, each saying what differs.
func TestDeduplicateCounters(t *testing.T) {
	for _, tc := range []struct {
		name   string
		v      func(i uint64) asserts.Violation
		differ string
	}{
		{"versions", func(i uint64) asserts.Violation {
			return asserts.Violation{Op: "neg", Check: checks.NoMutation, Arg: "self", Ret: -1, Index: -1, Want: 3 + i, Got: 4 + i, Hint: "h"}
		}, "versions differ"},
		{"contexts", func(i uint64) asserts.Violation {
			return asserts.Violation{Op: "neg", Check: checks.BindingContext, Arg: "self", Ret: -1, Index: -1, Want: 10 + i, Got: 20 + i, GotStorage: 0x100 + i,
				Binding: &asserts.Binding{Context: asserts.ContextID(20 + i)}, Env: &asserts.EnvState{Context: asserts.ContextID(10 + i), Hermetic: true}, Hint: "h"}
		}, "identities or contexts differ"},
	} {
		var vs []asserts.Violation
		ft := &fakeT{}
		h := asserts.Testing(ft)
		for i := range uint64(5) {
			v := tc.v(i)
			vs = append(vs, v)
			h.Handle(&v)
		}
		got := asserts.Deduplicate(vs)
		if len(got) != 1 || got[0].Count != 5 {
			t.Errorf("%s: Deduplicate made %d groups, want one of 5:\n%v", tc.name, len(got), got)
		} else if s := got[0].String(); !strings.HasSuffix(s, "(5 times; "+tc.differ+")") {
			t.Errorf("%s: group line %q, want it to end with (5 times; %s)", tc.name, s, tc.differ)
		}
		if len(ft.lines) != 1 {
			t.Errorf("%s: the Testing handler printed %d lines, want 1:\n%s", tc.name, len(ft.lines), strings.Join(ft.lines, "\n"))
		}
		for _, c := range ft.cleanups {
			c()
		}
		if want := "neg: " + tc.v(0).Check.String() + ": argument self: the violation above 5 times in all (" + tc.differ + ")"; len(ft.lines) < 2 || ft.lines[len(ft.lines)-1] != want {
			t.Errorf("%s: lines %q, want the last %q", tc.name, ft.lines, want)
		}
	}
}
