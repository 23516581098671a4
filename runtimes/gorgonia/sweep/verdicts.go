//go:build debugasserts

package sweep

// verdicts judges each finding the sweep may report, by Finding.Key:
// "gorgonia: ..." for a gorgonia behaviour that breaks the op's contract
// (with a repro test in package findings), "binding: ..." for a mapping
// that does not hold and is kept on purpose. TestSweep fails on a finding
// without a verdict, and on a verdict no finding needs.
//
// It is empty: the findings of the first sweeps (cat and stack of one
// tensor returning it, fresh_no_alias) were mappings that did not hold and
// are fixed in package ops; README.md, "Findings", lists them with their
// repro tests.
var verdicts = map[string]string{}

// emptyCrashes judges the crashes the sweep may report: gorgonia's
// iterators index element 0 of an empty array (or copy a fixed-size
// header from it), a Go runtime error inside gorgonia, for these ops on
// empty tensors (the empty variant, and the empty value on an op's base
// sample). A gorgonia bug, pinned by findings.TestEmptyTensorsPanic; the
// bindings pass empty tensors on, as PyTorch's kernels take them.
// TestSweep fails on a crash of another op, on another sample or outside
// gorgonia, and on an op here that no longer crashes.
var emptyCrashes = []string{
	"abs", "abs_", "add.Tensor", "add.out", "add_.Tensor", "argmax", "argmin", "clamp", "clamp_", "copy_",
	"div.Tensor", "div.out", "div_.Tensor", "dot", "eq.Tensor", "exp", "exp.out", "exp_", "log", "matmul",
	"maximum", "minimum", "mul.Tensor", "mul.out", "mul_.Tensor", "neg", "neg.out", "neg_", "pow.Tensor_Scalar",
	"sqrt", "sqrt_", "square", "sub.Tensor", "sub.out", "sub_.Tensor", "tanh", "tanh_",
}
