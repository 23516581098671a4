package plan

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// TestReleasesAgree checks that plan's rules are the table of releases:
// the same releases in the same order, each looked up by the same
// spellings, and an unknown one with the table's error.
func TestReleasesAgree(t *testing.T) {
	if len(releases) != len(pytorch.Releases) {
		t.Fatalf("plan knows %d releases, the table %d", len(releases), len(pytorch.Releases))
	}
	for i, r := range releases {
		p := pytorch.Releases[i]
		if p.Version != r.Version || p.Series != r.Series {
			t.Errorf("release %d: plan %s (%s), table %s (%s)", i, r.Version, r.Series, p.Version, p.Series)
		}
		for _, v := range []string{r.Series, r.Version} {
			if pr, err := lookupRules(v); err != nil || pr.Version != r.Version {
				t.Errorf("lookupRules(%q): %v %v", v, pr, err)
			}
		}
	}
	for _, v := range []string{"2.6.1", "3.0"} {
		_, perr := lookupRules(v)
		_, terr := pytorch.Lookup(v)
		if perr == nil || terr == nil || perr.Error() != terr.Error() {
			t.Errorf("lookupRules(%q): %v, table %v; want the same error", v, perr, terr)
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
