package engine

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// The rows' path of the one path: each row of a Shape runs by the steps
// its check registers here (in the init of the file of its run-time
// functions), which call the check's entries with the
// Frame's snapshots and, where a step reads the tensor, the tensor made
// from its handle by the Shape's Tensor or Elem function.

// A rowCtx is what a step of a row runs on: the call, the row (ref), the
// Frame's slots of its tensors (T: the row's tensor or return; U: the
// argument of a pair), single (t, u) or list (tl, ul), and buf, the room
// on the caller's stack for the tensors of a list a step reads (elems).
// One per phase of a call, pointed at each row in turn.
type rowCtx struct {
	f   *frame
	c   *Call
	ref *rowRef
	s   []Slot
	ls  []ListSlot
	buf *elemsBuf
}

func (x *rowCtx) t() *Slot      { return &x.s[x.ref.t] }
func (x *rowCtx) u() *Slot      { return &x.s[x.ref.u] }
func (x *rowCtx) tl() *ListSlot { return &x.ls[x.ref.t] }
func (x *rowCtx) ul() *ListSlot { return &x.ls[x.ref.u] }

// runAll runs the steps of refs in order.
func (x *rowCtx) runAll(refs []rowRef) {
	for i := range refs {
		x.ref = &refs[i]
		x.run(x.ref.id)
	}
}

// runEach runs the row's step, of a single T, on each element of its
// list T in turn (a list form that is a loop of the single one).
func (x *rowCtx) runEach() {
	c, tl, lt, n := x.c, x.tl(), x.lt(), x.tl().n
	if c.listPasses(x.ref.elem, tl) {
		return
	}
	var es []asserts.Identity
	if x.ref.elem >= stepDistinctOutputs { // a step that reads the tensors
		es = x.elems()
		n = min(n, len(es))
	}
	for i := range n {
		t := tl.at(i)
		switch x.ref.elem {
		case stepSharesStorage:
			c.SharesStorage(lt.Elem(i), t, x.lu(), x.u())
		case stepSharesStorageOf:
			c.SharesStorageOf(lt.Elem(i), t, x.lu(), x.ul())
		case stepFreshOrAlias:
			c.FreshOrAlias(lt.Elem(i), t, x.lu(), x.u())
		case stepFreshOrAliasOf:
			c.FreshOrAliasOf(lt.Elem(i), t, x.lu(), x.ul())
		case stepFreshNoAliasOf:
			c.FreshNoAliasOf(lt.Elem(i), t, x.lu(), x.ul())
		case stepBindingContext:
			c.BindingContext(lt.Elem(i), t, es[i])
		case stepBindingContextAfter:
			c.BindingContextAfter(lt.Elem(i), t, es[i])
		case stepSameContent:
			c.SameContent(lt.Elem(i), t, es[i])
		case stepSameContentAfter:
			c.SameContentAfter(lt.Elem(i), t, es[i])
		case stepImplUseCountEqFresh:
			c.ImplUseCountEqFresh(lt.Elem(i), t, es[i])
		case stepFreshNotHeld:
			c.FreshNotHeld(lt.Elem(i), t, es[i])
		default:
			c.misuse(x.ref.r.Check, lt, "a list row of a step that runs on single tensors")
		}
	}
}

// A stepID names a step of a row: the entry it calls, in the form it
// takes (rowCtx.run). An ID, not a function value: a call through a
// function value would make the Frame's snapshots escape to the heap.
type stepID uint8

const (
	stepNone stepID = iota
	stepSameImpl
	stepSameStorage
	stepNoMutation
	stepImplUseCountLE1
	stepStorageUseCountEq1
	stepList // Call.List, for the checks above
	stepSharesStorage
	stepSharesStorageOf
	stepFreshOrAlias
	stepFreshOrAliasOf
	stepReturnsArg
	stepReturnsArgList
	stepFreshNoAlias
	stepFreshNoAliasList
	stepFreshNoAliasOf
	stepNotArg
	stepNotArgElems
	stepNotArgList
	stepNotArgElemsList
	stepViewHoldsStorage
	stepViewHoldsStorageList
	stepDistinctOutputs // the first of runTensor's
	stepBindingContext
	stepBindingContextAfter
	stepDone // a step that ran before the snapshots were completed
	stepSameContent
	stepSameContentAfter
	stepTakeMetadata
	stepSaveMetadataList
	stepSameMetadata
	stepSameMetadataList
	stepImplUseCountEqFresh
	stepFreshNotHeld
	stepFreshNotHeldOf
	stepElems // runs step rowRef.elem on each element of the row's list T (runEach)

	// stepEach, added to the step of a form whose T is a single tensor
	// where rowSteps registers it for a list form, runs it on each
	// element of the list, in order: a list form that is a loop of the
	// single one (deriveSteps makes it a step stepElems).
	stepEach stepID = 0x80
)

// rowSteps are the steps of each check's rows, by form: before the
// kernel, after it before the snapshots are completed (afterCall), and
// after them; last marks a step run after every other row's (one bug,
// one report: same_content after no_mutation).
var rowSteps [checks.NumPlanChecks]struct {
	before, afterCall, after forms
	last                     [checktable.NumForms]bool
}

// A rowRef is a step of a row as the rows' path runs it: the step, and
// where the row's tensors T and U are among the singles or the lists (u
// -1: none). fastPlan.steps holds them in the order they run, derived
// once.
type rowRef struct {
	r            *Row
	id           stepID
	t, u         int8
	tList, uList bool
	elem         stepID // of step stepElems: the step run on each element of T
}

// rowSteps are the steps of a shape's rows: before the kernel, after it
// before the snapshots are completed (afterCall), after them (the steps
// that run last in the end), each without the rows that have none.
type stepLists struct {
	before, afterCall, after []rowRef
}

// deriveSteps derives the steps of p's rows (fastPlan.steps).
func (p *fastPlan) deriveSteps() {
	var last []rowRef
	for i := range p.sh.Rows {
		r := &p.sh.Rows[i]
		if r.Skip {
			p.skips = append(p.skips, r)
			continue
		}
		st := &rowSteps[r.Check]
		ref := rowRef{r: r, t: p.idx[r.T], tList: p.list[r.T], u: -1}
		if r.U >= 0 {
			ref.u, ref.uList = p.idx[r.U], p.list[r.U]
		}
		add := func(l *[]rowRef, id stepID) {
			ref.id, ref.elem = id, 0
			if id&stepEach != 0 {
				ref.id, ref.elem = stepElems, id&^stepEach
			}
			*l = append(*l, ref)
		}
		if id := st.before[r.Form]; id != stepNone {
			add(&p.steps.before, id)
		}
		if id := st.afterCall[r.Form]; id != stepNone {
			add(&p.steps.afterCall, id)
		}
		switch id := st.after[r.Form]; {
		case id == stepDone:
		case st.last[r.Form]:
			add(&last, id)
		default:
			add(&p.steps.after, id)
		}
	}
	p.steps.after = append(p.steps.after, last...)
}

// lt and lu are the Locs of the row's tensors T and U, read from the
// shape (not kept in the context: a Loc's name goes to the heap with a
// violation, and the context's pointers into the Frame must not).
func (x *rowCtx) lt() Loc { return x.f.p.sh.Locs[x.ref.r.T] }
func (x *rowCtx) lu() Loc { return x.f.p.sh.Locs[x.ref.r.U] }

// tensor is the row's single tensor T.
func (x *rowCtx) tensor() asserts.Identity { return x.f.tensorOf(x.t()) }

// listPasses decides, where it can, the step of a single T run on each
// element of list l (stepElems) for the whole list at once, counting what
// the step would count on each element, and reports whether it did: the
// steps before and after the kernel of binding_context and same_content,
// which pass or skip every element alike outside a hermetic context and
// with the content check off.
func (c *Call) listPasses(id stepID, l *ListSlot) bool {
	switch id {
	case stepBindingContext:
		return c.bindingListPasses(l)
	case stepBindingContextAfter:
		return !c.env.Hermetic
	case stepSameContent:
		return c.contentListOff(l.n)
	case stepSameContentAfter:
		return !c.digests
	}
	return false
}

// elems makes the tensors of the row's list T from its handle, in x.buf
// when they fit.
func (x *rowCtx) elems() []asserts.Identity {
	q, ts := x.tl(), x.buf[:]
	if q.n > len(ts) {
		ts = make([]asserts.Identity, q.n)
	}
	ts = ts[:q.n]
	for i := range ts {
		ts[i] = x.f.elemOf(q.h, i)
	}
	return ts
}

// forms is a step's IDs by form.
type forms = [checktable.NumForms]stepID

// run runs step id of the row: here the steps that read no tensor, in
// runTensor those that do.
func (x *rowCtx) run(id stepID) {
	c := x.c
	switch id {
	case stepSameImpl:
		c.SameImpl(x.lt(), x.t())
	case stepSameStorage:
		c.SameStorage(x.lt(), x.t())
	case stepNoMutation:
		c.NoMutation(x.lt(), x.t())
	case stepImplUseCountLE1:
		c.ImplUseCountLE1(x.lt(), x.t())
	case stepStorageUseCountEq1:
		c.StorageUseCountEq1(x.lt(), x.t())
	case stepList:
		c.List(x.ref.r.Check, x.lt(), x.tl())
	case stepSharesStorage:
		c.SharesStorage(x.lt(), x.t(), x.lu(), x.u())
	case stepSharesStorageOf:
		c.SharesStorageOf(x.lt(), x.t(), x.lu(), x.ul())
	case stepFreshOrAlias:
		c.FreshOrAlias(x.lt(), x.t(), x.lu(), x.u())
	case stepFreshOrAliasOf:
		c.FreshOrAliasOf(x.lt(), x.t(), x.lu(), x.ul())
	case stepReturnsArg:
		c.ReturnsArg(x.lt(), x.t(), x.lu(), x.u())
	case stepReturnsArgList:
		c.ReturnsArgList(x.lt(), x.tl(), x.lu(), x.ul())
	case stepFreshNoAlias:
		c.FreshNoAlias(x.lt(), x.t(), x.lu(), x.u())
	case stepFreshNoAliasList:
		c.FreshNoAliasList(x.lt(), x.tl(), x.lu(), x.u())
	case stepFreshNoAliasOf:
		c.FreshNoAliasOf(x.lt(), x.t(), x.lu(), x.ul())
	case stepNotArg:
		c.NotArg(x.lt(), x.t(), x.lu(), x.u())
	case stepNotArgElems:
		c.NotArgElems(x.lt(), x.tl(), x.lu(), x.u())
	case stepNotArgList:
		c.NotArgList(x.lt(), x.t(), x.lu(), x.ul())
	case stepNotArgElemsList:
		c.NotArgElemsList(x.lt(), x.tl(), x.lu(), x.ul())
	case stepViewHoldsStorage:
		c.ViewHoldsStorage(x.lt(), x.t(), x.lu(), x.u())
	case stepViewHoldsStorageList:
		c.ViewHoldsStorageList(x.lt(), x.tl(), x.lu(), x.u())
	default:
		x.runTensor(id)
	}
}

// runTensor is run for the steps that read the tensors themselves.
func (x *rowCtx) runTensor(id stepID) {
	c := x.c
	switch id {
	case stepDistinctOutputs:
		x.distinctOutputs()
	case stepBindingContext:
		c.BindingContext(x.lt(), x.t(), x.tensor())
	case stepBindingContextAfter:
		c.BindingContextAfter(x.lt(), x.t(), x.tensor())
	case stepDone:
	case stepSameContent:
		c.SameContent(x.lt(), x.t(), x.tensor())
	case stepSameContentAfter:
		if c.digests {
			c.SameContentAfter(x.lt(), x.t(), x.tensor())
		}
	case stepTakeMetadata: // from the fingerprint its helper read, when it had one
		if q := x.t(); q.mread&1 == 0 || !c.TakeMetadata(q, q.x, q.mread&2 != 0) {
			c.SaveMetadata(q, x.tensor())
		}
	case stepSaveMetadataList:
		SaveMetadataList(c, x.tl(), x.elems())
	case stepSameMetadata: // nothing if the fingerprint read after the kernel is the one taken
		if q := x.t(); q.hasMeta && (q.mread&12 != 12 || q.fp != q.x || q.meta&fPending != 0) {
			c.SameMetadata(x.lt(), q, x.tensor())
		}
	case stepSameMetadataList:
		SameMetadataList(c, x.lt(), x.tl(), x.elems())
	case stepImplUseCountEqFresh:
		c.ImplUseCountEqFresh(x.lt(), x.t(), x.tensor())
	case stepFreshNotHeld:
		a := x.t().anchor // the return's memory's, read with its identities
		if a == nil {
			a = anchorOf(x.tensor())
		}
		c.FreshNotHeldAnchor(x.lt(), x.t(), a)
	case stepFreshNotHeldOf:
		c.FreshNotHeldOf(x.lt(), x.t(), x.tensor(), x.lu(), x.u())
	case stepElems:
		x.runEach()
	default:
		c.misuse(x.ref.r.Check, x.lt(), fmt.Sprintf("row of form %v: not a row this runtime runs", x.ref.r.Form))
	}
}
