package schema

import (
	"slices"
	"sync"
)

// An Entry is one item of native_functions.yaml: a function schema and the
// keys that go with it, each with its position. Every key torchgen
// understands is kept.
type Entry struct {
	Pos       Position // the entry's first key
	Namespace string   // "aten" unless func names another ("ns::name")
	Func      *Func    // nil when the schema did not parse
	FuncText  string   // the func value, namespace included, as written
	FuncPos   Position // the first byte of the func value

	// Variants lists "function" and/or "method"; torchgen's default is
	// function alone.
	Variants []string
	// Dispatch is the dispatch table in written order. A nil table with
	// DispatchSet false means "no dispatch key"; see DispatchKeys.
	Dispatch    []DispatchEntry
	DispatchSet bool
	// Autogen lists the ops the codegen must generate from this entry.
	Autogen                      []OperatorName
	Structured                   bool
	StructuredDelegate           string
	StructuredInherits           string
	DeviceCheck                  string // "ExactSame" (default) or "NoCheck"
	DeviceGuard                  bool   // default true
	PythonModule                 string
	CategoryOverride             string
	ManualKernelRegistration     bool
	ManualCppBinding             bool
	Precomputed                  []string
	UfuncInnerLoop               []UfuncInnerLoop
	CppNoDefaultArgs             []string
	UseConstRefForMutableTensors bool
	Tags                         []string

	// Keys lists the entry's keys in written order, with their positions.
	Keys []Key
}

// A Key is a key of an entry and its position.
type Key struct {
	Name string
	Pos  Position
}

func (e *Entry) keyPos(name string) (Position, bool) {
	for _, k := range e.Keys {
		if k.Name == name {
			return k.Pos, true
		}
	}
	return Position{}, false
}

// KeyPos returns the position of the entry's key name, or the position of
// its func value when the entry has no such key.
func (e *Entry) KeyPos(name string) Position {
	if p, ok := e.keyPos(name); ok {
		return p
	}
	return e.FuncPos
}

// A DispatchEntry maps one or more dispatch keys to a kernel name.
type DispatchEntry struct {
	Keys   []string
	Kernel string
	Pos    Position
}

// A UfuncInnerLoop is one ufunc_inner_loop item: "name (dtypes)" for a key.
type UfuncInnerLoop struct {
	Key    string // Generic, ScalarOnly, CPUScalar, ...
	Name   string
	Dtypes []string
}

// Composite dispatch keys.
const (
	CompositeImplicitAutograd              = "CompositeImplicitAutograd"
	CompositeImplicitAutogradNestedTensor  = "CompositeImplicitAutogradNestedTensor"
	CompositeExplicitAutograd              = "CompositeExplicitAutograd"
	CompositeExplicitAutogradNonFunctional = "CompositeExplicitAutogradNonFunctional"
)

// DispatchKeys returns the dispatch keys the op has kernels for, as
// torchgen computes them. They are the table's keys. With no table, an op
// that is neither structured nor a structured delegate has the implicit
// CompositeImplicitAutograd. Ufunc ops also get CPU and CUDA.
func (e *Entry) DispatchKeys() []string {
	var keys []string
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	if e.DispatchSet {
		for _, d := range e.Dispatch {
			for _, k := range d.Keys {
				add(k)
			}
		}
	} else if !e.Structured && e.StructuredDelegate == "" {
		add(CompositeImplicitAutograd)
	}
	if len(e.UfuncInnerLoop) > 0 {
		add("CPU")
		add("CUDA")
	}
	return keys
}

// HasTag reports whether the entry carries tag t.
func (e *Entry) HasTag(t string) bool { return slices.Contains(e.Tags, t) }

// An Op is one operator of a schema after autogen expansion: a yaml entry,
// or an op the codegen generates from one, classified.
type Op struct {
	Name      string // "add.Tensor"
	Schema    string // Func.String(): the canonical schema text
	Func      *Func
	Kind      Kind
	IsViewOp  bool
	Generated bool
	// Entry is the yaml entry that declares the op, or for a generated op
	// the entry it was generated from. It is nil for schema lists.
	Entry *Entry
	Pos   Position // the func value of the op, or of its source entry
	Tags  []string
	// DispatchKeys are the op's kernels' keys (see Entry.DispatchKeys);
	// generated ops have CompositeExplicitAutograd. Nil for schema lists,
	// which carry no dispatch information.
	DispatchKeys []string
}

// HasTag reports whether the op carries tag t.
func (o *Op) HasTag(t string) bool { return slices.Contains(o.Tags, t) }

// HasCompositeImplicitAutograd reports whether the op has a
// CompositeImplicitAutograd kernel (explicit or implicit).
func (o *Op) HasCompositeImplicitAutograd() bool {
	return slices.Contains(o.DispatchKeys, CompositeImplicitAutograd)
}

// A Format tells where a Schema came from.
type Format uint8

const (
	FormatYAML Format = iota // native_functions.yaml
	FormatList               // one schema per line
)

// A Schema is a loaded operator schema file.
type Schema struct {
	Path   string
	Format Format
	// Version is the PyTorch release whose torchgen rules the schema was
	// loaded with, such as "2.6.0". It is the embedded file's own release,
	// else the one Options.Version selects, else the newest. Package plan
	// applies that release's lists.
	Version string
	// Embedded reports that the schema is the native_functions.yaml of
	// release Version that assertgen embeds (see Embedded).
	Embedded bool
	Entries  []*Entry // yaml entries; nil for lists
	Ops      []*Op    // every op, generated ones right after their source
	// ValidTags lists the tags of tags.yaml, when one was loaded.
	ValidTags []string

	index     sync.Once
	opsByName map[string]*Op
}

// Op returns the op with the given name ("add.Tensor"), or nil. The
// index behind it is built on the first call; Ops must not change after.
func (s *Schema) Op(name string) *Op {
	s.index.Do(func() {
		s.opsByName = make(map[string]*Op, len(s.Ops))
		for _, o := range s.Ops {
			s.opsByName[o.Name] = o
		}
	})
	return s.opsByName[name]
}
