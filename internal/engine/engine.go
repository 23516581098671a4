package engine

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/shared"
)

// engine is the checks' engine as package asserts reaches it (see
// shared.Engine): the counts of every op, the registries of fresh
// hand-outs and of pooled memory.
type engine struct{}

func init() { shared.Install(engine{}) }

func (engine) AddStats(dst *shared.Counts) {
	s := asserts.Stats(*dst)
	for _, op := range Ops() {
		s = s.Add(op.Stats())
	}
	*dst = shared.Counts(s)
}

func (engine) ResetStats() {
	for _, op := range Ops() {
		op.resetStats()
	}
}

func (engine) Released(storage uint64, address bool)        { fresh.forget(asserts.ID(storage), address) }
func (engine) Recycled(anchor unsafe.Pointer)               { recycledEvent(anchor, false) }
func (engine) Reused(anchor unsafe.Pointer)                 { recycledEvent(anchor, true) }
func (engine) Moved(from, to unsafe.Pointer, shift uintptr) { moved(from, to, shift) }

// A violation is what a check reports, with what the report adds to it
// before it reaches the handler: the located tensor and the other one as
// Locs (the Violation names them in words), their storage anchors
// (provenance) and the op during which the runtime took the located
// tensor's memory back, if it did (hint).
type violation struct {
	asserts.Violation
	loc, other Loc
	// anchor and otherAnchor are the storage anchors of the located
	// tensor and of Other, where the check had them (provenance).
	anchor, otherAnchor uintptr
	// takenBack is the op during which the runtime took the located
	// tensor's memory back before handing it out again, as Provenance
	// says: the mark of a buffer given back while in use.
	takenBack string
}
