package gen

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

func qa(name string) *jen.Statement { return jen.Qual(AssertsPath, name) }

// isList reports whether a tensor form is saved as an asserts.SavedList.
func isList(f schema.TensorForm) bool {
	return f == schema.TensorList || f == schema.TensorOptionalList
}

// opVarName is the package-level asserts.Op of a wrapper.
func opVarName(w *wrapper) string { return "op" + w.name }

// genOpVar declares the wrapper's asserts.Op.
func genOpVar(w *wrapper, profile jen.Code) jen.Code {
	n := w.op.Src.Func.Name
	return jen.Var().Id(opVarName(w)).Op("=").Qual(AssertsPath, "Op").Values(jen.Dict{
		jen.Id("Name"):     jen.Lit(n.Name.String()),
		jen.Id("Overload"): jen.Lit(n.Overload),
		jen.Id("Profile"):  profile,
	})
}

// params renders the wrapper's parameter list.
func (w *wrapper) paramsCode() []jen.Code {
	out := make([]jen.Code, len(w.params))
	for i, p := range w.params {
		out[i] = jen.Id(p.name).Add(typeCode(p.typ))
	}
	return out
}

// resultsCode renders the wrapper's result list.
func (w *wrapper) resultsCode() jen.Code {
	switch len(w.results) {
	case 0:
		return jen.Null()
	case 1:
		return typeCode(w.results[0])
	}
	rs := make([]jen.Code, len(w.results))
	for i, r := range w.results {
		rs[i] = typeCode(r)
	}
	return jen.Parens(jen.List(rs...))
}

// callArgs are the wrapper's parameters passed on to the kernel.
func (w *wrapper) callArgs() []jen.Code {
	out := make([]jen.Code, len(w.params))
	for i, p := range w.params {
		out[i] = jen.Id(p.name)
	}
	return out
}

// uncheckedBody is the checked wrapper's path when checking is off: the
// plain call, and a return even for a kernel without results, so that the
// kernel does not run a second time below.
func (w *wrapper) uncheckedBody(kernel *jen.Statement) []jen.Code {
	if len(w.results) == 0 {
		return []jen.Code{w.directBody(kernel), jen.Return()}
	}
	return []jen.Code{w.directBody(kernel)}
}

// directBody is a plain call of the kernel.
func (w *wrapper) directBody(kernel *jen.Statement) jen.Code {
	call := kernel.Call(w.callArgs()...)
	if len(w.results) == 0 {
		return call
	}
	return jen.Return(call)
}

// Checked wrappers share their code. A wrapper keeps what depends on its
// kernel (the call) and on its op (the asserts.Op, the names of its
// arguments); the rows of its plan are run by two helpers, one before the
// kernel and one after it, that depend only on the op's shape: the sequence
// of rows, each naming snapshots by position, and the Go types of the
// tensors. Ops of one shape share the helpers (a few hundred shapes cover
// the 2,952 ops of PyTorch 1.13.1), so the checks, which the compiler
// inlines, are compiled once per shape instead of once per op. The Locs of
// an op's tensors are a package-level array the helpers index.

// A snap is a tensor a wrapper snapshots: an argument or a return that a
// check of the plan names.
type snap struct {
	v    string         // the wrapper's snapshot variable: a<i> or l<i> for parameter i (arguments only; see early)
	k    int            // the slot: the helpers' s<k> and t<k>, and l[k]
	ret  bool           // a return: its snapshot is a local of the post helper, unless early
	list bool           // a SavedList rather than a Saved
	src  string         // the wrapper's parameter or result variable
	typ  kernels.GoType // the Go type of src, as the helpers take it
	form schema.TensorForm
	// mem: a single tensor of a type without identities of its own; the
	// helpers read its memory once, into m<k>, and save and check from it.
	mem bool
	// conv, if set, is src as the wrapper passes it to the helpers: a
	// tensor of a type without identities of its own, converted to the
	// adapter type typ (see shapeSet.adapt).
	conv jen.Code
	// guard is the helpers' function that hands a single tensor of an
	// interface type to asserts: nil is the undefined tensor (see
	// shapeSet.guardFn); "" for other types.
	guard string
	// early: a return a step before the kernel names (a state it saves for
	// the row after it, asserts.Step): the wrapper declares its snapshot
	// (v: o<i> or ol<i> for result i) and passes it to both helpers.
	early bool
}

// snapshot is every tensor a wrapper snapshots, in schema order (arguments,
// then returns), and the variables of the kernel's results.
type snapshot struct {
	args, rets []*snap
	arg        map[string]*snap
	ret        map[int]*snap
	results    []jen.Code
	// locs are the Locs of the slots, then those of the plan's skipped
	// rows that name no slot: "a:name" or "r:i".
	locs []string
}

// snapshot finds the arguments and returns the op's checks name and
// assigns them slots.
func (w *wrapper) snapshot() (*snapshot, error) {
	f := w.op.Src.Func
	needArg, needRet := map[string]bool{}, map[int]bool{}
	for _, m := range w.op.Mutable {
		needArg[m] = true
	}
	for _, ck := range w.op.Checks {
		needArg[ck.Arg] = true
		if ck.Ret != nil {
			needRet[*ck.Ret] = true
		}
		for _, r := range ck.Rets {
			needRet[r] = true
		}
	}
	sn := &snapshot{arg: map[string]*snap{}, ret: map[int]*snap{}}
	results := make([]string, len(w.results))
	for i := range results {
		var err error
		if results[i], err = w.local("r", i); err != nil {
			return nil, err
		}
		sn.results = append(sn.results, jen.Id(results[i]))
	}
	for i, p := range w.params {
		if !needArg[p.arg.Name] {
			continue
		}
		form := p.arg.Type.TensorForm()
		s := &snap{k: len(sn.locs), list: isList(form), src: p.name, typ: p.typ, form: form}
		prefix := "a"
		if s.list {
			prefix = "l"
		}
		var err error
		if s.v, err = w.local(prefix, i); err != nil {
			return nil, err
		}
		sn.args = append(sn.args, s)
		sn.arg[p.arg.Name] = s
		sn.locs = append(sn.locs, "a:"+p.arg.Name)
	}
	for i := range f.Returns {
		if !needRet[i] {
			continue
		}
		form := f.Returns[i].Type.TensorForm()
		s := &snap{k: len(sn.locs), ret: true, list: form == schema.TensorList, src: results[i], typ: w.results[i], form: form}
		sn.rets = append(sn.rets, s)
		sn.ret[i] = s
		sn.locs = append(sn.locs, "r:"+strconv.Itoa(i))
	}
	return sn, nil
}

// paramSnaps are the snapshots the helpers take as parameters: the
// arguments', then the early returns' (see snap.early).
func (sn *snapshot) paramSnaps() []*snap {
	out := append([]*snap(nil), sn.args...)
	for _, s := range sn.rets {
		if s.early {
			out = append(out, s)
		}
	}
	return out
}

// earlyRets marks the returns a step before the kernel names (see
// snap.early) and names their snapshots in the wrapper: o<i>, or ol<i>
// for a list, for result i.
func (w *wrapper) earlyRets(sn *snapshot, ss *shapeSet) error {
	for _, ck := range w.op.Checks {
		if ck.NeverFires || ck.Ret == nil {
			continue
		}
		for _, st := range ck.Name.Steps() {
			if st.Phase != asserts.BeforeCall || st.Once || st.Counts && ss.noUseCounts {
				continue
			}
			r := sn.ret[*ck.Ret]
			if r.early {
				continue
			}
			prefix := "o"
			if r.list {
				prefix = "ol"
			}
			v, err := w.local(prefix, *ck.Ret)
			if err != nil {
				return err
			}
			r.early, r.v = true, v
		}
	}
	return nil
}

// locIndex returns the index of loc in the op's Loc array, adding it.
func (sn *snapshot) locIndex(loc string) int {
	for i, l := range sn.locs {
		if l == loc {
			return i
		}
	}
	sn.locs = append(sn.locs, loc)
	return len(sn.locs) - 1
}

// locCode renders a Loc of the op's Loc array ("a:name" or "r:i").
func locCode(loc string) jen.Code {
	if name, ok := strings.CutPrefix(loc, "a:"); ok {
		return qa("Arg").Call(jen.Lit(name))
	}
	i, _ := strconv.Atoi(loc[2:])
	return qa("Ret").Call(jen.Lit(i))
}

// An hArg is an argument of a call in a helper: its code, and the text
// the helper's shape key records for it.
type hArg struct {
	key  string
	code jen.Code
}

var cArg = hArg{"c", jen.Id("c")}

// snapArg is the snapshot of slot s: the helper's parameter s<k>, or for a
// return the address of its local s<k>.
func snapArg(s *snap) hArg {
	n := "s" + strconv.Itoa(s.k)
	if s.ret && !s.early {
		return hArg{"&" + n, jen.Op("&").Id(n)}
	}
	return hArg{n, jen.Id(n)}
}

// tensorArg is the tensor of slot s: the helper's parameter t<k>, for a
// single tensor of an interface type through its guard (a nil t<k> is
// the undefined tensor).
func tensorArg(s *snap) hArg {
	n := "t" + strconv.Itoa(s.k)
	if s.guard != "" && !s.list {
		return hArg{s.guard + "(" + n + ")", jen.Id(s.guard).Call(jen.Id(n))}
	}
	return hArg{n, jen.Id(n)}
}

// rawTensorArg is the helper's parameter t<k> itself.
func rawTensorArg(s *snap) hArg {
	n := "t" + strconv.Itoa(s.k)
	return hArg{n, jen.Id(n)}
}

// anchorArg is the storage anchor of slot s's tensor, read by the
// helper: t<k>.StorageAnchor().
func anchorArg(s *snap) hArg {
	if s.mem {
		n := "m" + strconv.Itoa(s.k)
		return hArg{n + ".Anchor()", jen.Id(n).Dot("Anchor").Call()}
	}
	n := "t" + strconv.Itoa(s.k)
	return hArg{n + ".StorageAnchor()", jen.Id(n).Dot("StorageAnchor").Call()}
}

// readMemory reads the memory of slot s's tensor into the helper's local
// m<k> and passes it, by address, to asserts' method f (SaveMemory,
// AfterMemory or ResultMemory), after the tensor's handle.
func readMemory(h *helper, f string, s *snap) {
	k := strconv.Itoa(s.k)
	h.add("m"+k+":=t"+k+".Memory()", jen.Id("m"+k).Op(":=").Id("t"+k).Dot("Memory").Call())
	h.method(f, snapArg(s), hArg{"unsafe.Pointer(t" + k + ")", jen.Qual("unsafe", "Pointer").Call(jen.Id("t" + k))}, hArg{"&m" + k, jen.Op("&").Id("m" + k)})
}

// anchored reports whether the wrappers read the storage anchor of the
// single tensor of slot s themselves: its tensor type implements
// asserts.Anchored (kernels.Set.Anchored). Its snapshots then take Save
// and SaveAnchor (After and AfterAnchor, or for a runtime with use counts
// AfterRecycled; Result or ResultIdent and ResultAnchor) instead of
// SaveIdent (AfterIdent), and its fresh returns FreshNotHeldAnchor instead
// of FreshNotHeld: the same checks without a type assertion, and memory
// compared where the runtime reports it.
func (ss *shapeSet) anchored(s *snap) bool {
	return !s.list && !s.typ.Interface && ss.anchoredOf[s.typ.Origin().String()] && (ss.noUseCounts || s.form == schema.TensorSingle)
}

// locArg is element i of the op's Loc array.
func locArg(i int) hArg {
	return hArg{"l" + strconv.Itoa(i), jen.Id("l").Index(jen.Lit(i))}
}

func slotLoc(s *snap) hArg { return locArg(s.k) }

// A helper is the body of a shape helper being built, and its shape key.
type helper struct {
	key  strings.Builder
	code []jen.Code
}

func (h *helper) add(key string, code jen.Code) {
	h.key.WriteString(key)
	h.key.WriteByte(';')
	h.code = append(h.code, code)
}

func joinKeys(name string, args []hArg) (string, []jen.Code) {
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	codes := make([]jen.Code, len(args))
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a.key)
		codes[i] = a.code
	}
	b.WriteByte(')')
	return b.String(), codes
}

// method adds c.m(args...).
func (h *helper) method(m string, args ...hArg) {
	key, codes := joinKeys("c."+m, args)
	h.add(key, jen.Id("c").Dot(m).Call(codes...))
}

// fn adds asserts.f(args...).
func (h *helper) fn(f string, args ...hArg) {
	key, codes := joinKeys(f, args)
	h.add(key, qa(f).Call(codes...))
}

// nested renders asserts.f(args...) as an argument.
func nested(f string, args ...hArg) hArg {
	key, codes := joinKeys(f, args)
	return hArg{key, qa(f).Call(codes...)}
}

// saves snapshots the arguments before the kernel runs.
func (sn *snapshot) saves(h *helper, ss *shapeSet) {
	for _, s := range sn.args {
		switch s.form {
		case schema.TensorSingle:
			if s.mem {
				readMemory(h, "SaveMemory", s)
				continue
			}
			if ss.anchored(s) {
				h.method("Save", snapArg(s), tensorArg(s))
				h.method("SaveAnchor", snapArg(s), anchorArg(s))
				continue
			}
			h.method("Save"+identSuffix(s.typ, ss), snapArg(s), tensorArg(s))
		case schema.TensorOptional:
			t := rawTensorArg(s)
			h.method("SaveOpt"+ifaceSuffix(s.typ), snapArg(s), tensorArg(s), hArg{t.key + "!=nil", jen.Id(t.key).Op("!=").Nil()})
		case schema.TensorList:
			ss.listCall(h, listSave, s)
		case schema.TensorOptionalList:
			ss.listCall(h, listSaveOpt, s)
		}
	}
}

// mutables records the arguments the op writes, for no_mutation's
// aliasing rule (see plan.Op.Mutable).
func (w *wrapper) mutables(h *helper, sn *snapshot) {
	for _, name := range w.op.Mutable {
		s := sn.arg[name]
		if s.list {
			h.method("MutableList", snapArg(s))
		} else {
			h.method("Mutable", snapArg(s))
		}
	}
}

// bindingAfter completes a binding_context row once the kernel has
// returned, before the argument's snapshot is completed.
// ifInit adds "if init; cond { inner }", keyed by key.
func (h *helper) ifInit(key string, init, cond jen.Code, inner *helper) {
	h.add("if "+key+"{"+inner.key.String()+"}", jen.If(init, cond).Block(inner.code...))
}

// block adds the calls collected in inner as one statement: if cond
// { inner } (else { els }, when els is not nil). Rows that are off in the
// common case (outside hermetic contexts, with same_content off) share
// one test this way, and their calls, reached only when it holds, are not
// inlined: the debug build compiles one branch instead of one inlined
// body per argument.
func (h *helper) block(cond string, condCode jen.Code, inner, els *helper) {
	if len(inner.code) == 0 {
		return
	}
	key := "if " + cond + "{" + inner.key.String() + "}"
	stmt := jen.If(condCode).Block(inner.code...)
	if els != nil {
		key += "else{" + els.key.String() + "}"
		stmt = stmt.Else().Block(els.code...)
	}
	h.add(key, stmt)
}

func bindingAfter(h *helper, sn *snapshot, ck *plan.Check, ss *shapeSet) {
	ss.step(h, sn, ck, phaseStep(ck.Name, asserts.AfterCall))
}

// content emits a same_content row: the digest is taken before the
// kernel, after the snapshots and the mutable arguments are recorded (pre),
// and compared after it, at the row's place among the others (rows). A
// single tensor's two calls go to the blocks that run only when the
// content check is on (w.contentPre, w.contentPost).
func (w *wrapper) content(pre, rows *helper, sn *snapshot, ck *plan.Check, ss *shapeSet) {
	if !sn.arg[ck.Arg].list {
		pre, rows = w.contentPre, w.contentPost
		w.contentN++
	}
	ss.step(pre, sn, ck, phaseStep(ck.Name, asserts.BeforeCall))
	ss.step(rows, sn, ck, phaseStep(ck.Name, asserts.AfterResult))
}

// metadata emits a same_metadata row: the fingerprint is taken before
// the kernel, after the snapshots and the mutable arguments are recorded
// (pre), and compared after it, at the row's place among the others
// (rows).
func metadata(pre, rows *helper, sn *snapshot, ck *plan.Check, ss *shapeSet) {
	a := sn.arg[ck.Arg]
	if !a.list && ss.metadataOf[a.typ.Origin().String()] && !a.typ.Interface {
		// The fingerprint read here, by a direct call, and the fast path
		// of each half inlined (Call.TakeMetadata, Saved.MetadataKept):
		// SaveMetadataOf and SameMetadataOf only when it fails.
		var save, same helper
		save.method("SaveMetadataOf", snapArg(a), tensorArg(a))
		same.method("SameMetadataOf", slotLoc(a), snapArg(a), tensorArg(a))
		t, sv := tensorArg(a), snapArg(a)
		read := "MetadataFingerprint"
		if a.mem {
			t, read = hArg{"m" + strconv.Itoa(a.k), nil}, "Metadata" // read by SaveMemory, AfterMemory
		}
		fp := jen.List(jen.Id("fp"), jen.Id("ok")).Op(":=").Id(t.key).Dot(read).Call()
		pre.ifInit("fp,ok:="+t.key+"."+read+"();!c.TakeMetadata("+sv.key+",fp,ok)",
			fp, jen.Op("!").Id("c").Dot("TakeMetadata").Call(sv.code, jen.Id("fp"), jen.Id("ok")), &save)
		rows.ifInit("fp,ok:="+t.key+"."+read+"();!"+sv.key+".MetadataKept(fp,ok)",
			fp.Clone(), jen.Op("!").Id(sv.key).Dot("MetadataKept").Call(jen.Id("fp"), jen.Id("ok")), &same)
		return
	}
	ss.step(pre, sn, ck, phaseStep(ck.Name, asserts.BeforeCall))
	ss.step(rows, sn, ck, phaseStep(ck.Name, asserts.AfterResult))
}

// afters completes the argument snapshots and snapshots the returns.
func (sn *snapshot) afters(h *helper, ss *shapeSet) {
	noUseCounts := ss.noUseCounts
	result := "Result"
	if noUseCounts {
		result = "ResultIdent"
	}
	for _, s := range sn.args {
		if s.list {
			ss.listCall(h, listAfter, s)
		} else if s.form == schema.TensorOptional && ss.noUseCounts {
			// saved without its anchor (SaveOpt): the IDs alone
			h.method("After"+ifaceSuffix(s.typ), snapArg(s), tensorArg(s))
		} else if s.mem {
			readMemory(h, "AfterMemory", s)
		} else if ss.anchored(s) && noUseCounts {
			h.method("After", snapArg(s), tensorArg(s))
			h.method("AfterAnchor", snapArg(s), anchorArg(s))
		} else if ss.anchored(s) {
			// a runtime with use counts: a moved anchor is a resize; memory
			// taken back during the call is a violation
			h.method("After", snapArg(s), tensorArg(s))
			h.method("AfterRecycled", snapArg(s), anchorArg(s))
		} else {
			h.method("After"+identSuffix(s.typ, ss), snapArg(s), tensorArg(s))
		}
	}
	for _, s := range sn.rets {
		if s.list && !noUseCounts {
			ss.listCall(h, listResult, s)
		} else if s.list && s.typ.Interface {
			ss.listCall(h, listResultIdent, s) // asserts.ResultIdentList would call Ident on a nil element
		} else if s.list {
			h.fn(result+"List", cArg, snapArg(s), tensorArg(s))
		} else if s.mem {
			readMemory(h, "ResultMemory", s)
		} else {
			h.method(result, snapArg(s), tensorArg(s))
			if ss.anchored(s) {
				h.method("ResultAnchor", snapArg(s), anchorArg(s))
			}
		}
	}
}

// check emits one row of the plan (a valid one: see plan.Validate) in the
// general way: each step of its check (asserts.Check.Steps) in the helper
// of its phase: pre (before the kernel), afterCall (after it, before the
// snapshots are completed) or rows (after them). A never-firing row is
// counted as skipped by the plan instead. The calls made once per call
// (asserts.Step.Once) are added by assemble.
func (w *wrapper) check(pre, afterCall, rows *helper, sn *snapshot, ck *plan.Check, ss *shapeSet) {
	if ck.NeverFires {
		// A row PyTorch emits but that can never fire: run it as PyTorch
		// does (it checks nothing), counted as skipped by the plan.
		loc := "a:" + ck.Arg
		if ck.Ret != nil {
			loc = "r:" + strconv.Itoa(*ck.Ret)
		}
		c := ck.Name.GoName()
		rows.method("PlanSkip", hArg{c, qa(c)}, locArg(sn.locIndex(loc)))
		return
	}
	if ck.Name.Shape() == asserts.OnRets {
		var outs []hArg
		for _, i := range ck.Rets {
			r := sn.ret[i]
			fn := "Out"
			if r.list {
				fn = "OutList"
			}
			outs = append(outs, nested(fn, slotLoc(r), snapArg(r)))
		}
		rows.method(ck.Name.Steps()[0].Funcs[asserts.FormOne], outs...)
		return
	}
	for _, st := range ck.Name.Steps() {
		switch {
		case st.Once || st.Counts && ss.noUseCounts:
			// made once per call by assemble; or, for a runtime without
			// use counts, not at all (the row is skipped under
			// no_use_counts)
		case st.Phase == asserts.BeforeCall:
			ss.step(pre, sn, ck, st)
		case st.Phase == asserts.AfterCall:
			ss.step(afterCall, sn, ck, st)
		default:
			ss.step(rows, sn, ck, st)
		}
	}
}

// rowSnaps returns the snapshots of the return and the argument row ck
// names (nil for none).
func (sn *snapshot) rowSnaps(ck *plan.Check) (r, a *snap) {
	if ck.Ret != nil {
		r = sn.ret[*ck.Ret]
	}
	if ck.Arg != "" {
		a = sn.arg[ck.Arg]
	}
	return r, a
}

// step adds to h the call of step st of row ck: the function of the row's
// form (asserts.Check.FormFor; FormAnchor or FormIface in place of
// FormOne where the step has one and the tensor's type allows it), with
// what the step takes (see asserts.Step): a method of the Call, or for a
// step that takes a list's tensors, a function of package asserts that
// takes the Call first.
func (ss *shapeSet) step(h *helper, sn *snapshot, ck *plan.Check, st asserts.Step) {
	r, a := sn.rowSnaps(ck)
	f, _ := ck.Name.FormFor(a != nil, r != nil && r.list, a != nil && a.list)
	switch {
	case f == asserts.FormOne && r != nil && a == nil && st.Funcs[asserts.FormAnchor] != "" && ss.anchored(r):
		f = asserts.FormAnchor
	case f == asserts.FormOne && r == nil && st.Funcs[asserts.FormIface] != "" && ifaceSuffix(a.typ) != "":
		f = asserts.FormIface
	}
	// the tensor the step takes: the argument's, or for a row that names
	// a return, the return's after the call and the argument's before it
	tensorList := a != nil && a.list
	if r != nil && (a == nil || st.Phase != asserts.BeforeCall) {
		tensorList = r.list
	}
	fn := st.Tensor && tensorList // a generic function of package asserts
	var args []hArg
	if fn {
		args = append(args, cArg)
	}
	snapOf := func(s *snap) {
		if !st.NoLoc {
			args = append(args, slotLoc(s))
		}
		args = append(args, snapArg(s))
	}
	tensorOf := func(s *snap) {
		switch {
		case !st.Tensor:
		case f == asserts.FormAnchor:
			args = append(args, anchorArg(s))
		default:
			args = append(args, tensorArg(s))
		}
	}
	switch {
	case r == nil:
		snapOf(a)
		tensorOf(a)
	case a == nil:
		snapOf(r)
		tensorOf(r)
	default: // the return's tensor after the call, the argument's before it
		snapOf(r)
		if st.Phase != asserts.BeforeCall {
			tensorOf(r)
		}
		snapOf(a)
		if st.Phase == asserts.BeforeCall {
			tensorOf(a)
		}
	}
	if fn {
		h.fn(st.Funcs[f], args...)
	} else {
		h.method(st.Funcs[f], args...)
	}
}

// phaseStep returns the step of check k that runs in phase p, other
// than a call made once per call (every check has at most one).
func phaseStep(k asserts.Check, p asserts.Phase) asserts.Step {
	for _, st := range k.Steps() {
		if st.Phase == p && !st.Once {
			return st
		}
	}
	panic("gen: check " + k.String() + " has no step " + p.String())
}

// unchangedRows reports whether cks starts with same_impl, same_storage
// and no_mutation of one single-tensor argument, none of them a
// never-firing row: the three rows SameImplStorageVersion runs at once.
func unchangedRows(cks []plan.Check, sn *snapshot) bool {
	if len(cks) < 3 {
		return false
	}
	want := [3]asserts.Check{asserts.CheckSameImpl, asserts.CheckSameStorage, asserts.CheckNoMutation}
	for j, k := range want {
		c := &cks[j]
		if c.Name != k || c.Arg != cks[0].Arg || c.Ret != nil || c.NeverFires {
			return false
		}
	}
	a, ok := sn.arg[cks[0].Arg]
	return ok && !a.list
}

// pairRows returns how many rows at the start of cks are rows of check name
// (not_arg_handle or fresh_no_alias) of one single-tensor return against
// single-tensor arguments, none of them never-firing.
func pairRows(name asserts.Check, cks []plan.Check, sn *snapshot) int {
	n := 0
	for j := range cks {
		c := &cks[j]
		if c.Name != name || c.NeverFires || c.Ret == nil || cks[0].Ret == nil || *c.Ret != *cks[0].Ret {
			break
		}
		r, a := sn.ret[*c.Ret], sn.arg[c.Arg]
		if r == nil || a == nil || r.list || a.list {
			break
		}
		n++
	}
	return n
}

// planSkips counts what the plan skipped, so that run-time statistics show
// it; not_arg_handle is counted with the return's use-count check (see
// asserts.CheckNotArgHandle).
func (w *wrapper) planSkips(h *helper, sn *snapshot) {
	for _, sk := range w.op.Skipped {
		if sk.Name == asserts.CheckNotArgHandle {
			continue
		}
		loc := "a:" + sk.Arg
		if sk.Ret != nil {
			loc = "r:" + strconv.Itoa(*sk.Ret)
		}
		c := sk.Name.GoName()
		h.method("PlanSkip", hArg{c, qa(c)}, locArg(sn.locIndex(loc)))
	}
}

// A shapeFn is a shape helper: its name, type parameters, parameters and
// body.
type shapeFn struct {
	name    string
	tparams []kernels.TypeParam
	post    bool // a post helper (after the kernel)
	params  []jen.Code
	body    []jen.Code
	first   string // the first op that uses it
	uses    int
}

// A shapeSet collects the shape helpers and Loc arrays of one generated
// package. Each is named by what it holds, not by when it was first used:
// its kind and a hash of its content (shapeName), so that an op added to
// or dropped from a schema renames no helper of any other op; and they are
// printed sorted by name, so that the file changes only where a helper
// comes or goes (and in the use counts of the helpers' comments).
type shapeSet struct {
	fns     map[string]*shapeFn
	fnList  []*shapeFn
	locs    map[string]string // Loc list -> variable name
	locList []locVar
	// noUseCounts: the runtime keeps no use counts (Options.NoUseCounts):
	// returns are snapshot with ResultIdent.
	noUseCounts bool
	// metadataOf holds the tensor types that implement asserts.Metadata
	// (kernels.Set.Metadata): their same_metadata rows need no type
	// assertion.
	metadataOf map[string]bool
	// anchoredOf holds the tensor types that implement asserts.Anchored
	// (kernels.Set.Anchored), for a runtime without use counts (see
	// shapeSet.anchored).
	anchoredOf map[string]bool
	// foreign is the Tensor type without identities of its own and its
	// adapter, when the config names a memory function (Options.Memory).
	foreign *foreignType
	// pkg is the import path of the package the helpers go into, when it
	// is not the wrappers' own (Options.ShapesPackage): their names and
	// the Loc arrays' are then exported, and the wrappers qualify them.
	pkg string
	// ns starts the names of the helpers, Loc arrays and list functions:
	// the set's own, when it is not the default prefix's (see
	// shapeNamespace).
	ns string
	// tparams are the type parameters of the package's tensor types
	// (Options.TypeParams): a helper whose tensors name one is generic.
	tparams []kernels.TypeParam
	// The list snapshot functions of the package's list types (see
	// listFn), named by kind and type.
	lists   map[string]string
	listFns []listFn
	// The guards of the package's interface tensor types (see guardFn),
	// by type.
	guards    map[string]string
	guardList []guardFn
	// names maps each name given to the content it was given for, to
	// catch two contents with one hash (err).
	names map[string]string
	err   error
}

// shapeName names content of a kind (checksPre, locs, saveList, ...): the
// kind, and the
// first 48 bits of the content's FNV-1a hash in hex. Two contents of one
// name (a chance of about one in 10^7 for the few thousand helpers of a
// large schema) fail the generation instead of printing wrong code.
func (ss *shapeSet) shapeName(kind, content string) string {
	h := fnv.New64a()
	h.Write([]byte(content))
	name := fmt.Sprintf("%s_%012x", kind, h.Sum64()>>16)
	if prev, ok := ss.names[name]; ok && prev != content && ss.err == nil {
		ss.err = fmt.Errorf("shape helpers %s: two contents with one hash; rename a type or report this input", name)
	}
	ss.names[name] = content
	return name
}

// A list snapshot function fills a SavedList element by element for one
// Go list type of the package: asserts.SaveList and its kin are generic,
// and for a pointer element type each element's Ident is an indirect call
// through the function's dictionary, where a loop over the concrete type
// calls (or inlines) it directly.
type listKind int

const (
	listSave listKind = iota
	listSaveOpt
	listAfter
	listResult
	listResultIdent
)

var listKinds = [...]struct{ name, generic string }{
	listSave:        {"saveList", "SaveList"},
	listSaveOpt:     {"saveOptList", "SaveOptList"},
	listAfter:       {"afterList", "AfterList"},
	listResult:      {"resultList", "ResultList"},
	listResultIdent: {"resultIdentList", "ResultIdentList"},
}

type listFn struct {
	name    string
	kind    listKind
	typ     kernels.GoType
	tparams []kernels.TypeParam
	guard   string // the elements' guard, for an interface type (see shapeSet.guardFn)
	// mem is set for a list of the foreign adapter type: each element's
	// memory is read once (SaveMemory, AfterMemory), not once per
	// contract method.
	mem bool
}

// listFn returns the name of the list snapshot function of kind k for
// list type t, adding it.
func (ss *shapeSet) listFn(k listKind, t kernels.GoType) string {
	ts := t.String()
	key := strconv.Itoa(int(k)) + " " + ts
	if n, ok := ss.lists[key]; ok {
		return n
	}
	tps := typeParamsOf(ss.tparams, t)
	n := ss.shapeName(ss.ns+listKinds[k].name, typeParamsKey(tps)+ts) // called only by helpers: not exported
	ss.lists[key] = n
	lf := listFn{name: n, kind: k, typ: t, tparams: tps}
	if f := ss.foreign; f != nil && t.Path == f.adapter.Path && t.Name == f.adapter.Name && t.Prefix == "[]"+f.adapter.Prefix {
		lf.mem = k == listSave || k == listSaveOpt || k == listAfter
	}
	if t.Interface {
		elem := t
		elem.Prefix = strings.TrimPrefix(elem.Prefix, "[]")
		lf.guard = ss.guardFn(elem)
	}
	ss.listFns = append(ss.listFns, lf)
	return n
}

// guardFn returns the name of the function that hands a tensor of
// interface type t to asserts, adding it: t itself, or for a nil t the
// undefined tensor, a value of the package's type undefined (asserts
// would call a nil interface's Ident). A runtime with use counts gets an
// asserts.Tensor, one without an asserts.Identity.
func (ss *shapeSet) guardFn(t kernels.GoType) string {
	ts := t.String()
	if n, ok := ss.guards[ts]; ok {
		return n
	}
	n := ss.shapeName(ss.ns+"defined", typeParamsKey(typeParamsOf(ss.tparams, t))+ts)
	ss.guards[ts] = n
	ss.guardList = append(ss.guardList, guardFn{n, t, typeParamsOf(ss.tparams, t)})
	return n
}

type guardFn struct {
	name    string
	typ     kernels.GoType
	tparams []kernels.TypeParam
}

// listCall adds a call of the list snapshot function of kind k for the
// list of slot s, instantiated with the helper's type parameters.
func (ss *shapeSet) listCall(h *helper, k listKind, s *snap) {
	name := ss.listFn(k, s.typ)
	key, codes := joinKeys(name, []hArg{cArg, snapArg(s), rawTensorArg(s)})
	h.add(key, withTypes(jen.Id(name), typeArgsUse(typeParamsOf(ss.tparams, s.typ))).Call(codes...))
}

// ifaceSuffix is "Tensor" for asserts.Tensor and []asserts.Tensor (interface
// mode without a type map): their tensors are saved with Call.SaveTensor,
// SaveOptTensor and AfterTensor, which take a Tensor rather than an
// Identity (the conversion is a run-time lookup at each call site).
func ifaceSuffix(t kernels.GoType) string {
	if t.Path == AssertsPath && t.Name == "Tensor" && (t.Prefix == "" || t.Prefix == "[]") {
		return "Tensor"
	}
	return ""
}

// identSuffix is ifaceSuffix for a single tensor argument, or "Ident"
// for a runtime without use counts: SaveIdent and AfterIdent also compare
// the storage anchor, for same_storage (Optional and list arguments
// compare the StorageImpl IDs only).
func identSuffix(t kernels.GoType, ss *shapeSet) string {
	if suf := ifaceSuffix(t); suf != "" || !ss.noUseCounts {
		return suf
	}
	return "Ident"
}

// genListFn writes a list snapshot function: Reset, one Save, After or
// Result per element, then the list's summary.
func genListFn(f *jen.File, lf listFn) {
	c, l, ts := jen.Id("c"), jen.Id("l"), jen.Id("ts")
	var elem jen.Code = jen.Id("t")
	if lf.guard != "" {
		elem = jen.Id(lf.guard).Call(jen.Id("t"))
	}
	var first, each, last jen.Code
	switch lf.kind {
	case listSave, listSaveOpt:
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("Save"+ifaceSuffix(lf.typ)).Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeSaved").Call()
		if lf.kind == listSaveOpt {
			last = c.Clone().Dot("SummarizeSavedOpt").Call(l)
		}
	case listAfter:
		first = l.Clone().Dot("CheckLen").Call(c, jen.Len(ts))
		each = c.Clone().Dot("After"+ifaceSuffix(lf.typ)).Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeAfter").Call()
	case listResult:
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("Result").Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeResult").Call()
	case listResultIdent:
		// as asserts.ResultIdentList: the summary of snapshots without
		// counts sends every list check to its slow path, where the
		// policy skips the use counts
		first = l.Clone().Dot("Reset").Call(jen.Len(ts))
		each = c.Clone().Dot("ResultIdent").Call(l.Clone().Dot("At").Call(jen.Id("i")), elem)
		last = l.Clone().Dot("SummarizeResult").Call()
	}
	body := []jen.Code{each}
	if lf.mem {
		// the element's memory, read once: m := t.Memory(); c.SaveMemory(l.At(i), unsafe.Pointer(t), &m)
		method := "SaveMemory"
		if lf.kind == listAfter {
			method = "AfterMemory"
		}
		body = []jen.Code{
			jen.Id("m").Op(":=").Id("t").Dot("Memory").Call(),
			c.Clone().Dot(method).Call(l.Clone().Dot("At").Call(jen.Id("i")), jen.Qual("unsafe", "Pointer").Call(jen.Id("t")), jen.Op("&").Id("m")),
		}
	}
	f.Line()
	short := lf.typ.Display()
	f.Commentf("%s is asserts.%s for %s, without an indirect call per element.", lf.name, listKinds[lf.kind].generic, short)
	withTypes(f.Func().Id(lf.name), typeParamsDecl(lf.tparams)).Params(
		jen.Id("c").Op("*").Qual(AssertsPath, "Call"),
		jen.Id("l").Op("*").Qual(AssertsPath, "SavedList"),
		jen.Id("ts").Add(typeCode(lf.typ)),
	).Block(
		first,
		jen.For(jen.List(jen.Id("i"), jen.Id("t")).Op(":=").Range().Add(ts)).Block(body...),
		last,
	)
}

type locVar struct {
	name string
	locs []string
}

func newShapeSet() *shapeSet {
	return &shapeSet{fns: map[string]*shapeFn{}, locs: map[string]string{}, lists: map[string]string{}, guards: map[string]string{}, names: map[string]string{}}
}

// locVar returns the name of the package-level Loc array holding locs.
func (ss *shapeSet) locVar(locs []string) string {
	key := strings.Join(locs, ",")
	if n, ok := ss.locs[key]; ok {
		return n
	}
	n := ss.shapeName(ss.exported("locs"), key)
	ss.locs[key] = n
	ss.locList = append(ss.locList, locVar{n, locs})
	return n
}

// exported returns name, capitalised when the helpers have a package of
// their own.
func (ss *shapeSet) exported(name string) string {
	name = ss.ns + name
	if ss.pkg == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// ref refers to a helper or Loc array from a wrapper.
func (ss *shapeSet) ref(name string) *jen.Statement {
	if ss.pkg == "" {
		return jen.Id(name)
	}
	return jen.Qual(ss.pkg, name)
}

// helperFn returns the name of the helper with h's shape and the given
// parameters (the key of each, then its code), adding it.
func (ss *shapeSet) helperFn(kind string, h *helper, pkeys []string, params []jen.Code, tensors []*snap, op string) *shapeFn {
	tps := ss.typeParams(tensors)
	key := kind + typeParamsKey(tps) + "(" + strings.Join(pkeys, ",") + ")" + h.key.String()
	if f, ok := ss.fns[key]; ok {
		f.uses++
		return f
	}
	f := &shapeFn{name: ss.shapeName(ss.exported("checks")+kind, key), tparams: tps, params: params, body: h.code, first: op, uses: 1, post: kind == "Post"}
	ss.fns[key] = f
	ss.fnList = append(ss.fnList, f)
	return f
}

// typeParams returns the type parameters the types of tensors name.
func (ss *shapeSet) typeParams(tensors []*snap) []kernels.TypeParam {
	ts := make([]kernels.GoType, len(tensors))
	for i, s := range tensors {
		ts[i] = s.typ
	}
	return typeParamsOf(ss.tparams, ts...)
}

// typeParamsKey is the part of a helper's shape key its type
// parameters make: their names and constraints.
func typeParamsKey(tps []kernels.TypeParam) string {
	if len(tps) == 0 {
		return ""
	}
	parts := make([]string, len(tps))
	for i, p := range tps {
		parts[i] = p.Name
		for _, t := range p.Constraint {
			parts[i] += fmt.Sprintf(" %v%s", t.Tilde, t.Type)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// call refers to helper f from a wrapper, instantiated with the
// wrapper's type parameters of the same names.
func (ss *shapeSet) call(f *shapeFn) *jen.Statement {
	return withTypes(ss.ref(f.name), typeArgsUse(f.tparams))
}

// helperParams are the parameters of a helper: c, the Loc array of n
// elements, the snapshots of the argument slots and the tensors of slots.
func helperParams(nlocs int, snaps, tensors []*snap) (keys []string, params []jen.Code, args func(sn *snapshot, locs jen.Code) []jen.Code) {
	keys = append(keys, "L"+strconv.Itoa(nlocs))
	params = append(params,
		jen.Id("c").Op("*").Qual(AssertsPath, "Call"),
		jen.Id("l").Op("*").Index(jen.Lit(nlocs)).Qual(AssertsPath, "Loc"))
	for _, s := range snaps {
		t := "Saved"
		if s.list {
			t = "SavedList"
		}
		keys = append(keys, "s"+strconv.Itoa(s.k)+" "+t)
		params = append(params, jen.Id("s"+strconv.Itoa(s.k)).Op("*").Qual(AssertsPath, t))
	}
	for _, s := range tensors {
		keys = append(keys, "t"+strconv.Itoa(s.k)+" "+s.typ.String())
		params = append(params, jen.Id("t"+strconv.Itoa(s.k)).Add(typeCode(s.typ)))
	}
	args = func(sn *snapshot, locs jen.Code) []jen.Code {
		out := []jen.Code{jen.Op("&").Id("c"), jen.Op("&").Add(locs)}
		for _, s := range snaps {
			out = append(out, jen.Op("&").Id(s.v))
		}
		for _, s := range tensors {
			if s.conv != nil {
				out = append(out, s.conv)
				continue
			}
			out = append(out, jen.Id(s.src))
		}
		return out
	}
	return keys, params, args
}

// snapshots finds the tensors the wrapper snapshots (snapshot), adapted to
// the set's types, with the early returns marked and the interface types'
// guards named.
func (w *wrapper) snapshots(ss *shapeSet) (*snapshot, error) {
	sn, err := w.snapshot()
	if err != nil {
		return nil, err
	}
	ss.adapt(sn)
	if err := w.earlyRets(sn, ss); err != nil {
		return nil, err
	}
	for _, s := range append(append([]*snap(nil), sn.args...), sn.rets...) {
		if s.typ.Interface && !s.list {
			s.guard = ss.guardFn(s.typ)
		}
	}
	return sn, nil
}

// checkedBody emits the checked path of a wrapper: save the arguments,
// run the kernel, check, return; the saving and checking are calls of
// shape helpers added to ss. kernel renders the kernel being wrapped.
func (w *wrapper) checkedBody(kernel func() *jen.Statement, ss *shapeSet) ([]jen.Code, error) {
	sn, err := w.snapshots(ss)
	if err != nil {
		return nil, err
	}
	var pre, post helper
	sn.saves(&pre, ss)
	w.mutables(&pre, sn)
	w.contentPre, w.contentPost, w.contentN = &helper{}, &helper{}, 0
	// The wrappers live until the last file is rendered; their code must
	// not (it would keep the live heap growing with every op rendered).
	defer func() { w.contentPre, w.contentPost = nil, nil }()
	var mid, afterCall, rows helper
	var bindSlow helper
	var bindArgs []*snap
	for i := 0; i < len(w.op.Checks); i++ {
		ck := &w.op.Checks[i]
		switch {
		case unchangedRows(w.op.Checks[i:], sn):
			// same_impl, same_storage and no_mutation of one argument:
			// one call, one test on the fast path.
			a := sn.arg[ck.Arg]
			rows.method("SameImplStorageVersion", slotLoc(a), snapArg(a))
			i += 2
		case ck.Name == asserts.CheckBindingContext && !ck.NeverFires && !sn.arg[ck.Arg].list:
			// Single tensors' binding_context rows run together (see
			// below); lists keep theirs.
			ss.step(&bindSlow, sn, ck, phaseStep(ck.Name, asserts.BeforeCall))
			bindArgs = append(bindArgs, sn.arg[ck.Arg])
			bindingAfter(&mid, sn, ck, ss)
		case ck.Name == asserts.CheckBindingContext:
			// a list's rows: before the call, and after it in hermetic
			// contexts only (mid)
			w.check(&pre, &mid, &pre, sn, ck, ss)
		case pairRows(asserts.CheckNotArgHandle, w.op.Checks[i:], sn) > 0:
			// not_arg_handle of one return against several arguments: one
			// test when the return's TensorImpl is none of theirs.
			n := pairRows(asserts.CheckNotArgHandle, w.op.Checks[i:], sn)
			slow, cond, key := w.pairRows(sn, i, n, asserts.CheckNotArgHandle, "ImplApart")
			rows.block("!("+key+")", jen.Op("!").Parens(cond), slow, nil)
			i += n - 1
		case pairRows(asserts.CheckFreshNoAlias, w.op.Checks[i:], sn) > 0:
			// fresh_no_alias of one return against several arguments:
			// one test when every pair is plain and apart.
			n := pairRows(asserts.CheckFreshNoAlias, w.op.Checks[i:], sn)
			slow, cond, key := w.pairRows(sn, i, n, asserts.CheckFreshNoAlias, "FreshFrom")
			var pass helper
			pass.method("FreshNoAliasRows", hArg{strconv.Itoa(n), jen.Lit(n)})
			rows.block(key, cond, &pass, slow)
			i += n - 1
		case ck.Name == asserts.CheckSameContent && !ck.NeverFires:
			w.content(&pre, &rows, sn, ck, ss)
		case ck.Name == asserts.CheckSameMetadata && !ck.NeverFires:
			metadata(&pre, &rows, sn, ck, ss)
		default:
			w.check(&pre, &afterCall, &rows, sn, ck, ss)
		}
	}
	if len(bindArgs) > 0 {
		// binding_context of single tensors: outside hermetic contexts, on
		// plain tensors, it passes without reading them: one test for all
		// of them, and the rows counted in one add.
		cond := jen.Op("!").Id("c").Dot("Hermetic").Call()
		key := "!c.Hermetic()"
		for _, a := range bindArgs {
			cond = jen.Add(cond).Op("&&").Id("s" + strconv.Itoa(a.k)).Dot("Plain").Call()
			key += fmt.Sprintf("&&s%d.Plain()", a.k)
		}
		var pass helper
		pass.method("BindingContextRows", hArg{strconv.Itoa(len(bindArgs)), jen.Lit(len(bindArgs))})
		pre.block(key, cond, &pass, &bindSlow)
	}
	if w.contentN > 0 {
		// same_content of single tensors, off by default: one test, and
		// the rows counted as skipped in one add.
		var off helper
		off.method("ContentOff", hArg{strconv.Itoa(w.contentN), jen.Lit(w.contentN)})
		pre.block("asserts.ContentCheckOff()", qa("ContentCheckOff").Call(), &off, w.contentPre)
	}
	post.block("c.Hermetic()", jen.Id("c").Dot("Hermetic").Call(), &mid, nil)
	post.key.WriteString(afterCall.key.String())
	post.code = append(post.code, afterCall.code...)
	sn.afters(&post, ss)
	post.key.WriteString(rows.key.String())
	post.code = append(post.code, rows.code...)
	// After every other row: a write no_mutation reported is not
	// reported again by same_content.
	post.block("c.HasDigests()", jen.Id("c").Dot("HasDigests").Call(), w.contentPost, nil)
	w.planSkips(&post, sn)
	post.method("End")
	return w.assemble(kernel, ss, sn, &pre, &post), nil
}

// assemble emits the wrapper's body around the pre and post helpers: the
// unchecked path, the Call, the snapshots, the pre helper's call, the
// kernel's, the post helper's, the return.
func (w *wrapper) assemble(kernel func() *jen.Statement, ss *shapeSet, sn *snapshot, pre, post *helper) []jen.Code {
	// The snapshots of the returns are locals of the post helper (but the
	// early ones').
	var retDecls []jen.Code
	for _, s := range sn.rets {
		if s.early {
			continue
		}
		t := "Saved"
		if s.list {
			t = "SavedList"
		}
		retDecls = append(retDecls, jen.Var().Id("s"+strconv.Itoa(s.k)).Qual(AssertsPath, t))
		post.key.WriteString("var s" + strconv.Itoa(s.k) + " " + t + ";")
	}
	post.code = append(retDecls, post.code...)

	locs := ss.ref(ss.locVar(sn.locs))
	body := []jen.Code{
		jen.If(jen.Op("!").Add(qa("Checking")).Call()).Block(w.uncheckedBody(kernel())...),
		// The Call is filled in place (c.Begin in the pre helper), a few ns
		// cheaper than returned.
		jen.Var().Id("c").Qual(AssertsPath, "Call"),
	}
	if decl := sn.decls(); decl != nil {
		body = append(body, decl)
	}
	keys, params, args := helperParams(len(sn.locs), sn.paramSnaps(), sn.args)
	keys = append([]string{"op"}, keys...)
	params = append([]jen.Code{params[0], jen.Id("op").Op("*").Qual(AssertsPath, "Op")}, params[1:]...)
	begin := []jen.Code{jen.Id("c").Dot("Begin").Call(jen.Id("op"))}
	for _, m := range onceCalls(w.op.Checks) {
		// e.g. fresh_not_held's BeginFresh: the outputs of checked calls
		// the kernel makes are told from storages handed out before
		begin = append(begin, jen.Id("c").Dot(m).Call())
		pre.key.WriteString("+" + m)
	}
	pre.code = append(begin, pre.code...)
	fn := ss.helperFn("Pre", pre, keys, params, sn.args, w.op.Name)
	preArgs := args(sn, locs)
	preArgs = append([]jen.Code{preArgs[0], jen.Op("&").Id(opVarName(w))}, preArgs[1:]...)
	body = append(body, ss.call(fn).Call(preArgs...))
	if len(w.op.Mutable) > 0 {
		// The call declared writes (Mutable): if the kernel panics and the
		// program recovers, End is never reached; the deferred Abandon
		// ends the declarations then (and does nothing after End).
		body = append(body, jen.Defer().Id("c").Dot("Abandon").Call())
	}
	call := kernel().Call(w.callArgs()...)
	if len(sn.results) > 0 {
		call = jen.List(sn.results...).Op(":=").Add(call)
	}
	body = append(body, call)
	tensors := append(append([]*snap(nil), sn.args...), sn.rets...)
	keys, params, args = helperParams(len(sn.locs), sn.paramSnaps(), tensors)
	fn = ss.helperFn("Post", post, keys, params, tensors, w.op.Name)
	body = append(body, ss.call(fn).Call(args(sn, locs)...))
	if len(sn.results) > 0 {
		body = append(body, jen.Return(sn.results...))
	}
	return body
}

// onceCalls returns the calls the checks of cks make once per call
// (asserts.Step.Once), in the order of the rows, each once.
func onceCalls(cks []plan.Check) []string {
	var out []string
	for i := range cks {
		for _, st := range cks[i].Name.Steps() {
			if m := st.Funcs[asserts.FormOne]; st.Once && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// pairRows makes the one test of n rows of one return against several
// arguments (the checks from i on, see pairRows): the
// pairs' test methods joined by &&, its key, and the slow path that runs
// each row's method.
func (w *wrapper) pairRows(sn *snapshot, i, n int, k asserts.Check, test string) (slow *helper, cond jen.Code, key string) {
	r := sn.ret[*w.op.Checks[i].Ret]
	slowMethod := phaseStep(k, asserts.AfterResult).Funcs[asserts.FormOne]
	slow = &helper{}
	var kb strings.Builder
	for j := range n {
		a := sn.arg[w.op.Checks[i+j].Arg]
		slow.method(slowMethod, slotLoc(r), snapArg(r), slotLoc(a), snapArg(a))
		t := jen.Id("s" + strconv.Itoa(r.k)).Dot(test).Call(jen.Id("s" + strconv.Itoa(a.k)))
		kb.WriteString(fmt.Sprintf("s%d.%s(s%d)&&", r.k, test, a.k))
		if cond == nil {
			cond = t
		} else {
			cond = jen.Add(cond).Op("&&").Add(t)
		}
	}
	return slow, cond, kb.String()
}

// decls declares the argument snapshots (and the early returns', see
// snap.early): one var for the Saved ones, one for the SavedList ones; nil
// if there are none.
func (sn *snapshot) decls() jen.Code {
	var singles, lists []jen.Code
	for _, s := range sn.paramSnaps() {
		if s.list {
			lists = append(lists, jen.Id(s.v))
		} else {
			singles = append(singles, jen.Id(s.v))
		}
	}
	var vars []jen.Code
	if len(singles) > 0 {
		vars = append(vars, jen.List(singles...).Qual(AssertsPath, "Saved"))
	}
	if len(lists) > 0 {
		vars = append(vars, jen.List(lists...).Qual(AssertsPath, "SavedList"))
	}
	switch len(vars) {
	case 0:
		return nil
	case 1:
		return jen.Var().Add(vars[0])
	}
	return jen.Var().Defs(vars...)
}

// genShapes writes the shape helpers and the Loc arrays, each kind sorted
// by name.
func genShapes(f *jen.File, ss *shapeSet) {
	slices.SortFunc(ss.locList, func(a, b locVar) int { return strings.Compare(a.name, b.name) })
	slices.SortFunc(ss.fnList, func(a, b *shapeFn) int { return strings.Compare(a.name, b.name) })
	slices.SortFunc(ss.listFns, func(a, b listFn) int { return strings.Compare(a.name, b.name) })
	f.Comment("The Locs of the tensors of each op, indexed by the shape helpers.")
	for _, lv := range ss.locList {
		locs := make([]jen.Code, len(lv.locs))
		for i, l := range lv.locs {
			locs[i] = locCode(l)
		}
		f.Var().Id(lv.name).Op("=").Index(jen.Lit(len(locs))).Qual(AssertsPath, "Loc").Values(locs...)
	}
	for _, fn := range ss.fnList {
		what := "begins the call, saves the arguments and runs the rows of the plan before the kernel"
		if fn.post {
			what = "completes the snapshots, runs the rows of the plan after the kernel and ends the call"
		}
		f.Line()
		f.Commentf("%s %s, for %d op(s) of one shape (the first: %s).", fn.name, what, fn.uses, fn.first)
		withTypes(f.Func().Id(fn.name), typeParamsDecl(fn.tparams)).Params(fn.params...).Block(fn.body...)
	}
	for _, lf := range ss.listFns {
		genListFn(f, lf)
	}
	genNilGuards(f, ss)
}

// genNilGuards writes the guards of the package's interface tensor types
// (shapeSet.guardFn) and the undefined tensor they stand a nil for.
func genNilGuards(f *jen.File, ss *shapeSet) {
	if len(ss.guardList) == 0 {
		return
	}
	slices.SortFunc(ss.guardList, func(a, b guardFn) int { return strings.Compare(a.name, b.name) })
	undef, ret := ss.ns+"undefined", qa("Tensor")
	if ss.noUseCounts {
		ret = qa("Identity")
	}
	for _, g := range ss.guardList {
		f.Line()
		f.Commentf("%s is t, or the undefined tensor when t is nil: a nil %s is the", g.name, g.typ.Display())
		f.Comment("undefined tensor, whose methods asserts could not call.")
		withTypes(f.Func().Id(g.name), typeParamsDecl(g.tparams)).Params(jen.Id("t").Add(typeCode(g.typ))).Add(ret).Block(
			jen.If(jen.Id("t").Op("==").Nil()).Block(jen.Return(jen.Id(undef).Values())),
			jen.Return(jen.Id("t")))
	}
	f.Line()
	f.Commentf("%s is the undefined tensor: no identities, no counts.", undef)
	f.Type().Id(undef).Struct()
	f.Line()
	f.Func().Params(jen.Id(undef)).Id("Ident").Params().Qual(AssertsPath, "Ident").Block(jen.Return(qa("Ident").Values()))
	f.Func().Params(jen.Id(undef)).Id("UseCounts").Params().Parens(jen.List(jen.Int(), jen.Int())).Block(jen.Return(jen.Lit(0), jen.Lit(0)))
}
