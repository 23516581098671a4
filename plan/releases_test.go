package plan

import (
	"testing"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// TestReleasesAgree ties plan's release table (codegen rules) to schema's
// (torchgen rules) and to the embedded files: the same releases, in the
// same order, so that adding a release cannot leave one of them behind.
func TestReleasesAgree(t *testing.T) {
	sr := schema.Releases()
	if len(sr) != len(releases) {
		t.Fatalf("plan knows %d releases, schema %d", len(releases), len(sr))
	}
	for i, r := range releases {
		if sr[i].Version != r.Full || sr[i].Series != r.Version {
			t.Errorf("release %d: plan %s (%s), schema %s (%s)", i, r.Full, r.Version, sr[i].Version, sr[i].Series)
		}
		if pytorch.Lookup(r.Full) == nil {
			t.Errorf("release %s: no embedded files in internal/pytorch", r.Full)
		}
	}
}
