package asserts

import (
	"os"
	"strings"
	"sync"
	"sync/atomic"
)

// Contents is the optional contract of runtimes that can read a tensor's
// bytes. The same_content check uses it; for tensors that do not implement
// it (or cannot be read), same_content is skipped with reason
// no_content_access.
type Contents interface {
	// ContentDigest returns a digest of the bytes the tensor can reach:
	// the range of its storage that its sizes, strides and offset cover
	// (every byte of that range, not only the elements: a write into a gap
	// of a strided view may still be a write into another view's element).
	// Equal bytes must give equal digests; a change of any byte should
	// change the digest (a 64-bit hash such as FNV-1a or maphash). ok is
	// false when the bytes cannot be read: an undefined tensor, a tensor
	// without storage, a meta-device tensor, a storage the runtime cannot
	// map into memory.
	ContentDigest() (digest uint64, ok bool)
}

// The content check's switch: off, on for every op, or on for the ops in
// contentOps.
const (
	contentOff int32 = iota
	contentAll
	contentSome
)

var (
	contentMode atomic.Int32
	contentMu   sync.Mutex // serializes the writers of contentOps
	contentOps  atomic.Pointer[map[string]bool]
)

func init() {
	SetContentCheckFrom(os.Getenv("ASSERTGEN_CONTENT"))
}

// SetContentCheck switches the same_content check on or off for every op
// and returns whether it was on for every op before. It is off by default:
// the check reads every byte each argument the schema does not mark as
// written can reach, before and after the kernel, which costs time in
// proportion to the bytes. While it is off, each same_content row of a
// call is counted as skipped with reason content_check_off and takes no
// digest.
//
// The environment variable ASSERTGEN_CONTENT sets it when the program
// starts (see [SetContentCheckFrom]).
func SetContentCheck(on bool) (prev bool) {
	contentMu.Lock()
	defer contentMu.Unlock()
	prev = contentMode.Load() == contentAll
	contentOps.Store(nil)
	if on {
		contentMode.Store(contentAll)
	} else {
		contentMode.Store(contentOff)
	}
	return prev
}

// SetContentCheckOps switches the same_content check on for the named ops
// only, and off for the others. A name is an op's full name
// ("add.Tensor", see [Op.FullName]) or its base name ("add_", every
// overload). No names switches the check off.
func SetContentCheckOps(names ...string) {
	contentMu.Lock()
	defer contentMu.Unlock()
	if len(names) == 0 {
		contentOps.Store(nil)
		contentMode.Store(contentOff)
		return
	}
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	contentOps.Store(&m)
	contentMode.Store(contentSome)
}

// SetContentCheckFrom sets the switch from the value of ASSERTGEN_CONTENT:
// "on", "1", "true" or "all" switch the check on for every op; "",
// "off", "0" or "false" switch it off; anything else is a comma-separated
// list of op names for [SetContentCheckOps] (e.g.
// "add.Tensor,rrelu_with_noise_"; spaces around names are ignored).
func SetContentCheckFrom(v string) {
	switch strings.TrimSpace(v) {
	case "", "off", "0", "false":
		SetContentCheck(false)
		return
	case "on", "1", "true", "all":
		SetContentCheck(true)
		return
	}
	var names []string
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	SetContentCheckOps(names...)
}

// ContentCheckOff reports whether same_content is switched off for every
// op (the default). Generated code tests it once per call: when it holds,
// [Call.ContentOff] counts the call's same_content rows as skipped;
// otherwise each row runs [Call.SameContent].
func ContentCheckOff() bool { return contentMode.Load() == contentOff }

// ContentOff counts n same_content rows of the call as skipped with reason
// content_check_off (the check switched off, see [ContentCheckOff]).
//
// It is inlined: up to 255 rows, one add to the call's lane, which cannot
// overflow (a list adds at most 255 elements to that lane, see
// [SameContentList]; a wrapper has far fewer than 255 lists); more go
// through addLane, which spills.
func (c *Call) ContentOff(n int) {
	if uint(n) > 0xff {
		c.addLane(laneContentOff, n)
		return
	}
	c.t[laneContentOff/4] += uint64(n) << (16 * (laneContentOff % 4))
}

// HasDigests reports whether same_content took a digest before the kernel
// in this call: only then has [Call.SameContentAfter] anything to do.
// Generated code tests it once for all the call's arguments.
func (c *Call) HasDigests() bool { return c.digests }

// ContentCheck reports whether same_content runs for op.
func ContentCheck(op *Op) bool {
	switch contentMode.Load() {
	case contentAll:
		return true
	case contentSome:
		if m := contentOps.Load(); m != nil {
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
//
// It is not inlined: generated code calls it only when
// [ContentCheckOff] does not hold.
//
//go:noinline
func (c *Call) SameContent(l Loc, s *Saved, t Identity) {
	if contentMode.Load() == contentOff {
		c.t[laneContentOff/4] += 1 << (16 * (laneContentOff % 4))
		return
	}
	c.contentBefore(l, s, t)
}

//go:noinline
func (c *Call) contentBefore(l Loc, s *Saved, t Identity) {
	const k = CheckSameContent
	if !ContentCheck(c.op) {
		c.addLane(reasonLane[ReasonContentOff], 1)
		return
	}
	c.count(k, 1)
	if c.skipped(k, s) {
		return
	}
	if s.meta&fPending == 0 {
		c.misuse(k, l, "SameContent called after After")
	}
	if c.aliasesMutable(writeKey(s.id)) {
		// Its bytes may change with the legal write: no digest to take.
		c.skip(k, ReasonAliasesMutable)
		return
	}
	ct, ok := t.(Contents)
	if !ok {
		c.skip(k, ReasonNoContent)
		return
	}
	d, ok := ct.ContentDigest()
	if !ok {
		c.skip(k, ReasonNoContent)
		return
	}
	s.digest, s.hasDigest = d, true
	c.digests = true
}

// SameContentAfter completes same_content once the kernel has returned:
// the argument's bytes must have the digest [Call.SameContent] took. It is
// part of that check (not counted again) and does nothing when no digest
// was taken (the check off, or skipped). t is the handle that was saved.
// Call it after [Call.After] and after the argument's no_mutation row: a
// write that moved the version and that no_mutation reported is not
// reported twice (where no_mutation is skipped, same_content reports it).
//
// It is not inlined: generated code calls it only when [Call.HasDigests]
// holds.
//
//go:noinline
func (c *Call) SameContentAfter(l Loc, s *Saved, t Identity) {
	if s.hasDigest {
		c.contentAfter(l, s, t)
	}
}

//go:noinline
func (c *Call) contentAfter(l Loc, s *Saved, t Identity) {
	const k = CheckSameContent
	s.hasDigest = false
	var got uint64
	ok := false
	if ct, is := t.(Contents); is {
		got, ok = ct.ContentDigest()
	}
	if ok && got == s.digest || s.meta&fMutationReported != 0 {
		return // unchanged, or the write was versioned and no_mutation reported it
	}
	if !ok {
		// The bytes were readable before the kernel and are not now (the
		// handle was released or reset): same_impl and same_storage report
		// that; here the comparison cannot be made.
		c.skip(k, ReasonNoContent)
		return
	}
	if c.concurrentWrite(writeKey(s.id)) {
		// Another goroutine's call declared a write to these bytes while
		// this one ran (see concurrent.go).
		c.skipConcurrent(k)
		return
	}
	c.report(&Violation{Check: k, loc: l, Traits: s.traits(), Want: s.digest, Got: got,
		WantStorage: uint64(s.id.Storage), GotStorage: uint64(s.id.Storage), anchor: uintptr(s.anchor)})
}

// SameContentList starts same_content on each element of a list argument
// (Tensor[], Tensor?[]), as [Call.SameContent] does.
func SameContentList[T Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if contentMode.Load() == contentOff {
		if l.n > 0xff {
			// Straight to the Op's counter: the lane stays small for
			// ContentOff's unguarded add.
			c.op.register()
			c.op.st.skipped[ReasonContentOff].Add(uint64(l.n))
			return
		}
		c.t[laneContentOff/4] += uint64(l.n) << (16 * (laneContentOff % 4))
		return
	}
	for i := range l.n {
		c.contentBefore(loc.Elem(i), l.at(i), ts[i])
	}
}

// SameContentAfterList completes same_content on each element of a list
// argument, as [Call.SameContentAfter] does.
func SameContentAfterList[T Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if !c.digests { // no digest taken (the check off, the default): nothing to compare
		return
	}
	for i := range l.n {
		if s := l.at(i); s.hasDigest && i < len(ts) {
			c.contentAfter(loc.Elem(i), s, ts[i])
		}
	}
}
