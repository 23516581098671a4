package asserts

// listInline is how many elements a SavedList holds without allocating.
const listInline = 8

// SavedList holds the snapshots of a list of tensors (Tensor[], Tensor?[]),
// element by element. Up to 8 elements it needs no heap allocation; declare
// it as a local variable and fill it with [SaveList], [SaveOptList] or
// [ResultList]:
//
//	var l0 asserts.SavedList
//	asserts.SaveList(&c, &l0, tensors)
type SavedList struct {
	n    int
	inl  [listInline]Saved
	more []Saved
}

// Len returns the number of elements.
func (l *SavedList) Len() int { return l.n }

// At returns the snapshot of element i.
func (l *SavedList) At(i int) *Saved { return l.at(i) }

func (l *SavedList) at(i int) *Saved {
	if i < listInline {
		return &l.inl[i]
	}
	return &l.more[i-listInline]
}

func (l *SavedList) reset(n int) {
	l.n = n
	if n > listInline {
		if cap(l.more) >= n-listInline {
			l.more = l.more[:n-listInline]
		} else {
			l.more = make([]Saved, n-listInline)
		}
	}
}

// SaveList snapshots a Tensor[] argument before the kernel, as [Call.Save]
// does for each element.
func SaveList[T Tensor](c *Call, l *SavedList, ts []T) {
	l.reset(len(ts))
	for i := range ts {
		c.Save(l.at(i), ts[i])
	}
}

// SaveOptList snapshots a Tensor?[] argument before the kernel: undefined
// elements (for a pointer type, nil) are absent and their checks skipped.
func SaveOptList[T Tensor](c *Call, l *SavedList, ts []T) {
	l.reset(len(ts))
	for i := range ts {
		s := l.at(i)
		c.Save(s, ts[i])
		if s.id.Impl == 0 {
			c.SaveOpt(s, nil, false)
		}
	}
}

// AfterList completes a list argument's snapshots once the kernel has
// returned; ts is the slice that was saved. A kernel may have replaced
// elements of the slice; the checks then see the replacement.
func AfterList[T Tensor](c *Call, l *SavedList, ts []T) {
	if len(ts) != l.n {
		c.misuse(CheckSameImpl, Loc{ret: -1, index: -1, name: "list"}, "AfterList with another list than SaveList")
	}
	for i := range ts {
		c.After(l.at(i), ts[i])
	}
}

// ResultList snapshots a Tensor[] return, as [Call.Result] does for each
// element.
func ResultList[T Tensor](c *Call, l *SavedList, ts []T) {
	l.reset(len(ts))
	for i := range ts {
		c.Result(l.at(i), ts[i])
	}
}

// SameImplList runs same_impl on each element of a list argument.
func (c *Call) SameImplList(loc Loc, l *SavedList) {
	c.count(CheckSameImpl, l.n)
	for i := range l.n {
		s := l.at(i)
		if s.meta != Versioned || s.after.Impl != s.id.Impl {
			c.slowInput(CheckSameImpl, loc.Elem(i), s)
		}
	}
}

// SameStorageList runs same_storage on each element of a list argument.
func (c *Call) SameStorageList(loc Loc, l *SavedList) {
	c.count(CheckSameStorage, l.n)
	for i := range l.n {
		s := l.at(i)
		if s.meta != Versioned || s.after.Storage != s.id.Storage {
			c.slowInput(CheckSameStorage, loc.Elem(i), s)
		}
	}
}

// NoMutationList runs no_mutation on each element of a list argument.
func (c *Call) NoMutationList(loc Loc, l *SavedList) {
	c.count(CheckNoMutation, l.n)
	for i := range l.n {
		s := l.at(i)
		if s.meta != Versioned || s.after.Version != s.id.Version {
			c.slowInput(CheckNoMutation, loc.Elem(i), s)
		}
	}
}

// BindingContextList runs binding_context on each element of a list
// argument.
func BindingContextList[T Tensor](c *Call, loc Loc, l *SavedList, ts []T) {
	c.count(CheckBindingContext, l.n)
	for i := range l.n {
		s := l.at(i)
		if c.env.Hermetic || s.meta&^fPending != Versioned {
			c.bindingSlow(loc.Elem(i), s, ts[i])
		}
	}
}

// ImplUseCountLE1List runs impl_use_count_le_1 on each element of a list
// return.
func (c *Call) ImplUseCountLE1List(loc Loc, l *SavedList) {
	c.count(CheckImplUseCountLE1, l.n)
	for i := range l.n {
		r := l.at(i)
		if r.meta != Versioned|fResult || r.after.Impl > 1 {
			c.slowResult(CheckImplUseCountLE1, loc.Elem(i), r)
		}
	}
}

// StorageUseCountEq1List runs storage_use_count_eq_1 on each element of a
// list return.
func (c *Call) StorageUseCountEq1List(loc Loc, l *SavedList) {
	c.count(CheckStorageUseCountEq1, l.n)
	for i := range l.n {
		r := l.at(i)
		if r.meta != Versioned|fResult || r.after.Storage != 1 {
			c.slowResult(CheckStorageUseCountEq1, loc.Elem(i), r)
		}
	}
}

// SharesStorageList runs shares_storage on each element of a list return
// (split, unbind, chunk) against the viewed argument.
func (c *Call) SharesStorageList(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	for i := range rl.n {
		c.SharesStorage(ret.Elem(i), rl.at(i), arg, s)
	}
}

// FreshOrAliasList runs fresh_or_alias on each element of a list return.
func (c *Call) FreshOrAliasList(ret Loc, rl *SavedList, arg Loc, s *Saved) {
	for i := range rl.n {
		c.FreshOrAlias(ret.Elem(i), rl.at(i), arg, s)
	}
}

// ReturnsArgList runs returns_arg element by element on a list return and
// the mutated list argument (an out= overload with a Tensor(a!)[] out). If
// the lengths differ, the first unmatched element is a violation.
func (c *Call) ReturnsArgList(ret Loc, rl *SavedList, arg Loc, sl *SavedList) {
	n := min(rl.n, sl.n)
	for i := range n {
		c.ReturnsArg(ret.Elem(i), rl.at(i), arg.Elem(i), sl.at(i))
	}
	if rl.n != sl.n {
		c.count(CheckReturnsArg, 1)
		i := n
		v := &Violation{Check: CheckReturnsArg, loc: ret.Elem(i), other: arg.Elem(i)}
		if i < rl.n {
			v.Got = uint64(rl.at(i).id.Impl)
		} else {
			v.Want = uint64(sl.at(i).id.Impl)
		}
		c.report(v)
	}
}
