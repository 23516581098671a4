// Package wrap is the facade of assertgen's run time that generated code
// calls. Only code assertgen generates imports it: the wrappers and their
// shapes package. A runtime author works with package asserts (the
// contract, handlers, violations, statistics and switches) and names
// checks with package asserts/checks. The generator reads the table of
// checks, never this package.
//
// It holds the version window ([EnforceVersion], [MinVersion],
// [MaxVersion]). For each entry that version-4 generated code calls, it
// holds an alias of the engine's (internal/engine): [Frame] and its
// methods, [Op], [Shape], [Row], [Loc], [Slot], [ListSlot], the forms,
// [Arg] and [Ret]. An alias is the engine's type under another name, so
// the aliases cost nothing at run time.
//
// What it promises: code generated for any version from [MinVersion] to
// [MaxVersion] builds and checks as it did. testdata/frozen holds sets
// generated at version 4, never regenerated; CI builds and tests them
// against this package, and testdata/frozen/ENTRIES lists the entries
// they call. A version leaves the window only when CHANGELOG.md says so,
// with a migration note (regenerate). Anything else may change with every
// release.
//
// # Generated code
//
// A wrapper of the one path (versions 4 and 5) serves a runtime with use
// counts whose tensors are pointers of one type. It declares a [Frame]
// sized by its tensors. Version 5 rounds the size up to one of a few, so
// that a set's shapes share few Frame types: the compiler instantiates
// each again in every package that declares it. The Shape says the
// lengths in Slots and ListSlots where they are more than its tensors.
//
// The wrapper calls two helpers that its shape shares with every op of the
// same shape, in a package of their own (internal/assertgenshapes). Before
// the kernel, one opens the call ([Frame.Open]), reads each argument's
// identities with the concrete type ([Frame.Arg], [Frame.Meta]...) and
// begins the call with the op's [Shape]. After it, the other reads the
// arguments again and the returns ([Frame.AfterArg], [Frame.Ret]...) and
// ends the call. The rows of the plan are the Shape's data: the helpers
// test no condition and call no check's entry. The runtime runs a plain
// call on the plan it derives once per Shape, and any other call row by
// row. Checking costs no heap allocation, lists of up to 8 tensors
// included.
//
// For add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
// under the strict profile, examples/refops's generated wrapper, its
// helpers and its Shape are these (TestDocExampleIsGenerated keeps this
// text equal to those files):
//
//	// examples/refops/checked/assertgen_checked.go (//go:build debugasserts)
//	var opAddTensor = wrap.Op{
//		Kernel:   kernels.AddTensor,
//		Name:     "add",
//		Overload: "Tensor",
//		Policy:   checks.Strict,
//	}
//
//	// AddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//	func AddTensor(self *reftensor.Tensor, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
//		if !asserts.Checking() {
//			return kernels.AddTensor(self, other, alpha)
//		}
//		var fr wrap.Frame[[3]wrap.Slot, [0]wrap.ListSlot]
//		assertgenshapes.Before_fee735097cff(&fr, &opAddTensor, &assertgenshapes.Shape_5fe50c0fb98a, self, other)
//		r0 := kernels.AddTensor(self, other, alpha)
//		assertgenshapes.After_05682342539d(&fr, self, other, r0)
//		return r0
//	}
//
//	// examples/refops/checked/internal/assertgenshapes/assertgen_shapes.go
//	// Before_fee735097cff reads the arguments and begins the call, for 5 op(s) of one shape (the first: add.Tensor).
//	func Before_fee735097cff(fr *wrap.Frame[[3]wrap.Slot, [0]wrap.ListSlot], op *wrap.Op, sh *wrap.Shape, t0 *reftensor.Tensor, t1 *reftensor.Tensor) {
//		fr.Open()
//		fr.Arg(0, t0.Ident(), unsafe.Pointer(t0))
//		fp0, ok0 := t0.MetadataFingerprint()
//		fr.Meta(0, fp0, ok0)
//		fr.Arg(1, t1.Ident(), unsafe.Pointer(t1))
//		fp1, ok1 := t1.MetadataFingerprint()
//		fr.Meta(1, fp1, ok1)
//		fr.Begin(op, sh)
//	}
//
//	// After_05682342539d reads the arguments again and the returns, and ends the call, for 5 op(s) of one shape (the first: add.Tensor).
//	func After_05682342539d(fr *wrap.Frame[[3]wrap.Slot, [0]wrap.ListSlot], t0 *reftensor.Tensor, t1 *reftensor.Tensor, t2 *reftensor.Tensor) {
//		fr.AfterArg(0, t0.Ident())
//		fp0, ok0 := t0.MetadataFingerprint()
//		fr.MetaAfter(0, fp0, ok0)
//		fr.AfterArg(1, t1.Ident())
//		fp1, ok1 := t1.MetadataFingerprint()
//		fr.MetaAfter(1, fp1, ok1)
//		iu2, su2 := t2.UseCounts()
//		fr.Ret(2, t2.Ident(), iu2, su2, unsafe.Pointer(t2))
//		fr.End()
//	}
//
//	// Shape_5fe50c0fb98a is the rows of the plan of the ops of one shape, as data (asserts/wrap runs them).
//	var Shape_5fe50c0fb98a = wrap.Shape{
//		Args:       2,
//		Elem:       elem_5a6f226f5ab8,
//		Locs:       []wrap.Loc{wrap.Arg("self"), wrap.Arg("other"), wrap.Ret(0)},
//		Rets:       1,
//		Rows:       rows_aff49e3b5167,
//		Tensor:     tensor_5a6f226f5ab8,
//		Unanchored: true,
//	}
//
//	// rows_aff49e3b5167 are the rows of 2 shapes.
//	var rows_aff49e3b5167 = []wrap.Row{
//		{Check: checks.SameImpl, T: 0, U: -1},
//		{Check: checks.SameStorage, T: 0, U: -1},
//		{Check: checks.NoMutation, T: 0, U: -1},
//		{Check: checks.SameContent, T: 0, U: -1},
//		{Check: checks.SameMetadata, T: 0, U: -1},
//		{Check: checks.BindingContext, T: 0, U: -1},
//		{Check: checks.SameImpl, T: 1, U: -1},
//		{Check: checks.SameStorage, T: 1, U: -1},
//		{Check: checks.NoMutation, T: 1, U: -1},
//		{Check: checks.SameContent, T: 1, U: -1},
//		{Check: checks.SameMetadata, T: 1, U: -1},
//		{Check: checks.BindingContext, T: 1, U: -1},
//		{Check: checks.ImplUseCountLE1, T: 2, U: -1},
//		{Check: checks.NotArgHandle, T: 2, U: 0},
//		{Check: checks.NotArgHandle, T: 2, U: 1},
//		{Check: checks.StorageUseCountEq1, T: 2, U: -1},
//		{Check: checks.FreshNoAlias, T: 2, U: 0},
//		{Check: checks.FreshNoAlias, T: 2, U: 1},
//	}
//
// Lists are read element by element ([Frame.List], [Frame.Elem],
// [Frame.AfterElem], [Frame.RetElem]). A view's base use count is read
// before the kernel by [Frame.ViewBase]. An op that writes an argument
// defers [Frame.Abandon]. A memory: runtime's list return is read by its
// elements' identities and anchors ([Frame.RetElemIdent], its adapter's).
// gen refuses an op the one path does not take; gen/steps' onePath says
// which (more tensors than a Frame holds, tensors of two types...). No op
// of the embedded schemas is one (gen's TestEveryOpTakesTheOnePath).
//
// Frames are declared as variables and filled in place (docs/asserts.md
// says why). Op values must be package-level variables: they accumulate
// the operator's statistics.
//
// # Versions
//
// Every generated package names the version of this API it was written
// for, against the window of versions this package accepts
// ([EnforceVersion], [MinVersion], [MaxVersion]). Code generated for an
// API this package no longer provides fails to compile on that line,
// which says to run go generate, instead of misbehaving.
package wrap
