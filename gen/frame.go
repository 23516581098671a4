package gen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/gosrc"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// The one path (steps.Frame): a wrapper declares a wrap.Frame, then calls:
//  1. its Before helper: the arguments are read, and the call begins with
//     the op's Shape;
//  2. the kernel;
//  3. its After helper: the arguments are read again, the returns read,
//     and the call ends.
//
// The Shapes (the rows as data) and the helpers go to the shapes package
// with the other helpers. Each is named by a hash of its canonical text.

func tensorName(s *steps.Slot) string { return "t" + strconv.Itoa(s.K) }

// locCode prints a Loc of an op's Loc array.
func locCode(l steps.Loc) jen.Code {
	if l.Ret {
		return qw("Ret").Call(jen.Lit(l.Index))
	}
	return qw("Arg").Call(jen.Lit(l.Arg))
}

// checkedBody prints the checked path of a wrapper: its Frame's Before
// helper, the kernel, its After helper and the return. It adds the helpers
// and the op's Shape to ss. kernel renders the kernel being wrapped. An op
// the one path cannot take (steps.Op.Refused) is a *schema.Error at the
// op's place in the schema.
func (w *wrapper) checkedBody(kernel func() *jen.Statement, ss *shapeSet) ([]jen.Code, error) {
	ps := make([]steps.Param, len(w.params))
	for i, p := range w.params {
		ps[i] = steps.Param{Name: p.arg.Name, Type: p.typ, Form: p.arg.Type.TensorForm()}
	}
	op := steps.Build(w.op, ps, w.results, &ss.opts)
	fr := op.Frame
	if fr == nil {
		return nil, &schema.Error{Pos: w.op.Src.Pos, Msg: fmt.Sprintf("op %s: gen cannot check it: %s", w.op.Name, op.Refused)}
	}
	results := make([]jen.Code, len(w.results))
	for i := range results {
		n, err := w.local("r", i)
		if err != nil {
			return nil, err
		}
		results[i] = jen.Id(n)
	}
	before, after := ss.frameFn(fr, false, w.op.Name), ss.frameFn(fr, true, w.op.Name)
	targs := typeArgsUse(fr.TypeParams)
	tensor := func(s *steps.Slot) jen.Code {
		var t jen.Code
		if s.Loc.Ret {
			t = results[s.Param]
		} else {
			t = jen.Id(w.params[s.Param].name)
		}
		switch s.Adapt {
		case steps.AdaptOne: // the memory kind's adapter: the same pointer
			return jen.Parens(typeCode(ss.foreign.adapter)).Call(t)
		case steps.AdaptList:
			return ss.ref(ss.foreign.adapter.Name + "List").Call(t)
		}
		return t
	}
	args := []jen.Code{jen.Op("&").Id("fr"), jen.Op("&").Id(opVarName(w)), jen.Op("&").Add(ss.ref(ss.shapeVar(fr)))}
	for _, s := range fr.Args {
		args = append(args, tensor(s))
	}
	// Checking off: the plain call, and a return even for a kernel
	// without results, so that it does not run a second time below.
	end := jen.Null()
	if len(results) == 0 {
		end = jen.Return()
	}
	body := []jen.Code{
		jen.If(jen.Op("!").Add(qa(gosrc.Checking)).Call()).Block(w.directBody(kernel()), end),
		jen.Var().Id("fr").Add(frameType(fr)),
		withTypes(ss.ref(before), targs).Call(args...),
	}
	if fr.Abandon {
		// the call declared writes: a kernel that panics ends them
		body = append(body, jen.Defer().Id("fr").Dot("Abandon").Call())
	}
	call := kernel().Call(w.callArgs()...)
	if len(results) > 0 {
		call = jen.List(results...).Op(":=").Add(call)
	}
	body = append(body, call)
	afterArgs := []jen.Code{jen.Op("&").Id("fr")}
	for _, s := range append(slices.Clip(fr.Args), fr.Rets...) {
		afterArgs = append(afterArgs, tensor(s))
	}
	body = append(body, withTypes(ss.ref(after), targs).Call(afterArgs...))
	if len(results) > 0 {
		body = append(body, jen.Return(results...))
	}
	return body, nil
}

// frameType is the wrapper's wrap.Frame type, sized by its slots rounded
// up (steps.Frame.Declared).
func frameType(fr *steps.Frame) *jen.Statement {
	singles, lists := fr.Declared()
	return qw("Frame").Types(
		jen.Index(jen.Lit(singles)).Add(qw("Slot")),
		jen.Index(jen.Lit(lists)).Add(qw("ListSlot")))
}

// frameFn returns the Before (or After) helper of fr, adding it.
func (ss *shapeSet) frameFn(fr *steps.Frame, after bool, op string) string {
	key := fr.Key(after)
	if f, ok := ss.fns[key]; ok {
		f.uses++
		return f.name
	}
	kind, what, tensors, reads := "before", "reads the arguments and begins the call", fr.Args, fr.Before
	params := []jen.Code{jen.Id("fr").Op("*").Add(frameType(fr))}
	if after {
		kind, what, tensors, reads = "after", "reads the arguments again and the returns, and ends the call", append(slices.Clip(fr.Args), fr.Rets...), fr.After
	} else {
		params = append(params, jen.Id("op").Op("*").Add(qw("Op")), jen.Id("sh").Op("*").Add(qw("Shape")))
	}
	for _, s := range tensors {
		params = append(params, jen.Id(paramName(fr, s)).Add(typeCode(s.Type)))
	}
	var body []jen.Code
	if !after {
		// the call opened before the first read (a write declared after
		// it is concurrent with the call)
		body = append(body, jen.Id("fr").Dot("Open").Call())
	}
	body = append(body, guardCode(fr, tensors, reads)...)
	for _, r := range reads {
		body = append(body, readCode(r, fr.Guard)...)
	}
	switch {
	case after && fr.Memory:
		body = append(body, jen.Id("fr").Dot("EndMemory").Call())
	case after:
		body = append(body, jen.Id("fr").Dot("End").Call())
	case fr.Memory:
		body = append(body, jen.Id("fr").Dot("BeginMemory").Call(jen.Id("op"), jen.Id("sh")))
	case len(fr.TypeParams) > 0:
		// a generic type: the rows make its tensors with the call's
		// instantiation
		body = append(body, jen.Id("fr").Dot("BeginOf").Call(jen.Id("op"), jen.Id("sh"), jen.Parens(typeCode(fr.Elem)).Call(jen.Nil())))
	default:
		body = append(body, jen.Id("fr").Dot("Begin").Call(jen.Id("op"), jen.Id("sh")))
	}
	f := &shapeFn{name: ss.shapeName(ss.exported(kind), key), tparams: fr.TypeParams, params: params, body: body, first: op, uses: 1, what: what}
	ss.fns[key] = f
	ss.fnList = append(ss.fnList, f)
	return f.name
}

// paramName is the name of a helper's parameter of slot s: t<K>. For a
// single tensor held as an interface it is u<K>, which the helper guards
// into t<K> (guardCode).
func paramName(fr *steps.Frame, s *steps.Slot) string {
	if fr.Guard != "" && !s.List {
		return "u" + strconv.Itoa(s.K)
	}
	return tensorName(s)
}

// guardCode prints t<K> := guard(u<K>) for each single tensor the reads
// read, for tensors held as an interface. A nil one is the undefined
// tensor, whose methods the reads call.
func guardCode(fr *steps.Frame, tensors []*steps.Slot, reads []steps.Read) []jen.Code {
	if fr.Guard == "" {
		return nil
	}
	read := map[*steps.Slot]bool{}
	for _, r := range reads {
		read[r.Slot] = true
		if r.A != nil {
			read[r.A] = true
		}
	}
	var out []jen.Code
	for _, s := range tensors {
		if !s.List && read[s] {
			out = append(out, jen.Id(tensorName(s)).Op(":=").Id(fr.Guard).Call(jen.Id(paramName(fr, s))))
		}
	}
	return out
}

// readCode prints a read of a Frame's helper. guard is the Frame's, or "".
// A Frame has one when its tensors are held as an interface: the single
// ones' words are handed over with Frame.Iface, and a list's elements are
// guarded one by one.
func readCode(r steps.Read, guard string) []jen.Code {
	fr, t := jen.Id("fr"), jen.Id(tensorName(r.Slot))
	i, k := jen.Lit(r.I), strconv.Itoa(r.Slot.K)
	ptr := func(c jen.Code) jen.Code { return jen.Qual("unsafe", "Pointer").Call(c) }
	data := ptr(jen.Qual("unsafe", "SliceData").Call(t))
	ident := func(c *jen.Statement) jen.Code { return c.Dot("Ident").Call() }
	elemLoop := func(each ...jen.Code) jen.Code {
		if guard != "" {
			each = append([]jen.Code{jen.Id("e").Op(":=").Id(guard).Call(jen.Id("e"))}, each...)
		}
		return jen.For(jen.List(jen.Id("j"), jen.Id("e")).Op(":=").Range().Add(t)).Block(each...)
	}
	if guard != "" && !r.Slot.List {
		return ifaceReadCode(r)
	}
	if c := readIdentCode(r, elemLoop); c != nil {
		return c
	}
	switch r.Kind {
	case steps.ReadArg:
		return []jen.Code{fr.Clone().Dot("Arg").Call(i, ident(t.Clone()), ptr(t))}
	case steps.ReadArgOpt:
		return []jen.Code{fr.Clone().Dot("ArgOpt").Call(i, ident(t.Clone()), ptr(t), t.Clone().Op("!=").Nil())}
	case steps.ReadMeta, steps.ReadMetaAfter:
		fp, ok := jen.Id("fp"+k), jen.Id("ok"+k)
		return []jen.Code{
			jen.List(fp, ok).Op(":=").Add(t).Dot("MetadataFingerprint").Call(),
			fr.Clone().Dot(r.Kind.Method()).Call(i, fp, ok),
		}
	case steps.ReadViewBase, steps.ReadViewBaseList:
		su := jen.Id("su" + strconv.Itoa(r.A.K) + "_" + k)
		return []jen.Code{
			jen.List(jen.Id("_"), su).Op(":=").Id(tensorName(r.A)).Dot("UseCounts").Call(),
			fr.Clone().Dot(r.Kind.Method()).Call(i, jen.Lit(r.AI), su),
		}
	case steps.ReadAfterArg:
		return []jen.Code{fr.Clone().Dot("AfterArg").Call(i, ident(t.Clone()))}
	case steps.ReadRet:
		iu, su := jen.Id("iu"+k), jen.Id("su"+k)
		return []jen.Code{
			jen.List(iu, su).Op(":=").Add(t).Dot("UseCounts").Call(),
			fr.Clone().Dot("Ret").Call(i, ident(t.Clone()), iu, su, ptr(t)),
		}
	case steps.ReadArgMemory, steps.ReadAfterArgMemory, steps.ReadRetMemory:
		return []jen.Code{fr.Clone().Dot(r.Kind.Method()).Call(i, ptr(t), t.Clone().Dot("Memory").Call())}
	case steps.ReadList, steps.ReadAfterList, steps.ReadListMemory, steps.ReadAfterListMemory:
		// the list begun (before the kernel) or its length checked (after
		// it), then each element's read
		e, begin, elem := jen.Id("e"), fr.Clone().Dot("List").Call(i, jen.Len(t), data), "Elem"
		if r.Kind == steps.ReadAfterList || r.Kind == steps.ReadAfterListMemory {
			begin, elem = fr.Clone().Dot("AfterList").Call(i, jen.Len(t)), "AfterElem"
		}
		args := []jen.Code{i, jen.Id("j"), ident(e.Clone())}
		if r.Kind == steps.ReadListMemory || r.Kind == steps.ReadAfterListMemory {
			elem, args = elem+"Memory", []jen.Code{i, jen.Id("j"), ptr(e), e.Clone().Dot("Memory").Call()}
		}
		return []jen.Code{begin, elemLoop(fr.Clone().Dot(elem).Call(args...))}
	case steps.ReadRetList:
		return []jen.Code{
			fr.Clone().Dot("List").Call(i, jen.Len(t), data),
			elemLoop(
				jen.List(jen.Id("iu"), jen.Id("su")).Op(":=").Id("e").Dot("UseCounts").Call(),
				fr.Clone().Dot("RetElem").Call(i, jen.Id("j"), ident(jen.Id("e")), jen.Id("iu"), jen.Id("su"))),
			fr.Clone().Dot("RetListRead").Call(i),
		}
	}
	panic("gen: read of kind " + strconv.Itoa(int(r.Kind)))
}

// ifaceReadCode prints a read of a single tensor held as an interface
// (t<K>, guarded). It reads its identities (use counts) as the kind's read
// does, with no handle, then its two words (Frame.Iface).
func ifaceReadCode(r steps.Read) []jen.Code {
	fr, t := jen.Id("fr"), jen.Id(tensorName(r.Slot))
	i, k := jen.Lit(r.I), strconv.Itoa(r.Slot.K)
	ident := t.Clone().Dot("Ident").Call()
	words := fr.Clone().Dot("Iface").Call(i, t.Clone())
	switch r.Kind {
	case steps.ReadArg:
		return []jen.Code{fr.Clone().Dot("Arg").Call(i, ident, jen.Nil()), words}
	case steps.ReadArgOpt:
		present := jen.Id("u" + k).Op("!=").Nil()
		return []jen.Code{fr.Clone().Dot("ArgOpt").Call(i, ident, jen.Nil(), present), words}
	case steps.ReadArgIdent:
		return []jen.Code{fr.Clone().Dot("ArgIdent").Call(i, ident, jen.Nil(), jen.Nil()), words}
	case steps.ReadRet:
		iu, su := jen.Id("iu"+k), jen.Id("su"+k)
		return []jen.Code{
			jen.List(iu, su).Op(":=").Add(t).Dot("UseCounts").Call(),
			fr.Clone().Dot("Ret").Call(i, ident, iu, su, jen.Nil()), words,
		}
	case steps.ReadRetIdent:
		return []jen.Code{fr.Clone().Dot("RetIdent").Call(i, ident, jen.Nil(), jen.Nil()), words}
	case steps.ReadAfterArg:
		return []jen.Code{fr.Clone().Dot("AfterArg").Call(i, ident)}
	case steps.ReadAfterIdent:
		return []jen.Code{fr.Clone().Dot("AfterIdent").Call(i, ident, jen.Nil())}
	case steps.ReadViewBase, steps.ReadViewBaseList:
		return readCode(r, "")
	}
	panic("gen: read of kind " + strconv.Itoa(int(r.Kind)) + " of a tensor held as an interface")
}

// readIdentCode prints a read of the own-ids kind's and of an anchored
// type's: the storage anchors with the identities. It returns nil for
// another read. elemLoop prints a loop over the list's elements.
func readIdentCode(r steps.Read, elemLoop func(each ...jen.Code) jen.Code) []jen.Code {
	fr, t := jen.Id("fr"), jen.Id(tensorName(r.Slot))
	i := jen.Lit(r.I)
	ptr := func(c jen.Code) jen.Code { return jen.Qual("unsafe", "Pointer").Call(c) }
	data := ptr(jen.Qual("unsafe", "SliceData").Call(t))
	ident := func(c *jen.Statement) jen.Code { return c.Dot("Ident").Call() }
	anchor, elemAnchor := jen.Nil(), jen.Nil()
	if r.Anchor {
		anchor, elemAnchor = t.Clone().Dot("StorageAnchor").Call(), jen.Id("e").Dot("StorageAnchor").Call()
	}
	switch r.Kind {
	case steps.ReadAnchor:
		return []jen.Code{fr.Clone().Dot("Anchor").Call(i, anchor)}
	case steps.ReadAfterRecycled:
		return []jen.Code{fr.Clone().Dot("AfterRecycled").Call(i, ident(t.Clone()), anchor)}
	case steps.ReadArgIdent:
		return []jen.Code{fr.Clone().Dot("ArgIdent").Call(i, ident(t.Clone()), anchor, ptr(t))}
	case steps.ReadListIdent:
		return []jen.Code{
			fr.Clone().Dot("List").Call(i, jen.Len(t), data),
			elemLoop(fr.Clone().Dot("ElemIdent").Call(i, jen.Id("j"), ident(jen.Id("e")))),
		}
	case steps.ReadAfterIdent:
		return []jen.Code{fr.Clone().Dot("AfterIdent").Call(i, ident(t.Clone()), anchor)}
	case steps.ReadRetIdent:
		return []jen.Code{fr.Clone().Dot("RetIdent").Call(i, ident(t.Clone()), anchor, ptr(t))}
	case steps.ReadRetListIdent:
		return []jen.Code{
			fr.Clone().Dot("List").Call(i, jen.Len(t), data),
			elemLoop(fr.Clone().Dot("RetElemIdent").Call(i, jen.Id("j"), ident(jen.Id("e")), elemAnchor)),
			fr.Clone().Dot("RetListRead").Call(i),
		}
	}
	return nil
}

// A shapeVarDef is a package-level wrap.Shape.
type shapeVarDef struct {
	name string
	fr   *steps.Frame
	// tensor and elem name the functions that make a tensor from a handle
	// ("" without slots)
	tensor, elem string
}

// shapeVar returns the name of fr's wrap.Shape, adding it.
func (ss *shapeSet) shapeVar(fr *steps.Frame) string {
	name := fr.ShapeKey()
	key := name
	if fr.Shape.Unanchored {
		key += " unanchored"
	}
	if n, ok := ss.shapes[key]; ok {
		return n
	}
	twin := name + " unanchored" // the same shape but for the mark
	if fr.Shape.Unanchored {
		twin = name
	}
	if _, ok := ss.shapes[twin]; ok {
		name = key + " twin" // the twin has the name of the content
	}
	n := ss.shapeName(ss.exported("shape"), name)
	ss.shapes[key] = n
	d := shapeVarDef{name: n, fr: fr}
	switch {
	case fr.Guard != "": // an interface's: Frame.Iface; a list's elements by the guard
		d.elem = ss.ifaceElemFn(fr.Elem, fr.Guard)
	case fr.Elem.Name != "" && len(fr.TypeParams) == 0: // a generic type's: Frame.BeginOf
		d.tensor, d.elem = ss.tensorFns(fr.Elem)
	}
	ss.shapeList = append(ss.shapeList, d)
	return n
}

// tensorFns returns the names of two functions, adding them. tensor makes
// a tensor of type t, a pointer type, from its handle. elem makes element
// i of a list of t from the list's data.
func (ss *shapeSet) tensorFns(t kernels.GoType) (tensor, elem string) {
	key := t.String()
	if n, ok := ss.tensorFn[key]; ok {
		return n, strings.Replace(n, "tensor", "elem", 1)
	}
	n := ss.shapeName(ss.ns+"tensor", key)
	ss.tensorFn[key] = n
	ss.tensorTypes = append(ss.tensorTypes, tensorFnDef{tensor: n, elem: strings.Replace(n, "tensor", "elem", 1), typ: t})
	return n, strings.Replace(n, "tensor", "elem", 1)
}

// ifaceElemFn returns, adding it, the name of the function that makes
// element i of a list of t from the list's data, through guard. t is an
// interface type.
func (ss *shapeSet) ifaceElemFn(t kernels.GoType, guard string) string {
	key := "iface " + t.String()
	if n, ok := ss.tensorFn[key]; ok {
		return n
	}
	n := ss.shapeName(ss.ns+"elem", key)
	ss.tensorFn[key] = n
	ss.tensorTypes = append(ss.tensorTypes, tensorFnDef{elem: n, typ: t, guard: guard})
	return n
}

type tensorFnDef struct {
	tensor, elem string
	typ          kernels.GoType
	// guard, for an interface type: only elem, which guards the element
	guard string
}

// genFrames writes the Shapes and the functions they name, sorted by
// name.
func genFrames(f *jen.File, ss *shapeSet) {
	slices.SortFunc(ss.shapeList, func(a, b shapeVarDef) int { return strings.Compare(a.name, b.name) })
	slices.SortFunc(ss.tensorTypes, func(a, b tensorFnDef) int { return strings.Compare(a.elem, b.elem) })
	rows := sharedRows(ss)
	for _, d := range ss.shapeList {
		f.Line()
		f.Commentf("%s is the rows of the plan of the ops of one shape, as data (asserts/wrap runs them).", d.name)
		f.Var().Id(d.name).Op("=").Add(qw("Shape")).Values(shapeDict(d, rows))
	}
	for _, r := range slices.SortedFunc(maps.Values(rows), func(a, b sharedRow) int { return strings.Compare(a.name, b.name) }) {
		f.Line()
		f.Commentf("%s are the rows of %d shapes.", r.name, r.uses)
		f.Var().Id(r.name).Op("=").Add(r.code)
	}
	for _, t := range ss.tensorTypes {
		h, i := jen.Id("h"), jen.Id("i")
		elem, nilWhat := jen.Qual("unsafe", "Slice").Call(jen.Parens(jen.Op("*").Add(typeCode(t.typ))).Call(h), i.Clone().Op("+").Lit(1)).Index(i.Clone()), ""
		if t.guard != "" {
			elem, nilWhat = jen.Id(t.guard).Call(elem), " (a nil one the undefined tensor)"
		} else {
			f.Line()
			f.Commentf("%s makes a %s from its handle, for the rows that read the tensor.", t.tensor, t.typ.Display())
			f.Func().Id(t.tensor).Params(h.Clone().Qual("unsafe", "Pointer")).Add(qa("Identity")).Block(
				jen.Return(jen.Parens(typeCode(t.typ)).Call(h.Clone())))
		}
		f.Line()
		f.Commentf("%s makes element i of a list of %s from the list's data%s.", t.elem, t.typ.Display(), nilWhat)
		f.Func().Id(t.elem).Params(h.Clone().Qual("unsafe", "Pointer"), i.Clone().Int()).Add(qa("Identity")).Block(jen.Return(elem))
	}
}

// A sharedRow is a []wrap.Row that several Shapes name (sharedRows).
type sharedRow struct {
	name string
	code *jen.Statement
	uses int
}

// sharedRows returns the rows that more than one Shape has, by their
// code's text. Shapes apart by their Locs alone have the same rows. Such
// Shapes name one package-level slice, which the package declares and the
// compiler lays out once.
func sharedRows(ss *shapeSet) map[string]sharedRow {
	all := map[string]sharedRow{}
	for _, d := range ss.shapeList {
		code := rowsCode(d.fr.Shape.Rows)
		if code == nil {
			continue
		}
		key := fmt.Sprintf("%#v", code)
		r := all[key]
		r.code, r.uses = code, r.uses+1
		all[key] = r
	}
	for key, r := range all {
		if r.uses < 2 {
			delete(all, key)
			continue
		}
		r.name = ss.shapeName(ss.ns+"rows", key)
		all[key] = r
	}
	return all
}

// rowsCode is the []wrap.Row literal of rows, one row a line, or nil for
// none: {Check: checks.SameImpl, T: 0, U: -1}. The form is left out where
// it is FormOne, the zero Form.
func rowsCode(rs []steps.ShapeRow) *jen.Statement {
	var rows []jen.Code
	for _, r := range rs {
		kv := func(k string, v jen.Code) jen.Code { return jen.Id(k).Op(":").Add(v) }
		row := []jen.Code{kv("Check", qc(r.Check.GoName()))}
		if r.Skip {
			row = append(row, kv("Skip", jen.True()))
		} else if r.Form != checktable.FormOne {
			row = append(row, kv("Form", qw(formNames[r.Form])))
		}
		row = append(row, kv("T", jen.Lit(r.T)), kv("U", jen.Lit(r.U)))
		if r.Set != 0 {
			row = append(row, kv("Set", jen.Lit(int(r.Set))))
		}
		rows = append(rows, jen.Values(row...))
	}
	if len(rows) == 0 {
		return nil
	}
	return jen.Index().Add(qw("Row")).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, rows...)
}

// shapeDict is the wrap.Shape literal of d; its rows by name where they
// are shared.
func shapeDict(d shapeVarDef, shared map[string]sharedRow) jen.Dict {
	sh := &d.fr.Shape
	dict := jen.Dict{
		jen.Id("Args"): jen.Lit(sh.Args),
		jen.Id("Rets"): jen.Lit(sh.Rets),
	}
	// the counts, masks and marks a Shape leaves out when they are zero
	for k, v := range map[string]any{"Lists": int(sh.Lists), "OptLists": int(sh.OptLists), "NoUseCounts": sh.NoUseCounts, "Anchored": sh.Anchored, "Unanchored": sh.Unanchored} {
		if v != 0 && v != false {
			dict[jen.Id(k)] = jen.Lit(v)
		}
	}
	if rows := rowsCode(sh.Rows); rows != nil {
		if r, ok := shared[fmt.Sprintf("%#v", rows)]; ok {
			dict[jen.Id("Rows")] = jen.Id(r.name)
		} else {
			dict[jen.Id("Rows")] = rows
		}
	}
	if len(sh.Locs) > 0 {
		dict[jen.Id("Locs")] = jen.Index().Add(qw("Loc")).Values(codes(sh.Locs, locCode)...)
	}
	if len(sh.Writes) > 0 {
		dict[jen.Id("Writes")] = jen.Index().Int8().Values(codes(sh.Writes, func(k int) jen.Code { return jen.Lit(k) })...)
	}
	if singles, lists := d.fr.Declared(); singles != d.fr.Singles || lists != d.fr.Lists {
		// the Frame's lengths, rounded up (the engine finds the lists
		// after the singles the Frame declares)
		dict[jen.Id("Slots")] = jen.Lit(singles)
		dict[jen.Id("ListSlots")] = jen.Lit(lists)
	}
	for k, v := range map[string]string{"Tensor": d.tensor, "Elem": d.elem} {
		if v != "" {
			dict[jen.Id(k)] = jen.Id(v)
		}
	}
	return dict
}

// formNames are asserts/wrap's names of the forms a Shape's row takes.
var formNames = map[checktable.Form]string{
	checktable.FormOne: "FormOne", checktable.FormRetList: "FormRetList", checktable.FormArgList: "FormArgList", checktable.FormLists: "FormLists",
	checktable.FormOf: "FormOf",
}
