package plan

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
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

// TestRuntime checks that a plan resolves the asserts profile its
// wrappers run under: strict's, or the guards of its release under the
// pytorch profile (the newest release's for a schema of no release).
func TestRuntime(t *testing.T) {
	small, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p       Profile
		version string
		want    asserts.Profile
	}{
		{Strict, "1.13", asserts.Strict},
		{PyTorch, "1.13", asserts.PyTorch113},
		{PyTorch, "1.13.1", asserts.PyTorch113},
		{PyTorch, "2.6", asserts.PyTorch},
		{PyTorch, "2.14", asserts.PyTorch},
		{PyTorch, "", asserts.PyTorch},
	} {
		s := small
		if tc.version != "" {
			if s, err = schema.Embedded(tc.version); err != nil {
				t.Fatal(err)
			}
		}
		p, err := BuildWith(s, Options{Profile: tc.p, PyTorchVersion: tc.version})
		if err != nil {
			t.Fatal(err)
		}
		if p.Runtime != tc.want {
			t.Errorf("%s %q: runtime %s, want %s", tc.p, tc.version, p.Runtime, tc.want)
		}
	}
}
