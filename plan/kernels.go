package plan

import (
	"bytes"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/schema"
)

// This file decides, for the pytorch profile, which ops PyTorch's autograd
// codegen gives a generated VariableType kernel (the only place its debug
// asserts live). It follows PyTorch 1.13.1's tools/autograd:
// load_derivatives matches each derivatives.yaml entry to a "canonical"
// op, view_copy ops inherit the entry of their view, and
// match_differentiability_info gives every op the entry of its own schema,
// of its functional variant (for in-place and out= ops), or, for a
// generated functional op, of the mutable op it came from.

// A derivInfo is the derivatives.yaml entry PyTorch attaches to an op.
type derivInfo struct {
	entry *Derivative
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
)

// matchDerivatives returns, per op of s, the entry PyTorch attaches to it
// (a zero derivInfo for none). Entries whose schema is not an op of s are errors, as
// in PyTorch.
func matchDerivatives(s *schema.Schema, d *Derivatives) ([]derivInfo, error) {
	n := len(s.Ops)
	byBase := groupByBase(s)
	// Signatures are compared by a 64-bit hash of their key, confirmed on
	// the keys themselves: no key is kept as a string.
	full := newSigIndex(s, false, false)
	view := newSigIndex(s, false, true)
	stripped := newSigIndex(s, true, false)

	// View groups (torchgen's get_grouped_by_view_native_functions): a
	// view op and the functional op with the same signature once "_copy"
	// is dropped from its name.
	isViewCopy := make([]bool, n)
	viewCopyOf := map[int]int{}
	viewSig := map[uint64][]int32{}
	viewBases := map[string]bool{}
	for i, o := range s.Ops {
		if o.IsViewOp && !o.Func.Name.Name.Inplace {
			h := view.of(i)
			viewSig[h] = append(viewSig[h], int32(i))
			viewBases[o.Func.Name.Name.Base] = true
		}
	}
	for i, o := range s.Ops {
		base := o.Func.Name.Name.Base
		if o.IsViewOp || o.Kind != schema.Functional {
			continue
		}
		if strings.HasSuffix(base, "_copy") {
			base = strings.ReplaceAll(base, "_copy", "")
		}
		if !viewBases[base] {
			continue
		}
		for _, v := range viewSig[view.of(i)] {
			if view.equal(int(v), i) {
				isViewCopy[i] = true
				viewCopyOf[int(v)] = i
			}
		}
	}

	// opNamed finds an op by name among the ops of its base name.
	opNamed := func(name string) (int, bool) {
		on, _, _ := strings.Cut(name, ".")
		for _, b := range schema.BaseCandidates(on) {
			for _, i := range byBase.ops(b) {
				if s.Ops[i].Name == name {
					return int(i), true
				}
			}
		}
		return 0, false
	}

	var errs schema.ErrorList
	infos := make([]derivInfo, n) // by the op the entry is keyed on
	var order []int               // ops with an entry, in the order entries were added
	put := func(i int, info derivInfo) {
		if infos[i].entry == nil {
			order = append(order, i)
		}
		infos[i] = info
	}
	for k := range d.Entries {
		e := &d.Entries[k]
		// load_derivatives looks the entry's schema up as written; a
		// spelling that differs only in spacing is accepted too.
		name := e.Name
		if i := strings.IndexByte(name, '('); i >= 0 {
			name = strings.TrimSpace(name[:i])
		}
		si, ok := opNamed(name)
		if !ok || isViewCopy[si] || !sameText(s.Ops[si], e.Name) {
			f, err := schema.ParseFunc(e.Name)
			if err != nil {
				pos, msg := e.Pos, err.Error()
				if se, ok := err.(*schema.SyntaxError); ok {
					pos.Column += se.Offset
					msg = se.Msg
				}
				errs.Addf(pos, "derivatives entry %s: %s", name, msg)
				continue
			}
			si, ok = opNamed(f.Name.String())
			if !ok || isViewCopy[si] || opSchema(s.Ops[si]) != f.String() {
				errs.Addf(e.Pos, "derivatives entry %s: no op with this schema in %s", f.Name, s.Path)
				continue
			}
		}
		f := s.Ops[si].Func
		// canonical_function: among the ops with the same signature, the
		// one named like the entry that is neither a functional variant
		// nor out=, else the first.
		canonical, first := -1, -1
		for _, j32 := range byBase.ops(f.Name.Name.Base) {
			j := int(j32)
			if isViewCopy[j] || !full.equal(si, j) {
				continue
			}
			if first < 0 {
				first = j
			}
			g := s.Ops[j].Func
			if canonical < 0 && !strings.Contains(g.Name.Overload, "functional") && len(g.Out) == 0 && g.Name.Name == f.Name.Name {
				canonical = j
			}
		}
		if canonical < 0 {
			canonical = first
		}
		put(canonical, derivInfo{entry: e, canonical: s.Ops[canonical], has: hasDerivatives(s.Ops[canonical].Func, e)})
	}
	// add_view_copy_derivatives
	for _, i := range append([]int(nil), order...) {
		if vc, ok := viewCopyOf[i]; ok {
			info := infos[i]
			info.how = matchViewCopy
			put(vc, info)
		}
	}

	// match_differentiability_info: the last entry with a signature wins,
	// as in the dicts PyTorch builds.
	functional := make(map[uint64][]int32, len(order))
	nonFunctional := map[uint64][]int32{}
	infoBases := make(map[string]bool, len(order))
	for _, i := range order {
		h := stripped.of(i)
		if s.Ops[i].Kind == schema.Functional {
			functional[h] = append(functional[h], int32(i))
		} else {
			nonFunctional[h] = append(nonFunctional[h], int32(i))
		}
		infoBases[s.Ops[i].Func.Name.Name.Base] = true
	}
	lookup := func(m map[uint64][]int32, i int) (int, bool) {
		l := m[stripped.of(i)]
		for k := len(l) - 1; k >= 0; k-- {
			if stripped.equal(int(l[k]), i) {
				return int(l[k]), true
			}
		}
		return 0, false
	}
	out := infos
	for i, o := range s.Ops {
		if o.Generated && o.Kind == schema.Out {
			out[i] = derivInfo{} // "Don't bother matching info to generated out= variants"
			continue
		}
		if infos[i].entry != nil || !infoBases[o.Func.Name.Name.Base] {
			continue
		}
		if j, ok := lookup(functional, i); ok {
			out[i] = infos[j]
			out[i].how = matchFunctional
		} else if j, ok := lookup(nonFunctional, i); ok && o.Generated {
			out[i] = infos[j]
			out[i].how = matchMutable
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// sameText reports whether the op's schema is spelled text: an op of a
// yaml entry is compared with the entry's func text (torchgen's yaml text
// is its canonical form), others are printed.
func sameText(o *schema.Op, text string) bool {
	if o.Entry != nil && !o.Generated {
		ft := o.Entry.FuncText
		if i := strings.Index(ft, "::"); i >= 0 && i < strings.IndexByte(ft, '(') {
			ft = ft[i+2:]
		}
		if ft == text {
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

// baseGroups lists the ops of a schema by base name, in schema order.
type baseGroups struct {
	group map[string]int32 // base -> group
	start []int32          // group g is idx[start[g]:start[g+1]]
	idx   []int32
}

// groupByBase groups the ops of s by base name with one map and two
// slices (a counting sort), not a slice per base.
func groupByBase(s *schema.Schema) *baseGroups {
	g := &baseGroups{group: make(map[string]int32, len(s.Ops)/2)}
	of := make([]int32, len(s.Ops))
	var count []int32
	for i, o := range s.Ops {
		b := o.Func.Name.Name.Base
		k, ok := g.group[b]
		if !ok {
			k = int32(len(count))
			g.group[b] = k
			count = append(count, 0)
		}
		of[i] = k
		count[k]++
	}
	g.start = make([]int32, len(count)+1)
	for k, c := range count {
		g.start[k+1] = g.start[k] + c
	}
	next := append([]int32(nil), g.start[:len(count)]...)
	g.idx = make([]int32, len(s.Ops))
	for i, k := range of {
		g.idx[next[k]] = int32(i)
		next[k]++
	}
	return g
}

// ops returns the indexes of the ops with base name b.
func (g *baseGroups) ops(b string) []int32 {
	k, ok := g.group[b]
	if !ok {
		return nil
	}
	return g.idx[g.start[k]:g.start[k+1]]
}

// hasDerivatives reports whether some dispatch key of e has a backward
// formula for an argument of f (the entry's canonical op) that is not
// non_differentiable: DifferentiabilityInfo.has_derivatives.
func hasDerivatives(f *schema.Func, e *Derivative) bool {
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

// isCppArg reports whether name is an argument of f's C++ signature, where
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
	return !opts || !isTensorOptionName(name)
}

func isTensorOptionName(n string) bool {
	return n == "dtype" || n == "layout" || n == "device" || n == "pin_memory"
}

// isAbstract is torchgen's NativeFunction.is_abstract: the op has a
// structured delegate, or dispatch keys other than exactly
// CompositeImplicitAutograd and/or CompositeImplicitAutogradNestedTensor.
// Generated ops take it from the op they were generated from. Ops of
// schema lists carry no dispatch information and count as abstract.
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
	n := 0
	for _, d := range e.Dispatch {
		for _, k := range d.Keys {
			if k != schema.CompositeImplicitAutograd && k != schema.CompositeImplicitAutogradNestedTensor {
				return true
			}
			n++
		}
	}
	return n == 0
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
// implicit ones, so that it runs as a decomposition into other ops: its
// alias-annotated returns may or may not be views (strict's may-alias).
func compositeOnly(o *schema.Op) bool {
	return o.Entry != nil && !o.Generated && o.Entry.StructuredDelegate == "" && onlyImplicit(o.DispatchKeys)
}

// hasTensorLikeReturn reports whether some return is tensor-like
// (gen_differentiable_outputs without derivative information).
func hasTensorLikeReturn(f *schema.Func) bool {
	for i := range f.Returns {
		if f.Returns[i].Type.IsTensorLike() {
			return true
		}
	}
	return false
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

// FNV-1a, for the signature hashes.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// keyBuf builds signature keys in a reused buffer.
type keyBuf struct{ b []byte }

// A sigIndex hashes the signature keys of a schema's ops of one kind
// (stripped defaults or not, view_copy names or not), once per op.
type sigIndex struct {
	s                    *schema.Schema
	stripDefault, noCopy bool
	hash                 []uint64 // 0: not computed yet
	a, b                 keyBuf
}

func newSigIndex(s *schema.Schema, stripDefault, stripViewCopy bool) *sigIndex {
	return &sigIndex{s: s, stripDefault: stripDefault, noCopy: stripViewCopy, hash: make([]uint64, len(s.Ops))}
}

// of returns the hash of op i's key.
func (x *sigIndex) of(i int) uint64 {
	if x.hash[i] == 0 {
		h := uint64(fnvOffset)
		for _, c := range x.a.key(x.s.Ops[i].Func, x.stripDefault, x.noCopy) {
			h = (h ^ uint64(c)) * fnvPrime
		}
		x.hash[i] = h | 1
	}
	return x.hash[i]
}

// equal reports whether ops i and j have the same key.
func (x *sigIndex) equal(i, j int) bool {
	if i == j {
		return true
	}
	if x.of(i) != x.of(j) {
		return false
	}
	return bytes.Equal(x.a.key(x.s.Ops[i].Func, x.stripDefault, x.noCopy), x.b.key(x.s.Ops[j].Func, x.stripDefault, x.noCopy))
}

// key returns the signature key of f (see schema.Func.AppendSignatureKey),
// built in the buffer, which the next call reuses.
func (kb *keyBuf) key(f *schema.Func, stripDefault, stripViewCopy bool) []byte {
	kb.b = f.AppendSignatureKey(kb.b[:0], stripDefault, stripViewCopy)
	return kb.b
}
