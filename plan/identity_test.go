package plan

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestIdentityNames checks each kind's name both ways (the plan's JSON
// writes and reads them), that the zero value is Counted, that only
// Counted reads use counts, and that a name or value of no kind is
// refused.
func TestIdentityNames(t *testing.T) {
	if Identity(0) != Counted {
		t.Errorf("the zero Identity is %s, want counted (an Options without one plans for use counts)", Identity(0))
	}
	for _, c := range []struct {
		k         Identity
		name      string
		useCounts bool
	}{{Counted, "counted", true}, {OwnIDs, "own_ids", false}, {Memory, "memory", false}} {
		if got := c.k.String(); got != c.name {
			t.Errorf("%d: String %q, want %q", c.k, got, c.name)
		}
		if got := c.k.UseCounts(); got != c.useCounts {
			t.Errorf("%s: UseCounts %v, want %v", c.k, got, c.useCounts)
		}
		var back Identity
		if err := back.UnmarshalText([]byte(c.name)); err != nil || back != c.k {
			t.Errorf("UnmarshalText(%q) = %s, %v", c.name, back, err)
		}
	}
	var k Identity
	if err := k.UnmarshalText([]byte("uncounted")); err == nil || !strings.Contains(err.Error(), "want counted, own_ids or memory") {
		t.Errorf("UnmarshalText(uncounted): %v", err)
	}
	if _, err := numIdentities.MarshalText(); err == nil {
		t.Errorf("MarshalText of %s: no error", numIdentities)
	}
}

// TestIdentityPlans checks what each kind plans: Memory the rows of
// OwnIDs (both keep no use counts; only the generator tells them apart),
// the plan carrying the kind it was built for, and a kind that is none
// refused.
func TestIdentityPlans(t *testing.T) {
	s, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	plans := map[Identity]*Plan{}
	for _, k := range []Identity{Counted, OwnIDs, Memory} {
		p, err := BuildWith(s, Options{Profile: Strict, Identity: k})
		if err != nil {
			t.Fatal(err)
		}
		if p.Identity != k {
			t.Errorf("planned for %s, the plan says %s", k, p.Identity)
		}
		plans[k] = p
	}
	for i, op := range plans[Memory].Ops {
		if got, want := rowsOf(op.Checks), rowsOf(plans[OwnIDs].Ops[i].Checks); got != want {
			t.Errorf("%s: memory plans %s, own_ids %s", op.Name, got, want)
		}
	}
	if _, err := BuildWith(s, Options{Profile: Strict, Identity: numIdentities}); err == nil || !strings.Contains(err.Error(), "unknown identity kind 3") {
		t.Errorf("BuildWith an Identity of no kind: %v", err)
	}
}
