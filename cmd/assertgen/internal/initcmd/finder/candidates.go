package finder

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// A Candidate is a callable bound to an op: the code of its bind: entry.
type Candidate struct {
	Op       *Op
	Callable *Callable
	Code     string // the bind: entry's Go code
	Named    bool   // the callable's name is the op's
	Map      bool   // the op mapped over the elements with a Map parameter
	// Returns is the parameter the kernel returns after the code: ret, a
	// new tensor; or self or out, the argument written. It is "" when the
	// kernel returns the code's value.
	Returns string
	// Form is the view method and order of a view op's or cat's
	// candidate, whose Code calls the form's helpers (ViewsFile).
	Form *ViewForm
	// EmptyCrash is the Go runtime error the candidate panicked with on
	// empty inputs (no rows), as the value check ran it. It is "" for none.
	EmptyCrash string
	// Option is the option an in-place or out= candidate passes to its
	// callable's trailing variadic parameter (UseUnsafe(), WithReuse(out)).
	// The code returns its result. It is nil for none.
	Option *Option
	optArg string // the option as the code passes it
	// Value is set for a kernel's in-place or out= candidate whose code's
	// value is the result (kernelWrites). Returns is then the argument it
	// must write and return.
	Value bool
	// WritesInput is for a kernel of the user's named for its op
	// (namedKernel). It says the first case on which the kernel changed an
	// input the op only reads, and which: "on [[...]]: it changes its
	// input 0, ...". It is "" where it did not. Its values judge it all the
	// same.
	WritesInput string
	// Unbuilt is the compiler's message on the candidate's code, which the
	// value check's program could not build (checkKept). The candidate is
	// left out of the program, and its verdict says why. It is "" for one
	// built.
	Unbuilt string
	// Swapped is set for a candidate of rsub that calls a Sub with its
	// operands swapped (swappedOp): rsub(self, other, alpha) is
	// Sub(other, self, alpha).
	Swapped bool
	// Held are the op's trailing scalars its callable has no parameter
	// for (add's alpha, for an Add(a, b)): each held at its default
	// (OpParam.Default). The code refuses a call with another value, with
	// a panic that says so; the value check runs the cases that hold them.
	Held []OpParam
}

// holds reports whether case scalars s hold c's held scalars at their
// defaults.
func (c *Candidate) holds(s []float64) bool {
	for _, p := range c.Held {
		if !p.heldAt(s[p.Index]) {
			return false
		}
	}
	return true
}

// heldCases is the number of the op's cases that hold c's held scalars.
func (c *Candidate) heldCases() int {
	n := 0
	for _, k := range c.Op.Ref.Cases {
		if c.holds(k.Scalars) {
			n++
		}
	}
	return n
}

// Candidates returns the candidates of op among the callables. Each is a
// callable whose parameters fit the op's in one of the ways a library
// spells it. pkg is the library's package name. The ways:
//
//   - into a receiver: dst.M(inputs, scalars), dst being the new tensor
//     ret, out, or self (in place);
//   - in place on the receiver: self.M(the other inputs, scalars);
//   - returning the result, for functional ops only: self.M(the other
//     inputs, scalars) or pkg.F(inputs, scalars);
//   - mapping a function of each element, into the receiver,
//     dst.M(func(_, _ int, v E) E { return EXPR }, self), or returning the
//     result, self.M(func...), for functional ops only. This is for an op
//     the reference gives as an expression of one element (E float64).
//     For an elementwise op of two tensors, the expression is of the
//     first's element and of the second's at the same row and column. The
//     function reads that with the library's At(i, j), when it has one:
//     func(i, j int, v E) E { return max(v, other.At(i, j)) }.
//   - with an option, for an in-place or out= op and a callable that
//     returns a tensor and takes trailing options (gorgonia's
//     self.Mul(other, opts ...FuncOpt)): self.M(the other inputs, scalars,
//     OPT) or pkg.F(inputs, scalars, OPT). OPT is each of the package's
//     Options of no parameters (in place: tensor.UseUnsafe()) or of out
//     (out=: tensor.WithReuse(out)). The call's result is returned. The
//     value check keeps those that write the argument and return it.
//
// Tensors are passed in the op's order. Numbers are passed in the op's
// order, converted to the callable's types. A callable's error result
// panics. The result of a call into a receiver is dropped, as gen drops
// it, except where the op's return holds it: gen returns it then
// (program.go's body).
func Candidates(op *Op, l *Lib) []*Candidate {
	cs, pkg, at := l.Callables, l.Pkg.Name(), l.At
	if op.List {
		// A list of tensors (cat): from views (viewCandidates), or a
		// kernel package's callable that takes a list.
		cs = slices.DeleteFunc(slices.Clone(cs), func(c *Callable) bool {
			return !slices.ContainsFunc(c.Params, func(p Param) bool { return p.Kind == List })
		})
	}
	var out []*Candidate
	add := func(c *Callable, call callCode, returns string, isMap bool) {
		if call.code != "" {
			out = append(out, &Candidate{Op: op, Callable: c, Code: call.code, Named: !isMap && c.NameFits(op.base()), Map: isMap, Returns: returns, Held: call.held})
		}
	}
	dst := map[schema.Kind]string{schema.Functional: "ret", schema.Out: op.outName()}[op.Kind]
	if op.Kind == schema.Inplace {
		dst = op.Tensors[0] // self
	}
	op.kind, op.kinds = scalarKinds(op, l)
	mapped := op.Ref.Map != "" && op.Elem == "float64" && (op.Ref.Tensors == 1 || at != "")
	mapIn := op.Tensors // the tensors a map's call passes: the first alone
	if mapped && op.Ref.Tensors == 2 {
		op.at, mapIn = at, op.Tensors[:1]
	}
	for _, c := range cs {
		if c.Method {
			// Into the receiver; a result (the receiver, for chaining) is
			// dropped.
			add(c, c.call(dst+".", op, op.Tensors, false, false, ""), dst, false)
			if op.Kind == schema.Inplace && len(op.Tensors) > 0 {
				add(c, c.call(op.Tensors[0]+".", op, op.Tensors[1:], false, false, ""), op.Tensors[0], false)
			}
			if mapped {
				add(c, c.call(dst+".", op, mapIn, true, false, ""), dst, true)
			}
		}
		if c.Pkg != nil {
			// A kernel package's function into its first tensor, as a
			// method into its receiver: kern.F(dst, inputs, scalars).
			add(c, c.call(c.qual(pkg)+".", op, append([]string{dst}, op.Tensors...), false, false, ""), dst, false)
		}
		if c.Pkg != nil && (c.Result.Tensor || c.Result.List) && op.Kind != schema.Functional && len(op.Tensors) > 0 {
			out = append(out, kernelWrites(op, c, pkg, dst)...)
		}
		if (c.Result.Tensor || c.Result.List) && op.Kind == schema.Functional {
			switch {
			case c.Method && len(op.Tensors) > 0:
				add(c, c.call(op.Tensors[0]+".", op, op.Tensors[1:], false, true, ""), "", false)
				if mapped {
					add(c, c.call(op.Tensors[0]+".", op, nil, true, true, ""), "", true)
				}
			case !c.Method:
				add(c, c.call(c.qual(pkg)+".", op, op.Tensors, false, true, ""), "", false)
			}
		}
		out = append(out, optionCandidates(op, c, l.Options, pkg, dst)...)
	}
	if sw := swappedOp(op); sw != nil {
		for _, c := range Candidates(sw, l) {
			if !slices.ContainsFunc(out, func(o *Candidate) bool { return o.Callable == c.Callable && o.Code == c.Code }) {
				c.Op, c.Swapped = op, true
				out = append(out, c)
			}
		}
	}
	return out
}

// swappedOp is rsub's op as a library's Sub computes it, or nil for
// another op: rsub(self, other, alpha) = other - alpha*self is
// Sub(other, self, alpha), and Sub(other, self) with alpha held at 1.
// rsub.Tensor's tensors are passed in the other order; rsub.Scalar's
// scalar other is passed before self where a parameter takes either
// (gorgonia's Sub(a, b interface{})). Its reference is the op's without
// the expression of an element: a map is no Sub.
func swappedOp(op *Op) *Op {
	if op.swapped || op.base() != "rsub" || op.List {
		return nil
	}
	sw := *op
	sw.swapped = true
	ref := *op.Ref
	ref.Map = ""
	sw.Ref = &ref
	switch len(op.Tensors) {
	case 2:
		sw.Tensors = []string{op.Tensors[1], op.Tensors[0]}
	case 1:
		sw.scalarFirst = true
	default:
		return nil
	}
	return &sw
}

// kernelWrites returns the candidates of the in-place or out= op that
// call c, a kernel package's callable returning a tensor (and maybe an
// error). They pass the argument the op writes and the op's tensors, and
// return the call's result:
//   - in place: kern.Neg_(self), kern.Add_(self, other);
//   - out=: kern.AddOut(out, self, other) and kern.AddOut(self, other,
//     out).
//
// The value check keeps those that write the argument and return it. gen
// returns what the call returns, so that returns_arg sees a kernel that
// returns another tensor.
func kernelWrites(op *Op, c *Callable, pkg, dst string) []*Candidate {
	lists := [][]string{op.Tensors}
	if op.Kind == schema.Out {
		lists = [][]string{append([]string{dst}, op.Tensors...), append(slices.Clone(op.Tensors), dst)}
	}
	if c.Recv != nil && c.Recv.Operator {
		return nil // an operator's Apply makes its results
	}
	// Named only where the name says it writes (Neg_, NegInPlace; AddOut,
	// AddInto). kern.Neg is no neg_, and the report does not say so of
	// every functional kernel.
	lower := strings.ToLower(c.GoName)
	named := c.NameFits(op.base()) && (op.Kind == schema.Inplace && c.namedWrites() ||
		op.Kind == schema.Out && (strings.HasSuffix(lower, "out") || strings.HasSuffix(lower, "into") || strings.HasSuffix(lower, "to")))
	var out []*Candidate
	for _, ts := range lists {
		if call := c.call(c.qual(pkg)+".", op, ts, false, true, ""); call.code != "" {
			out = append(out, &Candidate{Op: op, Callable: c, Code: call.code, Named: named, Returns: dst, Value: true, Held: call.held})
		}
	}
	return out
}

// optionCandidates returns the candidates of the in-place or out= op that
// call c with each option of its trailing variadic parameter that fits the
// op (Candidates). The call's result is returned. dst is the argument the
// op writes.
func optionCandidates(op *Op, c *Callable, opts []*Option, pkg, dst string) []*Candidate {
	rest := c.rest()
	if rest == nil || !c.Result.Tensor || op.Kind == schema.Functional || len(op.Tensors) == 0 {
		return nil
	}
	var out []*Candidate
	for _, o := range opts {
		if !types.Identical(o.typ, rest) || o.Tensor != (op.Kind == schema.Out) {
			continue
		}
		arg := o.Arg(pkg, dst)
		call := c.call(c.qual(pkg)+".", op, op.Tensors, false, true, arg)
		if c.Method {
			call = c.call(op.Tensors[0]+".", op, op.Tensors[1:], false, true, arg)
		}
		if call.code != "" {
			out = append(out, &Candidate{Op: op, Callable: c, Code: call.code, Named: c.NameFits(op.base()), Returns: dst, Option: o, optArg: arg, Held: call.held})
		}
	}
	return out
}

// base is the op's name without its overload.
func (op *Op) base() string { return strings.SplitN(op.Name, ".", 2)[0] }

// outName is the Go name of the op's out= tensor.
func (op *Op) outName() string {
	for _, p := range op.Params {
		if p.Role == OutArg {
			return p.Name
		}
	}
	return ""
}

// A callCode is the code of a call of a callable, and the op's scalars
// it holds at their defaults.
type callCode struct {
	code string
	held []OpParam
}

// call returns the code that calls c on recv with the tensors and the
// op's scalars, or no code when c's parameters do not take them. recv
// includes its dot, and is "" for a function. Scalars left over with a
// default in the schema are held there (add's alpha at 1, for an
// Add(a, b); slice.Tensor's optional start and end at None, for a
// kernel without them): the code refuses another value first
// (heldGuard).
//   - with mapped, c's Map parameter takes the op's expression of an
//     element. tensors are then its one input, or none when recv is it.
//   - value says the code's value is the result, its type asserted from an
//     interface. Otherwise the call is a statement: its results are
//     dropped, but an error panics.
//   - opt is the argument of a Rest parameter; "" leaves it empty.
func (c *Callable) call(recv string, op *Op, tensors []string, mapped, value bool, opt string) callCode {
	code, si := c.callCode(recv, op, tensors, mapped, value, opt)
	if code == "" || si == len(op.Scalars) || mapped {
		return callCode{code: code}
	}
	var held []OpParam
	for ; si < len(op.Scalars); si++ {
		i := slices.IndexFunc(op.Params, func(p OpParam) bool { return p.Role == Scalar && p.Index == si })
		if op.Params[i].Default == "" {
			return callCode{}
		}
		held = append(held, op.Params[i])
	}
	if (&Candidate{Op: op, Held: held}).heldCases() == 0 {
		return callCode{} // no case to check it on
	}
	if value && !strings.HasPrefix(code, "res") {
		code = "return " + code // an expression; statements return already
	}
	return callCode{code: heldGuard(c.Name, held) + code, held: held}
}

// heldGuard is the statement that refuses a call whose held scalars are
// not at their defaults, naming the callable.
func heldGuard(callable string, held []OpParam) string {
	var cond, names, at []string
	for _, p := range held {
		cond = append(cond, p.Name+" != "+p.Default)
		names = append(names, p.Name)
		at = append(at, p.Name+" = "+p.defaultText())
	}
	word := map[bool]string{true: " parameter", false: " parameters"}[len(held) == 1]
	return fmt.Sprintf("if %s { panic(%q) }; ", strings.Join(cond, " || "),
		callable+" has no "+strings.Join(names, ", ")+word+": bound for "+strings.Join(at, ", ")+" only")
}

// callCode is call's code before held scalars, and the number of the
// op's scalars it passes: "" where c's parameters do not take the
// tensors, or scalars not left at the end.
func (c *Callable) callCode(recv string, op *Op, tensors []string, mapped, value bool, opt string) (string, int) {
	var args []string
	ti, si, li, maps := 0, 0, 0, 0
	for _, p := range c.Params {
		switch p.Kind {
		case Tensor:
			if ti == len(tensors) || op.List && tensors[ti] == op.Tensors[0] {
				return "", 0 // none left, or the op's list
			}
			args, ti = append(args, tensors[ti]), ti+1
		case List:
			// The op's list, or its tensors (those left) made one.
			switch {
			case ti == len(tensors):
				return "", 0
			case op.List && tensors[ti] == op.Tensors[0]:
				args, ti = append(args, tensors[ti]), ti+1
			case op.List:
				return "", 0
			default:
				args, ti = append(args, c.list+"{"+strings.Join(tensors[ti:], ", ")+"}"), len(tensors)
			}
		case Number:
			if si == len(op.Scalars) || strings.HasPrefix(op.scalarType(si), "*") || !passes(op.scalarType(si), p.Type) {
				return "", 0 // no scalar left, an optional one, or one of another kind
			}
			args, si = append(args, convert(op.scalarType(si), p.Type, op.Scalars[si])), si+1
		case Sizes:
			if li == len(op.Lists) {
				return "", 0
			}
			args, li = append(args, intsArg(op.Lists[li], p.Type, false)), li+1
		case Map:
			f := op.mapFunc(p.Index)
			if !mapped || maps > 0 || f == "" {
				return "", 0
			}
			args, maps = append(args, f), maps+1
		case Any:
			// The next tensor, else the next number as an element; the
			// first number before the tensors for a swapped rsub.Scalar.
			switch {
			case op.scalarFirst && si == 0 && ti == 0 && len(op.Scalars) > 0:
				args, si = append(args, op.untypedScalar(si)), si+1
			case ti < len(tensors):
				args, ti = append(args, tensors[ti]), ti+1
			case si < len(op.Scalars) && !strings.HasPrefix(op.scalarType(si), "*") && passes(op.scalarType(si), op.Elem):
				args, si = append(args, op.untypedScalar(si)), si+1
			default:
				return "", 0
			}
		case Rest:
			var a string
			if a, li = restArg(p, opt, op, li); a != "" {
				args = append(args, a)
			}
		default:
			return "", 0
		}
	}
	if c.Recv != nil {
		// A receiver made for the call, its fields set to the scalars
		// left (Recv).
		var set []string
		for ; !mapped && si < len(op.Scalars) && len(set) < len(c.Recv.Fields) && c.Recv.Ctor == ""; si++ {
			if strings.HasPrefix(op.scalarType(si), "*") || !passes(op.scalarType(si), c.Recv.Fields[len(set)].Type) {
				return "", 0
			}
			set = append(set, convert(op.scalarType(si), c.Recv.Fields[len(set)].Type, op.Scalars[si]))
		}
		recv = c.Recv.expr(set) + "."
	}
	if ti != len(tensors) || li != len(op.Lists) || mapped && maps != 1 {
		return "", 0
	}
	code := recv + c.GoName + c.TypeArgs + "(" + strings.Join(args, ", ") + ")"
	switch {
	case value && c.Result.List:
		return c.listCode(code, op), si
	case c.Result.List && c.Result.Err:
		return "", 0
	case value && c.Result.Err && !c.Result.Other && !op.hasParam("res", "err"):
		// A result and an error (gorgonia's): an error panics, as an
		// error of a call that returns nothing else does.
		return "res, err := " + code + "; if err != nil { panic(err) }; return res" + c.Result.Assert, si
	case value && c.Result.Err:
		return "", 0
	case value && c.Result.Other:
		// Results besides the tensor (Frexp's two tensors): the call is
		// no value a kernel returns.
		return "", 0
	case value:
		return code + c.Result.Assert, si
	case c.Result.Err && (c.Result.Tensor || c.Result.Other):
		return "", 0
	case c.Result.Err:
		return "if err := " + code + "; err != nil { panic(err) }", si
	}
	return code, si
}

// hasParam reports whether the op has a parameter of one of the names.
func (op *Op) hasParam(names ...string) bool {
	for _, p := range op.Params {
		if slices.Contains(names, p.Name) {
			return true
		}
	}
	return false
}

// listCode is the statements that return the one tensor of the list the
// call code returns, with an error, which panics. It is "" where the op's
// parameters take the names.
func (c *Callable) listCode(code string, op *Op) string {
	if op.hasParam("res", "err") || c.Result.Other {
		return ""
	}
	head := "res := " + code
	if c.Result.Err {
		head = "res, err := " + code + "; if err != nil { panic(err) }"
	}
	return head + "; if len(res) != 1 { panic(\"" + c.Name + " returned " + "other than one tensor\") }; return res[0]"
}

// Stmts reports whether the candidate's code is statements that return
// the result, not an expression: a call of a result and an error, or of a
// list.
func (c *Candidate) Stmts() bool {
	return strings.HasPrefix(c.Code, "res, err := ") || strings.HasPrefix(c.Code, "res := ") ||
		len(c.Held) > 0 && strings.Contains(c.Code, "; return ")
}

// scalarType is the Go type of the op's scalar i.
func (op *Op) scalarType(i int) string {
	for _, p := range op.Params {
		if p.Role == Scalar && p.Index == i {
			return p.Type
		}
	}
	return ""
}

// mapFunc is the function of an element that computes the op, with n
// index parameters before the element.
func (op *Op) mapFunc(n int) string {
	idx := strings.TrimSuffix(strings.Repeat("_, ", n), ", ")
	expr := op.Ref.Map
	if op.Ref.Tensors == 2 {
		if n != 2 || op.at == "" {
			return "" // the second operand is read by row and column
		}
		idx = "i, j"
		expr = operandW.ReplaceAllLiteralString(expr, op.Tensors[1]+"."+op.at+"(i, j)")
	}
	elem := op.Elem
	if idx != "" {
		idx += " int, "
	}
	return fmt.Sprintf("func(%sv %s) %s { return %s }", idx, elem, elem, expr)
}

// operandW matches the second operand's element in a reference's
// expression of two (refvalues.Op.Map).
var operandW = regexp.MustCompile(`\bw\b`)

// restArg is the argument of a Rest parameter p: the option opt, or
// else the op's int list li spread (gorgonia's T(axes ...int)), or none
// ("": the library's defaults). It returns the next list's index.
func restArg(p Param, opt string, op *Op, li int) (string, int) {
	switch {
	case opt != "":
		return opt, li
	case isInt(p.opt) && li < len(op.Lists):
		return intsArg(op.Lists[li], "[]"+p.opt.String(), true), li + 1
	}
	return "", li
}

// passes reports whether an op's scalar of Go type from may be passed as a
// to: a bool (keepdim) as a bool alone, a dtype (PyTorch's ScalarType
// number, int) as an integer alone, a number as any number.
func passes(from, to string) bool {
	isInt := strings.HasPrefix(to, "int") || strings.HasPrefix(to, "uint")
	switch from {
	case "bool":
		return to == "bool"
	case "int":
		return isInt
	}
	return to != "bool"
}

// intsArg is the Go expression of the op's int list name ([]int64, nil
// for None) as a parameter of slice type to, spread for a variadic one.
func intsArg(name, to string, variadic bool) string {
	arg := name
	if to != "[]int64" {
		arg = fmt.Sprintf("func(d []int64) %s { if d == nil { return nil }; o := make(%s, len(d)); for i, v := range d { o[i] = %s(v) }; return o }(%s)", to, to, strings.TrimPrefix(to, "[]"), name)
	}
	if variadic {
		arg += "..."
	}
	return arg
}

// scalarKinds is op's kind and kinds for library l: where the tensor
// type says its element type (Memory.Kind) and the library makes
// float or complex tensors besides its element type, the code of the
// first tensor's element type's name and those types.
func scalarKinds(op *Op, l *Lib) (string, []string) {
	if l.Memory == nil || l.Memory.Kind == "" || len(op.Tensors) == 0 || op.List || op.Elem != "float64" {
		return "", nil
	}
	var kinds []string
	for _, d := range Dtypes(l.Memory.Made) {
		if d != op.Elem && (isFloat(d) || strings.HasPrefix(d, "complex")) {
			kinds = append(kinds, d)
		}
	}
	if len(kinds) == 0 {
		return "", nil
	}
	return op.Tensors[0] + "." + l.Memory.Kind + "().Kind().String()", kinds
}

// untypedScalar is the Go expression of the op's scalar si passed to an
// untyped parameter (any): the element type's value. A library that
// takes a scalar of the tensor's element type there (gorgonia's
// Add(self, other) refuses a float64 on a float32 tensor) gets one of
// the first tensor's float or complex type; another element type gets
// the number as the element type Elem, as before.
func (op *Op) untypedScalar(si int) string {
	x := convert(op.scalarType(si), op.Elem, op.Scalars[si])
	if op.kind == "" || op.scalarType(si) != op.Elem {
		return x
	}
	var b strings.Builder
	b.WriteString("func() any { switch " + op.kind + " { ")
	for _, k := range op.kinds {
		v := k + "(" + x + ")"
		if strings.HasPrefix(k, "complex") {
			v = k + "(complex(" + x + ", 0))"
		}
		fmt.Fprintf(&b, "case %q: return %s; ", k, v)
	}
	b.WriteString("default: return " + x + " } }()")
	return b.String()
}

// isFloat reports whether the Go element type d is a float.
func isFloat(d string) bool { return d == "float32" || d == "float64" }

// convert is the Go expression of name (of type from) as a to.
func convert(from, to, name string) string {
	if from == to {
		return name
	}
	return to + "(" + name + ")"
}
