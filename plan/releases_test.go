package plan

import (
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// TestLookupRelease checks that the planner selects releases from the
// table of releases: each by the same spellings, and an unknown one with
// the table's error.
func TestLookupRelease(t *testing.T) {
	for _, r := range pytorch.Releases {
		for _, v := range []string{r.Series, r.Version} {
			if pr, err := lookupRelease(v); err != nil || pr != r {
				t.Errorf("lookupRelease(%q): %v %v", v, pr, err)
			}
		}
	}
	for _, v := range []string{"2.6.1", "3.0"} {
		_, perr := lookupRelease(v)
		_, terr := pytorch.Lookup(v)
		if perr == nil || terr == nil || perr.Error() != terr.Error() {
			t.Errorf("lookupRelease(%q): %v, table %v; want the same error", v, perr, terr)
		}
	}
}

// TestPolicy checks that a plan resolves the skip policy its
// wrappers run under: strict's, or the guards of its release under the
// pytorch profile (the newest release's for a schema of no release).
func TestPolicy(t *testing.T) {
	small, err := schema.Load("testdata/small/native_functions.yaml", "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p       Profile
		version string
		want    checks.Policy
	}{
		{Strict, "1.13", checks.Strict},
		{PyTorch, "1.13", checks.PyTorch113},
		{PyTorch, "1.13.1", checks.PyTorch113},
		{PyTorch, "2.6", checks.PyTorch},
		{PyTorch, "2.14", checks.PyTorch},
		{PyTorch, "", checks.PyTorch},
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
		if p.Policy != tc.want {
			t.Errorf("%s %q: policy %s, want %s", tc.p, tc.version, p.Policy, tc.want)
		}
	}
}
