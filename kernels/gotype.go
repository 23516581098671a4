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

// A GoType is a Go type as the type map spells it: a builtin or a
// package-qualified name, behind any number of pointer and slice markers:
// "int64", "[]int64", "*string", "*github.com/you/rt.Tensor",
// "[]github.com/you/rt.Scalar", "any".
type GoType struct {
	Prefix string // "*", "[]", "[]*", ...
	Path   string // import path; "" for builtins
	Name   string
}

// ParseGoType parses a type map value.
func ParseGoType(s string) (GoType, error) {
	t := GoType{}
	rest := strings.TrimSpace(s)
	for strings.HasPrefix(rest, "*") || strings.HasPrefix(rest, "[]") {
		n := 1 + strings.Count(rest[:1], "[") // the length of "*" or "[]"
		t.Prefix, rest = t.Prefix+rest[:n], rest[n:]
	}
	if rest == "" {
		return t, fmt.Errorf("invalid Go type %q: no type name", s)
	}
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		t.Path, t.Name = rest[:i], rest[i+1:]
		if t.Path == "" || strings.ContainsAny(t.Path, " \t*[]") {
			return t, fmt.Errorf("invalid Go type %q: bad import path %q", s, t.Path)
		}
	} else {
		t.Name = rest
		if !isBuiltinType(t.Name) {
			return t, fmt.Errorf("invalid Go type %q: %s is not a builtin type; qualify it with its import path, e.g. example.com/rt.%s", s, schema.Visible(t.Name), schema.Visible(t.Name))
		}
	}
	if !token.IsIdentifier(t.Name) || !token.IsExported(t.Name) && t.Path != "" {
		return t, fmt.Errorf("invalid Go type %q: %s is not an exported identifier", s, schema.Visible(t.Name))
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
	if err == nil && (t.Prefix != "" || t.Path == "") {
		err = fmt.Errorf("invalid function %q: want an import path and an exported function name, e.g. example.com/rt.Memory", s)
	}
	if err != nil {
		return FuncRef{}, fmt.Errorf("%s", strings.Replace(err.Error(), "Go type", "function", 1))
	}
	return FuncRef{t.Path, t.Name}, nil
}

func (f FuncRef) String() string { return f.Path + "." + f.Name }

// isBuiltinType reports whether name is a predeclared Go type.
func isBuiltinType(name string) bool {
	_, ok := types.Universe.Lookup(name).(*types.TypeName)
	return ok && name != "comparable"
}

func (t GoType) String() string {
	if t.Path == "" {
		return t.Prefix + t.Name
	}
	return t.Prefix + t.Path + "." + t.Name
}

// Display spells the type for messages, with the package's last path
// element for its import path: "*rt.Tensor".
func (t GoType) Display() string {
	if t.Path == "" {
		return t.Prefix + t.Name
	}
	return t.Prefix + t.Path[strings.LastIndexByte(t.Path, '/')+1:] + "." + t.Name
}

// Nillable reports whether nil is a value of the type: a pointer, a slice,
// or an interface (only known for any and asserts.Tensor).
func (t GoType) Nillable() bool {
	return t.Prefix != "" || t.Name == "any" || t.Name == "error" || t.Path == AssertsPath && t.Name == "Tensor"
}

// A TypeMap maps schema types to Go types. Keys are schema type spellings:
// a base type ("Tensor", "int", "Scalar"), a list or optional form ("int[]",
// "Tensor?", "Tensor?[]", "int[]?"), or a custom class
// ("__torch__.torch.classes.ns.Name"). Sized lists (int[2]) use the "int[]"
// entry. What the map leaves out follows the defaults of DefaultTypes and
// the structural rules of GoTypeOf.
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
// exact spelling wins (sizes dropped: int[2] looks up "int[]"); otherwise
//   - T? is *G for a base type G, and G itself for tensors, lists and other
//     nillable types (nil stands for None);
//   - T[] is []G;
//   - a custom class without an entry is any.
//
// It takes time linear in the depth of t: only the levels of t no deeper
// than the deepest key of m are spelled out to look them up (a type
// nested 10,000 deep costs no more than 10,000 levels of work).
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
