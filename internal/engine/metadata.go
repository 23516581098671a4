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
// [Call.Save]. A tensor that cannot report its metadata counts the row as
// skipped (reason no_metadata_access), as do the other skip reasons of the
// policy (undefined, absent).
func (c *Call) SaveMetadata(s *Slot, t asserts.Identity) {
	m, _ := t.(asserts.Metadata)
	c.SaveMetadataOf(s, m)
}

// SaveMetadataOf is [Call.SaveMetadata] for a tensor held as a
// [Metadata], with no type assertion: the rows' path calls it where the
// tensor type implements Metadata. t is a nil pointer for an absent
// optional; a nil t, a tensor that does not implement Metadata.
func (c *Call) SaveMetadataOf(s *Slot, t asserts.Metadata) {
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
	ok := t != nil
	if ok {
		s.x, ok = t.MetadataFingerprint()
	}
	if !ok {
		c.skip(k, checks.ReasonNoMetadata)
		return
	}
	s.hasMeta = true
}

// TakeMetadata is the fast path of [Call.SaveMetadataOf] with the
// fingerprint read by the caller: for a plain snapshot s (a defined
// tensor of no special kind, outside a mode, After not called yet) whose
// tensor reported fingerprint fp (ok), it records fp, counts the row and
// reports true; otherwise it does nothing and reports false, and the
// caller calls SaveMetadataOf. Generated code calls it, where the tensor
// type is known to implement [Metadata], as
//
//	if fp, ok := t.MetadataFingerprint(); !c.TakeMetadata(s, fp, ok) {
//		c.SaveMetadataOf(s, t)
//	}
//
// a direct call of the method and no call into asserts on the fast path.
func (c *Call) TakeMetadata(s *Slot, fp uint64, ok bool) bool {
	if s.meta&^asserts.Versioned == fPending && s.id.Impl != 0 && ok {
		s.x, s.hasMeta = fp, true
		c.t[checks.SameMetadata]++
		return true
	}
	return false
}

// MetadataKept reports whether same_metadata has nothing to do for s
// after the kernel, its tensor now reporting fingerprint fp (ok): no
// fingerprint was taken before (the row was skipped), or the one taken is
// fp. Otherwise the caller calls [Call.SameMetadataOf], which reads the
// fingerprint again and decides (a change, a skip, a misuse). Generated
// code calls it as [Call.TakeMetadata] describes:
//
//	if fp, ok := t.MetadataFingerprint(); !s.MetadataKept(fp, ok) {
//		c.SameMetadataOf(l, s, t)
//	}
func (s *Slot) MetadataKept(fp uint64, ok bool) bool {
	return !s.hasMeta || ok && fp == s.x && s.meta&fPending == 0
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
	if s.hasMeta {
		m, _ := t.(asserts.Metadata)
		c.SameMetadataOf(l, s, m)
	}
}

// SameMetadataOf is [Call.SameMetadata] for a tensor whose type
// implements [Metadata] (see [Call.SaveMetadataOf]).
func (c *Call) SameMetadataOf(l Loc, s *Slot, m asserts.Metadata) {
	const k = checks.SameMetadata
	if !s.hasMeta {
		return
	}
	s.hasMeta = false
	if s.meta&fPending != 0 {
		c.misuse(k, l, "checked before After")
	}
	var got uint64
	ok := false
	if m != nil {
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
	if c.mutableImpl(s.id.Impl) {
		c.skip(k, checks.ReasonAliasesMutable)
		return
	}
	if c.concurrentWrite(writeKey(s.id)) {
		c.skipConcurrent(k)
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Traits: s.traits(), Want: s.x, Got: got}, loc: l})
}

// mutableImpl reports whether TensorImpl impl is a mutable argument's.
func (c *Call) mutableImpl(impl asserts.ID) bool {
	if impl == 0 {
		return false
	}
	for i := range c.nmut {
		var m asserts.ID
		if i < len(c.mutImpl) {
			m = c.mutImpl[i]
		} else {
			m = c.mutImplMore[i-len(c.mutImpl)]
		}
		if m == impl {
			return true
		}
	}
	return false
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
