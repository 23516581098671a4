package asserts

import (
	"fmt"
	"strconv"
)

// An Op is the static description of one wrapped operator. Generated code
// declares one package-level Op per wrapper and passes its address to
// [Begin]; the Op also accumulates the operator's statistics, so it must not
// be copied after first use.
type Op struct {
	// Name is the operator's base name with in-place marker, e.g. "add_".
	Name string
	// Overload is the overload name, e.g. "Tensor"; empty for the default
	// overload.
	Overload string
	// Profile selects the skip policy.
	Profile Profile

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

// IsRet reports whether l is a return.
func (l Loc) IsRet() bool { return l.ret >= 0 }

// ArgName returns the argument's name; "" for a return.
func (l Loc) ArgName() string { return l.name }

// RetIndex returns the return's index; -1 for an argument.
func (l Loc) RetIndex() int { return int(l.ret) }

// Index returns the list element's index; -1 if l is not a list element.
func (l Loc) Index() int { return int(l.index) }

// String returns e.g. "argument self", "return 0" or "argument tensors[3]".
func (l Loc) String() string {
	var s string
	if l.ret >= 0 {
		s = "return " + strconv.Itoa(int(l.ret))
	} else {
		s = "argument " + l.name
	}
	if l.index >= 0 {
		s += "[" + strconv.Itoa(int(l.index)) + "]"
	}
	return s
}

// Saved is a snapshot of one tensor taken by [Call.Save] (an argument,
// completed after the kernel by [Call.After]) or by [Call.Result] (a
// return). It lives on the caller's stack.
type Saved struct {
	impl, storage uint64 // IDs
	version       uint64 // arguments only
	meta          uint64 // skip mask | conds<<16 | traits<<32 | flags
	// After the kernel: for an argument (filled by After) how its
	// TensorImpl, StorageImpl and version changed, as XORs with the values
	// before (0: unchanged); for a return (filled by Result) its TensorImpl
	// and StorageImpl use counts (a negative count reads as a huge one).
	p0, p1, p2 uint64
}

const (
	fPending = 1 << 48 // an argument saved, After not called yet
	fInput   = 1 << 49 // from Save: n is a version
	fResult  = 1 << 50 // from Result: n holds the use counts

	absentBit = 1 << (16 + ReasonAbsent)
)

func (s *Saved) mask() CheckSet   { return CheckSet(s.meta) }
func (s *Saved) conds() conds     { return conds(s.meta >> 16) }
func (s *Saved) traits() Traits   { return Traits(s.meta >> 32) }
func (s *Saved) implUses() int    { return int(int64(s.p0)) }
func (s *Saved) storageUses() int { return int(int64(s.p1)) }

// Defined reports whether the saved tensor was defined (and present).
func (s *Saved) Defined() bool { return s.impl != 0 }

// Ident returns the saved identities (before the kernel, for an argument).
func (s *Saved) Ident() Ident {
	return Ident{Impl: ID(s.impl), Storage: ID(s.storage), Version: s.version, Traits: s.traits()}
}

// Skipped returns the checks the skip policy turns off for this tensor.
func (s *Saved) Skipped() CheckSet { return s.mask() }

// tally counts, in 16-bit lanes, the checks run (lanes 0..NumChecks-1) and
// the skips by reason (lanes laneReason..) of one call.
type tally struct{ w [6]uint64 }

const (
	laneReason  = 12 // lanes 12..12+NumReasons-1 count skips
	laneSpilled = 10 // set once a call's counts were spilled: never in a signature
)

func (t *tally) lane(i int) uint64 { return (t.w[i/4] >> (16 * (i % 4))) & 0xffff }

// Call is one checked call of an operator, from [Begin] to [Call.End]. It
// lives on the wrapper's stack and is used by one goroutine.
type Call struct {
	op  *Op
	env EnvState
	t   tally
}

// Begin starts a checked call of op, reading the registered [Env] once.
func Begin(op *Op) Call {
	return Call{op: op, env: envState()}
}

// BeginWith starts a checked call of op under an explicit mode state, for
// runtimes that carry their state with the call instead of registering an
// Env.
func BeginWith(op *Op, st EnvState) Call {
	return Call{op: op, env: st}
}

// pol returns the call's skip policy (used off the fast path only).
func (c *Call) pol() *policy {
	if p := c.op.Profile; p < numProfiles {
		return &policies[p]
	}
	panic(fmt.Sprintf("asserts: %s: invalid profile %d", c.op.FullName(), c.op.Profile))
}

// Env returns the mode state the call runs under.
func (c *Call) Env() EnvState { return c.env }

// Op returns the call's operator.
func (c *Call) Op() *Op { return c.op }

// Save snapshots an argument before the kernel runs: its identities, version
// and traits, and the checks the skip policy turns off for it. Complete the
// snapshot with [Call.After] once the kernel has returned.
func (c *Call) Save(t Tensor) Saved {
	id := t.Ident()
	s := Saved{impl: uint64(id.Impl), storage: uint64(id.Storage), version: id.Version,
		meta: uint64(id.Traits)<<32 | fPending | fInput}
	if id.Traits != Versioned || id.Impl == 0 || id.Storage == 0 || c.env.ModeActive {
		s.meta |= c.classify(id)
	}
	return s
}

// SaveOpt snapshots an optional argument (Tensor?): Save(t) if present,
// otherwise an absent snapshot whose checks are all skipped (and counted
// under reason absent).
func (c *Call) SaveOpt(t Tensor, present bool) Saved {
	if !present {
		return c.Absent()
	}
	return c.Save(t)
}

// Absent returns the snapshot of an absent optional argument.
func (c *Call) Absent() Saved {
	return Saved{meta: uint64(AllChecks) | uint64(1<<ReasonAbsent)<<16 | fInput}
}

// After completes an argument's snapshot once the kernel has returned. t is
// the same handle that was saved.
func (c *Call) After(s *Saved, t Tensor) {
	if s.meta&absentBit == 0 {
		id := t.Ident()
		s.p0, s.p1, s.p2 = uint64(id.Impl)^s.impl, uint64(id.Storage)^s.storage, id.Version^s.version
	}
	s.meta &^= fPending
}

// Result snapshots a return after the kernel: identities and use counts.
func (c *Call) Result(t Tensor) Saved {
	id := t.Ident()
	iu, su := t.UseCounts()
	s := Saved{impl: uint64(id.Impl), storage: uint64(id.Storage), p0: uint64(iu), p1: uint64(su),
		meta: uint64(id.Traits)<<32 | fResult}
	if id.Traits&^Versioned != 0 || id.Impl == 0 || id.Storage == 0 || c.env.ModeActive {
		s.meta |= c.classify(id)
	}
	return s
}

// classify computes a tensor's conditions and skip mask (the slow path of
// Save and Result).
func (c *Call) classify(id Ident) uint64 {
	cs := traitConds(id)
	if c.env.ModeActive {
		cs |= 1 << ReasonModeActive
	}
	return uint64(c.pol().mask(cs)) | uint64(cs)<<16
}

// The single-tensor checks below are small enough to be inlined into the
// wrapper: each counts itself and compares two words; anything unusual (a
// skip, a violation, a misuse) goes to a slow path that is not inlined.

// SameImpl checks that an argument's handle still points to the TensorImpl
// it pointed to before the kernel (same_impl).
func (c *Call) SameImpl(l Loc, s *Saved) {
	c.t.w[CheckSameImpl/4] += 1 << (16 * (CheckSameImpl % 4))
	if s.meta&(1<<CheckSameImpl|fPending)|s.p0 != 0 {
		c.slowSameImpl(l, s)
	}
}

// SameStorage checks that an argument keeps its StorageImpl (same_storage).
// Its contents and size may change (in-place and out= kernels, resize_).
func (c *Call) SameStorage(l Loc, s *Saved) {
	c.t.w[CheckSameStorage/4] += 1 << (16 * (CheckSameStorage % 4))
	if s.meta&(1<<CheckSameStorage|fPending)|s.p1 != 0 {
		c.slowSameStorage(l, s)
	}
}

// NoMutation checks that an argument the schema does not mark mutable was
// not written: its version counter did not move (no_mutation).
func (c *Call) NoMutation(l Loc, s *Saved) {
	c.t.w[CheckNoMutation/4] += 1 << (16 * (CheckNoMutation % 4))
	if s.meta&(1<<CheckNoMutation|fPending)|s.p2 != 0 {
		c.slowNoMutation(l, s)
	}
}

// ImplUseCountLE1 checks that a return's TensorImpl has use count <= 1: the
// kernel returned a tensor nobody else holds (impl_use_count_le_1).
func (c *Call) ImplUseCountLE1(l Loc, r *Saved) {
	c.t.w[CheckImplUseCountLE1/4] += 1 << (16 * (CheckImplUseCountLE1 % 4))
	if r.meta&(1<<CheckImplUseCountLE1|fInput) != 0 || r.p0 > 1 {
		c.slowImplUseCountLE1(l, r)
	}
}

// StorageUseCountEq1 checks that a return's StorageImpl has use count 1: the
// kernel returned fresh storage (storage_use_count_eq_1).
func (c *Call) StorageUseCountEq1(l Loc, r *Saved) {
	c.t.w[CheckStorageUseCountEq1/4] += 1 << (16 * (CheckStorageUseCountEq1 % 4))
	if r.meta&(1<<CheckStorageUseCountEq1|fInput)|(r.p1^1) != 0 {
		c.slowStorageUseCountEq1(l, r)
	}
}

// BindingContext checks, in a hermetic context, that the argument's storage
// carries no binding made in another context (binding_context). Outside
// hermetic contexts it passes without reading the tensor. Call it after
// [Call.Save], before the kernel runs, to catch the binding before the
// kernel touches it.
func (c *Call) BindingContext(l Loc, s *Saved, t Tensor) {
	c.t.w[CheckBindingContext/4] += 1 << (16 * (CheckBindingContext % 4))
	if c.env.Hermetic || s.meta&(1<<CheckBindingContext) != 0 {
		c.bindingSlow(l, s, t)
	}
}

// PlanSkip counts a check that the plan skipped when the wrapper was
// generated (an allowlist entry or the profile), under reason plan, so that
// run-time statistics show it too. It checks nothing.
func (c *Call) PlanSkip(k Check, l Loc) {
	c.t.w[(laneReason+ReasonPlan)/4] += 1 << (16 * ((laneReason + ReasonPlan) % 4))
}

// SharesStorage checks that a view return shares the StorageImpl of the
// argument it views (shares_storage).
func (c *Call) SharesStorage(ret Loc, r *Saved, arg Loc, s *Saved) {
	c.count(CheckSharesStorage, 1)
	if c.pairSkipped(CheckSharesStorage, ret, r, arg, s) {
		return
	}
	if r.storage != s.storage {
		c.report(&Violation{Check: CheckSharesStorage, loc: ret, other: arg,
			Want: s.storage, Got: r.storage, Traits: r.traits()})
	}
}

// ReturnsArg checks that an in-place or out= return is the argument the
// kernel mutated: the same TensorImpl (returns_arg).
func (c *Call) ReturnsArg(ret Loc, r *Saved, arg Loc, s *Saved) {
	c.count(CheckReturnsArg, 1)
	if c.pairSkipped(CheckReturnsArg, ret, r, arg, s) {
		return
	}
	if r.impl != s.impl {
		c.report(&Violation{Check: CheckReturnsArg, loc: ret, other: arg,
			Want: s.impl, Got: r.impl, Traits: r.traits()})
	}
}

// FreshOrAlias checks a may-alias return (fresh_or_alias): it is the
// argument itself (same TensorImpl), a view of it (same StorageImpl), or a
// fresh tensor (use counts 1). Parts the skip policy turns off for the
// tensors (shares_storage, the use counts) are left out of the evidence; if
// nothing is left to decide with, the check is skipped.
func (c *Call) FreshOrAlias(ret Loc, r *Saved, arg Loc, s *Saved) {
	c.count(CheckFreshOrAlias, 1)
	if c.pairSkipped(CheckFreshOrAlias, ret, r, arg, s) {
		return
	}
	c.freshOrAlias(ret, r, arg, s)
}

func (c *Call) freshOrAlias(ret Loc, r *Saved, arg Loc, s *Saved) {
	if r.meta&fResult == 0 {
		c.misuse(CheckFreshOrAlias, ret, "needs a Result snapshot of the return")
	}
	if r.impl == s.impl {
		return
	}
	m := r.mask() | s.mask()
	cs := r.conds() | s.conds()
	if !m.Has(CheckSharesStorage) && r.storage == s.storage {
		return
	}
	implKnown, storKnown := !m.Has(CheckImplUseCountLE1), !m.Has(CheckStorageUseCountEq1)
	if !implKnown && !storKnown {
		c.skip(CheckFreshOrAlias, c.pol().reason(CheckImplUseCountLE1, cs))
		return
	}
	if (implKnown && r.implUses() > 1) || (storKnown && r.storageUses() != 1) {
		c.report(&Violation{Check: CheckFreshOrAlias, loc: ret, other: arg,
			Want: s.impl, Got: r.impl,
			WantStorage: s.storage, GotStorage: r.storage,
			ImplUses: r.implUses(), StorageUses: r.storageUses(), Traits: r.traits()})
	}
}

// An Output names a fresh return for [Call.DistinctOutputs]: a single
// tensor ([Out]) or a list ([OutList]).
type Output struct {
	loc  Loc
	s    *Saved
	list *SavedList
}

// Out names a single fresh return.
func Out(l Loc, r *Saved) Output { return Output{loc: l, s: r} }

// OutList names a fresh list return.
func OutList(l Loc, rl *SavedList) Output { return Output{loc: l, list: rl} }

// DistinctOutputs checks that no two of the given fresh returns (list
// elements included) share a StorageImpl (distinct_outputs). Each pair
// counts as one check.
func (c *Call) DistinctOutputs(outs ...Output) {
	for i := range outs {
		for ei := 0; ei < outs[i].len(); ei++ {
			li, si := outs[i].at(ei)
			// The element's later siblings, then the later outputs.
			for j := i; j < len(outs); j++ {
				ej := 0
				if j == i {
					ej = ei + 1
				}
				for ; ej < outs[j].len(); ej++ {
					lj, sj := outs[j].at(ej)
					c.distinctPair(li, si, lj, sj)
				}
			}
		}
	}
}

func (o *Output) len() int {
	if o.list != nil {
		return o.list.Len()
	}
	return 1
}

func (o *Output) at(i int) (Loc, *Saved) {
	if o.list != nil {
		return o.loc.Elem(i), o.list.at(i)
	}
	return o.loc, o.s
}

func (c *Call) distinctPair(la Loc, a *Saved, lb Loc, b *Saved) {
	c.count(CheckDistinctOutputs, 1)
	if c.pairSkipped(CheckDistinctOutputs, la, a, lb, b) {
		return
	}
	if a.storage == b.storage {
		c.report(&Violation{Check: CheckDistinctOutputs, loc: la, other: lb,
			Want: 0, Got: a.storage, Traits: a.traits()})
	}
}

// End finishes the call and publishes its counts: on the common path, one
// atomic add.
func (c *Call) End() {
	st := &c.op.st
	if st.state.Load() == sigReady && st.sig == c.t {
		st.sigCalls.Add(1)
		return
	}
	c.endSlow()
}

// count adds n to check k's lane (paths that are not inlined).
func (c *Call) count(k Check, n int) { c.addLane(int(k), n) }

func (c *Call) addLane(lane, n int) {
	if c.t.lane(lane)+uint64(n) > 0xffff {
		c.spill()
	}
	c.t.w[lane/4] += uint64(n) << (16 * (lane % 4))
}

// skip records that check k was skipped for reason r: the check's run count
// is taken back and the reason's count added.
func (c *Call) skip(k Check, r Reason) {
	if c.t.lane(int(k)) > 0 {
		c.t.w[k/4] -= 1 << (16 * (k % 4))
	} else {
		c.op.st.ran[k].Add(^uint64(0)) // counted before a spill
	}
	c.addLane(laneReason+int(r), 1)
}

// skipped reports whether k is skipped for s, counting the skip.
func (c *Call) skipped(k Check, s *Saved) bool {
	if !s.mask().Has(k) {
		return false
	}
	c.skip(k, c.pol().reason(k, s.conds()))
	return true
}

func (c *Call) pairSkipped(k Check, la Loc, a *Saved, lb Loc, b *Saved) bool {
	m := a.mask() | b.mask()
	if !m.Has(k) {
		return false
	}
	c.skip(k, c.pol().reason(k, a.conds()|b.conds()))
	return true
}

//go:noinline
func (c *Call) slowSameImpl(l Loc, s *Saved) { c.slowInput(CheckSameImpl, l, s) }

//go:noinline
func (c *Call) slowSameStorage(l Loc, s *Saved) { c.slowInput(CheckSameStorage, l, s) }

//go:noinline
func (c *Call) slowNoMutation(l Loc, s *Saved) { c.slowInput(CheckNoMutation, l, s) }

//go:noinline
func (c *Call) slowImplUseCountLE1(l Loc, r *Saved) { c.slowResult(CheckImplUseCountLE1, l, r) }

//go:noinline
func (c *Call) slowStorageUseCountEq1(l Loc, r *Saved) { c.slowResult(CheckStorageUseCountEq1, l, r) }

func (c *Call) slowInput(k Check, l Loc, s *Saved) {
	if c.skipped(k, s) {
		return
	}
	if s.meta&fInput == 0 {
		c.misuse(k, l, "needs a Save snapshot of the argument")
	}
	if s.meta&fPending != 0 {
		c.misuse(k, l, "checked before After")
	}
	v := &Violation{Check: k, loc: l, Traits: s.traits()}
	switch k {
	case CheckSameImpl:
		v.Want, v.Got = s.impl, s.p0^s.impl
	case CheckSameStorage:
		v.Want, v.Got = s.storage, s.p1^s.storage
	case CheckNoMutation:
		v.Want, v.Got = s.version, s.p2^s.version
	}
	c.report(v)
}

func (c *Call) slowResult(k Check, l Loc, r *Saved) {
	if c.skipped(k, r) {
		return
	}
	if r.meta&fResult == 0 {
		c.misuse(k, l, "needs a Result snapshot of the return")
	}
	v := &Violation{Check: k, loc: l, Want: 1, Traits: r.traits(),
		ImplUses: r.implUses(), StorageUses: r.storageUses()}
	if k == CheckImplUseCountLE1 {
		v.Got = uint64(r.implUses())
	} else {
		v.Got = uint64(r.storageUses())
	}
	c.report(v)
}

//go:noinline
func (c *Call) bindingSlow(l Loc, s *Saved, t Tensor) {
	if c.skipped(CheckBindingContext, s) {
		return
	}
	if !c.env.Hermetic {
		return
	}
	bt, ok := t.(Bound)
	if !ok {
		c.skip(CheckBindingContext, ReasonNoBinding)
		return
	}
	b, ok := bt.StorageBinding()
	if !ok || b.Context == c.env.Context {
		return
	}
	c.report(&Violation{Check: CheckBindingContext, loc: l, Traits: s.traits(),
		Want: uint64(c.env.Context), Got: uint64(b.Context),
		Binding: &b, Env: &EnvState{ModeActive: c.env.ModeActive, Context: c.env.Context, Hermetic: c.env.Hermetic},
		GotStorage: s.storage})
}

// misuse reports generated code that calls the API out of order; it is a bug
// in the generator, not in a kernel.
func (c *Call) misuse(k Check, l Loc, what string) {
	panic(fmt.Sprintf("asserts: %s: %s: %s %s (generated code out of date? re-run assertgen)",
		c.op.FullName(), k, l, what))
}

//go:noinline
func (c *Call) endSlow() {
	st := &c.op.st
	if c.t.lane(laneSpilled) == 0 && st.state.Load() == sigNone && st.state.CompareAndSwap(sigNone, sigWriting) {
		st.sig = c.t
		c.op.register()
		st.state.Store(sigReady)
		st.sigCalls.Add(1)
		return
	}
	c.spill()
	st.calls.Add(1)
}

// spill adds the call's counts to its Op's counters and clears them.
func (c *Call) spill() {
	c.op.register()
	st := &c.op.st
	for k := range NumChecks {
		if n := c.t.lane(k); n != 0 {
			st.ran[k].Add(n)
		}
	}
	for r := range NumReasons {
		if n := c.t.lane(laneReason + r); n != 0 {
			st.skipped[r].Add(n)
		}
	}
	c.t = tally{}
	c.t.w[laneSpilled/4] = 1 << (16 * (laneSpilled % 4))
}

// report hands a violation to the handler.
func (c *Call) report(v *Violation) {
	c.spill()
	op := c.op
	op.st.violations[v.Check].Add(1)
	v.Op, v.Overload, v.Profile = op.Name, op.Overload, op.Profile
	v.Arg, v.Ret, v.Index = v.loc.name, int(v.loc.ret), int(v.loc.index)
	if v.other != (Loc{}) {
		v.Other = v.other.String()
	}
	v.Hint = hint(v)
	handle(v)
}
