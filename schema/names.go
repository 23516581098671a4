package schema

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// A Selector selects ops by name. It is the one syntax of every list of
// ops: a config's ops: (and -ops), the names plan and explain take, and
// allowlist entries (match: selector). Its forms are:
//
//   - "*": every op;
//   - "name.*": every overload of name, the op without an overload name
//     included. "sum.*" selects sum and sum.dim_IntList; "add.*" selects
//     add.Tensor and add.out, not add_.Tensor.
//   - "name.overload" or "name": the op of exactly that name.
type Selector struct {
	Name  OperatorName // the op's name; for name.*, Overload is ""; zero for *
	Every bool         // name.* or *: every overload
	All   bool         // *: every op
}

// ParseSelector parses an op selector (see [Selector]). It is the one
// place a selector is cut. [ParseOperatorName] reads the name, and
// ParseSelector returns its error for anything but a pattern. For a
// pattern, the error says what a selector is.
func ParseSelector(s string) (Selector, error) {
	if s == "*" {
		return Selector{Every: true, All: true}, nil
	}
	name, every := strings.CutSuffix(s, ".*")
	if i := strings.IndexAny(name, "*?[\\"); i >= 0 {
		return Selector{}, &SyntaxError{Offset: i, Msg: fmt.Sprintf("%q is not an op selector (an op name, name.* for its overloads or * for every op)", s)}
	}
	n, err := ParseOperatorName(name)
	if err == nil && every && n.Overload != "" {
		dot := len(name) - len(n.Overload)
		return Selector{}, &SyntaxError{Offset: dot, Msg: fmt.Sprintf("invalid overload name %q", s[dot:])}
	}
	return Selector{Name: n, Every: every}, err
}

// Matches reports whether s selects the op named n.
func (s Selector) Matches(n OperatorName) bool {
	switch {
	case s.All:
		return true
	case s.Every:
		return n.Name == s.Name.Name
	}
	return n == s.Name
}

func (s Selector) String() string {
	switch {
	case s.All:
		return "*"
	case s.Every:
		return s.Name.String() + ".*"
	}
	return s.Name.String()
}

// An OpList is the ops selectors are checked against, for
// [OpList.SelectsNone]: their names, each spelled once, and where they
// come from.
type OpList struct {
	in      string         // where the ops come from: a schema's path, "the plan"
	names   []OperatorName // in order
	spelled []string       // names[i].String()
	near    []string       // the candidates of a near name: each op, and a name with overloads, bare and as name.*
}

// NewOpList returns the list of the ops named names, which come from in
// (a schema's path, "the plan": the messages say so).
func NewOpList(in string, names []OperatorName) *OpList {
	l := &OpList{in: in, names: names, spelled: make([]string, len(names))}
	every := map[BaseName]bool{}
	for i, n := range names {
		l.spelled[i] = n.String()
		l.near = append(l.near, l.spelled[i])
		if n.Overload != "" && !every[n.Name] {
			every[n.Name] = true
			l.near = append(l.near, n.Name.String(), n.Name.String()+".*")
		}
	}
	return l
}

// OpList returns the list of s's ops, which come from s.Path.
func (s *Schema) OpList() *OpList {
	names := make([]OperatorName, len(s.Ops))
	for i, o := range s.Ops {
		names[i] = o.Func.Name
	}
	return NewOpList(s.Path, names)
}

// SelectsNone explains why the selector text selects no op of l, or
// returns "" when it selects one. It is the one text of a selector
// without an op, in whatever list of ops it is written:
//   - a config's ops: and -ops, and the names plan takes (package config);
//   - an allowlist's entries (allowlist.List.Lint);
//   - the selectors a plan is narrowed to (plan.Plan.Select).
//
// near asks for the closest names. That is a search of the list, which a
// caller checking thousands of selectors bounds. The explanations are:
//
//   - a text that is no selector: [ParseSelector]'s words. A path.Match
//     pattern such as "add*" also gets up to four selectors of what it
//     matches: "write add.*, add_.* instead".
//   - a name of which only overloads exist: name.* selects them all, and
//     the first three are named.
//   - name.* that selects nothing, or any other name (an unknown op). With
//     near, the closest names follow: the first three, nearest first, a
//     name with overloads as name.*.
//
// stale reports the last case when near found nothing close. That is an
// op of another release, or one removed or renamed; allowlist's lint
// calls it a stale entry.
func (l *OpList) SelectsNone(text string, near bool) (msg string, stale bool) {
	sel, err := ParseSelector(text)
	if err == nil && slices.ContainsFunc(l.names, sel.Matches) {
		return "", false
	}
	if err != nil && strings.ContainsAny(text, `*?[\`) {
		return l.notSelector(text), false
	}
	var overloads []string
	for i, n := range l.names {
		if err == nil && !sel.Every && n.Name == sel.Name.Name && sel.Name.Overload == "" {
			overloads = append(overloads, l.spelled[i])
		}
	}
	switch {
	case len(overloads) > 0:
		return fmt.Sprintf("unknown op %q: it has only overloads; use %s.* for all of them, or one of %s", text, text, firstOf(overloads, 3, "...")), false
	case err == nil && sel.Every:
		msg = fmt.Sprintf("%q selects no op of %s", text, l.in)
	default:
		msg = fmt.Sprintf("unknown op %q in %s", text, l.in)
	}
	if !near {
		return msg, false
	}
	var closest []string // a bare name with overloads as name.*
	for _, c := range Near(text, l.near) {
		if !slices.Contains(l.spelled, c) && !strings.HasSuffix(c, ".*") {
			c += ".*"
		}
		if !slices.Contains(closest, c) {
			closest = append(closest, c)
		}
		if len(closest) == 3 {
			break
		}
	}
	return msg + Suggest(closest...), len(closest) == 0
}

// notSelector explains a pattern that is no op selector, such as the
// path.Match pattern "add*". It names the selectors that select what the
// pattern matches in l: name.* for a name all of whose overloads it
// matches, the op names otherwise (the first four).
func (l *OpList) notSelector(pat string) string {
	msg := fmt.Sprintf("%q is not an op selector (an op name, name.* for its overloads or * for every op)", pat)
	matched := map[BaseName]int{} // overloads of a name that pat matches
	all := map[BaseName]int{}
	var order []BaseName
	for i, n := range l.names {
		all[n.Name]++
		if ok, _ := path.Match(pat, l.spelled[i]); ok {
			if matched[n.Name] == 0 {
				order = append(order, n.Name)
			}
			matched[n.Name]++
		}
	}
	var fix []string
	for _, b := range order {
		if matched[b] == all[b] {
			fix = append(fix, b.String()+".*")
			continue
		}
		for i, n := range l.names {
			if ok, _ := path.Match(pat, l.spelled[i]); ok && n.Name == b {
				fix = append(fix, l.spelled[i])
			}
		}
	}
	if len(fix) == 0 {
		return msg
	}
	return msg + ": write " + firstOf(fix, 4, fmt.Sprintf("... (%d in all)", len(fix))) + " instead"
}

// firstOf joins the first n of names, and more after them when there are
// more than n.
func firstOf(names []string, n int, more string) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(append(slices.Clip(names[:n]), more), ", ")
}

// CppNameBases returns every base ([BaseName].Base) of an op whose C++
// name ([Func.CppName]) can be name. Those are the bases of name read as
// a printed base name, then, when name ends in "_out", those of the rest.
// It may list bases no op has; it never misses one.
func CppNameBases(name string) []string {
	bs := baseCandidates(name)
	if t, ok := strings.CutSuffix(name, "_out"); ok && t != "" {
		bs = append(bs, baseCandidates(t)...)
	}
	return bs
}

// baseCandidates returns every base whose printed name ([BaseName.String])
// can be name, name itself first. "add_" is add_ or add; "__iand__" is
// __iand__, iand or and; "foo_functional" is foo.
func baseCandidates(name string) []string {
	bs := []string{name}
	if len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") {
		inner := name[2 : len(name)-2]
		bs = append(bs, inner)
		if rest, ok := strings.CutPrefix(inner, "i"); ok {
			bs = append(bs, rest)
		}
	}
	if t, ok := strings.CutSuffix(name, "_"); ok {
		bs = append(bs, t)
	}
	if t, ok := strings.CutSuffix(name, "_functional"); ok {
		bs = append(bs, t)
	}
	return bs
}
