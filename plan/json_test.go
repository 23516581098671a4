package plan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestWriteJSONIsEncodingJSON checks the writer's layout: one line per op,
// each what encoding/json gives for the op (without HTML escaping), and
// the whole document decodes back to the plan.
func TestWriteJSONIsEncodingJSON(t *testing.T) {
	s := loadPyTorch(t)
	for _, c := range []struct {
		p  Profile
		id Identity
	}{{Strict, OwnIDs}, {PyTorch, Counted}, {Strict, Memory}} {
		p := c.p
		pl, err := BuildWith(s, Options{Profile: p, Identity: c.id})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := pl.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) != len(pl.Ops)+3 { // header, ops, footer, ""
			t.Fatalf("%s: %d lines for %d ops", p, len(lines), len(pl.Ops))
		}
		for i, op := range pl.Ops {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(op); err != nil {
				t.Fatal(err)
			}
			want := strings.TrimSuffix(b.String(), "\n")
			if got := strings.TrimSuffix(lines[i+1], ","); got != want {
				t.Fatalf("%s: op %s:\n got %s\nwant %s", p, op.Name, got, want)
			}
		}
		var back Plan
		if err := json.Unmarshal(out.Bytes(), &back); err != nil {
			t.Fatal(err)
		}
		if back.Profile != p || len(back.Ops) != len(pl.Ops) || back.PyTorchVersion != "1.13" {
			t.Errorf("%s: decoded profile %q, %d ops, version %q", p, back.Profile, len(back.Ops), back.PyTorchVersion)
		}
		// What gen reads of the plan as a whole is shown (issue 23).
		if back.Policy != pl.Policy || back.Identity != c.id {
			t.Errorf("%s: decoded runtime %s, identity %s; the plan has %s, %s", p, back.Policy, back.Identity, pl.Policy, c.id)
		}
		// Readers of the plans written before the identity kind read
		// no_use_counts.
		var old struct {
			NoUseCounts bool `json:"no_use_counts"`
		}
		if err := json.Unmarshal(out.Bytes(), &old); err != nil || old.NoUseCounts != !c.id.UseCounts() {
			t.Errorf("%s %s: no_use_counts %v (%v)", p, c.id, old.NoUseCounts, err)
		}
		if p == PyTorch && back.Derivatives != "pytorch-1.13.1/derivatives.yaml" {
			t.Errorf("derivatives %q", back.Derivatives)
		}
	}
}
