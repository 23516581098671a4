package initcmd

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
	"github.com/assertgen/assertgen/schema"
)

// A fill is what init found in a runtime's package to write its
// conformance and sweep tests with, so that they run as written. Each
// field is Go code of the test files, which are in package P_test, P the
// runtime's. A field is "" when the package has nothing to write it with;
// the test then says what to write, as for any runtime.
//
// The names in scope are the tests': data and shape for New (shape only
// when New takes one), x for the others, and base, i and last for Select
// and Transpose. A generic type's tests are generic in T, its element
// type. A plain type's are written for the element type of its
// constructor.
type fill struct {
	// New makes a tensor of data's values and shape's sizes. It calls a
	// constructor of the package:
	//   - func F[E](values []E, shape ...int) *Tensor[E], or with []int,
	//     ...int64 or []int64 sizes;
	//   - for a plain type, func F(values []E, shape ...int) *Tensor;
	//   - for a plain type without a shape, func F(values ...E) *Tensor
	//     (or []E), which makes 1-D tensors (Flat).
	New string
	// Flat is set when New takes no shape: it makes a 1-D tensor of
	// data. Ctor is the constructor's name.
	Flat bool
	Ctor string
	// Share and Release are methods of *Tensor[T]. Share returns another
	// hold on the tensor (Share, Retain, Ref, IncRef, Acquire). Release
	// drops a hold (see releasers).
	Share, Release string
	// View is a view of x: the kernel of alias, t, transpose.int or
	// select.int, the first the config selects.
	View string
	// Copy is a copy of x with a storage of its own: the kernel of clone
	// (its memory format absent), when the config selects it.
	Copy string
	// Write writes x in place, changing every element of the suite's
	// tensors (1 to 6). It is the kernel of the first of writers the
	// config selects. Its result is released when the runtime counts
	// holds.
	Write string
	// Select and Transpose are the views the sweep's samples ask for: base
	// selected at i along dim 0, and base with dims 0 and last swapped.
	Select, Transpose string
	// Union is the element types as a constraint, "float32 | float64", and
	// Elems each element type. They are set only when every one is a
	// numeric builtin type or bool: the sweep converts its float64 values
	// to them. For a plain type, they are the one element type of its
	// constructor.
	Union string
	Elems []string
	// Bool is set when an element type of a generic type is bool. No
	// conversion T(v) holds for every T then. So the tests convert their
	// numbers with a helper of theirs (testElems, sweepElems), in which
	// nonzero is true.
	Bool bool
	// T is the element type as the tests spell it: "T", their type
	// parameter, for a generic type; the element type for a plain one.
	T string
}

// writers are the in-place ops that change values 1 to 6, in the order
// init prefers them for the conformance suite's writes. relu_ and abs_
// would leave them. Each writes x alone, but for add_.Tensor, which adds x
// to itself.
var writers = []string{"zero_", "neg_", "exp_", "log_", "sqrt_", "sin_", "cos_", "tanh_", "sigmoid_", "reciprocal_", "add_.Tensor"}

// sharers are the names of methods that return another hold on the
// tensor, in the order init prefers them.
var sharers = []string{"Share", "Retain", "Ref", "IncRef", "Acquire"}

// findFill finds, in the package pkg of the tensor type t, its
// constructor and hold methods. t is generic in one type parameter, or
// plain. It finds the views and in-place writes among the job's selected
// ops with a kernel.
func findFill(t *target, pkg *types.Package, j *generate.Job) *fill {
	f := &fill{}
	tn, _ := pkg.Scope().Lookup(t.Type).(*types.TypeName)
	if tn == nil || len(t.Params) > 1 {
		return f
	}
	if len(t.Params) == 1 {
		var elems []string
		for _, e := range t.Params[0].Instances {
			if !numeric(e) && e != "bool" {
				return f
			}
			f.Bool = f.Bool || e == "bool"
			elems = append(elems, e)
		}
		f.Union, f.Elems, f.T = strings.Join(elems, " | "), elems, "T"
		f.New = constructor(t, pkg, tn)
	} else {
		var elem string
		if f.New, f.Ctor, elem, f.Flat = plainConstructor(t, pkg, tn); f.New != "" {
			f.Union, f.Elems, f.T = elem, []string{elem}, elem
		}
	}
	if f.Union == "" {
		return f
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	for _, names := range [][]string{sharers, releasers} {
		for _, n := range names {
			sel := ms.Lookup(nil, n)
			if sel == nil {
				continue
			}
			sig := sel.Type().(*types.Signature)
			switch {
			case f.Share == "" && slices.Contains(sharers, n) && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isTensorOf(sig.Results().At(0).Type(), tn, nil):
				f.Share = n
			case f.Release == "" && slices.Contains(releasers, n) && sig.Params().Len() == 0 && sig.Results().Len() == 0:
				f.Release = n
			}
		}
	}
	kernelFill(f, t, j)
	return f
}

// numeric reports whether the type named e is a builtin integer or
// floating-point type.
func numeric(e string) bool {
	b, ok := types.Universe.Lookup(e).(*types.TypeName)
	if !ok {
		return false
	}
	basic, ok := b.Type().(*types.Basic)
	return ok && basic.Info()&(types.IsInteger|types.IsFloat) != 0
}

// isTensorOf reports whether typ is *tn, or, for a generic tn, *tn[E]
// for tn's own type parameter or, with e set, for e.
func isTensorOf(typ types.Type, tn *types.TypeName, e *types.TypeParam) bool {
	p, ok := types.Unalias(typ).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Origin().Obj() != tn {
		return false
	}
	if n.TypeArgs().Len() == 0 {
		return e == nil && n.TypeParams().Len() == 0
	}
	return n.TypeArgs().Len() == 1 && (e == nil || n.TypeArgs().At(0) == e)
}

// constructor returns the call of the package's constructor of tensors
// from values and sizes (see fill.New), or "".
func constructor(t *target, pkg *types.Package, tn *types.TypeName) string {
	var best string
	var call string
	for _, name := range pkg.Scope().Names() {
		fn, ok := pkg.Scope().Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() != 1 || sig.Params().Len() != 2 || sig.Results().Len() != 1 {
			continue
		}
		e := sig.TypeParams().At(0)
		vals, ok := sig.Params().At(0).Type().(*types.Slice)
		if !ok || vals.Elem() != e || !isTensorOf(sig.Results().At(0).Type(), tn, e) {
			continue
		}
		arg, ok := shapeArg(sig, 1)
		if !ok {
			continue
		}
		// Preferred: New, then a From... function, then the first by name.
		if rank := constructorRank(name); best == "" || rank < constructorRank(best) {
			best, call = name, fmt.Sprintf("%s.%s(data, %s)", t.qual(), name, arg)
		}
	}
	return call
}

// shapeArg returns how the tests pass their shape []int as the i-th
// parameter of sig, and whether that parameter is a slice of int or int64,
// variadic or not.
func shapeArg(sig *types.Signature, i int) (string, bool) {
	shape, ok := sig.Params().At(i).Type().(*types.Slice)
	if !ok {
		return "", false
	}
	b, ok := shape.Elem().(*types.Basic)
	if !ok || b.Kind() != types.Int && b.Kind() != types.Int64 {
		return "", false
	}
	arg := "shape"
	if b.Kind() == types.Int64 {
		arg = "int64s(shape)"
	}
	if sig.Variadic() {
		arg += "..."
	}
	return arg, true
}

// plainConstructor returns the call of the constructor of a plain tensor
// type tn (see fill.New), or "". It also returns the constructor's name,
// its element type, and whether it takes no shape (flat). A constructor
// with a shape is preferred to one without.
func plainConstructor(t *target, pkg *types.Package, tn *types.TypeName) (call, name, elem string, flat bool) {
	best := -1
	for _, n := range pkg.Scope().Names() {
		fn, ok := pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() != 0 || sig.Params().Len() < 1 || sig.Params().Len() > 2 || sig.Results().Len() != 1 || !isTensorOf(sig.Results().At(0).Type(), tn, nil) {
			continue
		}
		vals, ok := sig.Params().At(0).Type().(*types.Slice)
		if !ok || sizesName(sig.Params().At(0).Name()) {
			continue
		}
		e, ok := vals.Elem().(*types.Basic)
		if !ok || !numeric(e.Name()) {
			continue
		}
		var c string
		noShape := sig.Params().Len() == 1
		if noShape {
			c = fmt.Sprintf("%s.%s(data)", t.qual(), n)
			if sig.Variadic() {
				c = fmt.Sprintf("%s.%s(data...)", t.qual(), n)
			}
		} else {
			arg, ok := shapeArg(sig, 1)
			if !ok {
				continue
			}
			c = fmt.Sprintf("%s.%s(data, %s)", t.qual(), n, arg)
		}
		rank := constructorRank(n)
		if noShape {
			rank += 3 // after every constructor with a shape
		}
		if best < 0 || rank < best {
			best, call, name, elem, flat = rank, c, n, e.Name(), noShape
		}
	}
	return call, name, elem, flat
}

// sizesName reports whether a parameter's name says it holds sizes, not
// values: Zeros(shape ...int) makes a tensor of that shape.
func sizesName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"shape", "size", "dim"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

func constructorRank(name string) int {
	switch {
	case name == "New":
		return 0
	case strings.HasPrefix(name, "From"):
		return 1
	}
	return 2
}

// kernelFill sets the fields of f that kernels of the selected ops give.
func kernelFill(f *fill, t *target, j *generate.Job) {
	calls := map[string]string{} // op name -> its kernel's call, on x (or base)
	for _, op := range j.Plan.Ops {
		if j.Options.Kernels == nil || j.Options.Kernels.Funcs[op.GoName] == nil {
			continue
		}
		args := op.Src.Func.Args()
		call := func(arg ...string) string {
			return fmt.Sprintf("%s.%s(%s)", t.qual(), op.GoName, strings.Join(arg, ", "))
		}
		intArg := func(i int, expr string) string {
			g, err := j.Options.Types.GoTypeOf(args[i].Type)
			if err != nil || g.Prefix != "" || g.Path != "" || !numeric(g.Name) {
				return ""
			}
			return g.Name + "(" + expr + ")"
		}
		switch op.Name {
		case "alias", "t":
			calls[op.Name] = call("x")
		case "clone":
			switch {
			case len(args) == 1:
				f.Copy = call("x")
			case len(args) == 2 && args[1].Type.Kind == schema.OptionalKind && nilable(j, args[1].Type):
				f.Copy = call("x", "nil")
			}
		case "transpose.int":
			if a, b := intArg(1, "0"), intArg(2, "1"); a != "" && b != "" {
				calls[op.Name] = call("x", a, b)
				f.Transpose = call("base", a, intArg(2, "last"))
			}
		case "select.int":
			if a, b := intArg(1, "0"), intArg(2, "0"); a != "" && b != "" {
				calls[op.Name] = call("x", a, b)
				f.Select = call("base", a, intArg(2, "i"))
			}
		}
		if op.Name == "add_.Tensor" && len(args) == 3 && len(op.Src.Func.Returns) == 1 {
			// x += 1 * x: every element of 1 to 6 doubles.
			// (Not for a bool element type: 1 is no constant of T.)
			if one := scalarOne(j, args[2].Type); one != "" && !f.Bool {
				calls[op.Name] = call("x", "x", one)
			}
		} else if slices.Contains(writers, op.Name) && len(args) == 1 && len(op.Src.Func.Returns) == 1 {
			calls[op.Name] = call("x")
		}
		if c := calls[op.Name]; c != "" && slices.Contains(writers, op.Name) && t.Counted && f.Release != "" {
			calls[op.Name] = c + "." + f.Release + "()"
		}
	}
	for _, op := range writers {
		if c := calls[op]; c != "" {
			f.Write = c
			break
		}
	}
	for _, op := range []string{"alias", "t", "transpose.int", "select.int"} {
		if c := calls[op]; c != "" {
			f.View = c
			break
		}
	}
}

// Instance returns the tensor type as the tests init fills spell it:
//   - a plain type as it is: "*tensor.Tensor";
//   - a generic one with their type parameter T, when init found what to
//     write them with: "*pool.Tensor[T]";
//   - else with the first element type of each type parameter
//     (FirstArgs).
func (t *target) Instance() string {
	if len(t.Params) == 0 {
		return "*" + t.qual() + "." + t.Type
	}
	if t.Fill != nil && t.Fill.Union != "" {
		return "*" + t.qual() + "." + t.Type + "[T]"
	}
	return "*" + t.qual() + "." + t.Type + "[" + t.FirstArgs() + "]"
}

// qual is the name init's tests import the runtime's package under.
func (t *target) qual() string { return t.testName(t.Name) }

// FirstArgs is the first element type of each type parameter, as type
// arguments: "float32".
func (t *target) FirstArgs() string {
	args := make([]string, len(t.Params))
	for i, p := range t.Params {
		args[i] = p.Instances[0]
	}
	return strings.Join(args, ", ")
}

// OtherArgs lists the type arguments of the type_params: instances that
// FirstArgs leaves out, one type parameter's: "int64, float64". It is ""
// when the type has one instance, or several type parameters, whose
// instances are not listed.
func (t *target) OtherArgs() string {
	if len(t.Params) != 1 || len(t.Params[0].Instances) < 2 {
		return ""
	}
	return strings.Join(t.Params[0].Instances[1:], ", ")
}

// inferScalar sets the type map's Scalar, which -types did not give, to
// the one type the Scalar arguments of the package's kernels have. That
// is the tensor type's type parameter (T) when they take the element
// type, or a builtin type. Kernels that disagree leave it unset (any).
// gen then names each kernel whose signature differs.
func inferScalar(t *target, j *generate.Job) {
	seen := map[string]bool{}
	for _, op := range j.Plan.Ops {
		fn, ok := t.pkg.Scope().Lookup(op.GoName).(*types.Func)
		if !ok || j.Options.Kernels.Funcs[op.GoName] == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		args := op.Src.Func.Args()
		if sig.Params().Len() != len(args) {
			continue
		}
		for i, a := range args {
			if a.Type.String() != "Scalar" {
				continue
			}
			if s := scalarSpelling(t, sig, sig.Params().At(i).Type()); s != "" {
				seen[s] = true
			}
		}
	}
	if len(seen) == 1 {
		for s := range seen {
			t.Types = append(t.Types, [2]string{"Scalar", s})
			t.Inferred = "Scalar: " + s + " (the type of the kernels' Scalar arguments)"
		}
	}
}

// scalarSpelling spells typ for the type map, or returns "". typ is a
// parameter type of the kernel of signature sig. A builtin type is spelled
// by its name. A type parameter of the kernel that instantiates the tensor
// type (*Tensor[E]) is spelled by the config's name of the tensor type's
// parameter there.
func scalarSpelling(t *target, sig *types.Signature, typ types.Type) string {
	switch x := types.Unalias(typ).(type) {
	case *types.Basic:
		return x.Name()
	case *types.TypeParam:
		for i := range sig.Params().Len() {
			p, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Pointer)
			if !ok {
				continue
			}
			n, ok := types.Unalias(p.Elem()).(*types.Named)
			if !ok || n.Obj().Name() != t.Type || n.Obj().Pkg() != t.pkg {
				continue
			}
			for k := range n.TypeArgs().Len() {
				if n.TypeArgs().At(k) == x && k < len(t.Params) {
					return t.Params[k].Name
				}
			}
		}
	}
	return ""
}

// names is a list of the functions a test still lacks.
type names []string

func (n names) list() string {
	if len(n) == 0 {
		return ""
	}
	return " (" + strings.Join(n, ", ") + ")"
}

// memoryTODO returns the functions of the memory function's conformance
// test (MemoryTestFile) left to write (f nil: every one).
func (f *fill) memoryTODO() names {
	if f == nil {
		return names{"New", "View", "Write"}
	}
	var out names
	for _, w := range [][2]string{{"New", f.New}, {"View", f.View}, {"Write", f.Write}} {
		if w[1] == "" {
			out = append(out, w[0])
		}
	}
	return out
}

// conformanceTODO returns the functions of the conformance suite the
// generic test leaves to write. A nil f is not a generic type's test.
func (f *fill) conformanceTODO(counted bool) names {
	if f == nil {
		return nil
	}
	if f.Union == "" {
		return names{"every function"}
	}
	var out names
	want := []struct {
		name string
		have string
	}{{"New", f.New}, {"Share", f.Share}, {"Release", f.Release}, {"View", f.View}, {"Write", f.Write}}
	for _, w := range want {
		if w.have == "" && (counted || w.name != "Share" && w.name != "Release") {
			out = append(out, w.name)
		}
	}
	return out
}

// nilable reports whether nil is a value of the Go type the job's type
// map gives schema type typ: an absent optional argument.
func nilable(j *generate.Job, typ *schema.Type) bool {
	g, err := j.Options.Types.GoTypeOf(typ)
	if err != nil {
		return false
	}
	return strings.HasPrefix(g.Prefix, "*") || strings.HasPrefix(g.Prefix, "[]") || g.Interface || g.Prefix == "" && g.Path == "" && g.Name == "any"
}

// scalarOne spells the Scalar 1 for an argument of schema type typ, whose
// Go type the job's type map gives. It is "1" for a builtin numeric type or
// a type parameter (the element type). It is "" for any other, such as
// any: the kernel may want a particular type.
func scalarOne(j *generate.Job, typ *schema.Type) string {
	g, err := j.Options.Types.GoTypeOf(typ)
	if err != nil || g.Prefix != "" || g.Path != "" {
		return ""
	}
	if numeric(g.Name) || g.Param {
		return "1"
	}
	return ""
}
