package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts"
)

// A Release is a PyTorch release whose autograd codegen the pytorch
// profile reproduces. Its lists (the view table, the skip lists, the
// manual and no-derivative lists) are entries of the built-in allowlist,
// limited to the releases that have them (allowlist/defaults.yaml,
// versions:); the rules below are those that are code in PyTorch rather
// than lists. Each field names its source in that release's tree.
type Release struct {
	// Version selects the release: "1.13", "2.6" (Options.PyTorchVersion,
	// -pytorch-version, allowlist versions:).
	Version string
	// Full is the release the data was checked against: "1.13.1".
	Full string

	// ForeachBorrow: a _foreach_ op with no derivatives.yaml entry of
	// its own borrows the entry of its non-foreach reference op (the op
	// of the same base name whose arguments are the foreach op's or their
	// elements), and the functional-variant step of the matching skips
	// _foreach_ ops (torchgen/api/autograd.py: match_differentiability_info
	// steps 2 and 4, is_reference_for_foreach, gen_foreach_derivativeinfo).
	ForeachBorrow bool
	// ForeachInplaceRef lists the foreach ops that may borrow from an
	// in-place reference (_foreach_with_inplace_ref).
	ForeachInplaceRef []string
	// ForeachSkipArgLen lists the foreach ops whose reference may have
	// more arguments (_skip_argument_len_check: no alpha).
	ForeachSkipArgLen []string
	// ViewGuardsReturn: the view check (shares_storage) is also skipped
	// when the return has the Python dispatch key, besides the viewed
	// argument (gen_variable_type.py, the SAVE/ENFORCE_SAME_TENSOR_STORAGE
	// templates and check_tensorimpl_and_storage).
	ViewGuardsReturn bool
	// FreshImplCheck is the check on the TensorImpl use count of a
	// fresh (or view) return, the assert of gen_variable_type.py's
	// ENFORCE_TENSOR_IMPL_USE_COUNT template: impl_use_count_le_1
	// (use_count() <= 1) up to 2.6, impl_use_count_eq_fresh (use_count()
	// == expected_fresh_use_count(t): 1, or 2 when the tensor has a
	// PyObject) from 2.14. Both profiles plan it; see docs/plan.md.
	FreshImplCheck asserts.Check
	// Runtime is the asserts profile whose skips are this release's
	// guards: generated wrappers of a pytorch plan for the release run
	// under it (see [Plan.AssertsProfile]).
	Runtime asserts.Profile
	// Source says where the rules above were read.
	Source string
}

// releases are the releases assertgen ships data for, oldest first.
var releases = []Release{
	{
		Version: "1.13", Full: "1.13.1",
		FreshImplCheck: asserts.CheckImplUseCountLE1,
		Runtime:        asserts.PyTorch113,
		Source: "PyTorch 1.13.1: torchgen/api/autograd.py L325 (match_differentiability_info, no foreach rule); " +
			"tools/autograd/gen_variable_type.py L404 (shares_storage guarded by the viewed argument only)",
	},
	{
		Version: "2.6", Full: "2.6.0",
		ForeachBorrow:     true,
		ForeachInplaceRef: []string{"_foreach_zero_"},
		ForeachSkipArgLen: []string{
			"_foreach_add.Scalar", "_foreach_add_.Scalar", "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
			"_foreach_sub.Scalar", "_foreach_sub_.Scalar", "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList",
		},
		ViewGuardsReturn: true,
		FreshImplCheck:   asserts.CheckImplUseCountLE1,
		Runtime:          asserts.PyTorch,
		Source: "PyTorch 2.6.0: torchgen/api/autograd.py L606-658 (match_differentiability_info), " +
			"L323 (_foreach_with_inplace_ref), L330 (_skip_argument_len_check), L344 (is_reference_for_foreach), " +
			"L370 (gen_foreach_derivativeinfo); tools/autograd/gen_variable_type.py L433-438 (shares_storage guarded by the return too)",
	},
	{
		Version: "2.14", Full: "2.14.1",
		ForeachBorrow:     true,
		ForeachInplaceRef: []string{"_foreach_zero_"},
		ForeachSkipArgLen: []string{
			"_foreach_add.Scalar", "_foreach_add_.Scalar", "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
			"_foreach_sub.Scalar", "_foreach_sub_.Scalar", "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList",
		},
		ViewGuardsReturn: true,
		FreshImplCheck:   asserts.CheckImplUseCountEqFresh,
		Runtime:          asserts.PyTorch,
		Source: "PyTorch 2.14.1 (Debian python3-torch 2.14.1+dfsg-1): torchgen/api/autograd.py L323 (_foreach_with_inplace_ref), " +
			"L330 (_skip_argument_len_check), the matching rules as in 2.6.0; torchgen/packaged/autograd/gen_variable_type.py " +
			"L442-449 (shares_storage guarded by the return too), L503-508 (ENFORCE_TENSOR_IMPL_USE_COUNT: " +
			"use_count() == expected_fresh_use_count(t)), templates/VariableType.cpp L50-61 (expected_fresh_use_count)",
	},
}

// Releases returns the PyTorch releases the pytorch profile knows, oldest
// first.
func Releases() []Release { return slices.Clone(releases) }

// LookupRelease returns the release a version selects: "1.13", "1.13.1"
// and "2.6.0" name releases as precisely as they like. An unknown version
// is an error listing the known ones.
func LookupRelease(version string) (*Release, error) {
	if err := allowlist.ValidVersion(version); err != nil {
		return nil, err
	}
	for i := range releases {
		r := &releases[i]
		if version == r.Version || version == r.Full || strings.HasPrefix(version, r.Version+".") {
			return r, nil
		}
	}
	var known []string
	for _, r := range releases {
		known = append(known, r.Version)
	}
	list := known[len(known)-1]
	if n := len(known); n > 1 {
		list = strings.Join(known[:n-1], ", ") + " and " + known[n-1]
	}
	return nil, fmt.Errorf("PyTorch %s is not supported: assertgen has the lists and rules of PyTorch %s", version, list)
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
