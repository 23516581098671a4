package engine

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// A Shape is what a checked wrapper of the one path (version 4) hands the
// runtime with its [Frame]: the rows of its op's plan as data. Its tensors
// are numbered, the arguments' first, then the returns' (a slot K each,
// which its Loc, Locs[K], names); a single tensor's snapshot is a [Slot]
// of the Frame, a list's a [ListSlot], in the order of the slots.
// Generated code declares one package-level Shape per shape of op and
// never changes it; the runtime derives from it, once, how it runs a call
// (docs/DESIGN.md, "One path in generated code").
type Shape struct {
	// Args is the number of argument slots, Rets of return slots: slots
	// Args to Args+Rets-1 are returns.
	Args, Rets int
	// Lists has bit K set for each slot K that is a list (Tensor[],
	// Tensor?[]); OptLists for each that is a Tensor?[].
	Lists, OptLists uint64
	// Rows are the plan's rows, in its order.
	Rows []Row
	// Locs are the op's Locs: the slots', then those that only a plan
	// skip names.
	Locs []Loc
	// Writes are the argument slots the call may write (Tensor(a!)).
	Writes []int8
	// NoUseCounts: the runtime's tensors have ids and no use counts
	// (asserts.Identity): the wrapper reads them by [Frame.ArgIdent],
	// [Frame.AfterIdent], [Frame.RetIdent]...; the use-count checks are
	// skipped under no_use_counts and fresh_not_held checks the fresh
	// returns.
	NoUseCounts bool
	// Anchored: the tensors' type reports its storage's anchor
	// (asserts.Anchored), which the reads pass ([Frame.Anchor],
	// [Frame.AfterRecycled]; the own-ids kind's ArgIdent...):
	// fresh_no_alias compares the anchors too.
	Anchored bool
	// Unanchored: the tensors' type had no StorageAnchor when the
	// helpers were generated (as gen saw its method set), and they would
	// read the anchor of a slot of the shape had it one. A type that has
	// it at run time (asserts.Anchored) means generated code out of date:
	// the shape's first call panics (Frame.Begin) rather than compare
	// storage IDs alone.
	Unanchored bool
	// Tensor makes the tensor of a single slot from its handle, Elem the
	// element i of a list slot from the list's data pointer, for the rows
	// that read a tensor off the fast plan (same_content, binding_context,
	// same_metadata of a type without fingerprint).
	Tensor func(h unsafe.Pointer) asserts.Identity
	Elem   func(h unsafe.Pointer, i int) asserts.Identity
	// Slots and ListSlots are the lengths of the arrays of the Frame that
	// the shape's wrappers declare, where gen rounds them up so that
	// shapes of nearby sizes share one Frame type (each Frame type's
	// methods are compiled again in every package that declares it);
	// a slot past the shape's stays empty. 0: the shape's own count.
	// Rounding up the singles moves the lists: it needs Slots.
	Slots, ListSlots int

	plan atomic.Pointer[fastPlan]
}

// A Form is the form of a row's tensors (single tensors, a list return, a
// list argument, both lists...), as the table of checks names them.
type Form = checktable.Form

// The forms of a row.
const (
	FormOne     = checktable.FormOne
	FormRetList = checktable.FormRetList
	FormArgList = checktable.FormArgList
	FormLists   = checktable.FormLists
	// FormOf: a row of a return that may alias its argument, on single
	// tensors (fresh_not_held of a may-alias return).
	FormOf = checktable.FormOf
)

// A Row is one row of an op's plan as data: its check, its form and the
// slots it names. T is the row's tensor (a one-tensor row) or its return
// (a pair); U the argument of a pair, -1 for none. A row of the check
// distinct_outputs names its returns in Set (bit K for slot K). A plan
// skip (Skip) checks nothing: it counts the check skipped under reason
// plan, at Locs[T].
type Row struct {
	Check checks.Check
	Form  Form
	Skip  bool
	T, U  int8
	Set   uint64
}

func (r *Row) String() string {
	return fmt.Sprintf("%v %v T%d U%d", r.Check, r.Form, r.T, r.U)
}

// fastPlan is what the runtime derives once from a shape: where each slot
// is in the Frame, and, when every row has a test that passes a plain call
// without running it, those tests and the counts such a call adds. An
// argument's tests alone (kept) are masks its read after the kernel
// applies (Frame.AfterArg), or-ing what differs into one word; the other
// reads only store (inlined), and end tests the returns, the lists and
// the pairs.
type fastPlan struct {
	sh     *Shape
	idx    []int8 // the slot's index among the singles or the lists
	list   []bool
	ns, nl int // the number of single and list slots
	nArgs  int // single argument slots: indexes 0..nArgs-1 of the singles
	// argLists are the list arguments' indexes among the lists
	argLists []int8
	// size is the Frame's lengths, singles<<8 | lists, what begin checks
	// the Frame's size against: ns<<8 | nl, or Shape.Slots and ListSlots
	// where they are more; lbase is the offset of the Frame's lists
	size  int
	lbase uintptr
	fast  bool
	// unc: the shape's runtime keeps no use counts (Shape.NoUseCounts);
	// pols has bit P set for each policy P under which a plain call
	// counts what the plan says (identPolicies)
	unc  bool
	pols uint32
	// Bit i of the singles (kept, whole, le1, eq1) or of the lists (the
	// l* masks): an argument's TensorImpl and StorageImpl must be kept
	// (kept), and its version and traits too (whole); a return's
	// TensorImpl use count must be <= 1 (le1), its StorageImpl's 1 (eq1).
	kept, whole, le1, eq1     uint64
	one                       uint64 // a return's TensorImpl use count must be 1
	lkept, lwhole, lle1, leq1 uint64
	// rets are the tests of the single returns against the arguments,
	// lrets of the list returns against the single arguments
	rets  []retNeed
	lrets []lretNeed
	// lists are the tests of each list's elements alone
	lists []listNeed
	// wr are the Frame offsets of the single arguments the call may
	// write, wlists the lists' indexes
	wr     []uintptr
	wlists []int8
	// more: the plan has tests of metadata, of lists or of pairs with
	// lists (frame.passesMore)
	more  bool
	pairs []pair
	meta  []int8 // singles with a same_metadata row
	// what a plain call counts before the kernel: binding_context rows of
	// single arguments (at Call.bind), the lists with one (per element);
	// the other rows of single tensors (same_content's, skipped under
	// content_check_off; same_metadata's), and per element of a list
	binds    uint64
	bindList []int8
	before   tally
	preList  []lword
	post     tally   // what a passing call adds after the kernel
	postList []lword // per element of a list
	// pre and full are what a passing call of single tensors counts before
	// the kernel and in all, with an Env registered ([0]) and without
	// ([1]: binding_context skipped under no_env)
	pre, full [2]tally
	// cal is the calibration of each binding mode without lists
	cal [2]*fastCal
	// steps are the steps of the rows' path, skips the plan skips
	steps stepLists
	skips []*Row
	// metaList are the lists with a same_metadata row: the memory kind's
	// reads take the elements' fingerprints, the counted kind's begin and
	// end (frame.metaElems).
	metaList []int8
	// mem: a plan of the memory kind (framemem.go), whose calls read
	// their tensors' memory and count what a calibrating call of the rows
	// counted; held its
	// single return with a fresh_not_held row (-1: none), fresh whether
	// the shape has fresh_not_held rows at all (the call notes the
	// hand-out sequence before the kernel)
	mem         bool
	fresh       bool
	held, heldK int8
	// heldLoc is the held return's Loc (sh.Locs[heldK]), for the hand-out
	heldLoc  Loc
	memTests []memTest
	// memOne: the plan's one test is of a single return against a single
	// argument (mem1), and a call on the plan declares no write and hands
	// nothing out (frame.endMem's shortest path)
	memOne bool
	mem1   memTest
	// memList: the plan's one test is of a list argument's elements
	// against a single return (mem1), and a call on the plan declares no
	// write (frame.endMem's path of a list: cat's)
	memList bool
}

// fastCal is what an op's signature was found to be the counts of: a fast
// plan, a binding mode (fastPlan.pre's index) and the lengths of its
// lists, 8 bits each.
type fastCal struct {
	p    *fastPlan
	b    uint8
	lens uint64
}

// retNeed is the tests of single return r against the arguments (bit i
// of the singles): their TensorImpl it is not (apart), their StorageImpl
// it has not (fresh) or has (shares; view: and holds once more than
// before the kernel), their TensorImpl after the kernel it is (returns);
// it is not their TensorImpl and has their StorageImpl or is fresh
// (aliasOrFresh).
type retNeed struct {
	r                                                 int8
	apart, fresh, shares, returns, view, aliasOrFresh uint64
	// alias: r is the argument's handle or on its storage (a may-alias
	// return of a runtime without use counts)
	alias uint64
	// held: fresh_not_held's hand-out of r's storage, on a runtime
	// without use counts; slot is r's slot (for its Loc)
	held bool
	slot int8
	// off is r's offset in the Frame (its Slot's)
	off uintptr
	// le1 and eq1: the use counts' tests apply to r; one: r's TensorImpl
	// use count must be 1 (impl_use_count_eq_fresh: a count of 2, with
	// a bound object, runs the rows)
	le1, eq1, one bool
	// terms are r's tests against each argument that has some
	terms []term
}

// listNeed is the tests of the elements of a list alone: a list
// argument's (arg) kept, under masks (all ones or none) of its identities
// (kept) and of its version and traits (whole); a list return's plain,
// with use counts <= 1 (le1) and 1 (eq1).
type listNeed struct {
	arg         bool
	kept, whole uint64
	le1, eq1    bool
}

// A term is the tests of a return against one argument, whose Slot is at
// offset a of the Frame: the k* bits.
type term struct {
	a uintptr
	k uint8
}

// The bits of a term.
const (
	kApart        = 1 << iota // not the return's TensorImpl
	kFresh                    // not the return's StorageImpl
	kShares                   // the return's StorageImpl
	kReturns                  // its TensorImpl after the kernel is the return's
	kAliasOrFresh             // not the return's TensorImpl; its StorageImpl, or the return fresh
	kView                     // the return holds the StorageImpl once more than before the kernel
	kAlias                    // the return's TensorImpl or StorageImpl (a runtime without use counts)
)

// slotOff is the offset of single i's Slot in a Frame.
func slotOff(i int) uintptr { return unsafe.Sizeof(frame{}) + uintptr(i)*unsafe.Sizeof(Slot{}) }

// lretNeed is the tests of the elements of list return l against the
// single arguments: k holds each argument's (kApart, kShares); with view,
// the list is at most listInline long and its elements hold the storage
// they share once more each than before the kernel (ViewHoldsStorageList).
type lretNeed struct {
	l    int8
	k    []uint8
	view bool
}

// A pair is the tests of single return r against the elements of list
// argument a: none is its TensorImpl (impl: not_arg_handle), none has its
// StorageImpl (storage: fresh_no_alias).
type pair struct {
	r, a          int8
	impl, storage bool
}

// pair returns the tests of single return r against list a, adding them.
func (p *fastPlan) pair(r, a int8) *pair {
	for i := range p.pairs {
		if p.pairs[i].r == r && p.pairs[i].a == a {
			return &p.pairs[i]
		}
	}
	p.pairs = append(p.pairs, pair{r: r, a: a})
	return &p.pairs[len(p.pairs)-1]
}

// lword is an add of v to count w of a call's tally per element of list i.
type lword struct {
	i int8
	w int8
	v uint64
}

// planOf returns the shape's fast plan, deriving it once for the memory
// kind (mem) or the counted kind.
func (sh *Shape) planOf(mem bool) *fastPlan {
	if p := sh.plan.Load(); p != nil {
		return p
	}
	p := derivePlan(sh, mem)
	rowsOnly.Lock()
	if sh.plan.Load() == nil {
		if rowsOnly.plans == nil {
			rowsOnly.plans = map[*Shape]*fastPlan{}
		}
		rowsOnly.plans[sh] = p
		sh.plan.Store(rowsOnly.planFor(p))
	}
	rowsOnly.Unlock()
	return sh.plan.Load()
}

// rowsOnly is SetRowsOnly's switch, and the plan derived for each shape
// whose plan was derived (what SetRowsOnly swaps back in).
var rowsOnly rowsSwitch

type rowsSwitch struct {
	sync.Mutex
	on    bool
	plans map[*Shape]*fastPlan
}

// planFor returns the plan a shape of derived plan p holds: p, or with
// the switch on a copy of it that has no fast plan.
func (r *rowsSwitch) planFor(p *fastPlan) *fastPlan {
	if !r.on || !p.fast {
		return p
	}
	q := *p
	q.fast = false
	return &q
}

// SetRowsOnly sets whether every call of a Frame runs its shape's rows one
// by one, as a call that leaves the fast plan does, and returns the
// previous setting. It is for tests, which hold the fast plan to the rows
// with it (examples' onepath tests): a shape's plan is swapped for a copy
// without a fast plan, so a call pays nothing for the switch. Calls must
// not be running when it changes.
func SetRowsOnly(on bool) (was bool) {
	rowsOnly.Lock()
	defer rowsOnly.Unlock()
	was, rowsOnly.on = rowsOnly.on, on
	for sh, p := range rowsOnly.plans {
		sh.plan.Store(rowsOnly.planFor(p))
	}
	return was
}

// derivePlan derives sh's plan: the slots' places, then each row's test.
func derivePlan(sh *Shape, mem bool) *fastPlan {
	n := sh.Args + sh.Rets
	p := &fastPlan{sh: sh, idx: make([]int8, n), list: make([]bool, n), fast: true, mem: mem, held: -1,
		unc: sh.NoUseCounts, pols: 1<<checks.NumPolicies - 1}
	var ns, nl int8
	for k := range n {
		if sh.Lists&(1<<k) != 0 {
			p.idx[k], p.list[k] = nl, true
			if k < sh.Args {
				p.argLists = append(p.argLists, nl)
			}
			nl++
			continue
		}
		p.idx[k] = ns
		ns++
		if k < sh.Args {
			p.nArgs++
		}
	}
	p.ns, p.nl = int(ns), int(nl)
	fs, fl := max(p.ns, sh.Slots), max(p.nl, sh.ListSlots)
	p.size, p.lbase = fs<<8|fl, slotOff(fs)
	perList := make([]tally, nl) // what a passing call counts per element of each list
	for i := range sh.Rows {
		if !sh.Rows[i].Skip && checktable.BeginsOnce(sh.Rows[i].Check) {
			p.fresh = true // the hand-out sequence when the call begins
		}
		if mem && !p.addRowMem(&sh.Rows[i], perList) || !mem && !p.addRow(&sh.Rows[i], perList) {
			p.fast = false
		}
	}
	if p.unc || mem {
		// list returns of a runtime without use counts (or of the memory
		// kind): off the plan, run by the rows
		p.fast = p.fast && sh.Lists>>sh.Args == 0
	}
	if p.unc {
		p.pols = identPolicies(sh)
	}
	p.deriveSteps()
	p.lists = make([]listNeed, nl)
	for k, isList := range p.list {
		switch i := p.idx[k]; {
		case isList:
			p.lists[i] = listNeed{arg: k < sh.Args, kept: -(p.lkept >> i & 1), whole: -(p.lwhole >> i & 1),
				le1: p.lle1&(1<<i) != 0, eq1: p.leq1&(1<<i) != 0}
		case k >= sh.Args: // each single return, one no row of its own names (only a pair) too, is read
			p.ret(i).slot = int8(k)
		}
	}
	p.deriveRets()
	for _, w := range sh.Writes {
		if p.list[w] {
			p.wlists = append(p.wlists, p.idx[w])
		} else {
			p.wr = append(p.wr, slotOff(int(p.idx[w])))
		}
	}
	if mem {
		p.deriveMem()
	}
	p.more = len(p.meta)|len(p.pairs)|len(p.lrets) != 0 || nl != 0 // nl covers metaList
	for i := range nl {
		for w, v := range perList[i] {
			if v != 0 {
				p.postList = append(p.postList, lword{i, int8(w), v})
			}
		}
	}
	for b, bind := range [2]int{bindRun, bindNoEnv} {
		t := &p.pre[b]
		*t = p.before
		t[bind] += p.binds
		for w := range t {
			p.full[b][w] = t[w] + p.post[w]
		}
		p.cal[b] = &fastCal{p: p, b: uint8(b)}
	}
	return p
}

// deriveMem derives what a plan of the memory kind reads at the call's
// end: its tests of the returns, the shortest paths they allow (memOne,
// memList), the held return's Loc.
func (p *fastPlan) deriveMem() {
	if p.held >= 0 && int(p.heldK) < len(p.sh.Locs) {
		p.heldLoc = p.sh.Locs[p.heldK]
	}
	p.memTests = memTestsOf(p)
	if t := p.memTests; len(t) == 1 && len(p.wr)|len(p.wlists) == 0 {
		switch {
		case !t[0].list && p.held < 0:
			p.memOne, p.mem1 = true, t[0]
		case t[0].list && t[0].r != 0:
			p.memList, p.mem1 = true, t[0]
		}
	}
}

// deriveRets derives each single return's tests: its offset, its use
// counts' tests, its terms against the arguments.
func (p *fastPlan) deriveRets() {
	for i := range p.rets {
		n := &p.rets[i]
		n.off = slotOff(int(n.r))
		n.le1, n.eq1, n.one = p.le1&(1<<n.r) != 0, p.eq1&(1<<n.r) != 0, p.one&(1<<n.r) != 0
		for a := range p.nArgs {
			var k uint8
			for bit, set := range []uint64{n.apart, n.fresh, n.shares | n.view, n.returns, n.aliasOrFresh, n.view, n.alias} {
				if set&(1<<a) != 0 {
					k |= 1 << bit
				}
			}
			if k != 0 {
				n.terms = append(n.terms, term{a: slotOff(a), k: k})
			}
		}
	}
}

// addRow adds row r's test and counts to the plan and reports whether the
// row has one (a plain call passes it without running it). What a row
// shows on a passing call is its check's facts in the table of checks
// (checktable.BatchOf, LearnedBy, StepsOf), never its name.
func (p *fastPlan) addRow(r *Row, perList []tally) bool {
	if r.Skip {
		p.post[skipAt(checks.ReasonPlan)]++
		return true
	}
	t, u := p.at(r.T), p.at(r.U)
	if r.Form == FormOne || p.unc && r.Form == FormOf {
		return p.addOne(r, t, u)
	}
	elemAt := func(i int8, at int) {
		perList[i][at]++
	}
	elem := func(i int8) { elemAt(i, int(r.Check)) }
	if p.unc && r.Form != FormArgList {
		return false // a list return of a runtime without use counts: the rows
	}
	k := r.Check
	switch b := checktable.BatchOf(k); {
	case b == checktable.BatchUnchanged && r.Form == FormArgList:
		p.lkept |= 1 << t
		at := int(k)
		switch {
		case slices.Contains(checktable.Unchanged(true), k):
		case p.unc:
			// plain elements without version counters: skipped under
			// no_version_counter whatever the policy, as Call.List
			// skips them, their versions and traits not compared
			at = skipAt(checks.ReasonNoVersion)
		default:
			p.lwhole |= 1 << t
		}
		elemAt(t, at)
	case b == checktable.BatchUncounted && r.Form == FormRetList && k == checktable.FreshImplCheck(false):
		p.lle1 |= 1 << t
		elem(t)
	case b == checktable.BatchUncounted && r.Form == FormRetList:
		p.leq1 |= 1 << t
		elem(t)
	case r.Form == FormArgList && p.addBefore(k, t, true):
	case b == checktable.BatchPairsHandle && r.Form == FormArgList && !p.list[r.T]:
		p.pair(t, u).impl = true
	case b == checktable.BatchPairsStorage && r.Form == FormArgList && !p.list[r.T]:
		p.pair(t, u).storage = true
		elem(u)
	case r.Form == FormRetList && r.U >= 0 && !p.list[r.U]:
		return p.addRetList(r, t, u, elem)
	default:
		return false
	}
	return true
}

// addRetList is addRow for a row of a list return t against single
// argument u: not_arg_handle's kind (no element is the argument's
// handle, counted nothing: NotArgElems), shares_storage's (each element
// shares its storage) and view_holds_storage's (each holds it once more).
func (p *fastPlan) addRetList(r *Row, t, u int8, elem func(int8)) bool {
	k := r.Check
	var n *lretNeed
	for i := range p.lrets {
		if p.lrets[i].l == t {
			n = &p.lrets[i]
		}
	}
	if n == nil {
		p.lrets = append(p.lrets, lretNeed{l: t, k: make([]uint8, p.nArgs)})
		n = &p.lrets[len(p.lrets)-1]
	}
	switch {
	case checktable.BatchOf(k) == checktable.BatchPairsHandle:
		n.k[u] |= kApart
		return true
	case checktable.LearnedBy(k, FormOne) == checktable.LearnedAnchorSame:
		n.k[u] |= kShares
	case checktable.ReadsBase(k):
		n.k[u] |= kApart | kShares
		n.view = true
	default:
		return false
	}
	elem(t)
	return true
}

// addOne is addRow for a row of single tensors, of either kind. A
// runtime without use counts (p.unc) shows on a plain call (arguments
// without version counters, with storage; returns without use counts,
// with storage): the rows of the checks that read use counts skipped
// under no_use_counts (checktable.ImplUseCount, BatchUncounted,
// LearnedFixed), no_mutation under no_version_counter; fresh_no_alias
// comparing the storage anchors too; fresh_not_held handing the return's
// storage out (frame.handOuts). Its may-alias return (fresh_or_alias,
// fresh_not_held of form FormOf) passes on the alias branch (the
// argument's handle or on its storage); a fresh one runs the rows (the
// branch it takes decides its counts).
func (p *fastPlan) addOne(r *Row, t, u int8) bool {
	k := r.Check
	if p.addBefore(k, t, false) {
		return true // counted before the kernel
	}
	at, learned := int(k), checktable.LearnedBy(k, FormOne) // at: the count the row adds to
	switch b := checktable.BatchOf(k); {
	case b == checktable.BatchUnchanged:
		p.kept |= 1 << t
		if !slices.Contains(checktable.Unchanged(true), k) {
			p.whole |= 1 << t // it reads the version counter
			if p.unc {
				at = skipAt(checks.ReasonNoVersion)
			}
		}
	case p.unc && (b == checktable.BatchUncounted || checktable.ImplUseCount(k)):
		p.ret(t)
		at = skipAt(checks.ReasonNoUseCounts)
	case b == checktable.BatchUncounted && k == checktable.FreshImplCheck(false):
		p.le1 |= 1 << t
	case b == checktable.BatchUncounted:
		p.eq1 |= 1 << t
	case checktable.ImplUseCount(k):
		p.one |= 1 << t // the form PyTorch 2.14 asserts: 1 for a tensor with no object bound
	case b == checktable.BatchPairsHandle:
		p.ret(t).apart |= 1 << u
		return true // counted as part of the TensorImpl use-count check
	case b == checktable.BatchPairsStorage:
		p.ret(t).fresh |= 1 << u
	case learned == checktable.LearnedHandleSame:
		p.ret(t).returns |= 1 << u
	case learned == checktable.LearnedAnchorSame:
		p.ret(t).shares |= 1 << u
	case p.unc && learned == checktable.LearnedFixed:
		p.ret(t)
		at = skipAt(checks.ReasonNoUseCounts)
	case p.unc && mayAlias(k, r.Form):
		p.ret(t).alias |= 1 << u
	case p.unc && r.Form == FormOne && checktable.LearnedBy(k, checktable.FormAnchor) == checktable.LearnedHeld:
		p.ret(t).held = true
	case !p.unc && learned == checktable.LearnedAliasOrFresh:
		p.ret(t).aliasOrFresh |= 1 << u
	case !p.unc && checktable.ReadsBase(k):
		p.ret(t).view |= 1 << u
	default:
		return false
	}
	p.post[at]++
	return true
}

// addBefore adds row of check k of single tensor t, or (list) of list
// t, if a passing call counts it before the kernel: binding_context's
// (Call.bind), same_content's (skipped under content_check_off) and
// same_metadata's (the fingerprints read before the kernel); false for a
// row of another batch.
func (p *fastPlan) addBefore(k checks.Check, t int8, list bool) bool {
	at := int(k) // what the row counts: for a list, per element
	switch checktable.BatchOf(k) {
	case checktable.BatchPlain:
		if list {
			p.bindList = append(p.bindList, t)
		} else {
			p.binds++
		}
		return true
	case checktable.BatchContent:
		at = skipAt(checks.ReasonContentOff)
	case checktable.BatchMetadata:
		if list {
			p.metaList = append(p.metaList, t) // the runtime reads the fingerprints (frame.metaElems)
		} else {
			p.meta = append(p.meta, t)
		}
	default:
		return false
	}
	if list {
		p.preList = append(p.preList, lword{i: t, w: int8(at), v: 1})
	} else {
		p.before[at]++
	}
	return true
}

// ret returns the tests of single return t, adding them.
func (p *fastPlan) ret(t int8) *retNeed {
	for i := range p.rets {
		if p.rets[i].r == t {
			return &p.rets[i]
		}
	}
	p.rets = append(p.rets, retNeed{r: t})
	return &p.rets[len(p.rets)-1]
}

// at returns slot k's index among the singles or the lists (-1 for none).
func (p *fastPlan) at(k int8) int8 {
	if k < 0 || int(k) >= len(p.idx) {
		return -1
	}
	return p.idx[k]
}
