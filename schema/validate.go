package schema

import (
	"fmt"
	"strings"
)

// validate enforces the invariants torchgen checks when it builds a
// FunctionSchema, reporting the first violation at the offending argument
// or return.
func (f *Func) validate() *SyntaxError {
	fail := func(off int, format string, args ...any) *SyntaxError {
		return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	name := f.Name.String()
	seen := make(map[string]bool)
	for _, a := range f.Args() {
		if seen[a.Name] {
			return fail(a.Offset, "%s: duplicate argument name %s", name, a.Name)
		}
		seen[a.Name] = true
	}
	retOff := func(i int) int {
		if i < len(f.Returns) {
			return f.Returns[i].Offset
		}
		if len(f.Returns) > 0 {
			return f.Returns[len(f.Returns)-1].Offset
		}
		return f.retOffset
	}

	// Mutable positional arguments before self are not supported.
	if si := f.SelfIndex(); si > 0 {
		for _, a := range f.Positional[:si] {
			if a.IsWrite() {
				return fail(a.Offset, "%s: mutable argument %s comes before self", name, a.Name)
			}
		}
	}

	// Out arguments and returns correspond one to one, in order.
	for i := range f.Out {
		if i >= len(f.Returns) {
			break
		}
		if !f.Out[i].Annotation.Equal(f.Returns[i].Annotation) {
			return fail(f.Returns[i].Offset, "%s: return %d must be out argument %s, annotated (%s)",
				name, i, f.Out[i].Name, f.Out[i].Annotation)
		}
	}

	// Mutable positional arguments after self are not returned.
	for _, a := range f.PostSelfPositional() {
		if !a.IsWrite() {
			continue
		}
		for i := range f.Returns {
			if a.Annotation.Equal(f.Returns[i].Annotation) {
				return fail(f.Returns[i].Offset, "%s: mutable positional argument %s must not be returned", name, a.Name)
			}
		}
	}

	// Returns are all mutable or all immutable; mutable ones alias an out
	// argument or self.
	var mutable, immutable int
	for i := range f.Returns {
		r := &f.Returns[i]
		if !r.IsWrite() {
			immutable++
			continue
		}
		mutable++
		aliased := false
		for j := range f.Out {
			aliased = aliased || f.Out[j].Annotation.Equal(r.Annotation)
		}
		if s := f.Self(); s != nil {
			aliased = aliased || s.Annotation.Equal(r.Annotation)
		}
		if !aliased {
			return fail(r.Offset, "%s: mutable return (%s) aliases neither an out argument nor self; is an out argument missing its '*'?", name, r.Annotation)
		}
	}
	if mutable > 0 && immutable > 0 {
		return fail(retOff(0), "%s: returns mix mutable and immutable tensors; return only the mutable ones, or none", name)
	}

	// An out argument is returned.
	if len(f.Out) > 0 {
		allTensor := true
		for i := range f.Out {
			allTensor = allTensor && f.Out[i].Type.Is(Tensor)
		}
		if !allTensor {
			if len(f.Returns) > 0 {
				return fail(retOff(0), "%s: an op with tensor-list out arguments returns nothing (-> ())", name)
			}
		} else {
			n := 0
			for i := range f.Out {
				if !strings.HasPrefix(f.Out[i].Name, "_scratch_") {
					n++
				}
			}
			if n != len(f.Returns) {
				if len(f.Returns) < n {
					a := f.Out[len(f.Returns)]
					return fail(a.Offset, "%s: out argument %s is not returned (%d out arguments, %d returns)", name, a.Name, n, len(f.Returns))
				}
				return fail(retOff(n), "%s: %d returns but %d out arguments; return exactly the out arguments", name, len(f.Returns), n)
			}
		}
	}

	// In-place ops take a mutable self and return it.
	if f.Name.Name.Inplace {
		if len(f.Out) > 0 {
			return fail(f.Out[0].Offset, "%s: an in-place op cannot have out arguments", name)
		}
		s := f.Self()
		if s == nil {
			return fail(0, "%s: an in-place op needs a self argument", name)
		}
		if !s.IsWrite() {
			return fail(s.Offset, "%s: an in-place op must annotate self as mutable, e.g. Tensor(a!) self", name)
		}
		if s.Type.Is(Tensor) {
			if len(f.Returns) != 1 || !f.Returns[0].Annotation.Equal(s.Annotation) {
				return fail(retOff(0), "%s: an in-place op must return self: -> Tensor(%s)", name, s.Annotation)
			}
		} else if len(f.Returns) != 0 {
			return fail(retOff(0), "%s: an in-place op on %s self returns nothing (-> ())", name, s.Type)
		}
	}

	kind := f.Kind()
	if f.HasTensorOptions() && kind != Functional {
		return fail(0, "%s: only functional ops take tensor options (dtype, layout, device, pin_memory); this one is %s", name, kind)
	}
	if strings.Contains(f.Name.Overload, "functional") && kind != Functional {
		return fail(0, "%s: the overload name contains \"functional\" but the op is %s", name, kind)
	}

	// A return aliases at most one argument.
	for i := range f.Returns {
		r := &f.Returns[i]
		if r.Annotation == nil {
			continue
		}
		var names []string
		for _, a := range f.Args() {
			if a.Annotation.Equal(r.Annotation) {
				names = append(names, a.Name)
			}
		}
		if len(names) > 1 {
			return fail(r.Offset, "%s: return %d aliases several arguments (%s)", name, i, strings.Join(names, ", "))
		}
	}
	return nil
}
