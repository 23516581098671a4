// Package gonum checks gonum.org/v1/gonum/mat as it is: its *mat.Dense is
// the Tensor type, with no wrapper and no ids of its own. assertgen init
// -type wrote assertgen.yaml (each op bound to gonum's own methods where
// their values are the op's, the views and cat through the helpers of
// assertgen_views.go) and AssertgenMemory; gonum.go is what init cannot
// know: Memory, which reads a Dense in place. Both memory functions are
// built with -tags debugasserts alone, as the checked wrappers that call
// them are: the release build of the package (the views' helpers) links
// nothing of assertgen.
package gonum
