package plan

import (
	"testing"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// TestReleasesAgree checks that plan's and schema's views of the table of
// releases are the table: the same releases in the same order, each
// looked up by the same spellings.
func TestReleasesAgree(t *testing.T) {
	sr := schema.Releases()
	if len(sr) != len(releases) || len(releases) != len(pytorch.Releases) {
		t.Fatalf("plan knows %d releases, schema %d, the table %d", len(releases), len(sr), len(pytorch.Releases))
	}
	for i, r := range releases {
		p := pytorch.Releases[i]
		if sr[i].Version != r.Full || sr[i].Series != r.Version || p.Version != r.Full || p.Series != r.Version {
			t.Errorf("release %d: plan %s (%s), schema %s (%s), table %s (%s)", i, r.Full, r.Version, sr[i].Version, sr[i].Series, p.Version, p.Series)
		}
		for _, v := range []string{r.Version, r.Full} {
			pr, perr := LookupRelease(v)
			sr, serr := schema.LookupRelease(v)
			if perr != nil || serr != nil || pr.Full != r.Full || sr.Version != r.Full {
				t.Errorf("LookupRelease(%q): plan %v %v, schema %v %v", v, pr, perr, sr, serr)
			}
		}
	}
	for _, v := range []string{"2.6.1", "3.0"} {
		_, perr := LookupRelease(v)
		_, serr := schema.LookupRelease(v)
		if perr == nil || serr == nil || perr.Error() != serr.Error() {
			t.Errorf("LookupRelease(%q): plan %v, schema %v; want the same error", v, perr, serr)
		}
	}
}
