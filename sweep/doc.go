// Package sweep runs each op of a tensor runtime through its checked
// wrapper on argument samples made from the op's schema alone, repairs a
// sample from the error a call of it raised, tries the values kernels
// special-case on a sample that ran, and reports per op what ran and what
// the checks found (docs/sweep.md).
//
// What a runtime writes: a [Runtime] adapter (how it makes a tensor from
// a [Spec], and how its own Go types take an [Arg]'s value), optionally
// with a Classify method (which of its errors name a repair: [RankError],
// [ShapeError], [DtypeError], [DimError], [IndexError], [SquareError]) and
// a Release method (a runtime whose memory the garbage collector does not
// free). gen writes the table of ops a sweep runs (SweepOps, with sweep:
// true in assertgen.yaml; see [Sweep]).
//
// The entry points: [Run] is a test's whole sweep, failing on each
// cause of findings and crashes ([Cause]: one bug, however many ops show
// it) and op refused on every sample ([Refusal]: not reached is not
// passed), [RunWith] the same judged by a library's [Verdicts] (its known
// bugs and refusals, by [Cause.Key], or by [Finding.Key], [Crash.Key] and
// [Refusal.Key]; [ReadVerdicts] reads them from a file), [Sweep] returns
// the [Report] (its causes, each op's findings and crashes, its bug list:
// [Report.BugList]), [Fuzz] is the fuzz target over the same samples.
//
// A sweep runs its ops in worker processes it starts, the test binary (or
// the program) run again: a kernel that panics on a goroutine of its own,
// deadlocks, calls os.Exit or dies of a signal is a [Crash] of its op on
// its sample, and a fresh worker goes on with the next sample; a panic in
// the runtime's Release after a call is one too. [Options].InProcess, or
// ASSERTGEN_SWEEP=inprocess, runs them in the calling process, for
// debugging. docs/sweep.md, "Isolation", has how a worker starts, which
// test flags it inherits and its limits.
//
// A driver of one's own (libtorch's worker processes) builds the sample
// of one [Variants] entry with [For], runs it with [Sample.Run] and [Call]
// (which repair it after each refusal, a bounded number of times), and
// tries the [Probes] on a sample that ran with [Sample.ApplyProbe]. The
// variants and the probes are numbered: a runtime's verdicts name samples
// by these numbers, so new ones go at the end.
//
// A sample that a kernel refuses is repaired by the repair kind its
// error names, else by message rules that read PyTorch's wording (a dtype
// the kernel implements, shapes that match, a square matrix, valid
// indices...); families the rules cannot reach (convolutions, upsampling,
// RNN cells) have a hand-written sample, and the ops whose arguments
// depend on one another (losses, full RNNs, sparse constructors,
// quantization...) a setup; the last repair tries each non-tensor
// argument at the values bindings commonly require (a cast's dtype given,
// flatten's start_dim 1, keepdim true). A float dtype the op refuses where
// its base sample ran in another is reported ([Report].DtypeRefused).
// The package knows nothing of
// any runtime: the libtorch, gorgonia and gonum sweeps use it, and so can
// a runtime in another module (see the examples).
package sweep
