package wrap

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/internal/hook"
)

// What package asserts passes on to this one (see asserts/internal/hook):
// the counts of every op, the registries of fresh hand-outs and of pooled
// memory, and the messages the table of checks holds.
func init() {
	hook.Stats = func(dst any) {
		s := dst.(*asserts.Stats)
		for _, op := range Ops() {
			*s = s.Add(op.Stats())
		}
	}
	hook.ResetStats = func() {
		for _, op := range Ops() {
			op.resetStats()
		}
	}
	hook.Released = func(storage uint64, address bool) { fresh.forget(asserts.ID(storage), address) }
	hook.Recycled, hook.Reused = recycle, reuse
	hook.Detail = func(k uint8, v any) (string, bool) {
		if int(k) < len(checkFacts) && checkFacts[k].detail != nil {
			return checkFacts[k].detail(v.(*asserts.Violation)), true
		}
		return "", false
	}
}

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

// handle hands v to the calling goroutine's scope or to the handler.
func handle(v *violation) { hook.Handle(&v.Violation) }
