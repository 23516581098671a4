package finder

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A Ctor is the library's constructor of a tensor from its sizes and its
// values: func F(rows, cols int, data []E) *T. Load refuses one of one
// size. It may also be one of options alone (optionsCtor).
type Ctor struct {
	Name     string
	TypeArgs string // "[float64]" for a generic constructor, instantiated with -type's arguments
	Rank     int    // the number of sizes it takes
	Elem     string // E
	// Params are its parameters' order: "s0", "s1", ... for the sizes
	// (int kinds), "data" for the values.
	Params []string
	Kinds  []string // the Go type of each size parameter
	// Shape and Data are the option functions of a constructor that takes
	// options alone (New(opts ...Option)): Shape of the sizes (...int),
	// Data of the values ([]E). They are "" for a constructor of sizes and
	// values.
	Shape, Data string
	// AnyData is set when Data takes any value (interface{}): Elem is
	// init's choice, not the library's.
	AnyData bool
}

// Call is the constructor's call in Go code of a file that imports the
// library by its package name. The sizes come from the expression shape,
// an []int, and the values from data.
func (c *Ctor) Call(pkg, shape, data string) string {
	if c.Shape != "" {
		return fmt.Sprintf("%s.%s%s(%s.%s(%s...), %s.%s(%s))", pkg, c.Name, c.TypeArgs, pkg, c.Shape, shape, pkg, c.Data, data)
	}
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

// findCtor returns the first exported function of the package, by name,
// that returns the tensor type alone from sizes of an int kind and one
// slice of a float type. It returns nil if there is none.
func findCtor(l *Lib) *Ctor {
	for _, n := range l.Pkg.Scope().Names() {
		fn, ok := l.Pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !token.IsExported(n) {
			continue
		}
		sig, targs := instance(fn, l.Spec.Args)
		if sig == nil || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), l.Tensor) {
			continue
		}
		c := &Ctor{Name: n, TypeArgs: targs}
		if sig.Variadic() {
			if c = optionsCtor(l, c, sig); c != nil {
				return c
			}
			continue
		}
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

// optionsCtor returns c as a constructor that takes options alone,
// New(opts ...O) *T, or nil. It needs the package to have exactly one
// function of O from sizes (...int), and one from values. The values are
// []E, E a float type; the function may be generic in E.
func optionsCtor(l *Lib, c *Ctor, sig *types.Signature) *Ctor {
	if sig.Params().Len() != 1 {
		return nil
	}
	opt := sig.Params().At(0).Type().(*types.Slice).Elem()
	if _, ok := opt.(*types.Named); !ok {
		return nil
	}
	var shapes, datas, anyDatas []string
	for _, n := range l.Pkg.Scope().Names() {
		fn, ok := l.Pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !token.IsExported(n) {
			continue
		}
		fs := fn.Type().(*types.Signature)
		if fs.Results().Len() != 1 || !types.Identical(fs.Results().At(0).Type(), opt) || fs.Params().Len() < 1 || fs.Params().Len() > 2 || fs.Params().Len() == 2 && !fs.Variadic() {
			continue
		}
		if isAny(fs.Params().At(0).Type()) && valuesName(n) && (!fs.Variadic() || fs.Params().Len() == 2) {
			// WithBacking(x interface{}, mask ...[]bool): the values of any
			// element type, init's float64s; a variadic rest is left empty.
			anyDatas = append(anyDatas, n)
			continue
		}
		p, ok := fs.Params().At(0).Type().(*types.Slice)
		if !ok || fs.Params().Len() != 1 {
			continue
		}
		switch e := p.Elem().(type) {
		case *types.Basic:
			if fs.Variadic() && e.Kind() == types.Int {
				shapes = append(shapes, n)
			} else if !fs.Variadic() && e.Info()&types.IsFloat != 0 && fs.TypeParams().Len() == 0 {
				datas, c.Elem = append(datas, n), e.Name()
			}
		case *types.TypeParam:
			if !fs.Variadic() && fs.TypeParams().Len() == 1 && len(l.Spec.Args) == 1 {
				datas, c.Elem = append(datas, n), l.Spec.Args[0]
			}
		}
	}
	if len(datas) == 0 && len(anyDatas) == 1 {
		// The option takes any slice: the element type is init's choice,
		// float64 (the reference's values are float64s).
		c.Elem, c.AnyData, datas = "float64", true, anyDatas
	}
	if len(shapes) != 1 || len(datas) != 1 {
		return nil
	}
	c.Shape, c.Data, c.Rank = shapes[0], datas[0], 2
	return c
}

// isAny reports whether t is the empty interface.
func isAny(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// valuesName reports whether an option's name says it gives the values:
// one of its words is backing, data, values or elements (WithBacking).
// Among several options of any type, one is chosen by its name alone;
// gorgonia's FromScalar, WithMask and AsFortran take any slice too. The
// value check's probe then checks that a tensor made with it reads back
// as made.
func valuesName(name string) bool {
	for _, w := range words(name) {
		if w == "backing" || w == "data" || w == "values" || w == "elements" {
			return true
		}
	}
	return false
}

// instance returns fn's signature instantiated with args, when fn is
// generic in as many type parameters, and the instantiation's "[args]". It
// returns nil when it cannot be.
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

// A Raw is where the exported API reaches a tensor's elements. It is a
// method returning a struct with the backing slice, rows, columns and
// stride (Matrix), or returning the slice itself (1-D).
type Raw struct {
	Method string
	// Data, Rows, Cols and Stride are the struct's fields; Data alone
	// ("") when the method returns the slice.
	Data, Rows, Cols, Stride string
	// Elems and Shape are for a method that returns a value of an
	// interface type. Elems is the interface's method that returns the
	// slice of elements. Shape is the tensor's method that returns its
	// sizes ([]int). The elements are taken as contiguous and row-major.
	Elems, Shape string
	// Flat is set for a method that returns the slice of elements of a
	// tensor of any rank, with Shape (gorgonia's Float64s, Shape). For
	// such a one, Strides is the tensor's method that returns its strides
	// in elements ([]int, named Strides), or "" for none. They are the
	// memory function's geometry, since a lazily transposed tensor's
	// metadata is not its base's.
	Flat    bool
	Strides string
}

// Matrix reports whether r reads a matrix (rows, columns and stride).
func (r *Raw) Matrix() bool { return r.Rows != "" }

// shaped reports whether r reads the elements through an interface and
// the sizes from a method.
func (r *Raw) shaped() bool { return r.Elems != "" || r.Flat }

// findRaw returns the first exported method of the tensor type, by name,
// that takes no parameters and returns one of:
//   - a slice of its elements;
//   - a struct holding one, with its rows, columns and stride, in fields
//     named so.
//
// It returns nil if there is none. A matrix's needs a constructor of
// two sizes; a slice's, one of one size.
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
	return findShaped(l, ms, names)
}

// findShaped returns the elements' method for a tensor type that holds
// its sizes apart, or nil if one is missing. It is the first method by
// name, without parameters, that returns:
//   - a value of an interface type whose method without parameters
//     returns the slice of elements (spago's Dense: Data().F64());
//   - or the slice itself (gorgonia's Dense: Float64s()).
//
// It comes with the first method of the type that returns its sizes
// ([]int): Shape() of both.
func findShaped(l *Lib, ms *types.MethodSet, names []string) *Raw {
	r := &Raw{}
	for _, n := range names {
		sig := ms.Lookup(l.Pkg, n).Obj().Type().(*types.Signature)
		if !token.IsExported(n) || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		t := sig.Results().At(0).Type()
		if s, ok := t.Underlying().(*types.Slice); ok && (r.Shape == "" || sizesName(n) && !sizesName(r.Shape)) {
			if b, ok := s.Elem().(*types.Basic); ok && b.Kind() == types.Int {
				r.Shape = n // the first, or the first named for sizes (gorgonia's Ints() is its elements as ints)
			}
		}
		if isElems(t, l.Elem) && r.Method == "" {
			r.Method, r.Flat = n, true // gorgonia's Float64s()
			continue
		}
		iface, ok := t.Underlying().(*types.Interface)
		if !ok || r.Method != "" {
			continue
		}
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			ms := m.Type().(*types.Signature)
			if m.Exported() && ms.Params().Len() == 0 && ms.Results().Len() == 1 && isElems(ms.Results().At(0).Type(), l.Elem) {
				r.Method, r.Elems = n, m.Name()
				break
			}
		}
	}
	if r.Method == "" || r.Shape == "" {
		return nil
	}
	if m := ms.Lookup(l.Pkg, "Strides"); r.Flat && m != nil {
		sig := m.Obj().Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type().Underlying(), types.NewSlice(types.Typ[types.Int])) {
			r.Strides = "Strides"
		}
	}
	return r
}

// sizesName reports whether a method's name says it gives the sizes.
func sizesName(n string) bool { return n == "Shape" || n == "Dims" || n == "Sizes" || n == "Size" }

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
	if r.Flat {
		return x + "." + r.Method + "()"
	}
	if r.shaped() {
		return x + "." + r.Method + "()." + r.Elems + "()"
	}
	if !r.Matrix() {
		return x + "." + r.Method + "()"
	}
	return x + "." + r.Method + "()." + r.Data
}

// Read is Go code that sets shape ([]int) and vals ([]float64) to the
// sizes and row-major values of the tensor x.
func (r *Raw) Read() string {
	if r.shaped() {
		return fmt.Sprintf("d := %s\nshape = x.%s()\nvals = make([]float64, len(d))\nfor i, v := range d {\n\tvals[i] = float64(v)\n}", r.Slice("x"), r.Shape)
	}
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
	if r.shaped() {
		return r.Slice("x") + "[0]++"
	}
	if !r.Matrix() {
		return fmt.Sprintf("x.%s()[0]++", r.Method)
	}
	return fmt.Sprintf("x.%s().%s[0]++", r.Method, r.Data)
}

// findAt returns the name of the exported method of the tensor type that
// takes a row and a column (two ints) and returns the element there, of
// type Elem. It is the first by name, or "" when there is none.
func findAt(l *Lib) string {
	ms := types.NewMethodSet(l.Tensor)
	var names []string
	for i := range ms.Len() {
		if fn := ms.At(i).Obj(); fn.Exported() {
			names = append(names, fn.Name())
		}
	}
	slices.Sort(names)
	isInt := func(t types.Type) bool { b, ok := t.(*types.Basic); return ok && b.Kind() == types.Int }
	for _, n := range names {
		sig := ms.Lookup(l.Pkg, n).Obj().Type().(*types.Signature)
		if sig.Params().Len() != 2 || sig.Results().Len() != 1 || sig.Variadic() {
			continue
		}
		b, ok := sig.Results().At(0).Type().(*types.Basic)
		if ok && b.Name() == l.Elem && isInt(sig.Params().At(0).Type()) && isInt(sig.Params().At(1).Type()) {
			return n
		}
	}
	return ""
}
