package funcschema

import (
	"strings"
)

// CppName returns PyTorch's C++ name of f (torchgen's cpp.name). It is the
// printed base name ([BaseName.String], with its in-place "_"), plus
// "_out" when f has out= arguments: "add", "add_", "add_out".
func (f *Func) CppName() string {
	if len(f.Out) > 0 {
		return f.Name.Name.String() + "_out"
	}
	return f.Name.Name.String()
}

// WrapperName returns the name PyTorch gives f's VariableType kernel
// (torchgen's type_wrapper_name). It is the C++ name, plus "_" and the
// overload if any: "add_Tensor", "add_out_out", "dequantize_self".
func (f *Func) WrapperName() string {
	if f.Name.Overload != "" {
		return f.CppName() + "_" + f.Name.Overload
	}
	return f.CppName()
}

// CutNamespace cuts the namespace off a schema text "ns::name(...)". ns is
// the text before the first "::" when no "(" or space precedes it.
// Otherwise the text has no namespace, and found is false. Callers check
// that ns is an identifier. It is the one place a namespace is cut off an
// op.
func CutNamespace(text string) (ns, rest string, found bool) {
	ns, rest, found = strings.Cut(text, "::")
	if !found || strings.ContainsAny(ns, "( ") {
		return "", text, false
	}
	return ns, rest, true
}

// FuncName returns the operator name a schema text starts with, as
// written: the text before "(", without surrounding spaces. It is
// "add.Tensor" for "add.Tensor(Tensor self) -> Tensor". It does not
// validate the name; [ParseFunc] does. FuncName, [CutNamespace] and
// package schema's ParseSelector are the places that cut an op's text.
func FuncName(text string) string {
	name, _, _ := strings.Cut(text, "(")
	return strings.TrimSpace(name)
}
