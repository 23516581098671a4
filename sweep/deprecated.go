package sweep

import "iter"

// Names this package had before it was trimmed to what runtimes use; they
// stay for the code that uses them, CHANGELOG.md says until when.

// A Table is what a sweep runs: each op's schema line and its checked
// wrapper, as gen's SweepOps yields them.
//
// Deprecated: use iter.Seq2[string, any], the type [Sweep], [Run] and
// [Fuzz] take; a Table is that type.
type Table = iter.Seq2[string, any]

// Values returns n deterministic element values for a tensor of dtype:
// positive and distinct for floats, 0 and 1 for integer and bool types.
// They are the values a sample's tensors hold when its spec names no
// fill.
//
// Deprecated: use [Spec.Elements], which gives a spec's values by its fill
// and shape.
func Values(dtype string, n int) []float64 { return elementValues(dtype, n) }
