package kernels

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// AssertsPath is the import path of the runtime the generated code calls:
// the default Tensor type is its Tensor.
const AssertsPath = "github.com/assertgen/assertgen/asserts"

// A GoType is a Go type as the type map spells it. Its core is a builtin,
// a type parameter or a package-qualified name, with type arguments when
// the named type is generic. Any number of pointer and slice markers may
// come before it. Examples:
//   - "int64", "[]int64", "*string", "any";
//   - "*github.com/you/rt.Tensor", "[]github.com/you/rt.Scalar";
//   - "*github.com/you/rt.Tensor[T]", T a type parameter the config
//     declares (see [TypeParam]);
//   - "*github.com/you/rt.Tensor[float32]", an instantiation.
type GoType struct {
	Prefix string // "*", "[]", "[]*", ...
	Path   string // import path; "" for builtins and type parameters
	Name   string
	// Args are the type arguments of a generic named type: Tensor[T]
	// has one, the type parameter T.
	Args []GoType
	// Param says Name is a type parameter of the generated code (one of
	// the config's type_params), not a builtin.
	Param bool
	// Interface says the named type is an interface type (nil is its
	// undefined tensor). Parsing cannot tell; the command sets it once it
	// has loaded the type's package (internal/discover).
	Interface bool
}

// ParseGoType parses a type map value that names no type parameter.
func ParseGoType(s string) (GoType, error) { return ParseGoTypeIn(s, nil) }

// ParseGoTypeIn parses a type map value in which the names of params
// stand for type parameters. params are the config's type parameters.
// They may stand in any place a type may: "*example.com/rt.Tensor[T]",
// "[]T".
func ParseGoTypeIn(s string, params []string) (GoType, error) {
	t, err := parseGoType(strings.TrimSpace(s), params, 0)
	if err != nil {
		return t, fmt.Errorf("invalid Go type %q: %v", s, err)
	}
	return t, nil
}

// maxTypeDepth bounds how deeply type arguments nest in a type map
// value, so that a hostile value cannot exhaust the stack.
const maxTypeDepth = 32

func parseGoType(rest string, params []string, depth int) (GoType, error) {
	t := GoType{}
	if depth > maxTypeDepth {
		return t, fmt.Errorf("type arguments nested more than %d deep", maxTypeDepth)
	}
	for strings.HasPrefix(rest, "*") || strings.HasPrefix(rest, "[]") {
		n := 1 + strings.Count(rest[:1], "[") // the length of "*" or "[]"
		t.Prefix, rest = t.Prefix+rest[:n], strings.TrimSpace(rest[n:])
	}
	if rest == "" {
		return t, fmt.Errorf("no type name")
	}
	args, generic := "", false
	if i := strings.IndexByte(rest, '['); i >= 0 {
		if !strings.HasSuffix(rest, "]") {
			return t, fmt.Errorf("%s: type arguments must end the type with ]", schema.Visible(rest))
		}
		rest, args, generic = strings.TrimSpace(rest[:i]), rest[i+1:len(rest)-1], true
	}
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		t.Path, t.Name = rest[:i], rest[i+1:]
		if t.Path == "" || strings.ContainsAny(t.Path, " \t*[]") {
			return t, fmt.Errorf("bad import path %q", t.Path)
		}
	} else {
		t.Name = rest
		switch {
		case slices.Contains(params, t.Name):
			t.Param = true
		case !isBuiltinType(t.Name) && len(params) > 0:
			return t, fmt.Errorf("%s is neither a builtin type nor a type parameter (type_params: declares %s); qualify it with its import path, e.g. example.com/rt.%s", schema.Visible(t.Name), strings.Join(params, ", "), schema.Visible(t.Name))
		case !isBuiltinType(t.Name) && depth > 0:
			return t, fmt.Errorf("%s is not a builtin type: declare it under type_params: for a type parameter, or qualify it with its import path, e.g. example.com/rt.%s", schema.Visible(t.Name), schema.Visible(t.Name))
		case !isBuiltinType(t.Name):
			return t, fmt.Errorf("%s is not a builtin type; qualify it with its import path, e.g. example.com/rt.%s", schema.Visible(t.Name), schema.Visible(t.Name))
		}
	}
	if !token.IsIdentifier(t.Name) || !token.IsExported(t.Name) && t.Path != "" {
		return t, fmt.Errorf("%s is not an exported identifier", schema.Visible(t.Name))
	}
	if !generic {
		return t, nil
	}
	if t.Path == "" {
		return t, fmt.Errorf("%s takes no type arguments: only a generic type of a package does", schema.Visible(t.Name))
	}
	for _, a := range splitArgs(args) {
		if strings.TrimSpace(a) == "" {
			return t, fmt.Errorf("%s: empty type argument", schema.Visible(t.Name))
		}
		at, err := parseGoType(strings.TrimSpace(a), params, depth+1)
		if err != nil {
			return t, err
		}
		t.Args = append(t.Args, at)
	}
	return t, nil
}

// A FuncRef names a package-level function by its import path and name,
// as the config spells it: "example.com/rt.Memory".
type FuncRef struct {
	Path string
	Name string
}

// ParseFuncRef parses a function reference.
func ParseFuncRef(s string) (FuncRef, error) {
	t, err := ParseGoType(s)
	if err == nil && (t.Prefix != "" || t.Path == "" || t.Args != nil) {
		err = fmt.Errorf("invalid function %q: want an import path and an exported function name, e.g. example.com/rt.Memory", s)
	}
	if err != nil {
		return FuncRef{}, fmt.Errorf("%s", strings.Replace(err.Error(), "Go type", "function", 1))
	}
	return FuncRef{t.Path, t.Name}, nil
}

func (f FuncRef) String() string { return f.Path + "." + f.Name }

// SplitTypeList splits a comma-separated list of Go types at its
// top-level commas: a flag's "float32, example.com/rt.Pair[int,
// float64]". Each type is trimmed, and empty ones are dropped.
func SplitTypeList(s string) []string {
	var out []string
	for _, t := range splitArgs(s) {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// splitArgs splits a type argument list at its top-level commas.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// isBuiltinType reports whether name is a predeclared Go type.
func isBuiltinType(name string) bool {
	_, ok := types.Universe.Lookup(name).(*types.TypeName)
	return ok && name != "comparable"
}

func (t GoType) String() string { return t.spell(func(t GoType) string { return t.Path }) }

// Display spells the type for messages, with the package's last path
// element for its import path: "*rt.Tensor", "*rt.Tensor[T]".
func (t GoType) Display() string {
	return t.spell(func(t GoType) string { return t.Path[strings.LastIndexByte(t.Path, '/')+1:] })
}

// spell spells t with pkg naming the package of a qualified type.
func (t GoType) spell(pkg func(GoType) string) string {
	var b strings.Builder
	b.WriteString(t.Prefix)
	if t.Path != "" {
		b.WriteString(pkg(t))
		b.WriteByte('.')
	}
	b.WriteString(t.Name)
	if len(t.Args) > 0 {
		b.WriteByte('[')
		for i, a := range t.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.spell(pkg))
		}
		b.WriteByte(']')
	}
	return b.String()
}

// Origin is t without its type arguments: the generic type itself,
// whose method set every instantiation has ("*example.com/rt.Tensor" for
// "*example.com/rt.Tensor[T]").
func (t GoType) Origin() GoType {
	t.Args = nil
	return t
}

// Params returns the type parameters t names, in the order they first
// appear, each once.
func (t GoType) Params() []string {
	var out []string
	var walk func(GoType)
	walk = func(t GoType) {
		if t.Param && !slices.Contains(out, t.Name) {
			out = append(out, t.Name)
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(t)
	return out
}

// Nillable reports whether nil is a value of the type: a pointer, a slice
// or an interface. The interfaces are any, error, asserts.Tensor and the
// types the command found to be one (Interface).
func (t GoType) Nillable() bool {
	return t.Prefix != "" || t.Interface || t.Path == "" && !t.Param && (t.Name == "any" || t.Name == "error") || t.Path == AssertsPath && t.Name == "Tensor"
}

// A TypeParam is a type parameter of the generated code. The wrappers of
// a generic tensor type are generic: func AddTensor[T C](self
// *rt.Tensor[T], ...). The parameter is named as the config names it and
// constrained as the tensor type constrains it.
type TypeParam struct {
	Name string
	// Constraint is the constraint's type set. It is a union of terms
	// (float32 | float64, ~float32 | ~float64), or one term naming a
	// constraint (example.com/rt.Float, any).
	Constraint []Term
	// Instances are the type arguments the config names for it: the
	// element types to check. The generated code instantiates every
	// kernel with each, as a compile-time guard. init's tests run on
	// each.
	Instances []GoType
}

// A Term is one term of a constraint's union: ~T when Tilde.
type Term struct {
	Tilde bool
	Type  GoType
}

// String spells the constraint as Go does: "~float32 | ~float64".
func (p TypeParam) String() string {
	parts := make([]string, len(p.Constraint))
	for i, t := range p.Constraint {
		parts[i] = t.Type.Display()
		if t.Tilde {
			parts[i] = "~" + parts[i]
		}
	}
	return p.Name + " " + strings.Join(parts, " | ")
}

// A TypeMap maps schema types to Go types. A key is a schema type's
// spelling:
//   - a base type: "Tensor", "int", "Scalar";
//   - a list or optional form: "int[]", "Tensor?", "Tensor?[]", "int[]?";
//   - a custom class: "__torch__.torch.classes.ns.Name".
//
// Sized lists (int[2]) use the "int[]" entry. What the map leaves out
// follows the defaults of DefaultTypes and the structural rules of
// GoTypeOf.
type TypeMap map[string]GoType

// DefaultTypes returns the default mapping of every base type.
func DefaultTypes() TypeMap {
	m := TypeMap{}
	set := func(k, v string) {
		t, err := ParseGoType(v)
		if err != nil {
			panic(err)
		}
		m[k] = t
	}
	set("Tensor", AssertsPath+".Tensor")
	for _, k := range []string{"int", "SymInt"} {
		set(k, "int64")
	}
	for _, k := range []string{"float", "SymFloat"} {
		set(k, "float64")
	}
	for _, k := range []string{"bool", "SymBool"} {
		set(k, "bool")
	}
	for _, k := range []string{"ScalarType", "Layout", "MemoryFormat", "QScheme", "DeviceIndex"} {
		set(k, "int")
	}
	for _, k := range []string{"str", "Device", "Dimname"} {
		set(k, "string")
	}
	set("DimVector", "[]int64")
	for _, k := range []string{"Scalar", "Generator", "Storage", "Stream", "ConstQuantizerPtr", "GraphModule"} {
		set(k, "any")
	}
	return m
}

// Merge returns m with the entries of over replacing its own.
func (m TypeMap) Merge(over TypeMap) TypeMap {
	out := make(TypeMap, len(m)+len(over))
	maps.Copy(out, m)
	maps.Copy(out, over)
	return out
}

// GoTypeOf returns the Go type of a schema type. An entry for the type's
// exact spelling wins; sizes are dropped, so int[2] looks up "int[]".
// Otherwise:
//   - T? is *G for a base type G, and G itself for tensors, lists and other
//     nillable types (nil stands for None);
//   - T[] is []G;
//   - a custom class without an entry is any.
//
// It takes time linear in the depth of t. Only the levels of t no deeper
// than the deepest key of m are spelled out to look them up. So a type
// nested 10,000 deep costs no more than 10,000 levels of work.
func (m TypeMap) GoTypeOf(t *schema.Type) (GoType, error) {
	// chain holds t and the types it wraps, outermost first.
	chain := []*schema.Type{t}
	for u := t; u.Kind == schema.OptionalKind || u.Kind == schema.ListKind; u = u.Elem {
		chain = append(chain, u.Elem)
	}
	inner := len(chain) - 1
	// The outermost level with an entry for its spelling gives the type; a
	// level wrapped in more ? and [] than any key has none.
	at := -1
	var g GoType
	for i := max(0, inner-m.maxKeyDepth()); i <= inner && at < 0; i++ {
		if v, ok := m[typeKey(chain[i])]; ok {
			g, at = v, i
		}
	}
	if at < 0 {
		switch u := chain[inner]; u.Kind {
		case schema.BaseKind:
			v, ok := m[u.Base.String()]
			if !ok {
				return GoType{}, fmt.Errorf("no Go type for %s in the type map", u.Base)
			}
			g = v
		case schema.ClassKind:
			g = GoType{Name: "any"}
		default:
			return GoType{}, fmt.Errorf("no Go type for %s in the type map", u)
		}
		at = inner
	}
	// Wrap it in the levels above, innermost first: markers are collected
	// outermost first and joined once.
	tensorLike := chain[inner].IsTensorLike()
	var markers []string
	nillable := g.Nillable()
	for i := at - 1; i >= 0; i-- {
		switch chain[i].Kind {
		case schema.OptionalKind:
			if tensorLike || nillable {
				continue
			}
			markers = append(markers, "*")
		default: // ListKind
			markers = append(markers, "[]")
		}
		nillable = true
	}
	if len(markers) > 0 {
		slices.Reverse(markers)
		g.Prefix = strings.Join(markers, "") + g.Prefix
	}
	return g, nil
}

// maxKeyDepth is the most ? and [] markers any key of m ends with.
func (m TypeMap) maxKeyDepth() int {
	most := 0
	for k := range m {
		n := 0
		for {
			if k2, ok := strings.CutSuffix(k, "?"); ok {
				k, n = k2, n+1
			} else if k2, ok := strings.CutSuffix(k, "[]"); ok {
				k, n = k2, n+1
			} else {
				break
			}
		}
		most = max(most, n)
	}
	return most
}

// typeKey spells a type for the type map: like String, without list sizes.
func typeKey(t *schema.Type) string {
	switch t.Kind {
	case schema.OptionalKind:
		return typeKey(t.Elem) + "?"
	case schema.ListKind:
		return typeKey(t.Elem) + "[]"
	}
	return t.String()
}
