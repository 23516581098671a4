// Package planted is the sweep's test bed: a small garbage-collected
// float64 runtime (sizes, strides and a storage offset over a shared
// []float64, a storage ID per allocation, no use counts) whose kernels are
// correct, and, in its tests, the same kernels with planted bugs that only
// some values reach: add.Tensor scaling other in place when alpha != 1,
// returning self when other is all zeros or alpha is 0; reshape making its
// input contiguous in place on its copy path; softmax transposing its
// input when dim is not 0, or, taking vectors only, a row vector; sum returning a view of its input over a dim
// of size 1 with keepdim, and indexing out of range on a negative dim;
// mul expanding a broadcast other in place; relu handing out one shared
// buffer when no element is positive; abs writing its input when the
// signs are mixed, or when it is 0-dim (|x| written back: only a negative
// x shows); relu of a 1-d tensor writing max(x, 0) into it; and bugs every
// sample reaches, which the sweep found
// before the values that matter. The tests show that the sweep alone,
// with no value test written, finds every one, and that the fuzz target
// (FuzzPlanted) finds each from an empty corpus (docs/sweep.md).
//
//go:generate go run github.com/assertgen/assertgen/cmd/assertgen gen -config checked.yaml
package planted
