package engine

import (
	"fmt"
	"slices"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// An Op is the static description of one wrapped operator. Generated code
// declares one package-level Op per wrapper and passes its address to
// [Frame.Begin]; the Op also accumulates the operator's statistics, so it must not
// be copied after first use.
type Op struct {
	// Name is the operator's base name with in-place marker, e.g. "add_".
	Name string
	// Overload is the overload name, e.g. "Tensor"; empty for the default
	// overload.
	Overload string
	// Policy is the skip policy the wrapper runs under: the plan's
	// (plan.Plan.Policy), which its profile and release decide.
	Policy checks.Policy
	// Kernel is the kernel function the wrapper calls (an instance of a
	// generic one), or nil: a violation's position (asserts.Violation.Pos)
	// is its declaration's, found from its entry PC when the violation is
	// reported, so that the generated code does not change when lines
	// above the kernel move. Generated code that leaves it out (written
	// before it, or in interface mode, where the kernel is behind an
	// interface) builds and runs, and its violations have no position.
	Kernel any
	// Pos, when set, is the violation's position as it is: a bound op's
	// binding, "assertgen.yaml:LINE:COL" with the config's path relative
	// to its module's root. It takes the place of Kernel's.
	Pos string

	st opStats
}

// FullName returns "name.overload", or the name alone for the default
// overload.
func (op *Op) FullName() string {
	if op.Overload == "" {
		return op.Name
	}
	return op.Name + "." + op.Overload
}

// Loc locates a tensor in a call: an argument by name or a return by index,
// and for lists an element.
type Loc struct {
	name  string
	ret   int32
	index int32
}

// Arg locates the argument with the given schema name.
func Arg(name string) Loc { return Loc{name: name, ret: -1, index: -1} }

// Ret locates the i-th return (0-based).
func Ret(i int) Loc { return Loc{ret: int32(i), index: -1} }

// Elem locates element i of the list at l.
func (l Loc) Elem(i int) Loc { l.index = int32(i); return l }

// String returns e.g. "argument self", "return 0" or "argument tensors[3]".
func (l Loc) String() string {
	return (&asserts.Violation{Arg: l.name, Ret: int(l.ret), Index: int(l.index)}).Where()
}

// The flags of a Slot's meta, above its traits: what the rows keep.
const (
	metaTraits asserts.Traits = 0xffff
	fPending   asserts.Traits = 1 << 16 // an argument saved, After not called yet
	fResult    asserts.Traits = 1 << 17 // from Result: after holds the use counts
	fAbsent    asserts.Traits = 1 << 18 // an absent optional argument
	fMode      asserts.Traits = 1 << 19 // saved while a mode is active
	// storage_use_count_eq_1 reported this return (fresh_no_alias then
	// stays silent on it).
	fStorageReported asserts.Traits = 1 << 20
	// no_mutation reported this argument (same_content then stays silent
	// on it: one bug, one report).
	fMutationReported asserts.Traits = 1 << 21
	// impl_use_count_eq_fresh, or not_arg_handle, reported this return
	// (NotArg, and fresh_no_alias on the same handle, then stay silent on
	// it).
	fImplReported asserts.Traits = 1 << 22
	// fUncounted: a return read without use counts (Frame.RetIdent), of a
	// runtime without them (see asserts.Identity).
	fUncounted asserts.Traits = 1 << 23
	// fAnchorMoved: AfterAnchor found the argument's storage anchor moved
	// while its StorageImpl ID stayed (same_storage reports it).
	fAnchorMoved asserts.Traits = 1 << 24
	// fRecycled: Frame.AfterRecycled found the argument pointing, after the
	// kernel, at memory the runtime took back during the call
	// (same_storage reports it).
	fRecycled asserts.Traits = 1 << 25
)

func (s *Slot) traits() asserts.Traits { return s.meta & metaTraits }
func (s *Slot) implUses() int          { return int(int64(s.after.Impl)) }
func (s *Slot) storageUses() int       { return int(int64(s.after.Storage)) }

// plainPair reports whether return r and argument s need no skip
// decision for a check of the two: both plain and versioned (r read with
// its use counts), or, for a runtime without use counts, r read without
// them and both plain with storage, versioned or not (no check of a pair
// is skipped for the lack of a version counter or of use counts).
func plainPair(r, s *Slot) bool {
	return r.meta == asserts.Versioned|fResult && s.meta == asserts.Versioned ||
		r.plainUncounted() && s.meta&^asserts.Versioned == 0 && s.id.Storage != 0
}

// plainUncounted reports whether return snapshot r is a defined tensor of
// no special kind, with storage, read without use counts outside a mode:
// the use-count checks are skipped for it under no_use_counts alone, and
// every check that needs no count runs.
func (r *Slot) plainUncounted() bool {
	return r.meta&^asserts.Versioned == fResult|fUncounted && r.id.Storage != 0
}

// tally is what one call counts, a word per count: the runs of each
// check (the check is its index), then the skips by each reason
// (skipAt). A word holds any number a call can count, so a call's counts
// go to its Op once, at End (or at a report: [Call.spill]).
type tally [checks.NumChecks + checks.NumReasons]uint64

// skipAt is the index in a tally of the skips for reason r.
func skipAt(r checks.Reason) int { return checks.NumChecks + int(r) }

// bindRun and bindNoEnv are where a binding_context row counts (Call.bind):
// as run, or skipped under no_env when the runtime registered no Env.
const (
	bindRun   = int(checks.BindingContext)
	bindNoEnv = checks.NumChecks + int(checks.ReasonNoEnv)
)

// Call is the rows' state of one checked call of an operator, from the
// Frame's Begin to [Call.End] (frameslow.go fills it when a call leaves
// the fast plan). It is used by one goroutine.
type Call struct {
	op  *Op
	env asserts.EnvState
	// saved is the flags Save sets: fPending, and fMode under a mode, so
	// that under a mode every check takes the slow path, where the skip
	// policy applies. A snapshot that needs no skip decision (a defined,
	// versioned, plain tensor, After done, no mode) has meta Versioned.
	saved asserts.Traits
	t     tally
	// spilled is set once the call's counts went to its Op before End
	// (a report): the rest are never its Op's signature.
	spilled bool
	// The StorageImpls of the arguments the call may write (see
	// [Call.Mutable]): the first four inline, the rest in mutMore.
	nmut    int
	mut     [4]asserts.ID
	mutMore []asserts.ID
	// The TensorImpls of the same arguments, in the same order, for
	// same_metadata's aliasing rule (see metadata.go).
	mutImpl     [4]asserts.ID
	mutImplMore []asserts.ID
	// since is the write clock when the call began (see concurrent.go).
	since uint64
	// tok is the goroutine token (getg) of a call that declared writes,
	// read at its first declaration.
	tok uintptr
	// bind is the count a binding_context row adds to: bindRun, or
	// bindNoEnv when the runtime registered no Env.
	bind int
	// digests is set once same_content took a digest before the kernel.
	digests bool
	// fresh is 1 + the hand-out sequence when the call began, set by the
	// Frame's Begin for a shape with fresh_not_held rows (0: not set); see
	// FreshNotHeld.
	fresh uint64
}

// pol returns the call's skip policy (used off the fast path only).
func (c *Call) pol() *policyTable {
	if p := c.op.Policy; p < checks.NumPolicies {
		return &policies[p]
	}
	panic(fmt.Sprintf("asserts: %s: invalid policy %d", c.op.FullName(), c.op.Policy))
}

// Mutable records that the argument saved in s is one the call may write
// (Tensor(a!)). Call it after [Call.Save] for each such argument of an op
// that checks no_mutation on others: an argument that shares a StorageImpl
// with a mutable one (x.add_(x), x[0].add_(x[1]), add(a, b, out=a)) sees
// its version move with the legal write, so no_mutation skips it (reason
// aliases_mutable_arg) instead of blaming it.
//
// The storage is also declared to other goroutines' checked calls as being
// written until [Call.End]: a row of theirs whose state moved while the
// write was in flight is inconclusive (reason concurrent_write) rather than
// blamed on their kernel. Generated code calls Mutable for every argument
// an op may write (see concurrent.go).
func (c *Call) Mutable(s *Slot) {
	c.adoptWrite(&s.id)
	c.declare(writeKey(s.id))
}

// writeKey is what a write to a tensor moves: its StorageImpl's bytes
// and version, or, for a storageless tensor (sparse), its TensorImpl's
// own version counter, keyed apart from storages by the top bit.
func writeKey(id asserts.Ident) asserts.ID {
	if id.Storage == 0 && id.Impl != 0 {
		return id.Impl | 1<<63
	}
	return id.Storage
}

// mutHas reports whether id (0: none) is one of the call's nmut records
// of Call.Mutable, the first in inl, the rest in more: a mutable
// argument's StorageImpl (c.mut) or TensorImpl (c.mutImpl).
func (c *Call) mutHas(id asserts.ID, inl *[4]asserts.ID, more []asserts.ID) bool {
	return id != 0 && (slices.Contains(inl[:min(c.nmut, len(inl))], id) || c.nmut > len(inl) && slices.Contains(more, id))
}

// classify returns the checks the skip policy turns off for the tensor of
// snapshot s, and the conditions that hold for it (the slow path).
func (c *Call) classify(s *Slot) (checks.Set, conds) {
	return c.classifyWith(s, 0, 0)
}

// classifyWith is classify with the conditions add added and drop
// removed: the guards of a row that are not the tensor's own (see
// [PyTorch]).
func (c *Call) classifyWith(s *Slot, add, drop conds) (checks.Set, conds) {
	var cs conds
	if s.meta&fAbsent != 0 {
		cs = 1 << checks.ReasonAbsent
	} else {
		cs = traitConds(asserts.Ident{Impl: s.id.Impl, Storage: s.id.Storage, Traits: s.traits()})
		if s.meta&fMode != 0 {
			cs |= 1 << checks.ReasonModeActive
		}
		if s.meta&fUncounted != 0 {
			cs |= 1 << checks.ReasonNoUseCounts
		} else {
			cs |= 1 << checks.ReasonCounted
		}
	}
	cs = cs&^drop | add
	return c.pol().mask(cs), cs
}

// End finishes the call and publishes its counts: on the common path, one
// atomic add.
func (c *Call) End() {
	if poolLog.used.Load() && writeClock.Load() != c.since {
		c.claimPoolEvents()
	}
	if c.nmut != 0 {
		c.endWrites()
	}
	c.endCounts()
}

// endCounts publishes the call's counts (End's last step).
func (c *Call) endCounts() {
	st := &c.op.st
	if st.state.Load() == sigReady && !c.spilled && st.sig == c.t {
		st.sigCalls.Add(1)
		return
	}
	c.endSlow()
}

// count adds n runs of check k.
func (c *Call) count(k checks.Check, n int) { c.t[k] += uint64(n) }

// skip records that check k was skipped for reason r: the check's run count
// is taken back and the reason's count added.
func (c *Call) skip(k checks.Check, r checks.Reason) {
	c.t[k]--
	c.t[skipAt(r)]++
}

// skipped reports whether k is skipped for s, counting the skip.
func (c *Call) skipped(k checks.Check, s *Slot) bool {
	m, cs := c.classify(s)
	if !m.Has(k) {
		return false
	}
	c.skip(k, c.pol().reason(k, cs))
	return true
}

// pairSkipped reports whether check k is skipped for the pair of a (less
// the conditions drop, see classifyWith) and b, counting the skip.
func (c *Call) pairSkipped(k checks.Check, a, b *Slot, drop conds) bool {
	if uncountedPair(a, b) { // no subclass condition to drop
		return c.uncountedSkip(k)
	}
	am, ac := c.classifyWith(a, 0, drop)
	bm, bc := c.classify(b)
	if !(am | bm).Has(k) {
		return false
	}
	c.skip(k, c.pol().reason(k, ac|bc))
	return true
}

// uncountedPair reports whether return r and argument s are the plain
// pair of a runtime without use counts or version counters, whose
// conditions are uncountedConds: r read without use counts (RetIdent, or
// the memory kind's memRet; no traits, no mode), s completed after the
// kernel (no traits, no mode), both defined, with storage.
func uncountedPair(r, s *Slot) bool {
	return r.meta == fResult|fUncounted && s.meta == 0 &&
		r.id.Impl != 0 && r.id.Storage != 0 && s.id.Impl != 0 && s.id.Storage != 0
}

// uncountedSkip is pairSkipped for an uncountedPair: the policy's decision
// read from its table.
func (c *Call) uncountedSkip(k checks.Check) bool {
	r := c.pol().unc[k]
	if r == noSkip {
		return false
	}
	c.skip(k, r)
	return true
}

// needResult reports a misuse of check k at l unless r is a return's
// snapshot.
func (c *Call) needResult(k checks.Check, l Loc, r *Slot) {
	if r.meta&fResult == 0 {
		c.misuse(k, l, "needs a Result snapshot of the return")
	}
}

// misuse reports generated code that calls the API out of order; it is a bug
// in the generator, not in a kernel.
func (c *Call) misuse(k checks.Check, l Loc, what string) {
	if c.nmut != 0 {
		c.endWrites()
	}
	panic(fmt.Sprintf("asserts: %s: %s: %s %s (generated code out of date? re-run assertgen)",
		c.op.FullName(), k, l, what))
}

//go:noinline
func (c *Call) endSlow() {
	st := &c.op.st
	if !c.spilled && st.state.Load() == sigNone && st.state.CompareAndSwap(sigNone, sigWriting) {
		st.sig = c.t
		c.op.register()
		st.state.Store(sigReady)
		st.sigCalls.Add(1)
		return
	}
	c.spill()
	st.calls.Add(1)
}

// spill adds the call's counts to its Op's counters and clears them. A
// report spills before the handler runs: a handler that reads the
// statistics sees the call's counts so far, and a handler that panics
// (the call then never reaches End) loses none of them.
func (c *Call) spill() {
	c.op.register()
	st := &c.op.st
	for k := range checks.NumChecks {
		if n := c.t[k]; n != 0 {
			st.ran[k].Add(n)
		}
	}
	for r := range checks.NumReasons {
		if n := c.t[checks.NumChecks+r]; n != 0 {
			st.skipped[r].Add(n)
		}
	}
	c.t = tally{}
	c.spilled = true
}

// report hands a violation to the handler.
func (c *Call) report(v *violation) {
	c.spill()
	op := c.op
	op.st.violations[v.Check].Add(1)
	v.Op, v.Overload, v.Policy = op.Name, op.Overload, op.Policy
	v.Pos = op.pos()
	v.Arg, v.Ret, v.Index = v.loc.name, int(v.loc.ret), int(v.loc.index)
	if v.other != (Loc{}) {
		v.Other = v.other.String()
	}
	if v.Provenance == "" {
		if poolLog.used.Load() && writeClock.Load() != c.since {
			c.claimPoolEvents() // this call's own (its nested calls ended)
		}
		v.Provenance, v.takenBack = provenance(v)
	}
	v.Hint = hint(v)
	done := false
	defer c.releaseOnPanic(&done)
	asserts.Handle(&v.Violation) // the calling goroutine's scope, or the handler
	done = true
}
