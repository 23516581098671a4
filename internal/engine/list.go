package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// listInline is how many elements a ListSlot holds without allocating.
const listInline = 8

// Summary bits of a ListSlot, set while it is filled, so that a check
// that passes for every element costs one test instead of a loop.
const (
	okRegular  = 1 << iota // every element needs no skip decision
	okImpl                 // every element kept its TensorImpl
	okStorage              // every element kept its StorageImpl
	okVersion              // every element kept its version
	okImplUses             // every TensorImpl use count is <= 1
	okStorUses             // every StorageImpl use count is 1
	okImplOne              // every TensorImpl use count is 1
	// okPlain (set by SummarizeAfter): every element is a plain tensor
	// with storage of a runtime without version counters: same_impl and same_storage need no skip decision, no_mutation is
	// skipped under no_version_counter for all, as for a single tensor.
	okPlain
)

// Reset sizes l for n elements (a Frame's list of more than listInline:
// frame.longList), as the first step of filling it element by element.
func (l *ListSlot) Reset(n int) {
	l.n = n
	if n <= listInline {
		l.more = nil
		return
	}
	if cap(l.more) >= n-listInline {
		l.more = l.more[:n-listInline]
	} else {
		l.more = make([]Slot, n-listInline)
	}
}

// SummarizeSaved notes, once every element is saved, whether each needs
// no skip decision, so that a passing list check costs one test.
func (l *ListSlot) SummarizeSaved() {
	var odd asserts.Traits
	for i := range l.n {
		odd |= l.at(i).meta ^ (asserts.Versioned | fPending)
	}
	l.ok, l.opt = b2u(odd == 0)*okRegular, false
}

// allPlain reports whether every element of l is a plain tensor with
// storage of a runtime without version counters whose snapshot has meta m
// (fPending before the kernel, 0 once completed).
func (l *ListSlot) allPlain(m asserts.Traits) bool {
	for i := range l.n {
		if s := l.at(i); s.meta != m || s.id.Storage == 0 {
			return false
		}
	}
	return true
}

// SummarizeSavedOpt is SummarizeSaved for a Tensor?[] argument: undefined
// elements (for a pointer type, nil) are absent and their checks skipped
// (and counted under reason absent).
func (c *Call) SummarizeSavedOpt(l *ListSlot) {
	l.SummarizeSaved()
	l.opt = true
	for i := range l.n {
		if s := l.at(i); s.id.Impl == 0 {
			*s = Slot{meta: fAbsent | c.saved}
		}
	}
}

// listLenMisuse reports a list completed after the kernel that is not as
// long as the one saved before it.
func (c *Call) listLenMisuse() {
	c.misuse(checks.SameImpl, Loc{ret: -1, index: -1, name: "list"}, "AfterList with another list than SaveList")
}

// SummarizeAfter notes, once every element is completed after the kernel,
// which of same_impl, same_storage and no_mutation pass for all of them.
func (l *ListSlot) SummarizeAfter() {
	var di, ds, dv asserts.ID
	for i := range l.n {
		s := l.at(i)
		di |= s.after.Impl ^ s.id.Impl
		ds |= s.after.Storage ^ s.id.Storage
		dv |= asserts.ID(s.after.Version ^ s.id.Version)
	}
	plain := l.ok&okRegular == 0 && l.allPlain(0)
	switch {
	case plain:
		// no version to compare: okVersion stays unset (Call.List skips
		// its rows under no_version_counter)
		l.ok |= okPlain
	case l.ok&okRegular == 0:
		return
	case dv == 0:
		l.ok |= okVersion
	}
	l.ok |= b2u(di == 0)*okImpl | b2u(ds == 0)*okStorage
}

// SummarizeResult notes, once every element of a list return is
// read with its use counts, which use-count checks pass for all.
func (l *ListSlot) SummarizeResult() {
	var odd asserts.Traits
	implOK, storOK, implOne := true, true, true
	for i := range l.n {
		r := l.at(i)
		odd |= r.meta ^ (asserts.Versioned | fResult)
		implOK = implOK && r.after.Impl <= 1
		storOK = storOK && r.after.Storage == 1
		implOne = implOne && r.after.Impl == 1
	}
	l.ok = b2u(odd == 0) * (okRegular | b2u(implOK)*okImplUses | b2u(storOK)*okStorUses | b2u(implOne)*okImplOne)
}
