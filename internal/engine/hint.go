package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
)

// hint tells the op author what to fix (the check's row of the table of
// checks, internal/checktable).
func hint(v *violation) string {
	if v.Released {
		return "a kernel must not release or reset its caller's handles: the caller still owns every argument"
	}
	if v.Recycled {
		return "a kernel that resizes a tensor may give its old memory back only once the tensor points at new memory; give the tensor its new buffer first, or keep the old one"
	}
	h := checktable.Hint(v.Check, report(&v.Violation))
	if op := v.takenBack; op != "" && op != v.OpName() {
		h = "the memory went back to the runtime's pool during " + op + " and out again (provenance): if a tensor still used it then, " + op + " has the bug and this call is its victim; otherwise, " + h
	}
	return h
}

// report is what the table of checks reads of v, as asserts reads it for
// the check's message (Violation.Error).
func report(v *asserts.Violation) *checktable.Report {
	r := &checktable.Report{Other: v.Other, OtherIsList: v.OtherIsList, Want: v.Want, Got: v.Got,
		WantStorage: v.WantStorage, GotStorage: v.GotStorage, ImplUses: v.ImplUses, StorageUses: v.StorageUses,
		WhileCalled: v.WhileCalled, AnchorMoved: v.AnchorMoved, SameMemory: v.SameMemory, Recycled: v.Recycled,
		DirectSubclass: v.Traits&asserts.DirectSubclass != 0, WrapperSubclass: v.Traits&asserts.WrapperSubclass != 0}
	if v.Binding != nil {
		r.Bound, r.BindingHermetic, r.BindingContext = true, v.Binding.Hermetic, uint64(v.Binding.Context)
	}
	if v.Env != nil {
		r.EnvContext = uint64(v.Env.Context)
	}
	return r
}
