package plan

import (
	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/internal/pytorch"
)

// The planner reads the rules of each PyTorch release's autograd codegen
// from the release's Autograd part, in internal/pytorch's table of
// releases. They are the skip policy, the TensorImpl use-count check, and
// the foreach and view rules. The release's lists are entries of the built-in
// allowlist, limited to the releases that have them
// (allowlist/defaults.yaml).

// lookupRelease returns the release a version selects: its series
// ("2.14") or the release ("2.14.1"), the spellings every package takes.
// An unknown version is an error listing the known ones.
func lookupRelease(version string) (*pytorch.Release, error) {
	if err := allowlist.ValidVersion(version); err != nil {
		return nil, err
	}
	return pytorch.Lookup(version)
}
