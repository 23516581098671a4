// Package wrap is the half of assertgen's run-time that only generated
// code calls: the checked call ([Call]), the snapshots of its tensors
// ([Saved], [SavedList]), the operators it counts under ([Op]), the
// functions that run each row of a plan (the ones each row of the table
// of checks, internal/checktable, names), and the engine that counts them.
// It is only ever imported by code assertgen generates (the generator
// reads the table of checks, never this package); a runtime author works with package asserts (the contract, handlers,
// violations, statistics and switches) and names checks with package
// asserts/checks. Its API may change with every release of assertgen;
// the version handshake below makes stale generated code fail to build.
//
// # Generated code
//
// A wrapper saves each tensor argument before the kernel, completes the
// snapshot after it, snapshots each return, runs one check per plan row
// (binding_context before the kernel and again, as [Call.BindingContextAfter],
// right after it; the others after it; a not_arg_handle row is a
// [Call.NotArg]) and ends the call. The rows are run by two shape helpers,
// one before the kernel and one after it, which every op of the same shape
// (the same rows over the same tensor types) shares, in a package of their
// own, internal/assertgenshapes, under the wrappers'; each is named by a
// hash of its content. Checking costs no heap allocation (lists of up to 8
// tensors included), and the common path of every check is inlined into
// the helpers. For add.Tensor(Tensor self, Tensor other, *, Scalar
// alpha=1) -> Tensor under the strict profile, examples/refops's generated
// wrapper and its helpers are (TestDocExampleIsGenerated keeps this text
// equal to those files):
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
//		var c wrap.Call
//		var a0, a1 wrap.Saved
//		assertgenshapes.ChecksPre_52aead60edef(&c, &opAddTensor, &assertgenshapes.Locs_4fb6336c28fa, &a0, &a1, self, other)
//		r0 := kernels.AddTensor(self, other, alpha)
//		assertgenshapes.ChecksPost_3267777e6e64(&c, &assertgenshapes.Locs_4fb6336c28fa, &a0, &a1, self, other, r0)
//		return r0
//	}
//
//	// examples/refops/checked/internal/assertgenshapes/assertgen_shapes.go
//	var Locs_4fb6336c28fa = [3]wrap.Loc{wrap.Arg("self"), wrap.Arg("other"), wrap.Ret(0)}
//
//	// ChecksPre_52aead60edef begins the call, saves the arguments and runs the rows of the plan before the kernel, for 5 op(s) of one shape (the first: add.Tensor).
//	func ChecksPre_52aead60edef(c *wrap.Call, op *wrap.Op, l *[3]wrap.Loc, s0 *wrap.Saved, s1 *wrap.Saved, t0 *reftensor.Tensor, t1 *reftensor.Tensor) {
//		c.Begin(op)
//		c.Save(s0, t0)
//		c.Save(s1, t1)
//		if fp, ok := t0.MetadataFingerprint(); !c.TakeMetadata(s0, fp, ok) {
//			c.SaveMetadataOf(s0, t0)
//		}
//		if fp, ok := t1.MetadataFingerprint(); !c.TakeMetadata(s1, fp, ok) {
//			c.SaveMetadataOf(s1, t1)
//		}
//		if !c.Hermetic() && s0.Plain() && s1.Plain() {
//			c.BindingContextRows(2)
//		} else {
//			c.BindingContext(l[0], s0, t0)
//			c.BindingContext(l[1], s1, t1)
//		}
//		if wrap.ContentCheckOff() {
//			c.ContentOff(2)
//		} else {
//			c.SameContent(l[0], s0, t0)
//			c.SameContent(l[1], s1, t1)
//		}
//	}
//
//	// ChecksPost_3267777e6e64 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 5 op(s) of one shape (the first: add.Tensor).
//	func ChecksPost_3267777e6e64(c *wrap.Call, l *[3]wrap.Loc, s0 *wrap.Saved, s1 *wrap.Saved, t0 *reftensor.Tensor, t1 *reftensor.Tensor, t2 *reftensor.Tensor) {
//		var s2 wrap.Saved
//		if c.Hermetic() {
//			c.BindingContextAfter(l[0], s0, t0)
//			c.BindingContextAfter(l[1], s1, t1)
//		}
//		c.After(s0, t0)
//		c.After(s1, t1)
//		c.Result(&s2, t2)
//		c.SameImplStorageVersion(l[0], s0)
//		if fp, ok := t0.MetadataFingerprint(); !s0.MetadataKept(fp, ok) {
//			c.SameMetadataOf(l[0], s0, t0)
//		}
//		c.SameImplStorageVersion(l[1], s1)
//		if fp, ok := t1.MetadataFingerprint(); !s1.MetadataKept(fp, ok) {
//			c.SameMetadataOf(l[1], s1, t1)
//		}
//		c.ImplUseCountLE1(l[2], &s2)
//		if !(s2.ImplApart(s0) && s2.ImplApart(s1)) {
//			c.NotArg(l[2], &s2, l[0], s0)
//			c.NotArg(l[2], &s2, l[1], s1)
//		}
//		c.StorageUseCountEq1(l[2], &s2)
//		if s2.FreshFrom(s0) && s2.FreshFrom(s1) {
//			c.FreshNoAliasRows(2)
//		} else {
//			c.FreshNoAlias(l[2], &s2, l[0], s0)
//			c.FreshNoAlias(l[2], &s2, l[1], s1)
//		}
//		if c.HasDigests() {
//			c.SameContentAfter(l[0], s0, t0)
//			c.SameContentAfter(l[1], s1, t1)
//		}
//		c.End()
//	}
//
// The other shapes differ only in their helpers' rows (l[i] is the Loc of
// slot i, s<i> its snapshot, t<i> its tensor):
//
//   - in-place (add_.Tensor) and out= (add.out): no no_mutation on the
//     mutated argument, which c.Mutable(s0) records after its Save (an
//     argument sharing its storage is then not blamed for the write; the
//     wrapper defers c.Abandon()), and c.ReturnsArg(l[2], &s2, l[0], s0)
//     instead of the use-count checks;
//   - view (transpose.int): c.SharesStorage(l[1], &s1, l[0], s0),
//     c.ImplUseCountLE1 and c.NotArg;
//   - may-alias (reshape): c.FreshOrAlias(l[1], &s1, l[0], s0);
//   - several fresh returns: c.DistinctOutputs(wrap.Out(l[1], &s1),
//     wrap.Out(l[2], &s2));
//   - Tensor? arguments: c.SaveOpt(s0, t0, t0 != nil);
//   - Tensor[] and Tensor?[] arguments and returns: a [SavedList] filled by
//     a list function of the helpers' package per list type (a loop of
//     [Call.Save], After or Result over the elements), and the List
//     variants of the checks (c.SameImplList, c.SharesStorageList,
//     [BindingContextList], [OutList], ...);
//   - checks the plan skipped when generating: c.PlanSkip(check, loc), so
//     that run-time statistics count them under reason plan.
//
// Snapshots and the Call are declared as variables and filled in place: a
// Call or a Saved returned by value is copied by the compiler with 16-byte
// moves that stall on the 8-byte stores just made, which cost a quarter of a
// checked call. Op values must be package-level variables: they accumulate
// the operator's statistics.
//
// # Versions
//
// Every generated package names the version of this API it was written
// for, against the window of versions this package accepts
// ([EnforceVersion], [MinVersion], [MaxVersion]): code generated for an
// API this package no longer provides fails to compile on that line,
// which says to run go generate, instead of misbehaving.
package wrap
