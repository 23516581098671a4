package steps

import (
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// helpers returns the bodies of the pre helper (save the arguments, the
// rows' steps before the kernel) and of the post helper (the rows'
// steps after it, the snapshots completed, the plan's skips counted, the
// call ended).
func (b *builder) helpers() (pre, post stmts) {
	b.saves(&pre)
	b.mutables(&pre)
	var mid, afterCall, rows, bindSlow stmts
	var bindArgs []*Slot
	cks := b.op.Checks
	for i := 0; i < len(cks); i++ {
		ck := &cks[i]
		switch batch := checktable.BatchOf(ck.Name); {
		case b.unchangedRows(cks[i:]):
			// same_impl, same_storage and no_mutation of one argument:
			// one call, one test on the fast path.
			b.unchanged(&rows, b.arg[ck.Arg])
			i += len(checktable.Unchanged(false)) - 1
		case batch == checktable.BatchPlain && !ck.NeverFires && !b.arg[ck.Arg].List:
			// Single tensors' binding_context rows run together (see
			// below); lists keep theirs.
			b.step(&bindSlow, ck, phaseStep(ck.Name, checktable.BeforeCall))
			bindArgs = append(bindArgs, b.arg[ck.Arg])
			b.step(&mid, ck, phaseStep(ck.Name, checktable.AfterCall))
		case batch == checktable.BatchPlain:
			// a list's rows: before the call, and after it in hermetic
			// contexts only (mid)
			b.check(&pre, &mid, &pre, ck)
		case batch == checktable.BatchPairsHandle && b.pairRows(ck.Name, cks[i:]) > 0:
			// not_arg_handle of one return against several arguments: one
			// test when the return's TensorImpl is none of theirs.
			n := b.pairRows(ck.Name, cks[i:])
			slow, c := b.pairs(cks[i:i+n], ck.Name, CondImplApart)
			rows.block(c, slow, nil)
			i += n - 1
		case batch == checktable.BatchPairsStorage && b.pairRows(ck.Name, cks[i:]) > 0:
			// fresh_no_alias of one return against several arguments:
			// one test when every pair is plain and apart.
			n := b.pairRows(ck.Name, cks[i:])
			slow, c := b.pairs(cks[i:i+n], ck.Name, CondFreshFrom)
			var pass stmts
			pass.method("FreshNoAliasRows", Arg{Kind: ArgInt, N: n})
			rows.block(c, pass, slow)
			i += n - 1
		case batch == checktable.BatchContent && !ck.NeverFires:
			b.content(&pre, &rows, ck)
		case batch == checktable.BatchMetadata && !ck.NeverFires:
			b.metadata(&pre, &rows, ck)
		default:
			b.check(&pre, &afterCall, &rows, ck)
		}
	}
	if len(bindArgs) > 0 {
		// binding_context of single tensors: outside hermetic contexts, on
		// plain tensors, it passes without reading them: one test for all
		// of them, and the rows counted in one add.
		var pass stmts
		pass.method("BindingContextRows", Arg{Kind: ArgInt, N: len(bindArgs)})
		pre.block(Cond{Kind: CondPlain, Slots: bindArgs}, pass, bindSlow)
	}
	if b.contentN > 0 {
		// same_content of single tensors, off by default: one test, and
		// the rows counted as skipped in one add.
		var off stmts
		off.method("ContentOff", Arg{Kind: ArgInt, N: b.contentN})
		pre.block(Cond{Kind: CondContentOff}, off, b.contentPre)
	}
	var afters stmts
	b.afters(&afters)
	post.block(Cond{Kind: CondHermetic}, mid, nil)
	post = append(post, afterCall...)
	post = append(post, afters...)
	post = append(post, rows...)
	// After every other row: a write no_mutation reported is not
	// reported again by same_content.
	post.block(Cond{Kind: CondHasDigests}, b.contentPost, nil)
	b.planSkips(&post)
	post.method("End")
	return pre, post
}

// saves snapshots the arguments before the kernel runs.
func (b *builder) saves(l *stmts) {
	for _, s := range b.out.Args {
		switch s.Form {
		case schema.TensorSingle:
			switch {
			case s.Identity == plan.Memory:
				readMemory(l, "SaveMemory", s)
			case b.anchored(s):
				l.method("Save", snapOf(s), tensorOf(s))
				l.method("SaveAnchor", snapOf(s), anchorOf(s))
			default:
				l.method("Save"+identSuffix(s), snapOf(s), tensorOf(s))
			}
		case schema.TensorOptional:
			l.method("SaveOpt"+IfaceSuffix(s.Type), snapOf(s), tensorOf(s), Arg{Kind: ArgDefined, Slot: s})
		case schema.TensorList:
			b.listCall(l, ListSave, s)
		case schema.TensorOptionalList:
			b.listCall(l, ListSaveOpt, s)
		}
	}
}

// mutables records the arguments the op writes, for no_mutation's
// aliasing rule (see plan.Op.Mutable).
func (b *builder) mutables(l *stmts) {
	for _, name := range b.op.Mutable {
		s := b.arg[name]
		if s.List {
			l.method("MutableList", snapOf(s))
		} else {
			l.method("Mutable", snapOf(s))
		}
	}
}

// content adds a same_content row: the digest is taken before the
// kernel, after the snapshots and the mutable arguments are recorded
// (pre), and compared after it, at the row's place among the others
// (rows). A single tensor's two calls go to the blocks that run only
// when the content check is on (contentPre, contentPost).
func (b *builder) content(pre, rows *stmts, ck *plan.Check) {
	if !b.arg[ck.Arg].List {
		pre, rows = &b.contentPre, &b.contentPost
		b.contentN++
	}
	b.step(pre, ck, phaseStep(ck.Name, checktable.BeforeCall))
	b.step(rows, ck, phaseStep(ck.Name, checktable.AfterResult))
}

// metadata adds a same_metadata row: the fingerprint is taken before
// the kernel, after the snapshots and the mutable arguments are recorded
// (pre), and compared after it, at the row's place among the others
// (rows).
func (b *builder) metadata(pre, rows *stmts, ck *plan.Check) {
	a := b.arg[ck.Arg]
	if !a.List && b.o.MetadataOf[a.Type.Origin().String()] && !a.Type.Interface {
		// The fingerprint read here, by a direct call, and the fast path
		// of each half inlined (Call.TakeMetadata, Saved.MetadataKept):
		// SaveMetadataOf and SameMetadataOf only when it fails.
		var save, same stmts
		save.method("SaveMetadataOf", snapOf(a), tensorOf(a))
		same.method("SameMetadataOf", locOf(a), snapOf(a), tensorOf(a))
		*pre = append(*pre, Stmt{Kind: If, Cond: Cond{Kind: CondMetadataTaken, Slots: []*Slot{a}}, Then: save})
		*rows = append(*rows, Stmt{Kind: If, Cond: Cond{Kind: CondMetadataKept, Slots: []*Slot{a}}, Then: same})
		return
	}
	b.step(pre, ck, phaseStep(ck.Name, checktable.BeforeCall))
	b.step(rows, ck, phaseStep(ck.Name, checktable.AfterResult))
}

// afters completes the argument snapshots and snapshots the returns,
// each with the entries of its slot's kind (Slot.Identity).
func (b *builder) afters(l *stmts) {
	for _, s := range b.out.Args {
		counted := s.Identity.UseCounts()
		switch {
		case s.List:
			b.listCall(l, ListAfter, s)
		case s.Form == schema.TensorOptional && !counted:
			// saved without its anchor (SaveOpt): the IDs alone
			l.method("After"+IfaceSuffix(s.Type), snapOf(s), tensorOf(s))
		case s.Identity == plan.Memory:
			// the memory read again (the metadata rows' fingerprint), the
			// identities and the anchor from the adapter
			*l = append(*l, Stmt{Kind: ReadMemory, Slot: s})
			l.method("After", snapOf(s), tensorOf(s))
			l.method("AfterAnchor", snapOf(s), anchorOf(s))
		case b.anchored(s) && !counted:
			l.method("After", snapOf(s), tensorOf(s))
			l.method("AfterAnchor", snapOf(s), anchorOf(s))
		case b.anchored(s):
			// a runtime with use counts: a moved anchor is a resize; memory
			// taken back during the call is a violation
			l.method("After", snapOf(s), tensorOf(s))
			l.method("AfterRecycled", snapOf(s), anchorOf(s))
		default:
			l.method("After"+identSuffix(s), snapOf(s), tensorOf(s))
		}
	}
	for _, s := range b.out.Rets {
		result := "Result"
		if !s.Identity.UseCounts() {
			result = "ResultIdent"
		}
		switch {
		case s.List && s.Identity.UseCounts():
			b.listCall(l, ListResult, s)
		case s.List && s.Type.Interface:
			b.listCall(l, ListResultIdent, s) // wrap.ResultIdentList would call Ident on a nil element
		case s.List:
			l.fn(result+"List", Arg{Kind: ArgCall}, snapOf(s), tensorOf(s))
		case s.Identity == plan.Memory:
			readMemory(l, "ResultMemory", s)
		default:
			l.method(result, snapOf(s), tensorOf(s))
			if b.anchored(s) {
				l.method("ResultAnchor", snapOf(s), anchorOf(s))
			}
		}
	}
}

// check adds one row of the plan in the general way: each step of its
// check (checktable.StepsOf) in the list of its phase: pre (before the
// kernel), afterCall (after it, before the snapshots are completed) or
// rows (after them). A never-firing row is counted as skipped by the
// plan instead. The calls made once per call (checktable.Step.Once) are the
// pre helper's Once.
func (b *builder) check(pre, afterCall, rows *stmts, ck *plan.Check) {
	if ck.NeverFires {
		// A row PyTorch emits but that can never fire: run it as PyTorch
		// does (it checks nothing), counted as skipped by the plan.
		rows.method("PlanSkip", Arg{Kind: ArgCheck, Check: ck.Name}, Arg{Kind: ArgLoc, N: b.locIndex(rowLoc(ck.Arg, ck.Ret))})
		return
	}
	if checktable.ShapeOf(ck.Name) == checktable.OnRets {
		var outs []Arg
		for _, i := range ck.Rets {
			r := b.ret[i]
			fn := "Out"
			if r.List {
				fn = "OutList"
			}
			outs = append(outs, Arg{Kind: ArgOut, Slot: r, Name: fn})
		}
		rows.method(checktable.StepsOf(ck.Name)[0].Funcs[checktable.FormOne], outs...)
		return
	}
	for _, st := range checktable.StepsOf(ck.Name) {
		switch {
		case st.Once || st.Counts && !b.o.Identity.UseCounts():
			// made once per call (the pre helper's Once); or, for a
			// runtime without use counts, not at all (the row is skipped
			// under no_use_counts)
		case st.Phase == checktable.BeforeCall:
			b.step(pre, ck, st)
		case st.Phase == checktable.AfterCall:
			b.step(afterCall, ck, st)
		default:
			b.step(rows, ck, st)
		}
	}
}

// rowLoc is the Loc a row names: its return's, or its argument's.
func rowLoc(arg string, ret *int) Loc {
	if ret != nil {
		return Loc{Ret: true, Index: *ret}
	}
	return Loc{Arg: arg}
}

// step adds the call of step st of row ck: the function of the row's
// form (checktable.FormFor; FormAnchor or FormIface in place of
// FormOne where the step has one and the tensor's type allows it), with
// what the step takes (see checktable.Step): a method of the Call, or for a
// step that takes a list's tensors, a function of package asserts that
// takes the Call first.
func (b *builder) step(l *stmts, ck *plan.Check, st checktable.Step) {
	var r, a *Slot
	if ck.Ret != nil {
		r = b.ret[*ck.Ret]
	}
	if ck.Arg != "" {
		a = b.arg[ck.Arg]
	}
	f, _ := checktable.FormFor(ck.Name, a != nil, r != nil && r.List, a != nil && a.List)
	switch {
	case f == checktable.FormOne && r != nil && a == nil && st.Funcs[checktable.FormAnchor] != "" && b.anchored(r):
		f = checktable.FormAnchor
	case f == checktable.FormOne && r == nil && st.Funcs[checktable.FormIface] != "" && IfaceSuffix(a.Type) != "":
		f = checktable.FormIface
	}
	// the tensor the step takes: the argument's, or for a row that names
	// a return, the return's after the call and the argument's before it
	tensorList := a != nil && a.List
	if r != nil && (a == nil || st.Phase != checktable.BeforeCall) {
		tensorList = r.List
	}
	fn := st.Tensor && tensorList // a generic function of package asserts
	var args []Arg
	if fn {
		args = append(args, Arg{Kind: ArgCall})
	}
	snap := func(s *Slot) {
		if !st.NoLoc {
			args = append(args, locOf(s))
		}
		args = append(args, snapOf(s))
	}
	tensor := func(s *Slot) {
		switch {
		case !st.Tensor:
		case f == checktable.FormAnchor:
			args = append(args, anchorOf(s))
		default:
			args = append(args, tensorOf(s))
		}
	}
	switch {
	case r == nil:
		snap(a)
		tensor(a)
	case a == nil:
		snap(r)
		tensor(r)
	default: // the return's tensor after the call, the argument's before it
		snap(r)
		if st.Phase != checktable.BeforeCall {
			tensor(r)
		}
		snap(a)
		if st.Phase == checktable.BeforeCall {
			tensor(a)
		}
	}
	if fn {
		l.fn(st.Funcs[f], args...)
	} else {
		l.method(st.Funcs[f], args...)
	}
	(*l)[len(*l)-1].Row = &Row{Check: ck.Name, Form: f}
}

// phaseStep returns the step of check k that runs in phase p, other
// than a call made once per call (every check has at most one).
func phaseStep(k checks.Check, p checktable.Phase) checktable.Step {
	for _, st := range checktable.StepsOf(k) {
		if st.Phase == p && !st.Once {
			return st
		}
	}
	panic("steps: check " + k.String() + " has no step " + p.String())
}

// unchangedRows reports whether cks starts with same_impl, same_storage
// and no_mutation of one single-tensor argument, none of them a
// never-firing row: the three rows SameImplStorageVersion runs at once.
func (b *builder) unchangedRows(cks []plan.Check) bool {
	want := checktable.Unchanged(false)
	if len(cks) < len(want) {
		return false
	}
	for j, k := range want {
		c := &cks[j]
		if c.Name != k || c.Arg != cks[0].Arg || c.Ret != nil || c.NeverFires {
			return false
		}
	}
	a, ok := b.arg[cks[0].Arg]
	return ok && !a.List
}

// unchanged adds the rows of argument a that compare its identities
// before and after the kernel: same_impl, same_storage and no_mutation,
// in one call.
func (b *builder) unchanged(rows *stmts, a *Slot) {
	rows.method("SameImplStorageVersion", locOf(a), snapOf(a))
}

// pairRows returns how many rows at the start of cks are rows of check name
// (not_arg_handle or fresh_no_alias) of one single-tensor return against
// single-tensor arguments, none of them never-firing.
func (b *builder) pairRows(name checks.Check, cks []plan.Check) int {
	n := 0
	for j := range cks {
		c := &cks[j]
		if c.Name != name || c.NeverFires || c.Ret == nil || cks[0].Ret == nil || *c.Ret != *cks[0].Ret {
			break
		}
		r, a := b.ret[*c.Ret], b.arg[c.Arg]
		if r == nil || a == nil || r.List || a.List {
			break
		}
		n++
	}
	return n
}

// pairs makes the one test of rows cks of one return against several
// arguments (see pairRows): the pairs' tests joined, and the slow path
// that runs each row's method.
func (b *builder) pairs(cks []plan.Check, k checks.Check, kind CondKind) (slow stmts, c Cond) {
	r := b.ret[*cks[0].Ret]
	slowMethod := phaseStep(k, checktable.AfterResult).Funcs[checktable.FormOne]
	c = Cond{Kind: kind, Slots: []*Slot{r}}
	for j := range cks {
		a := b.arg[cks[j].Arg]
		slow.method(slowMethod, locOf(r), snapOf(r), locOf(a), snapOf(a))
		c.Slots = append(c.Slots, a)
	}
	return slow, c
}

// planSkips counts what the plan skipped, so that run-time statistics show
// it; not_arg_handle is counted with the return's use-count check (see
// checks.NotArgHandle).
func (b *builder) planSkips(l *stmts) {
	for _, sk := range b.op.Skipped {
		if sk.Name >= checks.NumChecks { // not_arg_handle: counted with another check
			continue
		}
		l.method("PlanSkip", Arg{Kind: ArgCheck, Check: sk.Name}, Arg{Kind: ArgLoc, N: b.locIndex(rowLoc(sk.Arg, sk.Ret))})
	}
}
