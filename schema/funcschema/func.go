package funcschema

import (
	"slices"
	"strconv"
	"strings"
)

// A BaseName is an operator name without its overload: "add", "add_"
// (in-place), "__iand__" (in-place dunder), "native_batch_norm_functional".
type BaseName struct {
	Base    string // the root: "add" for add, add_, __add__, __iadd__
	Inplace bool   // add_, __iadd__
	Dunder  bool   // __add__, __iadd__
	// FunctionalOverload marks the "_functional" suffix torchgen gives the
	// functional variant of a mutable op (see torchgen's Note [Overload
	// Ambiguity With Functional Variants]).
	FunctionalOverload bool
}

func (n BaseName) String() string {
	switch {
	case n.Dunder && n.Inplace:
		return "__i" + n.Base + "__"
	case n.Dunder:
		return "__" + n.Base + "__"
	case n.Inplace:
		return n.Base + "_"
	case n.FunctionalOverload:
		return n.Base + "_functional"
	}
	return n.Base
}

// An OperatorName is a base name and an optional overload: "add.Tensor".
type OperatorName struct {
	Name     BaseName
	Overload string
}

func (n OperatorName) String() string {
	if n.Overload == "" {
		return n.Name.String()
	}
	return n.Name.String() + "." + n.Overload
}

// An Annotation is an alias annotation: (a), (a!), (a|b), (a -> *), (a! -> a|b).
type Annotation struct {
	AliasSet      []string // before the arrow; usually one letter
	IsWrite       bool     // "!"
	AliasSetAfter []string // after " -> "; "*" is the wildcard
}

func (a *Annotation) String() string {
	s := strings.Join(a.AliasSet, "|")
	if a.IsWrite {
		s += "!"
	}
	if len(a.AliasSetAfter) > 0 {
		s += " -> " + strings.Join(a.AliasSetAfter, "|")
	}
	return s
}

// Equal reports whether a and b are the same annotation (both nil counts).
func (a *Annotation) Equal(b *Annotation) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.IsWrite == b.IsWrite && slices.Equal(a.AliasSet, b.AliasSet) &&
		slices.Equal(a.AliasSetAfter, b.AliasSetAfter)
}

// IsWildcard reports whether the annotation ends in "-> *".
func (a *Annotation) IsWildcard() bool {
	return a != nil && slices.Contains(a.AliasSetAfter, "*")
}

// shares reports whether a and b name a common alias set letter.
func (a *Annotation) shares(b *Annotation) bool {
	if a == nil || b == nil {
		return false
	}
	return slices.ContainsFunc(a.AliasSet, func(x string) bool { return slices.Contains(b.AliasSet, x) })
}

// An Argument is one parameter of a schema.
type Argument struct {
	Name       string
	Type       *Type
	Annotation *Annotation // nil when unannotated
	Default    string      // the default's text, as written; "" when none
	HasDefault bool

	// Offset is the byte offset of the argument in the text it was parsed
	// from, for error positions. It is not part of the schema's value.
	Offset int
}

// IsWrite reports whether the argument is annotated mutable (a!).
func (a *Argument) IsWrite() bool { return a.Annotation != nil && a.Annotation.IsWrite }

func (a *Argument) String() string { return stringOf(a) }

func (a *Argument) writeTo(b *strings.Builder) {
	writeAnnotatedType(b, a.Type, a.Annotation)
	b.WriteByte(' ')
	b.WriteString(a.Name)
	if a.HasDefault {
		b.WriteByte('=')
		b.WriteString(a.Default)
	}
}

// A Return is one result of a schema; Name is optional.
type Return struct {
	Name       string
	Type       *Type
	Annotation *Annotation
	Offset     int // see Argument.Offset
}

// IsWrite reports whether the return is annotated mutable (a!).
func (r *Return) IsWrite() bool { return r.Annotation != nil && r.Annotation.IsWrite }

func (r *Return) String() string { return stringOf(r) }

func (r *Return) writeTo(b *strings.Builder) {
	writeAnnotatedType(b, r.Type, r.Annotation)
	if r.Name != "" {
		b.WriteByte(' ')
		b.WriteString(r.Name)
	}
}

// writeAnnotatedType prints a type with its annotation right after the
// base type, where the grammar puts it: Tensor(a!), Tensor(a)?,
// Tensor(a -> *)[].
func writeAnnotatedType(b *strings.Builder, t *Type, ann *Annotation) {
	if ann == nil {
		t.write(b)
		return
	}
	// Walk down to the base, print it with the annotation, then the suffixes
	// from the inside out.
	var suffix []*Type
	core := t
	for core.Kind == OptionalKind || core.Kind == ListKind {
		suffix = append(suffix, core)
		core = core.Elem
	}
	core.write(b)
	b.WriteByte('(')
	b.WriteString(ann.String())
	b.WriteByte(')')
	for i := len(suffix) - 1; i >= 0; i-- {
		s := suffix[i]
		if s.Kind == OptionalKind {
			b.WriteByte('?')
			continue
		}
		b.WriteByte('[')
		if s.Size > 0 {
			b.WriteString(strconv.Itoa(s.Size))
		}
		b.WriteByte(']')
	}
}

// A Func is a parsed function schema:
//
//	name.overload(positional..., *, kwarg_only..., out...) -> returns
//
// Out arguments are the keyword-only arguments from the first mutable one
// on, as torchgen defines them.
type Func struct {
	Name       OperatorName
	Positional []Argument
	KwargOnly  []Argument
	Out        []Argument
	Returns    []Return

	retOffset int // where the returns start in the parsed text, for errors
}

// String prints the canonical form of the schema, as torchgen does.
func (f *Func) String() string { return stringOf(f) }

// stringOf prints a part of a schema.
func stringOf(x interface{ writeTo(*strings.Builder) }) string {
	var b strings.Builder
	b.Grow(128)
	x.writeTo(&b)
	return b.String()
}

func (f *Func) writeTo(b *strings.Builder) {
	b.WriteString(f.Name.String())
	b.WriteByte('(')
	first := true
	sep := func() {
		if !first {
			b.WriteString(", ")
		}
		first = false
	}
	for i := range f.Positional {
		sep()
		f.Positional[i].writeTo(b)
	}
	if len(f.KwargOnly)+len(f.Out) > 0 {
		sep()
		b.WriteByte('*')
	}
	for i := range f.KwargOnly {
		sep()
		f.KwargOnly[i].writeTo(b)
	}
	for i := range f.Out {
		sep()
		f.Out[i].writeTo(b)
	}
	b.WriteString(") -> ")
	switch len(f.Returns) {
	case 0:
		b.WriteString("()")
	case 1:
		f.Returns[0].writeTo(b)
	default:
		b.WriteByte('(')
		for i := range f.Returns {
			if i > 0 {
				b.WriteString(", ")
			}
			f.Returns[i].writeTo(b)
		}
		b.WriteByte(')')
	}
}

// Args returns every argument in schema order: positional, keyword-only, out.
func (f *Func) Args() []*Argument {
	out := make([]*Argument, 0, len(f.Positional)+len(f.KwargOnly)+len(f.Out))
	for i := range f.Positional {
		out = append(out, &f.Positional[i])
	}
	for i := range f.KwargOnly {
		out = append(out, &f.KwargOnly[i])
	}
	for i := range f.Out {
		out = append(out, &f.Out[i])
	}
	return out
}

// SelfIndex returns the index in Positional of the argument named self, or -1.
func (f *Func) SelfIndex() int {
	return slices.IndexFunc(f.Positional, func(a Argument) bool { return a.Name == "self" })
}

// Self returns the self argument, or nil.
func (f *Func) Self() *Argument {
	if i := f.SelfIndex(); i >= 0 {
		return &f.Positional[i]
	}
	return nil
}

// PostSelfPositional returns the positional arguments after self (all of
// them when there is no self).
func (f *Func) PostSelfPositional() []Argument {
	return f.Positional[f.SelfIndex()+1:]
}

// Arg returns the argument with the given name, or nil.
func (f *Func) Arg(name string) *Argument {
	for _, l := range [...][]Argument{f.Positional, f.KwargOnly, f.Out} {
		for i := range l {
			if l[i].Name == name {
				return &l[i]
			}
		}
	}
	return nil
}

// HasTensorOptions reports whether the keyword-only arguments contain the
// dtype, layout, device, pin_memory run that torchgen groups as TensorOptions.
func (f *Func) HasTensorOptions() bool {
	want := [4]struct {
		name string
		ty   BaseTy
	}{{"dtype", ScalarType}, {"layout", Layout}, {"device", Device}, {"pin_memory", Bool}}
	kw := f.KwargOnly
	for i := 0; i+len(want) <= len(kw); i++ {
		ok := true
		for j, w := range want {
			a := kw[i+j]
			if a.Name != w.name || !a.Type.Unopt().Is(w.ty) || (a.Type.IsOptional() && a.Type.Elem.Kind != BaseKind) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// HasGenerator reports whether a non-out argument is Generator-like.
func (f *Func) HasGenerator() bool {
	generator := func(a Argument) bool { return a.Type.IsBaseLike(Generator) }
	return slices.ContainsFunc(f.Positional, generator) || slices.ContainsFunc(f.KwargOnly, generator)
}

// ReturnAlias returns the argument a return aliases, or nil. That is the
// argument whose alias set shares a letter with the return's: split's
// Tensor(a)[] aliases its Tensor(a -> *) self. torchgen's
// aliased_return_names requires equal annotations; ReturnAlias resolves
// wildcard views too.
func (f *Func) ReturnAlias(i int) *Argument {
	r := &f.Returns[i]
	if r.Annotation == nil {
		return nil
	}
	for _, a := range f.Args() {
		if a.Annotation.shares(r.Annotation) {
			return a
		}
	}
	return nil
}
