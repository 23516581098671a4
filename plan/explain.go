package plan

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/schema"
)

// explanation collects, while an op's plan is built, the reasons behind
// it. A nil *explanation collects nothing, so the plan builder calls it
// unconditionally.
type explanation struct {
	// Whether PyTorch generates the op's VariableType kernel (vt) and,
	// if not, why: set under the pytorch profile.
	vtSet, hasVT bool
	vtWhy, vtSrc string
	rets         map[int]string
	notes        []string
}

func (ex *explanation) variableType(has bool, reason, source string) {
	if ex != nil {
		ex.vtSet, ex.hasVT, ex.vtWhy, ex.vtSrc = true, has, reason, source
	}
}

// ret says what return i is, formatted only when ex collects.
func (ex *explanation) ret(i int, format string, args ...any) {
	if ex != nil {
		if ex.rets == nil {
			ex.rets = map[int]string{}
		}
		ex.rets[i] = fmt.Sprintf(format, args...)
	}
}

func (ex *explanation) note(s string) {
	if ex != nil {
		ex.notes = append(ex.notes, s)
	}
}

// An UnknownOpError reports an op name that selects no op, with the
// closest names of the schema.
type UnknownOpError struct {
	Name        string
	Schema      string
	Suggestions []string
}

func (e *UnknownOpError) Error() string {
	return fmt.Sprintf("unknown op %q in %s", e.Name, e.Schema) + schema.Suggest(e.Suggestions...)
}

// Explain writes, in plain words, the plan of the op called name under
// opts. It says the op's kind, what its returns alias and why, what each
// check verifies, and each skipped check's reason and source. name is an
// op ("add.Tensor", "reshape"), or a name with overloads ("add" or
// "add.*"), which explains every overload in schema order. An unknown name
// is an [*UnknownOpError] with suggestions.
func Explain(w io.Writer, s *schema.Schema, name string, opts Options) error {
	b, err := newBuilder(s, opts)
	if err != nil {
		return err
	}
	idx := b.opNames(name)
	if len(idx) == 0 {
		return &UnknownOpError{Name: name, Schema: schemaPath(s), Suggestions: allowlist.Suggest(s, name, 5)}
	}
	bw := bufio.NewWriter(w)
	var st state
	for k, i := range idx {
		if k > 0 {
			bw.WriteString("\n")
		}
		var op Op
		ex := &explanation{}
		b.op(&st, i, &op, ex)
		b.writeExplain(bw, &op, ex)
	}
	return bw.Flush()
}

func (b *builder) writeExplain(w *bufio.Writer, op *Op, ex *explanation) {
	o := op.Src
	f := o.Func
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("%s\n", op.Schema)
	p("  profile:   %s", b.profile)
	if b.version != "" {
		p(" (PyTorch %s lists)", b.version)
	}
	p("\n")
	p("  kind:      %s (%s)\n", o.Kind, kindWords(o.Func, o.Kind))
	p("  view op:   %s\n", viewLine(o))
	if o.Generated {
		p("  generated: yes (by the codegen, from the entry at %s)\n", o.Pos)
	} else if o.Pos.IsValid() {
		p("  defined:   %s\n", o.Pos)
	}
	switch {
	case o.DispatchKeys == nil:
		p("  kernels:   unknown (a schema list carries no dispatch information)\n")
	default:
		k := strings.Join(o.DispatchKeys, ", ")
		if o.Entry != nil && !o.Generated && o.Entry.StructuredDelegate != "" {
			k += ", and those of " + o.Entry.StructuredDelegate + " (structured delegate)"
		}
		if compositeOnly(o) {
			k += " (a decomposition into other ops)"
		}
		p("  kernels:   %s\n", k)
	}
	if b.profile == PyTorch && ex.vtSet {
		if ex.hasVT {
			p("  VariableType kernel: yes, %s\n", ex.vtWhy)
		} else {
			p("  VariableType kernel: no\n      reason: %s\n      source: %s\n", ex.vtWhy, ex.vtSrc)
		}
	}

	head := func(n int, format string, args ...any) { // a section's title, and "none" for none
		p(format, args...)
		if n == 0 {
			p("  none\n")
		}
	}
	head(len(f.Returns), "returns:\n")
	for i := range f.Returns {
		r := &f.Returns[i]
		what, ok := ex.rets[i]
		switch {
		case ok:
		case !r.Type.IsTensorLike():
			what = "not a tensor: nothing to check"
		case b.profile == PyTorch:
			what = "no check: PyTorch checks no return of an in-place or out= op"
		default:
			what = "no check"
		}
		p("  %d %s: %s\n", i, r, what)
	}
	for _, n := range ex.notes {
		p("note: %s\n", n)
	}

	head(len(op.Checks), "checks (%d):\n", len(op.Checks))
	wc, ws := 0, 0
	for _, c := range op.Checks {
		wc, ws = max(wc, len(c.Name.String())), max(ws, len(subject(&c)))
	}
	for _, sk := range op.Skipped {
		wc, ws = max(wc, len(sk.Name.String())), max(ws, len(subject(&sk.Check)))
	}
	for _, c := range op.Checks {
		p("  %-*s  %-*s  %s\n", wc, c.Name, ws, subject(&c), describe(f, &c, b.release.Autograd.FreshImplCheck()))
		if c.Guard != "" {
			p("      PyTorch skips it when: %s (%s)", guardWords(c.Guard), c.Guard)
			if !strings.Contains(c.Guard, "py") {
				p("; no subclass guard, so subclass elements are checked too")
			}
			p("\n")
		}
		if c.NeverFires {
			p("      never fires in PyTorch %s: the saved storages of the list are appended after a vector of empty slots of its size, and only the empty slots are compared; the wrapper checks nothing and counts it as skipped (reason plan)\n", b.release.Version)
		}
	}
	head(len(op.Skipped), "skipped (%d):\n", len(op.Skipped))
	for _, sk := range op.Skipped {
		p("  %-*s  %-*s  %s\n", wc, sk.Name, ws, subject(&sk.Check), describe(f, &sk.Check, b.release.Autograd.FreshImplCheck()))
		p("      reason: %s\n      source: %s\n", sk.Reason, sk.Source)
	}
}

func kindWords(f *schema.Func, k schema.Kind) string {
	written := writtenArgs(f)
	switch {
	case k == schema.Functional && written != "":
		// torchgen does not count a written self (set_data) as mutable.
		return "writes " + written + "; torchgen looks only at the arguments after self, so it calls the op functional"
	case k == schema.Functional:
		return "returns new outputs, writes no argument"
	case k == schema.Inplace && len(f.Returns) == 0:
		// _foreach_add_.List: -> ()
		return "writes self, returns nothing"
	case k == schema.Inplace:
		return "writes self and returns it"
	case k == schema.Out && len(f.Returns) == 0:
		return "writes its out= arguments, returns nothing"
	case k == schema.Out:
		return "writes its out= arguments and returns them"
	case k == schema.Mutable:
		return "writes " + written + " and returns new outputs"
	case k == schema.Scratch:
		return "an out= op with _scratch_ arguments"
	}
	return ""
}

// writtenArgs names the tensor arguments f marks written (a!), as
// "self", "self and out" or "a, b and c"; "" for none.
func writtenArgs(f *schema.Func) string { return checktable.JoinAnd(mutableArgs(f)) }

// viewLine is explain's view op line: whether torchgen counts the op a
// view op, and why.
func viewLine(o *schema.Op) string {
	f := o.Func
	if !o.IsViewOp {
		return "no"
	}
	if ri := unmatchedAliasReturn(f); ri >= 0 && !f.HasWildcardArg() && !o.HasTag("inplace_view") {
		// The plan checks such a return as fresh (see strictRows).
		a := f.Returns[ri].Annotation
		return fmt.Sprintf("yes by torchgen's rule (return %d is annotated (%s) without a write), but no argument is in alias set %s: nothing it could view is passed in, so the plan checks it as fresh",
			ri, a, strings.Join(a.AliasSet, "|"))
	}
	switch {
	case f.HasNonWriteAliasReturn():
		return "yes (a return aliases an argument without writing it)"
	case f.HasWildcardArg():
		return "yes (an argument is annotated a -> *)"
	case o.HasTag("inplace_view"):
		return "yes (tagged inplace_view: it changes self's view metadata in place)"
	}
	return "yes (by its schema)"
}

// unmatchedAliasReturn returns the index of the first return annotated
// without a write whose alias set holds no argument, or -1. It returns one
// only if every return annotated without a write is such a return: then
// no return can be a view.
func unmatchedAliasReturn(f *schema.Func) int {
	first := -1
	for ri := range f.Returns {
		r := &f.Returns[ri]
		if r.Annotation == nil || r.Annotation.IsWrite {
			continue
		}
		if f.ReturnAlias(ri) != nil {
			return -1
		}
		if first < 0 {
			first = ri
		}
	}
	return first
}

// subject names what a check is about: "self", "return 0", "return 0,
// self", "returns 0, 1", or "-" for the op as a whole.
func subject(c *Check) string {
	switch {
	case c.Ret != nil && c.Arg != "":
		return fmt.Sprintf("return %d, %s", *c.Ret, c.Arg)
	case c.Ret != nil:
		return fmt.Sprintf("return %d", *c.Ret)
	case c.Arg != "":
		return c.Arg
	case len(c.Rets) > 0:
		rs := make([]string, len(c.Rets))
		for i, r := range c.Rets {
			rs[i] = fmt.Sprint(r)
		}
		return "returns " + strings.Join(rs, ", ")
	}
	return "-"
}

// describe says in plain words what a check verifies: asserts'
// [checktable.Describe], with the row's words. implCheck is the TensorImpl
// use-count check of the plan's release; not_arg_handle is part of it.
func describe(f *schema.Func, c *Check, implCheck checks.Check) string {
	w := checktable.Words{Arg: c.Arg, Each: c.Arg, Written: writtenArgs(f), ImplCheck: implCheck}
	if a := f.Arg(c.Arg); a != nil && a.Type.IsList() {
		w.Each = "each tensor of " + c.Arg
	}
	if c.Ret != nil {
		w.Ret = fmt.Sprintf("return %d", *c.Ret)
		if *c.Ret < len(f.Returns) && f.Returns[*c.Ret].Type.IsList() {
			w.Ret = "each tensor of " + w.Ret
		}
	}
	return checktable.Describe(c.Name, w)
}

// guardWords says a Check.Guard in plain words.
func guardWords(guard string) string {
	var out []string
	for _, term := range strings.Split(guard, ",") {
		who := func(x string) string {
			if n, ok := strings.CutPrefix(x, "ret"); ok {
				return "return " + n
			}
			return x
		}
		switch {
		case term == "mode":
			out = append(out, "a dispatch mode is active")
		case strings.HasPrefix(term, "pylist(") && strings.HasSuffix(term, ")"):
			out = append(out, "an element of "+who(term[len("pylist("):len(term)-1])+" is a tensor subclass")
		case strings.HasPrefix(term, "py(") && strings.HasSuffix(term, ")"):
			out = append(out, who(term[len("py("):len(term)-1])+" is a tensor subclass")
		default:
			out = append(out, term)
		}
	}
	return strings.Join(out, ", or ")
}
