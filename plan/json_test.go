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
	for _, p := range []Profile{Strict, PyTorch} {
		pl, err := BuildWith(s, Options{Profile: p, NoUseCounts: p == Strict})
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
		if back.Policy != pl.Policy || back.NoUseCounts != pl.NoUseCounts {
			t.Errorf("%s: decoded runtime %s, no_use_counts %v; the plan has %s, %v", p, back.Policy, back.NoUseCounts, pl.Policy, pl.NoUseCounts)
		}
		if p == PyTorch && back.Derivatives != "pytorch-1.13.1/derivatives.yaml" {
			t.Errorf("derivatives %q", back.Derivatives)
		}
	}
}
