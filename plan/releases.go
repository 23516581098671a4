package plan

import (
	"slices"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/pytorch"
)

// rules are what the autograd codegen of one PyTorch release does that
// the pytorch profile reproduces, as the planner reads them: the release's
// Autograd part in assertgen's one table of releases (internal/pytorch,
// whose fields name their source in each release), with its names made
// values. The release's lists (the view table, the skip lists, the manual
// and no-derivative lists) are entries of the built-in allowlist, limited
// to the releases that have them (allowlist/defaults.yaml, versions:).
type rules struct {
	// Version is the release the data was checked against, "2.14.1";
	// Series selects it: "2.14" (Options.PyTorchVersion,
	// -pytorch-version, allowlist versions:).
	Version, Series string
	// The rules (see the fields' documentation in internal/pytorch:
	// ForeachBorrow, ForeachInplaceRef, ForeachSkipArgLen,
	// ViewGuardsReturn, Source).
	pytorch.Autograd
	// Runtime is the asserts profile whose skips are this release's
	// guards: generated wrappers of a pytorch plan for the release run
	// under it (see [Plan.Runtime]).
	Runtime asserts.Profile
	// ImplUseCheck is the check Autograd.FreshImplCheck names: the
	// TensorImpl use-count check of a fresh or view return, which both
	// profiles plan (impl_use_count_le_1 up to 2.6,
	// impl_use_count_eq_fresh from 2.14).
	ImplUseCheck asserts.Check
}

// releases are the releases of the table, in its order (oldest first).
var releases = func() []rules {
	rs := make([]rules, len(pytorch.Releases))
	for i, p := range pytorch.Releases {
		rt, ok := asserts.ParseProfile(p.Autograd.Runtime)
		if !ok {
			panic("plan: release " + p.Version + ": unknown runtime profile " + p.Autograd.Runtime)
		}
		k, ok := asserts.ParseCheck(p.Autograd.FreshImplCheck)
		if !ok || (k != asserts.CheckImplUseCountLE1 && k != asserts.CheckImplUseCountEqFresh) {
			panic("plan: release " + p.Version + ": FreshImplCheck " + p.Autograd.FreshImplCheck + " is not a TensorImpl use-count check")
		}
		rs[i] = rules{Version: p.Version, Series: p.Series, Autograd: p.Autograd, Runtime: rt, ImplUseCheck: k}
	}
	return rs
}()

// lookupRules returns the rules of the release a version selects: its
// series ("2.14") or the release ("2.14.1"), the spellings every package
// takes. An unknown version is an error listing the known ones.
func lookupRules(version string) (*rules, error) {
	if err := allowlist.ValidVersion(version); err != nil {
		return nil, err
	}
	p, err := pytorch.Lookup(version)
	if err != nil {
		return nil, err
	}
	return &releases[slices.Index(pytorch.Releases, p)], nil // built in the table's order
}

// newestRules are the rules that apply when no version is selected.
func newestRules() *rules { return &releases[len(releases)-1] }
