package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/shared"
)

// same_content's steps on the rows' path (rowrun.go).
func init() {
	st := &rowSteps[checks.SameContent]
	st.before = forms{checktable.FormOne: stepSameContent, checktable.FormArgList: stepSameContent | stepEach}
	st.after = forms{checktable.FormOne: stepSameContentAfter, checktable.FormArgList: stepSameContentAfter | stepEach}
	st.last[checktable.FormOne] = true // as gen runs them: after no_mutation, which reports a write once
}

// ContentCheckOff reports whether same_content is switched off for every
// op (the default): a Frame's call then may take the fast plan, which
// counts its same_content rows as skipped; otherwise each row runs
// [Call.SameContent].
func ContentCheckOff() bool { return shared.ContentMode.Load() == shared.ContentOff }

// ContentCheck reports whether same_content runs for op.
func ContentCheck(op *Op) bool {
	switch shared.ContentMode.Load() {
	case shared.ContentAll:
		return true
	case shared.ContentSome:
		if m := shared.ContentOps.Load(); m != nil {
			return (*m)[op.FullName()] || (*m)[op.Name]
		}
	}
	return false
}

// SameContent starts same_content on an argument the schema does not mark
// as written: when the check is on for the call's op, it takes a digest of
// the bytes the argument can reach ([Contents]), which
// [Call.SameContentAfter] compares once the kernel has returned. Call it
// before the kernel, after [Call.Save] and [Call.Mutable]. When the check
// is off (the default) it only counts a skip (reason content_check_off).
func (c *Call) SameContent(l Loc, s *Slot, t asserts.Identity) {
	const k = checks.SameContent
	if !ContentCheck(c.op) { // off for every op (the default), or for this one
		c.t[skipAt(checks.ReasonContentOff)]++
		return
	}
	c.count(k, 1)
	if c.skipped(k, s) {
		return
	}
	if s.meta&fPending == 0 {
		c.misuse(k, l, "SameContent called after After")
	}
	if c.mutHas(writeKey(s.id), &c.mut, c.mutMore) {
		// Its bytes may change with the legal write: no digest to take.
		c.skip(k, checks.ReasonAliasesMutable)
		return
	}
	var d uint64
	ct, ok := t.(asserts.Contents)
	if ok {
		d, ok = ct.ContentDigest()
	}
	if !ok {
		c.skip(k, checks.ReasonNoContent)
		return
	}
	s.digest, s.hasDigest = d, true
	c.digests = true
}

// contentListOff counts same_content on n elements of a list as skipped
// under content_check_off and reports true when the check is off, as
// [Call.SameContent] does for each.
func (c *Call) contentListOff(n int) bool {
	if shared.ContentMode.Load() != shared.ContentOff {
		return false
	}
	c.t[skipAt(checks.ReasonContentOff)] += uint64(n)
	return true
}

// SameContentAfter completes same_content once the kernel has returned:
// the argument's bytes must have the digest [Call.SameContent] took. It is
// part of that check (not counted again) and does nothing when no digest
// was taken (the check off, or skipped). t is the handle that was saved.
// Call it once the snapshot is completed and after the argument's no_mutation row: a
// write that moved the version and that no_mutation reported is not
// reported twice (where no_mutation is skipped, same_content reports it).
func (c *Call) SameContentAfter(l Loc, s *Slot, t asserts.Identity) {
	const k = checks.SameContent
	if !s.hasDigest {
		return
	}
	s.hasDigest = false
	var got uint64
	ok := false
	if ct, is := t.(asserts.Contents); is {
		got, ok = ct.ContentDigest()
	}
	if ok && got == s.digest || s.meta&fMutationReported != 0 {
		return // unchanged, or the write was versioned and no_mutation reported it
	}
	if !ok {
		// The bytes were readable before the kernel and are not now (the
		// handle was released or reset): same_impl and same_storage report
		// that; here the comparison cannot be made.
		c.skip(k, checks.ReasonNoContent)
		return
	}
	if c.concurrentWrite(writeKey(s.id)) {
		// Another goroutine's call declared a write to these bytes while
		// this one ran (see concurrent.go).
		c.skip(k, checks.ReasonConcurrentWrite)
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Traits: s.traits(), Want: s.digest, Got: got, WantStorage: uint64(s.id.Storage), GotStorage: uint64(s.id.Storage)}, loc: l, anchor: uintptr(s.anchor)})
}
