//go:build debugasserts

package sweep

import "github.com/assertgen/assertgen/sweep"

// verdicts judges each finding and crash the sweep may report, by the
// key of its cause (package sweep's Verdicts, Cause.Key: one verdict per
// bug, whatever op shows it): "gorgonia: ..." for a gorgonia behaviour
// that breaks the op's contract (with a repro test in package findings),
// "binding: ..." for a mapping that does not hold and is kept on purpose.
// TestSweep fails on a cause without a verdict, and on a verdict nothing
// needs.
//
// It has no finding: the findings of the first sweeps (cat and stack of
// one tensor returning it, fresh_no_alias) were mappings that did not
// hold and are fixed in package ops; README.md, "Findings", lists them
// with their repro tests. Its crashes, 37 of 37 ops (an op's crash and
// its function: their keys before causes), are three causes on empty
// tensors (the empty variant, and the empty value on an op's base
// sample), two bugs of gorgonia's: (*Dense).IsMasked is true on every
// empty tensor (its mask's length, 0, is its length), so each op takes
// its iterator path, whose first Next on no elements returns index 0,
// which the elementwise functions of internal/execution index and
// internal/storage's CopyIter copies a whole element from; and
// (*array).Uintptr takes the address of element 0, which an empty
// tensor has not. TestSweep also fails on a crash on a sample that is
// not empty.
var verdicts = sweep.Verdicts{
	"crash in gorgonia.org/tensor/internal/execution: index out of range on a zero-size dim":      masked + " (the elementwise, comparison and arg functions: AbsIterF32, ArgmaxIterMasked, ...)",
	"crash in gorgonia.org/tensor/internal/storage: slice bounds out of range on a zero-size dim": masked + " (out= and copy_: CopyIter copies a whole element from index 0)",
	"crash in gorgonia.org/tensor: index out of range on a zero-size dim":                         "gorgonia: (*array).Uintptr takes the address of element 0 of an empty tensor (Inner's Data: dot, matmul of 1-d tensors; findings.TestEmptyTensorsPanic); the bindings pass empty tensors on, as PyTorch's kernels take them",
}

// masked is the reason of the crashes of IsMasked on empty tensors.
const masked = "gorgonia: (*Dense).IsMasked is true on every empty tensor, so the op takes its iterator path, whose first Next on no elements returns index 0 (findings.TestEmptyTensorsPanic); the bindings pass empty tensors on, as PyTorch's kernels take them"
