package schema

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

func outOverload(overload string) string {
	if overload == "" {
		return "out"
	}
	return overload + "_out"
}

// outArgsFromReturns makes one out argument per tensor-like return, with
// alias letters no argument uses. It returns the new returns and out
// arguments (torchgen's generate_out_args_from_schema).
func outArgsFromReturns(f *Func) ([]Return, []Argument) {
	used := map[string]bool{}
	for _, a := range f.Args() {
		if a.Annotation != nil {
			for _, s := range a.Annotation.AliasSet {
				used[s] = true
			}
		}
	}
	var free []string
	for c := 'a'; c <= 'z'; c++ {
		if !used[string(c)] {
			free = append(free, string(c))
		}
	}
	allTensors := true
	for _, r := range f.Returns {
		allTensors = allTensors && r.Type.Is(Tensor)
	}
	var rets []Return
	var outs []Argument
	for i, r := range f.Returns {
		if !r.Type.IsTensorLike() {
			rets = append(rets, Return{Name: r.Name, Type: r.Type, Annotation: r.Annotation})
			continue
		}
		name := "out"
		if len(f.Returns) > 1 {
			name = fmt.Sprintf("out%d", i)
		}
		ann := &Annotation{AliasSet: []string{free[i]}, IsWrite: true}
		outs = append(outs, Argument{Name: name, Type: r.Type, Annotation: ann})
		if allTensors {
			rets = append(rets, Return{Type: r.Type, Annotation: ann})
		}
	}
	return rets, outs
}

func copyArgs(args []Argument) []Argument { return append([]Argument(nil), args...) }

// generatedOut derives the out= schema torchgen generates from an in-place,
// mutable or functional schema.
func generatedOut(f *Func) *Func {
	name := OperatorName{Name: BaseName{Base: f.Name.Name.Base, Dunder: f.Name.Name.Dunder}, Overload: outOverload(f.Name.Overload)}
	switch f.Kind() {
	case Inplace:
		g := &Func{Name: name, Positional: copyArgs(f.Positional), KwargOnly: copyArgs(f.KwargOnly), Returns: append([]Return(nil), f.Returns...)}
		si := g.SelfIndex()
		self := g.Positional[si]
		g.Positional[si].Annotation = nil
		g.Out = []Argument{{Name: "out", Type: self.Type, Annotation: self.Annotation}}
		return g
	case Mutable:
		rets, outs := outArgsFromReturns(f)
		return &Func{Name: name, Positional: copyArgs(f.Positional), KwargOnly: copyArgs(f.KwargOnly), Out: outs, Returns: rets}
	default: // Functional
		rets, outs := outArgsFromReturns(f)
		sig := f.Signature(false)
		return &Func{Name: name, Positional: sig.Positional, KwargOnly: sig.KwargOnly, Out: outs, Returns: rets}
	}
}

// generatedFunctional derives the functional schema torchgen generates from
// an in-place, mutable or out= schema. A mutable source gets the
// NAME_functional base name.
func generatedFunctional(f *Func) *Func {
	g := f.Signature(true)
	g.Name = OperatorName{
		Name: BaseName{Base: f.Name.Name.Base, Dunder: f.Name.Name.Dunder,
			FunctionalOverload: f.Kind() == Mutable},
		Overload: f.Name.Overload,
	}
	return g
}

// buildOps turns entries into ops, expanding autogen: when asked. It
// follows torchgen's add_generated_native_functions. Entries are grouped
// by Signature. A group qualifies when it is not all manual_cpp_binding,
// has no view op and is not all CompositeImplicitAutograd. Such a group
// gets:
//   - an out= variant, when it has none and its base function's autogen
//     names an out op;
//   - a functional variant, when it has none but has an out= variant (or
//     just got one).
//
// Generated ops follow the entry they come from, out= first.
func buildOps(r *rules, entries []*Entry, autogen bool, errs *ErrorList) []*Op {
	own := make([]*Op, len(entries))
	for i, e := range entries {
		own[i] = &Op{
			Name:         e.Func.Name.String(),
			Schema:       e.Func.String(),
			Func:         e.Func,
			Kind:         e.Func.Kind(),
			IsViewOp:     r.isViewOp(e.Func, e.Tags),
			Entry:        e,
			Pos:          e.FuncPos,
			Tags:         e.Tags,
			DispatchKeys: e.DispatchKeys(),
		}
	}
	if !autogen {
		return own
	}
	generated := expand(r, own, errs)
	ops := make([]*Op, 0, len(entries)*6/5)
	for _, o := range own {
		ops = append(ops, o)
		ops = append(ops, generated[o]...)
	}
	return ops
}

type group struct {
	byKind map[Kind]*Op
	order  []*Op
}

func expand(r *rules, entries []*Op, errs *ErrorList) map[*Op][]*Op {
	groups := make(map[string]*group, len(entries))
	var order []*group
	var key []byte
	for _, e := range entries {
		key = e.Func.AppendSignatureKey(key[:0], false, false)
		g := groups[string(key)]
		if g == nil {
			g = &group{byKind: make(map[Kind]*Op, 2)}
			groups[string(key)] = g
			order = append(order, g)
		}
		kind := e.Kind
		if other := g.byKind[kind]; other != nil {
			errs.Addf(e.Pos, "%s: same signature and kind (%s) as %s at line %d; variants of one function need different kinds",
				e.Name, kind, other.Name, other.Pos.Line)
			continue
		}
		g.byKind[kind] = e
		g.order = append(g.order, e)
	}
	out := make(map[*Op][]*Op, len(order)/4)
	for _, g := range order {
		base, made := generateGroup(r, g, errs)
		if base != nil {
			out[base] = append(out[base], made...)
		}
		kinds := map[Kind]bool{}
		for kind := range g.byKind {
			kinds[kind] = true
		}
		for _, o := range made {
			kinds[o.Kind] = true
		}
		if len(kinds) > 1 && kinds[Functional] && kinds[Out] {
			checkAutogen(g, made, errs)
		}
	}
	return out
}

// generateGroup returns the ops torchgen of release r generates for one
// group of variants, and the op they are generated from.
func generateGroup(r *rules, g *group, errs *ErrorList) (*Op, []*Op) {
	d := g.byKind
	hasFunctional, hasInplace, hasMutable, hasOut := d[Functional] != nil, d[Inplace] != nil, d[Mutable] != nil, d[Out] != nil
	if !(hasFunctional || hasInplace || hasMutable || hasOut) {
		return nil, nil // scratch ops only
	}
	manual, view, implicit, core := true, false, true, false
	for _, e := range g.order {
		manual = manual && e.Entry.ManualCppBinding
		view = view || e.IsViewOp && !slices.Contains(r.AutogenViewExemptBases, e.Func.Name.Name.String())
		implicit = implicit && e.HasCompositeImplicitAutograd()
		core = core || r.AutogenCoreTag != "" && e.HasTag(r.AutogenCoreTag)
	}
	if manual || view || implicit && !core {
		return nil, nil
	}
	if hasOut && len(d) == 1 {
		if name := d[Out].Name; !r.outNotGrouped[name] {
			errs.Addf(d[Out].Pos, "%s: out= op without a functional, in-place or mutable variant of the same signature", name)
		}
		return nil, nil
	}
	if hasInplace && r.inplNotGrouped[d[Inplace].Func.Name.String()] {
		return nil, nil
	}
	var base *Op
	for _, k := range r.autogenOrder {
		if base = d[k]; base != nil {
			break
		}
	}
	baseValid := base.Func.Kind() == Inplace
	for _, r := range base.Func.Returns {
		baseValid = baseValid || r.Type.IsTensorLike()
	}
	needsOut := false
	for _, n := range base.Entry.Autogen {
		needsOut = needsOut || strings.Contains(n.String(), "out")
	}
	getsOut := !hasOut && baseValid && needsOut
	if !hasOut && !baseValid {
		if n := base.Func.Name.String(); !r.mutNoOut[n] && !r.funcNoOut[n] {
			errs.Addf(base.Pos, "%s: cannot generate an out= variant for an op without tensor returns", n)
		}
	}
	var made []*Op
	if getsOut {
		made = append(made, generatedOp(r, base, generatedOut(base.Func)))
	}
	if !hasFunctional && (hasOut || getsOut) {
		made = append(made, generatedOp(r, base, generatedFunctional(base.Func)))
	}
	return base, made
}

// generatedOp makes the op generated from src. It inherits the tags of
// r.GeneratedTags that src has, and gets its kind's tags when r.KindTags.
func generatedOp(r *rules, src *Op, f *Func) *Op {
	tags := []string{"generated"}
	for _, t := range r.GeneratedTags {
		if src.HasTag(t) {
			tags = append(tags, t)
		}
	}
	if r.KindTags {
		tags = append(tags, kindTags(f)...)
	}
	return &Op{
		Name:         f.Name.String(),
		Schema:       f.String(),
		Func:         f,
		Kind:         f.Kind(),
		IsViewOp:     r.isViewOp(f, tags),
		Generated:    true,
		Entry:        src.Entry,
		Pos:          src.Entry.FuncPos,
		Tags:         tags,
		DispatchKeys: []string{CompositeExplicitAutograd},
	}
}

// checkAutogen reports a group whose autogen: lists differ from the ops
// the codegen generates for it. torchgen does so when it builds the group,
// for a group with both a functional and an out= variant.
func checkAutogen(g *group, made []*Op, errs *ErrorList) {
	var gen, want []string
	for _, o := range made {
		gen = append(gen, o.Name)
	}
	seen := map[string]bool{}
	var where *Op
	for _, e := range g.order {
		for _, n := range e.Entry.Autogen {
			if !seen[n.String()] {
				seen[n.String()] = true
				want = append(want, n.String())
			}
			where = e
		}
	}
	sort.Strings(gen)
	sort.Strings(want)
	if strings.Join(gen, ", ") == strings.Join(want, ", ") {
		return
	}
	if where == nil {
		where = g.order[0]
		for _, e := range g.order {
			if e.Kind == Inplace || e.Kind == Mutable {
				where = e
			}
		}
		errs.Addf(where.Pos, "%s: the codegen generates %s; add 'autogen: %s'", where.Func.Name, strings.Join(gen, ", "), strings.Join(gen, ", "))
		return
	}
	p := where.Entry.KeyPos("autogen")
	if len(gen) == 0 {
		errs.Addf(p, "autogen: %s: the codegen generates nothing for this function (it already has these variants, or is a view or composite)", strings.Join(want, ", "))
		return
	}
	errs.Addf(p, "autogen: the codegen generates %s, but autogen lists %s", strings.Join(gen, ", "), strings.Join(want, ", "))
}
