package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// This file decides, for the pytorch profile, which ops PyTorch's autograd
// codegen gives a generated VariableType kernel. That kernel is the only
// place its debug asserts live. It follows tools/autograd:
//   - load_derivatives matches each derivatives.yaml entry to a
//     "canonical" op;
//   - view_copy ops inherit the entry of their view;
//   - match_differentiability_info gives every op the entry of its own
//     schema, of its functional variant (for in-place and out= ops), or,
//     for a generated functional op, of the mutable op it came from.
//
// Where releases differ, the release's Autograd part says how.

// A derivInfo is the derivatives.yaml entry PyTorch attaches to an op.
type derivInfo struct {
	entry *schema.Derivative
	// canonical is the op the entry was matched to.
	canonical *schema.Op
	// has reports whether some dispatch key of the entry has a backward
	// formula that is not non_differentiable (has_derivatives).
	has bool
	how matchHow
}

type matchHow uint8

const (
	matchExact      matchHow = iota // the entry is for this op
	matchViewCopy                   // a view_copy op, given its view's entry
	matchFunctional                 // an in-place or out= op, given its functional variant's entry
	matchMutable                    // a generated functional op, given its mutable variant's entry
	matchForeach                    // a _foreach_ op, given its reference op's entry (2.x)
)

// A matcher holds what matching derivatives.yaml to the ops of a schema
// looks ops up by.
type matcher struct {
	s      *schema.Schema
	byName map[string]int
	byBase map[string][]int // in schema order
	// full and stripped are signature keys (schema.Func.AppendSignatureKey)
	// with and without defaults.
	full, stripped sigKeys
	// isViewCopy marks the view_copy ops, and viewCopyOf gives the
	// view_copy op of a view op.
	isViewCopy []bool
	viewCopyOf map[int]int
	// viewCopies: entries may name view_copy ops (rel.DerivativesViewCopies).
	viewCopies bool
}

func newMatcher(s *schema.Schema, rel *pytorch.Autograd) *matcher {
	m := &matcher{s: s, viewCopies: rel.DerivativesViewCopies, byName: make(map[string]int, len(s.Ops)), byBase: map[string][]int{},
		full: newSigKeys(s, false, false), stripped: newSigKeys(s, true, false),
		isViewCopy: make([]bool, len(s.Ops)), viewCopyOf: map[int]int{}}
	for i, o := range s.Ops {
		if _, dup := m.byName[o.Name]; !dup {
			m.byName[o.Name] = i
		}
		b := o.Func.Name.Name.Base
		m.byBase[b] = append(m.byBase[b], i)
	}
	m.groupViews()
	return m
}

// groupViews pairs view ops with their view_copy ops (torchgen's
// get_grouped_by_view_native_functions): a view op and the functional op
// with the same signature once "_copy" is dropped from its name.
func (m *matcher) groupViews() {
	view := newSigKeys(m.s, false, true)
	viewSig := map[string][]int{}
	viewBases := map[string]bool{}
	for i, o := range m.s.Ops {
		if o.IsViewOp && !o.Func.Name.Name.Inplace {
			viewSig[view.of(i)] = append(viewSig[view.of(i)], i)
			viewBases[o.Func.Name.Name.Base] = true
		}
	}
	for i, o := range m.s.Ops {
		base := o.Func.Name.Name.Base
		if strings.HasSuffix(base, "_copy") {
			base = strings.ReplaceAll(base, "_copy", "")
		}
		if o.IsViewOp || o.Kind != schema.Functional || !viewBases[base] {
			continue
		}
		for _, v := range viewSig[view.of(i)] {
			m.isViewCopy[i] = true
			m.viewCopyOf[v] = i
		}
	}
}

// entryOp returns the op a derivatives.yaml entry is for. load_derivatives
// looks the entry's schema up as written; a spelling that differs only in
// spacing is accepted too. A view_copy op is found only under a release
// whose load_derivatives includes them (m.viewCopies).
func (m *matcher) entryOp(e *schema.Derivative) (int, *schema.Position, string) {
	name := schema.FuncName(e.Name)
	if si, ok := m.byName[name]; ok && m.findable(si) && sameText(m.s.Ops[si], e.Name) {
		return si, nil, ""
	}
	f, err := schema.ParseFunc(e.Name)
	if err != nil {
		pos, msg := e.Pos, err.Error()
		if se, ok := err.(*schema.SyntaxError); ok {
			pos, msg = e.PosAt(se.Offset), se.Msg
		}
		return -1, &pos, fmt.Sprintf("derivatives entry %s: %s", name, msg)
	}
	si, ok := m.byName[f.Name.String()]
	if !ok || !m.findable(si) || opSchema(m.s.Ops[si]) != f.String() {
		return -1, &e.Pos, fmt.Sprintf("derivatives entry %s: no op with this schema in %s", f.Name, m.s.Path)
	}
	return si, nil, ""
}

// findable reports whether load_derivatives has op i among the ops it
// matches entries to. It has every op but the view_copy ops, which only
// the releases with DerivativesViewCopies include.
func (m *matcher) findable(i int) bool { return m.viewCopies || !m.isViewCopy[i] }

// canonical is torchgen's canonical_function. Among the ops with the
// signature of op si, it is the one named like it that is neither a
// functional variant nor out=, else the first.
func (m *matcher) canonical(si int) int {
	f := m.s.Ops[si].Func
	first := -1
	for _, j := range m.byBase[f.Name.Name.Base] {
		if !m.findable(j) || m.full.of(si) != m.full.of(j) {
			continue
		}
		if first < 0 {
			first = j
		}
		g := m.s.Ops[j].Func
		if !strings.Contains(g.Name.Overload, "functional") && len(g.Out) == 0 && g.Name.Name == f.Name.Name {
			return j
		}
	}
	return first
}

// matchDerivatives returns, per op of s, the entry PyTorch attaches to it
// (a zero derivInfo for none). Entries whose schema is not an op of s are
// errors, as in PyTorch.
func matchDerivatives(s *schema.Schema, d *schema.Derivatives, rel *pytorch.Autograd) ([]derivInfo, error) {
	m := newMatcher(s, rel)
	var errs schema.ErrorList
	infos := make([]derivInfo, len(s.Ops)) // by the op the entry is keyed on
	var order []int                        // ops with an entry, in the order entries were added
	put := func(i int, info derivInfo) {
		if infos[i].entry == nil {
			order = append(order, i)
		}
		infos[i] = info
	}
	for k := range d.Entries {
		e := &d.Entries[k]
		si, pos, msg := m.entryOp(e)
		if pos != nil {
			errs.Add(*pos, msg)
			continue
		}
		c := m.canonical(si)
		put(c, derivInfo{entry: e, canonical: s.Ops[c], has: hasDerivatives(s.Ops[c].Func, e)})
	}
	// add_view_copy_derivatives; an entry of the view_copy op's own
	// (possible under DerivativesViewCopies) is kept.
	explicit := make([]bool, len(s.Ops))
	for _, i := range order {
		explicit[i] = true
	}
	for _, i := range append([]int(nil), order...) {
		if vc, ok := m.viewCopyOf[i]; ok && !explicit[vc] {
			info := infos[i]
			info.how = matchViewCopy
			put(vc, info)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	m.inherit(infos, order, rel)
	return infos, nil
}

// inherit is match_differentiability_info. An op without an entry of its
// own gets that of its functional variant (in-place and out= ops). A
// generated op gets that of the mutable op it came from. The last entry
// with a signature wins, as in the dicts PyTorch builds. Generated out=
// ops get none. Under a release with rel.ForeachBorrow (2.x), _foreach_
// ops skip the functional variant, and borrow the entry of their
// reference op instead (see foreachReference).
func (m *matcher) inherit(infos []derivInfo, order []int, rel *pytorch.Autograd) {
	functional, nonFunctional := map[string]int{}, map[string]int{}
	var funcOrder, nonFuncOrder []string // the keys in the order the dicts have them
	infoBases := map[string]bool{}
	for _, i := range order {
		dict, keys := nonFunctional, &nonFuncOrder
		if m.s.Ops[i].Kind == schema.Functional {
			dict, keys = functional, &funcOrder
		}
		k := m.stripped.of(i)
		if _, ok := dict[k]; !ok {
			*keys = append(*keys, k)
		}
		dict[k] = i
		infoBases[m.s.Ops[i].Func.Name.Name.Base] = true
	}
	for i, o := range m.s.Ops {
		if o.Generated && o.Kind == schema.Out {
			infos[i] = derivInfo{} // "Don't bother matching info to generated out= variants"
			continue
		}
		foreach := rel != nil && rel.ForeachBorrow && strings.HasPrefix(o.Func.Name.Name.Base, "_foreach_")
		if infos[i].entry != nil || !foreach && !infoBases[o.Func.Name.Name.Base] {
			continue
		}
		if j, ok := functional[m.stripped.of(i)]; ok && !foreach {
			infos[i] = infos[j]
			infos[i].how = matchFunctional
		} else if j, ok := nonFunctional[m.stripped.of(i)]; ok && o.Generated {
			infos[i] = infos[j]
			infos[i].how = matchMutable
		} else if foreach {
			j := m.foreachReference(i, rel, funcOrder, functional)
			if j < 0 && o.Kind == schema.Inplace && slices.Contains(rel.ForeachInplaceRef, o.Name) {
				j = m.foreachReference(i, rel, nonFuncOrder, nonFunctional)
			}
			if j >= 0 {
				infos[i] = infos[j]
				infos[i].how = matchForeach
			}
		}
	}
}

// foreachReference returns the op whose entry the _foreach_ op i borrows
// (gen_foreach_derivativeinfo), or -1 if there is none. It is the first
// op, in the order of keys, that has an entry and:
//   - whose base name is the foreach op's without "_foreach_";
//   - with as many arguments, out= ones left out, unless the op is in
//     rel.ForeachSkipArgLen;
//   - whose arguments have, one by one, the type of the foreach op's
//     argument or of its element (Tensor for Tensor[]).
func (m *matcher) foreachReference(i int, rel *pytorch.Autograd, keys []string, byKey map[string]int) int {
	f := m.s.Ops[i].Func
	base := f.Name.Name.Base
	base = base[strings.LastIndex(base, "_foreach_")+len("_foreach_"):]
	args := slices.Concat(f.Positional, f.KwargOnly)
	skipLen := slices.Contains(rel.ForeachSkipArgLen, m.s.Ops[i].Name)
	for _, k := range keys {
		j := byKey[k]
		g := m.s.Ops[j].Func
		if g.Name.Name.Base != base {
			continue
		}
		ref := slices.Concat(g.Positional, g.KwargOnly)
		if !skipLen && len(ref) != len(args) {
			continue
		}
		ok := true
		for a := range min(len(args), len(ref)) {
			t, rt := args[a].Type, ref[a].Type
			if !rt.Equal(t) && (t.Elem == nil || !rt.Equal(t.Elem)) {
				ok = false
				break
			}
		}
		if ok {
			return j
		}
	}
	return -1
}

// sameText reports whether the op's schema is spelled text. An op of a
// yaml entry is compared with the entry's func text, since torchgen's
// yaml text is its canonical form. Other ops are printed.
func sameText(o *schema.Op, text string) bool {
	if o.Entry != nil && !o.Generated {
		if _, ft, _ := schema.CutNamespace(o.Entry.FuncText); ft == text {
			return true
		}
	}
	return opSchema(o) == text
}

// opSchema returns the op's canonical schema text.
func opSchema(o *schema.Op) string {
	if o.Schema != "" {
		return o.Schema
	}
	return o.Func.String()
}

// hasDerivatives reports whether some dispatch key of e has a backward
// formula for an argument of f that is not non_differentiable
// (DifferentiabilityInfo.has_derivatives). f is the entry's canonical op.
func hasDerivatives(f *schema.Func, e *schema.Derivative) bool {
	for _, k := range e.Keys {
		for _, fm := range k.Formulas {
			if fm.NonDifferentiable {
				continue
			}
			first, _, _ := strings.Cut(fm.Names, ",")
			if isCppArg(f, strings.TrimSpace(first)) {
				return true
			}
		}
	}
	return false
}

// isCppArg reports whether name is an argument of f's C++ signature. There
// the dtype, layout, device and pin_memory run is the single argument
// "options".
func isCppArg(f *schema.Func, name string) bool {
	opts := f.HasTensorOptions()
	if name == "options" {
		return opts
	}
	if f.Arg(name) == nil {
		return false
	}
	return !opts || !slices.Contains([]string{"dtype", "layout", "device", "pin_memory"}, name)
}

// isAbstract is torchgen's NativeFunction.is_abstract: the op has a
// structured delegate, or dispatch keys other than exactly
// CompositeImplicitAutograd and/or CompositeImplicitAutogradNestedTensor.
// Generated ops take it from the op they were generated from. Ops of
// schema lists carry no dispatch information, and count as abstract.
func isAbstract(o *schema.Op) bool {
	e := o.Entry
	if e == nil {
		return true
	}
	if e.StructuredDelegate != "" || len(e.UfuncInnerLoop) > 0 {
		return true
	}
	if !e.DispatchSet {
		// No table: the implicit CompositeImplicitAutograd kernel, unless
		// the op is structured (see schema.Entry.DispatchKeys).
		return e.Structured
	}
	var keys []string
	for _, d := range e.Dispatch {
		keys = append(keys, d.Keys...)
	}
	return !onlyImplicit(keys)
}

// onlyImplicit reports whether keys is a non-empty set of
// CompositeImplicitAutograd and CompositeImplicitAutogradNestedTensor.
func onlyImplicit(keys []string) bool {
	for _, k := range keys {
		if k != schema.CompositeImplicitAutograd && k != schema.CompositeImplicitAutogradNestedTensor {
			return false
		}
	}
	return len(keys) > 0
}

// compositeOnly reports whether the op's only kernels are composite
// implicit ones, so that it runs as a decomposition into other ops. Its
// alias-annotated returns may or may not be views (strict's may-alias).
func compositeOnly(o *schema.Op) bool {
	return o.Entry != nil && !o.Generated && o.Entry.StructuredDelegate == "" && onlyImplicit(o.DispatchKeys)
}

// hasTensorLikeReturn reports whether some return is tensor-like
// (gen_differentiable_outputs without derivative information).
func hasTensorLikeReturn(f *schema.Func) bool {
	return slices.ContainsFunc(f.Returns, func(r schema.Return) bool { return r.Type.IsTensorLike() })
}

// firstEntry returns the first entry of category c among es.
func firstEntry(es []*allowlist.Entry, c allowlist.Category) *allowlist.Entry {
	for _, e := range es {
		if e.Category == c {
			return e
		}
	}
	return nil
}

// lastEntry returns the last entry of category c among es: for views, a
// user file's entry overrides a default.
func lastEntry(es []*allowlist.Entry, c allowlist.Category) *allowlist.Entry {
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Category == c {
			return es[i]
		}
	}
	return nil
}

// sigKeys computes the signature keys of a schema's ops of one kind
// (schema.Func.AppendSignatureKey), once per op and on first use.
type sigKeys struct {
	s                    *schema.Schema
	stripDefault, noCopy bool
	keys                 []string
}

func newSigKeys(s *schema.Schema, stripDefault, stripViewCopy bool) sigKeys {
	return sigKeys{s: s, stripDefault: stripDefault, noCopy: stripViewCopy, keys: make([]string, len(s.Ops))}
}

// of returns the key of op i.
func (k *sigKeys) of(i int) string {
	if k.keys[i] == "" {
		k.keys[i] = string(k.s.Ops[i].Func.AppendSignatureKey(nil, k.stripDefault, k.noCopy))
	}
	return k.keys[i]
}
