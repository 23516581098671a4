package funcschema

import (
	"fmt"
	"strings"
)

// validate enforces the invariants torchgen checks when it builds a
// FunctionSchema. It reports the first violation, at the offending
// argument or return. The rules run in this order.
func (f *Func) validate() *SyntaxError {
	name := f.Name.String()
	for _, rule := range []func(f *Func, name string) *SyntaxError{
		(*Func).validateArgs,
		(*Func).validateMutableReturns,
		(*Func).validateOut,
		(*Func).validateInplace,
		(*Func).validateKind,
		(*Func).validateReturnAliases,
	} {
		if err := rule(f, name); err != nil {
			return err
		}
	}
	return nil
}

func fail(off int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// returnOffset returns the offset of return i, or of the last return, or of
// the returns' place when there are none.
func (f *Func) returnOffset(i int) int {
	if i < len(f.Returns) {
		return f.Returns[i].Offset
	}
	if len(f.Returns) > 0 {
		return f.Returns[len(f.Returns)-1].Offset
	}
	return f.retOffset
}

// validateArgs: argument names are unique; no mutable positional argument
// comes before self.
func (f *Func) validateArgs(name string) *SyntaxError {
	seen := make(map[string]bool)
	for _, a := range f.Args() {
		if seen[a.Name] {
			return fail(a.Offset, "%s: duplicate argument name %s", name, a.Name)
		}
		seen[a.Name] = true
	}
	if si := f.SelfIndex(); si > 0 {
		for _, a := range f.Positional[:si] {
			if a.IsWrite() {
				return fail(a.Offset, "%s: mutable argument %s comes before self", name, a.Name)
			}
		}
	}
	return nil
}

// validateMutableReturns checks that:
//   - out arguments and returns correspond one to one, in order;
//   - mutable positional arguments after self are not returned;
//   - returns are all mutable or all immutable;
//   - mutable returns alias an out argument or self.
func (f *Func) validateMutableReturns(name string) *SyntaxError {
	for i := range f.Out {
		if i >= len(f.Returns) {
			break
		}
		if !f.Out[i].Annotation.Equal(f.Returns[i].Annotation) {
			return fail(f.Returns[i].Offset, "%s: return %d must be out argument %s, annotated (%s)",
				name, i, f.Out[i].Name, f.Out[i].Annotation)
		}
	}
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
		return fail(f.returnOffset(0), "%s: returns mix mutable and immutable tensors; return only the mutable ones, or none", name)
	}
	return nil
}

// validateOut: every out argument is returned (scratch ones excepted); an
// op with tensor-list out arguments returns nothing.
func (f *Func) validateOut(name string) *SyntaxError {
	if len(f.Out) == 0 {
		return nil
	}
	n := 0
	for i := range f.Out {
		if !f.Out[i].Type.Is(Tensor) {
			if len(f.Returns) > 0 {
				return fail(f.returnOffset(0), "%s: an op with tensor-list out arguments returns nothing (-> ())", name)
			}
			return nil
		}
		if !strings.HasPrefix(f.Out[i].Name, "_scratch_") {
			n++
		}
	}
	switch {
	case len(f.Returns) < n:
		a := f.Out[len(f.Returns)]
		return fail(a.Offset, "%s: out argument %s is not returned (%d out arguments, %d returns)", name, a.Name, n, len(f.Returns))
	case len(f.Returns) > n:
		return fail(f.returnOffset(n), "%s: %d returns but %d out arguments; return exactly the out arguments", name, len(f.Returns), n)
	}
	return nil
}

// validateInplace: an in-place op takes a mutable self and returns it.
func (f *Func) validateInplace(name string) *SyntaxError {
	if !f.Name.Name.Inplace {
		return nil
	}
	if len(f.Out) > 0 {
		return fail(f.Out[0].Offset, "%s: an in-place op cannot have out arguments", name)
	}
	s := f.Self()
	switch {
	case s == nil:
		return fail(0, "%s: an in-place op needs a self argument", name)
	case !s.IsWrite():
		return fail(s.Offset, "%s: an in-place op must annotate self as mutable, e.g. Tensor(a!) self", name)
	case s.Type.Is(Tensor) && (len(f.Returns) != 1 || !f.Returns[0].Annotation.Equal(s.Annotation)):
		return fail(f.returnOffset(0), "%s: an in-place op must return self: -> Tensor(%s)", name, s.Annotation)
	case !s.Type.Is(Tensor) && len(f.Returns) != 0:
		return fail(f.returnOffset(0), "%s: an in-place op on %s self returns nothing (-> ())", name, s.Type)
	}
	return nil
}

// validateKind: only functional ops take tensor options or have
// "functional" in their overload name.
func (f *Func) validateKind(name string) *SyntaxError {
	kind := f.Kind()
	if f.HasTensorOptions() && kind != Functional {
		return fail(0, "%s: only functional ops take tensor options (dtype, layout, device, pin_memory); this one is %s", name, kind)
	}
	if strings.Contains(f.Name.Overload, "functional") && kind != Functional {
		return fail(0, "%s: the overload name contains \"functional\" but the op is %s", name, kind)
	}
	return nil
}

// validateReturnAliases: a return aliases at most one argument.
func (f *Func) validateReturnAliases(name string) *SyntaxError {
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
