// Package checks is the vocabulary of assertgen's checks: the checks a
// generated wrapper runs ([Check]), the reasons a check is skipped for
// ([Reason]) and the skip policies a wrapper runs under ([Policy]), each by
// the name plans, allowlists, reports and violations use.
//
// A runtime author meets these values in violations and counts
// (asserts.Violation, asserts.Stats) and names them in tests; plan and gen
// name them in plans and generated code. What each check verifies, and the
// calls that run it, are its row of assertgen's table of checks
// (internal/checktable); docs/asserts.md, "Adding a check", lists the
// places a new check touches.
package checks

import (
	"fmt"
	"strings"
)

// A Check is one kind of assertion. Its name, as [Check.String] prints it, is
// the name DESIGN.md and the plan use.
type Check uint8

const (
	SameImpl            Check = iota // same_impl: an argument's handle keeps its TensorImpl
	SameStorage                      // same_storage: an argument keeps its StorageImpl
	ImplUseCountLE1                  // impl_use_count_le_1: a fresh return's TensorImpl has use count <= 1
	StorageUseCountEq1               // storage_use_count_eq_1: a fresh return's StorageImpl has use count == 1
	SharesStorage                    // shares_storage: a view return shares the viewed argument's StorageImpl
	FreshOrAlias                     // fresh_or_alias: a may-alias return is the argument, a view of it, or fresh
	ReturnsArg                       // returns_arg: an in-place/out= return is the mutated argument
	NoMutation                       // no_mutation: an argument not marked mutable (!) is not written
	DistinctOutputs                  // distinct_outputs: fresh outputs of one call do not share storage
	BindingContext                   // binding_context: in a hermetic context, no input's storage is bound outside it, and the kernel binds none
	FreshNoAlias                     // fresh_no_alias: a fresh return shares no StorageImpl with an input (modes included)
	SameContent                      // same_content: the bytes an argument not marked written can reach are unchanged (opt-in, see asserts.SetContentCheck)
	ImplUseCountEqFresh              // impl_use_count_eq_fresh: a fresh return's TensorImpl use count is that of a fresh tensor: 1, or 2 with a bound foreign object (see asserts.ImplBound)
	FreshNotHeld                     // fresh_not_held: a fresh return's storage is not one an earlier call returned fresh that is still alive (runtimes without use counts, see asserts.Anchored)
	SameMetadata                     // same_metadata: an argument not marked mutable (!) keeps its sizes, strides and storage offset (see asserts.Metadata)
	ViewHoldsStorage                 // view_holds_storage: a view return holds the StorageImpl it shares (its use count rises by the view's hold)

	// NumChecks is the number of checks the runtime runs, counts and
	// reports.
	NumChecks = iota
)

// NotArgHandle (not_arg_handle: a fresh or view return is not an
// argument's handle) names the plan rows that wrap's Call.NotArg and its
// list forms run. It is not a check of its own at run time but part of the
// TensorImpl use-count check of the return (impl_use_count_le_1, or
// impl_use_count_eq_fresh where the plan has that one), which it completes
// for Go: it is skipped with that check, reported as it, and counted
// neither as run nor as skipped.
const NotArgHandle Check = NumChecks

// NumPlanChecks is the number of names plans and allowlists use: the
// checks and not_arg_handle.
const NumPlanChecks = NumChecks + 1

// checkNames are each plan check's name and the name of its constant
// here, which generated code uses.
var checkNames = [NumPlanChecks]struct{ name, constant string }{
	SameImpl:            {"same_impl", "SameImpl"},
	SameStorage:         {"same_storage", "SameStorage"},
	ImplUseCountLE1:     {"impl_use_count_le_1", "ImplUseCountLE1"},
	StorageUseCountEq1:  {"storage_use_count_eq_1", "StorageUseCountEq1"},
	SharesStorage:       {"shares_storage", "SharesStorage"},
	FreshOrAlias:        {"fresh_or_alias", "FreshOrAlias"},
	ReturnsArg:          {"returns_arg", "ReturnsArg"},
	NoMutation:          {"no_mutation", "NoMutation"},
	DistinctOutputs:     {"distinct_outputs", "DistinctOutputs"},
	BindingContext:      {"binding_context", "BindingContext"},
	FreshNoAlias:        {"fresh_no_alias", "FreshNoAlias"},
	SameContent:         {"same_content", "SameContent"},
	ImplUseCountEqFresh: {"impl_use_count_eq_fresh", "ImplUseCountEqFresh"},
	FreshNotHeld:        {"fresh_not_held", "FreshNotHeld"},
	SameMetadata:        {"same_metadata", "SameMetadata"},
	ViewHoldsStorage:    {"view_holds_storage", "ViewHoldsStorage"},
	NotArgHandle:        {"not_arg_handle", "NotArgHandle"},
}

// String returns the check's name, e.g. "same_impl".
func (k Check) String() string {
	if int(k) < len(checkNames) {
		return checkNames[k].name
	}
	return fmt.Sprintf("check(%d)", uint8(k))
}

// GoName returns the name of the check's constant in this package, e.g.
// "SameImpl": generated code names the check by it. It is empty for a
// value that is no check.
func (k Check) GoName() string {
	if int(k) < len(checkNames) {
		return checkNames[k].constant
	}
	return ""
}

// MarshalText encodes the check by name.
func (k Check) MarshalText() ([]byte, error) {
	if int(k) >= NumPlanChecks {
		return nil, fmt.Errorf("checks: invalid check %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a check name.
func (k *Check) UnmarshalText(b []byte) error {
	x, ok := Parse(string(b))
	if !ok {
		return fmt.Errorf("checks: unknown check %q", b)
	}
	*k = x
	return nil
}

// Parse returns the check with the given name (not_arg_handle included).
func Parse(name string) (Check, bool) {
	for k := range checkNames {
		if checkNames[k].name == name {
			return Check(k), true
		}
	}
	return 0, false
}

// A Set is a set of checks.
type Set uint32

// All holds every check.
const All Set = 1<<NumChecks - 1

// SetOf returns the set holding the given checks.
func SetOf(ks ...Check) Set {
	var s Set
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Has reports whether the set holds k.
func (s Set) Has(k Check) bool { return s&(1<<k) != 0 }

// Checks lists the checks in the set, in Check order.
func (s Set) Checks() []Check {
	var ks []Check
	for k := Check(0); k < NumChecks; k++ {
		if s.Has(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// String lists the checks' names separated by commas, "all" for All and
// "none" for the empty set.
func (s Set) String() string {
	switch s & All {
	case 0:
		return "none"
	case All:
		return "all"
	}
	var names []string
	for _, k := range s.Checks() {
		names = append(names, k.String())
	}
	return strings.Join(names, ",")
}

// nameOf returns the name of v in names, or what(v) outside the table.
func nameOf[T ~uint8](names []string, v T, what string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", what, uint8(v))
}
