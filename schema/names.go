package schema

import (
	"fmt"
	"strings"
)

// CppName returns PyTorch's C++ name of f (torchgen's cpp.name): the
// printed base name ([BaseName.String], with its in-place "_"), plus "_out"
// when f has out= arguments: "add", "add_", "add_out".
func (f *Func) CppName() string {
	if len(f.Out) > 0 {
		return f.Name.Name.String() + "_out"
	}
	return f.Name.Name.String()
}

// WrapperName returns the name PyTorch gives f's VariableType kernel
// (torchgen's type_wrapper_name): the C++ name, plus "_" and the overload
// if any: "add_Tensor", "add_out_out", "dequantize_self".
func (f *Func) WrapperName() string {
	if f.Name.Overload != "" {
		return f.CppName() + "_" + f.Name.Overload
	}
	return f.CppName()
}

// CutNamespace cuts the namespace off a schema text "ns::name(...)": ns is
// the text before the first "::" when no "(" or space precedes it (found
// false otherwise: the text has no namespace). Callers check that ns is
// an identifier. It is the one place a namespace is cut off an op.
func CutNamespace(text string) (ns, rest string, found bool) {
	ns, rest, found = strings.Cut(text, "::")
	if !found || strings.ContainsAny(ns, "( ") {
		return "", text, false
	}
	return ns, rest, true
}

// FuncName returns the operator name a schema text starts with, as
// written: the text before "(", without surrounding spaces ("add.Tensor"
// for "add.Tensor(Tensor self) -> Tensor"). It does not validate the name
// ([ParseFunc] does); with [CutNamespace] and [ParseSelector] it is one of
// the places, all here, that cut an op's text.
func FuncName(text string) string {
	name, _, _ := strings.Cut(text, "(")
	return strings.TrimSpace(name)
}

// A Selector selects ops by name. It is the one syntax of every list of
// ops: a config's ops: (and -ops), the names plan and explain take, and
// allowlist entries (match: selector):
//
//   - "*": every op;
//   - "name.*": every overload of name, the op without an overload name
//     included ("sum.*" selects sum and sum.dim_IntList; "add.*" selects
//     add.Tensor and add.out, not add_.Tensor);
//   - "name.overload" or "name": the op of exactly that name.
type Selector struct {
	Name  OperatorName // the op's name; for name.*, Overload is ""; zero for *
	Every bool         // name.* or *: every overload
	All   bool         // *: every op
}

// ParseSelector parses an op selector (see [Selector]). It is the one
// place a selector is cut; the name is read by [ParseOperatorName], whose
// error it returns for anything else but a pattern, for which the error
// says what a selector is.
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

// CppNameBases returns every base ([BaseName].Base) of an op whose C++
// name ([Func.CppName]) can be name: those of name read as a printed
// base name, then, when name ends in "_out", those of the rest. It may
// list bases no op has; it never misses one.
func CppNameBases(name string) []string {
	bs := baseCandidates(name)
	if t, ok := strings.CutSuffix(name, "_out"); ok && t != "" {
		bs = append(bs, baseCandidates(t)...)
	}
	return bs
}

// baseCandidates returns every base whose printed name
// ([BaseName.String]) can be name, name itself first: "add_" is add_ or
// add, "__iand__" is __iand__, iand or and, "foo_functional" foo.
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
