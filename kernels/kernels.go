// Package kernels is the model of a kernels package as gen sees it: its
// exported functions and their signatures, as typed values. It only holds
// data. The assertgen command finds the functions, loading the package
// with go/packages. So gen, which prints, needs no package loader.
package kernels

import (
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// A Set is the exported functions of a kernels package, for function
// mode. It is not the Kernels interface that interface mode generates.
type Set struct {
	Path  string // import path
	Name  string // package name
	Funcs map[string]*Kernel
	// Metadata holds the Go types of the package and its imports whose
	// method set has asserts.Metadata's MetadataFingerprint() (uint64,
	// bool). Their same_metadata rows need no type assertion. Types are
	// spelled as GoType spells them, such as "*example.com/rt.Tensor".
	Metadata map[string]bool
	// Anchored holds, in the same spelling, the types whose method set
	// has asserts.Anchored's StorageAnchor() unsafe.Pointer. For a runtime
	// without use counts, the wrappers read their anchors without a type
	// assertion.
	Anchored map[string]bool
	// Scanned holds the import paths of the packages whose types Metadata
	// and Anchored cover: the package and its imports. A type of one of
	// them missing from Anchored has no StorageAnchor.
	Scanned map[string]bool
	// Dir is the package's directory: where a file of its kernels (the
	// stubs of missing ones) goes.
	Dir string
	// Others holds the package-level names of the package that are no
	// kernel: its variables, constants and types, the functions function
	// mode cannot wrap, and the names its own test files declare. A kernel
	// of such a name cannot be added to the package.
	Others map[string]Other
	// Matcher compares the kernels' signatures with the ones their
	// schemas give, as Go types (the loader sets it).
	Matcher Matcher
}

// An Other is a package-level name of a kernels package that is not a
// kernel (see Set.Others).
type Other struct {
	What string          // "a variable", "a constant", "a type", "a generic function", "a function", "declared by a test file"
	Pos  schema.Position // relative to the working directory when shorter
}

// Blocks returns the name of k that is no kernel and stands where the
// kernel name would go, with what it is, or ok false.
func (k *Set) Blocks(name string) (Other, bool) {
	if k == nil {
		return Other{}, false
	}
	o, ok := k.Others[name]
	return o, ok
}

// A Matcher compares a kernel's signature with the one its schema and the
// type map give. It compares Go types by go/types identity, never by
// spelling, so an alias is the type it stands for. The command's package
// loader implements it (internal/discover). gen loads no package and asks
// it.
type Matcher interface {
	// Match compares kernel k's signature with want. For a kernel that is
	// not generic, it returns nil targs when they match. For a generic
	// kernel, it returns the type arguments that instantiate it to want,
	// in the order of its type parameters. Each is a type of want or one
	// of its type parameters. The error says what differs.
	Match(k *Kernel, want Want) (targs []GoType, err error)
}

// A Want is the signature a kernel must have: the Go types of its
// parameters and results, as the type map spells them. It also holds the
// type parameters they name, with their constraints.
type Want struct {
	Params, Results []GoType
	TypeParams      []TypeParam
}

// A Kernel is one exported function of the kernels package.
type Kernel struct {
	Name      string
	Signature Signature       // types with import paths: "*example.com/rt.Tensor"
	Display   Signature       // the same with package names: "*rt.Tensor"
	Pos       schema.Position // relative to the working directory when shorter
}

// A Signature is a function signature, spelled for messages. It holds its
// type parameters (each with its constraint as its Type), its parameters
// and the types of its results. A variadic last parameter's type starts
// with "...".
type Signature struct {
	TypeParams []Param
	Params     []Param
	Results    []string
}

// A Param is one parameter: its name ("_" when it has none) and its Go type.
type Param struct {
	Name string
	Type string
}

// String spells the signature: "func(a T, b U) R", "func(a T) (R, S)",
// "func[T Float](a *Tensor[T]) *Tensor[T]".
func (s Signature) String() string {
	str := "func"
	if len(s.TypeParams) > 0 {
		tps := make([]string, len(s.TypeParams))
		for i, p := range s.TypeParams {
			tps[i] = p.Name + " " + p.Type
		}
		str += "[" + strings.Join(tps, ", ") + "]"
	}
	ps := make([]string, len(s.Params))
	for i, p := range s.Params {
		ps[i] = p.Name + " " + p.Type
	}
	str += "(" + strings.Join(ps, ", ") + ")"
	switch len(s.Results) {
	case 0:
		return str
	case 1:
		return str + " " + s.Results[0]
	}
	return str + " (" + strings.Join(s.Results, ", ") + ")"
}
