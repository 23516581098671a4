package checks

import "fmt"

// A Policy is the skip policy a generated wrapper runs under: which
// checks each [Reason] turns off, and the row guards of PyTorch's
// generated code. Its rules are data, made from the table of checks
// (internal/checktable's Rules). The zero value is Strict. A policy is
// not a plan's profile, strict or pytorch, which decides the rows a
// wrapper has: a plan names the policy its wrappers run under, and the
// wrappers' wrap.Op carries it in the field Policy.
//
// The pytorch profile has one Policy per group of PyTorch releases whose
// generated code guards its asserts alike: [PyTorch] for 2.x (checked
// against 2.6.0), [PyTorch113] for 1.13. A generated wrapper names the
// one of the release its plan was made for.
type Policy uint8

const (
	// Strict skips only what cannot be checked (the table in DESIGN.md).
	Strict Policy = iota
	// PyTorch skips what PyTorch 2.x's debug asserts skip: everything
	// under a dispatch mode and for tensor subclasses (the Python key),
	// storage checks for tensors without storage. Like PyTorch's
	// generated code, it skips a list argument's check as a whole when
	// one element is a subclass (tensorlist_has_dispatch), does not skip
	// same_impl on a Tensor?[] argument for subclasses (PyTorch puts no
	// such guard there), and skips the view check (shares_storage) when
	// either the viewed argument or the return is a subclass.
	PyTorch
	// PyTorch113 is PyTorch with the guards of PyTorch 1.13: the view
	// check is skipped for a subclass argument only, not for a subclass
	// return.
	PyTorch113

	NumPolicies = iota
)

// policyNames are each policy's name (in plans, reports and violations)
// and the name of its constant, which generated code uses.
var policyNames = [NumPolicies]struct{ name, constant string }{
	Strict:     {"strict", "Strict"},
	PyTorch:    {"pytorch", "PyTorch"},
	PyTorch113: {"pytorch-1.13", "PyTorch113"},
}

// String returns "strict", "pytorch" or "pytorch-1.13".
func (p Policy) String() string {
	if p < NumPolicies {
		return policyNames[p].name
	}
	return fmt.Sprintf("policy(%d)", uint8(p))
}

// GoName returns the name of the policy's constant in this package, e.g.
// "PyTorch113": generated code names the policy by it. It is empty for a
// value that is no policy.
func (p Policy) GoName() string {
	if p < NumPolicies {
		return policyNames[p].constant
	}
	return ""
}

// ParsePolicy returns the policy with the given name.
func ParsePolicy(name string) (Policy, bool) {
	for p, n := range policyNames {
		if n.name == name {
			return Policy(p), true
		}
	}
	return 0, false
}

// MarshalText encodes the policy by name.
func (p Policy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a policy name.
func (p *Policy) UnmarshalText(b []byte) error {
	x, ok := ParsePolicy(string(b))
	if !ok {
		return fmt.Errorf("checks: unknown policy %q", b)
	}
	*p = x
	return nil
}
