package schema

import "strings"

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

// BaseCandidates returns every base ([BaseName].Base) whose printed name
// ([BaseName.String]) can be name, name itself first: "add_" is add_ or
// add, "__iand__" is __iand__, iand or and, "foo_functional" foo. It may
// list bases no op has; it never misses one.
func BaseCandidates(name string) []string {
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
