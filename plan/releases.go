package plan

import (
	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/internal/pytorch"
)

// The planner reads what the autograd codegen of each PyTorch release does
// that the pytorch profile reproduces from the release's Autograd part in
// assertgen's one table of releases (internal/pytorch, whose fields name
// their source in each release), as it is: the skip policy its wrappers
// run under (Autograd.Policy, see [Plan.Policy]), the TensorImpl use-count
// check of a fresh or view return both profiles plan
// (Autograd.FreshImplCheck(): impl_use_count_le_1 up to 2.6,
// impl_use_count_eq_fresh from 2.14), the foreach and view rules. The
// release's lists (the view table, the skip lists, the manual and
// no-derivative lists) are entries of the built-in allowlist, limited to
// the releases that have them (allowlist/defaults.yaml, versions:).

// lookupRelease returns the release a version selects: its series
// ("2.14") or the release ("2.14.1"), the spellings every package takes.
// An unknown version is an error listing the known ones.
func lookupRelease(version string) (*pytorch.Release, error) {
	if err := allowlist.ValidVersion(version); err != nil {
		return nil, err
	}
	return pytorch.Lookup(version)
}
