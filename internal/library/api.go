package library

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A Ctor is the library's constructor of a tensor from its sizes and its
// values: func F(rows, cols int, data []E) *T (or of one size).
type Ctor struct {
	Name     string
	TypeArgs string // "[float64]" for a generic constructor, instantiated with -type's arguments
	Rank     int    // the number of sizes it takes
	Elem     string // E
	// Params are its parameters' order: "s0", "s1", ... for the sizes
	// (int kinds), "data" for the values.
	Params []string
	Kinds  []string // the Go type of each size parameter
}

// Call is the constructor's call in Go code of a file that imports the
// library by its package name, with sizes from the expression shape
// (an []int) and values from data.
func (c *Ctor) Call(pkg, shape, data string) string {
	var args []string
	for i, p := range c.Params {
		if p == "data" {
			args = append(args, data)
			continue
		}
		arg := fmt.Sprintf("%s[%s]", shape, p[1:])
		if c.Kinds[i] != "int" {
			arg = c.Kinds[i] + "(" + arg + ")"
		}
		args = append(args, arg)
	}
	return pkg + "." + c.Name + c.TypeArgs + "(" + strings.Join(args, ", ") + ")"
}

// findCtor returns the first, by name, exported function of the package
// that returns the tensor type alone from sizes (of an int kind) and one
// slice of a float type; nil if none.
func findCtor(l *Lib) *Ctor {
	for _, n := range l.Pkg.Scope().Names() {
		fn, ok := l.Pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !token.IsExported(n) {
			continue
		}
		sig, targs := instance(fn, l.Spec.Args)
		if sig == nil || sig.Variadic() || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), l.Tensor) {
			continue
		}
		c := &Ctor{Name: n, TypeArgs: targs}
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			if b, ok := t.(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
				c.Params = append(c.Params, fmt.Sprintf("s%d", c.Rank))
				c.Kinds = append(c.Kinds, b.Name())
				c.Rank++
				continue
			}
			if s, ok := t.(*types.Slice); ok && c.Elem == "" {
				if b, ok := s.Elem().(*types.Basic); ok && b.Info()&types.IsFloat != 0 {
					c.Elem = b.Name()
					c.Params = append(c.Params, "data")
					c.Kinds = append(c.Kinds, "")
					continue
				}
			}
			c = nil
			break
		}
		if c != nil && c.Elem != "" && c.Rank >= 1 && c.Rank <= 2 {
			return c
		}
	}
	return nil
}

// instance returns fn's signature, instantiated with args when fn is
// generic in as many type parameters (and the instantiation's "[args]"),
// nil when it cannot be.
func instance(fn *types.Func, args []string) (*types.Signature, string) {
	sig := fn.Type().(*types.Signature)
	n := sig.TypeParams().Len()
	if n == 0 {
		return sig, ""
	}
	if n != len(args) {
		return nil, ""
	}
	var targs []types.Type
	for _, a := range args {
		tn, ok := types.Universe.Lookup(a).(*types.TypeName)
		if !ok {
			return nil, ""
		}
		targs = append(targs, tn.Type())
	}
	inst, err := types.Instantiate(types.NewContext(), sig, targs, true)
	if err != nil {
		return nil, ""
	}
	return inst.(*types.Signature), "[" + strings.Join(args, ", ") + "]"
}

// A Raw is where the exported API reaches a tensor's elements: a method
// returning a struct with the backing slice, rows, columns and stride
// (Matrix), or the slice itself (1-D).
type Raw struct {
	Method string
	// Data, Rows, Cols and Stride are the struct's fields; Data alone
	// ("") when the method returns the slice.
	Data, Rows, Cols, Stride string
}

// Matrix reports whether r reads a matrix (rows, columns and stride).
func (r *Raw) Matrix() bool { return r.Rows != "" }

// findRaw returns the first, by name, exported method of the tensor type
// without parameters that returns a slice of its elements or a struct
// holding one with its rows, columns and stride (fields named so); nil
// if none. A matrix's needs a constructor of two sizes, a slice's one of
// one size.
func findRaw(l *Lib) *Raw {
	ms := types.NewMethodSet(l.Tensor)
	var names []string
	for i := range ms.Len() {
		names = append(names, ms.At(i).Obj().Name())
	}
	slices.Sort(names)
	for _, n := range names {
		fn := ms.Lookup(l.Pkg, n).Obj().(*types.Func)
		sig := fn.Type().(*types.Signature)
		if !token.IsExported(n) || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		t := sig.Results().At(0).Type()
		if isElems(t, l.Elem) && l.Ctor.Rank == 1 {
			return &Raw{Method: n}
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || l.Ctor.Rank != 2 {
			continue
		}
		r := &Raw{Method: n}
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Exported() {
				continue
			}
			switch b, _ := f.Type().(*types.Basic); {
			case isElems(f.Type(), l.Elem) && r.Data == "":
				r.Data = f.Name()
			case b != nil && b.Kind() == types.Int:
				switch strings.ToLower(f.Name()) {
				case "rows", "r":
					r.Rows = f.Name()
				case "cols", "columns", "c":
					r.Cols = f.Name()
				case "stride":
					r.Stride = f.Name()
				}
			}
		}
		if r.Data != "" && r.Rows != "" && r.Cols != "" && r.Stride != "" {
			return r
		}
	}
	return nil
}

// isElems reports whether t is a slice of elem.
func isElems(t types.Type, elem string) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().(*types.Basic)
	return ok && b.Name() == elem
}

// Slice is Go code of the slice of the tensor x's elements.
func (r *Raw) Slice(x string) string {
	if !r.Matrix() {
		return x + "." + r.Method + "()"
	}
	return x + "." + r.Method + "()." + r.Data
}

// Memory is the body of the memory function of a tensor t: the
// asserts.Memory of its elements, with the matrix's geometry (asserts
// named by its package name).
func (r *Raw) Memory() string {
	if !r.Matrix() {
		return fmt.Sprintf("return asserts.SliceMemory(t.%s())", r.Method)
	}
	return fmt.Sprintf("raw := t.%s()\nreturn asserts.SliceMemory(raw.%s).Matrix(raw.%s, raw.%s, raw.%s, 1)", r.Method, r.Data, r.Rows, r.Cols, r.Stride)
}

// Read is Go code that sets shape ([]int) and vals ([]float64) to the
// sizes and row-major values of the tensor x.
func (r *Raw) Read() string {
	if !r.Matrix() {
		return fmt.Sprintf("d := x.%s()\nshape = []int{len(d)}\nvals = make([]float64, len(d))\nfor i, v := range d {\n\tvals[i] = float64(v)\n}", r.Method)
	}
	return fmt.Sprintf(`raw := x.%[1]s()
shape = []int{raw.%[3]s, raw.%[4]s}
vals = make([]float64, 0, raw.%[3]s*raw.%[4]s)
for i := 0; i < raw.%[3]s; i++ {
	for _, v := range raw.%[2]s[i*raw.%[5]s : i*raw.%[5]s+raw.%[4]s] {
		vals = append(vals, float64(v))
	}
}`, r.Method, r.Data, r.Rows, r.Cols, r.Stride)
}

// Write is Go code that writes x in place through its elements: its
// first element plus one.
func (r *Raw) Write() string {
	if !r.Matrix() {
		return fmt.Sprintf("x.%s()[0]++", r.Method)
	}
	return fmt.Sprintf("x.%s().%s[0]++", r.Method, r.Data)
}
