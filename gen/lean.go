package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/kernels"
)

// The lean path of a wrapper (steps.LeanPath, asserts' lean.go): three
// shape helpers beside the pre and post helpers, named and shared as they
// are (by a hash of their canonical text): the lean pre helper keeps the
// arguments' handles and memory in a wrap.Lean and reports whether the
// call takes the path; the lean post helper tests the call after the
// kernel and ends it; the replay, for a call whose tests failed, runs the
// pre helper's steps from what the Lean kept, then the post helper.

// leanFns are a wrapper's lean helpers.
type leanFns struct{ pre, post, replay *shapeFn }

// leanHelpers returns the lean helpers of op, adding them to the set; the
// replay's name comes from pre and post, the op's pre and post helpers,
// and it calls post.
func (ss *shapeSet) leanHelpers(op *steps.Op, pre, post *shapeFn, first string) leanFns {
	lp := op.Lean
	argTPs := typeParamsOf(ss.opts.TypeParams, slotTypes(lp.Args)...)
	allTPs := typeParamsOf(ss.opts.TypeParams, slotTypes(lp.Tensors)...)
	preKey := lp.PreKey(steps.TypeParamsKey(argTPs))
	postKey := lp.PostKey(steps.TypeParamsKey(allTPs))
	var out leanFns
	out.pre = ss.leanFn("checksLeanPre", preKey, first, argTPs, true, "keeps the arguments' handles and memory and reports whether the call takes the lean path", func() ([]jen.Code, []jen.Code) {
		return ss.leanPreFn(lp)
	})
	out.post = ss.leanFn("checksLeanPost", postKey, first, allTPs, true, "runs the lean path's tests after the kernel and ends the call, or reports false", func() ([]jen.Code, []jen.Code) {
		return ss.leanPostFn(lp)
	})
	replayKey := lp.ReplayKey(steps.TypeParamsKey(allTPs), pre.name, post.name)
	out.replay = ss.leanFn("checksLeanReplay", replayKey, first, allTPs, false, "replays a call whose lean path failed on the rows' path, from the memory kept before the kernel", func() ([]jen.Code, []jen.Code) {
		return ss.leanReplayFn(op, post)
	})
	return out
}

// leanFn returns the lean helper of kind and canonical text key, adding
// it (its parameters and body made by make) the first time.
func (ss *shapeSet) leanFn(kind, key, first string, tps []kernels.TypeParam, result bool, what string, make func() (params, body []jen.Code)) *shapeFn {
	if f, ok := ss.fns[key]; ok {
		f.uses++
		return f
	}
	params, body := make()
	f := &shapeFn{name: ss.shapeName(ss.exported(kind), key), tparams: tps, params: params, body: body, first: first, uses: 1, what: what, result: result}
	ss.fns[key] = f
	ss.fnList = append(ss.fnList, f)
	return f
}

// leanPreFn prints the lean pre helper: each argument saved, then
// Begin.
func (ss *shapeSet) leanPreFn(lp *steps.LeanPath) (params, body []jen.Code) {
	params = []jen.Code{jen.Id("ln").Op("*").Qual(WrapPath, "Lean"), jen.Id("op").Op("*").Qual(WrapPath, "Op")}
	for _, s := range lp.Args {
		params = append(params, jen.Id(tensorName(s)).Add(typeCode(s.Type)))
	}
	n := jen.Lit(0)
	for _, s := range lp.ArgsInOrder() {
		t := jen.Id(tensorName(s))
		if s.List {
			// p := ln.Slot(unsafe.Pointer(t)); if p == nil { break }; *p = t.Memory()
			body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("t")).Op(":=").Range().Add(t)).Block(
				jen.Id("p").Op(":=").Id("ln").Dot("Slot").Call(jen.Qual("unsafe", "Pointer").Call(jen.Id("t"))),
				jen.If(jen.Id("p").Op("==").Nil()).Block(jen.Break()),
				jen.Op("*").Id("p").Op("=").Id("t").Dot("Memory").Call()))
			n = jen.Len(jen.Id(tensorName(s)))
			continue
		}
		// the single tensors come first: the Lean has room for them
		body = append(body, jen.Op("*").Id("ln").Dot("Slot").Call(jen.Qual("unsafe", "Pointer").Call(t)).Op("=").Add(t.Clone().Dot("Memory").Call()))
	}
	body = append(body, jen.Return(jen.Id("ln").Dot("Begin").Call(jen.Id("op"), n)))
	return params, body
}

// leanPostFn prints the lean post helper: the post helper's memory reads,
// then the learned path's tests on the Lean, fresh_not_held of each fresh
// return, and End, in one && chain.
func (ss *shapeSet) leanPostFn(lp *steps.LeanPath) (params, body []jen.Code) {
	params = []jen.Code{jen.Id("ln").Op("*").Qual(WrapPath, "Lean"), jen.Id("l").Op("*").Index(jen.Lit(lp.NLocs)).Qual(WrapPath, "Loc")}
	for _, s := range lp.Tensors {
		params = append(params, jen.Id(tensorName(s)).Add(typeCode(s.Type)))
	}
	body = ss.stmtsCode(lp.Reads)
	ptr := func(s *steps.Slot) jen.Code { return jen.Qual("unsafe", "Pointer").Call(jen.Id(tensorName(s))) }
	anchor := func(s *steps.Slot) jen.Code { return jen.Id(memName(s)).Dot("Anchor").Call() }
	var tests []jen.Code
	for _, t := range lp.Learned.Terms {
		switch t.Kind {
		case steps.TermUnchanged:
			tests = append(tests, jen.Id("ln").Dot("Unchanged").Call(jen.Lit(lp.Index[t.A]), ptr(t.A), jen.Op("&").Id(memName(t.A))))
		case steps.TermListUnchanged:
			fn := ss.List(steps.ListLeanUnchanged, t.A.Type)
			tests = append(tests, withTypes(jen.Id(fn), typeArgsUse(typeParamsOf(ss.opts.TypeParams, t.A.Type))).Call(jen.Id("ln"), jen.Lit(lp.Index[t.A]), jen.Id(tensorName(t.A))))
		case steps.TermListUnchangedApart:
			fn := ss.List(steps.ListLeanUnchangedApart, t.A.Type)
			tests = append(tests, withTypes(jen.Id(fn), typeArgsUse(typeParamsOf(ss.opts.TypeParams, t.A.Type))).Call(jen.Id("ln"), jen.Lit(lp.Index[t.A]), jen.Id(tensorName(t.A)), ptr(t.R), anchor(t.R)))
		default:
			tests = append(tests, termCode(t))
		}
	}
	for _, r := range lp.Learned.Held {
		tests = append(tests, jen.Id("ln").Dot("Fresh").Call(jen.Id("l").Index(jen.Lit(r.K)), ptr(r), jen.Op("&").Id(memName(r))))
	}
	cond := jen.Id("ln").Dot("End").Call()
	for i := len(tests) - 1; i >= 0; i-- {
		cond = jen.Add(tests[i]).Op("&&").Add(cond)
	}
	return params, append(body, jen.Return(cond))
}

// leanReplayFn prints the replay: a Call and the arguments' snapshots,
// the pre helper's steps from the Lean's memory, then the post helper.
func (ss *shapeSet) leanReplayFn(op *steps.Op, post *shapeFn) (params, body []jen.Code) {
	lp := op.Lean
	params = []jen.Code{jen.Id("ln").Op("*").Qual(WrapPath, "Lean"), jen.Id("op").Op("*").Qual(WrapPath, "Op"), jen.Id("l").Op("*").Index(jen.Lit(lp.NLocs)).Qual(WrapPath, "Loc")}
	for _, s := range lp.Tensors {
		params = append(params, jen.Id(tensorName(s)).Add(typeCode(s.Type)))
	}
	// c and s<K> are pointers, as in the helpers whose steps run here
	body = []jen.Code{jen.Var().Id("vc").Qual(WrapPath, "Call"), jen.Id("c").Op(":=").Op("&").Id("vc")}
	postArgs := []jen.Code{jen.Id("c"), jen.Id("l")}
	for _, s := range op.Post.Snaps {
		v := "v" + snapName(s)
		body = append(body, jen.Var().Id(v).Qual(WrapPath, s.SavedType()), jen.Id(snapName(s)).Op(":=").Op("&").Id(v))
		postArgs = append(postArgs, jen.Id(snapName(s)))
	}
	for _, s := range op.Post.Tensors {
		postArgs = append(postArgs, jen.Id(tensorName(s)))
	}
	body = append(body, jen.Id("c").Dot("Begin").Call(jen.Id("op")))
	for _, m := range op.Pre.Once {
		body = append(body, jen.Id("c").Dot(m).Call())
	}
	body = append(body, ss.stmtsCode(lp.Replay)...)
	body = append(body, jen.Id("c").Dot("Replay").Call(jen.Id("ln")), withTypes(jen.Id(post.name), typeArgsUse(post.tparams)).Call(postArgs...))
	return params, body
}

// genLeanList writes the lean post helper's test of a list argument of
// the foreign type (steps.ListLeanUnchanged): the list kept its length
// and each element, its memory read again, is wrap.Lean.Unchanged; for
// steps.ListLeanUnchangedApart, wrap.Lean.UnchangedApart from the return
// whose handle and anchor it takes.
func genLeanList(f *jen.File, lf listFn) {
	params := []jen.Code{jen.Id("ln").Op("*").Qual(WrapPath, "Lean"), jen.Id("off").Int(), jen.Id("ts").Add(typeCode(lf.typ))}
	args := []jen.Code{jen.Id("off").Op("+").Id("i"), jen.Qual("unsafe", "Pointer").Call(jen.Id("t")), jen.Op("&").Id("m")}
	test := "Unchanged"
	f.Line()
	if lf.kind == steps.ListLeanUnchangedApart {
		f.Commentf("%s reports whether every element of ts kept the handle, storage and metadata the Lean kept from off on (wrap.Lean.UnchangedApart) and is neither the return whose handle is handle nor on its storage anchor.", lf.name)
		params = append(params, jen.List(jen.Id("handle"), jen.Id("anchor")).Qual("unsafe", "Pointer"))
		args = append(args, jen.Id("handle"), jen.Id("anchor"))
		test = "UnchangedApart"
	} else {
		f.Commentf("%s reports whether every element of ts kept the handle, storage and metadata the Lean kept from off on (wrap.Lean.Unchanged).", lf.name)
	}
	withTypes(f.Func().Id(lf.name), typeParamsDecl(lf.tparams)).Params(params...).Bool().Block(
		jen.If(jen.Id("ln").Dot("Len").Call().Op("-").Id("off").Op("!=").Len(jen.Id("ts"))).Block(jen.Return(jen.False())),
		jen.For(jen.List(jen.Id("i"), jen.Id("t")).Op(":=").Range().Id("ts")).Block(
			jen.Id("m").Op(":=").Id("t").Dot("Memory").Call(),
			jen.If(jen.Op("!").Id("ln").Dot(test).Call(args...)).Block(jen.Return(jen.False())),
		),
		jen.Return(jen.True()),
	)
}

func slotTypes(ss []*steps.Slot) []kernels.GoType {
	out := make([]kernels.GoType, len(ss))
	for i, s := range ss {
		out[i] = s.Type
	}
	return out
}
