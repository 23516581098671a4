package allowlist

import (
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// Matches reports whether the entry's op selects f.
func (e *Entry) Matches(f *schema.Func) bool {
	var buf [128]byte
	switch e.Match {
	case Selector:
		if name, ok := strings.CutSuffix(e.Op, ".*"); ok {
			return string(appendOpName(buf[:0], f)) == name
		}
		if e.Op == "" || strings.IndexByte(e.Op, '.') < 0 {
			return f.Name.Overload == "" && string(appendOpName(buf[:0], f)) == e.Op
		}
		name, ov, _ := strings.Cut(e.Op, ".")
		return f.Name.Overload == ov && string(appendOpName(buf[:0], f)) == name
	case BaseName:
		return f.Name.Name.Base == e.Op
	case CppName:
		return string(AppendCppName(buf[:0], f)) == e.Op
	case WrapperName:
		return string(AppendWrapperName(buf[:0], f)) == e.Op
	}
	return false
}

func appendOpName(b []byte, f *schema.Func) []byte {
	n := f.Name.Name
	if n.Dunder {
		b = append(b, "__"...)
		if n.Inplace {
			b = append(b, 'i')
		}
		b = append(b, n.Base...)
		return append(b, "__"...)
	}
	b = append(b, n.Base...)
	if n.Inplace {
		b = append(b, '_')
	} else if n.FunctionalOverload {
		b = append(b, "_functional"...)
	}
	return b
}

// AppendCppName appends PyTorch's C++ name of f (torchgen's cpp.name):
// the name with its in-place "_", plus "_out" when f has out= arguments.
func AppendCppName(b []byte, f *schema.Func) []byte {
	b = appendOpName(b, f)
	if len(f.Out) > 0 {
		b = append(b, "_out"...)
	}
	return b
}

// AppendWrapperName appends the name PyTorch gives f's VariableType kernel
// (type_wrapper_name): the C++ name, plus "_" and the overload if any.
func AppendWrapperName(b []byte, f *schema.Func) []byte {
	b = AppendCppName(b, f)
	if f.Name.Overload != "" {
		b = append(b, '_')
		b = append(b, f.Name.Overload...)
	}
	return b
}

// candidateBases returns the base names (BaseName.Base) an op matched by e
// can have. It may list bases no op has; it never misses one.
func (e *Entry) candidateBases() []string {
	switch e.Match {
	case BaseName:
		return []string{e.Op}
	case Selector:
		name, _, _ := strings.Cut(e.Op, ".")
		return basesOfOpName(name)
	case CppName:
		return basesOfCppName(e.Op)
	case WrapperName:
		var bs []string
		bs = append(bs, basesOfCppName(e.Op)...)
		for i := 1; i < len(e.Op)-1; i++ {
			if e.Op[i] == '_' {
				bs = append(bs, basesOfCppName(e.Op[:i])...)
			}
		}
		return bs
	}
	return nil
}

func basesOfCppName(s string) []string {
	bs := basesOfOpName(s)
	if t, ok := strings.CutSuffix(s, "_out"); ok && t != "" {
		bs = append(bs, basesOfOpName(t)...)
	}
	return bs
}

// basesOfOpName undoes appendOpName, keeping every reading of an
// ambiguous name.
func basesOfOpName(s string) []string {
	bs := []string{s}
	if len(s) > 4 && strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__") {
		inner := s[2 : len(s)-2]
		bs = append(bs, inner)
		if strings.HasPrefix(inner, "i") {
			bs = append(bs, inner[1:])
		}
	}
	if t, ok := strings.CutSuffix(s, "_"); ok {
		bs = append(bs, t)
	}
	if t, ok := strings.CutSuffix(s, "_functional"); ok {
		bs = append(bs, t)
	}
	return bs
}

// An Index holds, for every op of a schema, the entries of a list that
// apply to it under one profile and PyTorch version.
type Index struct {
	byOp [][]*Entry
}

// Index matches the entries that apply under profile and version ("" for
// every version) against every op of s. Entries are looked up by base
// name, so building the index costs a map lookup per op.
func (l *List) Index(s *schema.Schema, profile, version string) *Index {
	var active []*Entry
	if l != nil {
		for _, e := range l.Entries {
			if e.AppliesTo(profile, version) {
				active = append(active, e)
			}
		}
	}
	return newIndex(s, active)
}

func newIndex(s *schema.Schema, entries []*Entry) *Index {
	ix := &Index{byOp: make([][]*Entry, len(s.Ops))}
	if len(entries) == 0 {
		return ix
	}
	byBase := make(map[string][]*Entry, 2*len(entries))
	for _, e := range entries {
		seen := ""
		for _, b := range e.candidateBases() {
			if b == seen {
				continue
			}
			seen = b
			if l := byBase[b]; len(l) == 0 || l[len(l)-1] != e {
				byBase[b] = append(l, e)
			}
		}
	}
	for i, o := range s.Ops {
		cands := byBase[o.Func.Name.Name.Base]
		for _, e := range cands {
			if e.Matches(o.Func) {
				ix.byOp[i] = append(ix.byOp[i], e)
			}
		}
	}
	return ix
}

// Entries returns the entries that apply to the i-th op of the schema, in
// list order.
func (ix *Index) Entries(i int) []*Entry {
	if ix == nil || i < 0 || i >= len(ix.byOp) {
		return nil
	}
	return ix.byOp[i]
}

// Matching returns the ops of s the entry selects.
func (e *Entry) Matching(s *schema.Schema) []*schema.Op {
	var ops []*schema.Op
	for _, o := range s.Ops {
		if e.Matches(o.Func) {
			ops = append(ops, o)
		}
	}
	return ops
}
