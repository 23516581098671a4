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
// [Call.NotArg]) and ends the call. Checking costs no heap
// allocation (lists of up to 8 tensors included), and the common path of
// every check is inlined into the wrapper. For add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) ->
// Tensor under the strict profile:
//
//	//go:build debugasserts
//
//	const _ = asserts.Version1 // re-run assertgen if this does not compile
//
//	var opAddTensor = asserts.Op{Name: "add", Overload: "Tensor", Profile: asserts.Strict}
//
//	func AddTensor(self, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
//		if !asserts.Checking() {
//			return kernels.AddTensor(self, other, alpha)
//		}
//		var c asserts.Call
//		c.Begin(&opAddTensor)
//		var a0, a1, o0 asserts.Saved
//		c.Save(&a0, self)
//		c.Save(&a1, other)
//		c.BindingContext(asserts.Arg("self"), &a0, self)
//		c.BindingContext(asserts.Arg("other"), &a1, other)
//		r0 := kernels.AddTensor(self, other, alpha)
//		c.BindingContextAfter(asserts.Arg("self"), &a0, self)
//		c.BindingContextAfter(asserts.Arg("other"), &a1, other)
//		c.After(&a0, self)
//		c.After(&a1, other)
//		c.Result(&o0, r0)
//		c.SameImpl(asserts.Arg("self"), &a0)
//		c.SameStorage(asserts.Arg("self"), &a0)
//		c.NoMutation(asserts.Arg("self"), &a0)
//		c.SameImpl(asserts.Arg("other"), &a1)
//		c.SameStorage(asserts.Arg("other"), &a1)
//		c.NoMutation(asserts.Arg("other"), &a1)
//		c.ImplUseCountLE1(asserts.Ret(0), &o0)
//		c.NotArg(asserts.Ret(0), &o0, asserts.Arg("self"), &a0)
//		c.NotArg(asserts.Ret(0), &o0, asserts.Arg("other"), &a1)
//		c.StorageUseCountEq1(asserts.Ret(0), &o0)
//		c.FreshNoAlias(asserts.Ret(0), &o0, asserts.Arg("self"), &a0)
//		c.FreshNoAlias(asserts.Ret(0), &o0, asserts.Arg("other"), &a1)
//		c.End()
//		return r0
//	}
//
// The other shapes differ only in their check rows:
//
//   - in-place (add_.Tensor) and out= (add.out): no no_mutation on the
//     mutated argument, which c.Mutable(&a0) records after its Save (an
//     argument sharing its storage is then not blamed for the write), and
//     c.ReturnsArg(asserts.Ret(0), &o0, asserts.Arg("self"), &a0) instead
//     of the use-count checks;
//   - view (transpose.int): c.SharesStorage(asserts.Ret(0), &o0,
//     asserts.Arg("self"), &a0), c.ImplUseCountLE1 and c.NotArg;
//   - may-alias (reshape): c.FreshOrAlias(asserts.Ret(0), &o0, asserts.Arg("self"), &a0);
//   - several fresh returns: c.DistinctOutputs(asserts.Out(asserts.Ret(0), &o0),
//     asserts.Out(asserts.Ret(1), &o1));
//   - Tensor? arguments: c.SaveOpt(&a0, weight, weight != nil);
//   - Tensor[] and Tensor?[] arguments and returns: a [SavedList] filled by
//     [SaveList] (or [SaveOptList]) and [AfterList], or [ResultList], and
//     the List variants of the checks (c.SameImplList(asserts.Arg("tensors"),
//     &l0), c.SharesStorageList(...), [BindingContextList], [OutList], ...);
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
// The checks are those of DESIGN.md, named as there ([Check]): same_impl,
// same_storage, impl_use_count_le_1, storage_use_count_eq_1, shares_storage,
// fresh_or_alias, returns_arg, no_mutation, distinct_outputs,
// binding_context, fresh_no_alias, same_content (opt-in: off unless
// switched on, see [SetContentCheck]), fresh_not_held (runtimes without use
// counts) and same_metadata (an argument's sizes, strides and storage
// offset, through [Metadata]; strict only). Which apply to a tensor depends on the op's [Profile] and
// the tensor's conditions ([Reason]: mode active, kinds of subclasses, no
// storage, undefined, absent, no version counter, no binding support, an
// argument sharing storage with a written one, the content check off, no
// content access, no metadata access), by
// the rules [Policy] returns: Strict follows DESIGN.md's table, PyTorch
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
