package wrap

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// Accessors for the package's tests: what a call decided, read back.

// Skips returns the checks the call's skip policy turns off for the tensor
// of snapshot s (for the two-tensor checks, each tensor's skips count).
func (c *Call) Skips(s *Saved) checks.Set {
	m, _ := c.classify(s)
	return m
}

// Env returns the mode state the call runs under.
func (c *Call) Env() asserts.EnvState { return c.env }

// Op returns the call's operator.
func (c *Call) Op() *Op { return c.op }
