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

// ParseSelector parses an op selector as allowlists and explain take it:
// "name.overload" or "name" (one op: the overload, or the op without
// one), or "name.*" (every overload of name: every is true). It is the
// one place a selector is cut; the name is read by [ParseOperatorName],
// whose error it returns for anything else.
func ParseSelector(s string) (n OperatorName, every bool, err error) {
	if name, ok := strings.CutSuffix(s, ".*"); ok {
		n, err = ParseOperatorName(name)
		if err == nil && n.Overload != "" {
			dot := len(name) - len(n.Overload)
			return OperatorName{}, true, &SyntaxError{Offset: dot, Msg: fmt.Sprintf("invalid overload name %q", s[dot:])}
		}
		return n, true, err
	}
	n, err = ParseOperatorName(s)
	return n, false, err
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
