package engine

import (
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// Accessors for the package's tests: what a call decided, read back.

// memMeta is m's metadata fingerprint as a Slot keeps it, 0 without one
// (asserts.Memory.Metadata).
func memMeta(m *asserts.Memory) uint64 {
	fp, _ := m.Metadata()
	return fp
}

// handle hands v to the calling goroutine's scope or to the handler, as
// Call.report does.
func handle(v *violation) { asserts.Handle(&v.Violation) }

// savedFlags are the flags Call.Save sets under mode state st.
func savedFlags(st asserts.EnvState) asserts.Traits {
	if st.ModeActive {
		return fPending | fMode
	}
	return fPending
}

// Skips returns the checks the call's skip policy turns off for the tensor
// of snapshot s (for the two-tensor checks, each tensor's skips count).
func (c *Call) Skips(s *Slot) checks.Set {
	m, _ := c.classify(s)
	return m
}

// Ident returns the slot's identities (before the kernel, for an argument).
func (s *Slot) Ident() asserts.Ident { return s.id }

// Env returns the mode state the call runs under.
func (c *Call) Env() asserts.EnvState { return c.env }

// Op returns the call's operator.
func (c *Call) Op() *Op { return c.op }

// afterMemory is Call.After and Call.AfterAnchor from a tensor's handle
// and memory once the kernel has returned: what the rows of a memory:
// runtime's slow path do to complete an argument.
func afterMemory(c *Call, s *Slot, handle unsafe.Pointer, m *asserts.Memory) {
	s.after = m.Ident(handle)
	s.meta &^= fPending
	if a := m.Anchor(); a != s.anchor && writeClock.Load() != c.since {
		c.movedAfter(s, a)
	}
	s.anchorAfter(m.Anchor())
	if mm := memMeta(m); s.hasMeta && mm != 0 && mm == s.x {
		s.memo |= memoKept
	}
}

// saveMemory snapshots a tensor without identities of its own before the
// kernel, from its handle and its memory m: the snapshot the Frame's
// memory kind makes (framemem.go).
func saveMemory(c *Call, s *Slot, handle unsafe.Pointer, m *asserts.Memory) {
	s.id = m.Ident(handle)
	s.meta = c.saved
	s.anchor = m.Anchor()
	s.x, s.memo = memMeta(m), memoMeta
}

// resultMemory snapshots a return from its handle and memory: its
// identities without use counts, its anchor and memoWide.
func resultMemory(c *Call, r *Slot, handle unsafe.Pointer, m *asserts.Memory) {
	r.id = m.Ident(handle)
	r.after = asserts.Ident{}
	r.meta = fResult | fUncounted | c.saved&fMode
	r.anchor = m.Anchor()
	r.memo = 0
	if m.Extent() >= 16 {
		r.memo = memoWide
	}
}

// Save snapshots an argument into s before the kernel runs: its
// identities, version and traits, as a Frame's reads do.
func (c *Call) Save(s *Slot, t asserts.Identity) {
	s.id = t.Ident()
	s.meta = s.id.Traits&^asserts.AddressIdentity | c.saved
}

// SaveIdent is Call.Save with the argument's storage anchor, as the rows
// of a Frame read by ArgIdent hold it.
func (c *Call) SaveIdent(s *Slot, t asserts.Identity) {
	c.Save(s, t)
	s.anchor = anchorOf(t)
}

// AfterIdent is Call.After with the anchor compared (Frame.AfterIdent's
// rows).
func (c *Call) AfterIdent(s *Slot, t asserts.Identity) {
	c.After(s, t)
	c.AfterAnchor(s, anchorOf(t))
}

// SameImplStorageVersion runs the rows of an argument the op does not
// write: same_impl, same_storage and no_mutation.
func (c *Call) SameImplStorageVersion(l Loc, s *Slot) {
	c.SameImpl(l, s)
	c.SameStorage(l, s)
	c.NoMutation(l, s)
}

// beginWith starts a checked call of op under an explicit mode state (the
// engine's tests of the rows' entries; a Frame reads the registered Env).
func (c *Call) beginWith(op *Op, st asserts.EnvState) {
	c.op = op
	c.env, c.saved, c.bind = st, savedFlags(st), bindRun
	c.t = tally{}
	c.spilled = false
	c.nmut = 0
	c.digests = false
	c.since = writeClock.Load()
}

// The rows' entries the engine's tests call on slots of their own (a
// Frame fills its slots itself, frameslow.go).

// Begin starts a checked call of op, reading the registered [Env] once:
//
//	var c engine.Call
//	c.Begin(&opAddTensor)
//
// (A Call is filled in place rather than returned: copying a returned
// struct costs the compiler 16-byte moves that stall on the stores just
// made, a quarter of the cost of a checked call.)
func (c *Call) Begin(op *Op) {
	c.op = op
	c.t = tally{}
	c.spilled = false
	c.nmut = 0
	c.digests = false
	c.loadEnv()
}

// After completes an argument's snapshot once the kernel has returned. t is
// the same handle that was saved (for an absent optional, the absent
// handle: a nil pointer is fine).
func (c *Call) After(s *Slot, t asserts.Identity) {
	s.after = t.Ident()
	s.meta &^= fPending
}

// loadEnv reads the registered Env into c, with the flags Save sets under
// it, and the write clock (see concurrent.go).
func (c *Call) loadEnv() {
	c.since = writeClock.Load()
	e := asserts.CurrentEnv()
	if e == nil {
		c.env, c.saved, c.bind = asserts.EnvState{}, fPending, bindNoEnv
		return
	}
	c.env = e.State()
	c.saved, c.bind = savedFlags(c.env), bindRun
}
