// Package engine is assertgen's run-time engine: what a checked call does
// once generated code has handed it its tensors. Generated code reaches it
// only through package asserts/wrap, whose entries are aliases of this
// package's (the facade); the repository's tests and asserts/assertstest
// import it directly. Its API is internal and changes freely.
//
// It holds:
//
//   - the one path: [Frame] (frame.go, framemem.go, frameown.go), the fast
//     plan it derives once per [Shape] from the table of checks' facts
//     (shape.go, framerun.go) and the rows run one by one when a call
//     leaves it (frameslow.go, rowrun.go);
//   - the rows' entries the slow path runs on the Frame's slots ([Slot],
//     [ListSlot]): the checked call [Call], one entry per check and form, the
//     names internal/checktable's rows give (identity.go, held.go,
//     content.go, metadata.go, binding.go, viewhold.go, list.go...);
//   - the operators and their statistics ([Op], stats.go), the skip
//     policy's run-time form ([Rules], policy.go), the reports' positions
//     (pos.go);
//   - the registries: fresh hand-outs (fresh.go, addrheld.go), declared
//     writes (concurrent.go), pooled memory (recycled.go), provenance, and
//     the engine asserts' calls reach through internal/shared (engine.go),
//     which this package installs.
//
// The checks' messages and hints are the table of checks'
// (internal/checktable); violations go to asserts' handler by
// asserts.Handle. How a call is checked, and what it costs, is
// docs/DESIGN.md's and docs/asserts.md's.
package engine
