// Package asserts is the run-time half of assertgen: the checks that
// generated wrappers run around every kernel of a tensor runtime, in debug
// builds, to verify that the kernel keeps the TensorImpl and StorageImpl
// invariants its schema promises.
//
// It imports only the standard library. A runtime plugs in through a small
// contract ([Tensor], with the optional [Bound], and an [Env] for the mode
// state); generated code calls the primitives below; violations go to a
// [Handler].
//
// # The contract
//
// A runtime's tensor handle (usually a pointer type) implements [Tensor]:
//
//   - Ident returns, in one call, the identities of the TensorImpl and the
//     StorageImpl (0 for an undefined tensor, or no storage), the version
//     counter (with the Versioned trait) and the [Traits]: plain, direct
//     subclass, wrapper subclass with or without storage propagation, meta
//     device, storage-less layout, functional wrapper.
//   - UseCounts returns the TensorImpl's and the StorageImpl's use counts.
//
// A runtime without use counts (a garbage-collected one) implements only
// [Identity], the Ident half; its wrappers, generated with use_counts:
// false, snapshot returns with [Call.ResultIdent], skip the use-count
// checks under reason no_use_counts, and check freshness with
// [Call.FreshNotHeld] (fresh_not_held), which reads [Anchored].
//
// Tensors that can carry a foreign object bound to their storage also
// implement [Bound]. The runtime registers an [Env] with [SetEnv] so that a
// call can read whether a dispatch mode is active and which context (hermetic
// or not) it runs in; Go has no thread-locals. The asserts/assertstest
// package checks a runtime's implementation of the contract.
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
//	var opAddTensor = asserts.Op{
//		Name:     "add",
//		Overload: "Tensor",
//		Profile:  asserts.Strict,
//	}
//
//	// AddTensor checks add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//	func AddTensor(self *reftensor.Tensor, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
//		if !asserts.Checking() {
//			return kernels.AddTensor(self, other, alpha)
//		}
//		var c asserts.Call
//		var a0, a1 asserts.Saved
//		assertgenshapes.ChecksPre_5c875b614666(&c, &opAddTensor, &assertgenshapes.Locs_4fb6336c28fa, &a0, &a1, self, other)
//		r0 := kernels.AddTensor(self, other, alpha)
//		assertgenshapes.ChecksPost_3267777e6e64(&c, &assertgenshapes.Locs_4fb6336c28fa, &a0, &a1, self, other, r0)
//		return r0
//	}
//
//	// examples/refops/checked/internal/assertgenshapes/assertgen_shapes.go
//	var Locs_4fb6336c28fa = [3]asserts.Loc{asserts.Arg("self"), asserts.Arg("other"), asserts.Ret(0)}
//
//	// ChecksPre_5c875b614666 begins the call, saves the arguments and runs the rows of the plan before the kernel, for 5 op(s) of one shape (the first: add.Tensor).
//	func ChecksPre_5c875b614666(c *asserts.Call, op *asserts.Op, l *[3]asserts.Loc, s0 *asserts.Saved, s1 *asserts.Saved, t0 *reftensor.Tensor, t1 *reftensor.Tensor) {
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
//		if asserts.ContentCheckOff() {
//			c.ContentOff(2)
//		} else {
//			c.SameContent(l[0], s0, t0)
//			c.SameContent(l[1], s1, t1)
//		}
//	}
//
//	// ChecksPost_3267777e6e64 completes the snapshots, runs the rows of the plan after the kernel and ends the call, for 5 op(s) of one shape (the first: add.Tensor).
//	func ChecksPost_3267777e6e64(c *asserts.Call, l *[3]asserts.Loc, s0 *asserts.Saved, s1 *asserts.Saved, t0 *reftensor.Tensor, t1 *reftensor.Tensor, t2 *reftensor.Tensor) {
//		var s2 asserts.Saved
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
//   - several fresh returns: c.DistinctOutputs(asserts.Out(l[1], &s1),
//     asserts.Out(l[2], &s2));
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
// # Checks and the skip policy
//
// The checks are those of DESIGN.md, one row each in the table of checks
// (facts.go), named as there ([Check]): same_impl, same_storage,
// impl_use_count_le_1, storage_use_count_eq_1, shares_storage,
// fresh_or_alias, returns_arg, no_mutation, distinct_outputs,
// binding_context, fresh_no_alias, same_content, impl_use_count_eq_fresh,
// fresh_not_held, same_metadata and view_holds_storage. A plan also has
// rows of not_arg_handle, which are part of the TensorImpl use-count check
// of a return ([checks.NotArgHandle]).
//
// Which apply to a tensor depends on the op's skip policy (a [Policy], in [Op]'s field Profile) and
// the tensor's conditions ([Reason]: mode active, kinds of subclasses, no
// storage, undefined, absent, no version counter, no binding support, an
// argument sharing storage with a written one, the content check off, no
// content access, no metadata access), by
// the rules [Policy.Rules] returns: Strict follows DESIGN.md's table, PyTorch
// (2.x) and PyTorch113 skip everything for modes and subclasses as those
// releases' generated asserts do, with their per-row guards (a list
// skipped as a whole, no subclass guard on Tensor?[] same_impl, the view
// check guarded by the return from 2.x). Every skip is counted
// by reason; nothing is skipped silently.
//
// # Violations, handlers and statistics
//
// A failed check is a [Violation]: operator, check, argument or return (and
// list element), wanted and found values, traits and a hint for the op
// author; its Error method is one line. Violations go to the installed
// [Handler]: [Panic] (the default), a [Collector] (JSON report and human
// summary for CI), or [Testing] (t.Errorf). A test that wants the
// violations of its own calls, in parallel with other tests, uses [Collect]
// instead: a scope bound to its goroutine (and those it starts with [Go]).
// [ReadStats] and [Op.Stats]
// return the checks run by check, violations by check and skips by reason;
// the counters are atomics, updated once per call.
//
// # Switching off
//
// Generated wrappers are built under a build tag (debugasserts by default),
// and begin with a test of [Checking], the run-time switch: [SetEnabled],
// or ASSERTGEN_ASSERTS=off in the environment, turns checking off without a
// rebuild. [Compiled] reports whether this package was built with the
// debugasserts tag; a constant, so code that tests Compiled && Checking()
// has its checks compiled out of builds without the tag.
//
// # Version handshake
//
// Generated files reference [Version1], so that code generated for an API
// this package no longer provides fails to compile instead of misbehaving.
package asserts
