package plan

import (
	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/pytorch"
)

// A Release is a PyTorch release whose autograd codegen the pytorch
// profile reproduces. Its lists (the view table, the skip lists, the
// manual and no-derivative lists) are entries of the built-in allowlist,
// limited to the releases that have them (allowlist/defaults.yaml,
// versions:); its rules that are code in PyTorch rather than lists are
// the Autograd part of assertgen's one table of releases
// (internal/pytorch), whose fields name their source in each release.
type Release struct {
	// Version selects the release: "1.13", "2.6", "2.14"
	// (Options.PyTorchVersion, -pytorch-version, allowlist versions:).
	Version string
	// Full is the release the data was checked against: "2.14.1".
	Full string
	// The rules (see the fields' documentation in internal/pytorch:
	// ForeachBorrow, ForeachInplaceRef, ForeachSkipArgLen,
	// ViewGuardsReturn, Source).
	pytorch.Autograd
	// Runtime is the asserts profile whose skips are this release's
	// guards: generated wrappers of a pytorch plan for the release run
	// under it (see [Plan.AssertsProfile]).
	Runtime asserts.Profile
	// ImplUseCheck is the check Autograd.FreshImplCheck names: the
	// TensorImpl use-count check of a fresh or view return, which both
	// profiles plan (impl_use_count_le_1 up to 2.6,
	// impl_use_count_eq_fresh from 2.14).
	ImplUseCheck asserts.Check
}

// releases are the releases of the table, in its order (oldest first).
var releases = func() []Release {
	rs := make([]Release, len(pytorch.Releases))
	for i, p := range pytorch.Releases {
		rt, ok := asserts.ParseProfile(p.Autograd.Runtime)
		if !ok {
			panic("plan: release " + p.Version + ": unknown runtime profile " + p.Autograd.Runtime)
		}
		k, ok := asserts.ParseCheck(p.Autograd.FreshImplCheck)
		if !ok || (k != asserts.CheckImplUseCountLE1 && k != asserts.CheckImplUseCountEqFresh) {
			panic("plan: release " + p.Version + ": FreshImplCheck " + p.Autograd.FreshImplCheck + " is not a TensorImpl use-count check")
		}
		rs[i] = Release{Version: p.Series, Full: p.Version, Autograd: p.Autograd, Runtime: rt, ImplUseCheck: k}
	}
	return rs
}()

// Releases returns the PyTorch releases the pytorch profile knows, oldest
// first.
func Releases() []Release { return append([]Release(nil), releases...) }

// LookupRelease returns the release a version selects: its series
// ("2.14") or the release ("2.14.1"), the spellings every package takes.
// An unknown version is an error listing the known ones.
func LookupRelease(version string) (*Release, error) {
	if err := allowlist.ValidVersion(version); err != nil {
		return nil, err
	}
	p, err := pytorch.Lookup(version)
	if err != nil {
		return nil, err
	}
	for i := range releases {
		if releases[i].Full == p.Version {
			return &releases[i], nil
		}
	}
	panic("plan: release " + p.Version + " missing")
}

// AssertsProfile returns the asserts profile the plan's wrappers run
// under: asserts.Strict for strict, and for pytorch the profile whose
// skips are the guards of the plan's release (of the newest release when
// the plan has none).
func (p *Plan) AssertsProfile() asserts.Profile {
	if p.Profile != PyTorch {
		return asserts.Strict
	}
	if p.PyTorchVersion != "" {
		if r, err := LookupRelease(p.PyTorchVersion); err == nil {
			return r.Runtime
		}
	}
	return newestRelease().Runtime
}

// newestRelease is the release whose rules apply when no version is
// selected.
func newestRelease() *Release { return &releases[len(releases)-1] }
