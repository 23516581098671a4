package allowlist

import "github.com/assertgen/assertgen/schema"

// Matches reports whether the entry's op selects f.
func (e *Entry) Matches(f *schema.Func) bool {
	switch e.Match {
	case Selector:
		sel, err := schema.ParseSelector(e.Op)
		return err == nil && sel.Matches(f.Name)
	case BaseName:
		return f.Name.Name.Base == e.Op
	case CppName:
		return f.CppName() == e.Op
	case WrapperName:
		return f.WrapperName() == e.Op
	}
	return false
}

// candidateBases returns the base names (BaseName.Base) an op matched by e
// can have. It may list bases no op has; it never misses one.
func (e *Entry) candidateBases() []string {
	switch e.Match {
	case BaseName:
		return []string{e.Op}
	case Selector:
		sel, err := schema.ParseSelector(e.Op)
		if err != nil {
			return nil
		}
		return []string{sel.Name.Name.Base}
	case CppName:
		return schema.CppNameBases(e.Op)
	case WrapperName:
		// the C++ name, then "_" and the overload, if any
		bs := schema.CppNameBases(e.Op)
		for i := 1; i < len(e.Op)-1; i++ {
			if e.Op[i] == '_' {
				bs = append(bs, schema.CppNameBases(e.Op[:i])...)
			}
		}
		return bs
	}
	return nil
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
