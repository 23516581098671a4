package wrap

import (
	"fmt"
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
	// Tensor makes the tensor of a single slot from its handle, Elem the
	// element i of a list slot from the list's data pointer, for the rows
	// that read a tensor off the fast plan (same_content, binding_context,
	// same_metadata of a type without fingerprint).
	Tensor func(h unsafe.Pointer) asserts.Tensor
	Elem   func(h unsafe.Pointer, i int) asserts.Tensor

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
// without running it, those tests as masks and the counts such a call
// adds.
type fastPlan struct {
	sh     *Shape
	idx    []int8 // the slot's index among the singles or the lists
	list   []bool
	ns, nl int // the number of single and list slots
	fast   bool
	nArgs  int // single argument slots: indexes 0..nArgs-1 of the singles
	// the list arguments' indexes among the lists
	argLists []int8
	// the single arguments whose TensorImpl and StorageImpl must be kept,
	// and among them those whose version (and traits) too: bit i of the
	// singles
	kept, whole uint64
	// per single argument, the masks of the words it must keep: its
	// TensorImpl and StorageImpl (keep), its version and traits (whole)
	keep, whole1 []uint64
	// the single returns' tests
	rets []retNeed
	// more: the plan has tests of metadata, lists or other pairs
	more bool
	// one: the plan's single return when it has one and no more tests,
	// tested with the arguments' masks argm in one branch-free loop
	// (passesOne); -1 otherwise
	one  int8
	argm []argMasks
	// the list arguments whose elements must be kept (the ok* bits each
	// needs) and the list returns' (okImplUses, okStorUses)
	listNeed []listNeed
	pairs    []pair // the tests of pairs the masks do not hold
	meta     []int8 // singles with a same_metadata row
	// what a plain call adds before the kernel: binding_context rows of
	// single arguments (times Call.bind), same_content rows (to the word
	// of content_check_off)
	binds    uint64
	content  uint64
	bindList []int8  // lists with a binding_context row
	contList []int8  // lists with a same_content row
	post     tally   // what a passing call adds after the kernel
	postList []lword // per element of a list
	// pre and full are what a passing call of single tensors counts before
	// the kernel and in all, with an Env registered ([0]) and without
	// ([1]: binding_context skipped under no_env); key its op's
	// fastKey once its signature is full
	pre, full [2]tally
	key       [2]uintptr
}

// argMasks are the tests of a single argument as masks (^0 where the
// test applies): its TensorImpl and StorageImpl kept, its version and
// traits too, and against the plan's one return (passesOne).
type argMasks struct {
	keep, whole, apart, fresh, shares, returns uint64
}

// retNeed is the tests of a single return r: its use counts, and the
// arguments (bit i of the singles) whose TensorImpl it is not (apart),
// whose StorageImpl it has not (fresh) or has (shares, view: and holds it
// once more than before the kernel), whose TensorImpl after the kernel it
// is (returns).
type retNeed struct {
	r        int8
	le1, eq1 bool
	// le1m and eq1m are ^0 where le1 and eq1 hold
	le1m, eq1m                          uint64
	apart, fresh, shares, returns, view uint64
}

type listNeed struct {
	i  int8
	ok uint8
}

type pairKind uint8

const (
	pairFreshOrAli pairKind = iota // fresh_or_alias
	pairNotInList                  // not_arg_handle of a return against a list argument
	pairFreshOf                    // fresh_no_alias of a return against a list argument
)

type pair struct {
	kind pairKind
	r, a int8 // singles (a: a list index for pairNotInList, pairFreshOf)
}

// lword is an add to one word of a call's tally per element of list i.
type lword struct {
	i int8
	w int8
	v uint64
}

// planOf returns the shape's fast plan, deriving it once.
func (sh *Shape) planOf() *fastPlan {
	if p := sh.plan.Load(); p != nil {
		return p
	}
	p := derivePlan(sh)
	sh.plan.CompareAndSwap(nil, p)
	return sh.plan.Load()
}

func lanePass(t *tally, lane int, n uint64) { t[lane/4] += n << (16 * (lane % 4)) }

// derivePlan derives sh's plan: the slots' places, then each row's test.
func derivePlan(sh *Shape) *fastPlan {
	n := sh.Args + sh.Rets
	p := &fastPlan{sh: sh, idx: make([]int8, n), list: make([]bool, n), fast: true}
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
	perList := map[int8]*tally{}
	for i := range sh.Rows {
		if !p.addRow(sh, &sh.Rows[i], &p.post, perList) {
			p.fast = false
		}
	}
	p.keep, p.whole1 = make([]uint64, p.nArgs), make([]uint64, p.nArgs)
	for i := range p.nArgs {
		if p.kept&(1<<i) != 0 {
			p.keep[i] = ^uint64(0)
		}
		if p.whole&(1<<i) != 0 {
			p.whole1[i] = ^uint64(0)
		}
	}
	for i := range p.rets {
		if p.rets[i].le1 {
			p.rets[i].le1m = ^uint64(0)
		}
		if p.rets[i].eq1 {
			p.rets[i].eq1m = ^uint64(0)
		}
	}
	p.more = len(p.meta)|len(p.listNeed)|len(p.pairs) != 0
	p.one = -1
	if !p.more && len(p.rets) == 1 {
		n := &p.rets[0]
		p.one = n.r
		p.argm = make([]argMasks, p.nArgs)
		for i := range p.nArgs {
			m := func(set uint64) uint64 {
				if set&(1<<i) != 0 {
					return ^uint64(0)
				}
				return 0
			}
			p.argm[i] = argMasks{keep: m(p.kept), whole: m(p.whole), apart: m(n.apart), fresh: m(n.fresh),
				shares: m(n.shares | n.view), returns: m(n.returns)}
		}
	}
	for b, bind := range [2]uint64{bindRun, bindNoEnv} {
		t := &p.pre[b]
		t[laneBinding/4] += p.binds * bind
		t[laneContentOff/4] += p.content
		lanePass(t, laneSameMetadata, uint64(len(p.meta)))
		for w := range t {
			p.full[b][w] = t[w] + p.post[w]
		}
		p.key[b] = uintptr(unsafe.Pointer(p)) | uintptr(b)
	}
	for i := range nl {
		if t := perList[i]; t != nil {
			for w, v := range t {
				if v != 0 {
					p.postList = append(p.postList, lword{i, int8(w), v})
				}
			}
		}
	}
	return p
}

// addRow adds row r's test and counts to the plan and reports whether the
// row has one (a plain call passes it without running it).
func (p *fastPlan) addRow(sh *Shape, r *Row, post *tally, perList map[int8]*tally) bool {
	if r.Skip {
		lanePass(post, lanePlan, 1)
		return true
	}
	t, u := p.at(r.T), p.at(r.U)
	elem := func(i int8, lane int) {
		if perList[i] == nil {
			perList[i] = &tally{}
		}
		lanePass(perList[i], lane, 1)
	}
	switch {
	case r.Form == FormOne:
		return p.addOne(r, t, u, post)
	case r.Form == FormArgList && (r.Check == checks.SameImpl || r.Check == checks.SameStorage || r.Check == checks.NoMutation):
		ok := map[checks.Check]uint8{checks.SameImpl: okImpl, checks.SameStorage: okStorage, checks.NoMutation: okVersion}[r.Check]
		p.listNeed = append(p.listNeed, listNeed{t, ok | okRegular})
		elem(t, checkLane[r.Check])
	case r.Form == FormRetList && (r.Check == checks.ImplUseCountLE1 || r.Check == checks.StorageUseCountEq1):
		ok := uint8(okImplUses)
		if r.Check == checks.StorageUseCountEq1 {
			ok = okStorUses
		}
		p.listNeed = append(p.listNeed, listNeed{t, ok | okRegular})
		elem(t, checkLane[r.Check])
	case r.Form == FormArgList && r.Check == checks.BindingContext:
		p.listNeed = append(p.listNeed, listNeed{t, okRegular})
		p.bindList = append(p.bindList, t)
	case r.Form == FormArgList && r.Check == checks.SameContent:
		p.listNeed = append(p.listNeed, listNeed{t, okRegular})
		p.contList = append(p.contList, t)
	case r.Form == FormArgList && r.Check == checks.NotArgHandle && !p.list[r.T]:
		p.listNeed = append(p.listNeed, listNeed{u, okRegular})
		p.ret(t)
		p.pairs = append(p.pairs, pair{pairNotInList, t, u})
	case r.Form == FormArgList && r.Check == checks.FreshNoAlias && !p.list[r.T]:
		p.listNeed = append(p.listNeed, listNeed{u, okRegular})
		p.ret(t)
		p.pairs = append(p.pairs, pair{pairFreshOf, t, u})
		elem(u, laneFreshNoAlias)
	default:
		return false
	}
	return true
}

// addOne is addRow for a row of single tensors.
func (p *fastPlan) addOne(r *Row, t, u int8, post *tally) bool {
	switch r.Check {
	case checks.SameImpl, checks.SameStorage:
		p.kept |= 1 << t
	case checks.NoMutation:
		p.kept |= 1 << t
		p.whole |= 1 << t
	case checks.ImplUseCountLE1:
		p.ret(t).le1 = true
	case checks.StorageUseCountEq1:
		p.ret(t).eq1 = true
	case checks.NotArgHandle:
		p.ret(t).apart |= 1 << u
		return true // counted as part of impl_use_count_le_1
	case checks.FreshNoAlias:
		p.ret(t).fresh |= 1 << u
	case checks.SharesStorage:
		p.ret(t).shares |= 1 << u
	case checks.ReturnsArg:
		p.ret(t).returns |= 1 << u
	case checks.ViewHoldsStorage:
		p.ret(t).view |= 1 << u
	case checks.FreshOrAlias:
		p.ret(t)
		p.pairs = append(p.pairs, pair{pairFreshOrAli, t, u})
	case checks.BindingContext:
		p.binds++
		return true // counted before the kernel
	case checks.SameContent:
		p.content += 1 << (16 * (laneContentOff % 4))
		return true // counted before the kernel
	case checks.SameMetadata:
		p.meta = append(p.meta, t)
		return true // counted before the kernel
	default:
		return false
	}
	lanePass(post, checkLane[r.Check], 1)
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
