package initcmd

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
)

// memoryDtypes are the element types the memory function reads: those
// of the forms it read in init's probe.
func (t *libTarget) memoryDtypes() []string { return finder.Dtypes(t.Lib.Memory.Read) }

// MemoryImportsReflect reports whether the memory function names reflect.
func (t *libTarget) MemoryImportsReflect() bool { return t.Lib.MemoryImportsReflect(t.memoryDtypes()) }

// MemoryNotes are the lines of the memory function's doc comment: what it
// reads, what it cannot read, and what the library's API does not give it
// (strides). Each is a line of text, without the comment's slashes.
func (t *libTarget) MemoryNotes() []string {
	m := t.Lib.Memory
	var out []string
	var byRanks []string // the element types read at the same ranks, together
	dtypes := map[string][]string{}
	for _, d := range t.memoryDtypes() {
		r := rankList(finder.Ranks(m.Read, d))
		if dtypes[r] == nil {
			byRanks = append(byRanks, r)
		}
		dtypes[r] = append(dtypes[r], d)
	}
	for _, r := range byRanks {
		out = append(out, fmt.Sprintf("It reads %s tensors of %s, each with its geometry at its rank, as init checked.", joinAnd(dtypes[r]), r))
	}
	for _, g := range unreadGroups(m) {
		out = append(out, fmt.Sprintf("It cannot read %s tensors of %s (%s): to the checks they have no storage.", g.dtype, rankList(g.ranks), g.why))
	}
	if m.NoStrides {
		out = append(out, fmt.Sprintf("The API gives no strides: the geometry is the sizes (%s()) and where the elements start.", t.Lib.Raw.Shape))
	}
	return out
}

// An unreadGroup is the ranks of one element type the memory function
// cannot read for one reason.
type unreadGroup struct {
	dtype, why string
	ranks      []int
}

// unreadGroups are the forms the memory function cannot read, by element
// type and reason.
func unreadGroups(m *finder.Memory) []unreadGroup {
	var out []unreadGroup
	for _, f := range sortedForms(m.Unread) {
		if n := len(out); n > 0 && out[n-1].dtype == f.Dtype && out[n-1].why == m.Unread[f] {
			out[n-1].ranks = append(out[n-1].ranks, f.Rank)
			continue
		}
		out = append(out, unreadGroup{f.Dtype, m.Unread[f], []int{f.Rank}})
	}
	return out
}

// reportSweepViews says which views of the sweep's samples the adapter
// makes, with what, and why it makes none of the others.
func (t *libTarget) reportSweepViews(w io.Writer) {
	v := t.Lib.Views
	for _, k := range []struct {
		kind, what string
		view       *finder.SweepView
	}{{"transposed", "transposed views (a 2-D tensor's dims swapped)", v.Transpose}, {"selected", "views selected along dim 0", v.Select}} {
		if k.view != nil {
			fmt.Fprintf(w, "    makes %s with %s: init checked its result is on the tensor's memory with the view's sizes and strides (the memory function's)\n", k.what, k.view.Name(t.LibName))
		} else {
			fmt.Fprintf(w, "    makes no %s (counted as samples it cannot make): %s\n", k.what, v.Why[k.kind])
		}
	}
}

// weakChecks are the checks a tensor without storage or geometry skips.
const weakChecks = "same_storage, shares_storage, fresh_no_alias, fresh_not_held, distinct_outputs, same_content and same_metadata"

// reportMemory says which tensors the memory function reads, which the
// sweep makes, and what the API leaves weaker, with the ops it touches.
func (t *libTarget) reportMemory(w io.Writer) {
	m := t.Lib.Memory
	var read []string
	for _, d := range finder.Dtypes(m.Read) {
		read = append(read, fmt.Sprintf("%s (%s)", d, rankList(finder.Ranks(m.Read, d))))
	}
	how := "sizes and strides"
	if m.NoStrides {
		how = "sizes"
	} else if t.Lib.Raw.Matrix() {
		how = "rows, columns and stride"
	}
	fmt.Fprintf(w, "  memory: %s reads %s tensors, each with its %s at its rank, as init checked on tensors %s.%s made (storage, a window holding the elements, a write through them seen, another shape another geometry)\n",
		t.MemoryFunc, strings.Join(read, ", "), how, t.LibName, t.Lib.Ctor.Name)
	var made []string
	for _, d := range finder.Dtypes(m.Made) {
		made = append(made, fmt.Sprintf("%s (%s)", d, rankList(finder.Ranks(m.Made, d))))
	}
	fmt.Fprintf(w, "  sweep: makes the tensors %s.%s made: %s\n", t.LibName, t.Lib.Ctor.Name, strings.Join(made, ", "))
	t.reportSweepViews(w)
	if refused := sortedForms(m.Refused); len(refused) > 0 {
		var names []string
		for _, f := range refused {
			names = append(names, f.String())
		}
		fmt.Fprintf(w, "    not made (counted as samples it cannot make): %s (first: %s)\n", strings.Join(names, ", "), m.Refused[refused[0]])
	}
	for _, g := range unreadGroups(m) {
		fmt.Fprintf(w, "  weaker: %s tensors of %s: %s cannot read them (%s): to the checks they have no storage, and %s skip them, on every bound op given or returning one (%d ops; the sweep's %s samples of each)\n",
			g.dtype, rankList(g.ranks), t.MemoryFunc, g.why, weakChecks, len(t.Ops), g.dtype)
	}
	if m.NoStrides {
		fmt.Fprintf(w, "  weaker: same_metadata: the API gives sizes (%s()) and no strides: a kernel that changes a tensor's strides alone is not seen, on every bound op's tensor arguments not written (%d ops)\n", t.Lib.Raw.Shape, len(t.Ops))
	}
}

// joinAnd is "a", "a and b", "a, b and c".
func joinAnd(l []string) string {
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + " and " + l[len(l)-1]
}

// rankList is "rank 2", "ranks 0, 1 and 2".
func rankList(ranks []int) string {
	s := make([]string, len(ranks))
	for i, r := range ranks {
		s[i] = strconv.Itoa(r)
	}
	if len(s) < 2 {
		return "rank " + joinAnd(s)
	}
	return "ranks " + joinAnd(s)
}

// sortedForms are the keys of m, by element type then rank.
func sortedForms(m map[finder.Form]string) []finder.Form {
	var out []finder.Form
	for f := range m {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b finder.Form) int {
		if c := strings.Compare(a.Dtype, b.Dtype); c != 0 {
			return c
		}
		return a.Rank - b.Rank
	})
	return out
}

// SweepRanks is Go code of a map literal's entries: per dtype the
// constructor made, its ranks.
func (t *libTarget) SweepRanks() string {
	var b strings.Builder
	for _, d := range finder.Dtypes(t.Lib.Memory.Made) {
		var rs []string
		for _, r := range finder.Ranks(t.Lib.Memory.Made, d) {
			rs = append(rs, strconv.Itoa(r))
		}
		fmt.Fprintf(&b, "\t%q: {%s},\n", d, strings.Join(rs, ", "))
	}
	return b.String()
}

// GoInt reports whether the constructor made Go int tensors: the sweep
// adapter makes them for the probe Go int (sweep.Spec.GoInt).
func (t *libTarget) GoInt() bool { return slices.Contains(finder.Dtypes(t.Lib.Memory.Made), "int") }

// DtypeExpr is the sweep adapter's Go code of a sample's element type, a
// key of assertgenSweepRanks: its dtype, or "int" for Go's int.
func (t *libTarget) DtypeExpr() string {
	if t.GoInt() {
		return "dtype"
	}
	return "sp.Dtype"
}

// SweepData is Go code that sets data, the constructor's values, to the
// sample's values vals as elements of the sample's dtype.
func (t *libTarget) SweepData() string {
	elem := t.Lib.Elem
	if !t.Lib.Ctor.AnyData {
		return fmt.Sprintf("data := make([]%s, len(vals))\nfor i, x := range vals {\n\tdata[i] = %s(x)\n}", elem, elem)
	}
	var b strings.Builder
	b.WriteString("var data any\nswitch " + t.DtypeExpr() + " {\n")
	for _, d := range finder.Dtypes(t.Lib.Memory.Made) {
		conv := d + "(x)"
		switch d {
		case "bool":
			conv = "x != 0"
		case "complex64", "complex128":
			conv = d + "(complex(x, 0))"
		}
		fmt.Fprintf(&b, "case %q:\n\td := make([]%s, len(vals))\n\tfor i, x := range vals {\n\t\td[i] = %s\n\t}\n\tdata = d\n", d, d, conv)
	}
	b.WriteString("}")
	return b.String()
}

// FormCases are the cases of the conformance test of the forms the memory
// function read besides the one TestMemory makes, the element type's
// matrices. They are Go code of a slice literal's elements.
func (t *libTarget) FormCases() string {
	var b strings.Builder
	q, ctor := t.Qual(), t.Ctor()
	for _, f := range t.Lib.Memory.Read {
		if f.Dtype == t.Lib.Elem && f.Rank == t.Lib.Ctor.Rank {
			continue
		}
		shape := []int{2, 3, 2, 2}[:f.Rank]
		n := 1
		for _, s := range shape {
			n *= s
		}
		val, write := finder.ElemCode(f.Dtype)
		elems := t.Lib.Elems("x", f.Dtype)
		fmt.Fprintf(&b, "{%q,\nfunc() %s {\nshape, data := []int{%s}, make([]%s, %d)\nfor i := range data {\ndata[i] = %s\n}\nreturn %s\n},\n", f.String(), q, finder.Ints(shape), f.Dtype, n, val, ctor)
		fmt.Fprintf(&b, "func(x %s) {\ne := %s\n%s\n},\n", q, elems, write)
		fmt.Fprintf(&b, "func(x %s) %s {\nshape, data := append([]int(nil), %s...), append([]%s(nil), %s...)\nreturn %s\n}},\n", q, q, t.Lib.Sizes("x"), f.Dtype, elems, ctor)
	}
	return b.String()
}
