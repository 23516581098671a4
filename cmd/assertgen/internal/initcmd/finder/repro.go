package finder

import (
	"context"
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// A ReproHooks is how a sweep's reproducers (docs/sweep.md,
// "Reproducers") write the library's tensors in Go of the library alone.
// It holds the declarations every reproducer gets (sweep.Source), and the
// constructor's call a tensor is written as. init writes them into the
// sweep adapter's ReproSource and ReproTensor, once CheckRepro has run
// them.
type ReproHooks struct {
	// Imports are the import paths Decls use. Decls declare tensorValues,
	// tensorSizes, tensorFill, tensorAddr, tensorFloat, and tensorImpl for
	// a pointer type. Each works on the tensors of Dtypes, the element
	// types the memory function reads.
	Imports []string
	Decls   string
	Dtypes  []string
	// Qual is the tensor type, and Ctor the constructor's call of sizes
	// shape and values data, as a reproducer spells them: the library by
	// its package name.
	Qual, Ctor string
	// Transpose and Select are the formats of the Go expressions of the
	// sweep's views. They are made with the methods ProbeViews found, as
	// the sweep adapter makes them (assertgenTranspose, assertgenSelect).
	// %[1]s is the base's expression and, for Select, %[2]d the index
	// along dim 0. A format is "" where init found no such method, or
	// where CheckRepro saw the hooks read the view wrong. NoView says why,
	// per kind.
	Transpose, Select string
	NoView            map[string]string
}

// Repro returns the hooks of the library's tensors (Memory set:
// ProbeMemory ran).
func (l *Lib) Repro() *ReproHooks {
	name := l.Pkg.Name()
	h := &ReproHooks{Dtypes: Dtypes(l.Memory.Read), Imports: []string{l.Pkg.Path(), "strconv", "unsafe"}}
	h.Qual = types.TypeString(l.Tensor, func(*types.Package) string { return name })
	h.Ctor = l.Ctor.Call(name, "shape", "data")
	if len(h.Dtypes) == 0 {
		h.Dtypes = []string{l.Elem}
	}
	r := l.Raw
	strided := h.viewFormats(l)
	var b strings.Builder
	q := h.Qual
	switch {
	case r.Matrix():
		rows := fmt.Sprintf("raw := x.%s()\n\tfor i := 0; i < raw.%s; i++ {\n\t\tfor j := i * raw.%s; j < i*raw.%s+raw.%s; j++ {\n", r.Method, r.Rows, r.Stride, r.Stride, r.Cols)
		fmt.Fprintf(&b, "// tensorValues returns x's elements in row-major order.\nfunc tensorValues(x %s) []float64 {\n\tvar out []float64\n\t%s\t\t\tout = append(out, %s)\n\t\t}\n\t}\n\treturn out\n}\n\n", q, rows, toFloat(l.Elem, "raw."+r.Data+"[j]"))
		fmt.Fprintf(&b, "// tensorSizes returns x's sizes.\nfunc tensorSizes(x %s) []int { return %s }\n\n", q, l.Sizes("x"))
		fmt.Fprintf(&b, "// tensorFill writes v to each of x's elements.\nfunc tensorFill(x %s, v float64) {\n\t%s\t\t\traw.%s[j] = %s\n\t\t}\n\t}\n}\n\n", q, rows, r.Data, fromFloat(l.Elem, "v"))
		fmt.Fprintf(&b, "// tensorAddr returns where x's elements are.\nfunc tensorAddr(x %s) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(x.%s().%s))) }\n\n", q, r.Method, r.Data)
	default:
		sizes := l.Sizes("x")
		if !r.shaped() {
			sizes = "[]int{len(" + r.Slice("x") + ")}"
		}
		multi := l.Memory.Kind != "" && len(h.Dtypes) > 1
		if multi {
			h.Imports = append(h.Imports, "fmt", "reflect")
		}
		each := func(body func(d, elems string) string) string {
			if !multi {
				return body(h.Dtypes[0], l.Elems("x", h.Dtypes[0]))
			}
			var s strings.Builder
			fmt.Fprintf(&s, "switch x.%s().Kind() {\n", l.Memory.Kind)
			for _, d := range h.Dtypes {
				fmt.Fprintf(&s, "case reflect.%s:\n%s", upperFirst(d), body(d, l.Elems("x", d)))
			}
			fmt.Fprintf(&s, "default:\npanic(fmt.Sprintf(\"a %%v tensor\", x.%s()))\n}\n", l.Memory.Kind)
			return s.String()
		}
		values, fill := "for _, v := range %s {\nout = append(out, %s)\n}\n", "e := %s\nfor i := range e {\ne[i] = %s\n}\n"
		if strided { // a view's elements are not the run from its first: read them through its strides
			values, fill = "e := %s\nfor _, i := range tensorAt(x) {\nout = append(out, %s)\n}\n", "e := %s\nfor _, i := range tensorAt(x) {\ne[i] = %s\n}\n"
			fmt.Fprintf(&b, "// tensorAt returns where each of x's elements is in its elements from its first, in row-major order, by its sizes and strides (x may be a view).\nfunc tensorAt(x %s) []int {\nsizes, strides := %s, x.%s()\nat := []int{0}\nfor d := range sizes {\nvar next []int\nfor _, o := range at {\nfor i := 0; i < sizes[d]; i++ {\nnext = append(next, o+i*strides[d])\n}\n}\nat = next\n}\nreturn at\n}\n\n", q, sizes, r.Strides)
		}
		fmt.Fprintf(&b, "// tensorValues returns x's elements, as its API gives them.\nfunc tensorValues(x %s) []float64 {\nvar out []float64\n%s\nreturn out\n}\n\n", q,
			each(func(d, e string) string {
				if strided {
					return fmt.Sprintf(values, e, toFloat(d, "e[i]"))
				}
				return fmt.Sprintf(values, e, toFloat(d, "v"))
			}))
		fmt.Fprintf(&b, "// tensorSizes returns x's sizes.\nfunc tensorSizes(x %s) []int { return append([]int(nil), %s...) }\n\n", q, sizes)
		fmt.Fprintf(&b, "// tensorFill writes v to each of x's elements.\nfunc tensorFill(x %s, v float64) {\n%s}\n\n", q,
			each(func(d, e string) string { return fmt.Sprintf(fill, e, fromFloat(d, "v")) }))
		fmt.Fprintf(&b, "// tensorAddr returns where x's elements are (0 for none).\nfunc tensorAddr(x %s) uintptr {\n%s}\n\n", q,
			each(func(d, e string) string {
				return fmt.Sprintf("return uintptr(unsafe.Pointer(unsafe.SliceData(%s)))\n", e)
			}))
	}
	if _, ok := l.Tensor.(*types.Pointer); ok {
		fmt.Fprintf(&b, "// tensorImpl returns the object x points at.\nfunc tensorImpl(x %s) uintptr { return uintptr(unsafe.Pointer(x)) }\n\n", q)
	}
	b.WriteString("// tensorFloat is the float of s (NaN, +Inf, -Inf).\nfunc tensorFloat(s string) float64 {\n\tf, _ := strconv.ParseFloat(s, 64)\n\treturn f\n}\n")
	h.Decls = b.String()
	return h
}

// viewFormats sets h's formats of the sweep's views (Transpose, Select)
// from the methods ProbeViews found. It reports whether there are any;
// the hooks then read a tensor's elements through its strides. A library
// whose API gives no strides gets none: ProbeViews finds no view of one.
func (h *ReproHooks) viewFormats(l *Lib) bool {
	h.NoView = map[string]string{}
	v := l.Views
	if v == nil || v.Transpose == nil && v.Select == nil {
		return false
	}
	if r := l.Raw; !r.shaped() || r.Strides == "" {
		for kind := range viewWant {
			h.NoView[kind] = "the API gives no strides to read a view's elements by"
		}
		return false
	}
	esc := strings.NewReplacer("%", "%%")
	body := func(code string) string {
		return esc.Replace(strings.ReplaceAll(code, "\n", "\n\t")) + "\n\treturn view\n}()"
	}
	q := esc.Replace(h.Qual)
	if v.Transpose != nil {
		h.Transpose = "func() " + q + " {\n\tbase := %[1]s\n\t" + body(v.Transpose.Code(l.Pkg.Name()))
	}
	if v.Select != nil {
		h.Select = "func() " + q + " {\n\tbase, i := %[1]s, %[2]d\n\t" + body(v.Select.Code(l.Pkg.Name()))
	}
	return true
}

// toFloat is Go code of the float64 of v, an element of type dtype.
func toFloat(dtype, v string) string {
	switch dtype {
	case "bool":
		return "map[bool]float64{true: 1}[" + v + "]"
	case "complex64", "complex128":
		return "float64(real(" + v + "))"
	}
	return "float64(" + v + ")"
}

// fromFloat is Go code of the element of type dtype of the float64 v.
func fromFloat(dtype, v string) string {
	switch dtype {
	case "bool":
		return v + " != 0"
	case "complex64", "complex128":
		return dtype + "(complex(" + v + ", 0))"
	}
	return dtype + "(" + v + ")"
}

// ReproElem is the Go literal of the element of type dtype of x, as a
// reproducer writes a tensor's values: false or true, an integer, or a
// float. NaN and the infinities are tensorFloat's calls. A value the type
// has no literal of is an error.
func ReproElem(dtype string, x float64) (string, error) {
	switch dtype {
	case "bool":
		return strconv.FormatBool(x != 0), nil
	case "int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64":
		if x != x || x < 0 && dtype[0] == 'u' {
			return "", fmt.Errorf("no %s of %v", dtype, x)
		}
		return strconv.FormatInt(int64(x), 10), nil
	}
	if x != x || x > 1e308 || x < -1e308 {
		return dtype + "(tensorFloat(" + strconv.Quote(strconv.FormatFloat(x, 'g', -1, 64)) + "))", nil
	}
	return strconv.FormatFloat(x, 'g', -1, 64), nil
}

// Format is the format of the Go expression of a tensor, as a reproducer
// makes it: %[1]s its sizes, %[2]s its element type, %[3]s its values
// (ReproElem's). Each list is joined by ", ".
func (h *ReproHooks) Format() string {
	decl := "shape, data := []int{%[1]s}, []%[2]s{%[3]s}"
	if !strings.Contains(h.Ctor, "shape") {
		decl = "data := []%[2]s{%[3]s}"
	}
	esc := strings.NewReplacer("%", "%%")
	return "func() " + esc.Replace(h.Qual) + " {\n\t" + decl + "\n\treturn " + esc.Replace(h.Ctor) + "\n}()"
}

// ReproTensor is the Go expression of the tensor of sizes shape and
// values vals of element type dtype, as a reproducer makes it.
func (h *ReproHooks) ReproTensor(dtype string, shape []int, vals []float64) (string, error) {
	var es []string
	for _, v := range vals {
		e, err := ReproElem(dtype, v)
		if err != nil {
			return "", err
		}
		es = append(es, e)
	}
	return fmt.Sprintf(h.Format(), Ints(shape), dtype, strings.Join(es, ", ")), nil
}

// CheckRepro runs the hooks in a program of the user's module (dir), on a
// tensor of each form the memory function reads, as the constructor makes
// it. It checks that:
//   - tensorSizes and tensorValues read it back as made;
//   - tensorFill writes each element;
//   - tensorAddr stays where the elements are;
//   - tensorImpl is the pointer.
//
// An error says which failed.
func (l *Lib) CheckRepro(ctx context.Context, dir string, h *ReproHooks) error {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, p := range slices.Concat(h.Imports, []string{"fmt", "os", "slices"}) {
		if !strings.Contains(b.String(), strconv.Quote(p)) {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
	}
	b.WriteString(")\n\nvar _ = fmt.Sprint\n\n" + sayText + h.Decls + "\n")
	impl := ""
	if strings.Contains(h.Decls, "func tensorImpl(") {
		impl = "\tif tensorImpl(x) != uintptr(unsafe.Pointer(x)) {\n\t\treturn \"tensorImpl is not the pointer\"\n\t}\n"
	}
	fmt.Fprintf(&b, `func check(x %s, shape []int, vals []float64) string {
	if got := tensorSizes(x); !slices.Equal(got, shape) {
		return fmt.Sprintf("tensorSizes gives %%v, not %%v", got, shape)
	}
	if got := tensorValues(x); !slices.Equal(got, vals) {
		return fmt.Sprintf("tensorValues gives %%v, not %%v", got, vals)
	}
	a := tensorAddr(x)
	tensorFill(x, 1)
	for _, v := range tensorValues(x) {
		if v != 1 {
			return fmt.Sprintf("tensorFill(x, 1) leaves %%v", tensorValues(x))
		}
	}
	if len(vals) > 0 && (a == 0 || tensorAddr(x) != a) {
		return "tensorAddr gives no stable address of the elements"
	}
%s	return "ok"
}
`, h.Qual, impl)
	decl, calls, err := h.viewChecks(l)
	if err != nil {
		return err
	}
	b.WriteString(decl + "\nfunc main() {\n" + calls)
	var forms []Form
	for _, f := range l.Memory.Read {
		if slices.Contains(h.Dtypes, f.Dtype) {
			forms = append(forms, f)
		}
	}
	for _, f := range forms {
		shape := formShapes[f.Rank]
		if f.Rank == l.Ctor.Rank && l.Ctor.Shape == "" {
			shape = []int{2, 3}[:f.Rank]
		}
		vals := make([]float64, numel(shape))
		for i := range vals {
			vals[i] = float64(i + 1)
			if f.Dtype == "bool" {
				vals[i] = float64(i % 2)
			}
		}
		x, err := h.ReproTensor(f.Dtype, shape, vals)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\tsay(\"%%s: %%s\", %q, check(%s, []int{%s}, %#v))\n", f.String(), x, Ints(shape), vals)
	}
	b.WriteString("}\n")
	out, err := runSource(ctx, dir, l, []byte(b.String()), fmt.Sprintf("the check of the reproducers' hooks of %s", l.Spec))
	if err != nil {
		return err
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if rest, ok := strings.CutPrefix(line, viewCheckMark); ok {
			switch kind, why, _ := strings.Cut(rest, ": "); {
			case why == "ok":
			case kind == "transposed":
				h.Transpose, h.NoView[kind] = "", "the reproducers' hooks read it wrong: "+why
			case kind == "selected":
				h.Select, h.NoView[kind] = "", "the reproducers' hooks read it wrong: "+why
			}
			continue
		}
		if !strings.HasSuffix(line, ": ok") {
			return fmt.Errorf("a reproducer's hooks on a %s", line)
		}
	}
	if len(forms) == 0 {
		return fmt.Errorf("no tensor the memory function reads to check the reproducers' hooks on")
	}
	return nil
}

// viewCheckMark starts the lines of CheckRepro's program that say how
// the hooks read a view: "view transposed: ok", or why not.
const viewCheckMark = "view "

// viewChecks returns the declaration and the calls of CheckRepro's checks
// of the views the hooks make (Transpose, Select). Each is made as the
// sweep's samples ask for it, of a base of 3 x 2 elements of the
// constructor's type:
//   - the transposed view of a [2 3] sample, of its base of the sample's
//     values transposed, as the adapter makes it;
//   - the view of row 1.
//
// Each is read back (tensorSizes, tensorValues: the sample's values in its
// order). Then it is filled with 0 (tensorFill), which must write the
// view's elements and leave its base's others as they were.
func (h *ReproHooks) viewChecks(l *Lib) (decl, calls string, err error) {
	if h.Transpose == "" && h.Select == "" {
		return "", "", nil
	}
	decl = fmt.Sprintf(`
func checkView(base, x %s, sizes []int, vals, left []float64) string {
	if got := tensorSizes(x); !slices.Equal(got, sizes) {
		return fmt.Sprintf("tensorSizes gives %%v, not %%v", got, sizes)
	}
	if got := tensorValues(x); !slices.Equal(got, vals) {
		return fmt.Sprintf("tensorValues gives %%v, not %%v", got, vals)
	}
	tensorFill(x, 0)
	if got := tensorValues(x); !slices.Equal(got, make([]float64, len(vals))) {
		return fmt.Sprintf("tensorFill(x, 0) leaves %%v", got)
	}
	if got := tensorValues(base); !slices.Equal(got, left) {
		return fmt.Sprintf("tensorFill(x, 0) leaves its base %%v, not %%v", got, left)
	}
	return "ok"
}
`, h.Qual)
	vals := make([]float64, 6) // a [2 3] sample's values, base [3 2]'s transposed
	for i := range vals {
		vals[i] = float64(i + 1)
		if l.Elem == "bool" {
			vals[i] = float64(i % 2)
		}
	}
	var b strings.Builder
	if h.Transpose != "" {
		tr := make([]float64, 6)
		for i := range 2 {
			for j := range 3 {
				tr[j*2+i] = vals[i*3+j]
			}
		}
		base, err := h.ReproTensor(l.Elem, []int{3, 2}, tr)
		if err != nil {
			return "", "", err
		}
		fmt.Fprintf(&b, "\tbt := %s\n\tsay(\"%stransposed: %%s\", checkView(bt, %s, []int{2, 3}, %#v, make([]float64, 6)))\n",
			base, viewCheckMark, fmt.Sprintf(h.Transpose, "bt"), vals)
	}
	if h.Select != "" {
		base, err := h.ReproTensor(l.Elem, []int{3, 2}, vals)
		if err != nil {
			return "", "", err
		}
		left := slices.Clone(vals)
		left[2], left[3] = 0, 0
		fmt.Fprintf(&b, "\tbs := %s\n\tsay(\"%sselected: %%s\", checkView(bs, %s, []int{2}, %#v, %#v))\n",
			base, viewCheckMark, fmt.Sprintf(h.Select, "bs", 1), vals[2:4], left)
	}
	return decl, b.String(), nil
}
