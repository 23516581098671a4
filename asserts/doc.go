// Package asserts is the run-time half of assertgen that a runtime author
// works with. In debug builds, generated wrappers check around every
// kernel of a tensor runtime that the kernel keeps the TensorImpl and
// StorageImpl invariants its schema promises. This package is what those
// checks read of the runtime, and where what they find goes.
//
// A runtime plugs in through a small contract: [Tensor], with the optional
// [Bound], [Anchored], [Metadata] and [Contents], and an [Env] for the mode
// state; or a [Memory] for a type without identities of its own.
// Violations go to a [Handler]. [ReadStats] counts what ran and what was
// skipped. [SetEnabled] and [SetContentCheck] switch checking. Package
// asserts/checks names the checks, reasons and policies.
//
// Generated code calls package asserts/wrap, a facade of internal/engine
// (the checked call, its snapshots, each check's functions). The engine
// imports this package. This package imports only the standard library,
// asserts/checks, internal/shared (what it shares with the engine, typed)
// and the table of checks (internal/checktable: the messages of
// violations).
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
// [Identity], the Ident half. Its wrappers, generated with use_counts:
// false, read returns without use counts (wrap's Frame.RetIdent), skip the
// use-count checks under reason no_use_counts, and check freshness with
// fresh_not_held, which reads [Anchored].
//
// Tensors that can carry a foreign object bound to their storage also
// implement [Bound]. Go has no thread-locals, so the runtime registers an
// [Env] with [SetEnv]: a call reads from it whether a dispatch mode is
// active and which context (hermetic or not) it runs in. Package
// asserts/assertstest checks a runtime's implementation of the contract.
//
// # Checks and the skip policy
//
// The checks are those of DESIGN.md, one row each in the table of checks
// (internal/checktable/table.go), named as the constants of package
// asserts/checks ([checks.Check]): same_impl, same_storage,
// impl_use_count_le_1, storage_use_count_eq_1, shares_storage,
// fresh_or_alias, returns_arg, no_mutation, distinct_outputs,
// binding_context, fresh_no_alias, same_content, impl_use_count_eq_fresh,
// fresh_not_held, same_metadata and view_holds_storage. A plan also has
// rows of not_arg_handle, which are part of the TensorImpl use-count check
// of a return ([checks.NotArgHandle]).
//
// Which apply to a tensor depends on the op's skip policy (a
// [checks.Policy], in the Op of its generated wrapper) and on the tensor's
// conditions ([checks.Reason]): mode active, kinds of subclasses, no
// storage, undefined, absent, no version counter, no binding support, an
// argument sharing storage with a written one, the content check off, no
// content access, no metadata access. The rules are made from the table of
// checks. Strict follows DESIGN.md's table. PyTorch (2.x) and PyTorch113
// skip everything for modes and subclasses, as those releases' generated
// asserts do, with their per-row guards: a list skipped as a whole, no
// subclass guard on Tensor?[] same_impl, the view check guarded by the
// return from 2.x. Every skip is counted by reason; nothing is skipped
// silently.
//
// # Violations, handlers and statistics
//
// A failed check is a [Violation]: operator, check, argument or return
// (and list element), wanted and found values, traits and a hint for the
// op author. Its Error method is one line. Violations go to the installed
// [Handler]: [Panic] (the default), a [Collector] (JSON report and human
// summary for CI), or [Testing] (t.Errorf). A test that wants the
// violations of its own calls, in parallel with other tests, uses
// [Collect] instead: a scope bound to its goroutine, and to those it
// starts with [Go]. [ReadStats] (and wrap.Op.Stats, per op) returns the
// checks run by check, violations by check and skips by reason. The
// counters are atomics, updated once per call.
//
// # Switching off
//
// Generated wrappers are built under a build tag (debugasserts by
// default) and begin with a test of [Checking], the run-time switch.
// [SetEnabled], or ASSERTGEN_ASSERTS=off in the environment, turns
// checking off without a rebuild. [Compiled] reports whether this package
// was built with the debugasserts tag. It is a constant, so code that
// tests Compiled && Checking() has its checks compiled out of builds
// without the tag.
package asserts
