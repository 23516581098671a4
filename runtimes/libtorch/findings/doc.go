// Package findings holds the minimal repros of the sweep's kernel verdicts:
// for every verdict of a release's verdicts.json (op, check, argument or
// return) a small hand-written test calls the op's checked wrapper with the
// smallest input that shows it and requires exactly that violation. Run
// with -tags debugasserts.
//
// One source, every release. The files here are compiled in the module
// root against libtorch 1.13.1; runtimes/libtorch/cmd/shimgen writes a
// generated copy of each into releases/RELEASE/findings, where it runs
// against that release's bindings (`go generate ./...` or
// `go run ./cmd/shimgen` after a change here; ci.sh fails on a stale
// copy). A repro calls the release's wrapper through the table of checked
// wrappers by op name (sweepops), type-asserted to the Go
// signature it calls, so one source compiles against every release even
// where an op is missing or its signature moved.
//
// What a repro asserts comes from the release's own verdicts.json: of the
// violations a repro can show (repro.shows), it requires exactly those the
// release has verdicts for, and no other violation. So the same repro
// requires the finding where the release has it and its absence where the
// release fixed it (copy, rrelu_with_noise on 2.x). A repro that makes one
// sample's kind of input (an empty tensor, a quantized one) names those
// sweep samples (repro.samples) and requires a violation only where the
// release's committed sweep report (reports/RELEASE.json; a verdict names
// no sample) saw it on one of them: native_channel_shuffle returns
// a tensor on a quantized input's storage on every release (the repro's
// input is [2,3,4]: 2.14.1 refuses inputs of fewer than 3 dims, and its
// sweep reaches the op with the quantized sample after the input-rank
// repair) and on an empty input's on 2.6.0 (one key, two repros; 1.13.1
// and 2.14.1 refuse the empty one). "impl" in shows is the
// release's TensorImpl use-count check of a fresh return
// (impl_use_count_le_1 up to 2.6, impl_use_count_eq_fresh from 2.14: the
// FreshImplCheck of assertgen's table of releases, internal/pytorch). A repro of an op the release does not bind is
// skipped. TestVerdictsHaveRepros requires every kernel verdict of the
// release to be required by some repro.
//
// Adding findings: put the repros of a new group of verdicts in a file of
// their own (a layout, a dtype, the ops a new sample reaches), with
// `//go:build debugasserts`, registering them from an init function:
//
//	func init() {
//		add(repro{op: "dropout", shows: []string{"impl ret 0"},
//			code: "checked.Dropout(x, 0.5, false) // returns x itself",
//			run: func(t *testing.T) {
//				x := f32(2)
//				rel(wrapper[func(*torch.Tensor, float64, bool) *torch.Tensor](t, "dropout")(x, 0.5, false), x)
//			}})
//	}
//
// then regenerate the release copies. The helpers (f32, view, rel,
// wrapper) are in harness_test.go.
package findings
