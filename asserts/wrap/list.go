package wrap

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// listInline is how many elements a SavedList holds without allocating.
const listInline = 8

// SavedList holds the snapshots of a list of tensors (Tensor[], Tensor?[]),
// element by element. Up to 8 elements it needs no heap allocation; declare
// it as a local variable and fill it with [SaveList], [SaveOptList] or
// [ResultList]:
//
//	var l0 wrap.SavedList
//	asserts.SaveList(&c, &l0, tensors)
type SavedList struct {
	n   int
	ok  uint8 // what holds for every element (the ok* bits)
	opt bool  // a Tensor?[] argument (SaveOptList)
	// base is, for a list return of views, the use count of the viewed
	// storage before the kernel (ViewBaseList), capped at 1<<32-1.
	base uint32
	inl  [listInline]Saved
	more []Saved // elements 8 and up
}

// Summary bits of a SavedList, set while it is filled, so that a check
// that passes for every element costs one test instead of a loop.
const (
	okRegular  = 1 << iota // every element needs no skip decision, and n <= 255
	okImpl                 // every element kept its TensorImpl
	okStorage              // every element kept its StorageImpl
	okVersion              // every element kept its version
	okImplUses             // every TensorImpl use count is <= 1
	okStorUses             // every StorageImpl use count is 1
	okImplOne              // every TensorImpl use count is 1
	// okPlain (set by SummarizeAfter): every element is a plain tensor
	// with storage of a runtime without version counters, and n <= 255:
	// same_impl and same_storage need no skip decision, no_mutation is
	// skipped under no_version_counter for all, as for a single tensor.
	okPlain
)

// Len returns the number of elements.
func (l *SavedList) Len() int { return l.n }

// At returns the snapshot of element i.
func (l *SavedList) At(i int) *Saved { return l.at(i) }

func (l *SavedList) at(i int) *Saved {
	if uint(i) < listInline {
		return &l.inl[i]
	}
	return &l.more[i-listInline]
}

// parts returns the elements held inline and the others.
func (l *SavedList) parts() (inl, more []Saved) {
	return l.inl[:min(l.n, listInline)], l.more
}

// Reset sizes l for n elements, as the first step of filling it element
// by element: SaveList, AfterList and ResultList are generic, and for a
// tensor type that is a pointer the Ident of each element is an indirect
// call through the function's dictionary. Generated code fills lists of its
// own tensor type with a loop of its own instead, where the compiler calls
// (or inlines) the type's Ident directly:
//
//	l.Reset(len(ts))
//	for i, t := range ts {
//		c.Save(l.At(i), t)
//	}
//	l.SummarizeSaved()
//
// and likewise c.After (after [SavedList.CheckLen], then
// [SavedList.SummarizeAfter]) and c.Result (then
// [SavedList.SummarizeResult]). The generic functions are that loop.
func (l *SavedList) Reset(n int) {
	l.n = n
	if n <= listInline {
		l.more = nil
		return
	}
	if cap(l.more) >= n-listInline {
		l.more = l.more[:n-listInline]
	} else {
		l.more = make([]Saved, n-listInline)
	}
}

// SummarizeSaved notes, once every element is saved, whether each needs
// no skip decision, so that a passing list check costs one test.
func (l *SavedList) SummarizeSaved() {
	inl, more := l.parts()
	var odd asserts.Traits
	for i := range inl {
		odd |= inl[i].meta ^ (asserts.Versioned | fPending)
	}
	for i := range more {
		odd |= more[i].meta ^ (asserts.Versioned | fPending)
	}
	l.ok, l.opt = 0, false
	if odd == 0 && l.n <= 0xff {
		l.ok = okRegular
	}
}

// allPlain reports whether every element of l is a plain tensor with
// storage of a runtime without version counters whose snapshot has meta m
// (fPending before the kernel, 0 once completed), and l.n <= 255.
func (l *SavedList) allPlain(m asserts.Traits) bool {
	if l.n > 0xff {
		return false
	}
	for i := range l.n {
		if s := l.at(i); s.meta != m || s.id.Storage == 0 {
			return false
		}
	}
	return true
}

// SummarizeSavedOpt is SummarizeSaved for a Tensor?[] argument: undefined
// elements (for a pointer type, nil) are absent and their checks skipped.
func (c *Call) SummarizeSavedOpt(l *SavedList) {
	l.SummarizeSaved()
	l.opt = true
	for i := range l.n {
		if s := l.at(i); s.id.Impl == 0 {
			c.SaveOpt(s, nil, false)
		}
	}
}

// CheckLen reports a misuse unless n, the length of the list the kernel
// saw, is that of the saved list: call it before completing the elements
// with [Call.After].
func (l *SavedList) CheckLen(c *Call, n int) {
	if n != l.n {
		c.misuse(checks.SameImpl, Loc{ret: -1, index: -1, name: "list"}, "AfterList with another list than SaveList")
	}
}

// SummarizeAfter notes, once every element is completed by [Call.After],
// which of same_impl, same_storage and no_mutation pass for all of them.
func (l *SavedList) SummarizeAfter() {
	inl, more := l.parts()
	var di, ds, dv asserts.ID
	for i := range inl {
		s := &inl[i]
		di |= s.after.Impl ^ s.id.Impl
		ds |= s.after.Storage ^ s.id.Storage
		dv |= asserts.ID(s.after.Version ^ s.id.Version)
	}
	for i := range more {
		s := &more[i]
		di |= s.after.Impl ^ s.id.Impl
		ds |= s.after.Storage ^ s.id.Storage
		dv |= asserts.ID(s.after.Version ^ s.id.Version)
	}
	if l.ok&okRegular == 0 && l.allPlain(0) {
		l.ok |= okPlain
		// no version to compare: okVersion stays unset (NoMutationList
		// skips its rows under no_version_counter)
		if di == 0 {
			l.ok |= okImpl
		}
		if ds == 0 {
			l.ok |= okStorage
		}
	}
	if l.ok&okRegular != 0 {
		if di == 0 {
			l.ok |= okImpl
		}
		if ds == 0 {
			l.ok |= okStorage
		}
		if dv == 0 {
			l.ok |= okVersion
		}
	}
}

// SummarizeResult notes, once every element of a list return is
// snapshotted by [Call.Result], which use-count checks pass for all.
func (l *SavedList) SummarizeResult() {
	var odd asserts.Traits
	implOK, storOK, implOne := true, true, true
	for i := range l.n {
		r := l.at(i)
		odd |= r.meta ^ (asserts.Versioned | fResult)
		implOK = implOK && r.after.Impl <= 1
		storOK = storOK && r.after.Storage == 1
		implOne = implOne && r.after.Impl == 1
	}
	l.ok = 0
	if odd == 0 && l.n <= 0xff {
		l.ok = okRegular
		if implOK {
			l.ok |= okImplUses
		}
		if storOK {
			l.ok |= okStorUses
		}
		if implOne {
			l.ok |= okImplOne
		}
	}
}

// SaveList snapshots a Tensor[] argument before the kernel, as [Call.Save]
// does for each element.
func SaveList[T asserts.Identity](c *Call, l *SavedList, ts []T) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	l.SummarizeSaved()
}

// SaveOptList snapshots a Tensor?[] argument before the kernel: undefined
// elements (for a pointer type, nil) are absent and their checks skipped.
func SaveOptList[T asserts.Identity](c *Call, l *SavedList, ts []T) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Save(l.At(i), t)
	}
	c.SummarizeSavedOpt(l)
}

// AfterList completes a list argument's snapshots once the kernel has
// returned; ts is the slice that was saved. A kernel may have replaced
// elements of the slice; the checks then see the replacement.
func AfterList[T asserts.Identity](c *Call, l *SavedList, ts []T) {
	l.CheckLen(c, len(ts))
	for i, t := range ts {
		c.After(l.At(i), t)
	}
	l.SummarizeAfter()
}

// ResultList snapshots a Tensor[] return, as [Call.Result] does for each
// element.
func ResultList[T asserts.Tensor](c *Call, l *SavedList, ts []T) {
	l.Reset(len(ts))
	for i, t := range ts {
		c.Result(l.At(i), t)
	}
	l.SummarizeResult()
}

// The list checks below have a fast path small enough to be inlined: when
// the list's summary says every element passes, they count the elements
// and return. Only lists of up to 255 elements get a summary (a wrapper
// would need hundreds of list checks of one kind to fill a 16-bit lane that
// way); anything else goes to listSlow, which guards the lane.

// SameImplList runs same_impl on each element of a list argument.
func (c *Call) SameImplList(loc Loc, l *SavedList) {
	if l.ok&okImpl == 0 {
		c.listSlow(checks.SameImpl, loc, l)
		return
	}
	c.t[laneSameImpl/4] += uint64(l.n) << (16 * (laneSameImpl % 4))
}

// SameStorageList runs same_storage on each element of a list argument.
func (c *Call) SameStorageList(loc Loc, l *SavedList) {
	if l.ok&okStorage == 0 {
		c.listSlow(checks.SameStorage, loc, l)
		return
	}
	c.t[laneSameStorage/4] += uint64(l.n) << (16 * (laneSameStorage % 4))
}

// NoMutationList runs no_mutation on each element of a list argument.
func (c *Call) NoMutationList(loc Loc, l *SavedList) {
	if l.ok&okVersion == 0 {
		c.listSlow(checks.NoMutation, loc, l)
		return
	}
	c.t[laneNoMutation/4] += uint64(l.n) << (16 * (laneNoMutation % 4))
}

// ImplUseCountLE1List runs impl_use_count_le_1 on each element of a list
// return.
func (c *Call) ImplUseCountLE1List(loc Loc, l *SavedList) {
	if l.ok&okImplUses == 0 {
		c.listSlow(checks.ImplUseCountLE1, loc, l)
		return
	}
	c.t[laneImplUseCount/4] += uint64(l.n) << (16 * (laneImplUseCount % 4))
}

// StorageUseCountEq1List runs storage_use_count_eq_1 on each element of a
// list return.
func (c *Call) StorageUseCountEq1List(loc Loc, l *SavedList) {
	if l.ok&okStorUses == 0 {
		c.listSlow(checks.StorageUseCountEq1, loc, l)
		return
	}
	c.t[laneStorageUseCnt/4] += uint64(l.n) << (16 * (laneStorageUseCnt % 4))
}

// BindingContextList runs binding_context on each element of a list
// argument.
func BindingContextList[T asserts.Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	// Every element needs no skip decision: versioned and regular, or,
	// of a runtime without version counters, plain with storage (as
	// bindingListSlow finds, without its call): one add of the rows run,
	// or, without an Env, skipped under no_env (c.bind).
	if !c.env.Hermetic && (l.ok&okRegular != 0 || l.allPlain(fPending)) {
		c.t[laneBinding/4] += uint64(l.n) * c.bind
		return
	}
	bindingListSlow(c, loc, l, ts)
}

func bindingListSlow[T asserts.Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if c.bind != bindRun {
		// no Env: every row skipped under no_env (the lane's constant
		// spelled out where it has room: addLane's variable one cost a
		// list call more than the add)
		if c.t.lane(laneNoEnv)+uint64(l.n) <= 0xffff {
			c.t[laneNoEnv/4] += uint64(l.n) << (16 * (laneNoEnv % 4))
			return
		}
		c.addLane(laneNoEnv, l.n)
		return
	}
	if !c.env.Hermetic && l.allPlain(fPending) {
		c.t[laneBinding/4] += uint64(l.n) * c.bind // as BindingContextRows
		return
	}
	c.count(checks.BindingContext, l.n)
	for i := range l.n {
		if s := l.at(i); c.env.Hermetic || s.meta&^fPending != asserts.Versioned {
			c.bindingSlow(loc.Elem(i), s, ts[i])
		}
	}
}

// listSlow runs check k element by element.
func (c *Call) listSlow(k checks.Check, loc Loc, l *SavedList) {
	if k == checks.NoMutation && l.ok&(okPlain|okImpl|okStorage) == okPlain|okImpl|okStorage {
		// plain unversioned elements, kept: skipped under
		// no_version_counter, as slowSameImplStorageVersion does for one
		c.t[laneNoVersion/4] += uint64(l.n) << (16 * (laneNoVersion % 4))
		return
	}
	c.count(k, l.n)
	if (k == checks.SameImpl || k == checks.SameStorage) && c.pol().guards != 0 {
		if add, drop := c.listGuards(k, l); add|drop != 0 {
			for i := range l.n {
				c.slowInputWith(k, loc.Elem(i), l.at(i), add, drop)
			}
			return
		}
	}
	for i := range l.n {
		s := l.at(i)
		switch k {
		case checks.SameImpl:
			if s.meta != asserts.Versioned || s.after.Impl != s.id.Impl {
				c.slowInput(k, loc.Elem(i), s)
			}
		case checks.SameStorage:
			if s.meta != asserts.Versioned || s.after.Storage != s.id.Storage {
				c.slowInput(k, loc.Elem(i), s)
			}
		case checks.NoMutation:
			if s.meta != asserts.Versioned || s.after.Version != s.id.Version {
				c.slowInput(k, loc.Elem(i), s)
			}
		case checks.ImplUseCountLE1:
			if s.meta != asserts.Versioned|fResult || s.after.Impl > 1 {
				c.slowResult(k, loc.Elem(i), s)
			}
		case checks.StorageUseCountEq1:
			if s.meta != asserts.Versioned|fResult || s.after.Storage != 1 {
				c.slowResult(k, loc.Elem(i), s)
			}
		}
	}
}

// listGuards returns the conditions a pytorch profile adds to, and drops
// from, each element of list argument l for check k: PyTorch skips a
// list's check as a whole when an element is a subclass
// (tensorlist_has_dispatch), and puts no subclass guard around same_impl
// on a Tensor?[].
func (c *Call) listGuards(k checks.Check, l *SavedList) (add, drop conds) {
	g := c.pol().guards
	if k == checks.SameImpl && l.opt && g&checktable.GuardOptListImplOpen != 0 {
		return 0, subclassConds
	}
	if g&checktable.GuardListWhole == 0 {
		return 0, 0
	}
	for i := range l.n {
		if s := l.at(i); s.meta&fAbsent == 0 && s.id.Impl != 0 {
			add |= traitConds(asserts.Ident{Impl: s.id.Impl, Storage: s.id.Storage, Traits: s.traits()}) & subclassConds
		}
	}
	return add, 0
}

// SharesStorageList runs shares_storage on each element of a list return
// (split, unbind, chunk) against the viewed argument.
//
// Up to 255 elements, each takes SharesStorage's fast path, whose add to
// the lane is not guarded (a list adds at most 255); longer lists take
// the slow path, which counts through count.
func (c *Call) SharesStorageList(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	if rl.n <= 0xff {
		for i := range rl.n {
			c.SharesStorage(ret.Elem(i), rl.at(i), arg, s)
		}
		return
	}
	for i := range rl.n {
		c.slowSharesStorage(ret.Elem(i), rl.at(i), arg, s)
	}
}

// FreshOrAliasList runs fresh_or_alias on each element of a list return,
// by FreshOrAlias's fast path up to 255 elements (see
// [Call.SharesStorageList]).
func (c *Call) FreshOrAliasList(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	if rl.n <= 0xff {
		for i := range rl.n {
			c.FreshOrAlias(ret.Elem(i), rl.at(i), arg, s)
		}
		return
	}
	for i := range rl.n {
		c.slowFreshOrAlias(ret.Elem(i), rl.at(i), arg, s)
	}
}

// SharesStorageOf runs shares_storage for a view return of a list argument
// (Tensor[]): the return shares the StorageImpl of one of its elements.
func (c *Call) SharesStorageOf(ret Loc, r *Saved, arg Loc, sl *SavedList) {
	const k = checks.SharesStorage
	c.count(k, 1)
	rm, rc := c.classify(r)
	if rm.Has(k) {
		c.skip(k, c.pol().reason(k, rc))
		return
	}
	var firstSkip conds
	compared := false
	for i := range sl.n {
		e := sl.at(i)
		em, ec := c.classify(e)
		if em.Has(k) {
			if firstSkip == 0 {
				firstSkip = ec
			}
			continue
		}
		compared = true
		if e.id.Storage == r.id.Storage {
			return
		}
	}
	if !compared && firstSkip != 0 {
		c.skip(k, c.pol().reason(k, firstSkip))
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, OtherIsList: true, Got: uint64(r.id.Storage), Traits: r.traits()}, loc: ret, other: arg})
}

// SharesStorageListOf runs SharesStorageOf on each element of a list return.
func (c *Call) SharesStorageListOf(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	for i := range rl.n {
		c.SharesStorageOf(ret.Elem(i), rl.at(i), arg, sl)
	}
}

// FreshOrAliasOf runs fresh_or_alias for a may-alias return of a list
// argument (Tensor[], e.g. _flatten_dense_tensors): the return is one of its
// elements, a view of one, or fresh.
func (c *Call) FreshOrAliasOf(ret Loc, r *Saved, arg Loc, sl *SavedList) {
	const k = checks.FreshOrAlias
	c.count(k, 1)
	rm, rc := c.classify(r)
	if rm.Has(k) {
		c.skip(k, c.pol().reason(k, rc))
		return
	}
	if r.meta&fResult == 0 {
		c.misuse(k, ret, "needs a Result snapshot of the return")
	}
	for i := range sl.n {
		e := sl.at(i)
		em, _ := c.classify(e)
		if em.Has(k) { // an undefined or absent element
			continue
		}
		if e.id.Impl == r.id.Impl {
			c.sameHandle(ret, r, arg.Elem(i), e, rm|em)
			return
		}
		if !(rm | em).Has(checks.SharesStorage) && e.id.Storage == r.id.Storage {
			return
		}
	}
	implKnown, storKnown := !rm.Has(checks.ImplUseCountLE1), !rm.Has(checks.StorageUseCountEq1)
	if !implKnown && !storKnown {
		c.skip(k, c.pol().reason(checks.ImplUseCountLE1, rc))
		return
	}
	if c.hiddenRefsDecide(r, implKnown, storKnown) {
		return
	}
	if (implKnown && r.implUses() > 1) || (storKnown && r.storageUses() != 1) {
		c.report(&violation{Violation: asserts.Violation{Check: k, OtherIsList: true, Got: uint64(r.id.Impl), GotStorage: uint64(r.id.Storage), ImplUses: r.implUses(), StorageUses: r.storageUses(), Traits: r.traits()}, loc: ret, other: arg})
	}
}

// FreshOrAliasListOf runs FreshOrAliasOf on each element of a list return
// (atleast_1d.Sequence): each is an element of the list argument, a view of
// one, or fresh.
func (c *Call) FreshOrAliasListOf(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	for i := range rl.n {
		c.FreshOrAliasOf(ret.Elem(i), rl.at(i), arg, sl)
	}
}

// ReturnsArgList runs returns_arg element by element on a list return and
// the mutated list argument (an out= overload with a Tensor(a!)[] out). If
// the lengths differ, the first unmatched element is a violation.
func (c *Call) ReturnsArgList(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	n := min(rl.n, sl.n)
	for i := range n {
		// Up to 255 elements the fast path (see [Call.SharesStorageList]).
		if n <= 0xff {
			c.ReturnsArg(ret.Elem(i), rl.at(i), arg.Elem(i), sl.at(i))
		} else {
			c.slowReturnsArg(ret.Elem(i), rl.at(i), arg.Elem(i), sl.at(i))
		}
	}
	if rl.n != sl.n {
		c.count(checks.ReturnsArg, 1)
		i := n
		v := &violation{Violation: asserts.Violation{Check: checks.ReturnsArg}, loc: ret.Elem(i), other: arg.Elem(i)}
		if i < rl.n {
			v.Got = uint64(rl.at(i).id.Impl)
		} else {
			v.Want = uint64(sl.at(i).id.Impl)
		}
		c.report(v)
	}
}

// NotArgList runs NotArg against each element of a list argument: a fresh
// or view return is none of them.
func (c *Call) NotArgList(ret Loc, r *Saved, arg Loc, l *SavedList) {
	if id := r.id.Impl; id != 0 && l.holdsImpl(id) {
		c.notArgListSlow(ret, r, arg, l)
	}
}

//go:noinline
func (c *Call) notArgListSlow(ret Loc, r *Saved, arg Loc, l *SavedList) {
	for i := range l.n {
		if e := l.at(i); e.id.Impl == r.id.Impl {
			c.notArgSlow(ret, r, arg.Elem(i), e)
		}
	}
}

// NotArgElems runs NotArg on each element of a list return against an
// argument: no element of a fresh or view list (split, unbind) is the
// argument's handle itself.
func (c *Call) NotArgElems(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	if id := s.id.Impl; id != 0 && rl.holdsImpl(id) {
		c.notArgElemsSlow(ret, rl, arg, s)
	}
}

//go:noinline
func (c *Call) notArgElemsSlow(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	for i := range rl.n {
		if e := rl.at(i); e.id.Impl == s.id.Impl {
			c.notArgSlow(ret.Elem(i), e, arg, s)
		}
	}
}

// holdsImpl reports whether an element's saved TensorImpl is id. The list
// checks that compare one tensor with every element run this loop, which
// calls nothing, and look at the elements one by one only on a match.
func (l *SavedList) holdsImpl(id asserts.ID) bool {
	inl, more := l.parts()
	for i := range inl {
		if inl[i].id.Impl == id {
			return true
		}
	}
	for i := range more {
		if more[i].id.Impl == id {
			return true
		}
	}
	return false
}

// holdsStorage reports whether an element's saved StorageImpl is st.
func (l *SavedList) holdsStorage(st asserts.ID) bool {
	inl, more := l.parts()
	for i := range inl {
		if inl[i].id.Storage == st {
			return true
		}
	}
	for i := range more {
		if more[i].id.Storage == st {
			return true
		}
	}
	return false
}

// NotArgElemsList runs NotArg on each element of a list return against
// each element of a list argument.
func (c *Call) NotArgElemsList(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	for j := range sl.n {
		c.NotArgElems(ret, rl, arg.Elem(j), sl.at(j))
	}
}

// FreshNoAliasList runs fresh_no_alias on each element of a fresh list
// return against an argument.
func (c *Call) FreshNoAliasList(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	c.count(checks.FreshNoAlias, rl.n)
	for i := range rl.n {
		if r := rl.at(i); r.meta != asserts.Versioned|fResult || s.meta != asserts.Versioned || r.id.Storage == s.id.Storage {
			c.freshNoAliasSlow(ret.Elem(i), r, arg, s)
		}
	}
}

// FreshNoAliasOf runs fresh_no_alias for a fresh return against each
// element of a list argument (Tensor[], Tensor?[]): one check per element.
func (c *Call) FreshNoAliasOf(ret Loc, r *Saved, arg Loc, sl *SavedList) {
	if !(sl.ok&okRegular != 0 && r.meta == asserts.Versioned|fResult || sl.ok&okPlain != 0 && r.plainUncounted()) {
		c.freshNoAliasOfSlow(ret, r, arg, sl)
		return
	}
	c.t[laneFreshNoAlias/4] += uint64(sl.n) << (16 * (laneFreshNoAlias % 4))
	if sl.holdsStorage(r.id.Storage) {
		c.freshNoAliasOfHits(ret, r, arg, sl)
	}
}

// freshNoAliasOfHits runs fresh_no_alias's slow path on the elements of sl
// that share return r's StorageImpl (counted by the caller).
//
//go:noinline
func (c *Call) freshNoAliasOfHits(ret Loc, r *Saved, arg Loc, sl *SavedList) {
	for i := range sl.n {
		if e := sl.at(i); e.id.Storage == r.id.Storage {
			c.freshNoAliasSlow(ret, r, arg.Elem(i), e)
		}
	}
}

//go:noinline
func (c *Call) freshNoAliasOfSlow(ret Loc, r *Saved, arg Loc, sl *SavedList) {
	c.count(checks.FreshNoAlias, sl.n)
	for i := range sl.n {
		c.freshNoAliasSlow(ret, r, arg.Elem(i), sl.at(i))
	}
}

// FreshNoAliasListOf runs FreshNoAliasOf on each element of a fresh list
// return.
func (c *Call) FreshNoAliasListOf(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	for i := range rl.n {
		c.FreshNoAliasOf(ret.Elem(i), rl.at(i), arg, sl)
	}
}

// BindingContextAfterList runs BindingContextAfter on each element of a
// list argument.
func BindingContextAfterList[T asserts.Identity](c *Call, loc Loc, l *SavedList, ts []T) {
	if !c.env.Hermetic {
		return
	}
	for i := range min(l.n, len(ts)) {
		c.bindingAfterSlow(loc.Elem(i), l.at(i), ts[i])
	}
}

// ListRows names the rows of a list argument that run before the kernel,
// for [PlainListRows].
type ListRows = checktable.ListRows

// The rows of [ListRows].
const (
	ListContent  = checktable.ListContent  // same_content ([SameContentList])
	ListMetadata = checktable.ListMetadata // same_metadata ([SaveMetadataList])
	ListBinding  = checktable.ListBinding  // binding_context ([BindingContextList])
)

// PlainListRows runs the rows named by rows of list argument l, the ones
// that run before the kernel, when each of them only counts, and reports
// whether it did; otherwise it does nothing, and generated code calls
// the rows' functions one by one:
//
//	if !wrap.PlainListRows(c, s0, wrap.ListContent|wrap.ListMetadata|wrap.ListBinding) {
//		wrap.SameContentList(c, l[0], s0, t0)
//		wrap.SaveMetadataList(c, s0, t0)
//		wrap.BindingContextList(c, l[0], s0, t0)
//	}
//
// It does what they would (the same counts, each element's metadata
// fingerprint taken) in one loop over the elements instead of one per
// row: when l has at most 255 elements, each saved from its memory
// (SaveMemory) outside a mode, plain with storage and, for same_metadata,
// a metadata fingerprint; with same_content off, for its row; outside a
// hermetic context, for binding_context's.
func PlainListRows(c *Call, l *SavedList, rows ListRows) bool {
	if l.n > 0xff || rows&ListContent != 0 && !ContentCheckOff() || rows&ListBinding != 0 && c.env.Hermetic {
		return false
	}
	inl, more := l.parts()
	meta := rows&ListMetadata != 0
	if !plainPart(inl, meta) || !plainPart(more, meta) {
		return false
	}
	n := uint64(l.n)
	if meta {
		for i := range inl {
			inl[i].hasMeta = true
		}
		for i := range more {
			more[i].hasMeta = true
		}
		c.t[laneSameMetadata/4] += n << (16 * (laneSameMetadata % 4))
	}
	if rows&ListContent != 0 {
		c.t[laneContentOff/4] += n << (16 * (laneContentOff % 4))
	}
	if rows&ListBinding != 0 {
		c.t[laneBinding/4] += n * c.bind
	}
	return true
}

// plainPart reports whether every element of part is a plain tensor with
// storage saved outside a mode (allPlain(fPending): BindingContextList
// counts it) and, with meta, whose fingerprint SaveMemory read
// (Call.TakeMetadata takes it).
func plainPart(part []Saved, meta bool) bool {
	for i := range part {
		s := &part[i]
		if s.meta != fPending || s.id.Storage == 0 || meta && (s.memo&memoMeta == 0 || s.id.Impl == 0 || s.metadata == 0) {
			return false
		}
	}
	return true
}
