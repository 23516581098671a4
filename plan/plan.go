// Package plan decides, for every operator of a schema, which checks a
// generated wrapper runs and which it skips, with the reason and source of
// each skip. The plan is the contract between the schema and the emitter:
// everything is decided here, and gen only formats it.
package plan

import (
	"fmt"

	"github.com/assertgen/assertgen/schema"
)

// A Profile selects the rules a plan follows.
type Profile string

const (
	// Strict is schema-driven and stronger than PyTorch (the default).
	Strict Profile = "strict"
	// PyTorch reproduces PyTorch's autograd-codegen debug asserts exactly.
	PyTorch Profile = "pytorch"
)

// ParseProfile validates a profile name.
func ParseProfile(s string) (Profile, error) {
	switch Profile(s) {
	case Strict, PyTorch:
		return Profile(s), nil
	}
	return "", fmt.Errorf("unknown profile %q (want strict or pytorch)", s)
}

// A Plan lists the checks of every op, in schema order.
type Plan struct {
	Profile Profile `json:"profile"`
	Ops     []*Op   `json:"ops"`
}

// An Op is the plan for one operator.
type Op struct {
	Name      string      `json:"name"`
	Schema    string      `json:"schema"`
	Kind      schema.Kind `json:"kind"`
	IsViewOp  bool        `json:"is_view_op"`
	Generated bool        `json:"generated"`
	Checks    []Check     `json:"checks"`
	Skipped   []Skip      `json:"skipped"`

	// Src is the schema op the plan is for.
	Src *schema.Op `json:"-"`
}

// A Check is one check on one argument or return. Arg names an argument;
// Ret is a return index (nil when the check is not about a return).
type Check struct {
	Check string `json:"check"`
	Arg   string `json:"arg,omitempty"`
	Ret   *int   `json:"ret,omitempty"`
}

// A Skip is a check the plan does not emit, with why and where that was
// decided.
type Skip struct {
	Check
	Reason string `json:"reason"`
	Source string `json:"source"`
}

// Build makes the plan of every op of s under profile p.
func Build(s *schema.Schema, p Profile) (*Plan, error) {
	pl := &Plan{Profile: p, Ops: make([]*Op, 0, len(s.Ops))}
	for _, o := range s.Ops {
		pl.Ops = append(pl.Ops, &Op{
			Name:      o.Name,
			Schema:    o.Func.String(),
			Kind:      o.Kind,
			IsViewOp:  o.IsViewOp,
			Generated: o.Generated,
			Checks:    []Check{},
			Skipped:   []Skip{},
			Src:       o,
		})
	}
	return pl, nil
}
