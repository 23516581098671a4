package finder

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A ViewForm is a method of the tensor type that returns the tensor on its
// memory from four ints (gonum's Dense.Slice(i, k, j, l)), read in one of
// the orders of viewOrders. For cat, it also holds the code of a binding
// of copy_ (self.Copy(src)) that copies into a view.
type ViewForm struct {
	Method *Callable
	Order  int        // an index of viewOrders
	Copy   string     // copy_'s code, self and src renamed dst and src; "" for no cat
	copyOf *Candidate // the candidate of copy_ Copy is the code of
	suffix string     // the helpers' names' suffix in the check's program
}

// viewOrders are the ways a method of four ints may take a block's bounds,
// from rows r0 to r1 and columns c0 to c1. init runs each, and keeps the
// one whose values are the reference's.
var viewOrders = []struct{ args, doc string }{
	{"r0, r1, c0, c1", "rows r0 to r1, columns c0 to c1"},
	{"r0, c0, r1, c1", "the first row and column, then the row and column past the last"},
	{"r0, c0, r1 - r0, c1 - c0", "the first row and column, then the numbers of rows and columns"},
	{"r0, r1 - r0, c0, c1 - c0", "the first row and the number of rows, then the first column and the number of columns"},
}

// Describe says how the form's method reads its arguments.
func (f *ViewForm) Describe() string {
	return fmt.Sprintf("%s(%s): %s", f.Method.Name, viewOrders[f.Order].args, viewOrders[f.Order].doc)
}

// The helpers init writes (ViewsFile) and the ops they bind.
var viewHelpers = map[string]string{
	"narrow":       "AssertgenNarrow(self, dim, start, length)",
	"select.int":   "AssertgenSelect(self, dim, index)",
	"slice.Tensor": "AssertgenSlice(self, dim, start, end, step)",
	"alias":        "AssertgenAlias(self)",
	"detach":       "AssertgenAlias(self)",
	"cat":          "AssertgenCat(tensors, dim)",
}

// ViewHelperNames are the names ViewForm.Source declares.
var ViewHelperNames = []string{"AssertgenNarrow", "AssertgenSelect", "AssertgenSlice", "AssertgenAlias", "AssertgenCat", "assertgenView", "assertgenDims"}

// viewMethods are the methods of the tensor type that may return a block
// of it on its memory. They take four parameters of an int kind. Their
// one result is the tensor, or an interface it implements.
func viewMethods(l *Lib) []*Callable {
	var out []*Callable
	for _, c := range l.Callables {
		if !c.Method || !c.Result.Tensor || c.Result.Err || c.Result.Other || len(c.Params) != 4 {
			continue
		}
		ok := true
		for _, p := range c.Params {
			ok = ok && p.Kind == Number && strings.HasPrefix(p.Type, "int")
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// selfW matches copy_'s self in its binding's code.
var selfW = regexp.MustCompile(`\bself\b`)

// viewCandidates returns the candidates of the view ops and cat among ops.
// For the view ops, each view method in each order of viewOrders, through
// the helpers of its ViewForm. For cat, each form with each candidate of
// copy_ that copies into its receiver (copies).
func viewCandidates(l *Lib, ops []*Op, copies []*Candidate) []*Candidate {
	var out []*Candidate
	n := 0
	for _, m := range viewMethods(l) {
		for order := range viewOrders {
			forms := []*ViewForm{{Method: m, Order: order}}
			for _, c := range copies {
				if c.Returns == "self" && !c.Map && (strings.HasPrefix(c.Code, "self.") || strings.HasPrefix(c.Code, "if err := self.")) {
					forms = append(forms, &ViewForm{Method: m, Order: order, Copy: selfW.ReplaceAllLiteralString(c.Code, "dst"), copyOf: c})
				}
			}
			for _, f := range forms {
				n++
				f.suffix = fmt.Sprintf("_%d", n)
				for _, op := range ops {
					code, ok := viewHelpers[op.Name]
					if ok && (op.Name == "cat") == (f.Copy != "") {
						out = append(out, &Candidate{Op: op, Callable: m, Code: code, Form: f})
					}
				}
			}
		}
	}
	return out
}

// programCode is the candidate's code as the check's program calls it: its
// form's helpers, renamed with the form's suffix.
func (c *Candidate) programCode() string {
	if c.Form == nil {
		return c.Code
	}
	name, rest, _ := strings.Cut(c.Code, "(")
	return name + c.Form.suffix + "(" + rest
}

// Source is the Go source of the form's helpers, for the tensor type typ,
// without a package clause and imports. The imports are fmt and the
// library's package, named pkg. Each name ends with suffix, since the
// check's program declares each form's. dims is Go code of x returning
// two ints: the rows and columns of x. ctor is Go code that makes a new
// tensor of shape and data, an []int and an []elem.
func (f *ViewForm) Source(typ, elem, suffix, dims, ctor string) string {
	m := f.Method
	var args []string
	for i, a := range strings.Split(viewOrders[f.Order].args, ", ") {
		if t := m.Params[i].Type; t != "int" {
			a = t + "(" + a + ")"
		}
		args = append(args, a)
	}
	r := strings.NewReplacer("SUF", suffix, "TYPE", typ, "ELEM", elem, "DIMS", dims, "CTOR", ctor, "METHOD", m.GoName,
		"ARGS", strings.Join(args, ", "), "ASSERT", m.Result.Assert, "ORDER", viewOrders[f.Order].doc, "NAME", m.Name, "COPY", f.Copy)
	src := r.Replace(viewsText)
	if f.Copy != "" {
		src += r.Replace(catText)
	}
	return src
}

const viewsText = `// assertgenDimsSUF returns x's rows and columns.
func assertgenDimsSUF(x TYPE) (int, int) {
	DIMS
}

// assertgenViewSUF returns rows r0 to r1 and columns c0 to c1 of x, on
// x's memory: NAME, which takes ORDER.
func assertgenViewSUF(x TYPE, r0, r1, c0, c1 int) TYPE {
	return x.METHOD(ARGS)ASSERT
}

// AssertgenNarrowSUF is narrow: rows (dim 0) or columns (dim 1) start to
// start+length of self, on its memory.
func AssertgenNarrowSUF(self TYPE, dim, start, length int64) TYPE {
	r, c := assertgenDimsSUF(self)
	switch dim {
	case 0, -2:
		return assertgenViewSUF(self, int(start), int(start+length), 0, c)
	case 1, -1:
		return assertgenViewSUF(self, 0, r, int(start), int(start+length))
	}
	panic(fmt.Sprintf("narrow: dim %d of a matrix", dim))
}

// AssertgenSelectSUF is select.int: row or column index (negative from the
// end) of self, on its memory, the dimension kept (1xn, nx1).
func AssertgenSelectSUF(self TYPE, dim, index int64) TYPE {
	if r, c := assertgenDimsSUF(self); index < 0 && (dim == 0 || dim == -2) {
		index += int64(r)
	} else if index < 0 {
		index += int64(c)
	}
	return AssertgenNarrowSUF(self, dim, index, 1)
}

// AssertgenSliceSUF is slice.Tensor: from start (default 0) to end
// (default the size), negative bounds from the end, clamped to the size;
// step 1 only (a view of a dense matrix has unit stride along a row).
func AssertgenSliceSUF(self TYPE, dim int64, start, end *int64, step int64) TYPE {
	if step != 1 {
		panic(fmt.Sprintf("slice: step %d: NAME makes views of unit step", step))
	}
	r, c := assertgenDimsSUF(self)
	size := int64(c)
	if dim == 0 || dim == -2 {
		size = int64(r)
	}
	bound := func(b *int64, unset, lo int64) int64 {
		if b == nil {
			return unset
		}
		v := *b
		if v < 0 {
			v += size
		}
		return min(max(v, lo), size)
	}
	lo := bound(start, 0, 0)
	return AssertgenNarrowSUF(self, dim, lo, bound(end, size, lo)-lo)
}

// AssertgenAliasSUF is alias and detach: all of self, on its memory.
func AssertgenAliasSUF(self TYPE) TYPE {
	r, c := assertgenDimsSUF(self)
	return assertgenViewSUF(self, 0, r, 0, c)
}
`

const catText = `
// AssertgenCatSUF is cat: tensors concatenated along rows (dim 0) or
// columns (dim 1) into a new tensor, each copied once into its place, a
// view of the result (COPY).
func AssertgenCatSUF(tensors []TYPE, dim int64) TYPE {
	byRows := dim == 0 || dim == -2
	if len(tensors) == 0 || !byRows && dim != 1 && dim != -1 {
		panic(fmt.Sprintf("cat: %d tensors, dim %d", len(tensors), dim))
	}
	rows, cols := assertgenDimsSUF(tensors[0])
	for _, t := range tensors[1:] {
		r, c := assertgenDimsSUF(t)
		switch {
		case byRows && c != cols, !byRows && r != rows:
			panic(fmt.Sprintf("cat: sizes %dx%d and %dx%d along dim %d", rows, cols, r, c, dim))
		case byRows:
			rows += r
		default:
			cols += c
		}
	}
	shape, data := []int{rows, cols}, make([]ELEM, rows*cols)
	out := CTOR
	at := 0
	for _, src := range tensors {
		r, c := assertgenDimsSUF(src)
		var dst TYPE
		if byRows {
			dst, at = assertgenViewSUF(out, at, at+r, 0, cols), at+r
		} else {
			dst, at = assertgenViewSUF(out, 0, rows, at, at+c), at+c
		}
		COPY
	}
	return out
}
`

// Dims is Go code of the body of a function of x returning its rows and
// columns, read through the elements' access.
func (r *Raw) Dims() string {
	if r.shaped() {
		return fmt.Sprintf("s := x.%s()\nreturn s[0], s[1]", r.Shape)
	}
	return fmt.Sprintf("raw := x.%s()\nreturn raw.%s, raw.%s", r.Method, r.Rows, r.Cols)
}

// chooseForms returns the first form, in the candidates' order, whose
// every view op computes the op on every case, values and memory, or nil
// for none. It also returns the form of the same method and order whose
// cat does, with a copy that computes copy_. On a new tensor of zeros, a
// kernel that adds computes cat too.
func chooseForms(cands []*Candidate, verdicts []Verdict) (views, cat *ViewForm) {
	fails := map[*ViewForm]bool{}
	var forms []*ViewForm
	byCopy := map[*Candidate][]*ViewForm{}
	for _, c := range cands {
		if c.Form != nil && c.Form.copyOf != nil {
			byCopy[c.Form.copyOf] = append(byCopy[c.Form.copyOf], c.Form)
		}
	}
	for i, c := range cands {
		if verdicts[i] != "" {
			for _, f := range byCopy[c] {
				fails[f] = true // its copy is not copy_
			}
		}
		if f := c.Form; f != nil {
			if !fails[f] && !slices.Contains(forms, f) {
				forms = append(forms, f)
			}
			fails[f] = fails[f] || verdicts[i] != ""
		}
	}
	for _, f := range forms {
		if fails[f] {
			continue
		}
		switch {
		case f.Copy == "" && views == nil:
			views = f
		case f.Copy != "" && cat == nil && views != nil && f.Method == views.Method && f.Order == views.Order:
			cat = f
		}
	}
	return views, cat
}

// viewRejections returns the view methods the view ops are not bound
// through, in any form. Each comes with the first failure of its first
// order: a copy for a view, or values of other rows and columns.
func viewRejections(cands []*Candidate, verdicts []Verdict, chosen *ViewForm) []Rejection {
	var out []Rejection
	why := map[*Callable]string{}
	ops := map[*Callable][]string{}
	for i, c := range cands {
		f := c.Form
		if f == nil || f.Copy != "" || chosen != nil && f.Method == chosen.Method {
			continue
		}
		if !slices.Contains(ops[f.Method], c.Op.Name) {
			ops[f.Method] = append(ops[f.Method], c.Op.Name)
		}
		if v := string(verdicts[i]); v != "" && (why[f.Method] == "" || strings.Contains(v, "not a view") && !strings.Contains(why[f.Method], "not a view")) {
			why[f.Method] = v
		}
	}
	for m, names := range ops {
		slices.Sort(names)
		w := why[m] // a copy, not a view
		if !strings.Contains(w, "not a view") {
			w = "no order of its bounds gives the op's values and memory: " + w
		}
		out = append(out, Rejection{Callable: m.Name, Ops: names, Why: w})
	}
	return out
}
