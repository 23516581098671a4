// Package findings holds the minimal repros of the sweep's kernel verdicts
// (verdicts.json): each test calls one libtorch op through its checked
// wrapper with the smallest input that shows the finding, and requires the
// check to fire. Run with -tags debugasserts.
package findings
