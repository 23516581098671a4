package finder

import (
	"bufio"
	"context"
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// SweepViews are the views of the tensor type the sweep's samples ask for
// that init found a method to make:
//   - a transposed view: a 2-D tensor's dims swapped;
//   - a selected view: a tensor's dim 0 fixed at an index.
//
// init tries each candidate on a tensor the constructor made (ProbeViews).
// Through the memory function, it checks that the result is on that
// tensor's memory, with the sample's geometry. A nil view was not found;
// Why says what was tried.
type SweepViews struct {
	Transpose, Select *SweepView
	// Why says, per kind ("transposed", "selected"), why init made none of
	// that kind: the candidates it tried, each with why it failed, or that
	// it found none to try.
	Why map[string]string
	// Tried are, per kind, the candidates that failed, each as its call
	// and why: "T.Clone(): its result is not on the tensor's storage
	// (sizes [3 2])". Those whose result has the view's sizes come first.
	Tried map[string][]string
}

// A SweepView is a method that makes a view of a tensor.
type SweepView struct {
	Callable *Callable
	kind     string // "transposed" or "selected"
	call     string // the call, of base (and i) and PKG. for the library's package name
	receiver bool   // the view is base itself, changed by the call (gorgonia's T() error)
	err      bool   // the call's last result is an error
	assert   string // the type assertion of a result of an interface type, PKG. for the package name
	option   string // the function of PKG that makes the method's argument, for a select through one
}

// Name says the view's call as the report does: "Dense.T()",
// "Dense.Slice(tensor.S(i))", pkg the library's package name.
func (v *SweepView) Name(pkg string) string {
	typ := strings.TrimSuffix(v.Callable.Name, "."+v.Callable.GoName)
	return strings.ReplaceAll(strings.Replace(v.call, "base.", typ+".", 1), "PKG.", pkg+".")
}

// Code is Go code of statements that set view, of the tensor type, to the
// view of base, and for a selected view, at index i. pkg is the library's
// package name. A call's error panics.
func (v *SweepView) Code(pkg string) string {
	call := strings.ReplaceAll(v.call, "PKG.", pkg+".")
	assert := strings.ReplaceAll(v.assert, "PKG.", pkg+".")
	switch {
	case v.receiver && v.err:
		return fmt.Sprintf("if err := %s; err != nil {\n\tpanic(err)\n}\nview := base", call)
	case v.receiver:
		return call + "\nview := base"
	case v.err:
		return fmt.Sprintf("made, err := %s\nif err != nil {\n\tpanic(err)\n}\nview := made%s", call, assert)
	}
	return "view := " + call + assert
}

// viewCalls returns the candidates of the sweep's views among the methods
// of the tensor type:
//   - for a transposed view, each method of no parameters, or of a
//     variadic one of ints, given none. It returns a tensor (and an
//     error), or only an error, or nothing: a change of its receiver
//     (gorgonia's T() error).
//   - for a selected view, each method of one int parameter, or of a
//     variadic parameter of a type a function of the package makes from
//     an int (gorgonia's Slice(...Slice) with tensor.S(i)). It returns a
//     tensor (and an error).
func viewCalls(l *Lib) []*SweepView {
	var out []*SweepView
	for _, c := range l.Callables {
		if !c.Method || c.Recv != nil || c.Result.Other || c.Result.List {
			continue
		}
		assert := strings.Replace(c.Result.Assert, l.Pkg.Name()+".", "PKG.", 1)
		v := SweepView{Callable: c, err: c.Result.Err, receiver: !c.Result.Tensor, assert: assert}
		switch {
		case len(c.Params) == 0 || len(c.Params) == 1 && c.Params[0].Kind == Rest && isInt(c.Params[0].opt):
			t := v
			t.kind, t.call = "transposed", "base."+c.GoName+"()"
			out = append(out, &t)
		case !c.Result.Tensor:
		case len(c.Params) == 1 && c.Params[0].Kind == Number && c.Params[0].Type == "int":
			s := v
			s.kind, s.call = "selected", "base."+c.GoName+"(i)"
			out = append(out, &s)
		case len(c.Params) == 1 && c.Params[0].Kind == Rest:
			for _, f := range intMakers(l, c.Params[0].opt) {
				s := v
				s.kind, s.call, s.option = "selected", "base."+c.GoName+"(PKG."+f+"(i))", f
				out = append(out, &s)
			}
		}
	}
	return out
}

// isInt reports whether t is a predeclared integer type.
func isInt(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// intMakers returns the exported functions of the library's package that
// make a value of type t from one int. A variadic rest of ints may follow,
// left empty: gorgonia's S(start int, opt ...int) Slice.
func intMakers(l *Lib, t types.Type) []string {
	var out []string
	for _, n := range l.Pkg.Scope().Names() {
		fn, ok := l.Pkg.Scope().Lookup(n).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		ps, rs := sig.Params(), sig.Results()
		if sig.TypeParams().Len() > 0 || rs.Len() != 1 || !types.Identical(rs.At(0).Type(), t) || ps.Len() < 1 || ps.Len() > 2 {
			continue
		}
		if b, ok := ps.At(0).Type().(*types.Basic); !ok || b.Kind() != types.Int {
			continue
		}
		if ps.Len() == 2 && !(sig.Variadic() && isInt(ps.At(1).Type().(*types.Slice).Elem())) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// The tensor the views are tried on, and the geometry each kind of view of
// it has, in elements: its dims swapped (offset 0), and its row i = 1
// (offset 2 elements).
var (
	viewBase = []int{3, 2}
	viewWant = map[string]struct {
		sizes, strides []int
		offset         int
	}{
		"transposed": {[]int{2, 3}, []int{1, 2}, 0},
		"selected":   {[]int{2}, []int{1}, 2},
	}
)

// ProbeViews tries each candidate of the sweep's views (viewCalls) on a 3
// x 2 tensor of the element type the constructor made. It does so in a
// program built and run in the user's module, as the memory function's
// check is. It keeps, per kind, the first whose result the memory function
// reads on that tensor's storage, at the view's offset, with its sizes and
// strides. It sets l.Views. l.Views.Why says:
//   - a view init cannot check: no 2-D tensor the memory function reads,
//     or no strides in its geometry;
//   - a view nothing makes;
//   - a program that fails: a method that exits it. The views are then
//     not made, and init goes on.
func ProbeViews(ctx context.Context, dir string, l *Lib) error {
	v := &SweepViews{Why: map[string]string{}, Tried: map[string][]string{}}
	l.Views = v
	var cant string
	switch {
	case l.Memory == nil || !slices.Contains(l.Memory.Read, Form{l.Elem, 2}):
		cant = fmt.Sprintf("init cannot check one: the memory function reads no 2-D %s tensor %s.%s makes", l.Elem, l.Pkg.Name(), l.Ctor.Name)
	case l.Memory.NoStrides:
		cant = "init cannot check one: the memory function's geometry has no strides"
	}
	cands := viewCalls(l)
	if cant != "" || len(cands) == 0 {
		for kind := range viewWant {
			v.Why[kind] = cant
			if cant == "" {
				v.Why[kind] = "no method of " + l.Qual() + " to try"
			}
		}
		return nil
	}
	out, err := runSource(ctx, dir, l, []byte(l.viewProgram(cands)), fmt.Sprintf("the check of the views of %s", l.Spec))
	if err != nil {
		// A method that exits the program (or a build that fails) costs
		// the views, not init.
		for kind := range viewWant {
			v.Why[kind] = "init could not try the methods: " + strings.ReplaceAll(err.Error(), "\n", " ")
		}
		return nil
	}
	tried, nearer := v.Tried, map[string]int{}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), viewMark)
		if !ok {
			continue // the library's own output
		}
		n, what, _ := strings.Cut(line, " ")
		k, err := strconv.Atoi(n)
		if err != nil || k < 0 || k >= len(cands) {
			return fmt.Errorf("the check of the views printed %q", line)
		}
		c := cands[k]
		switch verdict, why, _ := strings.Cut(what, " "); {
		case verdict == "yes" && c.kind == "transposed" && v.Transpose == nil:
			v.Transpose = c
		case verdict == "yes" && c.kind == "selected" && v.Select == nil:
			v.Select = c
		case verdict == "no":
			// Those that made a result of the view's sizes first.
			near, why, _ := strings.Cut(why, " ")
			t := c.Name(l.Pkg.Name()) + ": " + why
			if near == "near" {
				tried[c.kind] = slices.Insert(tried[c.kind], nearer[c.kind], t)
				nearer[c.kind]++
			} else {
				tried[c.kind] = append(tried[c.kind], t)
			}
		}
	}
	for kind := range viewWant {
		switch {
		case len(tried[kind]) > 3:
			v.Why[kind] = fmt.Sprintf("tried %s (and %d more)", strings.Join(tried[kind][:3], "; "), len(tried[kind])-3)
		case len(tried[kind]) > 0:
			v.Why[kind] = "tried " + strings.Join(tried[kind], "; ")
		default:
			v.Why[kind] = "no method of " + l.Qual() + " to try"
		}
	}
	return sc.Err()
}

// viewMark starts each line of viewProgram's verdicts, apart from what
// the methods it calls print.
const viewMark = "assertgen-view "

// viewProgram is the program ProbeViews runs. Per candidate, it writes a
// line of viewMark, after a newline whatever the methods printed, then "K
// yes" or "K no WHY".
func (l *Lib) viewProgram(cands []*SweepView) string {
	var b strings.Builder
	b.WriteString(l.programHead(l.MemoryBody(Dtypes(l.Memory.Read)), "fmt", "os", "slices", "time", "unsafe"))
	val, _ := ElemCode(l.Elem)
	r := strings.NewReplacer("$K", "", "$ELEM", l.Elem, "$VAL", val, "$CTOR", l.Ctor.Call("lib", "shape", "data"))
	b.WriteString(r.Replace(viewProgramMain))
	for k := range cands {
		fmt.Fprintf(&b, "\tsay(\"%s%d %%s\", try(view%d))\n", viewMark, k, k)
	}
	b.WriteString("}\n")
	for k, c := range cands {
		w := viewWant[c.kind]
		r := strings.NewReplacer("$K", strconv.Itoa(k), "$CODE", c.Code("lib"), "$BASE", Ints(viewBase), "$OFF", strconv.Itoa(w.offset),
			"$WSIZES", Ints(w.sizes), "$WSTRIDES", Ints(w.strides), "$SIZES", l.Sizes("view"))
		b.WriteString(r.Replace(`
func view$K() (res string) {
	defer func() {
		if p := recover(); p != nil {
			res = fmt.Sprintf("no far it panicked: %v", p)
		}
	}()
	base := mk([]int{$BASE})
	i := 1
	mb := memory(base)
	$CODE
	_ = i
	if why := check(mb, memory(view), $OFF, []int{$WSIZES}, []int{$WSTRIDES}); why != "" {
		got := $SIZES
		near := "far"
		if slices.Equal([]int(got), []int{$WSIZES}) {
			near = "near"
		}
		return fmt.Sprintf("no %s %s (sizes %v)", near, why, got)
	}
	return "yes"
}
`))
	}
	return b.String()
}

const viewProgramMain = mkText + `
// check says how mv, the memory of a view of the tensor whose memory was
// mb, is not on its storage at offset off (elements) with sizes and
// strides; "" where it is.
func check(mb, mv asserts.Memory, off int, sizes, strides []int) string {
	size := int(unsafe.Sizeof(*new($ELEM)))
	if mv.Anchor() == nil || mv.Anchor() != mb.Anchor() {
		return "its result is not on the tensor's storage"
	}
	if at := int(mb.Extent()) - int(mv.Extent()); at != off*size {
		return fmt.Sprintf("its window starts %d bytes into the tensor's, not %d", at, off*size)
	}
	fp, ok := mv.Metadata()
	if want, _ := mv.Strided(sizes, strides).Metadata(); !ok || fp != want {
		return fmt.Sprintf("its geometry is not sizes %v and strides %v", sizes, strides)
	}
	return ""
}

// try runs f, or says it did not return.
func try(f func() string) string {
	done := make(chan string, 1)
	go func() { done <- f() }()
	select {
	case res := <-done:
		return res
	case <-time.After(10 * time.Second):
		return "no far it did not return within 10s"
	}
}

func main() {
`
