package funcschema

import (
	"fmt"
	"slices"
	"strings"
)

// A Kind classifies a schema by how it produces its results, with
// torchgen's names and precedence: inplace > scratch > out > mutable >
// functional.
type Kind uint8

const (
	// Functional ops return fresh outputs and mutate nothing.
	Functional Kind = iota
	// Inplace ops end in "_" (or are __iNAME__) and mutate and return self.
	Inplace
	// Out ops write into keyword-only mutable arguments and return them.
	Out
	// Mutable ops mutate a positional argument after self and return
	// something else.
	Mutable
	// Scratch ops are out ops with an out argument named _scratch_*, used
	// for memory planning.
	Scratch
)

var kindNames = [...]string{"functional", "inplace", "out", "mutable", "scratch"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText renders the kind as its lower-case name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText parses a kind name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown kind %q", b)
}

// Kind classifies f. The rules, in order:
//   - the name is in-place (add_, __iadd__): Inplace;
//   - an out argument is named _scratch_*: Scratch;
//   - there is an out argument (a mutable keyword-only one): Out;
//   - a positional argument after self is mutable: Mutable;
//   - otherwise: Functional.
func (f *Func) Kind() Kind {
	switch {
	case f.Name.Name.Inplace:
		return Inplace
	case f.hasScratch():
		return Scratch
	case len(f.Out) > 0:
		return Out
	}
	for _, a := range f.PostSelfPositional() {
		if a.IsWrite() {
			return Mutable
		}
	}
	return Functional
}

func (f *Func) hasScratch() bool {
	return slices.ContainsFunc(f.Out, func(a Argument) bool { return strings.HasPrefix(a.Name, "_scratch_") })
}

// HasNonWriteAliasReturn reports whether a return carries an alias
// annotation without "!": the op returns a view of an input.
func (f *Func) HasNonWriteAliasReturn() bool {
	return slices.ContainsFunc(f.Returns, func(r Return) bool { return r.Annotation != nil && !r.Annotation.IsWrite })
}

// HasWildcardArg reports whether an argument is annotated "a -> *".
func (f *Func) HasWildcardArg() bool {
	return slices.ContainsFunc(f.Args(), func(a *Argument) bool { return a.Annotation.IsWildcard() })
}
