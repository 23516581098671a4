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
		return jen.Id(memName(s.Slot)).Op(":=").Add(jen.Id(tensorName(s.Slot)).Dot("Memory").Call())
	case steps.If:
		return ss.ifCode(s)
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
// and its calls made once; a post helper's snapshot locals; then the
// steps.
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
	for _, s := range h.Decls {
		body = append(body, jen.Var().Id(snapName(s)).Qual(WrapPath, s.SavedType()))
	}
	return append(body, ss.stmtsCode(h.Body)...)
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
	if ss.inventory != nil {
		ss.inventory.rows = append(ss.inventory.rows, w.op.Name)
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
	// The Call is filled in place (c.Begin in the pre helper), a few ns
	// cheaper than returned.
	body = append(body, jen.Var().Id("c").Qual(WrapPath, "Call"))
	if decl := decls(op, v); decl != nil {
		body = append(body, decl)
	}
	pre := helperArgs(&op.Pre, v, locs)
	pre = append([]jen.Code{pre[0], jen.Op("&").Id(opVarName(w))}, pre[1:]...)
	body = append(body, ss.call(preFn).Call(pre...))
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
