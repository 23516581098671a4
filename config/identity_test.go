package config

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/plan"
)

// TestIdentity checks the one place the identity kind is decided: from
// use_counts: and memory:, each combination Validate accepts, and the one
// it refuses (use_counts: true beside memory:), at its value.
func TestIdentity(t *testing.T) {
	// (memory: gives identities to the type map's Tensor: config's
	// TestTensorTypes refuses it without one)
	const mem = "types:\n  Tensor: \"*example.com/rt.Dense\"\nmemory: example.com/rt.Memory\n"
	for _, c := range []struct {
		yaml string
		want plan.Identity
	}{
		{"", plan.Counted},
		{"use_counts: true\n", plan.Counted},
		{"use_counts: false\n", plan.OwnIDs},
		{mem, plan.Memory},
		{mem + "use_counts: false\n", plan.Memory},
	} {
		c2, err := Parse("a.yaml", []byte("mode: interface\n"+c.yaml))
		if err == nil {
			err = c2.Validate()
		}
		if err != nil {
			t.Errorf("%q: %v", c.yaml, err)
			continue
		}
		if got := c2.Identity(); got != c.want {
			t.Errorf("%q: Identity %s, want %s", c.yaml, got, c.want)
		}
	}
	c, err := Parse("a.yaml", []byte("mode: interface\n"+mem+"use_counts: true\n"))
	if err == nil {
		err = c.Validate()
	}
	if err == nil || !strings.HasPrefix(err.Error(), "a.yaml:5:13: use_counts: true with memory:") {
		t.Errorf("use_counts: true with memory: %v, want an error at a.yaml:5:13", err)
	}
}
