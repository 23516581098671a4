package gen

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/plan"
)

// This file prints the steps of a checked wrapper (package steps decides
// them): each step as Go, the shape helpers' parameters and bodies, and
// the wrapper's body around the helpers' calls.

func snapName(s *steps.Slot) string   { return "s" + strconv.Itoa(s.K) }
func tensorName(s *steps.Slot) string { return "t" + strconv.Itoa(s.K) }
func memName(s *steps.Slot) string    { return "m" + strconv.Itoa(s.K) }

// locCode prints a Loc of an op's Loc array.
func locCode(l steps.Loc) jen.Code {
	if l.Ret {
		return qw("Ret").Call(jen.Lit(l.Index))
	}
	return qw("Arg").Call(jen.Lit(l.Arg))
}

// argCode prints an argument of a step's call.
func argCode(a steps.Arg) jen.Code {
	switch a.Kind {
	case steps.ArgCall:
		return jen.Id("c")
	case steps.ArgSnap:
		if a.Addr() {
			return jen.Op("&").Id(snapName(a.Slot))
		}
		return jen.Id(snapName(a.Slot))
	case steps.ArgTensor:
		if a.Slot.Guard != "" && !a.Slot.List {
			return jen.Id(a.Slot.Guard).Call(jen.Id(tensorName(a.Slot)))
		}
		return jen.Id(tensorName(a.Slot))
	case steps.ArgRawTensor:
		return jen.Id(tensorName(a.Slot))
	case steps.ArgAnchor:
		if a.Slot.Identity == plan.Memory {
			return jen.Id(memName(a.Slot)).Dot("Anchor").Call()
		}
		return jen.Id(tensorName(a.Slot)).Dot("StorageAnchor").Call()
	case steps.ArgDefined:
		return jen.Id(tensorName(a.Slot)).Op("!=").Nil()
	case steps.ArgPointer:
		return jen.Qual("unsafe", "Pointer").Call(jen.Id(tensorName(a.Slot)))
	case steps.ArgMemory:
		return jen.Op("&").Id(memName(a.Slot))
	case steps.ArgLoc:
		return jen.Id("l").Index(jen.Lit(a.N))
	case steps.ArgInt:
		return jen.Lit(a.N)
	case steps.ArgCheck:
		return qc(a.Check.GoName())
	case steps.ArgOut:
		return qw(a.Name).Call(jen.Id("l").Index(jen.Lit(a.Slot.K)), argCode(steps.Arg{Kind: steps.ArgSnap, Slot: a.Slot}))
	}
	panic("gen: argument of kind " + strconv.Itoa(int(a.Kind)))
}

func argsCode(args []steps.Arg) []jen.Code {
	out := make([]jen.Code, len(args))
	for i, a := range args {
		out[i] = argCode(a)
	}
	return out
}

// stmtsCode prints steps.
func (ss *shapeSet) stmtsCode(sts []steps.Stmt) []jen.Code {
	out := make([]jen.Code, len(sts))
	for i := range sts {
		out[i] = ss.stmtCode(&sts[i])
	}
	return out
}

// stmtCode prints a step.
func (ss *shapeSet) stmtCode(s *steps.Stmt) jen.Code {
	switch s.Kind {
	case steps.CallMethod:
		return jen.Id("c").Dot(s.Name).Call(argsCode(s.Args)...)
	case steps.CallFunc:
		return qw(s.Name).Call(argsCode(s.Args)...)
	case steps.CallList:
		targs := typeArgsUse(typeParamsOf(ss.opts.TypeParams, s.Slot.Type))
		return withTypes(jen.Id(s.Name), targs).Call(jen.Id("c"), argCode(steps.Arg{Kind: steps.ArgSnap, Slot: s.Slot}), jen.Id(tensorName(s.Slot)))
	case steps.ReadMemory:
		read := jen.Id(tensorName(s.Slot)).Dot("Memory").Call()
		if a := s.Of; a != nil {
			ptr := func(s *steps.Slot) jen.Code { return jen.Qual("unsafe", "Pointer").Call(jen.Id(tensorName(s))) }
			return jen.Id(memName(s.Slot)).Op(":=").Id(memName(a)).Line().
				If(jen.Add(ptr(s.Slot)).Op("!=").Add(ptr(a))).Block(jen.Id(memName(s.Slot)).Op("=").Add(read))
		}
		return jen.Id(memName(s.Slot)).Op(":=").Add(read)
	case steps.ReadLean:
		return jen.Id(memName(s.Slot)).Op(":=").Op("*").Id("ln").Dot("Mem").Call(jen.Lit(s.N))
	case steps.SaveListLean:
		return jen.Id("c").Dot("SaveListLean").Call(jen.Id(snapName(s.Slot)), jen.Len(jen.Id(tensorName(s.Slot))), jen.Id("ln"), jen.Lit(s.N))
	case steps.If:
		return ss.ifCode(s)
	case steps.Learned:
		return learnedCode(s)
	}
	panic("gen: step of kind " + strconv.Itoa(int(s.Kind)))
}

// ifCode prints a test and the steps it guards.
func (ss *shapeSet) ifCode(s *steps.Stmt) jen.Code {
	c := s.Cond
	var stmt *jen.Statement
	switch c.Kind {
	case steps.CondMetadataTaken, steps.CondMetadataKept:
		a := c.Slots[0]
		recv := jen.Id(memName(a))
		if a.Identity != plan.Memory {
			recv = jen.Id(tensorName(a))
		}
		fp := jen.List(jen.Id("fp"), jen.Id("ok")).Op(":=").Add(recv).Dot(c.Read()).Call()
		test := jen.Op("!").Id("c").Dot("TakeMetadata").Call(jen.Id(snapName(a)), jen.Id("fp"), jen.Id("ok"))
		if c.Kind == steps.CondMetadataKept {
			test = jen.Op("!").Id(snapName(a)).Dot("MetadataKept").Call(jen.Id("fp"), jen.Id("ok"))
		}
		stmt = jen.If(fp, test)
	default:
		stmt = jen.If(condCode(c))
	}
	stmt = stmt.Block(ss.stmtsCode(s.Then)...)
	if s.Else != nil {
		stmt = stmt.Else().Block(ss.stmtsCode(s.Else)...)
	}
	return stmt
}

// condCode prints a test other than a metadata test's.
func condCode(c steps.Cond) jen.Code {
	switch c.Kind {
	case steps.CondHermetic:
		return jen.Id("c").Dot("Hermetic").Call()
	case steps.CondHasDigests:
		return jen.Id("c").Dot("HasDigests").Call()
	case steps.CondContentOff:
		return qw("ContentCheckOff").Call()
	case steps.CondPlain:
		cond := jen.Op("!").Id("c").Dot("Hermetic").Call()
		for _, a := range c.Slots {
			cond = jen.Add(cond).Op("&&").Id(snapName(a)).Dot("Plain").Call()
		}
		return cond
	case steps.CondKept:
		return jen.Id(snapName(c.Slots[0])).Dot("Kept").Call()
	case steps.CondPlainListRows:
		var rows *jen.Statement
		for _, name := range c.ListRowNames() {
			if rows == nil {
				rows = qw(name)
			} else {
				rows = jen.Add(rows).Op("|").Add(qw(name))
			}
		}
		return jen.Op("!").Add(qw("PlainListRows")).Call(jen.Id("c"), jen.Id(snapName(c.Slots[0])), rows)
	case steps.CondUncounted:
		return jen.Id("c").Dot("Uncounted").Call(argCode(steps.Arg{Kind: steps.ArgSnap, Slot: c.Slots[0]}))
	case steps.CondImplApart, steps.CondFreshFrom:
		test := "FreshFrom"
		if c.Kind == steps.CondImplApart {
			test = "ImplApart"
		}
		r := c.Slots[0]
		var cond *jen.Statement
		for _, a := range c.Slots[1:] {
			t := jen.Id(snapName(r)).Dot(test).Call(jen.Id(snapName(a)))
			if cond == nil {
				cond = t
			} else {
				cond = jen.Add(cond).Op("&&").Add(t)
			}
		}
		if c.Kind == steps.CondImplApart {
			return jen.Op("!").Parens(cond)
		}
		return cond
	}
	panic("gen: test of kind " + strconv.Itoa(int(c.Kind)))
}

// helperParams prints the parameters of a helper: c, (for a pre helper)
// the op, the Loc array, the snapshots and the tensors.
func helperParams(h *steps.Helper) []jen.Code {
	params := []jen.Code{jen.Id("c").Op("*").Qual(WrapPath, "Call")}
	if !h.Post {
		params = append(params, jen.Id("op").Op("*").Qual(WrapPath, "Op"))
	}
	params = append(params, jen.Id("l").Op("*").Index(jen.Lit(h.NLocs)).Qual(WrapPath, "Loc"))
	for _, s := range h.Snaps {
		params = append(params, jen.Id(snapName(s)).Op("*").Qual(WrapPath, s.SavedType()))
	}
	for _, s := range h.Tensors {
		params = append(params, jen.Id(tensorName(s)).Add(typeCode(s.Type)))
	}
	return params
}

// helperBody prints a helper's body: for a pre helper, the Call begun
// and its calls made once; then the steps, with a post helper's snapshot
// locals declared before the step steps.Helper.DeclAt names.
func (ss *shapeSet) helperBody(h *steps.Helper) []jen.Code {
	var body []jen.Code
	if !h.Post {
		body = append(body, jen.Id("c").Dot("Begin").Call(jen.Id("op")))
		for _, m := range h.Once {
			// e.g. fresh_not_held's BeginFresh: the outputs of checked calls
			// the kernel makes are told from storages handed out before
			body = append(body, jen.Id("c").Dot(m).Call())
		}
	}
	at := h.DeclAt()
	body = append(body, ss.stmtsCode(h.Body[:at])...)
	for _, s := range h.Decls {
		body = append(body, jen.Var().Id(snapName(s)).Qual(WrapPath, s.SavedType()))
	}
	return append(body, ss.stmtsCode(h.Body[at:])...)
}

// slotVars are the wrapper's names of the tensors of its slots: the
// variables of its snapshots (a<i> or l<i> for parameter i; o<i> or ol<i>
// for an early return i, see steps.Slot.Early) and what it passes to the
// helpers (its parameter, or its result r<i>, converted for the foreign
// type).
type slotVars struct {
	results []jen.Code
	snap    map[*steps.Slot]string
	tensor  map[*steps.Slot]jen.Code
}

// vars names the wrapper's locals for op's slots, and reports one that
// would collide with a parameter.
func (w *wrapper) vars(op *steps.Op, ss *shapeSet) (*slotVars, error) {
	v := &slotVars{snap: map[*steps.Slot]string{}, tensor: map[*steps.Slot]jen.Code{}}
	results := make([]string, len(w.results))
	for i := range results {
		var err error
		if results[i], err = w.local("r", i); err != nil {
			return nil, err
		}
		v.results = append(v.results, jen.Id(results[i]))
	}
	for _, s := range append(append([]*steps.Slot(nil), op.Args...), op.Rets...) {
		var src, prefix string
		switch {
		case !s.Loc.Ret && s.List:
			src, prefix = w.params[s.Param].name, "l"
		case !s.Loc.Ret:
			src, prefix = w.params[s.Param].name, "a"
		case s.List:
			src, prefix = results[s.Param], "ol"
		default:
			src, prefix = results[s.Param], "o"
		}
		if !s.Loc.Ret || s.Early {
			n, err := w.local(prefix, s.Param)
			if err != nil {
				return nil, err
			}
			v.snap[s] = n
		}
		switch s.Adapt {
		case steps.AdaptNone:
			v.tensor[s] = jen.Id(src)
		case steps.AdaptOne:
			v.tensor[s] = jen.Parens(typeCode(ss.foreign.adapter)).Call(jen.Id(src))
		case steps.AdaptList:
			v.tensor[s] = ss.foreignRef(ss.foreign.adapter.Name + "List").Call(jen.Id(src))
		}
	}
	return v, nil
}

// helperArgs are the arguments of a call of helper h: c, the Loc array,
// the snapshots and the tensors.
func helperArgs(h *steps.Helper, v *slotVars, locs jen.Code) []jen.Code {
	out := []jen.Code{jen.Op("&").Id("c"), jen.Op("&").Add(locs)}
	for _, s := range h.Snaps {
		out = append(out, jen.Op("&").Id(v.snap[s]))
	}
	for _, s := range h.Tensors {
		out = append(out, v.tensor[s])
	}
	return out
}

// checkedBody prints the checked path of a wrapper: save the arguments,
// run the kernel, check, return; the saving and checking are calls of
// the shape helpers of its steps (steps.Build), added to ss. kernel
// renders the kernel being wrapped.
func (w *wrapper) checkedBody(kernel func() *jen.Statement, ss *shapeSet) ([]jen.Code, error) {
	ps := make([]steps.Param, len(w.params))
	for i, p := range w.params {
		ps[i] = steps.Param{Name: p.arg.Name, Type: p.typ, Form: p.arg.Type.TensorForm()}
	}
	ss.building, ss.pending = true, ss.pending[:0]
	op := steps.Build(w.op, ps, w.results, &ss.opts)
	ss.building = false
	if op.Frame != nil {
		return w.frameBody(op, kernel, ss)
	}
	for _, n := range ss.pending {
		ss.used[n] = true
	}
	v, err := w.vars(op, ss)
	if err != nil {
		return nil, err
	}
	locs := ss.ref(ss.locVar(op.Locs))
	preFn, postFn := ss.helperFn(&op.Pre, w.op.Name), ss.helperFn(&op.Post, w.op.Name)
	body := []jen.Code{
		jen.If(jen.Op("!").Add(qa("Checking")).Call()).Block(w.uncheckedBody(kernel())...),
	}
	if op.Lean != nil {
		body = append(body, w.leanBranch(op, kernel, ss, preFn, postFn, v, locs)...)
	}
	// The Call is filled in place (c.Begin in the pre helper), a few ns
	// cheaper than returned.
	body = append(body, jen.Var().Id("c").Qual(WrapPath, "Call"))
	if decl := decls(op, v); decl != nil {
		body = append(body, decl)
	}
	pre := helperArgs(&op.Pre, v, locs)
	pre = append([]jen.Code{pre[0], jen.Op("&").Id(opVarName(w))}, pre[1:]...)
	body = append(body, ss.call(preFn).Call(pre...))
	if op.Lean != nil {
		// a call of the rows' path that met the lean conditions
		// calibrates the op for them (wrap.Call.Calibrate)
		body = append(body, jen.Id("c").Dot("Calibrate").Call(jen.Op("&").Id("ln")))
	}
	if op.Abandon {
		// The call declared writes (Mutable): if the kernel panics and the
		// program recovers, End is never reached; the deferred Abandon
		// ends the declarations then (and does nothing after End).
		body = append(body, jen.Defer().Id("c").Dot("Abandon").Call())
	}
	call := kernel().Call(w.callArgs()...)
	if len(v.results) > 0 {
		call = jen.List(v.results...).Op(":=").Add(call)
	}
	body = append(body, call)
	body = append(body, ss.call(postFn).Call(helperArgs(&op.Post, v, locs)...))
	if len(v.results) > 0 {
		body = append(body, jen.Return(v.results...))
	}
	return body, nil
}

// leanBranch prints a wrapper's lean path (steps.LeanPath): the Lean, and
// a call that takes the path, which returns from within.
func (w *wrapper) leanBranch(op *steps.Op, kernel func() *jen.Statement, ss *shapeSet, preFn, postFn *shapeFn, v *slotVars, locs jen.Code) []jen.Code {
	lf := ss.leanHelpers(op, preFn, postFn, w.op.Name)
	tensors := func(slots []*steps.Slot) []jen.Code {
		var out []jen.Code
		for _, s := range slots {
			out = append(out, v.tensor[s])
		}
		return out
	}
	ln := jen.Op("&").Id("ln")
	preArgs := append([]jen.Code{ln, jen.Op("&").Id(opVarName(w))}, tensors(op.Lean.Args)...)
	postArgs := append([]jen.Code{ln, jen.Op("&").Add(locs)}, tensors(op.Lean.Tensors)...)
	replayArgs := append([]jen.Code{ln, jen.Op("&").Id(opVarName(w)), jen.Op("&").Add(locs)}, tensors(op.Lean.Tensors)...)
	call := kernel().Call(w.callArgs()...)
	if len(v.results) > 0 {
		call = jen.List(v.results...).Op(":=").Add(call)
	}
	ret := jen.Return()
	if len(v.results) > 0 {
		ret = jen.Return(v.results...)
	}
	return []jen.Code{
		jen.Var().Id("ln").Qual(WrapPath, "Lean"),
		jen.If(ss.call(lf.pre).Call(preArgs...)).Block(
			call,
			jen.If(jen.Op("!").Add(ss.call(lf.post).Call(postArgs...))).Block(ss.call(lf.replay).Call(replayArgs...)),
			ret,
		),
	}
}

// decls declares the snapshots the wrapper passes to the helpers
// (steps.Op.ParamSnaps): one var for the Saved ones, one for the
// SavedList ones; nil if there are none.
func decls(op *steps.Op, v *slotVars) jen.Code {
	var singles, lists []jen.Code
	for _, s := range op.ParamSnaps() {
		if s.List {
			lists = append(lists, jen.Id(v.snap[s]))
		} else {
			singles = append(singles, jen.Id(v.snap[s]))
		}
	}
	var vars []jen.Code
	if len(singles) > 0 {
		vars = append(vars, jen.List(singles...).Qual(WrapPath, "Saved"))
	}
	if len(lists) > 0 {
		vars = append(vars, jen.List(lists...).Qual(WrapPath, "SavedList"))
	}
	switch len(vars) {
	case 0:
		return nil
	case 1:
		return jen.Var().Add(vars[0])
	}
	return jen.Var().Defs(vars...)
}

// learnedCode prints the learned path of a post helper (steps.Learned).
func learnedCode(s *steps.Stmt) jen.Code {
	cond := jen.Id("c").Dot("QuickPath").Call()
	for _, t := range s.Terms {
		cond = jen.Add(cond).Op("&&").Add(termCode(t))
	}
	var learned []jen.Code
	for _, r := range s.Held {
		ptr := jen.Qual("unsafe", "Pointer").Call(jen.Id(tensorName(r)))
		learned = append(learned, jen.Id("c").Dot("FreshNotHeldLearned").Call(jen.Id("l").Index(jen.Lit(r.K)), ptr, jen.Op("&").Id(memName(r))))
	}
	learned = append(learned, jen.Id("c").Dot("EndLearned").Call(), jen.Return())
	n := jen.Lit(0)
	if s.Slot != nil {
		n = jen.Len(jen.Id(tensorName(s.Slot)))
	}
	return jen.If(cond).Block(
		jen.If(jen.Id("c").Dot("Learned").Call(n)).Block(learned...),
		jen.Id("c").Dot("Learn").Call(n),
	)
}

// termCode prints a test of the learned path.
func termCode(t steps.Term) jen.Code {
	ptr := func(s *steps.Slot) jen.Code { return jen.Qual("unsafe", "Pointer").Call(jen.Id(tensorName(s))) }
	anchor := func(s *steps.Slot) jen.Code { return jen.Id(memName(s)).Dot("Anchor").Call() }
	switch t.Kind {
	case steps.TermUnchanged:
		return jen.Id(snapName(t.A)).Dot("Unchanged").Call(jen.Op("&").Id(memName(t.A)))
	case steps.TermDefined:
		return jen.Id(tensorName(t.R)).Op("!=").Nil().Op("&&").Add(anchor(t.R)).Op("!=").Nil()
	case steps.TermHandleApart:
		return jen.Add(ptr(t.R)).Op("!=").Add(ptr(t.A))
	case steps.TermHandleSame:
		return jen.Add(ptr(t.R)).Op("==").Add(ptr(t.A))
	case steps.TermAnchorApart:
		return jen.Add(anchor(t.R)).Op("!=").Add(anchor(t.A))
	case steps.TermAnchorSame:
		return jen.Add(anchor(t.R)).Op("==").Add(anchor(t.A))
	case steps.TermListUnchanged:
		return jen.Id(t.Fn).Call(jen.Id(snapName(t.A)), jen.Id(tensorName(t.A)))
	case steps.TermListUnchangedApart:
		return jen.Id(t.Fn).Call(jen.Id(snapName(t.A)), jen.Id(tensorName(t.A)), ptr(t.R), anchor(t.R))
	}
	panic("gen: learned test of kind " + strconv.Itoa(int(t.Kind)))
}
