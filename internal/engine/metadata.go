package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// same_metadata's steps on the rows' path (rowrun.go).
func init() {
	st := &rowSteps[checks.SameMetadata]
	st.before = forms{checktable.FormOne: stepTakeMetadata, checktable.FormArgList: stepSaveMetadataList}
	st.after = forms{checktable.FormOne: stepSameMetadata, checktable.FormArgList: stepSameMetadataList}
}

// The metadata check (same_metadata).
//
// A kernel may change the sizes, strides and storage offset of an argument
// only where the schema marks the argument mutable (Tensor(a!): t_,
// transpose_, resize_, as_strided_, set_). A kernel that "views" by
// rewriting its input's geometry in place and returning the input (a
// transpose that swaps self's strides) writes no byte and bumps no version
// counter: no_mutation and same_content pass, and so does every identity
// check, since the TensorImpl and the StorageImpl are the same. PyTorch has
// no such assert. same_metadata compares a fingerprint of the argument's
// metadata taken before the kernel with the one after it.

// SaveMetadata starts same_metadata on an argument the schema does not
// mark mutable: it takes the argument's metadata fingerprint
// ([Metadata]), which [Call.SameMetadata] compares once the kernel has
// returned, and counts the row. Call it before the kernel, after
// [Call.Save]. A tensor that cannot report its metadata (not a Metadata,
// or none to report) counts the row as skipped (reason
// no_metadata_access), as do the other skip reasons of the policy
// (undefined, absent).
func (c *Call) SaveMetadata(s *Slot, t asserts.Identity) {
	const k = checks.SameMetadata
	c.count(k, 1)
	s.hasMeta = false
	// A plain tensor (defined, of no special kind, outside a mode, before
	// After): only its runtime can make the row a skip.
	plain := s.meta&^asserts.Versioned == fPending && s.id.Impl != 0
	if !plain && c.skipped(k, s) {
		return
	}
	if s.meta&fResult != 0 {
		c.misuse(k, Loc{ret: -1, index: -1}, "SaveMetadata needs a Save snapshot of the argument")
	}
	m, ok := t.(asserts.Metadata)
	if ok {
		s.x, ok = m.MetadataFingerprint()
	}
	if !ok {
		c.skip(k, checks.ReasonNoMetadata)
		return
	}
	s.hasMeta = true
}

// TakeMetadata is [Call.SaveMetadata] with the fingerprint read by the
// caller: for a plain snapshot s (a defined tensor of no special kind,
// outside a mode, After not called yet) whose tensor reported fingerprint
// fp (ok), it records fp, counts the row and reports true; otherwise it
// does nothing and reports false, and the caller calls SaveMetadata.
func (c *Call) TakeMetadata(s *Slot, fp uint64, ok bool) bool {
	if s.meta&^asserts.Versioned == fPending && s.id.Impl != 0 && ok {
		s.x, s.hasMeta = fp, true
		c.t[checks.SameMetadata]++
		return true
	}
	return false
}

// SameMetadata completes same_metadata once the kernel has returned: the
// argument's sizes, strides and storage offset must have the fingerprint
// [Call.SaveMetadata] took. It is part of that row (not counted again)
// and does nothing when no fingerprint was taken (skipped). t is the
// handle that was saved; call it once the snapshot is completed.
//
// A change is legal, and skipped under aliases_mutable_arg, when the
// argument's TensorImpl is one of an argument the call may write
// ([Call.Mutable]): foo(x, x) with the first argument Tensor(a!), or a
// second handle of it. It is inconclusive, skipped under
// concurrent_write, when another goroutine's checked call declared a
// write to the argument's storage while this one ran (an in-place
// metadata op such as t_ on a shared tensor, see concurrent.go).
func (c *Call) SameMetadata(l Loc, s *Slot, t asserts.Identity) {
	const k = checks.SameMetadata
	if !s.hasMeta {
		return
	}
	s.hasMeta = false
	if s.meta&fPending != 0 {
		c.misuse(k, l, "checked before After")
	}
	var got uint64
	m, ok := t.(asserts.Metadata)
	if ok {
		got, ok = m.MetadataFingerprint()
	}
	if ok && got == s.x {
		return
	}
	if !ok {
		// Reportable before the kernel and not now: the handle was
		// released or reset, which same_impl reports.
		c.skip(k, checks.ReasonNoMetadata)
		return
	}
	if c.mutHas(s.id.Impl, &c.mutImpl, c.mutImplMore) {
		c.skip(k, checks.ReasonAliasesMutable)
		return
	}
	if c.concurrentWrite(writeKey(s.id)) {
		c.skip(k, checks.ReasonConcurrentWrite)
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Traits: s.traits(), Want: s.x, Got: got}, loc: l})
}

// SaveMetadataList starts same_metadata on each element of a list
// argument (Tensor[], Tensor?[]), as [Call.SaveMetadata] does.
func SaveMetadataList[T asserts.Identity](c *Call, l *ListSlot, ts []T) {
	for i := range min(l.n, len(ts)) {
		// The fingerprint the memory kind's snapshot read (memArg,
		// memElem), taken here: no element made an Identity (a generic
		// function's conversion costs a look-up per element) unless it
		// must be read.
		if s := l.at(i); s.memo&memoMeta != 0 && c.TakeMetadata(s, s.x, s.x != 0) {
			continue
		}
		c.SaveMetadata(l.at(i), ts[i])
	}
}

// SameMetadataList completes same_metadata on each element of a list
// argument, as [Call.SameMetadata] does.
func SameMetadataList[T asserts.Identity](c *Call, loc Loc, l *ListSlot, ts []T) {
	for i := range l.n {
		if s := l.at(i); s.hasMeta && i < len(ts) {
			if s.memo&memoKept != 0 && s.meta&fPending == 0 {
				s.hasMeta = false // kept, as the read after the kernel found
				continue
			}
			c.SameMetadata(loc.Elem(i), s, ts[i])
		}
	}
}
