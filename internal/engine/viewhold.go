package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// view_holds_storage's steps on the rows' path (rowrun.go).
func init() {
	rowSteps[checks.ViewHoldsStorage].after = forms{checktable.FormOne: stepViewHoldsStorage, checktable.FormRetList: stepViewHoldsStorageList}
}

// view_holds_storage: a view return holds the storage it shares.
//
// In a runtime with use counts every tensor on a storage holds it: a view
// kernel that makes its view without taking a hold (a missing retain)
// leaves the StorageImpl's count one short, and the storage is freed (or
// its buffer given back to a pool) while the view still uses it, far from
// the kernel that did it, when the base and the view are released. The
// check sees it at the kernel: the StorageImpl's use count after the call
// must exceed the count it had before it by the view's hold: by one for a
// view with a TensorImpl of its own; for a list of views, by the number of
// its elements on that storage with TensorImpls of their own (each holds
// it once, however many handles of one TensorImpl the list has); by none
// for a return that is the argument's own TensorImpl (its handle holds the
// TensorImpl, which impl_use_count_le_1 and not_arg_handle judge).
//
// The count before the call is read once the arguments are read
// ([Frame.ViewBase]) and kept in the return's snapshot (which, for a single
// return, has no digest of its own; a list's in the list's snapshot).
//
// Another goroutine may release a tensor on the same storage while the
// view is made: the count then falls by a hold this call did not take, and
// looks like a missing one. A shortfall is therefore reported only where
// no release elsewhere can explain it: when the argument alone held the
// storage before the call (no other tensor on it to release), or when the
// count is below what the argument and the views hold by themselves (one
// plus their number). Any other shortfall is skipped under other_holders:
// inconclusive, counted, not blamed.

// ViewHoldsStorage checks that view return r holds the StorageImpl it
// shares with argument s (view_holds_storage): its use count after the
// kernel exceeds the count [Frame.ViewBase] read before it. A return that
// does not share the argument's storage is shares_storage's to report.
func (c *Call) ViewHoldsStorage(ret Loc, r *Slot, arg Loc, s *Slot) {
	const k = checks.ViewHoldsStorage
	if r.meta == asserts.Versioned|fResult && s.meta == asserts.Versioned && r.id.Storage == s.id.Storage && uint64(r.after.Storage) > r.digest {
		c.t[k]++ // a plain view that holds the storage
		return
	}
	if uncountedPair(r, s) && c.pol().unc[k] == checks.ReasonNoUseCounts {
		// a view of a runtime without use counts: skipped (count and
		// skip in one)
		c.t[skipAt(checks.ReasonNoUseCounts)]++
		return
	}
	c.count(k, 1)
	if c.pairSkipped(k, r, s, 0) {
		return
	}
	c.needResult(k, ret, r)
	if r.id.Storage != s.id.Storage {
		return // not a view of s: shares_storage reports it
	}
	// the view's hold: none for the argument's own TensorImpl
	c.viewHolds(ret, arg, r.digest, uint64(r.storageUses()), uint64(b2u(r.id.Impl != s.id.Impl)), r, 1)
}

// ViewHoldsStorageList runs view_holds_storage on a list return of views
// of argument s: the StorageImpl's use count after the kernel (the
// largest its elements saw) exceeds the count before it
// ([Frame.ViewBaseList]) by the number of the elements on it with
// TensorImpls of their own. It counts one run per element (one skip per
// element the skip policy skips). An element the skip policy skips is
// counted as skipped; the others are counted as run, and the views among
// them (the elements on s's storage with TensorImpls of their own: an
// element on another storage is shares_storage's to report, one that is
// s's TensorImpl adds no hold) are judged together. Where every element
// and s are plain (okRegular), no skip decision is made.
func (c *Call) ViewHoldsStorageList(ret Loc, rl *ListSlot, arg Loc, s *Slot) {
	const k = checks.ViewHoldsStorage
	plain := rl.ok&okRegular != 0 && s.meta == asserts.Versioned
	var sm checks.Set
	var sc conds
	if !plain {
		sm, sc = c.classify(s)
	}
	var n, after uint64
	var first *Slot
	judged := 0
	for i := range rl.n {
		e := rl.at(i)
		if !plain {
			if em, ec := c.classify(e); (sm | em).Has(k) {
				c.count(k, 1)
				c.skip(k, c.pol().reason(k, sc|ec))
				continue
			}
		}
		judged++
		if e.id.Storage == s.id.Storage && e.id.Impl != s.id.Impl {
			n++
			after = max(after, uint64(e.storageUses()))
			if first == nil {
				first = e
			}
		}
	}
	c.count(k, judged)
	if n == 0 || after >= uint64(rl.base)+n {
		return
	}
	c.viewHolds(ret, arg, uint64(rl.base), after, distinctImpls(rl, s), first, judged)
}

// distinctImpls returns the number of distinct TensorImpls, other than
// argument s's, of the elements of rl on s's storage: the holds a list of
// views adds (one per TensorImpl, however many handles of it the list
// has). It runs only where the count falls short.
func distinctImpls(rl *ListSlot, s *Slot) uint64 {
	seen := map[asserts.ID]bool{}
	for i := range rl.n {
		if e := rl.at(i); e.id.Storage == s.id.Storage && e.id.Impl != s.id.Impl && e.id.Impl != 0 {
			seen[e.id.Impl] = true
		}
	}
	return uint64(len(seen))
}

// viewHolds judges a view's holds: the storage's use count before the
// kernel and after it, and the holds n the views add, for a row counted
// as runs runs (a list's judged elements). A shortfall is a violation
// where no release on another goroutine can explain it (see the top of
// this file), and otherwise every run of the row is skipped under
// other_holders.
func (c *Call) viewHolds(ret, arg Loc, before, after, n uint64, r *Slot, runs int) {
	const k = checks.ViewHoldsStorage
	if after >= before+n {
		return
	}
	if before > 1 && after >= 1+n {
		for range runs {
			c.skip(k, checks.ReasonOtherHolders)
		}
		return
	}
	c.report(&violation{Violation: asserts.Violation{Check: k, Want: before + n, Got: after, GotStorage: uint64(r.id.Storage), StorageUses: int(after), Traits: r.traits()}, loc: ret, other: arg})
}
