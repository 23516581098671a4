// Package namecheck holds TestExportedNamesHaveCallers, the repository's
// exported-names linter: it type-checks every package of the three
// modules, in the release and the debugasserts build, and fails for an
// exported name of a hand-written file that nothing but tests uses and no
// Example of its package shows (docs/DESIGN.md). testdata/callers is a
// module with one case of each of its rules (TestUncalledNames). The
// package has no code of its own.
package namecheck
