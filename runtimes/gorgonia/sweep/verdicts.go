//go:build debugasserts

package sweep

import "github.com/assertgen/assertgen/sweep"

// verdicts judges each finding and crash the sweep may report, by
// Finding.Key and Crash.Key (package sweep's Verdicts): "gorgonia: ..." for
// a gorgonia behaviour that breaks the op's contract (with a repro test in
// package findings), "binding: ..." for a mapping that does not hold and
// is kept on purpose. TestSweep fails on a finding or crash without a
// verdict, and on a verdict nothing needs.
//
// It has no finding: the findings of the first sweeps (cat and stack of
// one tensor returning it, fresh_no_alias) were mappings that did not
// hold and are fixed in package ops; README.md, "Findings", lists them
// with their repro tests. Its crashes are one gorgonia bug (empty): on
// empty tensors (the empty variant, and the empty value on an op's base
// sample) gorgonia's iterators index element 0 of an empty array, or copy
// a fixed-size header from it, a Go runtime error inside gorgonia.
// TestSweep also fails on a crash on a sample that is not empty.
var verdicts = sweep.Verdicts{
	"abs crash: panic at execution.AbsIterF32":                 empty,
	"abs_ crash: panic at execution.AbsIterF32":                empty,
	"add.Tensor crash: panic at execution.AddIterF32":          empty,
	"add.out crash: panic at storage.CopyIter":                 empty,
	"add_.Tensor crash: panic at execution.AddIterF32":         empty,
	"argmax crash: panic at execution.E.ArgmaxIterMasked":      empty,
	"argmin crash: panic at execution.E.ArgminIterMasked":      empty,
	"clamp crash: panic at execution.ClampIterF32":             empty,
	"clamp_ crash: panic at execution.ClampIterF32":            empty,
	"copy_ crash: panic at storage.CopyIter":                   empty,
	"div.Tensor crash: panic at execution.DivIterF32":          empty,
	"div.out crash: panic at storage.CopyIter":                 empty,
	"div_.Tensor crash: panic at execution.DivIterF32":         empty,
	"dot crash: panic at tensor.(*array).Uintptr":              empty,
	"eq.Tensor crash: panic at execution.EqIterF32":            empty,
	"exp crash: panic at execution.ExpIterF32":                 empty,
	"exp.out crash: panic at storage.CopyIter":                 empty,
	"exp_ crash: panic at execution.ExpIterF32":                empty,
	"log crash: panic at execution.LogIterF32":                 empty,
	"matmul crash: panic at tensor.(*array).Uintptr":           empty,
	"maximum crash: panic at storage.CopyIter":                 empty,
	"minimum crash: panic at storage.CopyIter":                 empty,
	"mul.Tensor crash: panic at execution.MulIterF32":          empty,
	"mul.out crash: panic at storage.CopyIter":                 empty,
	"mul_.Tensor crash: panic at execution.MulIterF32":         empty,
	"neg crash: panic at execution.NegIterF32":                 empty,
	"neg.out crash: panic at storage.CopyIter":                 empty,
	"neg_ crash: panic at execution.NegIterF32":                empty,
	"pow.Tensor_Scalar crash: panic at execution.PowIterVSF32": empty,
	"sqrt crash: panic at execution.SqrtIterF32":               empty,
	"sqrt_ crash: panic at execution.SqrtIterF32":              empty,
	"square crash: panic at execution.SquareIterF32":           empty,
	"sub.Tensor crash: panic at execution.SubIterF32":          empty,
	"sub.out crash: panic at storage.CopyIter":                 empty,
	"sub_.Tensor crash: panic at execution.SubIterF32":         empty,
	"tanh crash: panic at execution.TanhIterF32":               empty,
	"tanh_ crash: panic at execution.TanhIterF32":              empty,
}

// empty is the reason of the crashes on empty tensors.
const empty = "gorgonia: indexes element 0 of an empty tensor's array (findings.TestEmptyTensorsPanic); the bindings pass empty tensors on, as PyTorch's kernels take them"
