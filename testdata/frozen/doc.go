// Package frozen holds generated sets that are never regenerated: the
// wrappers assertgen wrote at version 4 of asserts/wrap (the one path:
// wrap.Frame, wrap.Shape) for the runtimes below, committed with copies of
// those runtimes as they were then, so that their only dependency on this
// repository is what a user's generated code depends on (asserts,
// asserts/checks, asserts/wrap and the tests' sweep and assertstest). The
// root module's TestFrozenSets builds and tests this module against the
// current runtime in both builds: a change that would break a user's
// generated code fails there instead of in the user's build. Regenerating
// these sets would defeat them; a change that must break them (raising
// wrap.MinVersion) replaces them with sets of the new minimum version, and
// CHANGELOG.md says so. These replaced the version-3 sets when MinVersion
// went to 4.
//
//   - pool: a generic runtime with use counts (the counted kind,
//     type_params) whose tensors carry storage anchors, a pool that
//     recycles storage (asserts.Recycled); in function mode (checked, and
//     checkedstrict under the strict profile) and in interface mode on one
//     instantiation (catalog).
//   - gcrt: a runtime without use counts (the own-ids kind, storage
//     anchors), in function mode (checked) and interface mode (checkedif).
//   - ifacert: tensors held as an interface, asserts.Tensor (no tensor type
//     configured), in interface mode; its tests run reftensor and refops,
//     copies of examples/reftensor and examples/refops's kernels.
//   - gonum: a library's type as it is, *mat.Dense (the memory kind), every
//     op bound to gonum's methods (bind:).
package frozen
