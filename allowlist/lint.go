package allowlist

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema"
)

// Lint checks the entries of l that do not come from the built-in
// defaults against s. Each problem is an error at the entry's
// file:line:col. The result is a sorted [schema.ErrorList], nil when there
// is none. The problems are:
//
//   - unknown op: the entry selects no op. Its op is close to a name of
//     the schema, a typo: the message suggests the closest name. Or it
//     names a base that only has overloads: "add" instead of "add.*".
//   - stale entry: the entry selects no op and nothing close exists (an op
//     that was removed or renamed);
//   - duplicate: two user entries say the same thing;
//   - unknown argument or return: no op the entry selects has the argument
//     or the return it names;
//   - no effect: a views entry for ops none of whose returns could be a
//     view (in-place and out= returns, no tensor return).
//
// Built-in entries are never reported here, since PyTorch's lists name ops
// of several releases: see [Unmatched].
func (l *List) Lint(s *schema.Schema) error {
	var errs schema.ErrorList
	var nm *names
	first := map[string]*Entry{}
	ops := newOpsByBase(s)
	for _, e := range l.Entries {
		if e.Builtin {
			continue
		}
		if prev, ok := first[e.key(true)]; ok {
			errs.Addf(e.Pos, "duplicate %s entry for %s: same as the entry at %s", e.Category, e.Op, prev.Pos)
			continue
		}
		first[e.key(true)] = e
		ops := ops.matching(e)
		if len(ops) == 0 {
			if nm == nil {
				nm = newNames(s)
			}
			errs.Add(e.Pos, nm.noMatch(e, s))
			continue
		}
		if e.Arg != "" && !slices.ContainsFunc(ops, func(o *schema.Op) bool { return o.Func.Arg(e.Arg) != nil }) {
			errs.Addf(e.ArgPos, "%s: unknown argument %q of %s (arguments: %s)", e.Category, e.Arg, e.Op, argNames(ops[0]))
		}
		if e.Arg != "" && e.Category == Skip && e.Check == checks.DistinctOutputs {
			errs.Addf(e.ArgPos, "skip: distinct_outputs is a check of the whole op: it takes no arg")
		}
		if e.Category == Views && (e.Profiles == nil || slices.Contains(e.Profiles, "strict")) &&
			!slices.ContainsFunc(ops, canView) {
			errs.Addf(e.Pos, "views: no effect on %s: it returns no tensor that could be a view (its tensor returns, if any, are the arguments it writes)", e.Op)
		}
		if e.Ret >= 0 && !slices.ContainsFunc(ops, func(o *schema.Op) bool { return e.Ret < len(o.Func.Returns) }) {
			errs.Addf(e.RetPos, "%s: unknown return %d of %s (it has %d)", e.Category, e.Ret, e.Op, len(ops[0].Func.Returns))
		}
	}
	return errs.Err()
}

// opsByBase holds a schema's ops by base name. The ops an entry selects
// are then searched among those of its candidate bases only. Searching all
// ops, linting a user list of 80,000 entries against the 3,103 ops of
// 2.14.1 takes 20 s.
type opsByBase struct {
	s      *schema.Schema
	byBase map[string][]int // base name -> indexes in s.Ops, ascending
}

func newOpsByBase(s *schema.Schema) *opsByBase {
	m := &opsByBase{s: s, byBase: map[string][]int{}}
	for i, o := range s.Ops {
		b := o.Func.Name.Name.Base
		m.byBase[b] = append(m.byBase[b], i)
	}
	return m
}

// matching returns the ops e selects (those [Entry.Matches]), in schema
// order.
func (m *opsByBase) matching(e *Entry) []*schema.Op {
	var idx []int
	var seen []string
	for _, b := range e.candidateBases() {
		if slices.Contains(seen, b) {
			continue
		}
		seen = append(seen, b)
		for _, i := range m.byBase[b] {
			if e.Matches(m.s.Ops[i].Func) {
				idx = append(idx, i)
			}
		}
	}
	slices.Sort(idx)
	out := make([]*schema.Op, len(idx))
	for j, i := range idx {
		out[j] = m.s.Ops[i]
	}
	return out
}

func argNames(o *schema.Op) string {
	var ns []string
	for _, a := range o.Func.Args() {
		ns = append(ns, a.Name)
	}
	if len(ns) == 0 {
		return "none"
	}
	return strings.Join(ns, ", ")
}

// Unmatched returns the built-in entries of l that select no op of s, in
// list order. Some are for ops of other PyTorch releases. Others are dead
// in PyTorch itself: sparse_coo_tensor_with_dims_and_tensors in the view
// table, the dunder names of DONT_REQUIRE_DERIVATIVE. They are
// information, not errors. `assertgen vet` lists them, so that no default
// drops from view silently.
func Unmatched(l *List, s *schema.Schema) []*Entry {
	var builtin []*Entry
	for _, e := range l.Entries {
		if e.Builtin {
			builtin = append(builtin, e)
		}
	}
	ix := newIndex(s, builtin)
	used := map[*Entry]bool{}
	for _, es := range ix.byOp {
		for _, e := range es {
			used[e] = true
		}
	}
	var out []*Entry
	for _, e := range builtin {
		if !used[e] {
			out = append(out, e)
		}
	}
	return out
}

// names holds the names of a schema's ops in each match kind's form, for
// suggestions.
type names struct {
	byMatch [numMatches][]string
	bases   map[string][]string // selector name -> overloads, in schema order
	list    *schema.OpList      // the ops, for a selector's words (made at the first)
}

func newNames(s *schema.Schema) *names {
	nm := &names{bases: map[string][]string{}}
	seen := [numMatches]map[string]bool{}
	for i := range seen {
		seen[i] = map[string]bool{}
	}
	add := func(m Match, n string) {
		if !seen[m][n] {
			seen[m][n] = true
			nm.byMatch[m] = append(nm.byMatch[m], n)
		}
	}
	for _, o := range s.Ops {
		f := o.Func
		add(Selector, o.Name)
		on := f.Name.Name.String()
		if f.Name.Overload != "" {
			add(Selector, on+".*")
		}
		nm.bases[on] = append(nm.bases[on], o.Name)
		add(BaseName, f.Name.Name.Base)
		add(CppName, f.CppName())
		add(WrapperName, f.WrapperName())
	}
	return nm
}

// noMatch explains why e selects no op: a likely typo, a base name used
// where overloads exist, or a stale entry. For an op selector, the words
// are schema.OpList.SelectsNone's, as for every list of ops.
func (nm *names) noMatch(e *Entry, s *schema.Schema) string {
	op := e.Op
	if e.Match == Selector {
		if nm.list == nil {
			nm.list = s.OpList()
		}
		msg, stale := nm.list.SelectsNone(op, true)
		if stale {
			return fmt.Sprintf("%s: stale entry: %s", e.Category, msg)
		}
		return fmt.Sprintf("%s: %s", e.Category, msg)
	}
	if best := schema.Near(op, nm.byMatch[e.Match]); len(best) > 0 {
		return fmt.Sprintf("%s: unknown op %q%s", e.Category, op, schema.Suggest(strconv.Quote(best[0])))
	}
	return fmt.Sprintf("%s: stale entry: no op with %s %q in %s", e.Category, e.Match, op, s.Path)
}

// Suggest returns up to n names of s close to name, nearest first, for
// "unknown op" messages elsewhere. The names are op names
// ("transpose.int"), names with overloads ("transpose") and "name.*"
// forms.
func Suggest(s *schema.Schema, name string, n int) []string {
	nm := newNames(s)
	cands := slices.Clone(nm.byMatch[Selector])
	for _, o := range s.Ops {
		if o.Func.Name.Overload != "" {
			if on := o.Func.Name.Name.String(); nm.bases[on][0] == o.Name {
				cands = append(cands, on)
			}
		}
	}
	out := schema.Near(name, cands)
	return out[:min(n, len(out))]
}

// canView reports whether a views entry changes the strict plan of o. It
// does when o has a tensor return that is alias-annotated without a
// write, or an unannotated one of a functional or mutable op.
func canView(o *schema.Op) bool {
	f := o.Func
	for i := range f.Returns {
		r := &f.Returns[i]
		switch {
		case r.Type.TensorForm() == schema.NotTensor:
		case r.Annotation != nil && !r.IsWrite():
			return true
		case r.Annotation == nil && (o.Kind == schema.Functional || o.Kind == schema.Mutable):
			return true
		}
	}
	return false
}
